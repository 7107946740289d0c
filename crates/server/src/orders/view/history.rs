//! History rows (one per order line) and the history answer's bytes.

use std::collections::HashMap;

use domain::SimpleStatus;
use domain::actions::ActionFlags;
use domain::status::status_color;

use super::super::hooks::{LineReturnFacts, OrderExtras, ReturnFacts};
use super::super::store::{StoredLine, StoredOrder};
use super::format::{amount, rfc3339_millis};
use super::line_items::{build_item, item_without_actions, line_status, order_status};
use super::order_detail::ViewContext;
use super::types::{FullOrderStatus, GiftCardSummary, HistoryItem, OrderItem, Pages};

/// Writes a `HistoryResponse` whose items `items` writes (comma-separated): the bytes serializing the
/// struct would give (field order and skipped fields as declared above; the tests compare the two).
pub fn write_history(
    out: &mut Vec<u8>,
    items: impl FnOnce(&mut Vec<u8>) -> Result<(), serde_json::Error>,
    pages: &Pages,
    gift_cards: Option<&[GiftCardSummary]>,
    order_years: Option<&[i32]>,
) -> Result<(), serde_json::Error> {
    out.extend_from_slice(b"{\"orderItems\":[");
    items(out)?;
    out.extend_from_slice(b"],\"pages\":");
    serde_json::to_writer(&mut *out, pages)?;
    if let Some(cards) = gift_cards {
        out.extend_from_slice(b",\"giftCards\":");
        serde_json::to_writer(&mut *out, cards)?;
    }
    if let Some(years) = order_years {
        out.extend_from_slice(b",\"orderYears\":");
        serde_json::to_writer(&mut *out, years)?;
    }
    out.push(b'}');
    Ok(())
}

/// A history row with no actions (what `orders::ready` stores per line): the line's status is displayed
/// as `line_status` decides.
pub fn history_item_without_actions(order: &StoredOrder, line: StoredLine) -> (HistoryItem, SimpleStatus) {
    let status = line_status(order, &line);
    let order_date = rfc3339_millis(order.order_date);
    let summary = HistoryOrderSummary::of(order);
    let item = item_without_actions(line, order, &order_date, status, LineReturnFacts::default());
    (history_item(order, order_date, &summary, item), status)
}

/// What each history row of an order says about the whole order (read before its lines are taken).
struct HistoryOrderSummary {
    total: f64,
    status: FullOrderStatus,
}

impl HistoryOrderSummary {
    fn of(order: &StoredOrder) -> Self {
        // Totals that overflow are refused when an order is written; a stored one that did shows 0.
        let total = order.totals().map_or(0.0, |totals| amount(totals.order_total.0, order.currency));
        let status = order_status(order);
        Self {
            total,
            status: FullOrderStatus {
                simple_status: status.as_str().to_owned(),
                status_color: status_color(status).as_str().to_owned(),
                sub_status: order.details.sub_status.0.clone(),
            },
        }
    }
}

fn history_item(
    order: &StoredOrder,
    order_date: String,
    summary: &HistoryOrderSummary,
    item: OrderItem,
) -> HistoryItem {
    HistoryItem {
        order_number: order.order_number.to_string(),
        order_type: order.order_type.as_str().to_owned(),
        order_date,
        currency: order.currency.code().to_owned(),
        country: order.country.to_string(),
        partner_name: order.partner_name.clone(),
        order_total: summary.total,
        full_order_status: summary.status.clone(),
        item,
    }
}

/// History rows: one per line, newest order first; `flags` gives the flags of an order's country and
/// `returns` the return orders of each order by SKU.
pub fn history_items(
    now: i64,
    orders: Vec<StoredOrder>,
    flags: impl Fn(&str) -> ActionFlags,
    returns: &HashMap<String, HashMap<String, String>>,
) -> Vec<HistoryItem> {
    let no_returns = HashMap::new();
    let no_facts = ReturnFacts::default();
    let no_extras = OrderExtras::default();
    let mut items = Vec::new();
    for mut order in orders {
        let context = ViewContext {
            now,
            flags: flags(&order.country),
            returns: &no_facts,
            returns_by_sku: returns.get(order.order_number.as_str()).unwrap_or(&no_returns),
            extras: &no_extras,
            contributors: &[],
        };
        let order_date = rfc3339_millis(order.order_date);
        let summary = HistoryOrderSummary::of(&order);
        let lines = std::mem::take(&mut order.lines);
        for line in lines {
            let item = build_item(line, &order, &order_date, &context);
            items.push(history_item(&order, order_date.clone(), &summary, item));
        }
    }
    items
}
