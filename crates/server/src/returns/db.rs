//! The returns area's SQL. Reservations move only by conditional UPDATEs; once-only effects are keyed
//! rows (`return_effects`), inserted before the effect; a label the carrier issued is a row of `return_labels`.

use std::collections::HashMap;

use sqlx::{AnyConnection, Row};

use crate::carriers::IssuedLabel;
use crate::db::ids::{id, optional_id};
use crate::db::{Db, Param};
use crate::error::AppResult;
use domain::{CountryCode, Email, OrderNumber, ReturnNumber};

/// Units of each line of `order_number` taken by returns.
pub async fn returned_quantities(db: &Db, order_number: &OrderNumber) -> AppResult<HashMap<i64, i64>> {
    // Read by the order detail: on the hot read path (`Db::read`).
    let mut found = HashMap::new();
    db.read(
        "SELECT line_number, returned FROM return_quantities WHERE order_number = $1",
        &[Param::Text(order_number)],
        |row| {
            found.insert(row.integer(0)?, row.integer(1)?);
            Ok(())
        },
    )
    .await?;
    Ok(found)
}

/// Takes `quantity` units of a line, if that many are left. False when they are not (nothing changed).
/// The first statement writes, so SQLite takes its write lock before reading (no stale snapshot), and
/// PostgreSQL re-checks the condition after waiting on a parallel writer's row.
pub async fn reserve(
    connection: &mut AnyConnection,
    order_number: &str,
    line_number: i64,
    ordered: i64,
    quantity: i64,
) -> AppResult<bool> {
    sqlx::query(
        "INSERT INTO return_quantities (order_number, line_number, ordered, returned) VALUES ($1, $2, $3, 0) \
         ON CONFLICT (order_number, line_number) DO NOTHING",
    )
    .bind(order_number)
    .bind(line_number)
    .bind(ordered)
    .execute(&mut *connection)
    .await?;
    let updated = sqlx::query(
        "UPDATE return_quantities SET returned = returned + $3 \
         WHERE order_number = $1 AND line_number = $2 AND returned + $3 <= ordered",
    )
    .bind(order_number)
    .bind(line_number)
    .bind(quantity)
    .execute(&mut *connection)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Gives reserved units back (a return the carrier refused).
pub async fn release(
    connection: &mut AnyConnection,
    order_number: &str,
    line_number: i64,
    quantity: i64,
) -> AppResult<()> {
    sqlx::query(
        "UPDATE return_quantities SET returned = returned - $3 \
         WHERE order_number = $1 AND line_number = $2 AND returned >= $3",
    )
    .bind(order_number)
    .bind(line_number)
    .bind(quantity)
    .execute(&mut *connection)
    .await?;
    Ok(())
}

/// A return as stored.
#[derive(Debug, Clone)]
pub struct ReturnRow {
    pub return_order_number: ReturnNumber,
    pub parent_order_number: OrderNumber,
    pub owner_key: String,
    pub as_member: bool,
    pub country: CountryCode,
    pub return_method: String,
    pub carrier_id: Option<String>,
    pub store_id: Option<String>,
    pub locale: String,
    pub email: Option<Email>,
    pub request: serde_json::Value,
    pub raw_status: String,
    pub drop_off_code: Option<String>,
    pub tracking_number: Option<String>,
    pub refund_deduction: i64,
    pub created_at: i64,
}

#[derive(Debug, Clone)]
pub struct ReturnLineRow {
    pub line_number: i64,
    pub quantity: i64,
    pub reason_code: String,
    pub reason_text: String,
    pub comment: Option<String>,
}

/// What a return's events carry about it (`return.requested`, `return.created`).
pub fn event_data(
    row: &ReturnRow,
    lines: &[ReturnLineRow],
    tracking_number: Option<String>,
) -> crate::events::ReturnData {
    crate::events::ReturnData {
        return_order_number: row.return_order_number.to_string(),
        order_number: row.parent_order_number.to_string(),
        country: row.country.to_string(),
        method: row.return_method.clone(),
        carrier_id: row.carrier_id.clone(),
        store_id: row.store_id.clone(),
        lines: lines
            .iter()
            .map(|line| crate::events::ReturnLine {
                line_number: line.line_number,
                quantity: line.quantity,
                reason_code: Some(line.reason_code.clone()).filter(|code| !code.is_empty()),
            })
            .collect(),
        tracking_number,
    }
}

pub async fn insert_return(connection: &mut AnyConnection, row: &ReturnRow, lines: &[ReturnLineRow]) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO returns (return_order_number, parent_order_number, owner_key, as_member, country, return_method, \
         carrier_id, store_id, locale, email, request, raw_status, drop_off_code, tracking_number, refund_deduction, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)",
    )
    .bind(row.return_order_number.as_str())
    .bind(row.parent_order_number.as_str())
    .bind(&row.owner_key)
    .bind(i64::from(row.as_member))
    .bind(row.country.as_str())
    .bind(&row.return_method)
    .bind(row.carrier_id.clone())
    .bind(row.store_id.clone())
    .bind(&row.locale)
    .bind(row.email.clone().map(String::from))
    .bind(row.request.to_string())
    .bind(&row.raw_status)
    .bind(row.drop_off_code.clone())
    .bind(row.tracking_number.clone())
    .bind(row.refund_deduction)
    .bind(row.created_at)
    .execute(&mut *connection)
    .await?;
    for line in lines {
        sqlx::query(
            "INSERT INTO return_lines (return_order_number, line_number, quantity, reason_code, reason_text, comment) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(row.return_order_number.as_str())
        .bind(line.line_number)
        .bind(line.quantity)
        .bind(&line.reason_code)
        .bind(&line.reason_text)
        .bind(line.comment.clone())
        .execute(&mut *connection)
        .await?;
    }
    Ok(())
}

