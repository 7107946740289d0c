//! Who is calling: a member by bearer token, or nobody in particular (a guest proves itself per order).

use domain::UpmId;
use std::sync::Arc;

use axum::http::Method;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use domain::country::Flag;

use super::TokenKeys;
use super::oidc::Oidc;
use super::password::Hashing;
use crate::error::{AppError, AppResult};
use crate::platform::{Part, Platform};

/// What the identity layer needs: the platform, the token keys, the OpenID provider, the password
/// hashing and the site's rules. Derived from the app's state (`FromRef`), so identity imports no app;
/// one reference count per clone, as it is taken for every request.
pub type AuthState = Part<AuthParts>;

/// What `AuthState` holds.
pub struct AuthParts {
    pub platform: Platform,
    pub tokens: Arc<TokenKeys>,
    /// The retailer's OpenID provider, when one is configured: member bearer tokens are its JWTs then.
    pub oidc: Option<Arc<Oidc>>,
    /// Argon2 slots, queue and work areas (sign-in, gift card PINs).
    pub hashing: Arc<Hashing>,
    /// The countries and flags (the settings area's, seen through what identity asks of them).
    pub site: Arc<dyn SiteRules>,
}

impl std::ops::Deref for AuthParts {
    type Target = Platform;

    fn deref(&self) -> &Platform {
        &self.platform
    }
}

/// What identity asks of the site's countries and flags. Implemented by the settings area, which stands
/// above identity: identity names the question, the area answers it.
pub trait SiteRules: Send + Sync {
    /// Refuses a feature that is off for `country` (the default country when `None`).
    fn require(&self, country: Option<&str>, flag: Flag) -> AppResult<()>;
    /// The deployment's default country code, as configured.
    fn default_country_code(&self) -> String;
    /// Whether `code` names a country the site knows.
    fn knows_country(&self, code: &str) -> bool;
    /// Whether shoppers may create an account here.
    fn allow_sign_up(&self) -> bool;
}

/// A signed-in member (the token's subject, or the provider's member claim). Refuses the request when there is no valid token.
#[derive(Debug, Clone)]
pub struct Member {
    pub upm_id: UpmId,
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

pub(crate) use crate::extract::constant_time_equal;

/// A member from the session cookie. Reads (GET, HEAD, OPTIONS) need nothing more; every other method
/// must repeat the session's CSRF value in `X-CSRF-Token`, so another site cannot write as the shopper.
fn member_from_cookie(parts: &Parts, state: &AuthState) -> Result<Option<Member>, AppError> {
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
    // A session names a member id this server issued; one that is not an id is no session.
    Ok(UpmId::parse(&session.upm_id).ok().map(|upm_id| Member { upm_id }))
}

/// The country a member record made on first sight gets (the deployment's default, as members store it).
pub(crate) fn default_country(state: &AuthState) -> String {
    state.site.default_country_code().to_ascii_uppercase()
}

crate::extract::parts_extractor!(MaybeMember, AuthState, |parts, state| { maybe_member(parts, state).await });

crate::extract::parts_extractor!(Member, AuthState, |parts, state| {
    maybe_member(parts, state).await?.0.ok_or(AppError::Unauthorized)
});

/// The member the request's bearer token or session cookie names, if any (`MaybeMember`).
pub(crate) async fn maybe_member(parts: &mut Parts, state: &AuthState) -> Result<MaybeMember, AppError> {
    match bearer_token(parts)? {
        None => Ok(MaybeMember(member_from_cookie(parts, state)?)),
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
            let upm_id = UpmId::parse(&upm_id).map_err(|_| AppError::Unauthorized)?;
            Ok(MaybeMember(Some(Member { upm_id })))
        }
    }
}
