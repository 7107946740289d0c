//! `POST /payment/giftcard_balance/v1` for anyone; `POST /ops/v1/gift_cards` and
//! `POST /ops/v1/gift_cards/{cardNumber}/events` for the retailer's systems.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::country::Flag;
use domain::gift_card::{GiftCardNumber, GiftCardPin, MAX_FAILED_PINS};
use domain::money::{parse_decimal, parse_non_negative, to_decimal_string};
use domain::{Currency, Money};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::db::{self, EventResult, NewCard};
use crate::auth::AuthState;
use crate::auth::Ops;
use crate::auth::password;
use crate::caller::Caller;
use crate::error::{AppError, AppResult};
use crate::extract::{JsonBody, QueryPairs};

crate::platform::area_router!(
    states: [AuthState, crate::platform::Platform],
    routes: [(check_gift_card_balance), (upsert_gift_card), (apply_gift_card_event)],
);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceRequest {
    // 19 digits; spaces allowed (at most 24 characters in all).
    #[schema(value_type = domain::gift_card::GiftCardNumber, inline)]
    pub account_number: String,
    // 6 digits.
    #[schema(value_type = domain::gift_card::GiftCardPin, inline)]
    pub pin: String,
    // ISO 4217 code of the shopper's store; the balance is answered in the card's own currency.
    #[schema(value_type = domain::Currency, inline)]
    pub currency: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceResponse {
    pub balance: f64,
    pub currency: String,
    /// Last day the card can be used (YYYY-MM-DD), when it expires.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expires_on: Option<String>,
}

fn decimal_number(minor: i64, currency: Currency) -> f64 {
    to_decimal_string(Money(minor), currency).parse().unwrap_or_default()
}

fn parse_currency(code: &str, field: &str) -> AppResult<Currency> {
    Currency::parse(code).ok_or_else(|| AppError::validation(field, "a currency is an ISO 4217 code such as USD"))
}

/// The balance of a gift card. A wrong PIN, an unknown card and a locked card get the same answer, in
/// the same time (one Argon2 verification each); 10 failed PINs lock a card for 30 minutes.
#[utoipa::path(post, path = "/payment/giftcard_balance/v1", tag = "gift cards", request_body = BalanceRequest,
    params(("country" = Option<String>, Query, description = "the shopper's country (default: the default country); where disableGiftCardLookup is on the call answers 404 feature-disabled")),
    responses((status = 200, body = BalanceResponse),
              (status = 404, body = crate::error::ApiError, description = "feature-disabled: gift card lookup is off in this country"),
              (status = 400, body = crate::error::ApiError, description = "gift-card-invalid: wrong number or PIN, or locked; validation-failed: malformed input"),
              (status = 429, body = crate::error::ApiError), (status = 503, body = crate::error::ApiError)))]
