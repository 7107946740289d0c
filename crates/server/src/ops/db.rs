//! Writing orders as the retailer's order system sends them: one order replaced whole, atomically.

use super::input::NewOrder;
use crate::db::Db;
use crate::error::AppResult;

/// `None` when the order is new; `Some(member)` (itself `None` for a guest order) when it exists.
pub async fn order_owner(db: &Db, order_number: &str) -> AppResult<Option<Option<String>>> {
    let found: Option<Option<String>> = sqlx::query_scalar("SELECT upm_id FROM orders WHERE order_number = $1")
        .bind(order_number)
        .fetch_optional(&db.pool)
        .await?;
    Ok(found)
}

pub async fn member_exists(db: &Db, upm_id: &str) -> AppResult<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM members WHERE upm_id = $1").bind(upm_id).fetch_optional(&db.pool).await?;
    Ok(found.is_some())
}

pub async fn store_exists(db: &Db, store_id: &str) -> AppResult<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM stores WHERE store_id = $1").bind(store_id).fetch_optional(&db.pool).await?;
    Ok(found.is_some())
}

/// Inserts or replaces the order and all its lines in one transaction. The order row is written first,
/// so the transaction holds the write lock (SQLite) or the row lock (PostgreSQL) before it touches lines.
pub async fn upsert_order(db: &Db, order: &NewOrder) -> AppResult<()> {
    let payments = serde_json::to_string(&order.payments).map_err(|e| crate::error::AppError::Internal(Box::new(e)))?;
    let shipping_address =
        serde_json::to_string(&order.shipping_address).map_err(|e| crate::error::AppError::Internal(Box::new(e)))?;
    let phone_digits = order.phone.as_ref().map(|p| format!("{}{}", p.country_code, p.subscriber_number));
    let mut transaction = db.pool.begin().await?;
    sqlx::query(
        "INSERT INTO orders (order_number, order_type, order_classification, parent_sales_order_number, \
         partner_name, country, currency, region_reference, upm_id, email, phone_country_code, phone_subscriber, \
         phone_digits, order_date, shipping_total, taxes_included, payments, shipping_address, pickup_store_id, \
         updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) \
         ON CONFLICT (order_number) DO UPDATE SET order_type = excluded.order_type, \
         order_classification = excluded.order_classification, \
         parent_sales_order_number = excluded.parent_sales_order_number, partner_name = excluded.partner_name, \
         country = excluded.country, currency = excluded.currency, region_reference = excluded.region_reference, \
         upm_id = excluded.upm_id, email = excluded.email, phone_country_code = excluded.phone_country_code, \
         phone_subscriber = excluded.phone_subscriber, phone_digits = excluded.phone_digits, \
         order_date = excluded.order_date, shipping_total = excluded.shipping_total, \
         taxes_included = excluded.taxes_included, payments = excluded.payments, \
         shipping_address = excluded.shipping_address, pickup_store_id = excluded.pickup_store_id, \
         updated_at = excluded.updated_at",
    )
    .bind(order.order_number.as_str())
    .bind(order.order_type.as_str())
    .bind(&order.order_classification)
    .bind(order.parent_sales_order_number.as_deref())
    .bind(order.partner_name.as_deref())
    .bind(&order.country)
    .bind(order.currency.code())
    .bind(&order.region_reference)
    .bind(order.upm_id.as_deref())
    .bind(order.email.as_deref())
    .bind(order.phone.as_ref().map(|p| p.country_code.as_str()))
    .bind(order.phone.as_ref().map(|p| p.subscriber_number.as_str()))
    .bind(phone_digits.as_deref())
    .bind(order.order_date_millis)
    .bind(order.shipping_total.0)
    .bind(i64::from(order.taxes_included))
    .bind(&payments)
    .bind(&shipping_address)
    .bind(order.pickup_store_id.as_deref())
    .bind(chrono::Utc::now().timestamp_millis())
    .execute(&mut *transaction)
    .await?;
    sqlx::query("DELETE FROM order_lines WHERE order_number = $1")
        .bind(order.order_number.as_str())
        .execute(&mut *transaction)
        .await?;
    for line in &order.lines {
        sqlx::query(
            "INSERT INTO order_lines (order_number, line_number, gtin, sku_id, product_id, style_color, title, \
             category, color, size, image_url, quantity, unit_price, tax, fees, status, shipment_number, \
             tracking_url, estimated_delivery_date) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)",
        )
        .bind(order.order_number.as_str())
        .bind(line.line_number)
        .bind(&line.gtin)
        .bind(&line.sku_id)
        .bind(&line.product_id)
        .bind(&line.style_color)
        .bind(&line.title)
        .bind(&line.category)
        .bind(&line.color)
        .bind(&line.size)
        .bind(&line.image_url)
        .bind(line.quantity)
        .bind(line.unit_price.0)
        .bind(line.tax.0)
        .bind(line.fees.0)
        .bind(&line.status)
        .bind(line.shipment_number.as_deref())
        .bind(line.tracking_url.as_deref())
        .bind(line.estimated_delivery_date.as_deref())
        .execute(&mut *transaction)
        .await?;
    }
    transaction.commit().await?;
    Ok(())
}
