//! The money timeline of an order (issue 11, "Beyond the anchors"): one list of what happened to the
//! shopper's money, built from what the database knows. To add a kind of event (e.g. return refunds),
//! record it in `money_events` with its own unique id, or add a source in `money_timeline` below.

use domain::{Currency, Money};
use futures_util::future::BoxFuture;

use crate::db::Param;
use crate::error::AppResult;
use crate::orders::OrdersState;
use crate::orders::{MoneyTimelineEvent, OrderDetailContributor, StoredOrder, rfc3339_millis};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

fn decimal(minor: i64, currency: Currency) -> f64 {
    domain::money::to_decimal_string(Money(minor), currency).parse().unwrap_or_default()
}

/// An event as stored or derived, before it is shown.
pub struct Entry {
    pub kind: String,
    pub amount: i64,
    pub currency: Currency,
    pub method: String,
    pub at: i64,
}

fn show(entry: Entry) -> MoneyTimelineEvent {
    let gives_back = matches!(entry.kind.as_str(), "released" | "refunded" | "bank_transfer");
    let arrival = gives_back.then(|| entry.at + domain::payments::expected_arrival_days(&entry.method) * DAY_MS);
    MoneyTimelineEvent {
        kind: entry.kind,
        amount: decimal(entry.amount, entry.currency),
        currency: entry.currency.code().to_owned(),
        method: entry.method,
        date: rfc3339_millis(entry.at),
        expected_arrival: arrival.map(rfc3339_millis),
    }
}

/// The charge at the order date (none while the payment is on hold: a settled event follows instead).
fn charged(order: &StoredOrder) -> Option<Entry> {
    if order.details.payment_hold_flag || order.order_type == domain::OrderType::ReturnOrder {
        return None;
    }
    let totals = order.totals()?;
    Some(Entry {
        kind: "charged".to_owned(),
        amount: totals.order_total.0,
        currency: order.currency,
        method: order.payments.first().map_or_else(|| "credit_card".to_owned(), |p| p.payment_type.clone()),
        at: order.order_date,
    })
}

/// Lines cancelled outside this portal's cancel flow (by the retailer's systems, through the ops API or a
/// bulk load) come with no `released` event; without one the timeline would say the shopper paid for them.
/// What the charge took beyond what the order now charges (`StoredOrder::charged_totals`) and beyond the
/// releases already recorded is listed as released, at the latest cancel date the lines carry (else at the
/// order date).
fn unrecorded_release(order: &StoredOrder, entries: &[Entry]) -> Option<Entry> {
    let charge = entries.iter().find(|entry| entry.kind == "charged")?;
    let charged_now = order.charged_totals()?.order_total.0;
    let released: i64 = entries.iter().filter(|entry| entry.kind == "released").map(|entry| entry.amount).sum();
    let missing = charge.amount.checked_sub(charged_now)?.checked_sub(released)?;
    if missing <= 0 {
        return None;
    }
    let cancelled_at =
        order.lines.iter().filter_map(|line| line.details.item_dates.as_ref()?.cancelled.as_ref()?.millis()).max();
    Some(Entry {
        kind: "released".to_owned(),
        amount: missing,
        currency: charge.currency,
        method: charge.method.clone(),
        at: cancelled_at.unwrap_or(order.order_date).max(order.order_date),
    })
}

/// Every money event of `order`, oldest first: the one function listing them. `has_events`: whether the
/// order has rows in `money_events` (else only its charge is listed, without a read).
pub async fn money_timeline(
    state: &OrdersState,
    order: &StoredOrder,
    has_events: bool,
) -> AppResult<Vec<MoneyTimelineEvent>> {
    let mut entries: Vec<Entry> = charged(order).into_iter().collect();
    if !has_events {
        entries.extend(unrecorded_release(order, &entries));
        return Ok(entries.into_iter().map(show).collect());
    }
    // Read by the order detail: on the hot read path (`Db::read`). Lines released by one cancel are one
    // event for the shopper: summed by kind, method and time.
    state
        .db
        .read(
            "SELECT kind, amount, currency, method, occurred_at FROM money_events WHERE order_number = $1 \
             ORDER BY occurred_at, id",
            &[Param::Text(&order.order_number)],
            |row| {
                let entry = Entry {
                    kind: row.text(0)?,
                    amount: row.integer(1)?,
                    currency: Currency::parse(row.borrowed_text(2)?).unwrap_or(order.currency),
                    method: row.text(3)?,
                    at: row.integer(4)?,
                };
                match entries.last_mut() {
                    Some(last) if last.kind == entry.kind && last.method == entry.method && last.at == entry.at => {
                        last.amount = last.amount.saturating_add(entry.amount);
                    }
                    _ => entries.push(entry),
                }
                Ok(())
            },
        )
        .await?;
    // A deferred payment's settlement is its charge: the order was never charged at its date.
    if entries.iter().any(|entry| entry.kind == "settled") {
        entries.retain(|entry| !(entry.kind == "charged" && entry.at == order.order_date));
    }
    entries.extend(unrecorded_release(order, &entries));
    entries.sort_by_key(|entry| entry.at);
    Ok(entries.into_iter().map(show).collect())
}

/// The payments flow's part of the order detail: the money timeline and the open deferred payment.
pub struct Contributor;

impl OrderDetailContributor for Contributor {
    fn money_timeline<'a>(
        &'a self,
        state: &'a OrdersState,
        order: &'a StoredOrder,
        has_money_events: bool,
    ) -> BoxFuture<'a, AppResult<Vec<MoneyTimelineEvent>>> {
        Box::pin(money_timeline(state, order, has_money_events))
    }

    fn deferred_payment_data<'a>(
        &'a self,
        state: &'a OrdersState,
        order: &'a StoredOrder,
    ) -> BoxFuture<'a, AppResult<Option<crate::orders::DeferredPaymentData>>> {
        super::pending::contribute(state, order)
    }
}
