//! Deferred payment (002 §2-§7): `POST /payment/deferred_payment_forms/v1` (and `v2`),
//! `POST /payment/deferred_wechat_payments/v1`, their job polls `GET {endpoint}/{jobId}`, the sandbox
//! provider's pages under `/sandbox/payments/...`, and the provider's signed callback
//! `POST /payment/webhooks/sandbox/v1`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use domain::money::to_price_string;
use domain::{Currency, Money};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use super::jobs::{DeferredPayment, KIND};
use super::provider::SANDBOX_PREFIX;
use crate::access::authorize_order;
use crate::caller::Caller;
use crate::error::{AppError, AppResult, Code};
use crate::extract::parse_json_bytes;
use crate::idempotency::IdempotencyKey;
use crate::jobs::accept::{JobOnly, Once, accept};
use crate::jobs::view::{JobView, find_visible};
use crate::jobs::{JobCreated, NewJob};
use crate::orders::OrdersState;

pub const WEBHOOK_PATH: &str = "/payment/webhooks/sandbox/v1";
/// The settings name of the secret the sandbox provider and our webhook share.
pub const WEBHOOK_SECRET: &str = "sandbox_payments_webhook";
/// A callback older (or further in the future) than this is refused: with the stored nonces, a captured
/// callback cannot be sent again.
pub const WEBHOOK_TOLERANCE_MS: i64 = 5 * 60 * 1000;

crate::platform::area_router!(
    states: [OrdersState, crate::auth::AuthState],
    routes: [
        (start_form_v1),
        (start_form_v2),
        (start_wechat),
        (get_payment_job),
        (get_payment_job_v2),
        (get_wechat_job),
        (webhook),
    ],
    then: {
        .route("/sandbox/payments/{payment_id}", get(sandbox_page))
        .route("/sandbox/payments/{payment_id}/qr.png", get(sandbox_qr))
        .route("/sandbox/payments/{payment_id}/approve", post(sandbox_approve))
        .route("/sandbox/payments/{payment_id}/decline", post(sandbox_decline))
    },
);

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeferredPaymentFields {
    pub approval_id: String,
    /// MOBILE or DESKTOP.
    pub experience_type: String,
    #[schema(value_type = domain::OrderNumber, inline)]
    pub order_number: String,
    /// Where the provider sends the shopper back: a path on this site (e.g. the order with payment=success).
    #[serde(rename = "returnURL")]
    pub return_url: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeferredPaymentBody {
    pub request: DeferredPaymentFields,
}

/// A path on this site, not another site's address (an open redirect otherwise).
fn local_path(url: &str) -> bool {
    url.starts_with('/') && !url.starts_with("//") && !url.contains('\\') && url.len() <= 2000
}

async fn start(
    state: OrdersState,
    caller: Caller,
    key: Option<String>,
    bytes: Bytes,
    channel: &'static str,
    version: u8,
) -> AppResult<Response> {
    let body: DeferredPaymentBody = parse_json_bytes(&bytes)?;
    let request = body.request;
    let access = authorize_order(&state, &caller, &request.order_number).await?;
    state.settings.require(Some(&access.country), domain::country::Flag::EnableDeferredPayment)?;
    let approval = request.approval_id.trim();
    if approval.is_empty() || approval.len() > 64 {
        return Err(AppError::validation("request.approvalId", "1 to 64 characters"));
    }
    if !matches!(request.experience_type.as_str(), "MOBILE" | "DESKTOP") {
        return Err(AppError::validation("request.experienceType", "MOBILE or DESKTOP"));
    }
    if !local_path(&request.return_url) {
        return Err(AppError::validation("request.returnURL", "a path on this site, starting with /"));
    }
    let stored: Option<String> = sqlx::query_scalar("SELECT details FROM orders WHERE order_number = $1")
        .bind(access.order_number.as_str())
        .fetch_optional(&state.db.pool)
        .await?;
    let details: serde_json::Value = stored.and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default();
    if details.get("paymentApprovalId").and_then(serde_json::Value::as_str) != Some(approval) {
        return Err(AppError::validation("request.approvalId", "not this order's payment approval"));
    }
    let owner_key = caller.owner_key().ok_or(AppError::OrderNotFound)?;
    let payment = DeferredPayment {
        approval_id: approval.to_owned(),
        channel: channel.to_owned(),
        experience_type: request.experience_type,
        return_url: request.return_url,
        version,
    };
    let job = NewJob { payload: payment, order_number: Some(access.order_number), owner_key: owner_key.clone() };
    let scope = if channel == "wechat" { "POST deferred_wechat_payments" } else { "POST deferred_payment_forms" };
    let once = key.map(|key| Once { owner_key: &owner_key, scope, key, body: &bytes });
    accept(&state, once, async { Ok((job, JobOnly)) }).await
}

/// Start a deferred payment; the job's response holds `form {action, method, fields}` (and `qrCodeURL`
/// for methods paid by scanning).
#[utoipa::path(post, path = "/payment/deferred_payment_forms/v1", tag = "payments", request_body = DeferredPaymentBody,
    params(("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "email(...) or phoneNumber(...) for guests"),
           ("Idempotency-Key" = inline(Option<crate::idempotency::KeyText>), Header, description = "A retry with the same key and body answers the first job")),
    responses((status = 202, body = JobCreated), (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError)))]
