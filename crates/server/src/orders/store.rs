//! The stored order: ONE record type for an order and its lines, with ONE writer.
//!
//! The ops API, the demo seed and the tests write orders only through `upsert` (one order, replaced
//! whole in one transaction) or `insert_new` (many new orders, for bulk loads); every other flow changes
//! an order in place through the operations of `edits.rs` (re-exported here). No module outside `orders`
//! writes `orders` or `order_lines`. The view reads the same record back through `order_from_row` /
//! `line_from_row` (by column position: `columns.rs`).
//!
//! Adding a field:
//! - a display field that nothing queries on: one field in `contract::OrderDetails` / `LineDetails`
//!   (stored in the `details` JSON column) and one line in `view/` where it is shown;
//! - a column: the migration, one field below, one entry in `ORDER_COLUMNS` / `LINE_COLUMNS` and its
//!   value in `order_values` / `push_line_values` and its `from_row` line here (the SQL and the column
//!   positions are generated from the column lists).
//!
//! Every write bumps `orders.version`; the response cache keys rendered bodies by it (see `cache.rs`).

pub use super::edits::{
    Stale, lift_payment_hold, set_line_status_where, set_line_statuses, stamp_line_cancelled, swap_line_status, touch,
};
use domain::status::displayed_status;
use domain::totals::{LineAmounts, Totals, order_totals};
use domain::{CountryCode, Currency, Email, Money, OrderNumber, OrderType, SimpleStatus, UpmId, simple_status};

use super::columns::{self, Columns};
use super::contract::{LineDetails, OrderDetails};
use super::ready;
use super::view::Payment;
use crate::BoxError;
use crate::db::{self, Backend, Db, SqliteTransaction, Value};
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
    pub order_number: OrderNumber,
    pub order_type: OrderType,
    pub order_classification: String,
    pub parent_sales_order_number: Option<OrderNumber>,
    pub partner_name: Option<String>,
    pub country: CountryCode,
    pub currency: Currency,
    pub region_reference: String,
    pub upm_id: Option<UpmId>,
    /// Normalized (trimmed, lower case).
    pub email: Option<Email>,
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

impl StoredOrder {
    /// A return order of `parent`: its customer, country, money settings and payments, no shipping
    /// charge, no store and no display details (the returns flow and the seed add theirs).
    pub fn return_of(parent: &StoredOrder, order_number: OrderNumber, order_date: i64, lines: Vec<StoredLine>) -> Self {
        StoredOrder {
            order_number,
            order_type: OrderType::ReturnOrder,
            order_classification: parent.order_classification.clone(),
            parent_sales_order_number: Some(parent.order_number.clone()),
            partner_name: None,
            country: parent.country.clone(),
            currency: parent.currency,
            region_reference: parent.region_reference.clone(),
            upm_id: parent.upm_id.clone(),
            email: parent.email.clone(),
            phone: parent.phone.clone(),
            order_date,
            shipping_total: Money(0),
            taxes_included: parent.taxes_included,
            payments: parent.payments.clone(),
            shipping_address: parent.shipping_address.clone(),
            pickup_store_id: None,
            details: OrderDetails::default(),
            lines,
        }
    }

    /// The order's totals; none when they overflow. The one sum of a stored order's money: the detail,
    /// the money timeline and the ops API's cap all read it.
    pub fn totals(&self) -> Option<Totals> {
        self.totals_of(|_| true)
    }

    /// The totals of the lines `keep` picks.
    fn totals_of(&self, keep: impl Fn(&StoredLine) -> bool) -> Option<Totals> {
        let amounts: Vec<LineAmounts> = self.lines.iter().filter(|line| keep(line)).map(StoredLine::amounts).collect();
        order_totals(&amounts, self.shipping_total, self.taxes_included)
    }

    /// What the shopper pays (`transaction.chargedPrice`, the money timeline's charge less its releases):
    /// the lines not cancelled, and the shipping while one of them is left. A fully cancelled order charges
    /// nothing, as the cancel flow releases its shipping too (`cancellation::release_money`).
    pub fn charged_totals(&self) -> Option<Totals> {
        let kept = |line: &StoredLine| self.line_status(line) != SimpleStatus::Cancelled;
        if !self.lines.is_empty() && !self.lines.iter().any(kept) {
            return Some(Totals::default());
        }
        self.totals_of(kept)
    }

    /// A line's status as the shopper sees it (a payment on hold shows as such).
    pub fn line_status(&self, line: &StoredLine) -> SimpleStatus {
        displayed_status(simple_status(self.order_type, &line.status), self.details.payment_hold_flag)
    }
}

