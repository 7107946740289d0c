//! SQL for curbside interactions and store keys. Every status change is one conditional UPDATE
//! (`... AND status = 'FROM'`), so of two simultaneous changes exactly one wins on both databases.

use sqlx::Row;
use sqlx::any::AnyRow;

use domain::OrderNumber;

use crate::db::Db;

const COLUMNS: &str = "id, order_number, store_id, store_service_id, status, vehicle_description, owner_key, \
                       created_at, updated_at, claimed_at, completed_at";

/// An interaction as stored.
#[derive(Debug, Clone)]
pub struct PickupRecord {
    pub id: String,
    pub order_number: OrderNumber,
    pub store_id: String,
    pub store_service_id: String,
    pub status: String,
    pub vehicle_description: String,
    /// `Caller::owner_key()` of the shopper who asked.
    pub owner_key: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub claimed_at: Option<i64>,
    pub completed_at: Option<i64>,
}

fn record(row: &AnyRow) -> Result<PickupRecord, sqlx::Error> {
    Ok(PickupRecord {
        id: row.try_get("id")?,
        order_number: crate::db::ids::id(row, "order_number", OrderNumber::parse)?,
        store_id: row.try_get("store_id")?,
        store_service_id: row.try_get("store_service_id")?,
        status: row.try_get("status")?,
        vehicle_description: row.try_get("vehicle_description")?,
        owner_key: row.try_get("owner_key")?,
        created_at: row.try_get("created_at")?,
        updated_at: row.try_get("updated_at")?,
        claimed_at: row.try_get("claimed_at")?,
        completed_at: row.try_get("completed_at")?,
    })
}

pub struct NewPickup<'a> {
    pub id: &'a str,
    pub order_number: &'a OrderNumber,
    pub store_id: &'a str,
    pub store_service_id: &'a str,
    pub vehicle_description: &'a str,
    pub owner_key: &'a str,
    pub now: i64,
}

/// Inserts a SUBMITTED interaction unless the order has an open one (the partial unique index
/// `order_pickups_one_open` decides, on both databases). `Err(Some(id))` names the open one.
pub async fn insert_open(db: &Db, new: &NewPickup<'_>) -> Result<Result<(), Option<String>>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let inserted = sqlx::query(
        "INSERT INTO order_pickups (id, order_number, store_id, store_service_id, status, vehicle_description, \
         owner_key, created_at, updated_at) VALUES ($1, $2, $3, $4, 'SUBMITTED', $5, $6, $7, $7) \
         ON CONFLICT DO NOTHING",
    )
    .bind(new.id)
    .bind(new.order_number.as_str())
    .bind(new.store_id)
    .bind(new.store_service_id)
    .bind(new.vehicle_description)
    .bind(new.owner_key)
    .bind(new.now)
    .execute(&mut *tx)
    .await?;
    if inserted.rows_affected() == 1 {
        let arrived = crate::events::PickupData {
            pickup_id: new.id.to_owned(),
            order_number: new.order_number.to_string(),
            store_id: new.store_id.to_owned(),
            status: "SUBMITTED".to_owned(),
            previous_status: None,
            vehicle_description: Some(new.vehicle_description.to_owned()),
        };
        crate::events::record(&mut tx, new.now, crate::events::EventData::PickupArrived(arrived)).await?;
        tx.commit().await?;
        return Ok(Ok(()));
    }
    tx.rollback().await?;
    Ok(Err(open_of_order(db, new.order_number).await?))
}

/// The order's open interaction (SUBMITTED or CLAIMED; at most one, by `order_pickups_one_open`).
pub async fn open_of_order(db: &Db, order_number: &OrderNumber) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT id FROM order_pickups WHERE order_number = $1 AND status IN ('SUBMITTED', 'CLAIMED') LIMIT 1",
    )
    .bind(order_number.as_str())
    .fetch_optional(&db.pool)
    .await
}

pub async fn find(db: &Db, id: &str) -> Result<Option<PickupRecord>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM order_pickups WHERE id = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id.to_owned()).fetch_optional(&db.pool).await?;
    row.as_ref().map(record).transpose()
}

/// The `pickup.status_changed` event of `record` moved to `to`, in the transaction of the move.
pub async fn record_status_change(
    connection: &mut sqlx::AnyConnection,
    record: &PickupRecord,
    to: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    let changed = crate::events::PickupData {
        pickup_id: record.id.clone(),
        order_number: record.order_number.to_string(),
        store_id: record.store_id.clone(),
        status: to.to_owned(),
        previous_status: Some(record.status.clone()),
        vehicle_description: None,
    };
    crate::events::record(connection, now, crate::events::EventData::PickupStatusChanged(changed)).await
}

/// Moves `id` from `from` to `to` if it is still in `from` (and, when given, at `store_id`); true when
/// this call made the change.
pub async fn transition(
    connection: &mut sqlx::AnyConnection,
    id: &str,
    store_id: Option<&str>,
    from: &[&str],
    to: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let quoted: Vec<String> = from.iter().map(|status| format!("'{status}'")).collect();
    let stamp = match to {
        "CLAIMED" => ", claimed_at = $2",
        "COMPLETE" => ", completed_at = $2",
        _ => "",
    };
    let store_filter = if store_id.is_some() { " AND store_id = $4" } else { "" };
    let sql = format!(
        "UPDATE order_pickups SET status = $3, updated_at = $2{stamp} WHERE id = $1 AND status IN ({}){store_filter}",
        quoted.join(", ")
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id.to_owned()).bind(now).bind(to.to_owned());
    if let Some(store_id) = store_id {
        query = query.bind(store_id.to_owned());
    }
    Ok(query.execute(&mut *connection).await?.rows_affected() == 1)
}

/// A store's open interactions, newest first (at most 200: a store never has more cars waiting).
pub async fn open_at_store(db: &Db, store_id: &str) -> Result<Vec<PickupRecord>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM order_pickups WHERE store_id = $1 AND status IN ('SUBMITTED', 'CLAIMED') \
         ORDER BY created_at DESC, id DESC LIMIT 200"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(store_id.to_owned()).fetch_all(&db.pool).await?;
    rows.iter().map(record).collect()
}

pub async fn insert_store_key(
    db: &Db,
    key_hash: &str,
    store_id: &str,
    label: Option<&str>,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO store_keys (key_hash, store_id, label, created_at) VALUES ($1, $2, $3, $4)")
        .bind(key_hash.to_owned())
        .bind(store_id.to_owned())
        .bind(label.map(str::to_owned))
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Revokes every live key of a store; the number revoked.
pub async fn revoke_store_keys(db: &Db, store_id: &str, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("UPDATE store_keys SET revoked_at = $2 WHERE store_id = $1 AND revoked_at IS NULL")
        .bind(store_id.to_owned())
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected())
}

/// The store a (hashed) key belongs to, unless revoked.
pub async fn store_of_key(db: &Db, key_hash: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT store_id FROM store_keys WHERE key_hash = $1 AND revoked_at IS NULL")
        .bind(key_hash.to_owned())
        .fetch_optional(&db.pool)
        .await
}
