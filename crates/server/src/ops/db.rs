//! Lookups the ops API makes before writing (the write itself is `orders::store::upsert`). They take the
//! read path (`Db::read`): on SQLite a read on the calling thread, not a hand-off to a pool connection.

use crate::db::{Db, Param};
use crate::error::AppResult;

/// `None` when the order is new; `Some(member)` (itself `None` for a guest order) when it exists.
pub async fn order_owner(db: &Db, order_number: &str) -> AppResult<Option<Option<String>>> {
    let mut found = None;
    db.read("SELECT upm_id FROM orders WHERE order_number = $1", &[Param::Text(order_number)], |row| {
        found = Some(row.optional_text(0)?);
        Ok(())
    })
    .await?;
    Ok(found)
}

/// `member_exists(upm_id)` and `order_owner(order_number)` in one round trip (the ops upsert asks both).
pub async fn member_and_order_owner(
    db: &Db,
    upm_id: &str,
    order_number: &str,
) -> AppResult<(bool, Option<Option<String>>)> {
    let mut answer = (false, None);
    db.read(
        "SELECT (SELECT COUNT(*) FROM members WHERE upm_id = $1), \
         (SELECT COUNT(*) FROM orders WHERE order_number = $2), \
         (SELECT upm_id FROM orders WHERE order_number = $2)",
        &[Param::Text(upm_id), Param::Text(order_number)],
        |row| {
            let owner = if row.integer(1)? > 0 { Some(row.optional_text(2)?) } else { None };
            answer = (row.integer(0)? > 0, owner);
            Ok(())
        },
    )
    .await?;
    Ok(answer)
}

pub async fn store_exists(db: &Db, store_id: &str) -> AppResult<bool> {
    let mut found = false;
    db.read("SELECT 1 FROM stores WHERE store_id = $1", &[Param::Text(store_id)], |_| {
        found = true;
        Ok(())
    })
    .await?;
    Ok(found)
}
