//! Who is calling: a member by bearer token, or nobody in particular (a guest proves itself per order).

use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use crate::app::AppState;
use crate::error::AppError;

/// A signed-in member (the token's subject). Refuses the request when there is no valid token.
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

impl FromRequestParts<AppState> for MaybeMember {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        match bearer_token(parts)? {
            None => Ok(Self(None)),
            Some(token) => {
                let upm_id = state.tokens.verify(token)?;
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
