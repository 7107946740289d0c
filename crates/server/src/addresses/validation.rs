//! `POST /address/validation/v1` (spec 002 §5, §7; 001 §4.4): members, and guests with `orderNumber`
//! and the order's filter. Answers validated, a suggestion (id `suggested`, `originalId` kept), or
//! nothing to suggest.

use axum::Json;
use axum::extract::State;
use domain::address::{SUGGESTED_ADDRESS_ID, Verification};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::routes::{Address, bounded_id};
use super::validator::{AddressValidator, validator};
use crate::caller::Caller;
use crate::error::{AppError, AppResult};
use crate::extract::{JsonBody, QueryPairs};
use crate::platform::Platform;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ValidationRequest {
    #[serde(deserialize_with = "crate::extract::object")]
    pub address: Address,
    /// The language the validator checks in, e.g. `en`, `ko`. Absent: the address's country decides
    /// (Korean for a Korean address, 001 §4.4), else English.
    #[serde(default)]
    #[schema(pattern = "^[A-Za-z0-9_-]{0,16}$")]
    pub language: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ValidationAnswer {
    /// True when the address is right as entered.
    pub validated: bool,
    /// As entered (validated), the suggestion (id `suggested`, `originalId` the entered id), or absent
    /// when the address could not be verified.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub validated_address: Option<Address>,
}

/// Validate an address (spec 002 §5): members, or guests with `orderNumber` and the order's filter.
#[utoipa::path(post, path = "/address/validation/v1", tag = "addresses", security((), ("bearer" = [])),
    params(("orderNumber" = inline(Option<domain::order_number::OrderNumber>), Query, description = "guests: the order they look at"),
           ("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "guests: email(...) or phoneNumber(...)")),
    request_body = ValidationRequest,
    responses((status = 200, body = ValidationAnswer), (status = 400, body = crate::error::ApiError),
              (status = 401, body = crate::error::ApiError), (status = 404, body = crate::error::ApiError),
              (status = 503, body = crate::error::ApiError, description = "service-unavailable: the address validator is not answering (Retry-After)")))]
pub async fn validate_address(
    State(state): State<Platform>,
    caller: Caller,
    query: QueryPairs,
    JsonBody(request): JsonBody<ValidationRequest>,
) -> AppResult<Json<ValidationAnswer>> {
    // The document's pattern holds for everyone who sends it, members too (they need not send it).
    if query.first("orderNumber").is_some_and(|number| domain::OrderNumber::parse(number).is_err()) {
        return Err(AppError::InvalidOrderNumber);
    }
    if caller.member.is_none() {
        let order_number = query.first("orderNumber").ok_or(AppError::Unauthorized)?;
        if !caller.has_guest_credentials() {
            return Err(AppError::Unauthorized);
        }
        crate::access::authorize_order(&state, &caller, order_number).await?;
    }
    let language = request.language.as_deref().unwrap_or_else(|| {
        domain::address::validation_language(request.address.country.as_deref().unwrap_or_default())
    });
    if language.len() > 16 || !language.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return Err(AppError::validation("language", "a language tag such as en or ko"));
    }
    let entered = &request.address;
    let entered_id = entered.id.as_deref().map(|id| bounded_id(id, "address.id")).transpose()?;
    let verification = validator(&state.providers).verify(&entered.fields(), language).await?;
    let answer = match verification {
        Verification::Verified(fields) => ValidationAnswer {
            validated: true,
            validated_address: Some(Address::from_fields(
                entered_id,
                entered.original_id.clone(),
                fields,
                entered.preferred,
            )),
        },
        Verification::CloseMatch(fields) => ValidationAnswer {
            validated: false,
            validated_address: Some(Address::from_fields(
                Some(SUGGESTED_ADDRESS_ID.to_owned()),
                entered_id,
                fields,
                entered.preferred,
            )),
        },
        Verification::Unverified => ValidationAnswer { validated: false, validated_address: None },
    };
    Ok(Json(answer))
}
