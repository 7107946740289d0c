//! `GET /consent/v1`, `PUT /consent/v1/{type}` (the signed-in member) and
//! `PUT /ops/v1/members/{upmId}/consent/{type}` (the retailer's systems).

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{ConsentType, db};
use crate::auth::Member;
use crate::auth::Ops;
use crate::error::{AppError, AppResult};
use crate::extract::JsonBody;
use crate::platform::Platform;

crate::platform::area_router!(
    states: [Platform, crate::auth::AuthState],
    routes: [(list_consents), (set_consent), (ops_set_consent)],
);

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentRecord {
    #[serde(rename = "type")]
    pub kind: ConsentType,
    pub granted: bool,
    /// When it was last changed, ISO 8601 UTC.
    pub updated_at: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConsentChange {
    pub granted: bool,
}

fn record(kind: ConsentType, granted: bool, updated_at_ms: i64) -> ConsentRecord {
    let updated_at = chrono::DateTime::from_timestamp_millis(updated_at_ms)
        .map(|time| time.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
        .unwrap_or_default();
    ConsentRecord { kind, granted, updated_at }
}

fn parse_type(text: &str) -> AppResult<ConsentType> {
    ConsentType::parse(text).ok_or_else(|| {
        let known: Vec<&str> = ConsentType::ALL.iter().map(|kind| kind.as_str()).collect();
        AppError::validation("type", format!("unknown consent type; one of {}", known.join(", ")))
    })
}

/// The signed-in member's consent records: the types they have decided on (none decided: an empty list).
#[utoipa::path(get, path = "/consent/v1", tag = "consent", security(("bearer" = [])),
    responses((status = 200, body = [ConsentRecord]), (status = 401, body = crate::error::ApiError)))]
pub async fn list_consents(State(state): State<Platform>, member: Member) -> AppResult<Json<Vec<ConsentRecord>>> {
    let rows = db::list(&state.db, &member.upm_id).await?;
    Ok(Json(rows.into_iter().map(|row| record(row.kind, row.granted, row.updated_at)).collect()))
}

/// Give or withdraw one consent.
#[utoipa::path(put, path = "/consent/v1/{type}", tag = "consent", security(("bearer" = [])),
    params(("type" = ConsentType, Path)), request_body = ConsentChange,
    responses((status = 200, body = ConsentRecord), (status = 400, body = crate::error::ApiError),
              (status = 401, body = crate::error::ApiError)))]
pub async fn set_consent(
    State(state): State<Platform>,
    member: Member,
    Path(consent_type): Path<String>,
    JsonBody(change): JsonBody<ConsentChange>,
) -> AppResult<Json<ConsentRecord>> {
    let kind = parse_type(&consent_type)?;
    let now = state.clock.now_ms();
    if !db::set(&state.db, &member.upm_id, kind, change.granted, "member", now).await? {
        return Err(AppError::Unauthorized);
    }
    Ok(Json(record(kind, change.granted, now)))
}

/// Set a member's consent from the retailer's systems (e.g. a consent platform).
#[utoipa::path(put, path = "/ops/v1/members/{upmId}/consent/{type}", tag = "ops", security(("ops_key" = [])),
    params(("upmId" = String, Path), ("type" = ConsentType, Path)), request_body = ConsentChange,
    responses((status = 200, body = ConsentRecord), (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError)))]
pub async fn ops_set_consent(
    State(state): State<Platform>,
    _ops: Ops,
    Path((upm_id, consent_type)): Path<(String, String)>,
    JsonBody(change): JsonBody<ConsentChange>,
) -> AppResult<Json<ConsentRecord>> {
    let kind = parse_type(&consent_type)?;
    // Not a member id: no such member (the same 404 as an unknown one).
    let upm_id = domain::UpmId::parse(&upm_id).map_err(|_| AppError::NotFound)?;
    let now = state.clock.now_ms();
    if !db::set(&state.db, &upm_id, kind, change.granted, "ops", now).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(record(kind, change.granted, now)))
}