pub async fn start_form_v1(
    State(state): State<OrdersState>,
    caller: Caller,
    IdempotencyKey(key): IdempotencyKey,
    bytes: Bytes,
) -> AppResult<Response> {
    start(state, caller, key, bytes, "form", 1).await
}

/// The same as v1 (chosen by the web app's flag); kept apart so the two can differ.
#[utoipa::path(post, path = "/payment/deferred_payment_forms/v2", tag = "payments", request_body = DeferredPaymentBody,
    params(("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "email(...) or phoneNumber(...) for guests"),
           ("Idempotency-Key" = inline(Option<crate::idempotency::KeyText>), Header, description = "A retry with the same key and body answers the first job")),
    responses((status = 202, body = JobCreated), (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError)))]
pub async fn start_form_v2(
    State(state): State<OrdersState>,
    caller: Caller,
    IdempotencyKey(key): IdempotencyKey,
    bytes: Bytes,
) -> AppResult<Response> {
    start(state, caller, key, bytes, "form", 2).await
}

/// Start a WeChat payment; the job's response holds `qrCodeURL`.
#[utoipa::path(post, path = "/payment/deferred_wechat_payments/v1", tag = "payments", request_body = DeferredPaymentBody,
    params(("filter" = inline(Option<domain::guest_filter::FilterText>), Query, description = "email(...) or phoneNumber(...) for guests"),
           ("Idempotency-Key" = inline(Option<crate::idempotency::KeyText>), Header, description = "A retry with the same key and body answers the first job")),
    responses((status = 202, body = JobCreated), (status = 400, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError)))]
pub async fn start_wechat(
    State(state): State<OrdersState>,
    caller: Caller,
    IdempotencyKey(key): IdempotencyKey,
    bytes: Bytes,
) -> AppResult<Response> {
    start(state, caller, key, bytes, "wechat", 1).await
}

/// A deferred payment job, only for the caller who started it.
#[utoipa::path(get, path = "/payment/deferred_payment_forms/v1/{jobId}", tag = "payments",
    params(("jobId" = String, Path), ("filter" = inline(Option<domain::guest_filter::FilterText>), Query)),
    responses((status = 200, body = JobView), (status = 404, body = crate::error::ApiError)))]
pub async fn get_payment_job(
    State(state): State<OrdersState>,
    Path(job_id): Path<String>,
    caller: Caller,
) -> AppResult<Json<JobView>> {
    Ok(Json(find_visible(&state, &caller, &job_id, &[KIND]).await?))
}

#[utoipa::path(get, path = "/payment/deferred_payment_forms/v2/{jobId}", tag = "payments",
    params(("jobId" = String, Path), ("filter" = inline(Option<domain::guest_filter::FilterText>), Query)),
    responses((status = 200, body = JobView), (status = 404, body = crate::error::ApiError)))]
pub async fn get_payment_job_v2(
    State(state): State<OrdersState>,
    Path(job_id): Path<String>,
    caller: Caller,
) -> AppResult<Json<JobView>> {
    Ok(Json(find_visible(&state, &caller, &job_id, &[KIND]).await?))
}

#[utoipa::path(get, path = "/payment/deferred_wechat_payments/v1/{jobId}", tag = "payments",
    params(("jobId" = String, Path), ("filter" = inline(Option<domain::guest_filter::FilterText>), Query)),
    responses((status = 200, body = JobView), (status = 404, body = crate::error::ApiError)))]