fn return_from_row(row: &sqlx::any::AnyRow) -> Result<ReturnRow, sqlx::Error> {
    let request: String = row.try_get("request")?;
    Ok(ReturnRow {
        return_order_number: id(row, "return_order_number", ReturnNumber::parse)?,
        parent_order_number: id(row, "parent_order_number", OrderNumber::parse)?,
        owner_key: row.try_get("owner_key")?,
        as_member: row.try_get::<i64, _>("as_member")? != 0,
        country: id(row, "country", CountryCode::parse)?,
        return_method: row.try_get("return_method")?,
        carrier_id: row.try_get("carrier_id")?,
        store_id: row.try_get("store_id")?,
        locale: row.try_get("locale")?,
        email: optional_id(row, "email", Email::parse)?,
        request: serde_json::from_str(&request).unwrap_or(serde_json::Value::Null),
        raw_status: row.try_get("raw_status")?,
        drop_off_code: row.try_get("drop_off_code")?,
        tracking_number: row.try_get("tracking_number")?,
        refund_deduction: row.try_get("refund_deduction")?,
        created_at: row.try_get("created_at")?,
    })
}

const RETURN_COLUMNS: &str = "return_order_number, parent_order_number, owner_key, as_member, country, return_method, \
    carrier_id, store_id, locale, email, request, raw_status, drop_off_code, tracking_number, refund_deduction, created_at";

pub async fn find_return(
    db: &Db,
    return_order_number: &ReturnNumber,
) -> AppResult<Option<(ReturnRow, Vec<ReturnLineRow>)>> {
    let sql = format!("SELECT {RETURN_COLUMNS} FROM returns WHERE return_order_number = $1");
    let Some(row) =
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(return_order_number.as_str()).fetch_optional(&db.pool).await?
    else {
        return Ok(None);
    };
    let found = return_from_row(&row)?;
    let rows = sqlx::query(
        "SELECT line_number, quantity, reason_code, reason_text, comment FROM return_lines \
         WHERE return_order_number = $1 ORDER BY line_number",
    )
    .bind(return_order_number.as_str())
    .fetch_all(&db.pool)
    .await?;
    let mut lines = Vec::with_capacity(rows.len());
    for row in rows {
        lines.push(ReturnLineRow {
            line_number: row.try_get("line_number")?,
            quantity: row.try_get("quantity")?,
            reason_code: row.try_get("reason_code")?,
            reason_text: row.try_get("reason_text")?,
            comment: row.try_get("comment")?,
        });
    }
    Ok(Some((found, lines)))
}

/// The returns of a sales order (newest last).
pub async fn returns_of(db: &Db, parent_order_number: &OrderNumber) -> AppResult<Vec<ReturnRow>> {
    let sql = format!("SELECT {RETURN_COLUMNS} FROM returns WHERE parent_order_number = $1 ORDER BY created_at");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(parent_order_number.as_str()).fetch_all(&db.pool).await?;
    Ok(rows.iter().map(return_from_row).collect::<Result<_, _>>()?)
}

pub async fn set_codes(
    connection: &mut AnyConnection,
    return_order_number: &str,
    drop_off_code: Option<&str>,
    tracking_number: Option<&str>,
    now: i64,
) -> AppResult<()> {
    sqlx::query(
        "UPDATE returns SET drop_off_code = COALESCE(drop_off_code, $2), tracking_number = COALESCE(tracking_number, $3), \
         updated_at = $4 WHERE return_order_number = $1",
    )
    .bind(return_order_number)
    .bind(drop_off_code)
    .bind(tracking_number)
    .bind(now)
    .execute(&mut *connection)
    .await?;
    Ok(())
}