impl StoredLine {
    pub fn amounts(&self) -> LineAmounts {
        LineAmounts { unit_price: self.unit_price, quantity: self.quantity, tax: self.tax, fees: self.fees }
    }
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

/// The values of `ORDER_COLUMNS`, in order.
fn order_values(order: &StoredOrder, now: i64) -> Result<Vec<Value>, BoxError> {
    let phone = order.phone.as_ref();
    Ok(vec![
        order.order_number.as_str().into(),
        order.order_type.as_str().into(),
        order.order_classification.as_str().into(),
        order.parent_sales_order_number.clone().into(),
        order.partner_name.clone().into(),
        order.country.as_str().into(),
        order.currency.code().into(),
        order.region_reference.as_str().into(),
        order.upm_id.clone().into(),
        order.email.clone().into(),
        phone.map(|p| p.country_code.clone()).into(),
        phone.map(|p| p.subscriber_number.clone()).into(),
        phone.map(StoredPhone::digits).into(),
        order.order_date.into(),
        order.shipping_total.0.into(),
        i64::from(order.taxes_included).into(),
        json(&order.payments)?.into(),
        json(&order.shipping_address)?.into(),
        order.pickup_store_id.clone().into(),
        json(&order.details)?.into(),
        now.into(),
    ])
}

/// The values of `LINE_COLUMNS` and then `ready::LINE_COLUMNS` of one line, in order, appended to `values`
/// (multi-row inserts).
fn push_line_values(values: &mut Vec<Value>, order: &StoredOrder, line: &StoredLine) -> Result<(), BoxError> {
    let ready = ready::ReadyLine::of(order, line)?;
    values.extend([
        order.order_number.as_str().into(),
        line.line_number.into(),
        line.gtin.as_str().into(),
        line.sku_id.as_str().into(),
        line.product_id.as_str().into(),
        line.style_color.as_str().into(),
        line.title.as_str().into(),
        line.category.as_str().into(),
        line.color.as_str().into(),
        line.size.as_str().into(),
        line.image_url.as_str().into(),
        line.quantity.into(),
        line.unit_price.0.into(),
        line.tax.0.into(),
        line.fees.0.into(),
        line.status.as_str().into(),
        line.shipment_number.clone().into(),
        line.tracking_url.clone().into(),
        line.estimated_delivery_date.clone().into(),
        json(&line.details)?.into(),
        ready.json.into(),
        ready.status.into(),
        i64::from(ready.customized).into(),
    ]);
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
        order_number: {
            let number = row.borrowed_text(const { at("order_number") })?;
            OrderNumber::parse(number).map_err(|_| corrupt("order number", number))?
        },
        order_type: OrderType::parse(order_type).ok_or_else(|| corrupt("order type", order_type))?,
        order_classification: row.text(const { at("order_classification") })?,
        parent_sales_order_number: match row.optional_text(const { at("parent_sales_order_number") })? {
            Some(number) => Some(OrderNumber::parse(&number).map_err(|_| corrupt("parent order number", &number))?),
            None => None,
        },
        partner_name: row.optional_text(const { at("partner_name") })?,
        country: {
            let country = row.borrowed_text(const { at("country") })?;
            CountryCode::parse(country).map_err(|_| corrupt("country", country))?
        },
        currency: Currency::parse(currency).ok_or_else(|| corrupt("currency", currency))?,
        region_reference: row.text(const { at("region_reference") })?,
        upm_id: match row.optional_text(const { at("upm_id") })? {
            Some(id) => Some(UpmId::parse(&id).map_err(|_| corrupt("member id", &id))?),
            None => None,
        },
        email: match row.optional_text(const { at("email") })? {
            Some(email) => Some(Email::parse(&email).map_err(|_| corrupt("e-mail", &email))?),
            None => None,
        },
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

/// Multi-row INSERTs of `lines`, at most `ROWS_PER_STATEMENT` rows each: SQL and values.
fn line_inserts(
    backend: Backend,
    lines: &[(&StoredOrder, &StoredLine)],
    skip_existing: bool,
) -> Result<Vec<(String, Vec<Value>)>, BoxError> {
    let width = LINE_COLUMNS.len() + ready::LINE_COLUMNS.len();
    lines
        .chunks(ROWS_PER_STATEMENT)
        .map(|chunk| {
            let mut values = Vec::with_capacity(chunk.len() * width);
            for (order, line) in chunk {
                push_line_values(&mut values, order, line)?;
            }
            let sql = format!(
                "INSERT INTO order_lines ({}, {}) VALUES {}{}",
                LINE_COLUMNS.join(", "),
                ready::LINE_COLUMNS.join(", "),
                placeholders(backend, chunk.len(), width),
                if skip_existing { " ON CONFLICT DO NOTHING" } else { "" }
            );
            Ok((sql, values))
        })
        .collect()
}

/// What `upsert` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Upserted {
    /// True for exactly one of any number of simultaneous writers of the same new order.
    pub created: bool,
    pub version: i64,
}

/// Inserts the order, or replaces every column of the one stored under its number and bumps its version:
/// the version returned is 0 exactly when this statement created the order. PostgreSQL makes
/// simultaneous creators of one new order wait on the first one's row and then update it; SQLite runs
/// writers one at a time. The lines written with it carry their ready history rows, so they are ready at
/// the new version (`ready::VERSION_COLUMN`).
static UPSERT_ORDER: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| upsert_order_sql(""));
/// `UPSERT_ORDER` that leaves a stored order whose body digest is the one sent as it is (no version bump,
/// no row returned): importing the same orders again changes nothing (`upsert_many`).
static UPSERT_ORDER_IF_CHANGED: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    upsert_order_sql(" WHERE orders.body_hash IS NULL OR orders.body_hash <> excluded.body_hash")
});

