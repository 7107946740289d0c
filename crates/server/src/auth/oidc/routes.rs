//! Signing the browser in through the provider: the authorization code flow with PKCE (S256), the server
//! as the client. `GET /auth/v1/oidc/login` sends the shopper to the provider; `GET /auth/v1/oidc/callback`
//! takes the code back, exchanges it (client id and secret, PKCE verifier), checks the ID token (nonce,
//! `iss`, `aud` = client id) and opens the same session cookie the password sign-in opens.
//! `GET /auth/v1/oidc/logout` ends the session (and the provider's, when it has an end_session_endpoint).

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use rand::RngCore;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use utoipa::IntoParams;

use super::Oidc;
use crate::auth::AuthState;
use crate::auth::caller::Caller;
use crate::auth::identity::{SESSION_COOKIE, constant_time_equal};
use crate::error::{AppError, AppResult, Code};
use crate::extract::QueryPairs;

/// Holds the state of a sign-in under way: the callback must come back to the browser that left.
pub const STATE_COOKIE: &str = "orders_oidc_state";
/// A sign-in must come back within this time.
const LOGIN_TTL_MS: i64 = 10 * 60 * 1000;
const CALLBACK_PATH: &str = "/auth/v1/oidc/callback";
/// Where a shopper lands when no (acceptable) return path is given.
const DEFAULT_RETURN: &str = "/orders";
const MAX_RETURN_CHARS: usize = 2048;

crate::platform::area_router!(
    states: [AuthState],
    routes: [(login), (callback), (logout)],
);

/// The login route's query (read with `QueryPairs`; this type documents it).
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct LoginQuery {
    /// The page to come back to: a path of this site (`/orders/...`); anything else returns to /orders.
    pub return_to: Option<String>,
}

/// The callback's query (read with `QueryPairs`; this type documents it).
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    pub code: Option<String>,
    pub state: Option<String>,
    /// Sent by the provider instead of a code when the sign-in failed or was refused.
    pub error: Option<String>,
    /// The issuer, when the provider names it (RFC 9207): it must be ours (no mix-up with another).
    pub iss: Option<String>,
}

fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn digest(text: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(text.as_bytes()))
}

/// A same-origin relative path, or the default: no scheme, no host (`//evil`, `/\evil`), no control
/// characters, not too long.
pub fn safe_return_path(requested: Option<&str>) -> String {
    let Some(path) = requested else {
        return DEFAULT_RETURN.to_owned();
    };
    let fits = path.starts_with('/')
        && !path.starts_with("//")
        && !path.starts_with("/\\")
        && path.len() <= MAX_RETURN_CHARS
        && path.chars().all(|c| !c.is_control() && c != '\\');
    if fits { path.to_owned() } else { DEFAULT_RETURN.to_owned() }
}

/// 503 while the provider's documents or token endpoint cannot be reached.
fn provider_unavailable() -> AppError {
    AppError::coded(Code::ServiceUnavailable, "provider", "the sign-in provider is not answering; try again shortly")
}

fn provider(state: &AuthState) -> AppResult<&Oidc> {
    state.oidc.as_deref().filter(|oidc| oidc.web_sign_in()).ok_or(AppError::NotFound)
}

/// The callback URL: the configured one, or this request's host (a host header with anything but host
/// characters is refused; the provider compares the URL with the client's registered ones anyway).
fn redirect_uri(state: &AuthState, oidc: &Oidc, headers: &HeaderMap) -> AppResult<String> {
    if let Some(url) = &oidc.settings.redirect_url {
        return Ok(url.clone());
    }
    let host = headers.get(header::HOST).and_then(|value| value.to_str().ok()).unwrap_or_default();
    let host_ok = !host.is_empty()
        && host.len() <= 255
        && host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    if !host_ok {
        return Err(AppError::coded(Code::ValidationFailed, "Host", "the Host header is not a host name"));
    }
    let scheme = if state.behind_tls { "https" } else { "http" };
    Ok(format!("{scheme}://{host}{CALLBACK_PATH}"))
}

fn redirect(location: &str) -> AppResult<Response> {
    let location = HeaderValue::from_str(location).map_err(|error| AppError::Internal(Box::new(error)))?;
    Ok((StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response())
}

fn with_cookie(mut response: Response, name: &str, value: &str, max_age: i64, secure: bool) -> Response {
    if let Some(cookie) = crate::cookies::set(name, value, max_age, secure) {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
}

/// Start signing in through the retailer's provider: a redirect to its authorization endpoint.
#[utoipa::path(get, path = "/auth/v1/oidc/login", tag = "auth", params(LoginQuery),
    responses((status = 303, description = "to the provider's authorization endpoint (state, nonce, S256 code challenge); sets the orders_oidc_state cookie"),
              (status = 400, body = crate::error::ApiError, description = "validation-failed: the Host header is not a host name"),
              (status = 404, body = crate::error::ApiError, description = "not-found: no provider sign-in is configured"),
              (status = 429, body = crate::error::ApiError, description = "rate-limited: the client's request budget (each login stores a pending sign-in)"),
              (status = 503, body = crate::error::ApiError, description = "service-unavailable: the provider's discovery document cannot be read")))]
