//! Who is calling: a member by bearer token, or nobody in particular (a guest proves itself per order).

use axum::extract::FromRequestParts;
use axum::http::Method;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use crate::error::AppError;
use crate::state::AppState;

/// A signed-in member (the token's subject, or the provider's member claim). Refuses the request when there is no valid token.
#[derive(Debug, Clone)]
pub struct Member {
    pub upm_id: String,
}

/// A member when a token is sent; `None` when none is. A token that is sent but invalid is refused (401).
#[derive(Debug, Clone)]
pub struct MaybeMember(pub Option<Member>);

fn bearer_token(parts: &Parts) -> Result<Option<&str>, AppError> {
    let Some(value) = parts.headers.get(AUTHORIZATION) else {
        return Ok(None);
    };
    let text = value.to_str().map_err(|_| AppError::Unauthorized)?;
    let token = text.strip_prefix("Bearer ").or_else(|| text.strip_prefix("bearer ")).ok_or(AppError::Unauthorized)?;
    Ok(Some(token.trim()))
}

/// Name of the browser session cookie (HttpOnly: scripts never see the token).
pub const SESSION_COOKIE: &str = "orders_session";
/// The header a write made with the session cookie must carry, repeating the session's CSRF value.
pub const CSRF_HEADER: &str = "x-csrf-token";

pub(crate) fn constant_time_equal(left: &[u8], right: &[u8]) -> bool {
    left.len() == right.len() && left.iter().zip(right).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

/// A member from the session cookie. Reads (GET, HEAD, OPTIONS) need nothing more; every other method
/// must repeat the session's CSRF value in `X-CSRF-Token`, so another site cannot write as the shopper.
fn member_from_cookie(parts: &Parts, state: &AppState) -> Result<Option<Member>, AppError> {
    let Some(token) = crate::cookies::get(&parts.headers, SESSION_COOKIE) else {
        return Ok(None);
    };
    // A session that has ended (or a forged cookie) counts as no session: the caller may still be a guest.
    let Ok(session) = state.tokens.verify_session(token) else {
        return Ok(None);
    };
    let safe = matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS);
    if !safe {
        let sent = parts.headers.get(CSRF_HEADER).map(|value| value.as_bytes()).unwrap_or_default();
        if !constant_time_equal(sent, session.csrf.as_bytes()) {
            return Err(AppError::CsrfTokenInvalid);
        }
    }
    Ok(Some(Member { upm_id: session.upm_id }))
}

/// The country a member record made on first sight gets (the deployment's default, as members store it).
pub(crate) fn default_country(state: &AppState) -> String {
    state.settings.table().default.code.to_ascii_uppercase()
}

impl FromRequestParts<AppState> for MaybeMember {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        match bearer_token(parts)? {
            None => Ok(Self(member_from_cookie(parts, state)?)),
            Some(token) => {
                // With a provider configured it is the only authority for bearer tokens (ADR 0016): the
                // built-in tokens are not accepted then. The session cookie (opened by either sign-in)
                // is this server's own and is read above.
                let upm_id = match &state.oidc {
                    Some(oidc) => {
                        let upm_id = oidc.verify_access_token(token).await?;
                        oidc.ensure_member(&state.db, &upm_id, &default_country(state)).await?;
                        upm_id
                    }
                    None => state.tokens.verify(token)?,
                };
                Ok(Self(Some(Member { upm_id })))
            }
        }
    }
}

impl FromRequestParts<AppState> for Member {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        MaybeMember::from_request_parts(parts, state).await?.0.ok_or(AppError::Unauthorized)
    }
}