pub async fn get_wechat_job(
    State(state): State<OrdersState>,
    Path(job_id): Path<String>,
    caller: Caller,
) -> AppResult<Json<JobView>> {
    Ok(Json(find_visible(&state, &caller, &job_id, &[KIND]).await?))
}

/// The provider's callback body.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WebhookBody {
    pub payment_id: String,
    /// APPROVED or DECLINED.
    pub outcome: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookAnswer {
    pub payment_id: String,
    /// The payment's status after the callback: APPROVED, DECLINED (or what it was already).
    pub status: String,
}

/// What the signature covers: the timestamp, the nonce and the body, joined by dots.
pub fn signed_message(timestamp: &str, nonce: &str, body: &[u8]) -> Vec<u8> {
    let mut message = format!("{timestamp}.{nonce}.").into_bytes();
    message.extend_from_slice(body);
    message
}

fn header_text<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|value| value.to_str().ok()).filter(|text| !text.is_empty())
}

/// Checks a callback and settles the payment once. Unsigned, badly signed or stale: 401; a nonce seen
/// before: 409; either way nothing changes.
pub async fn receive(state: &OrdersState, headers: &HeaderMap, body: &[u8]) -> AppResult<WebhookAnswer> {
    let (Some(timestamp), Some(nonce), Some(signature)) = (
        header_text(headers, "x-sandbox-timestamp"),
        header_text(headers, "x-sandbox-nonce"),
        header_text(headers, "x-sandbox-signature"),
    ) else {
        return Err(AppError::Unauthorized);
    };
    let secret = crate::secrets::load_or_create(&state.db, WEBHOOK_SECRET).await?;
    if nonce.len() > 64 || !crate::secrets::verify(&secret, &signed_message(timestamp, nonce, body), signature) {
        return Err(AppError::Unauthorized);
    }
    let sent_at: i64 = timestamp.parse().map_err(|_| AppError::Unauthorized)?;
    let now = state.clock.now_ms();
    if (now - sent_at).abs() > WEBHOOK_TOLERANCE_MS {
        return Err(AppError::Unauthorized);
    }
    let callback: WebhookBody = crate::extract::parse_json_bytes(body)?;
    let outcome = match callback.outcome.as_str() {
        "APPROVED" | "DECLINED" => callback.outcome.as_str(),
        _ => return Err(AppError::validation("outcome", "APPROVED or DECLINED")),
    };
    let mut tx = state.db.begin_write().await?;
    let fresh = sqlx::query("INSERT INTO webhook_nonces (nonce, received_at) VALUES ($1, $2) ON CONFLICT DO NOTHING")
        .bind(nonce)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    if fresh == 0 {
        return Err(AppError::coded(Code::WebhookReplayed, "nonce", "this callback was received before"));
    }
    // A nonce older than the tolerance can never be replayed (its timestamp is refused): forget it.
    sqlx::query("DELETE FROM webhook_nonces WHERE received_at < $1")
        .bind(now - 2 * WEBHOOK_TOLERANCE_MS)
        .execute(&mut *tx)
        .await?;
    let payment =
        sqlx::query("SELECT order_number, payment_type, amount, currency, status FROM deferred_payments WHERE id = $1")
            .bind(&callback.payment_id)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(AppError::NotFound)?;
    let changed =
        sqlx::query("UPDATE deferred_payments SET status = $1, updated_at = $2 WHERE id = $3 AND status = 'OPEN'")
            .bind(outcome)
            .bind(now)
            .bind(&callback.payment_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if changed == 0 {
        tx.commit().await?;
        return Ok(WebhookAnswer { payment_id: callback.payment_id, status: payment.try_get("status")? });
    }
    let settled = crate::events::PaymentData {
        order_number: payment.try_get("order_number")?,
        payment_id: callback.payment_id.clone(),
        method: payment.try_get("payment_type")?,
        amount: payment.try_get("amount")?,
        currency: payment.try_get("currency")?,
    };
    let settled = if outcome == "APPROVED" {
        crate::events::EventData::PaymentApproved(settled)
    } else {
        crate::events::EventData::PaymentDeclined(settled)
    };
    crate::events::record(&mut tx, now, settled).await?;
    let mut stale = None;
    if outcome == "DECLINED" {
        // The payment is no longer open: the detail stops offering it (`pending`, deferredPaymentData).
        let order_number: String = payment.try_get("order_number")?;
        stale = Some(crate::orders::touch(&mut tx, &order_number, now).await?);
    }
    if outcome == "APPROVED" {
        let order_number: String = payment.try_get("order_number")?;
        stale = Some(crate::orders::lift_payment_hold(&mut tx, &order_number, now).await?);
        let currency: String = payment.try_get("currency")?;
        let event = crate::cancellation::MoneyEvent {
            id: format!("settle:{}", callback.payment_id),
            order_number: &order_number,
            kind: "settled",
            amount: payment.try_get("amount")?,
            currency: Currency::parse(&currency).unwrap_or(Currency::USD),
            method: &payment.try_get::<String, _>("payment_type")?,
            occurred_at: now,
        };
        crate::cancellation::record_money_event(&mut tx, &event).await?;
    }
    tx.commit().await?;
    if let Some(stale) = stale {
        stale.forget_in(&state.cache);
    }
    Ok(WebhookAnswer { payment_id: callback.payment_id, status: outcome.to_owned() })
}

/// The payment provider's callback (signed with HMAC-SHA256 over `timestamp.nonce.body`).
#[utoipa::path(post, path = "/payment/webhooks/sandbox/v1", tag = "payments", request_body = WebhookBody,
    params(("X-Sandbox-Timestamp" = String, Header, description = "Unix ms"),
           ("X-Sandbox-Nonce" = String, Header, description = "Unique per callback"),
           ("X-Sandbox-Signature" = String, Header, description = "hex HMAC-SHA256 of timestamp.nonce.body")),
    responses((status = 200, body = WebhookAnswer), (status = 401, body = crate::error::ApiError),
              (status = 404, body = crate::error::ApiError), (status = 409, body = crate::error::ApiError)))]