pub async fn login(
    State(state): State<AuthState>,
    caller: Caller,
    headers: HeaderMap,
    query: QueryPairs,
) -> AppResult<Response> {
    let oidc = provider(&state)?;
    // Each login stores a row until its callback or ten minutes: the client's budget bounds them.
    state.limiter.check_client(caller.client_ip)?;
    let return_to = safe_return_path(query.first("returnTo"));
    let discovery = oidc.discovery().await.ok_or_else(provider_unavailable)?;
    let endpoint = discovery.authorization_endpoint.as_deref().ok_or_else(provider_unavailable)?;
    let mut target = reqwest::Url::parse(endpoint).map_err(|_| provider_unavailable())?;
    let redirect_uri = redirect_uri(&state, oidc, &headers)?;
    let login_state = random_token();
    let nonce = random_token();
    let verifier = random_token();
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    let now = state.clock.now_ms();
    sqlx::query("DELETE FROM oidc_logins WHERE created_ms < $1")
        .bind(now - LOGIN_TTL_MS)
        .execute(&state.db.pool)
        .await?;
    sqlx::query(
        "INSERT INTO oidc_logins (state_hash, nonce, verifier, return_to, redirect_uri, created_ms) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(digest(&login_state))
    .bind(&nonce)
    .bind(&verifier)
    .bind(&return_to)
    .bind(&redirect_uri)
    .bind(now)
    .execute(&state.db.pool)
    .await?;
    let client_id = oidc.settings.client_id.as_deref().unwrap_or_default();
    target
        .query_pairs_mut()
        .append_pair("response_type", "code")
        .append_pair("client_id", client_id)
        .append_pair("redirect_uri", &redirect_uri)
        .append_pair("scope", "openid")
        .append_pair("state", &login_state)
        .append_pair("nonce", &nonce)
        .append_pair("code_challenge", &challenge)
        .append_pair("code_challenge_method", "S256");
    let response = redirect(target.as_str())?;
    Ok(with_cookie(response, STATE_COOKIE, &login_state, LOGIN_TTL_MS / 1000, state.secure_cookies))
}

struct PendingLogin {
    nonce: String,
    verifier: String,
    return_to: String,
    redirect_uri: String,
}

/// The sign-in this browser started with `login_state`, taken once.
async fn take_login(state: &AuthState, headers: &HeaderMap, login_state: Option<&str>) -> AppResult<PendingLogin> {
    let invalid = || AppError::coded(Code::OidcStateInvalid, "state", "this sign-in is unknown, used or expired");
    let login_state = login_state.filter(|value| !value.is_empty() && value.len() <= 256).ok_or_else(invalid)?;
    let cookie = crate::cookies::get(headers, STATE_COOKIE).unwrap_or_default();
    if !constant_time_equal(cookie.as_bytes(), login_state.as_bytes()) {
        return Err(invalid());
    }
    let row: Option<(String, String, String, String, i64)> = sqlx::query_as(
        "DELETE FROM oidc_logins WHERE state_hash = $1 RETURNING nonce, verifier, return_to, redirect_uri, created_ms",
    )
    .bind(digest(login_state))
    .fetch_optional(&state.db.pool)
    .await?;
    let (nonce, verifier, return_to, redirect_uri, created_ms) = row.ok_or_else(invalid)?;
    if state.clock.now_ms() - created_ms > LOGIN_TTL_MS {
        return Err(invalid());
    }
    Ok(PendingLogin { nonce, verifier, return_to, redirect_uri })
}

#[derive(Deserialize)]
struct TokenAnswer {
    id_token: Option<String>,
}

fn sign_in_failed(message: &str) -> AppError {
    AppError::coded(Code::OidcSignInFailed, "code", message)
}

/// The ID token for `code`, from the provider's token endpoint (client_secret_basic, PKCE verifier).
async fn exchange(oidc: &Oidc, code: &str, pending: &PendingLogin) -> AppResult<String> {
    let discovery = oidc.discovery().await.ok_or_else(provider_unavailable)?;
    let endpoint = discovery.token_endpoint.as_deref().ok_or_else(provider_unavailable)?;
    let client_id = oidc.settings.client_id.as_deref().unwrap_or_default();
    let mut form = vec![
        ("grant_type", "authorization_code"),
        ("code", code),
        ("redirect_uri", pending.redirect_uri.as_str()),
        ("code_verifier", pending.verifier.as_str()),
    ];
    let encode = |text: &str| form_urlencoded::byte_serialize(text.as_bytes()).collect::<String>();
    let mut request = oidc.http.post(endpoint).header(reqwest::header::ACCEPT, "application/json");
    match oidc.settings.client_secret.as_deref() {
        // client_secret_basic: both parts form-encoded first (RFC 6749 §2.3.1).
        Some(secret) => request = request.basic_auth(encode(client_id), Some(encode(secret))),
        // A public client: PKCE alone.
        None => form.push(("client_id", client_id)),
    }
    let request = request.form(&form);
    let response = request.send().await.map_err(|error| {
        tracing::warn!(%error, "the OpenID provider's token endpoint could not be reached");
        provider_unavailable()
    })?;
    if !response.status().is_success() {
        tracing::warn!(status = %response.status(), "the OpenID provider refused the code");
        return Err(sign_in_failed("the provider refused the code"));
    }
    let body =
        super::read_limited(response).await.map_err(|_| sign_in_failed("the provider's answer is unreadable"))?;
    let answer: TokenAnswer =
        serde_json::from_slice(&body).map_err(|_| sign_in_failed("the provider's answer is unreadable"))?;
    answer.id_token.ok_or_else(|| sign_in_failed("the provider sent no ID token"))
}

/// Where the provider sends the shopper back: checks the state, exchanges the code, verifies the ID
/// token, opens the session and returns to the page the shopper came from.
#[utoipa::path(get, path = "/auth/v1/oidc/callback", tag = "auth", params(CallbackQuery),
    responses((status = 303, description = "signed in: to the page the sign-in started from; sets the orders_session cookie"),
              (status = 400, body = crate::error::ApiError, description = "oidc-state-invalid"),
              (status = 401, body = crate::error::ApiError, description = "oidc-sign-in-failed"),
              (status = 404, body = crate::error::ApiError, description = "not-found: no provider sign-in is configured"),
              (status = 503, body = crate::error::ApiError, description = "service-unavailable: the provider cannot be reached")))]
