//! Lookups the ops API makes before writing (the write itself is `orders::store::upsert`).

use sqlx::Row;

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

/// `member_exists(upm_id)` and `order_owner(order_number)` in one round trip (the ops upsert asks both).
pub async fn member_and_order_owner(
    db: &Db,
    upm_id: &str,
    order_number: &str,
) -> AppResult<(bool, Option<Option<String>>)> {
    let row = sqlx::query(
        "SELECT (SELECT COUNT(*) FROM members WHERE upm_id = $1) AS members, \
         (SELECT COUNT(*) FROM orders WHERE order_number = $2) AS orders, \
         (SELECT upm_id FROM orders WHERE order_number = $2) AS owner",
    )
    .bind(upm_id)
    .bind(order_number)
    .fetch_one(&db.pool)
    .await?;
    let member = row.try_get::<i64, _>("members")? > 0;
    let owner = if row.try_get::<i64, _>("orders")? > 0 { Some(row.try_get("owner")?) } else { None };
    Ok((member, owner))
}

pub async fn store_exists(db: &Db, store_id: &str) -> AppResult<bool> {
    let found: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM stores WHERE store_id = $1").bind(store_id).fetch_optional(&db.pool).await?;
    Ok(found.is_some())
}
