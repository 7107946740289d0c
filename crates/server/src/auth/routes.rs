//! `POST /auth/v1/token` (sign-in) and `GET /auth/v1/me`.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use std::net::IpAddr;
use utoipa::ToSchema;

use super::identity::SESSION_COOKIE;
use super::token::SessionClaims;
use super::{Member, db, password};
use crate::auth::AuthState;
use crate::auth::caller::Caller;
use crate::error::{AppError, AppResult};
use crate::extract::JsonBody;
use crate::rate_limit::{Guess, Limiter, Scope};

crate::platform::area_router!(
    states: [AuthState],
    routes: [(create_token), (get_me), (
        create_session,
        get_session,
        delete_session
    )],
);

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
              (status = 404, body = crate::error::ApiError, description = "password-sign-in-off: the retailer's provider signs members in"),
              (status = 429, body = crate::error::ApiError)))]
pub async fn create_token(
    State(state): State<AuthState>,
    caller: Caller,
    JsonBody(request): JsonBody<TokenRequest>,
) -> AppResult<Json<TokenResponse>> {
    password_sign_in_on(&state)?;
    let member = authenticate(&state, caller.client_ip, request).await?;
    let access_token = state.tokens.issue(&member.upm_id)?;
    Ok(Json(TokenResponse {
        access_token,
        token_type: "Bearer".to_owned(),
        expires_in: state.tokens.ttl_seconds,
        upm_id: member.upm_id,
    }))
}

/// With the retailer's provider configured, members sign in there only (ADR 0016): the password sign-in,
/// its reset and account creation are off.
pub(super) fn password_sign_in_on(state: &AuthState) -> AppResult<()> {
    if state.oidc.is_some() {
        return Err(AppError::coded(
            crate::error::Code::PasswordSignInOff,
            "",
            "members sign in through the retailer's provider (GET /auth/v1/oidc/login)",
        ));
    }
    Ok(())
}

/// The member whose e-mail and password these are (rate limited; an unknown e-mail costs what a wrong
/// password does).
async fn authenticate(state: &AuthState, client: IpAddr, request: TokenRequest) -> AppResult<db::MemberRecord> {
    state.limiter.check_client(client)?;
    let email = domain::contact::normalize_email(&request.email);
    // Only a well-formed e-mail becomes a key or a query; anything else costs the same decoy check and
    // answers like an unknown e-mail.
    if !domain::contact::is_valid_email(&email) {
        password::verify(&state.hashing, request.password, None).await?;
        return Err(AppError::InvalidCredentials);
    }
    state.limiter.check_pair(&state.db, &state.clock, Guess { scope: Scope::SignIn, subject: &email, client }).await?;
    let member = db::find_by_email(&state.db, &email).await?;
    let stored_hash = member.as_ref().map(|m| m.password_hash.clone());
    let matches = password::verify(&state.hashing, request.password, stored_hash).await?;
    match member {
        Some(member) if matches => Ok(member),
        _ => {
            let outcome = state
                .limiter
                .record_failure(&state.db, &state.clock, Guess { scope: Scope::SignIn, subject: &email, client })
                .await?;
            Err(Limiter::failure_answer(&outcome, AppError::InvalidCredentials))
        }
    }
}

/// A browser session as the web app sees it; the token itself stays in the HttpOnly cookie.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionResponse {
    pub upm_id: String,
    /// Seconds until the session ends unless it is refreshed.
    pub expires_in: i64,
    /// Send it back as `X-CSRF-Token` on every write made with the session cookie.
    pub csrf_token: String,
}

/// The session answer to inline into a page (`GET /auth/v1/session`'s body) for the browser whose cookie
/// holds a session in the first half of its life, so that a new tab paints the member's page without
/// asking for it first. Past half its life (it is renewed then, and a removed member's is not) or without
/// one: `None`, and the page asks as before.
pub fn inline_session(state: &AuthState, headers: &HeaderMap) -> Option<axum::body::Bytes> {
    let claims = state.tokens.verify_session(crate::cookies::get(headers, SESSION_COOKIE)?).ok()?;
    if !claims.young_at(chrono::Utc::now().timestamp()) {
        return None;
    }
    serde_json::to_vec(&session_body(claims)).ok().map(axum::body::Bytes::from)
}