pub async fn webhook(
    State(state): State<OrdersState>,
    headers: HeaderMap,
    body: Bytes,
) -> AppResult<Json<WebhookAnswer>> {
    Ok(Json(receive(&state, &headers, &body).await?))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

struct SandboxPayment {
    order_number: String,
    payment_type: String,
    amount: i64,
    currency: String,
    status: String,
    return_url: String,
}

async fn sandbox_payment(state: &OrdersState, payment_id: &str) -> AppResult<SandboxPayment> {
    let row = sqlx::query(
        "SELECT order_number, payment_type, amount, currency, status, return_url FROM deferred_payments WHERE id = $1",
    )
    .bind(payment_id)
    .fetch_optional(&state.db.pool)
    .await?
    .ok_or(AppError::NotFound)?;
    Ok(SandboxPayment {
        order_number: row.try_get("order_number")?,
        payment_type: row.try_get("payment_type")?,
        amount: row.try_get("amount")?,
        currency: row.try_get("currency")?,
        status: row.try_get("status")?,
        return_url: row.try_get("return_url")?,
    })
}

fn html(body: String) -> Response {
    ([(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"))], body).into_response()
}

/// The name the provider's own page shows for a payment type (the portal's pages name them in the shopper's
/// language from the web's catalogues; this page stands in for the provider's, which has its own brand).
fn provider_brand(payment_type: &str) -> &str {
    match payment_type {
        "alipay" => "Alipay",
        "wechat" => "WeChat Pay",
        "unionpay" => "UnionPay",
        "realtime_bank" => "iDEAL",
        "klarna" => "Klarna",
        other => other,
    }
}

/// The sandbox provider's payment page: the tester approves or declines.
pub async fn sandbox_page(State(state): State<OrdersState>, Path(payment_id): Path<String>) -> AppResult<Response> {
    let payment = sandbox_payment(&state, &payment_id).await?;
    let currency = Currency::parse(&payment.currency).unwrap_or(Currency::USD);
    let amount = format!("{} {}", to_price_string(Money(payment.amount), currency), currency.code());
    let id = escape(&payment_id);
    let actions = if payment.status == "OPEN" {
        format!(
            "<form method=\"post\" action=\"{SANDBOX_PREFIX}/{id}/approve\"><button type=\"submit\">Approve payment</button></form>\
             <form method=\"post\" action=\"{SANDBOX_PREFIX}/{id}/decline\"><button type=\"submit\">Decline payment</button></form>"
        )
    } else {
        format!("<p role=\"status\">This payment is {}.</p>", escape(&payment.status.to_lowercase()))
    };
    Ok(html(format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>Sandbox payment provider</title></head><body style=\"font-family:sans-serif;max-width:30rem;margin:2rem auto\">\
         <main><h1>Sandbox payment provider</h1><p>Order {}: {} by {}</p>{actions}</main></body></html>",
        escape(&payment.order_number),
        escape(&amount),
        escape(provider_brand(&payment.payment_type))
    )))
}

/// The QR code of the sandbox payment page (what a payment app would scan).
pub async fn sandbox_qr(
    State(state): State<OrdersState>,
    Path(payment_id): Path<String>,
    headers: HeaderMap,
) -> AppResult<Response> {
    let payment_id = payment_id.trim_end_matches(".png").to_owned();
    sandbox_payment(&state, &payment_id).await?;
    let host = header_text(&headers, "host").unwrap_or("localhost");
    let scheme = if state.behind_tls { "https" } else { "http" };
    let target = format!("{scheme}://{host}{SANDBOX_PREFIX}/{payment_id}");
    let png = crate::documents::qr::qr_png(&target, 6).map_err(|error| AppError::Internal(Box::new(error)))?;
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("image/png"))], png).into_response())
}