pub async fn callback(State(state): State<AuthState>, headers: HeaderMap, query: QueryPairs) -> AppResult<Response> {
    let oidc = provider(&state)?;
    let pending = take_login(&state, &headers, query.first("state")).await?;
    if query.first("error").is_some() {
        return Err(sign_in_failed("the provider did not sign the shopper in"));
    }
    if query.first("iss").is_some_and(|iss| iss != oidc.settings.issuer) {
        return Err(sign_in_failed("the answer names another issuer"));
    }
    let code = query.first("code").filter(|code| !code.is_empty()).ok_or_else(|| sign_in_failed("no code"))?;
    let id_token = exchange(oidc, code, &pending).await?;
    let member = oidc
        .verify_id_token(&id_token, &pending.nonce)
        .await
        .map_err(|_| sign_in_failed("the provider's ID token did not verify"))?;
    oidc.ensure_member(&state.db, &member, &crate::auth::identity::default_country(&state)).await?;
    let (session, claims) = state.tokens.issue_session(&member)?;
    let max_age = (claims.expires_at - chrono::Utc::now().timestamp()).max(0);
    let response = redirect(&pending.return_to)?;
    let response = with_cookie(response, SESSION_COOKIE, &session, max_age, state.secure_cookies);
    Ok(with_cookie(response, STATE_COOKIE, "", 0, state.secure_cookies))
}

/// Sign out of the portal (the session cookie is cleared) and, when the provider offers it, of the
/// provider too (a redirect to its end_session_endpoint); else back to /orders.
#[utoipa::path(get, path = "/auth/v1/oidc/logout", tag = "auth",
    responses((status = 303, description = "to the provider's end_session_endpoint, or to /orders; clears the orders_session cookie"),
              (status = 404, body = crate::error::ApiError, description = "not-found: no provider sign-in is configured")))]
pub async fn logout(State(state): State<AuthState>) -> AppResult<Response> {
    let oidc = provider(&state)?;
    let end_session = oidc.discovery().await.and_then(|discovery| discovery.end_session_endpoint.clone());
    let target = match end_session.as_deref().and_then(|url| reqwest::Url::parse(url).ok()) {
        Some(mut url) => {
            url.query_pairs_mut().append_pair("client_id", oidc.settings.client_id.as_deref().unwrap_or_default());
            url.to_string()
        }
        None => DEFAULT_RETURN.to_owned(),
    };
    let response = redirect(&target)?;
    Ok(with_cookie(response, SESSION_COOKIE, "", 0, state.secure_cookies))
}

#[cfg(test)]
mod tests {
    use super::safe_return_path;

    #[test]
    fn only_same_origin_paths_are_returned_to() {
        assert_eq!(safe_return_path(Some("/gb/orders/C123?x=1")), "/gb/orders/C123?x=1");
        for bad in ["//evil.example", "/\\evil.example", "https://evil.example", "evil", "/a\nb", "/a\\b", ""] {
            assert_eq!(safe_return_path(Some(bad)), "/orders", "{bad:?}");
        }
        assert_eq!(safe_return_path(None), "/orders");
    }
}
