//! Address book SQL. Every statement names the member, so an address id of another member is simply
//! not found. Writes that touch the preferred flag or the count first lock the member's row (a no-op
//! UPDATE, the same on SQLite and PostgreSQL), so parallel requests of one member run one by one and
//! "one preferred address at most" and the cap hold.

use domain::address::AddressFields;
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::db::{Db, WriteTransaction};
use crate::error::AppResult;
use crate::events::{self, AddressChanged, EventData};

/// The `address.changed` event of a change to the member's address `id`, in the change's transaction.
async fn record_change(
    tx: &mut WriteTransaction,
    upm_id: &str,
    id: &str,
    change: &str,
    country: Option<String>,
    now_ms: i64,
) -> AppResult<()> {
    let event = AddressChanged {
        upm_id: upm_id.to_owned(),
        address_id: id.to_owned(),
        change: change.to_owned(),
        country: country.filter(|country| !country.is_empty()),
    };
    events::record(tx, now_ms, EventData::AddressChanged(event)).await?;
    Ok(())
}

#[derive(Debug, Clone)]
pub struct StoredAddress {
    pub id: String,
    pub original_id: Option<String>,
    pub fields: AddressFields,
    pub preferred: bool,
}

const COLUMNS: &str = "id, original_id, country, code, email, line1, line2, line3, locality, name, name_family, \
                       name_given, phone, province, zone, preferred";

fn from_row(row: &AnyRow) -> Result<StoredAddress, sqlx::Error> {
    Ok(StoredAddress {
        id: row.try_get("id")?,
        original_id: row.try_get("original_id")?,
        fields: AddressFields {
            country: row.try_get("country")?,
            code: row.try_get("code")?,
            email: row.try_get("email")?,
            line1: row.try_get("line1")?,
            line2: row.try_get("line2")?,
            line3: row.try_get("line3")?,
            locality: row.try_get("locality")?,
            name: row.try_get("name")?,
            name_family: row.try_get("name_family")?,
            name_given: row.try_get("name_given")?,
            phone: row.try_get("phone")?,
            province: row.try_get("province")?,
            zone: row.try_get("zone")?,
        },
        preferred: row.try_get::<i64, _>("preferred")? == 1,
    })
}

pub async fn list(db: &Db, upm_id: &domain::UpmId) -> AppResult<Vec<StoredAddress>> {
    let sql =
        format!("SELECT {COLUMNS} FROM member_addresses WHERE upm_id = $1 ORDER BY preferred DESC, created_at, id");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(upm_id.as_str()).fetch_all(&db.pool).await?;
    Ok(rows.iter().map(from_row).collect::<Result<_, _>>()?)
}

async fn fetch_one(tx: &mut WriteTransaction, upm_id: &str, id: &str) -> AppResult<Option<StoredAddress>> {
    let sql = format!("SELECT {COLUMNS} FROM member_addresses WHERE upm_id = $1 AND id = $2");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(upm_id).bind(id).fetch_optional(&mut **tx).await?;
    Ok(row.as_ref().map(from_row).transpose()?)
}

/// Locks the member's row for the rest of the transaction. False when the member does not exist.
async fn lock_member(tx: &mut WriteTransaction, upm_id: &str) -> AppResult<bool> {
    let done =
        sqlx::query("UPDATE members SET upm_id = upm_id WHERE upm_id = $1").bind(upm_id).execute(&mut **tx).await?;
    Ok(done.rows_affected() == 1)
}

async fn unset_preferred(tx: &mut WriteTransaction, upm_id: &str, now_ms: i64) -> AppResult<()> {
    sqlx::query("UPDATE member_addresses SET preferred = 0, updated_at = $2 WHERE upm_id = $1 AND preferred = 1")
        .bind(upm_id)
        .bind(now_ms)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub enum Inserted {
    Stored,
    LimitReached,
    NoMember,
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// Binds an address's fields as the next parameters, in the column order country, code, email, line1,
/// line2, line3, locality, name, name_family, name_given, phone, province, zone (insert and update alike).
fn bind_fields<'q>(query: AnyQuery<'q>, fields: &AddressFields) -> AnyQuery<'q> {
    query
        .bind(fields.country.clone().unwrap_or_default())
        .bind(fields.code.clone())
        .bind(fields.email.clone())
        .bind(fields.line1.clone())
        .bind(fields.line2.clone())
        .bind(fields.line3.clone())
        .bind(fields.locality.clone())
        .bind(fields.name.clone())
        .bind(fields.name_family.clone())
        .bind(fields.name_given.clone())
        .bind(fields.phone.clone())
        .bind(fields.province.clone())
        .bind(fields.zone.clone())
}

