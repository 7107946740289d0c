//! The stored order: ONE record type for an order and its lines, with ONE writer.
//!
//! The ops API, the demo seed and the tests write orders only through `upsert` (one order, replaced
//! whole in one transaction) or `insert_new` (many new orders, for bulk loads); the view reads the same
//! record back through `order_from_row` / `line_from_row` (by column position: `columns.rs`).
//!
//! Adding a field:
//! - a display field that nothing queries on: one field in `contract::OrderDetails` / `LineDetails`
//!   (stored in the `details` JSON column) and one line in `view.rs` where it is shown;
//! - a column: the migration, one field below, one entry in `ORDER_COLUMNS` / `LINE_COLUMNS` and its
//!   `bind` and `from_row` line here (the SQL and the column positions are generated from the column lists).
//!
//! Every write bumps `orders.version`; the response cache keys rendered bodies by it (see `cache.rs`).

use domain::{Currency, Money, OrderType};
use sqlx::any::AnyArguments;
use sqlx::{Arguments, Row};

use super::columns::{self, Columns};
use super::contract::{LineDetails, OrderDetails};
use super::view::Payment;
use crate::BoxError;
use crate::db::{Backend, Db};
use crate::error::{AppError, AppResult};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPhone {
    pub country_code: String,
    pub subscriber_number: String,
}

impl StoredPhone {
    /// Country code followed by subscriber number: how a guest's phone filter is matched.
    pub fn digits(&self) -> String {
        format!("{}{}", self.country_code, self.subscriber_number)
    }
}

#[derive(Debug, Clone)]
pub struct StoredOrder {
    pub order_number: String,
    pub order_type: OrderType,
    pub order_classification: String,
    pub parent_sales_order_number: Option<String>,
    pub partner_name: Option<String>,
    pub country: String,
    pub currency: Currency,
    pub region_reference: String,
    pub upm_id: Option<String>,
    /// Normalized (trimmed, lower case).
    pub email: Option<String>,
    pub phone: Option<StoredPhone>,
    /// Unix milliseconds.
    pub order_date: i64,
    pub shipping_total: Money,
    pub taxes_included: bool,
    pub payments: Vec<Payment>,
    pub shipping_address: Vec<String>,
    pub pickup_store_id: Option<String>,
    pub details: OrderDetails,
    pub lines: Vec<StoredLine>,
}

#[derive(Debug, Clone)]
pub struct StoredLine {
    pub line_number: i64,
    pub gtin: String,
    pub sku_id: String,
    pub product_id: String,
    pub style_color: String,
    pub title: String,
    pub category: String,
    pub color: String,
    pub size: String,
    pub image_url: String,
    pub quantity: i64,
    pub unit_price: Money,
    pub tax: Money,
    pub fees: Money,
    /// The raw status as received.
    pub status: String,
    pub shipment_number: Option<String>,
    pub tracking_url: Option<String>,
    /// YYYY-MM-DD.
    pub estimated_delivery_date: Option<String>,
    pub details: LineDetails,
}

/// Columns of `orders` the record writes, in bind order (`version` is managed by the writer).
pub const ORDER_COLUMNS: &[&str] = &[
    "order_number",
    "order_type",
    "order_classification",
    "parent_sales_order_number",
    "partner_name",
    "country",
    "currency",
    "region_reference",
    "upm_id",
    "email",
    "phone_country_code",
    "phone_subscriber",
    "phone_digits",
    "order_date",
    "shipping_total",
    "taxes_included",
    "payments",
    "shipping_address",
    "pickup_store_id",
    "details",
    "updated_at",
];

pub const LINE_COLUMNS: &[&str] = &[
    "order_number",
    "line_number",
    "gtin",
    "sku_id",
    "product_id",
    "style_color",
    "title",
    "category",
    "color",
    "size",
    "image_url",
    "quantity",
    "unit_price",
    "tax",
    "fees",
    "status",
    "shipment_number",
    "tracking_url",
    "estimated_delivery_date",
    "details",
];

fn json<T: serde::Serialize>(value: &T) -> Result<String, BoxError> {
    Ok(serde_json::to_string(value)?)
}

fn bind_order(args: &mut AnyArguments, order: &StoredOrder, now: i64) -> Result<(), BoxError> {
    args.add(order.order_number.clone())?;
    args.add(order.order_type.as_str())?;
    args.add(order.order_classification.clone())?;
    args.add(order.parent_sales_order_number.clone())?;
    args.add(order.partner_name.clone())?;
    args.add(order.country.clone())?;
    args.add(order.currency.code().to_owned())?;
    args.add(order.region_reference.clone())?;
    args.add(order.upm_id.clone())?;
    args.add(order.email.clone())?;
    args.add(order.phone.as_ref().map(|p| p.country_code.clone()))?;
    args.add(order.phone.as_ref().map(|p| p.subscriber_number.clone()))?;
    args.add(order.phone.as_ref().map(StoredPhone::digits))?;
    args.add(order.order_date)?;
    args.add(order.shipping_total.0)?;
    args.add(i64::from(order.taxes_included))?;
    args.add(json(&order.payments)?)?;
    args.add(json(&order.shipping_address)?)?;
    args.add(order.pickup_store_id.clone())?;
    args.add(json(&order.details)?)?;
    args.add(now)?;
    Ok(())
}

