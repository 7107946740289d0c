//! `POST /order_mgmt/withdrawal/v1`: the EU right of withdrawal, apart from a commercial return
//! (`domain::returns::withdrawal`). It asks only what the law asks (which order, optionally which lines;
//! no reason), records the declaration once with the moment it was received, confirms it by e-mail with
//! that date and time, and points to the order's return options (the same return methods).
//!
//! Delivery time: the latest `itemDates.delivered` of the lines withdrawn from; a line shown delivered
//! without a date counts from the order date (our choice, the earliest it can have been delivered); lines
//! not yet delivered leave the period open.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use domain::returns::withdrawal;
use domain::{OrderType, SimpleStatus, simple_status};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use crate::access::authorize_order;
use crate::caller::Caller;
use crate::error::{AppError, AppResult, Code};
use crate::extract::JsonBody;
use crate::mail::OutgoingMail;
use crate::orders::OrdersState;
use crate::orders::{StoredLine, StoredOrder, rfc3339_millis};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WithdrawalRequest {
    #[schema(value_type = domain::OrderNumber, inline)]
    pub order_number: String,
    /// The sales-order lines withdrawn from; all lines when absent.
    #[serde(default)]
    pub line_numbers: Option<Vec<i64>>,
    /// The shopper's language for the confirmation, e.g. de-DE.
    #[serde(default)]
    pub locale: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalConfirmation {
    pub order_number: String,
    pub line_numbers: Vec<i64>,
    /// When the declaration was received (RFC 3339, UTC).
    pub declared_at: String,
    /// The end of the withdrawal period; null while the goods are not delivered.
    pub deadline: Option<String>,
    /// The confirmation e-mail was sent (false on a repeated declaration or without an e-mail).
    pub email_sent: bool,
    /// Where the return methods are: the order's return options.
    pub return_options: String,
}

fn delivered_at(order: &StoredOrder, line: &StoredLine) -> Option<i64> {
    let date = line.details.item_dates.as_ref().and_then(|dates| dates.delivered.as_ref());
    if let Some(date) = date {
        if let Ok(time) = chrono::DateTime::parse_from_rfc3339(&date.0) {
            return Some(time.timestamp_millis());
        }
        if let Ok(day) = chrono::NaiveDate::parse_from_str(&date.0, "%Y-%m-%d") {
            return day.and_hms_opt(23, 59, 59).map(|end| end.and_utc().timestamp_millis());
        }
    }
    let status = simple_status(OrderType::SalesOrder, &line.status);
    matches!(status, SimpleStatus::Delivered | SimpleStatus::PickedUp).then_some(order.order_date)
}

/// When the lines were delivered (the latest of them), None while any is not.
pub fn delivered_ms(order: &StoredOrder, lines: &[i64]) -> Option<i64> {
    let mut latest = None;
    for line in order.lines.iter().filter(|line| lines.contains(&line.line_number)) {
        let at = delivered_at(order, line)?;
        latest = Some(latest.map_or(at, |l: i64| l.max(at)));
    }
    latest
}

/// Whether the order may be withdrawn from now, and until when.
pub fn window(order: &StoredOrder, now_ms: i64) -> (bool, Option<i64>) {
    let all: Vec<i64> = order.lines.iter().map(|line| line.line_number).collect();
    let delivered = delivered_ms(order, &all);
    (withdrawal::may_withdraw(&order.country, delivered, now_ms), withdrawal::deadline_ms(delivered))
}

/// Declares withdrawal from the contract (EU), once per order.
#[utoipa::path(post, path = "/order_mgmt/withdrawal/v1", tag = "returns", request_body = WithdrawalRequest,
    params(("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "guests: email(...) or phoneNumber(...)")),
    responses((status = 201, body = WithdrawalConfirmation), (status = 200, body = WithdrawalConfirmation, description = "declared before: the first declaration"),
              (status = 400, body = crate::error::ApiError, description = "validation-failed: lineNumbers"),
              (status = 404, body = crate::error::ApiError),
              (status = 409, body = crate::error::ApiError, description = "withdrawal-not-available: not an EU order, or the 14 days after delivery have passed")))]
pub async fn declare_withdrawal(
    State(state): State<OrdersState>,
    caller: Caller,
    JsonBody(request): JsonBody<WithdrawalRequest>,
) -> AppResult<(StatusCode, Json<WithdrawalConfirmation>)> {
    let access = authorize_order(&state, &caller, &request.order_number).await?;
    let owner_key = caller.owner_key().ok_or(AppError::OrderNotFound)?;
    let Some((order, _)) = crate::orders::find_order_and_version(&state.db, &access.order_number).await? else {
        return Err(AppError::OrderNotFound);
    };
    if order.order_type != OrderType::SalesOrder {
        return Err(AppError::OrderNotFound);
    }
    let lines: Vec<i64> = match &request.line_numbers {
        Some(lines) if lines.is_empty() => return Err(AppError::validation("lineNumbers", "name at least one line")),
        Some(lines) if lines.len() > 200 => return Err(AppError::validation("lineNumbers", "too many lines")),
        Some(lines) => {
            if let Some(unknown) = lines.iter().find(|n| !order.lines.iter().any(|line| line.line_number == **n)) {
                return Err(AppError::validation("lineNumbers", format!("line {unknown} is not in the order")));
            }
            let mut lines = lines.clone();
            lines.sort_unstable();
            lines.dedup();
            lines
        }
        None => order.lines.iter().map(|line| line.line_number).collect(),
    };
    let now = state.clock.now_ms();
    let delivered = delivered_ms(&order, &lines);
    let deadline = withdrawal::deadline_ms(delivered);
    let return_options = format!("/order_mgmt/return_options/v1/{}", order.order_number);
    let existing = sqlx::query("SELECT line_numbers, declared_at FROM withdrawals WHERE order_number = $1")
        .bind(order.order_number.as_str())
        .fetch_optional(&state.db.pool)
        .await?;
    if let Some(row) = existing {
        let stored: String = row.try_get("line_numbers")?;
        return Ok((
            StatusCode::OK,
            Json(WithdrawalConfirmation {
                order_number: order.order_number.to_string(),
                line_numbers: serde_json::from_str(&stored).unwrap_or_default(),
                declared_at: rfc3339_millis(row.try_get("declared_at")?),
                deadline: deadline.map(rfc3339_millis),
                email_sent: false,
                return_options,
            }),
        ));
    }
    if !withdrawal::may_withdraw(&order.country, delivered, now) {
        return Err(AppError::coded(
            Code::WithdrawalNotAvailable,
            "orderNumber",
            "This order can no longer be withdrawn from; it may still be returned.",
        ));
    }
    let inserted = sqlx::query(
        "INSERT INTO withdrawals (order_number, owner_key, line_numbers, declared_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (order_number) DO NOTHING",
    )
    .bind(order.order_number.as_str())
    .bind(&owner_key)
    .bind(serde_json::to_string(&lines).unwrap_or_else(|_| "[]".to_owned()))
    .bind(now)
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    if inserted == 0 {
        // A parallel declaration won; answer it.
        return Err(AppError::coded(Code::WithdrawalAlreadyDeclared, "orderNumber", "Already declared."));
    }
    let declared_text =
        chrono::DateTime::from_timestamp_millis(now).unwrap_or_default().format("%Y-%m-%d %H:%M").to_string();
    let mut email_sent = false;
    if let Some(to) = order.email.clone().map(String::from) {
        let language = request.locale.as_deref().filter(|l| l.len() <= 35).unwrap_or("en");
        let (subject, body) = super::texts::compose_withdrawal(language, &order.order_number, &declared_text);
        match state.mailer.send(OutgoingMail { to, subject, body, attachment: None }).await {
            Ok(()) => email_sent = true,
            // The declaration stands (it was received); the answer says the e-mail did not go.
            Err(error) => {
                tracing::warn!(code = "withdrawal-mail-failure", %error, "the withdrawal confirmation was not sent")
            }
        }
    }
    Ok((
        StatusCode::CREATED,
        Json(WithdrawalConfirmation {
            order_number: order.order_number.to_string(),
            line_numbers: lines,
            declared_at: rfc3339_millis(now),
            deadline: deadline.map(rfc3339_millis),
            email_sent,
            return_options,
        }),
    ))
}