pub async fn set_raw_status(
    connection: &mut AnyConnection,
    return_order_number: &str,
    raw: &str,
    now: i64,
) -> AppResult<()> {
    sqlx::query("UPDATE returns SET raw_status = $2, updated_at = $3 WHERE return_order_number = $1")
        .bind(return_order_number)
        .bind(raw)
        .bind(now)
        .execute(&mut *connection)
        .await?;
    Ok(())
}

/// Records an effect of a return; true for exactly one of any number of callers with the same key.
pub async fn claim_effect(
    db: &Db,
    return_order_number: &str,
    key: &str,
    detail: Option<&str>,
    now: i64,
) -> AppResult<bool> {
    let inserted = sqlx::query(
        "INSERT INTO return_effects (return_order_number, effect_key, detail, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (return_order_number, effect_key) DO NOTHING",
    )
    .bind(return_order_number)
    .bind(key)
    .bind(detail)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(inserted.rows_affected() == 1)
}

/// A claimed effect not marked done after this long is taken to have died with its process (shorter than
/// the job lease, so the job that is claimed again finds it free).
pub const EFFECT_TAKEOVER_MS: i64 = 20_000;
const PENDING: &str = "pending";

/// Claims an effect that is marked done afterwards (`finish_effect`): true for exactly one caller, either
/// the first, or one that takes over a claim left pending by a process that died. An effect whose process
/// died after acting but before marking it done is made again: at least once, never lost.
pub async fn claim_pending_effect(db: &Db, return_order_number: &ReturnNumber, key: &str, now: i64) -> AppResult<bool> {
    if claim_effect(db, return_order_number, key, Some(PENDING), now).await? {
        return Ok(true);
    }
    let taken = sqlx::query(
        "UPDATE return_effects SET created_at = $3 WHERE return_order_number = $1 AND effect_key = $2 \
         AND detail = $4 AND created_at < $5",
    )
    .bind(return_order_number.as_str())
    .bind(key)
    .bind(now)
    .bind(PENDING)
    .bind(now - EFFECT_TAKEOVER_MS)
    .execute(&db.pool)
    .await?;
    Ok(taken.rows_affected() == 1)
}

/// Marks a claimed effect done with its outcome.
pub async fn finish_effect(db: &Db, return_order_number: &ReturnNumber, key: &str, detail: &str) -> AppResult<()> {
    set_effect_detail(db, return_order_number, key, detail).await
}

/// Forgets an effect whose action failed, so that a retry makes it.
pub async fn release_effect(db: &Db, return_order_number: &ReturnNumber, key: &str) -> AppResult<()> {
    sqlx::query("DELETE FROM return_effects WHERE return_order_number = $1 AND effect_key = $2")
        .bind(return_order_number.as_str())
        .bind(key)
        .execute(&db.pool)
        .await?;
    Ok(())
}

pub async fn effect_detail(
    db: &Db,
    return_order_number: &ReturnNumber,
    key: &str,
) -> AppResult<Option<Option<String>>> {
    let row = sqlx::query("SELECT detail FROM return_effects WHERE return_order_number = $1 AND effect_key = $2")
        .bind(return_order_number.as_str())
        .bind(key)
        .fetch_optional(&db.pool)
        .await?;
    Ok(match row {
        Some(row) => Some(row.try_get("detail")?),
        None => None,
    })
}

pub async fn set_effect_detail(db: &Db, return_order_number: &ReturnNumber, key: &str, detail: &str) -> AppResult<()> {
    sqlx::query("UPDATE return_effects SET detail = $3 WHERE return_order_number = $1 AND effect_key = $2")
        .bind(return_order_number.as_str())
        .bind(key)
        .bind(detail)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The label the carrier issued for a return, stored by the capture job; `None` for a return made before
/// labels were stored (it is drawn in process, as then) or one still being made.
pub async fn stored_label(db: &Db, return_order_number: &ReturnNumber) -> AppResult<Option<IssuedLabel>> {
    let row = sqlx::query(
        "SELECT carrier_id, tracking_number, service, drop_off_code FROM return_labels WHERE return_order_number = $1",
    )
    .bind(return_order_number.as_str())
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(IssuedLabel {
        carrier_id: row.try_get("carrier_id")?,
        tracking_number: row.try_get("tracking_number")?,
        service: row.try_get("service")?,
        drop_off_code: row.try_get("drop_off_code")?,
    }))
}

/// Stores the carrier's label in the transaction that completes the return; a rerun keeps the first.
pub async fn store_label(
    connection: &mut AnyConnection,
    return_order_number: &str,
    label: &IssuedLabel,
    now: i64,
) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO return_labels (return_order_number, carrier_id, tracking_number, service, drop_off_code, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (return_order_number) DO NOTHING",
    )
    .bind(return_order_number)
    .bind(&label.carrier_id)
    .bind(&label.tracking_number)
    .bind(&label.service)
    .bind(&label.drop_off_code)
    .bind(now)
    .execute(&mut *connection)
    .await?;
    Ok(())
}