fn bind_line(args: &mut AnyArguments, order_number: &str, line: &StoredLine) -> Result<(), BoxError> {
    args.add(order_number.to_owned())?;
    args.add(line.line_number)?;
    args.add(line.gtin.clone())?;
    args.add(line.sku_id.clone())?;
    args.add(line.product_id.clone())?;
    args.add(line.style_color.clone())?;
    args.add(line.title.clone())?;
    args.add(line.category.clone())?;
    args.add(line.color.clone())?;
    args.add(line.size.clone())?;
    args.add(line.image_url.clone())?;
    args.add(line.quantity)?;
    args.add(line.unit_price.0)?;
    args.add(line.tax.0)?;
    args.add(line.fees.0)?;
    args.add(line.status.clone())?;
    args.add(line.shipment_number.clone())?;
    args.add(line.tracking_url.clone())?;
    args.add(line.estimated_delivery_date.clone())?;
    args.add(json(&line.details)?)?;
    Ok(())
}

fn corrupt(what: &str, detail: impl std::fmt::Display) -> sqlx::Error {
    sqlx::Error::Decode(format!("stored {what} is unreadable: {detail}").into())
}

/// Reads the order part of a row selected with `order_select("o")` first (lines are added by the caller).
pub fn order_from_row<R: Columns + ?Sized>(row: &R) -> Result<StoredOrder, sqlx::Error> {
    use columns::order as at;
    let order_type = row.borrowed_text(const { at("order_type") })?;
    let currency = row.borrowed_text(const { at("currency") })?;
    let phone = match (
        row.optional_text(const { at("phone_country_code") })?,
        row.optional_text(const { at("phone_subscriber") })?,
    ) {
        (Some(country_code), Some(subscriber_number)) => Some(StoredPhone { country_code, subscriber_number }),
        _ => None,
    };
    Ok(StoredOrder {
        order_number: row.text(const { at("order_number") })?,
        order_type: OrderType::parse(order_type).ok_or_else(|| corrupt("order type", order_type))?,
        order_classification: row.text(const { at("order_classification") })?,
        parent_sales_order_number: row.optional_text(const { at("parent_sales_order_number") })?,
        partner_name: row.optional_text(const { at("partner_name") })?,
        country: row.text(const { at("country") })?,
        currency: Currency::parse(currency).ok_or_else(|| corrupt("currency", currency))?,
        region_reference: row.text(const { at("region_reference") })?,
        upm_id: row.optional_text(const { at("upm_id") })?,
        email: row.optional_text(const { at("email") })?,
        phone,
        order_date: row.integer(const { at("order_date") })?,
        shipping_total: Money(row.integer(const { at("shipping_total") })?),
        taxes_included: row.integer(const { at("taxes_included") })? != 0,
        payments: serde_json::from_str(row.borrowed_text(const { at("payments") })?)
            .map_err(|e| corrupt("payments", e))?,
        shipping_address: serde_json::from_str(row.borrowed_text(const { at("shipping_address") })?)
            .map_err(|e| corrupt("shipping address", e))?,
        pickup_store_id: row.optional_text(const { at("pickup_store_id") })?,
        details: serde_json::from_str(row.borrowed_text(const { at("details") })?)
            .map_err(|e| corrupt("order details", e))?,
        lines: Vec::new(),
    })
}

/// Reads a line from a row selected with `order_select("o")` and then `line_select("l")`.
pub fn line_from_row<R: Columns + ?Sized>(row: &R) -> Result<StoredLine, sqlx::Error> {
    use columns::line as at;
    Ok(StoredLine {
        line_number: row.integer(const { at("line_number") })?,
        gtin: row.text(const { at("gtin") })?,
        sku_id: row.text(const { at("sku_id") })?,
        product_id: row.text(const { at("product_id") })?,
        style_color: row.text(const { at("style_color") })?,
        title: row.text(const { at("title") })?,
        category: row.text(const { at("category") })?,
        color: row.text(const { at("color") })?,
        size: row.text(const { at("size") })?,
        image_url: row.text(const { at("image_url") })?,
        quantity: row.integer(const { at("quantity") })?,
        unit_price: Money(row.integer(const { at("unit_price") })?),
        tax: Money(row.integer(const { at("tax") })?),
        fees: Money(row.integer(const { at("fees") })?),
        status: row.text(const { at("status") })?,
        shipment_number: row.optional_text(const { at("shipment_number") })?,
        tracking_url: row.optional_text(const { at("tracking_url") })?,
        estimated_delivery_date: row.optional_text(const { at("estimated_delivery_date") })?,
        details: serde_json::from_str(row.borrowed_text(const { at("line_details") })?)
            .map_err(|e| corrupt("line details", e))?,
    })
}

