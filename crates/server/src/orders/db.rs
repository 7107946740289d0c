//! SQL for reading orders.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use domain::access::OrderOwner;
use sqlx::Row;

use super::columns::{self, Columns};
use super::routes::HISTORY_PAGE_ORDERS;
use super::store::{self, StoredOrder};
use crate::access::{ORDER_FACTS_BUSY_COLUMN, OrderFacts};
use crate::db::{Db, Param, ReadPool, fetch_postgres, fetch_sqlite};
use crate::error::AppResult;

pub struct StoreRow {
    pub store_id: String,
    pub name: String,
    pub phone: String,
    pub address_lines: String,
    pub city: String,
    pub postal_code: String,
    pub country: String,
    pub timezone: String,
    pub latitude: String,
    pub longitude: String,
    pub regular_hours: String,
    pub special_hours: String,
}

/// Where a history page starts: after this (order date, order number).
pub struct Anchor {
    pub order_date: i64,
    pub order_number: String,
}

/// Per line of `o`/`l`: the newest return order of `o` that took back the line's SKU (`return_order_number`).
/// A correlated subquery on the `orders_parent` index, so the order, its lines and their return orders
/// come back in one round trip (most orders have no return: one empty index probe per line).
const RETURN_ORDER_OF_LINE: &str = "(SELECT r.order_number FROM orders r \
     JOIN order_lines rl ON rl.order_number = r.order_number \
     WHERE r.parent_sales_order_number = o.order_number AND r.order_type = 'RETURN_ORDER' \
     AND rl.sku_id = l.sku_id AND l.sku_id <> '' \
     ORDER BY r.order_date DESC, r.order_number DESC LIMIT 1) AS return_order_number";

/// Where a hot query's `RETURN_ORDER_OF_LINE` column is: right after the order and line columns.
const RETURN_ORDER_AT: usize = columns::AFTER_LINE;

/// The return order of a row selected with `RETURN_ORDER_OF_LINE` (none for a line without a SKU).
fn return_order_number(row: &impl Columns, sku: &str) -> Result<Option<String>, sqlx::Error> {
    if sku.is_empty() {
        return Ok(None);
    }
    row.optional_text(RETURN_ORDER_AT)
}

/// An order as the detail view needs it: the record, its version, its return orders by SKU, and what
/// the access check reads (so the detail's access check and its read are one query).
pub struct OrderWithReturns {
    pub order: StoredOrder,
    pub version: i64,
    pub returns_by_sku: HashMap<String, String>,
    pub facts: OrderFacts,
}

/// The order, its lines, their return orders and the order's access facts in one round trip (every
/// stored order has at least one line). Read through the native driver (`db::ReadPool`).
pub async fn find_order_with_lines(db: &Db, order_number: &str) -> AppResult<Option<OrderWithReturns>> {
    // Built once: the column lists are generated, and building them per request cost 4% of a detail.
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT {}, {}, {RETURN_ORDER_OF_LINE}, {ORDER_FACTS_BUSY_COLUMN} \
             FROM orders o JOIN order_lines l ON l.order_number = o.order_number \
             WHERE o.order_number = $1 ORDER BY l.line_number",
            store::order_select("o"),
            store::line_select("l")
        )
    });
    let sql = Cow::Borrowed(SQL.as_str());
    let params = [Param::Text(order_number)];
    Ok(match &db.reads {
        ReadPool::Sqlite(pool) => order_from_rows(&fetch_sqlite(pool, sql, &params).await?)?,
        ReadPool::Postgres(pool) => order_from_rows(&fetch_postgres(pool, sql, &params).await?)?,
    })
}

/// Decodes the rows of `find_order_with_lines`' query.
fn order_from_rows(rows: &[impl Columns]) -> Result<Option<OrderWithReturns>, sqlx::Error> {
    /// `ORDER_FACTS_BUSY_COLUMN` comes after `RETURN_ORDER_OF_LINE`.
    const BUSY_JOBS_AT: usize = RETURN_ORDER_AT + 1;
    let Some(first) = rows.first() else { return Ok(None) };
    let mut order = store::order_from_row(first)?;
    let version = first.integer(const { columns::order("version") })?;
    let facts = OrderFacts {
        owner: OrderOwner {
            upm_id: order.upm_id.clone(),
            email: order.email.clone(),
            phone_digits: first.optional_text(const { columns::order("phone_digits") })?,
        },
        order_type: order.order_type.as_str().to_owned(),
        country: order.country.clone(),
        version,
        busy: first.integer(BUSY_JOBS_AT)? > 0,
    };
    let mut returns_by_sku = HashMap::new();
    order.lines.reserve_exact(rows.len());
    for row in rows {
        let line = store::line_from_row(row)?;
        if let Some(number) = return_order_number(row, &line.sku_id)? {
            returns_by_sku.insert(line.sku_id.clone(), number);
        }
        order.lines.push(line);
    }
    Ok(Some(OrderWithReturns { order, version, returns_by_sku, facts }))
}

