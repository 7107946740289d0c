//! One error type for the whole API, answered as `{"code","message","field"}` with its HTTP status.
//! The codes are stable: the web app chooses its texts by them.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// The stable code of a refusal by a rate limit or a lockout (also counted apart in `/metrics`).
pub const RATE_LIMITED: &str = "rate-limited";

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("Please enter a valid order number.")]
    InvalidOrderNumber,
    #[error("{0}")]
    InvalidFilter(String),
    #[error("{0}")]
    InvalidQuery(String),
    #[error("{0}")]
    InvalidJson(String),
    #[error("{message}")]
    Validation { field: String, message: String },
    #[error("sign in again: the access token is missing, invalid or expired")]
    Unauthorized,
    #[error("the e-mail or password is not right")]
    InvalidCredentials,
    /// Also what a caller gets for an order they may not see.
    #[error("We couldn't find that order.")]
    OrderNotFound,
    /// The summary route's answer for a missing order or one the caller may not see.
    #[error("We couldn't find that order.")]
    OrderSummaryNotFound,
    #[error("not found")]
    NotFound,
    #[error("We couldn't find that store.")]
    StoreNotFound,
    #[error("{message}")]
    Conflict { field: String, message: String },
    #[error("too many attempts, try again in {retry_after_seconds} seconds")]
    RateLimited { retry_after_seconds: u64 },
    #[error("the Idempotency-Key header is 1 to 255 visible ASCII characters")]
    InvalidIdempotencyKey,
    #[error("this Idempotency-Key was used with another request body")]
    IdempotencyKeyReused,
    #[error("a request with this Idempotency-Key is still being processed; try again shortly")]
    IdempotencyInFlight,
    /// Wrong PIN, unknown card and locked card alike (spec 000 §5 text).
    #[error(
        "We couldn't find a gift card with those numbers. Please check the gift card number and PIN, and try again."
    )]
    GiftCardInvalid,
    /// Add to bag: an unknown sku, or one without a price in the bag's currency (spec 002 §8).
    #[error("No pricing info")]
    NoPricingInfo,
    /// Shop similar could not be answered (spec 002 §8 get-shop-similar-failure).
    #[error("similar products could not be loaded")]
    ShopSimilarFailure,
    /// A conflict with its own stable code.
    #[error("{message}")]
    CodedConflict { code: &'static str, field: String, message: String },
    /// A write made with the session cookie without the session's `X-CSRF-Token`.
    #[error("this request must carry the session's X-CSRF-Token header")]
    CsrfTokenInvalid,
    #[error("the request body is larger than this endpoint takes")]
    PayloadTooLarge,
    #[error("text may not contain control characters")]
    ControlCharacters { field: String },
    /// Too many sign-ins are being checked at once; try again in a moment.
    #[error("the service is busy, try again in a moment")]
    Busy { retry_after_seconds: u64 },
    #[error("the database is not answering")]
    Unavailable,
    /// The feature is off in this country by a flag (`settings::SiteSettings::require`).
    #[error("this feature is not available in this country")]
    FeatureDisabled { flag: &'static str },
    #[error("internal error")]
    Internal(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApiError {
    /// Stable code, e.g. `invalid-order-number`.
    pub code: &'static str,
    pub message: String,
    /// The request field at fault, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

/// The stable error codes, for the OpenAPI document: every `code` an answer may carry. Add yours here
/// too when you add a line to `code_and_status`; codes made at run time (`CodedConflict`) are listed by their areas.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorCodeName {
    InvalidOrderNumber,
    InvalidFilter,
    InvalidQuery,
    InvalidJson,
    ValidationFailed,
    Unauthorized,
    InvalidCredentials,
    ServiceOrderDetailFailure,
    ServiceOrderSummaryFailure,
    NotFound,
    Conflict,
    RateLimited,
    InvalidIdempotencyKey,
    IdempotencyKeyReused,
    IdempotencyRequestInProgress,
    GiftCardInvalid,
    NoPricingInfo,
    GetShopSimilarFailure,
    CsrfTokenInvalid,
    PayloadTooLarge,
    InvalidCharacters,
    ServiceBusy,
    ServiceUnavailable,
    EinvoiceNotAvailable,
    EinvoiceAlreadyRequested,
    FeatureDisabled,
    Internal,
}

impl AppError {
    /// The catalogue: one line per code.
    pub fn code_and_status(&self) -> (&'static str, StatusCode) {
        match self {
            Self::InvalidOrderNumber => ("invalid-order-number", StatusCode::BAD_REQUEST),
            Self::InvalidFilter(_) => ("invalid-filter", StatusCode::BAD_REQUEST),
            Self::InvalidQuery(_) => ("invalid-query", StatusCode::BAD_REQUEST),
            Self::InvalidJson(_) => ("invalid-json", StatusCode::BAD_REQUEST),
            Self::Validation { .. } => ("validation-failed", StatusCode::BAD_REQUEST),
            Self::Unauthorized => ("unauthorized", StatusCode::UNAUTHORIZED),
            Self::InvalidCredentials => ("invalid-credentials", StatusCode::UNAUTHORIZED),
            Self::OrderNotFound => ("service-order-detail-failure", StatusCode::NOT_FOUND),
            Self::OrderSummaryNotFound => ("service-order-summary-failure", StatusCode::NOT_FOUND),
            Self::NotFound => ("not-found", StatusCode::NOT_FOUND),
            Self::StoreNotFound => ("store-views-service-failure", StatusCode::NOT_FOUND),
            Self::Conflict { .. } => ("conflict", StatusCode::CONFLICT),
            Self::RateLimited { .. } => (RATE_LIMITED, StatusCode::TOO_MANY_REQUESTS),
            Self::InvalidIdempotencyKey => ("invalid-idempotency-key", StatusCode::BAD_REQUEST),
            Self::IdempotencyKeyReused => ("idempotency-key-reused", StatusCode::UNPROCESSABLE_ENTITY),
            Self::IdempotencyInFlight => ("idempotency-request-in-progress", StatusCode::CONFLICT),
            Self::GiftCardInvalid => ("gift-card-invalid", StatusCode::BAD_REQUEST),
            Self::NoPricingInfo => ("no-pricing-info", StatusCode::UNPROCESSABLE_ENTITY),
            Self::ShopSimilarFailure => ("get-shop-similar-failure", StatusCode::SERVICE_UNAVAILABLE),
            Self::CodedConflict { code, .. } => (*code, StatusCode::CONFLICT),
            Self::CsrfTokenInvalid => ("csrf-token-invalid", StatusCode::FORBIDDEN),
            Self::PayloadTooLarge => ("payload-too-large", StatusCode::PAYLOAD_TOO_LARGE),
            Self::ControlCharacters { .. } => ("invalid-characters", StatusCode::BAD_REQUEST),
            Self::Busy { .. } => ("service-busy", StatusCode::SERVICE_UNAVAILABLE),
            Self::Unavailable => ("service-unavailable", StatusCode::SERVICE_UNAVAILABLE),
            Self::FeatureDisabled { .. } => ("feature-disabled", StatusCode::NOT_FOUND),
            Self::Internal(_) => ("internal", StatusCode::INTERNAL_SERVER_ERROR),
        }
    }

    pub fn coded_conflict(code: &'static str, field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::CodedConflict { code, field: field.into(), message: message.into() }
    }

    pub fn validation(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::Validation { field: field.into(), message: message.into() }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> Self {
        match error {
            sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::PoolClosed => Self::Unavailable,
            other => Self::Internal(Box::new(other)),
        }
    }
}

/// The stable code of an error answer, left on the response for the metrics layer.
#[derive(Debug, Clone, Copy)]
pub struct ErrorCode(pub &'static str);

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (code, status) = self.code_and_status();
        if let Self::Internal(cause) = &self {
            tracing::error!(error = %cause, "request failed");
        }
        let field = match &self {
            Self::Validation { field, .. }
            | Self::Conflict { field, .. }
            | Self::CodedConflict { field, .. }
            | Self::ControlCharacters { field } => Some(field.clone()),
            Self::FeatureDisabled { flag } => Some((*flag).to_owned()),
            _ => None,
        };
        let body = ApiError { code, message: self.to_string(), field };
        let mut response = (status, axum::Json(body)).into_response();
        response.extensions_mut().insert(ErrorCode(code));
        if let Self::RateLimited { retry_after_seconds } | Self::Busy { retry_after_seconds } = self {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after_seconds));
        }
        response
    }
}

pub type AppResult<T> = Result<T, AppError>;
