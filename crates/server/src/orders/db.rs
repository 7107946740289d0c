//! SQL for reading orders.

use sqlx::Row;
use sqlx::any::AnyRow;

use crate::db::Db;
use crate::error::AppResult;

pub struct OrderRow {
    pub order_number: String,
    pub order_type: String,
    pub order_classification: String,
    pub parent_sales_order_number: Option<String>,
    pub partner_name: Option<String>,
    pub country: String,
    pub currency: String,
    pub region_reference: String,
    pub upm_id: Option<String>,
    pub email: Option<String>,
    pub phone_country_code: Option<String>,
    pub phone_subscriber: Option<String>,
    pub phone_digits: Option<String>,
    pub order_date: i64,
    pub shipping_total: i64,
    pub taxes_included: bool,
    pub payments: String,
    pub shipping_address: String,
    pub pickup_store_id: Option<String>,
}

pub struct LineRow {
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
    pub unit_price: i64,
    pub tax: i64,
    pub fees: i64,
    pub status: String,
    pub shipment_number: Option<String>,
    pub tracking_url: Option<String>,
    pub estimated_delivery_date: Option<String>,
}

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

/// The order-level fields a history row carries.
pub struct HistoryOrder {
    pub order_number: String,
    pub order_type: String,
    pub order_date: i64,
    pub currency: String,
    pub country: String,
    pub partner_name: Option<String>,
    pub lines: Vec<LineRow>,
}

/// Where a history page starts: after this (order date, order number).
pub struct Anchor {
    pub order_date: i64,
    pub order_number: String,
}

const ORDER_COLUMNS: &str = "o.order_number, o.order_type, o.order_classification, o.parent_sales_order_number, \
    o.partner_name, o.country, o.currency, o.region_reference, o.upm_id, o.email, o.phone_country_code, \
    o.phone_subscriber, o.phone_digits, o.order_date, o.shipping_total, o.taxes_included, o.payments, \
    o.shipping_address, o.pickup_store_id";

const LINE_COLUMNS: &str = "l.line_number, l.gtin, l.sku_id, l.product_id, l.style_color, l.title, l.category, \
    l.color, l.size, l.image_url, l.quantity, l.unit_price, l.tax, l.fees, l.status, l.shipment_number, \
    l.tracking_url, l.estimated_delivery_date";

fn order_from_row(row: &AnyRow) -> Result<OrderRow, sqlx::Error> {
    Ok(OrderRow {
        order_number: row.try_get("order_number")?,
        order_type: row.try_get("order_type")?,
        order_classification: row.try_get("order_classification")?,
        parent_sales_order_number: row.try_get("parent_sales_order_number")?,
        partner_name: row.try_get("partner_name")?,
        country: row.try_get("country")?,
        currency: row.try_get("currency")?,
        region_reference: row.try_get("region_reference")?,
        upm_id: row.try_get("upm_id")?,
        email: row.try_get("email")?,
        phone_country_code: row.try_get("phone_country_code")?,
        phone_subscriber: row.try_get("phone_subscriber")?,
        phone_digits: row.try_get("phone_digits")?,
        order_date: row.try_get("order_date")?,
        shipping_total: row.try_get("shipping_total")?,
        taxes_included: row.try_get::<i64, _>("taxes_included")? != 0,
        payments: row.try_get("payments")?,
        shipping_address: row.try_get("shipping_address")?,
        pickup_store_id: row.try_get("pickup_store_id")?,
    })
}

fn line_from_row(row: &AnyRow) -> Result<LineRow, sqlx::Error> {
    Ok(LineRow {
        line_number: row.try_get("line_number")?,
        gtin: row.try_get("gtin")?,
        sku_id: row.try_get("sku_id")?,
        product_id: row.try_get("product_id")?,
        style_color: row.try_get("style_color")?,
        title: row.try_get("title")?,
        category: row.try_get("category")?,
        color: row.try_get("color")?,
        size: row.try_get("size")?,
        image_url: row.try_get("image_url")?,
        quantity: row.try_get("quantity")?,
        unit_price: row.try_get("unit_price")?,
        tax: row.try_get("tax")?,
        fees: row.try_get("fees")?,
        status: row.try_get("status")?,
        shipment_number: row.try_get("shipment_number")?,
        tracking_url: row.try_get("tracking_url")?,
        estimated_delivery_date: row.try_get("estimated_delivery_date")?,
    })
}

/// The order and its lines in one round trip (every stored order has at least one line).
pub async fn find_order_with_lines(db: &Db, order_number: &str) -> AppResult<Option<(OrderRow, Vec<LineRow>)>> {
    let sql = format!(
        "SELECT {ORDER_COLUMNS}, {LINE_COLUMNS} FROM orders o JOIN order_lines l ON l.order_number = o.order_number \
         WHERE o.order_number = $1 ORDER BY l.line_number"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(order_number).fetch_all(&db.pool).await?;
    let Some(first) = rows.first() else { return Ok(None) };
    let order = order_from_row(first)?;
    let lines = rows.iter().map(line_from_row).collect::<Result<_, _>>()?;
    Ok(Some((order, lines)))
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

/// One page of a member's history: up to `page_orders` orders after `anchor`, newest first, with their
/// lines, plus whether another page follows. One round trip: the orders are chosen in a subquery on
/// the (upm_id, order_type, order_date, order_number) index and joined to their lines.
pub async fn history_page(
    db: &Db,
    upm_id: &str,
    order_type: &str,
    anchor: Option<&Anchor>,
    page_orders: usize,
) -> AppResult<(Vec<HistoryOrder>, bool)> {
    // A row-value comparison is one index range on both databases (an OR of two conditions is not on PostgreSQL).
    let keyset = if anchor.is_some() { "AND (order_date, order_number) < ($3, $4)" } else { "" };
    let sql = format!(
        "SELECT o.order_number, o.order_type, o.order_date, o.currency, o.country, o.partner_name, {LINE_COLUMNS} \
         FROM (SELECT order_number, order_type, order_date, currency, country, partner_name FROM orders \
               WHERE upm_id = $1 AND order_type = $2 {keyset} \
               ORDER BY order_date DESC, order_number DESC LIMIT {limit}) o \
         JOIN order_lines l ON l.order_number = o.order_number \
         ORDER BY o.order_date DESC, o.order_number DESC, l.line_number",
        limit = page_orders + 1
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(upm_id).bind(order_type);
    if let Some(anchor) = anchor {
        query = query.bind(anchor.order_date).bind(anchor.order_number.as_str());
    }
    let rows = query.fetch_all(&db.pool).await?;
    let mut orders: Vec<HistoryOrder> = Vec::new();
    for row in &rows {
        let order_number: String = row.try_get("order_number")?;
        let line = line_from_row(row)?;
        match orders.last_mut() {
            Some(current) if current.order_number == order_number => current.lines.push(line),
            _ => orders.push(HistoryOrder {
                order_number,
                order_type: row.try_get("order_type")?,
                order_date: row.try_get("order_date")?,
                currency: row.try_get("currency")?,
                country: row.try_get("country")?,
                partner_name: row.try_get("partner_name")?,
                lines: vec![line],
            }),
        }
    }
    let has_more = orders.len() > page_orders;
    orders.truncate(page_orders);
    Ok((orders, has_more))
}
