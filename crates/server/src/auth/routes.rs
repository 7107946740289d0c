//! `POST /auth/v1/token` (sign-in) and `GET /auth/v1/me`.

use axum::extract::{ConnectInfo, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use utoipa::ToSchema;

use super::{Member, db, password};
use crate::app::AppState;
use crate::error::{AppError, AppResult};
use crate::extract::JsonBody;

pub fn router() -> Router<AppState> {
    Router::new().route("/auth/v1/token", post(create_token)).route("/auth/v1/me", get(get_me))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    pub email: String,
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenResponse {
    pub access_token: String,
    /// Always `Bearer`.
    pub token_type: String,
    /// Seconds until the token expires.
    pub expires_in: u64,
    pub upm_id: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MeResponse {
    pub upm_id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub country: String,
}

/// Sign in with e-mail and password.
#[utoipa::path(post, path = "/auth/v1/token", tag = "auth", request_body = TokenRequest,
    responses((status = 200, body = TokenResponse), (status = 401, body = crate::error::ApiError),
              (status = 429, body = crate::error::ApiError)))]
pub async fn create_token(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    JsonBody(request): JsonBody<TokenRequest>,
) -> AppResult<Json<TokenResponse>> {
    let email = domain::contact::normalize_email(&request.email);
    state.limiter.check_sign_in(peer.ip(), &email)?;
    let member = db::find_by_email(&state.db, &email).await?;
    let stored_hash = member.as_ref().map(|m| m.password_hash.clone());
    if !password::verify(request.password, stored_hash).await {
        return Err(AppError::InvalidCredentials);
    }
    let member = member.ok_or(AppError::InvalidCredentials)?;
    let access_token = state.tokens.issue(&member.upm_id)?;
    Ok(Json(TokenResponse {
        access_token,
        token_type: "Bearer".to_owned(),
        expires_in: state.tokens.ttl_seconds,
        upm_id: member.upm_id,
    }))
}

/// The signed-in member.
#[utoipa::path(get, path = "/auth/v1/me", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = MeResponse), (status = 401, body = crate::error::ApiError)))]
pub async fn get_me(State(state): State<AppState>, member: Member) -> AppResult<Json<MeResponse>> {
    let record = db::find_by_id(&state.db, &member.upm_id).await?.ok_or(AppError::Unauthorized)?;
    Ok(Json(MeResponse {
        upm_id: record.upm_id,
        email: record.email,
        first_name: record.first_name,
        last_name: record.last_name,
        country: record.country,
    }))
}