/// What `GET /auth/v1/session` answers for a session (and what a page carries: `inline_session`).
fn session_body(claims: SessionClaims) -> SessionResponse {
    let expires_in = claims.expires_at - chrono::Utc::now().timestamp();
    SessionResponse { upm_id: claims.upm_id, expires_in, csrf_token: claims.csrf }
}

fn session_response(state: &AuthState, token: &str, claims: SessionClaims) -> Response {
    let body = session_body(claims);
    let expires_in = body.expires_in;
    let mut response = Json(body).into_response();
    if let Some(cookie) = crate::cookies::set(SESSION_COOKIE, token, expires_in.max(0), state.secure_cookies) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// Sign in for a browser session: an HttpOnly cookie that every tab shares, and a CSRF value for writes.
#[utoipa::path(post, path = "/auth/v1/session", tag = "auth", request_body = TokenRequest,
    responses((status = 200, body = SessionResponse, description = "sets the orders_session cookie"),
              (status = 401, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError, description = "password-sign-in-off: the retailer's provider signs members in"),
              (status = 429, body = crate::error::ApiError)))]
pub async fn create_session(
    State(state): State<AuthState>,
    caller: Caller,
    JsonBody(request): JsonBody<TokenRequest>,
) -> AppResult<Response> {
    password_sign_in_on(&state)?;
    let member = authenticate(&state, caller.client_ip, request).await?;
    let (token, claims) = state.tokens.issue_session(&member.upm_id)?;
    Ok(session_response(&state, &token, claims))
}

/// The current browser session, refreshed while it is used: past half its life it is issued anew.
#[utoipa::path(get, path = "/auth/v1/session", tag = "auth",
    responses((status = 200, body = SessionResponse), (status = 401, body = crate::error::ApiError)))]
pub async fn get_session(State(state): State<AuthState>, headers: HeaderMap) -> AppResult<Response> {
    let token = crate::cookies::get(&headers, SESSION_COOKIE).ok_or(AppError::Unauthorized)?;
    let claims = state.tokens.verify_session(token)?;
    if claims.young_at(chrono::Utc::now().timestamp()) {
        return Ok(session_response(&state, token, claims));
    }
    // Still in the database? A removed member's session is not renewed. (The provider's members have a
    // record too, made when they signed in: ADR 0016.)
    let upm_id = domain::UpmId::parse(&claims.upm_id).map_err(|_| AppError::Unauthorized)?;
    db::find_by_id(&state.db, &upm_id).await?.ok_or(AppError::Unauthorized)?;
    let (fresh, fresh_claims) = state.tokens.issue_session(&claims.upm_id)?;
    Ok(session_response(&state, &fresh, fresh_claims))
}

/// Sign out: the session cookie is cleared.
#[utoipa::path(delete, path = "/auth/v1/session", tag = "auth", responses((status = 204)))]
pub async fn delete_session(State(state): State<AuthState>) -> Response {
    let mut response = StatusCode::NO_CONTENT.into_response();
    if let Some(cookie) = crate::cookies::set(SESSION_COOKIE, "", 0, state.secure_cookies) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// The signed-in member.
#[utoipa::path(get, path = "/auth/v1/me", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = MeResponse), (status = 401, body = crate::error::ApiError)))]
pub async fn get_me(State(state): State<AuthState>, member: Member) -> AppResult<Json<MeResponse>> {
    let record = db::find_by_id(&state.db, &member.upm_id).await?.ok_or(AppError::Unauthorized)?;
    Ok(Json(MeResponse {
        upm_id: record.upm_id,
        email: record.email,
        first_name: record.first_name,
        last_name: record.last_name,
        country: record.country,
    }))
}
