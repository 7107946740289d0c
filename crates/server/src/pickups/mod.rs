//! Curbside pickup (spec 002 §2, §4, §5, §7, §8): the shopper's "I'm here" (`routes`), the store
//! associate console's API (`console`) and the SQL (`db`). The rules (statuses, transitions, vehicle
//! text) are in `domain::curbside`; the overview and the error codes are in docs/curbside.md.

pub mod console;
pub mod db;
pub mod routes;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::error::{ApiError, AppError, Code, ErrorCode};

/// The errors of this area: the app's errors, plus coded refusals with their own status.
#[derive(Debug)]
pub enum PickupError {
    App(AppError),
    /// A refusal with its own code (curbside-*, pickup-*, store-key-invalid) and that code's status.
    Coded {
        code: Code,
        field: Option<String>,
        message: String,
    },
    /// 409 with `Location` naming the open interaction (absent if it closed in the meantime).
    Duplicate {
        location: Option<String>,
    },
}

pub type PickupResult<T> = Result<T, PickupError>;

impl PickupError {
    pub fn coded(code: Code, field: Option<&str>, message: &str) -> Self {
        Self::Coded { code, field: field.map(str::to_owned), message: message.to_owned() }
    }

    pub fn missing(field: &str) -> Self {
        Self::coded(Code::CurbsideMissingParameters, Some(field), &format!("{field} is required"))
    }

    /// A rule of the spec refuses the request (422 codes of the catalogue).
    pub fn rule(code: Code, message: &str) -> Self {
        Self::coded(code, None, message)
    }

    pub fn invalid_transition(status: &str) -> Self {
        Self::coded(
            Code::PickupInvalidTransition,
            Some("status"),
            &format!("the pickup request is {status}; this change is not possible any more"),
        )
    }
}

impl From<AppError> for PickupError {
    fn from(error: AppError) -> Self {
        Self::App(error)
    }
}

impl From<sqlx::Error> for PickupError {
    fn from(error: sqlx::Error) -> Self {
        Self::App(error.into())
    }
}

impl IntoResponse for PickupError {
    fn into_response(self) -> Response {
        let (code, field, message, location) = match self {
            Self::App(error) => return error.into_response(),
            Self::Coded { code, field, message } => (code, field, message, None),
            Self::Duplicate { location } => {
                (Code::PickupDuplicate, None, "We are still processing your request!".to_owned(), location)
            }
        };
        let mut response = (code.status(), axum::Json(ApiError { code, message, field })).into_response();
        response.extensions_mut().insert(ErrorCode(code));
        if let Some(value) = location.and_then(|id| HeaderValue::from_str(&routes::location_of(&id)).ok()) {
            response.headers_mut().insert(header::LOCATION, value);
        }
        response
    }
}
