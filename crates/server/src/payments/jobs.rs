//! The `deferred_payment` job: asks the provider where the shopper pays, records the payment (once, by
//! the job id) and answers `form {action, method, fields}` or `qrCodeURL`.

use domain::SimpleStatus;
use serde_json::json;

use super::provider::{StartPayment, provider};
use crate::cancellation::db::order_facts;
use crate::cancellation::jobs::statuses;
use crate::jobs::{Job, JobError, JobOutcome, JobResult, complete_in};
use crate::state::AppState;

pub const KIND: &str = "deferred_payment";

/// Where the QR code image of a payment is served (made by `documents::qr`).
pub fn qr_code_url(payment_id: &str) -> String {
    format!("{}/{payment_id}/qr.png", super::provider::SANDBOX_PREFIX)
}

pub async fn run(state: AppState, job: Job) -> JobResult {
    let Some(order_number) = job.order_number.clone() else {
        return Ok(JobOutcome::denied(400, "invalid-order-number", "the job names no order"));
    };
    let retry = |error: crate::error::AppError| JobError::Retry(error.to_string());
    let Some(facts) = order_facts(&state.db, &order_number).await.map_err(retry)? else {
        return Ok(JobOutcome::denied(404, "service-order-detail-failure", "order not found"));
    };
    if !facts.payment_hold || !domain::payments::is_deferred(&facts.method) {
        return Ok(JobOutcome::denied(409, "no-payment-hold", "This order has no payment to make."));
    }
    let shown = statuses(&facts);
    if shown.iter().all(|status| matches!(status, SimpleStatus::Cancelled | SimpleStatus::CancellationPending)) {
        return Ok(JobOutcome::denied(409, "order-cancelled", "This order was cancelled."));
    }
    // What is still to pay: the lines not cancelled, and the shipping.
    let amount = facts
        .lines
        .iter()
        .zip(&shown)
        .filter(|(_, status)| **status != SimpleStatus::Cancelled)
        .fold(facts.shipping_total, |sum, (line, _)| sum.saturating_add(line.charged));
    let text = |name: &str| job.payload.get(name).and_then(serde_json::Value::as_str).unwrap_or_default().to_owned();
    let return_url = text("returnURL");
    let wechat = text("channel") == "wechat";
    let request = StartPayment {
        idempotency_key: &job.id,
        order_number: &order_number,
        payment_type: &facts.method,
        amount_minor: amount,
        currency: facts.currency.code(),
        mobile: text("experienceType") == "MOBILE",
        return_url: &return_url,
    };
    let started = provider().start(&request).map_err(|error| JobError::Retry(error.to_string()))?;
    let response = if wechat {
        json!({ "qrCodeURL": qr_code_url(&started.payment_id), "paymentId": started.payment_id })
    } else {
        let mut body = json!({ "form": started.form, "paymentId": started.payment_id });
        if started.qr_target.is_some() {
            body["qrCodeURL"] = json!(qr_code_url(&started.payment_id));
        }
        body
    };
    let outcome = JobOutcome::Completed(response);
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await?;
    sqlx::query(
        "INSERT INTO deferred_payments (id, job_id, order_number, payment_type, amount, currency, status, return_url, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 'OPEN', $7, $8, $8) ON CONFLICT DO NOTHING",
    )
    .bind(&started.payment_id)
    .bind(&job.id)
    .bind(&order_number)
    .bind(&facts.method)
    .bind(amount)
    .bind(facts.currency.code())
    .bind(&return_url)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    complete_in(&mut tx, &state.clock, &job, &outcome).await?;
    tx.commit().await?;
    Ok(outcome)
}