pub async fn check_gift_card_balance(
    State(state): State<AuthState>,
    caller: Caller,
    query: QueryPairs,
    JsonBody(request): JsonBody<BalanceRequest>,
) -> AppResult<Json<BalanceResponse>> {
    // The page is hidden where the lookup is off; the call is refused there too.
    state.site.require(query.first("country"), Flag::DisableGiftCardLookup)?;
    let number = GiftCardNumber::parse(&request.account_number)
        .ok_or_else(|| AppError::validation("accountNumber", "A gift card number has 19 digits."))?;
    let pin = GiftCardPin::parse(&request.pin).ok_or_else(|| AppError::validation("pin", "A PIN has 6 digits."))?;
    parse_currency(&request.currency, "currency")?;
    state.limiter.check_client(caller.client_ip)?;
    let now = state.clock.now_ms();
    let reserved = db::reserve_attempt(&state.db, number.as_str(), now).await?;
    let stored_hash = reserved.as_ref().map(|card| card.pin_hash.clone());
    // Unknown and locked cards are checked against a decoy hash: every answer costs one verification.
    let right_pin = password::verify(&state.hashing, pin.expose().to_owned(), stored_hash).await?;
    let card = match reserved {
        Some(card) if right_pin => card,
        Some(card) => {
            if card.failed_pins >= MAX_FAILED_PINS {
                tracing::info!(
                    event = "gift-card-locked",
                    card = number.last_four(),
                    "a gift card locked after failed PINs"
                );
                db::record_locked(&state.db, number.as_str(), number.last_four(), now).await?;
            }
            return Err(AppError::GiftCardInvalid);
        }
        None => {
            // A locked card whose event was lost (the process died between the locking attempt and its
            // event) gets it from the next attempt during the lock; `record_locked` writes it once per lock.
            db::record_locked(&state.db, number.as_str(), number.last_four(), now).await?;
            return Err(AppError::GiftCardInvalid);
        }
    };
    db::clear_failures(&state.db, number.as_str(), now).await?;
    let currency = parse_currency(&card.currency, "currency")?;
    Ok(Json(BalanceResponse {
        balance: decimal_number(card.balance, currency),
        currency: card.currency,
        expires_on: card.expires_on,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GiftCardInput {
    // 19 digits (spaces allowed).
    #[schema(value_type = domain::gift_card::GiftCardNumber, inline)]
    pub number: String,
    // 6 digits; stored only as an Argon2id hash, never returned or logged.
    #[schema(value_type = domain::gift_card::GiftCardPin, inline)]
    pub pin: String,
    #[schema(value_type = domain::Currency, inline)]
    pub currency: String,
    /// Decimal text or number in the card's currency, e.g. "50.00".
    #[schema(schema_with = crate::extract::decimal_amount)]
    pub balance: serde_json::Value,
    /// YYYY-MM-DD.
    #[schema(format = Date)]
    pub expires_on: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoredGiftCard {
    /// The last four digits only.
    pub last_four: String,
    pub currency: String,
    pub balance: f64,
    pub created: bool,
}

fn amount_text(value: &serde_json::Value, field: &str) -> AppResult<String> {
    match value {
        serde_json::Value::String(text) => Ok(text.trim().to_owned()),
        serde_json::Value::Number(number) => Ok(number.to_string()),
        _ => Err(AppError::validation(field, "an amount is a decimal number such as 19.99")),
    }
}

/// Create or replace a gift card (ops).
#[utoipa::path(post, path = "/ops/v1/gift_cards", tag = "ops", security(("ops_key" = [])), request_body = GiftCardInput,
    responses((status = 201, body = StoredGiftCard), (status = 200, body = StoredGiftCard),
              (status = 400, body = crate::error::ApiError), (status = 401, body = crate::error::ApiError)))]
pub async fn upsert_gift_card(
    State(state): State<AuthState>,
    _ops: Ops,
    JsonBody(input): JsonBody<GiftCardInput>,
) -> AppResult<(StatusCode, Json<StoredGiftCard>)> {
    let number = GiftCardNumber::parse(&input.number)
        .ok_or_else(|| AppError::validation("number", "A gift card number has 19 digits."))?;
    let pin = GiftCardPin::parse(&input.pin).ok_or_else(|| AppError::validation("pin", "A PIN has 6 digits."))?;
    let currency = parse_currency(&input.currency, "currency")?;
    let balance = parse_non_negative(&amount_text(&input.balance, "balance")?, currency)
        .map_err(|error| AppError::validation("balance", error.to_string()))?;
    if let Some(day) = &input.expires_on {
        chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d")
            .map_err(|_| AppError::validation("expiresOn", "a date is written YYYY-MM-DD"))?;
    }
    let pin_hash = password::hash(pin.expose().to_owned()).await?;
    let card = NewCard {
        card_number: number.as_str(),
        pin_hash: &pin_hash,
        currency: currency.code(),
        balance: balance.0,
        expires_on: input.expires_on.as_deref(),
    };
    let created = db::upsert_card(&state.db, &card, state.clock.now_ms()).await?;
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((
        status,
        Json(StoredGiftCard {
            last_four: number.last_four().to_owned(),
            currency: currency.code().to_owned(),
            balance: decimal_number(balance.0, currency),
            created,
        }),
    ))
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum GiftCardEventKind {
    /// Money put on the card.
    Load,
    /// Money spent with the card.
    Redeem,
    /// Money given back to the card.
    Refund,
    /// A correction, either way (the amount carries its sign).
    Adjust,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GiftCardEvent {
    /// Applied once: a repeated id changes nothing.
    pub event_id: String,
    pub kind: GiftCardEventKind,
    /// Decimal in the card's currency; positive (for adjust, signed).
    #[schema(value_type = String)]
    pub amount: serde_json::Value,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftCardBalanceAfter {
    pub balance: f64,
    pub currency: String,
    /// false when this event id had been applied before.
    pub applied: bool,
}

/// Move a card's balance (ops): load, redeem, refund or adjust, once per event id, never below zero.
#[utoipa::path(post, path = "/ops/v1/gift_cards/{cardNumber}/events", tag = "ops", security(("ops_key" = [])),
    params(("cardNumber" = String, Path, description = "19 digits")), request_body = GiftCardEvent,
    responses((status = 200, body = GiftCardBalanceAfter), (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError), (status = 409, body = crate::error::ApiError)))]
pub async fn apply_gift_card_event(
    State(state): State<AuthState>,
    _ops: Ops,
    Path(card_number): Path<String>,
    JsonBody(event): JsonBody<GiftCardEvent>,
) -> AppResult<Json<GiftCardBalanceAfter>> {
    let number = GiftCardNumber::parse(&card_number).ok_or(AppError::NotFound)?;
    let event_id = event.event_id.trim();
    if event_id.is_empty() || event_id.len() > 64 || !event_id.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(AppError::validation("eventId", "an event id is 1 to 64 visible ASCII characters"));
    }
    let text = amount_text(&event.amount, "amount")?;
    // The card's currency decides the exponent; read it with a generous one first, exactly below.
    let currency_row: Option<String> = sqlx::query_scalar("SELECT currency FROM gift_cards WHERE card_number = $1")
        .bind(number.as_str())
        .fetch_optional(&state.db.pool)
        .await?;
    let currency = parse_currency(&currency_row.ok_or(AppError::NotFound)?, "currency")?;
    let amount = parse_decimal(&text, currency).map_err(|error| AppError::validation("amount", error.to_string()))?;
    let delta = match event.kind {
        GiftCardEventKind::Adjust => amount.0,
        _ if amount.0 <= 0 => return Err(AppError::validation("amount", "the amount must be above zero")),
        GiftCardEventKind::Redeem => -amount.0,
        GiftCardEventKind::Load | GiftCardEventKind::Refund => amount.0,
    };
    let kind = match event.kind {
        GiftCardEventKind::Load => "load",
        GiftCardEventKind::Redeem => "redeem",
        GiftCardEventKind::Refund => "refund",
        GiftCardEventKind::Adjust => "adjust",
    };
    match db::apply_event(&state.db, number.as_str(), event_id, kind, delta, state.clock.now_ms()).await? {
        EventResult::Applied { balance, currency: code } => {
            Ok(Json(GiftCardBalanceAfter { balance: decimal_number(balance, currency), currency: code, applied: true }))
        }
        EventResult::AlreadyApplied { balance, currency: code } => Ok(Json(GiftCardBalanceAfter {
            balance: decimal_number(balance, currency),
            currency: code,
            applied: false,
        })),
        EventResult::UnknownCard => Err(AppError::NotFound),
        EventResult::InsufficientBalance => Err(AppError::Conflict {
            field: "amount".to_owned(),
            message: "the card's balance is lower than the amount".to_owned(),
        }),
    }
}
