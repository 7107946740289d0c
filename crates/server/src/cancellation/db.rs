//! SQL of cancellation. Its changes to the order itself go through the order's writer (`orders::store`):
//! line statuses are changed only by compare-and-set (`swap_status`), so a cancel and a status event that
//! race over a line have exactly one winner.

use domain::totals::{LineAmounts, line_charged_price};
use domain::{Currency, Money, OrderType};
use sqlx::{AnyConnection, Row};

use crate::db::Db;
use crate::error::{AppError, AppResult};
/// Moves a line from `from` to `to`; false when the line no longer has `from` (someone else won).
pub use crate::orders::swap_line_status as swap_status;
use crate::orders::{self, Stale};

/// What a cancel or a status event needs of an order.
#[derive(Debug, Clone)]
pub struct OrderFacts {
    pub order_number: String,
    pub order_type: OrderType,
    pub country: String,
    pub currency: Currency,
    pub order_date: i64,
    pub taxes_included: bool,
    pub shipping_total: i64,
    pub payment_hold: bool,
    /// The first payment's type (the method money goes back to).
    pub method: String,
    pub lines: Vec<LineFacts>,
}

#[derive(Debug, Clone)]
pub struct LineFacts {
    pub line_number: i64,
    pub raw_status: String,
    pub customised: bool,
    /// What the line cost the shopper, minor units.
    pub charged: i64,
    /// The line's details document (for `itemDates.cancelled`).
    pub details: serde_json::Value,
}

pub async fn order_facts(db: &Db, order_number: &str) -> AppResult<Option<OrderFacts>> {
    let Some(row) = sqlx::query(
        "SELECT order_type, country, currency, order_date, taxes_included, shipping_total, payments, details \
         FROM orders WHERE order_number = $1",
    )
    .bind(order_number)
    .fetch_optional(&db.pool)
    .await?
    else {
        return Ok(None);
    };
    let corrupt = |what: &str| AppError::Internal(format!("stored {what} is unreadable").into());
    let order_type: String = row.try_get("order_type")?;
    let currency: String = row.try_get("currency")?;
    let payments: String = row.try_get("payments")?;
    let details: String = row.try_get("details")?;
    let payments: serde_json::Value = serde_json::from_str(&payments).map_err(|_| corrupt("payments"))?;
    let details: serde_json::Value = serde_json::from_str(&details).map_err(|_| corrupt("details"))?;
    let taxes_included = row.try_get::<i64, _>("taxes_included")? != 0;
    let rows = sqlx::query(
        "SELECT line_number, status, quantity, unit_price, tax, fees, details FROM order_lines \
         WHERE order_number = $1 ORDER BY line_number",
    )
    .bind(order_number)
    .fetch_all(&db.pool)
    .await?;
    let mut lines = Vec::with_capacity(rows.len());
    for line in rows {
        let line_details: String = line.try_get("details")?;
        let line_details: serde_json::Value =
            serde_json::from_str(&line_details).map_err(|_| corrupt("line details"))?;
        let amounts = LineAmounts {
            unit_price: Money(line.try_get("unit_price")?),
            quantity: line.try_get("quantity")?,
            tax: Money(line.try_get("tax")?),
            fees: Money(line.try_get("fees")?),
        };
        let price = line_charged_price(&amounts).map_or(0, |money| money.0);
        let tax = if taxes_included { 0 } else { amounts.tax.0 };
        lines.push(LineFacts {
            line_number: line.try_get("line_number")?,
            raw_status: line.try_get("status")?,
            customised: line_details.get("customizedProductReference").is_some_and(|value| !value.is_null()),
            charged: price.saturating_add(tax).saturating_add(amounts.fees.0),
            details: line_details,
        });
    }
    Ok(Some(OrderFacts {
        order_number: order_number.to_owned(),
        order_type: OrderType::parse(&order_type).ok_or_else(|| corrupt("order type"))?,
        country: row.try_get("country")?,
        currency: Currency::parse(&currency).ok_or_else(|| corrupt("currency"))?,
        order_date: row.try_get("order_date")?,
        taxes_included,
        shipping_total: row.try_get("shipping_total")?,
        payment_hold: details.get("paymentHoldFlag").and_then(serde_json::Value::as_bool).unwrap_or(false),
        method: payments
            .get(0)
            .and_then(|payment| payment.get("paymentType"))
            .and_then(serde_json::Value::as_str)
            .unwrap_or("credit_card")
            .to_owned(),
        lines,
    }))
}

/// Records when a line was cancelled (`itemDates.cancelled`). Call it in the transaction whose
/// compare-and-set moved the line to cancelled.
pub async fn stamp_cancelled(
    connection: &mut AnyConnection,
    order_number: &str,
    line: &LineFacts,
    now: i64,
) -> Result<(), sqlx::Error> {
    orders::stamp_line_cancelled(connection, order_number, line.line_number, &line.details, now).await
}

/// Ends a change to the order's lines (its version, its ready rows): what of this process's cache is stale.
pub async fn bump_version(connection: &mut AnyConnection, order_number: &str, now: i64) -> Result<Stale, sqlx::Error> {
    orders::touch(connection, order_number, now).await
}

pub struct MoneyEvent<'a> {
    pub id: String,
    pub order_number: &'a str,
    pub kind: &'static str,
    pub amount: i64,
    pub currency: Currency,
    pub method: &'a str,
    pub occurred_at: i64,
}

/// Records a money event once (its id is the unique key).
pub async fn record_money_event(connection: &mut AnyConnection, event: &MoneyEvent<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO money_events (id, order_number, kind, amount, currency, method, occurred_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
    )
    .bind(&event.id)
    .bind(event.order_number)
    .bind(event.kind)
    .bind(event.amount)
    .bind(event.currency.code())
    .bind(event.method)
    .bind(event.occurred_at)
    .execute(&mut *connection)
    .await?;
    Ok(())
}

pub async fn insert_cancellation(
    connection: &mut AnyConnection,
    job_id: &str,
    order_number: &str,
    owner_key: &str,
    now: i64,
    completed: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO order_cancellations (job_id, order_number, owner_key, requested_at, completed_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(job_id)
    .bind(order_number)
    .bind(owner_key)
    .bind(now)
    .bind(completed.then_some(now))
    .execute(&mut *connection)
    .await?;
    Ok(())
}

/// The warehouse confirmed: open cancellations of the order are complete.
pub async fn complete_cancellations(
    connection: &mut AnyConnection,
    order_number: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE order_cancellations SET completed_at = $1 WHERE order_number = $2 AND completed_at IS NULL")
        .bind(now)
        .bind(order_number)
        .execute(&mut *connection)
        .await?;
    Ok(())
}
