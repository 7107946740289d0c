//! Idempotent POSTs with Stripe's semantics, kept in the database so they hold across processes:
//! the same `Idempotency-Key` and body answer the first answer again; the same key with another body
//! answers 422; a retry while the first request is still running answers 409.
//!
//! Use: `let claim = match idempotency::begin(..).await? { Begin::Replay(answer) => return Ok(answer),
//! Begin::Fresh(claim) => claim };` then, in the transaction that writes the effect,
//! `idempotency::finish_in(&mut *tx, &claim, status, &body)`. If the request fails before it commits,
//! call `idempotency::abandon(..)` so that a retry runs again.

use axum::body::Bytes;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use sqlx::{AnyConnection, Row};

use crate::error::{AppError, AppResult};
use crate::platform::Platform;

/// A first request whose key was still unanswered after this long is taken to have died with its process.
const ABANDONED_AFTER_MS: i64 = 60_000;
const MAX_KEY_LENGTH: usize = 255;

/// The `Idempotency-Key` header, when sent: 1 to 255 visible ASCII characters.
pub struct IdempotencyKey(pub Option<String>);

/// The header's rule in the API document (`("Idempotency-Key" = inline(Option<KeyText>), Header)`).
pub struct KeyText;

impl utoipa::PartialSchema for KeyText {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::String)
            .pattern(Some(format!("^[!-~]{{1,{MAX_KEY_LENGTH}}}$")))
            .into()
    }
}
impl utoipa::ToSchema for KeyText {}

impl<S: Send + Sync> FromRequestParts<S> for IdempotencyKey {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let Some(value) = parts.headers.get("idempotency-key") else {
            return Ok(Self(None));
        };
        let text = value.to_str().map_err(|_| AppError::InvalidIdempotencyKey)?;
        let valid = !text.is_empty() && text.len() <= MAX_KEY_LENGTH && text.bytes().all(|b| b.is_ascii_graphic());
        if !valid {
            return Err(AppError::InvalidIdempotencyKey);
        }
        Ok(Self(Some(text.to_owned())))
    }
}

/// A key this request holds until it finishes.
pub struct Claim {
    owner_key: String,
    scope: &'static str,
    key: String,
}

/// A stored answer, replayed as it was.
pub struct StoredAnswer {
    pub status: StatusCode,
    pub body: Bytes,
}

impl IntoResponse for StoredAnswer {
    fn into_response(self) -> Response {
        let mut response = (self.status, self.body).into_response();
        response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        response.headers_mut().insert("idempotent-replayed", HeaderValue::from_static("true"));
        response
    }
}

pub enum Begin {
    Fresh(Claim),
    Replay(StoredAnswer),
}

fn request_hash(body: &[u8]) -> String {
    Sha256::digest(body).iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Takes `key` for this caller and endpoint, or tells what an earlier request with it got.
pub async fn begin(state: &Platform, owner_key: &str, scope: &'static str, key: &str, body: &[u8]) -> AppResult<Begin> {
    let hash = request_hash(body);
    let now = state.clock.now_ms();
    let inserted = sqlx::query(
        "INSERT INTO idempotency_keys (owner_key, scope, idempotency_key, request_hash, created_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(owner_key)
    .bind(scope)
    .bind(key)
    .bind(&hash)
    .bind(now)
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    let claim = Claim { owner_key: owner_key.to_owned(), scope, key: key.to_owned() };
    if inserted == 1 {
        return Ok(Begin::Fresh(claim));
    }
    let row = sqlx::query(
        "SELECT request_hash, status_code, response_body, created_at FROM idempotency_keys \
         WHERE owner_key = $1 AND scope = $2 AND idempotency_key = $3",
    )
    .bind(owner_key)
    .bind(scope)
    .bind(key)
    .fetch_optional(&state.db.pool)
    .await?;
    // Deleted between the two statements (the first request failed): this one may run.
    let Some(row) = row else {
        return Box::pin(begin(state, owner_key, scope, key, body)).await;
    };
    let stored_hash: String = row.try_get("request_hash")?;
    if stored_hash != hash {
        return Err(AppError::IdempotencyKeyReused);
    }
    let status_code: Option<i64> = row.try_get("status_code")?;
    let Some(status_code) = status_code else {
        let created_at: i64 = row.try_get("created_at")?;
        if now - created_at > ABANDONED_AFTER_MS {
            // The first request's process died: take the key over, exactly one taker wins.
            let taken = sqlx::query(
                "UPDATE idempotency_keys SET created_at = $1 WHERE owner_key = $2 AND scope = $3 \
                 AND idempotency_key = $4 AND status_code IS NULL AND created_at = $5",
            )
            .bind(now)
            .bind(owner_key)
            .bind(scope)
            .bind(key)
            .bind(created_at)
            .execute(&state.db.pool)
            .await?
            .rows_affected();
            if taken == 1 {
                return Ok(Begin::Fresh(claim));
            }
        }
        return Err(AppError::IdempotencyInFlight);
    };
    let body: String = row.try_get::<Option<String>, _>("response_body")?.unwrap_or_default();
    let status = u16::try_from(status_code).ok().and_then(|code| StatusCode::from_u16(code).ok());
    Ok(Begin::Replay(StoredAnswer { status: status.unwrap_or(StatusCode::OK), body: Bytes::from(body) }))
}

/// Stores the answer for `claim`; call it in the transaction that writes the request's effect.
pub async fn finish_in(
    connection: &mut AnyConnection,
    claim: &Claim,
    status: StatusCode,
    body: &[u8],
) -> AppResult<()> {
    sqlx::query(
        "UPDATE idempotency_keys SET status_code = $1, response_body = $2 \
         WHERE owner_key = $3 AND scope = $4 AND idempotency_key = $5",
    )
    .bind(i64::from(status.as_u16()))
    .bind(String::from_utf8_lossy(body).into_owned())
    .bind(&claim.owner_key)
    .bind(claim.scope)
    .bind(&claim.key)
    .execute(&mut *connection)
    .await?;
    Ok(())
}

/// Lets the key go after a request that failed before committing, so that a retry runs again.
pub async fn abandon(state: &Platform, claim: &Claim) {
    let result = sqlx::query(
        "DELETE FROM idempotency_keys WHERE owner_key = $1 AND scope = $2 AND idempotency_key = $3 \
         AND status_code IS NULL",
    )
    .bind(&claim.owner_key)
    .bind(claim.scope)
    .bind(&claim.key)
    .execute(&state.db.pool)
    .await;
    if let Err(error) = result {
        tracing::warn!(%error, "idempotency: could not release a key; it frees itself after a minute");
    }
}