pub async fn insert(
    db: &Db,
    upm_id: &domain::UpmId,
    address: &StoredAddress,
    limit: i64,
    now_ms: i64,
) -> AppResult<Inserted> {
    let mut tx = db.begin_write().await?;
    if !lock_member(&mut tx, upm_id).await? {
        return Ok(Inserted::NoMember);
    }
    let (count, newest): (i64, Option<i64>) =
        sqlx::query_as("SELECT COUNT(*), MAX(created_at) FROM member_addresses WHERE upm_id = $1")
            .bind(upm_id.as_str())
            .fetch_one(&mut *tx)
            .await?;
    if count >= limit {
        return Ok(Inserted::LimitReached);
    }
    // The book lists addresses in the order they were added; two added within one millisecond would
    // otherwise fall back to their random ids, so a new address is always stamped after the newest.
    let now_ms = newest.map_or(now_ms, |newest| now_ms.max(newest + 1));
    if address.preferred {
        unset_preferred(&mut tx, upm_id, now_ms).await?;
    }
    let fields = &address.fields;
    let insert = sqlx::query(
        "INSERT INTO member_addresses (id, upm_id, original_id, country, code, email, line1, line2, line3, locality, \
           name, name_family, name_given, phone, province, zone, preferred, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $18)",
    )
    .bind(&address.id)
    .bind(upm_id.as_str())
    .bind(address.original_id.clone());
    bind_fields(insert, fields).bind(i64::from(address.preferred)).bind(now_ms).execute(&mut *tx).await?;
    record_change(&mut tx, upm_id, &address.id, "created", fields.country.clone(), now_ms).await?;
    tx.commit().await?;
    Ok(Inserted::Stored)
}

/// Replaces the fields of the member's address `id`; `preferred` None keeps the flag. `None` when the
/// member has no such address.
pub async fn update(
    db: &Db,
    upm_id: &domain::UpmId,
    id: &str,
    original_id: Option<String>,
    fields: &AddressFields,
    preferred: Option<bool>,
    now_ms: i64,
) -> AppResult<Option<StoredAddress>> {
    let mut tx = db.begin_write().await?;
    if !lock_member(&mut tx, upm_id).await? {
        return Ok(None);
    }
    if preferred == Some(true) {
        unset_preferred(&mut tx, upm_id, now_ms).await?;
    }
    let update = sqlx::query(
        "UPDATE member_addresses SET original_id = COALESCE($3, original_id), country = $4, code = $5, email = $6, \
           line1 = $7, line2 = $8, line3 = $9, locality = $10, name = $11, name_family = $12, name_given = $13, \
           phone = $14, province = $15, zone = $16, preferred = COALESCE($17, preferred), updated_at = $18 \
         WHERE upm_id = $1 AND id = $2",
    )
    .bind(upm_id.as_str())
    .bind(id)
    .bind(original_id);
    let done = bind_fields(update, fields).bind(preferred.map(i64::from)).bind(now_ms).execute(&mut *tx).await?;
    if done.rows_affected() == 0 {
        return Ok(None);
    }
    let stored = fetch_one(&mut tx, upm_id, id).await?;
    record_change(&mut tx, upm_id, id, "updated", fields.country.clone(), now_ms).await?;
    tx.commit().await?;
    Ok(stored)
}

pub async fn delete(db: &Db, upm_id: &domain::UpmId, id: &str, now_ms: i64) -> AppResult<bool> {
    let mut tx = db.begin_write().await?;
    let done = sqlx::query("DELETE FROM member_addresses WHERE upm_id = $1 AND id = $2")
        .bind(upm_id.as_str())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() != 1 {
        tx.rollback().await?;
        return Ok(false);
    }
    record_change(&mut tx, upm_id, id, "deleted", None, now_ms).await?;
    tx.commit().await?;
    Ok(true)
}
