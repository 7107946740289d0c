//! Curbside pickup (spec 002 §2, §4, §5, §7, §8): the shopper's "I'm here" (`routes`), the store
//! associate console's API (`console`) and the SQL (`db`). The rules (statuses, transitions, vehicle
//! text) are in `domain::curbside`; the overview and the error codes are in docs/curbside.md.

pub mod console;
pub mod db;
pub mod routes;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::error::{ApiError, AppError, ErrorCode};

/// Error codes of this area (each its own, so the shopper's page picks its text by code).
pub mod codes {
    /// 400: orderNumber, storeId, storeServiceId or validationCode.code (the QR id) missing.
    pub const MISSING_PARAMETERS: &str = "curbside-missing-parameters";
    /// 422: the store is not open now in its own time zone.
    pub const STORE_CLOSED: &str = "curbside-store-closed";
    /// 422: the store does not offer curbside pickup.
    pub const NOT_OFFERED: &str = "curbside-not-offered";
    /// 422: the order has no line ready for pickup at this store.
    pub const ORDER_NOT_READY: &str = "curbside-order-not-ready";
    /// 422: the validation code is not the order's own QR id.
    pub const INVALID_VALIDATION_CODE: &str = "curbside-invalid-validation-code";
    /// 409: the order has an open interaction; `Location` names it.
    pub const DUPLICATE: &str = "pickup-duplicate";
    /// 409: the interaction is no longer in a status that allows this change.
    pub const INVALID_TRANSITION: &str = "pickup-invalid-transition";
    /// 401: the console's store key is missing, unknown, revoked or for another store.
    pub const STORE_KEY_INVALID: &str = "store-key-invalid";
}

/// The errors of this area: the app's errors, plus coded refusals with their own status.
#[derive(Debug)]
pub enum PickupError {
    App(AppError),
    Coded {
        status: StatusCode,
        code: &'static str,
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
    pub fn coded(status: StatusCode, code: &'static str, field: Option<&str>, message: &str) -> Self {
        Self::Coded { status, code, field: field.map(str::to_owned), message: message.to_owned() }
    }

    pub fn missing(field: &str) -> Self {
        Self::coded(StatusCode::BAD_REQUEST, codes::MISSING_PARAMETERS, Some(field), &format!("{field} is required"))
    }

    pub fn rule(code: &'static str, message: &str) -> Self {
        Self::coded(StatusCode::UNPROCESSABLE_ENTITY, code, None, message)
    }

    pub fn invalid_transition(status: &str) -> Self {
        Self::coded(
            StatusCode::CONFLICT,
            codes::INVALID_TRANSITION,
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
        let (status, code, field, message, location) = match self {
            Self::App(error) => return error.into_response(),
            Self::Coded { status, code, field, message } => (status, code, field, message, None),
            Self::Duplicate { location } => (
                StatusCode::CONFLICT,
                codes::DUPLICATE,
                None,
                "We are still processing your request!".to_owned(),
                location,
            ),
        };
        let mut response = (status, axum::Json(ApiError { code, message, field })).into_response();
        response.extensions_mut().insert(ErrorCode(code));
        if let Some(value) = location.and_then(|id| HeaderValue::from_str(&routes::location_of(&id)).ok()) {
            response.headers_mut().insert(header::LOCATION, value);
        }
        response
    }
}