fn upsert_order_sql(condition: &str) -> String {
    format!(
        "INSERT INTO orders ({}, body_hash, version, {ready}) VALUES ({}, ${hash}, 0, {tag}) ON CONFLICT (order_number) \
         DO UPDATE SET {}, body_hash = excluded.body_hash, version = orders.version + 1, \
         {ready} = orders.version + 1 + {tag}{condition} RETURNING version",
        ORDER_COLUMNS.join(", "),
        (1..=ORDER_COLUMNS.len()).map(|n| format!("${n}")).collect::<Vec<_>>().join(", "),
        ORDER_COLUMNS
            .iter()
            .skip(1)
            .map(|column| format!("{column} = excluded.{column}"))
            .collect::<Vec<_>>()
            .join(", "),
        hash = ORDER_COLUMNS.len() + 1,
        ready = ready::VERSION_COLUMN,
        tag = ready::format_tag(),
    )
}

/// The digest of an order as written whole (`orders.body_hash`): SHA-256 over every value of the order and
/// its lines but `updated_at` (the last order value), so the same body sent twice has the same digest.
fn body_hash(order: &[Value], lines: &[(String, Vec<Value>)]) -> String {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    let values = order.iter().take(order.len().saturating_sub(1)).chain(lines.iter().flat_map(|(_, values)| values));
    for value in values {
        match value {
            Value::Text(None) => hasher.update([0u8]),
            Value::Text(Some(text)) => {
                hasher.update([1u8]);
                hasher.update((text.len() as u64).to_le_bytes());
                hasher.update(text.as_bytes());
            }
            Value::Integer(number) => {
                hasher.update([2u8]);
                hasher.update(number.to_le_bytes());
            }
        }
    }
    format!("{:x}", hasher.finalize())
}
const DELETE_LINES: &str = "DELETE FROM order_lines WHERE order_number = $1";
/// A return changes its sales order's view (viewReturn): the parent's rendered body is stale too. Its
/// ready history rows are not (a line's return order is read with them), so they stay ready if they were.
static BUMP_PARENT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "UPDATE orders SET version = version + 1, lines_view_version = CASE WHEN lines_view_version = version + {tag} \
         THEN version + 1 + {tag} END WHERE order_number = $1",
        tag = ready::format_tag()
    )
});

/// The statements of one upsert, built once for either database.
struct UpsertStatements {
    order: Vec<Value>,
    order_number: Value,
    parent: Option<Value>,
    lines: Vec<(String, Vec<Value>)>,
}

impl UpsertStatements {
    fn new(backend: Backend, order: &StoredOrder, now: i64) -> Result<Self, BoxError> {
        let lines: Vec<(&StoredOrder, &StoredLine)> = order.lines.iter().map(|line| (order, line)).collect();
        let mut values = order_values(order, now)?;
        let lines = line_inserts(backend, &lines, false)?;
        values.push(body_hash(&values, &lines).into());
        Ok(Self {
            order: values,
            order_number: order.order_number.as_str().into(),
            parent: order.parent_sales_order_number.as_deref().map(Value::from),
            lines,
        })
    }