/// `o.order_number, o.order_type, ...` plus `o.version`: the order columns for a SELECT.
pub fn order_select(alias: &str) -> String {
    let mut columns: Vec<String> =
        ORDER_COLUMNS.iter().filter(|c| **c != "updated_at").map(|c| format!("{alias}.{c}")).collect();
    columns.push(format!("{alias}.version"));
    columns.join(", ")
}

/// The line columns for a SELECT; `details` is read as `line_details` (the order has one too).
pub fn line_select(alias: &str) -> String {
    LINE_COLUMNS
        .iter()
        .filter(|c| **c != "order_number")
        .map(|c| if *c == "details" { format!("{alias}.details AS line_details") } else { format!("{alias}.{c}") })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `(?,?),(?,?)` on SQLite, `($1,$2),($3,$4)` on PostgreSQL. SQLite looks a named parameter up by a linear
/// scan, so thousands of `$n` in one statement cost quadratic time there; plain `?` are bound in order.
pub fn placeholders(backend: Backend, rows: usize, columns: usize) -> String {
    let mut text = String::with_capacity(rows * columns * 5);
    for row in 0..rows {
        if row > 0 {
            text.push(',');
        }
        text.push('(');
        for column in 0..columns {
            if column > 0 {
                text.push(',');
            }
            match backend {
                Backend::Sqlite => text.push('?'),
                Backend::Postgres => {
                    text.push('$');
                    text.push_str(&(row * columns + column + 1).to_string());
                }
            }
        }
        text.push(')');
    }
    text
}

/// Rows per INSERT statement, keeping the bound values under SQLite's and PostgreSQL's limits.
pub const ROWS_PER_STATEMENT: usize = 500;

async fn insert_lines(
    connection: &mut sqlx::AnyConnection,
    backend: Backend,
    lines: &[(&str, &StoredLine)],
    skip_existing: bool,
) -> Result<(), BoxError> {
    for chunk in lines.chunks(ROWS_PER_STATEMENT) {
        let mut args = AnyArguments::default();
        for (number, line) in chunk {
            bind_line(&mut args, number, line)?;
        }
        let sql = format!(
            "INSERT INTO order_lines ({}) VALUES {}{}",
            LINE_COLUMNS.join(", "),
            placeholders(backend, chunk.len(), LINE_COLUMNS.len()),
            if skip_existing { " ON CONFLICT DO NOTHING" } else { "" }
        );
        sqlx::query_with(sqlx::AssertSqlSafe(sql), args).execute(&mut *connection).await?;
    }
    Ok(())
}

/// What `upsert` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Upserted {
    /// True for exactly one of any number of simultaneous writers of the same new order.
    pub created: bool,
    pub version: i64,
}

/// Inserts or replaces one order with all its lines, in one transaction.
///
/// Whether the order was new is taken from the write itself: a conditional insert (`ON CONFLICT DO
/// NOTHING`) reports one row to exactly one of several simultaneous creators (PostgreSQL makes the
/// others wait on the first one's row and then skip; SQLite runs writers one at a time); the others
/// replace the order with an UPDATE in the same transaction.
pub async fn upsert(db: &Db, order: &StoredOrder, now: i64) -> AppResult<Upserted> {
    let internal = |error: BoxError| AppError::Internal(error);
    let mut transaction = db.begin_write().await?;
    let mut args = AnyArguments::default();
    bind_order(&mut args, order, now).map_err(internal)?;
    let insert = format!(
        "INSERT INTO orders ({}, version) VALUES ({}, 0) ON CONFLICT (order_number) DO NOTHING",
        ORDER_COLUMNS.join(", "),
        (1..=ORDER_COLUMNS.len()).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ")
    );
    let inserted = sqlx::query_with(sqlx::AssertSqlSafe(insert), args).execute(&mut *transaction).await?;
    let created = inserted.rows_affected() == 1;
    let version = if created {
        0
    } else {
        let mut args = AnyArguments::default();
        bind_order(&mut args, order, now).map_err(internal)?;
        let assignments: Vec<String> = ORDER_COLUMNS
            .iter()
            .enumerate()
            .skip(1)
            .map(|(index, column)| format!("{column} = ${}", index + 1))
            .collect();
        let update = format!(
            "UPDATE orders SET {}, version = version + 1 WHERE order_number = $1 RETURNING version",
            assignments.join(", ")
        );
        let row = sqlx::query_with(sqlx::AssertSqlSafe(update), args).fetch_one(&mut *transaction).await?;
        row.try_get::<i64, _>("version")?
    };
    // A new order has no lines (they are deleted with their order: ON DELETE CASCADE): one round trip less.
    if !created {
        sqlx::query("DELETE FROM order_lines WHERE order_number = $1")
            .bind(order.order_number.as_str())
            .execute(&mut *transaction)
            .await?;
    }
    // A return changes its sales order's view (viewReturn): the parent's rendered body is stale too.
    if let Some(parent) = order.parent_sales_order_number.as_deref() {
        sqlx::query("UPDATE orders SET version = version + 1 WHERE order_number = $1")
            .bind(parent)
            .execute(&mut *transaction)
            .await?;
    }
    let lines: Vec<(&str, &StoredLine)> = order.lines.iter().map(|line| (order.order_number.as_str(), line)).collect();
    insert_lines(&mut transaction, db.backend, &lines, false).await.map_err(internal)?;
    transaction.commit().await?;
    Ok(Upserted { created, version })
}

