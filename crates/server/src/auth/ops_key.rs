//! The retailer's own systems as a caller: the ops API and the store tools prove themselves with the
//! configured `X-Ops-Key`.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use crate::error::AppError;
use crate::state::AppState;

/// The retailer's own systems, proven by the `X-Ops-Key` header. Without a configured key the whole
/// ops API answers 404, as if it did not exist.
pub struct Ops;

fn constant_time_equal(left: &[u8], right: &[u8]) -> bool {
    left.len() == right.len() && left.iter().zip(right).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

/// Whether the request carries the configured ops key (false when none is configured).
pub fn has_ops_key(state: &AppState, headers: &axum::http::HeaderMap) -> bool {
    let Some(expected) = state.ops_key.as_deref() else {
        return false;
    };
    let given = headers.get("x-ops-key").map(|value| value.as_bytes()).unwrap_or_default();
    constant_time_equal(given, expected.as_bytes())
}

impl FromRequestParts<AppState> for Ops {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if state.ops_key.is_none() {
            return Err(AppError::NotFound);
        }
        if has_ops_key(state, &parts.headers) { Ok(Ops) } else { Err(AppError::Unauthorized) }
    }
}
