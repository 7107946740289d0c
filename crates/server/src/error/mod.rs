//! One error type for the whole API, answered as `{"code","message","field"}` with its HTTP status.
//! The codes and their statuses are the catalogue in `code.rs`: the web app chooses its texts by them.

mod code;

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

pub use code::{Code, markdown_table};

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
    /// A return order that does not exist or that the caller may not see (one answer for both).
    #[error("We couldn't find that return.")]
    ReturnNotFound,
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
    /// A refusal with its own stable code (and that code's status).
    #[error("{message}")]
    Coded { code: Code, field: String, message: String },
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
    /// An outside provider called while the shopper waits (the address validator) took longer than the
    /// provider timeout or answered 5xx: 503 with Retry-After, never a request held open.
    #[error("the {provider} is not answering; try again in a moment")]
    ProviderUnavailable { provider: &'static str },
    /// The database's disk is full (SQLITE_FULL, PostgreSQL 53100): nothing was written.
    #[error("the database's storage is full; nothing was written")]
    StorageFull,
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
    pub code: Code,
    pub message: String,
    /// The request field at fault, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

impl AppError {
    /// The code this error answers with; its status is the catalogue's.
    pub fn code(&self) -> Code {
        match self {
            Self::InvalidOrderNumber => Code::InvalidOrderNumber,
            Self::InvalidFilter(_) => Code::InvalidFilter,
            Self::InvalidQuery(_) => Code::InvalidQuery,
            Self::InvalidJson(_) => Code::InvalidJson,
            Self::Validation { .. } => Code::ValidationFailed,
            Self::Unauthorized => Code::Unauthorized,
            Self::InvalidCredentials => Code::InvalidCredentials,
            Self::OrderNotFound => Code::ServiceOrderDetailFailure,
            Self::ReturnNotFound => Code::OrderDetailReturnFailure,
            Self::OrderSummaryNotFound => Code::ServiceOrderSummaryFailure,
            Self::NotFound => Code::NotFound,
            Self::StoreNotFound => Code::StoreViewsServiceFailure,
            Self::Conflict { .. } => Code::Conflict,
            Self::RateLimited { .. } => Code::RateLimited,
            Self::InvalidIdempotencyKey => Code::InvalidIdempotencyKey,
            Self::IdempotencyKeyReused => Code::IdempotencyKeyReused,
            Self::IdempotencyInFlight => Code::IdempotencyRequestInProgress,
            Self::GiftCardInvalid => Code::GiftCardInvalid,
            Self::NoPricingInfo => Code::NoPricingInfo,
            Self::ShopSimilarFailure => Code::GetShopSimilarFailure,
            Self::Coded { code, .. } => *code,
            Self::CsrfTokenInvalid => Code::CsrfTokenInvalid,
            Self::PayloadTooLarge => Code::PayloadTooLarge,
            Self::ControlCharacters { .. } => Code::InvalidCharacters,
            Self::Busy { .. } => Code::ServiceBusy,
            Self::Unavailable | Self::ProviderUnavailable { .. } => Code::ServiceUnavailable,
            Self::StorageFull => Code::StorageFull,
            Self::FeatureDisabled { .. } => Code::FeatureDisabled,
            Self::Internal(_) => Code::Internal,
        }
    }

    /// A refusal with its own code, e.g. `AppError::coded(Code::BagLimit, "quantity", "...")`.
    pub fn coded(code: Code, field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::Coded { code, field: field.into(), message: message.into() }
    }

    pub fn validation(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::Validation { field: field.into(), message: message.into() }
    }

    /// The request field at fault, when there is one (the answer's `field`).
    pub fn field(&self) -> Option<String> {
        match self {
            Self::Validation { field, .. }
            | Self::Conflict { field, .. }
            | Self::Coded { field, .. }
            | Self::ControlCharacters { field } => Some(field.clone()),
            Self::FeatureDisabled { flag } => Some((*flag).to_owned()),
            _ => None,
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> Self {
        match error {
            sqlx::Error::Io(io) if io.kind() == std::io::ErrorKind::StorageFull => Self::StorageFull,
            sqlx::Error::Database(database) if is_storage_full(database.as_ref()) => Self::StorageFull,
            sqlx::Error::Database(database) if is_server_going_away(database.as_ref()) => Self::Unavailable,
            sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::PoolClosed => Self::Unavailable,
            other => Self::Internal(Box::new(other)),
        }
    }
}

/// PostgreSQL ending the connection under a running statement: SQLSTATE class 08 (connection exception) or
/// 57P01-57P03 (admin or crash shutdown, cannot connect now), as when the server is stopped or restarted.
/// The database is away, not the request wrong: 503 with Retry-After, like a refused connection.
fn is_server_going_away(error: &dyn sqlx::error::DatabaseError) -> bool {
    error.code().is_some_and(|code| code.starts_with("08") || code.starts_with("57P"))
}

/// SQLite's SQLITE_FULL (13, "database or disk is full") or PostgreSQL's disk_full (53100).
fn is_storage_full(error: &dyn sqlx::error::DatabaseError) -> bool {
    let code = error.code();
    matches!(code.as_deref(), Some("13" | "53100")) || error.message().contains("database or disk is full")
}

/// The stable code of an error answer, left on the response for the metrics layer.
#[derive(Debug, Clone, Copy)]
pub struct ErrorCode(pub Code);

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let code = self.code();
        if let Self::Internal(cause) = &self {
            tracing::error!(error = %cause, "request failed");
        }
        let field = self.field();
        let body = ApiError { code, message: self.to_string(), field };
        let mut response = (code.status(), axum::Json(body)).into_response();
        response.extensions_mut().insert(ErrorCode(code));
        if let Self::RateLimited { retry_after_seconds } | Self::Busy { retry_after_seconds } = self {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after_seconds));
        }
        match self {
            // An operator frees space in minutes, not seconds.
            Self::StorageFull => {
                response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(STORAGE_FULL_RETRY_SECONDS));
            }
            // A database restart or failover, a provider's hiccup: seconds.
            Self::Unavailable | Self::ProviderUnavailable { .. } => {
                response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(UNAVAILABLE_RETRY_SECONDS));
            }
            _ => {}
        }
        response
    }
}

pub type AppResult<T> = Result<T, AppError>;

/// Retry-After of a `storage-full` answer.
pub const STORAGE_FULL_RETRY_SECONDS: u64 = 60;
/// Retry-After of a `service-unavailable` answer (the database is not answering).
pub const UNAVAILABLE_RETRY_SECONDS: u64 = 5;