/// The sandbox calls our webhook as the provider would: signed, with a fresh nonce and the time.
pub async fn sandbox_callback(state: &OrdersState, payment_id: &str, outcome: &str) -> AppResult<WebhookAnswer> {
    let body = serde_json::to_vec(&WebhookBody { payment_id: payment_id.to_owned(), outcome: outcome.to_owned() })
        .map_err(|error| AppError::Internal(Box::new(error)))?;
    let secret = crate::secrets::load_or_create(&state.db, WEBHOOK_SECRET).await?;
    let timestamp = state.clock.now_ms().to_string();
    let nonce = uuid::Uuid::new_v4().simple().to_string();
    let signature = crate::secrets::sign(&secret, &signed_message(&timestamp, &nonce, &body));
    let mut headers = HeaderMap::new();
    for (name, value) in
        [("x-sandbox-timestamp", timestamp), ("x-sandbox-nonce", nonce), ("x-sandbox-signature", signature)]
    {
        headers.insert(name, HeaderValue::from_str(&value).map_err(|error| AppError::Internal(Box::new(error)))?);
    }
    receive(state, &headers, &body).await
}

fn with_payment_result(return_url: &str, approved: bool) -> String {
    let result = if approved { "success" } else { "failure" };
    let base = return_url.replace("payment=success", "").replace("?&", "?");
    let base = base.trim_end_matches(['?', '&']);
    let joiner = if base.contains('?') { '&' } else { '?' };
    format!("{base}{joiner}payment={result}")
}

async fn sandbox_decide(state: OrdersState, payment_id: String, approved: bool) -> AppResult<Response> {
    let payment = sandbox_payment(&state, &payment_id).await?;
    sandbox_callback(&state, &payment_id, if approved { "APPROVED" } else { "DECLINED" }).await?;
    let target = if local_path(&payment.return_url) {
        with_payment_result(&payment.return_url, approved)
    } else {
        "/orders".to_owned()
    };
    let location = HeaderValue::from_str(&target).map_err(|error| AppError::Internal(Box::new(error)))?;
    Ok((StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response())
}

pub async fn sandbox_approve(State(state): State<OrdersState>, Path(payment_id): Path<String>) -> AppResult<Response> {
    sandbox_decide(state, payment_id, true).await
}

pub async fn sandbox_decline(State(state): State<OrdersState>, Path(payment_id): Path<String>) -> AppResult<Response> {
    sandbox_decide(state, payment_id, false).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn return_urls_are_local_paths_only() {
        assert!(local_path("/orders/sales/C1?payment=success"));
        assert!(!local_path("//evil.example/x"));
        assert!(!local_path("https://evil.example/x"));
        assert!(!local_path("/\\evil.example"));
    }

    #[test]
    fn the_result_replaces_payment_success() {
        assert_eq!(with_payment_result("/orders/sales/C1?payment=success", true), "/orders/sales/C1?payment=success");
        assert_eq!(with_payment_result("/orders/sales/C1?payment=success", false), "/orders/sales/C1?payment=failure");
        assert_eq!(with_payment_result("/orders/sales/C1", false), "/orders/sales/C1?payment=failure");
    }
}