    /// On SQLite, inside `Db::sqlite_write`: every statement on the calling thread.
    fn run_sqlite(&self, transaction: &SqliteTransaction<'_>) -> Result<i64, sqlx::Error> {
        let version = transaction.fetch_integer(&UPSERT_ORDER, &self.order)?;
        self.run_sqlite_rest(transaction, version)?;
        Ok(version)
    }

    /// `run_sqlite` unless the stored order has this body already: then nothing is written (`None`).
    fn run_sqlite_if_changed(&self, transaction: &SqliteTransaction<'_>) -> Result<Option<i64>, sqlx::Error> {
        let Some(version) = transaction.fetch_optional_integer(&UPSERT_ORDER_IF_CHANGED, &self.order)? else {
            return Ok(None);
        };
        self.run_sqlite_rest(transaction, version)?;
        Ok(Some(version))
    }

    fn run_sqlite_rest(&self, transaction: &SqliteTransaction<'_>, version: i64) -> Result<(), sqlx::Error> {
        // A new order has no lines (they are deleted with their order: ON DELETE CASCADE).
        if version > 0 {
            transaction.execute(DELETE_LINES, std::slice::from_ref(&self.order_number))?;
        }
        if let Some(parent) = &self.parent {
            transaction.execute(&BUMP_PARENT, std::slice::from_ref(parent))?;
        }
        for (sql, values) in &self.lines {
            transaction.execute(sql, values)?;
        }
        Ok(())
    }

    /// On PostgreSQL: the same statements, each a round trip, in the caller's transaction.
    async fn run_sqlx(&self, connection: &mut sqlx::AnyConnection) -> Result<i64, sqlx::Error> {
        let version = db::fetch_integer(connection, &UPSERT_ORDER, &self.order).await?;
        self.run_sqlx_rest(connection, version).await?;
        Ok(version)
    }

    /// `run_sqlx` unless the stored order has this body already: then nothing is written (`None`).
    async fn run_sqlx_if_changed(&self, connection: &mut sqlx::AnyConnection) -> Result<Option<i64>, sqlx::Error> {
        let Some(version) = db::fetch_optional_integer(connection, &UPSERT_ORDER_IF_CHANGED, &self.order).await? else {
            return Ok(None);
        };
        self.run_sqlx_rest(connection, version).await?;
        Ok(Some(version))
    }

    async fn run_sqlx_rest(&self, connection: &mut sqlx::AnyConnection, version: i64) -> Result<(), sqlx::Error> {
        if version > 0 {
            db::execute(connection, DELETE_LINES, std::slice::from_ref(&self.order_number)).await?;
        }
        if let Some(parent) = &self.parent {
            db::execute(connection, &BUMP_PARENT, std::slice::from_ref(parent)).await?;
        }
        for (sql, values) in &self.lines {
            db::execute(connection, sql, values).await?;
        }
        Ok(())
    }
}

/// Inserts or replaces one order with all its lines, in one transaction. Whether the order was new is
/// taken from the write itself (see `UPSERT_ORDER`).
pub async fn upsert(db: &Db, order: &StoredOrder, now: i64) -> AppResult<Upserted> {
    let statements = UpsertStatements::new(db.backend, order, now).map_err(AppError::Internal)?;
    let version = match db.backend {
        Backend::Sqlite => db.sqlite_write(move |transaction| statements.run_sqlite(transaction)).await?,
        Backend::Postgres => {
            let mut transaction = db.begin_write().await?;
            let version = statements.run_sqlx(&mut transaction).await?;
            transaction.commit().await?;
            version
        }
    };
    Ok(Upserted { created: version == 0, version })
}

/// What writing one order of `upsert_many` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// The order was new.
    Created,
    /// A stored order was replaced (its version moved).
    Replaced,
    /// The stored order was written with this very body before and not changed since: left as it is.
    Unchanged,
}