/// Whether the orders of a cached history page are all still `upm_id`'s, at the versions it was made from.
pub async fn page_is_current(db: &Db, upm_id: &str, stamp: &[(String, i64)]) -> AppResult<bool> {
    if stamp.is_empty() {
        return Ok(true);
    }
    let placeholders: Vec<String> = (2..=stamp.len() + 1).map(|n| format!("${n}")).collect();
    let sql = format!(
        "SELECT order_number, version FROM orders WHERE upm_id = $1 AND order_number IN ({})",
        placeholders.join(", ")
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(upm_id);
    for (number, _) in stamp {
        query = query.bind(number.as_str());
    }
    let rows = query.fetch_all(&db.pool).await?;
    if rows.len() != stamp.len() {
        return Ok(false);
    }
    for row in rows {
        let number: String = row.try_get("order_number")?;
        let version: i64 = row.try_get("version")?;
        if !stamp.iter().any(|(n, v)| *n == number && *v == version) {
            return Ok(false);
        }
    }
    Ok(true)
}

pub async fn find_store(db: &Db, store_id: &str) -> AppResult<Option<StoreRow>> {
    let row = sqlx::query(
        "SELECT store_id, name, phone, address_lines, city, postal_code, country, timezone, latitude, \
         longitude, regular_hours, special_hours FROM stores WHERE store_id = $1",
    )
    .bind(store_id)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(StoreRow {
        store_id: row.try_get("store_id")?,
        name: row.try_get("name")?,
        phone: row.try_get("phone")?,
        address_lines: row.try_get("address_lines")?,
        city: row.try_get("city")?,
        postal_code: row.try_get("postal_code")?,
        country: row.try_get("country")?,
        timezone: row.try_get("timezone")?,
        latitude: row.try_get("latitude")?,
        longitude: row.try_get("longitude")?,
        regular_hours: row.try_get("regular_hours")?,
        special_hours: row.try_get("special_hours")?,
    }))
}

fn history_sql(keyset: bool, page_orders: usize) -> String {
    // A row-value comparison is one index range on both databases (an OR of two conditions is not on PostgreSQL).
    let keyset = if keyset { "AND (order_date, order_number) < ($3, $4)" } else { "" };
    format!(
        "SELECT {order_columns}, {line_columns}, {RETURN_ORDER_OF_LINE} \
         FROM (SELECT * FROM orders \
               WHERE upm_id = $1 AND order_type = $2 {keyset} \
               ORDER BY order_date DESC, order_number DESC LIMIT {limit}) o \
         JOIN order_lines l ON l.order_number = o.order_number \
         ORDER BY o.order_date DESC, o.order_number DESC, l.line_number",
        limit = page_orders + 1,
        order_columns = store::order_select("o"),
        line_columns = store::line_select("l"),
    )
}

/// One page of a member's history.
pub struct HistoryPage {
    /// Up to `page_orders` orders with their lines and versions, newest first.
    pub orders: Vec<(StoredOrder, i64)>,
    /// Whether another page follows.
    pub has_more: bool,
    /// The return orders of the page's orders, by order number and then by the SKU each took back.
    pub returns: HashMap<String, HashMap<String, String>>,
}

/// One page of a member's history: up to `page_orders` orders after `anchor`, newest first, with their
/// lines and their return orders. One round trip: the orders are chosen in a subquery on the
/// (upm_id, order_type, order_date, order_number) index and joined to their lines.
pub async fn history_page(
    db: &Db,
    upm_id: &str,
    order_type: &str,
    anchor: Option<&Anchor>,
    page_orders: usize,
) -> AppResult<HistoryPage> {
    // The statement text for the route's page size is built once per shape (first page, later page).
    static FIRST: LazyLock<String> = LazyLock::new(|| history_sql(false, HISTORY_PAGE_ORDERS));
    static LATER: LazyLock<String> = LazyLock::new(|| history_sql(true, HISTORY_PAGE_ORDERS));
    let sql = match (page_orders == HISTORY_PAGE_ORDERS, anchor.is_some()) {
        (true, false) => Cow::Borrowed(FIRST.as_str()),
        (true, true) => Cow::Borrowed(LATER.as_str()),
        (false, keyset) => Cow::Owned(history_sql(keyset, page_orders)),
    };
    let mut params = vec![Param::Text(upm_id), Param::Text(order_type)];
    if let Some(anchor) = anchor {
        params.extend([Param::Integer(anchor.order_date), Param::Text(anchor.order_number.as_str())]);
    }
    Ok(match &db.reads {
        ReadPool::Sqlite(pool) => history_from_rows(&fetch_sqlite(pool, sql, &params).await?, page_orders)?,
        ReadPool::Postgres(pool) => history_from_rows(&fetch_postgres(pool, sql, &params).await?, page_orders)?,
    })
}

/// Decodes the rows of `history_page`'s query (one row per line, the order's columns repeated on each).
fn history_from_rows(rows: &[impl Columns], page_orders: usize) -> Result<HistoryPage, sqlx::Error> {
    let mut orders: Vec<(StoredOrder, i64)> = Vec::with_capacity(page_orders + 1);
    let mut returns: HashMap<String, HashMap<String, String>> = HashMap::new();
    for row in rows {
        let order_number = row.borrowed_text(const { columns::order("order_number") })?;
        let line = store::line_from_row(row)?;
        if let Some(number) = return_order_number(row, &line.sku_id)? {
            returns.entry(order_number.to_owned()).or_default().insert(line.sku_id.clone(), number);
        }
        match orders.last_mut() {
            Some((current, _)) if current.order_number == order_number => current.lines.push(line),
            _ => {
                let mut order = store::order_from_row(row)?;
                order.lines.push(line);
                orders.push((order, row.integer(const { columns::order("version") })?));
            }
        }
    }
    let has_more = orders.len() > page_orders;
    orders.truncate(page_orders);
    Ok(HistoryPage { orders, has_more, returns })
}

/// The order and its version, for the areas that act on an order (returns, e-invoice ...).
pub async fn find_order_and_version(db: &Db, order_number: &str) -> AppResult<Option<(StoredOrder, i64)>> {
    Ok(find_order_with_lines(db, order_number).await?.map(|loaded| (loaded.order, loaded.version)))
}
