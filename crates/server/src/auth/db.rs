//! Members in the database.

use sqlx::Row;

use crate::db::Db;
use crate::error::AppResult;

pub struct MemberRecord {
    pub upm_id: String,
    pub email: String,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub country: String,
}

const MEMBER_COLUMNS: &str = "upm_id, email, password_hash, first_name, last_name, country";

fn member_from_row(row: &sqlx::any::AnyRow) -> Result<MemberRecord, sqlx::Error> {
    Ok(MemberRecord {
        upm_id: row.try_get("upm_id")?,
        email: row.try_get("email")?,
        password_hash: row.try_get("password_hash")?,
        first_name: row.try_get("first_name")?,
        last_name: row.try_get("last_name")?,
        country: row.try_get("country")?,
    })
}

pub async fn find_by_email(db: &Db, email: &str) -> AppResult<Option<MemberRecord>> {
    let sql = format!("SELECT {MEMBER_COLUMNS} FROM members WHERE email = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(email).fetch_optional(&db.pool).await?;
    Ok(row.as_ref().map(member_from_row).transpose()?)
}

pub async fn find_by_id(db: &Db, upm_id: &domain::UpmId) -> AppResult<Option<MemberRecord>> {
    let sql = format!("SELECT {MEMBER_COLUMNS} FROM members WHERE upm_id = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(upm_id.as_str()).fetch_optional(&db.pool).await?;
    Ok(row.as_ref().map(member_from_row).transpose()?)
}

/// Inserts a member; `false` when the e-mail is already taken.
pub async fn insert(db: &Db, member: &MemberRecord) -> AppResult<bool> {
    let result = sqlx::query(
        "INSERT INTO members (upm_id, email, password_hash, first_name, last_name, country, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (email) DO NOTHING",
    )
    .bind(&member.upm_id)
    .bind(&member.email)
    .bind(&member.password_hash)
    .bind(&member.first_name)
    .bind(&member.last_name)
    .bind(&member.country)
    .bind(chrono::Utc::now().timestamp_millis())
    .execute(&db.pool)
    .await?;
    Ok(result.rows_affected() == 1)
}

/// The record of a member the retailer's OpenID provider issues (ADR 0016), made on first sight: no
/// password (the stored value is no Argon2 hash, so no password ever matches it) and a placeholder
/// e-mail under `.invalid`, which no mail server accepts. An existing member is left as it is.
pub async fn ensure_provider_member(db: &Db, upm_id: &str, country: &str) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO members (upm_id, email, password_hash, first_name, last_name, country, created_at) \
         VALUES ($1, $2, '!provider', '', '', $3, $4) ON CONFLICT DO NOTHING",
    )
    .bind(upm_id)
    .bind(format!("{upm_id}@members.oidc.invalid"))
    .bind(country)
    .bind(chrono::Utc::now().timestamp_millis())
    .execute(&db.pool)
    .await?;
    Ok(())
}