/// Inserts or replaces many orders, each whole, all in ONE transaction (bulk imports: `ops::import`); an
/// order stored with the same body already is left as it is (`Written::Unchanged`, no version bump). Any
/// error rolls back every order of the call: the caller retries them one by one to find the one at fault.
pub async fn upsert_many(db: &Db, orders: &[&StoredOrder], now: i64) -> AppResult<Vec<Written>> {
    if orders.is_empty() {
        return Ok(Vec::new());
    }
    let statements = orders
        .iter()
        .map(|order| UpsertStatements::new(db.backend, order, now))
        .collect::<Result<Vec<_>, _>>()
        .map_err(AppError::Internal)?;
    let written = |version: Option<i64>| match version {
        None => Written::Unchanged,
        Some(0) => Written::Created,
        Some(_) => Written::Replaced,
    };
    match db.backend {
        Backend::Sqlite => Ok(db
            .sqlite_write(move |transaction| {
                statements
                    .iter()
                    .map(|statement| statement.run_sqlite_if_changed(transaction).map(written))
                    .collect::<Result<Vec<_>, _>>()
            })
            .await?),
        Backend::Postgres => {
            // In member order (ADR 0013, *Consequences*): each order's member version is bumped at the
            // commit, in the order the orders were written, so two loads (or a load and an order moved
            // between two members, bumped in key order) lock members in the same order and cannot
            // deadlock. A deadlock that remains (an order of the load moved from another member locks
            // that one out of turn) is retried: PostgreSQL rolled the whole transaction back.
            let mut turn: Vec<usize> = (0..orders.len()).collect();
            turn.sort_by(|&a, &b| member_order(orders[a]).cmp(&member_order(orders[b])));
            let mut attempt = 0;
            loop {
                attempt += 1;
                match upsert_in_turn(db, &statements, &turn).await {
                    Ok(versions) => return Ok(versions.into_iter().map(written).collect()),
                    Err(error) if attempt < DEADLOCK_TRIES && is_deadlock(&error) => {
                        tracing::info!(attempt, "a bulk write met a deadlock; writing it again");
                        tokio::time::sleep(std::time::Duration::from_millis(10 * attempt)).await;
                    }
                    Err(error) => return Err(error.into()),
                }
            }
        }
    }
}

/// How often a bulk write that PostgreSQL ended as a deadlock victim is tried in all.
const DEADLOCK_TRIES: u64 = 4;

/// The key a bulk write takes its orders in: the member (guests, who bump no member, last), then the
/// order number, so that the same orders always lock in the same order too.
fn member_order(order: &StoredOrder) -> (bool, Option<&str>, &str) {
    (order.upm_id.is_none(), order.upm_id.as_deref(), order.order_number.as_str())
}

/// SQLSTATE 40P01 (deadlock detected) or 40001 (serialization failure): the transaction was rolled back
/// whole and may be run again.
fn is_deadlock(error: &sqlx::Error) -> bool {
    let sqlx::Error::Database(cause) = error else { return false };
    matches!(cause.code().as_deref(), Some("40P01" | "40001"))
}

/// One transaction writing `statements` in the order `turn` gives; the versions in the statements' order.
async fn upsert_in_turn(
    db: &Db,
    statements: &[UpsertStatements],
    turn: &[usize],
) -> Result<Vec<Option<i64>>, sqlx::Error> {
    let mut transaction = db.begin_write().await?;
    let mut versions = vec![None; statements.len()];
    for &index in turn {
        versions[index] = statements[index].run_sqlx_if_changed(&mut transaction).await?;
    }
    transaction.commit().await?;
    Ok(versions)
}

/// Inserts many new orders in one transaction with multi-row INSERTs; orders (and lines) that exist
/// already are kept as they are. For bulk loads (the demo seed).
pub async fn insert_new(db: &Db, orders: &[StoredOrder], now: i64) -> Result<(), BoxError> {
    if orders.is_empty() {
        return Ok(());
    }
    // In member order, like `upsert_many`: the member versions are bumped at the commit in row order.
    let mut orders: Vec<&StoredOrder> = orders.iter().collect();
    orders.sort_by(|a, b| member_order(a).cmp(&member_order(b)));
    let mut transaction = db.begin_write().await?;
    for chunk in orders.chunks(ROWS_PER_STATEMENT) {
        let mut values = Vec::with_capacity(chunk.len() * (ORDER_COLUMNS.len() + 1));
        for order in chunk {
            values.extend(order_values(order, now)?);
            // New orders are at version 0, and their lines are written ready below.
            values.push(ready::format_tag().into());
        }
        let sql = format!(
            "INSERT INTO orders ({}, {}) VALUES {} ON CONFLICT DO NOTHING",
            ORDER_COLUMNS.join(", "),
            ready::VERSION_COLUMN,
            placeholders(db.backend, chunk.len(), ORDER_COLUMNS.len() + 1)
        );
        db::execute(&mut transaction, &sql, &values).await?;
    }
    let lines: Vec<(&StoredOrder, &StoredLine)> =
        orders.iter().flat_map(|&order| order.lines.iter().map(move |line| (order, line))).collect();
    for (sql, values) in line_inserts(db.backend, &lines, true)? {
        db::execute(&mut transaction, &sql, &values).await?;
    }
    transaction.commit().await?;
    Ok(())
}
