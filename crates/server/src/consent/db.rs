//! Consent SQL: one row per member and type, upserted.

use sqlx::Row;

use super::ConsentType;
use crate::db::Db;
use crate::error::AppResult;
use crate::events::{self, ConsentChanged, EventData};

pub struct ConsentRow {
    pub kind: ConsentType,
    pub granted: bool,
    pub updated_at: i64,
}

pub async fn list(db: &Db, upm_id: &domain::UpmId) -> AppResult<Vec<ConsentRow>> {
    let rows = sqlx::query(
        "SELECT consent_type, granted, updated_at FROM member_consents WHERE upm_id = $1 ORDER BY consent_type",
    )
    .bind(upm_id.as_str())
    .fetch_all(&db.pool)
    .await?;
    let mut records = Vec::with_capacity(rows.len());
    for row in rows {
        let kind: String = row.try_get("consent_type")?;
        // A type this version no longer knows is left out rather than failing the whole list.
        if let Some(kind) = ConsentType::parse(&kind) {
            records.push(ConsentRow {
                kind,
                granted: row.try_get::<i64, _>("granted")? == 1,
                updated_at: row.try_get("updated_at")?,
            });
        }
    }
    Ok(records)
}

/// Sets one consent. False when the member does not exist.
pub async fn set(
    db: &Db,
    upm_id: &domain::UpmId,
    kind: ConsentType,
    granted: bool,
    by: &str,
    now_ms: i64,
) -> AppResult<bool> {
    let exists: Option<String> = sqlx::query_scalar("SELECT upm_id FROM members WHERE upm_id = $1")
        .bind(upm_id.as_str())
        .fetch_optional(&db.pool)
        .await?;
    if exists.is_none() {
        return Ok(false);
    }
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "INSERT INTO member_consents (upm_id, consent_type, granted, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (upm_id, consent_type) DO UPDATE SET granted = excluded.granted, \
           updated_at = excluded.updated_at, updated_by = excluded.updated_by",
    )
    .bind(upm_id.as_str())
    .bind(kind.as_str())
    .bind(i64::from(granted))
    .bind(now_ms)
    .bind(by)
    .execute(&mut *tx)
    .await?;
    let event = ConsentChanged {
        upm_id: upm_id.to_string(),
        consent_type: kind.as_str().to_owned(),
        granted,
        changed_by: by.to_owned(),
    };
    events::record(&mut tx, now_ms, EventData::ConsentChanged(event)).await?;
    tx.commit().await?;
    Ok(true)
}
