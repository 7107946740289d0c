//! `POST /order_mgmt/bank_refund/v1` (001 §3, §5): the account for a refund by bank transfer.
//!
//! The IBAN is checked with `iban_validate` (country format and check digits; `Invalid IBAN` otherwise).
//! The full IBAN goes to the payout provider (a [`Payout`] trait; the sandbox answers a reference) inside
//! the request and is never stored, logged, answered or e-mailed: the database keeps the last 4
//! characters and an HMAC fingerprint (to recognise the same account again) only.

use axum::Json;
use axum::extract::State;
use iban::{Iban, IbanLike};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::access::authorize_order;
use crate::caller::Caller;
use crate::error::{AppError, AppResult};
use crate::extract::JsonBody;
use crate::mail::OutgoingMail;
use crate::orders::OrdersState;

pub use domain::rules::{BANK_FIRST_NAME_MAX_CHARS as FIRST_NAME_MAX, BANK_LAST_NAME_MAX_CHARS as LAST_NAME_MAX};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Owner {
    #[serde(default)]
    #[schema(schema_with = first_name_text, required = true)]
    pub first_name: String,
    #[serde(default)]
    #[schema(schema_with = last_name_text, required = true)]
    pub last_name: String,
}

// The document's shapes of `name_ok` for each name.
fn first_name_text() -> utoipa::openapi::schema::Object {
    crate::extract::non_blank_text(FIRST_NAME_MAX, crate::extract::FORBIDDEN_CONTROL_CLASS)
}
fn last_name_text() -> utoipa::openapi::schema::Object {
    crate::extract::non_blank_text(LAST_NAME_MAX, crate::extract::FORBIDDEN_CONTROL_CLASS)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountDetails {
    #[serde(default)]
    pub iban: String,
    pub owner: Owner,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankRefundRequest {
    pub account_details: AccountDetails,
    #[schema(value_type = domain::schema::Email, inline)]
    pub email: String,
    #[schema(value_type = domain::OrderNumber, inline)]
    pub order_number: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankRefundResponse {
    pub order_number: String,
    /// The last 4 characters of the IBAN: all that is ever shown.
    pub iban_last4: String,
    pub email: String,
}

/// Pays a refund out to a bank account.
pub trait Payout: Send + Sync {
    /// A reference for the payout; the IBAN must not be kept by the caller.
    fn register(&self, iban: &Iban, order_number: &str) -> Result<String, String>;
}

/// The sandbox payout provider: a deterministic reference, nothing kept.
pub struct SandboxPayout;

impl Payout for SandboxPayout {
    fn register(&self, iban: &Iban, order_number: &str) -> Result<String, String> {
        Ok(format!("PO-{}-{}", order_number, iban.country_code()))
    }
}

/// The IBAN, checked; `Invalid IBAN` naming the field otherwise.
pub fn parse_iban(text: &str) -> AppResult<Iban> {
    let invalid = || AppError::validation("accountDetails.iban", "Invalid IBAN");
    if text.len() > 64 {
        return Err(invalid());
    }
    // Shoppers type spaces and lower case; the library takes the electronic or the print form.
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_uppercase();
    compact.parse::<Iban>().map_err(|_| invalid())
}

fn name_ok(value: &str, field: &str, max: usize) -> AppResult<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(AppError::validation(field, "this field is required"));
    }
    if value.chars().count() > max {
        return Err(AppError::validation(field, format!("at most {max} characters")));
    }
    Ok(value.to_owned())
}

/// Records the bank account for refunding an order.
#[utoipa::path(post, path = "/order_mgmt/bank_refund/v1", tag = "returns", request_body = BankRefundRequest,
    params(("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "guests: email(...) or phoneNumber(...)")),
    responses((status = 200, body = BankRefundResponse),
              (status = 400, body = crate::error::ApiError, description = "validation-failed: accountDetails.iban (Invalid IBAN), accountDetails.owner.firstName (at most 24), accountDetails.owner.lastName, email"),
              (status = 404, body = crate::error::ApiError, description = "service-order-detail-failure")))]
pub async fn submit_bank_refund(
    State(state): State<OrdersState>,
    caller: Caller,
    JsonBody(request): JsonBody<BankRefundRequest>,
) -> AppResult<Json<BankRefundResponse>> {
    let first_name =
        name_ok(&request.account_details.owner.first_name, "accountDetails.owner.firstName", FIRST_NAME_MAX)?;
    let last_name = name_ok(&request.account_details.owner.last_name, "accountDetails.owner.lastName", LAST_NAME_MAX)?;
    let iban = parse_iban(&request.account_details.iban)?;
    let email = request.email.trim().to_ascii_lowercase();
    if !domain::rules::is_email(&email) {
        return Err(AppError::validation("email", "Please enter a valid email address."));
    }
    let access = authorize_order(&state, &caller, &request.order_number).await?;
    let owner_key = caller.owner_key().ok_or(AppError::OrderNotFound)?;
    let electronic = iban.electronic_str();
    let last4: String = electronic.get(electronic.len().saturating_sub(4)..).unwrap_or_default().to_owned();
    let key = crate::secrets::load_or_create(&state.db, "bank_refund_fingerprint_key").await?;
    let fingerprint = crate::secrets::sign(&key, electronic.as_bytes());
    let reference = SandboxPayout.register(&iban, access.order_number.as_str()).map_err(|message| {
        tracing::warn!(code = "bank-refund-payout-failure", "the payout provider refused: {message}");
        AppError::Unavailable
    })?;
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    sqlx::query(
        "INSERT INTO bank_refunds (order_number, owner_key, iban_last4, iban_fingerprint, country, first_name, last_name, \
         email, payout_reference, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         ON CONFLICT (order_number, owner_key) DO UPDATE SET iban_last4 = $3, iban_fingerprint = $4, country = $5, \
         first_name = $6, last_name = $7, email = $8, payout_reference = $9, created_at = $10",
    )
    .bind(access.order_number.as_str())
    .bind(&owner_key)
    .bind(&last4)
    .bind(&fingerprint)
    .bind(iban.country_code())
    .bind(&first_name)
    .bind(&last_name)
    .bind(&email)
    .bind(&reference)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let added = crate::events::BankRefundDetailsAdded {
        order_number: access.order_number.as_str().to_owned(),
        iban_country: iban.country_code().to_owned(),
        iban_last4: last4.clone(),
        payout_reference: reference.clone(),
    };
    crate::events::record(&mut tx, now, crate::events::EventData::ReturnBankRefundDetailsAdded(added)).await?;
    tx.commit().await?;
    tracing::info!(event = "bank-refund-recorded", iban_last4 = %last4, "bank refund details recorded");
    // The confirmation the page promises, in the country's language, naming the account by its last four
    // digits only. The details stand whether or not it goes (the mailer queues it in the outbox).
    let language = state.settings.country(&access.country).lang_code.clone();
    let (subject, body) = super::texts::compose_bank_refund(&language, access.order_number.as_str(), &last4);
    if let Err(error) = state.mailer.send(OutgoingMail { to: email.clone(), subject, body, attachment: None }).await {
        tracing::warn!(code = "bank-refund-mail-failure", %error, "the bank refund confirmation was not sent");
    }
    Ok(Json(BankRefundResponse { order_number: access.order_number.as_str().to_owned(), iban_last4: last4, email }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ibans_are_checked() {
        let cases = [
            ("NL91ABNA0417164300", true),
            ("nl91 abna 0417 1643 00", true),
            ("DE89370400440532013000", true),
            ("GB82WEST12345698765432", true),
            ("NL91ABNA0417164301", false),
            ("DE89", false),
            ("", false),
            ("XX00123", false),
        ];
        for (text, valid) in cases {
            assert_eq!(parse_iban(text).is_ok(), valid, "{text}");
        }
    }
}