/// Sets the raw status of some lines of an order and bumps its version, on `connection` (the caller's
/// transaction). For the returns flow: a return moving along shows on its sales order's lines.
pub async fn set_line_statuses(
    connection: &mut sqlx::AnyConnection,
    order_number: &str,
    line_numbers: &[i64],
    status: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    for line_number in line_numbers {
        sqlx::query("UPDATE order_lines SET status = $1 WHERE order_number = $2 AND line_number = $3")
            .bind(status)
            .bind(order_number)
            .bind(*line_number)
            .execute(&mut *connection)
            .await?;
    }
    sqlx::query("UPDATE orders SET version = version + 1, updated_at = $2 WHERE order_number = $1")
        .bind(order_number)
        .bind(now)
        .execute(&mut *connection)
        .await?;
    Ok(())
}

/// Inserts many new orders in one transaction with multi-row INSERTs; orders (and lines) that exist
/// already are kept as they are. For bulk loads (the demo seed).
pub async fn insert_new(db: &Db, orders: &[StoredOrder], now: i64) -> Result<(), BoxError> {
    if orders.is_empty() {
        return Ok(());
    }
    let mut transaction = db.begin_write().await?;
    for chunk in orders.chunks(ROWS_PER_STATEMENT) {
        let mut args = AnyArguments::default();
        for order in chunk {
            bind_order(&mut args, order, now)?;
        }
        let sql = format!(
            "INSERT INTO orders ({}) VALUES {} ON CONFLICT DO NOTHING",
            ORDER_COLUMNS.join(", "),
            placeholders(db.backend, chunk.len(), ORDER_COLUMNS.len())
        );
        sqlx::query_with(sqlx::AssertSqlSafe(sql), args).execute(&mut *transaction).await?;
    }
    let lines: Vec<(&str, &StoredLine)> =
        orders.iter().flat_map(|o| o.lines.iter().map(move |l| (o.order_number.as_str(), l))).collect();
    insert_lines(&mut transaction, db.backend, &lines, true).await?;
    transaction.commit().await?;
    Ok(())
}

/// Sets the raw status of the order's lines whose current raw status `select` picks to `new_status`,
/// inside the caller's transaction, and bumps the order's version (the cached view goes stale). For flows
/// that move lines on (curbside completion: ready for pickup -> picked up). Returns the lines changed.
pub async fn set_line_status_where(
    connection: &mut sqlx::AnyConnection,
    order_number: &str,
    select: impl Fn(&str) -> bool,
    new_status: &str,
    now: i64,
) -> Result<u64, sqlx::Error> {
    let lines = sqlx::query("SELECT line_number, status FROM order_lines WHERE order_number = $1")
        .bind(order_number.to_owned())
        .fetch_all(&mut *connection)
        .await?;
    let mut changed = 0;
    for line in &lines {
        let status: String = line.try_get("status")?;
        if select(&status) {
            let line_number: i64 = line.try_get("line_number")?;
            changed += sqlx::query("UPDATE order_lines SET status = $1 WHERE order_number = $2 AND line_number = $3")
                .bind(new_status.to_owned())
                .bind(order_number.to_owned())
                .bind(line_number)
                .execute(&mut *connection)
                .await?
                .rows_affected();
        }
    }
    sqlx::query("UPDATE orders SET version = version + 1, updated_at = $2 WHERE order_number = $1")
        .bind(order_number.to_owned())
        .bind(now)
        .execute(&mut *connection)
        .await?;
    Ok(changed)
}
