//! The `deferred_payment` job: asks the provider where the shopper pays, records the payment (once, by
//! the job id) and answers `form {action, method, fields}` or `qrCodeURL`.

use domain::SimpleStatus;
use serde::{Deserialize, Serialize};

use super::provider::{PaymentForm, ProviderError, StartPayment, provider};
use crate::cancellation::order_facts;
use crate::cancellation::statuses;
use crate::error::Code;
use crate::jobs::{Finish, Job, JobError, JobResult, RunInfo, complete_in};
use crate::orders::OrdersState;

pub const KIND: &str = "deferred_payment";

/// The `deferred_payment` job's payload; the order is the job's own `order_number`. The fields are in
/// the order rows written before typed jobs hold them (sorted), so a payload is stored as it was.
#[derive(Debug, Serialize, Deserialize)]
pub struct DeferredPayment {
    #[serde(rename = "approvalId")]
    pub approval_id: String,
    /// `form` or `wechat`.
    pub channel: String,
    /// MOBILE or DESKTOP.
    #[serde(rename = "experienceType")]
    pub experience_type: String,
    #[serde(rename = "returnURL")]
    pub return_url: String,
    /// The endpoint's version (1 or 2).
    pub version: u8,
}

/// The job's `response`: where the shopper pays, a form to submit or a QR code to scan.
#[derive(Debug, Serialize)]
pub struct PaymentStarted {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub form: Option<PaymentForm>,
    #[serde(rename = "paymentId")]
    pub payment_id: String,
    #[serde(rename = "qrCodeURL", skip_serializing_if = "Option::is_none")]
    pub qr_code_url: Option<String>,
}

/// Where the QR code image of a payment is served (made by `documents::qr`).
pub fn qr_code_url(payment_id: &str) -> String {
    format!("{}/{payment_id}/qr.png", super::provider::SANDBOX_PREFIX)
}

impl Job for DeferredPayment {
    const KIND: &'static str = KIND;
    type Context = OrdersState;
    type Outcome = PaymentStarted;

    async fn run(self, state: OrdersState, run: RunInfo) -> JobResult<PaymentStarted> {
        start(&state, &run, self).await
    }
}

async fn start(state: &OrdersState, run: &RunInfo, payment: DeferredPayment) -> JobResult<PaymentStarted> {
    let Some(order_number) = run.order_number.clone() else {
        return Ok(Finish::denied(400, Code::InvalidOrderNumber, "the job names no order"));
    };
    let Some(facts) = order_facts(&state.db, &order_number).await.map_err(JobError::retry)? else {
        return Ok(Finish::denied(404, Code::ServiceOrderDetailFailure, "order not found"));
    };
    if !facts.payment_hold || !domain::payments::is_deferred(&facts.method) {
        return Ok(Finish::denied(409, Code::NoPaymentHold, "This order has no payment to make."));
    }
    let shown = statuses(&facts);
    if shown.iter().all(|status| matches!(status, SimpleStatus::Cancelled | SimpleStatus::CancellationPending)) {
        return Ok(Finish::denied(409, Code::OrderCancelled, "This order was cancelled."));
    }
    // What is still to pay: the lines not cancelled, and the shipping.
    let amount = facts
        .lines
        .iter()
        .zip(&shown)
        .filter(|(_, status)| **status != SimpleStatus::Cancelled)
        .fold(facts.shipping_total, |sum, (line, _)| sum.saturating_add(line.charged));
    let return_url = payment.return_url;
    let request = StartPayment {
        idempotency_key: &run.id,
        order_number: &order_number,
        payment_type: &facts.method,
        amount_minor: amount,
        currency: facts.currency.code(),
        mobile: payment.experience_type == "MOBILE",
        return_url: &return_url,
    };
    let provider = provider(&state.providers);
    let started = match provider.start(&request).await {
        Ok(started) => started,
        Err(unavailable @ ProviderError::Unavailable(_)) => return Err(JobError::retry(unavailable)),
        Err(refused @ ProviderError::Refused(_)) => {
            tracing::warn!(order_number = %order_number, error = %refused, "the payment provider refused a deferred payment");
            return Err(JobError::fail(502, Code::ServiceDeferredPaymentFailure, refused.to_string()));
        }
    };
    let qr_code = qr_code_url(&started.payment_id);
    let response = if payment.channel == "wechat" {
        PaymentStarted { form: None, payment_id: started.payment_id, qr_code_url: Some(qr_code) }
    } else {
        let qr_code_url = started.qr_target.is_some().then_some(qr_code);
        PaymentStarted { form: Some(started.form), payment_id: started.payment_id, qr_code_url }
    };
    let now = state.clock.now_ms();
    let mut tx = state.db.begin_write().await.map_err(JobError::retry)?;
    // The answer is kept with the payment: the order detail shows it while the payment is open
    // (`pending`, deferredPaymentData).
    let answer = serde_json::to_string(&response).map_err(JobError::retry)?;
    sqlx::query(
        "INSERT INTO deferred_payments (id, job_id, order_number, payment_type, amount, currency, status, return_url, \
         created_at, updated_at, response) VALUES ($1, $2, $3, $4, $5, $6, 'OPEN', $7, $8, $8, $9) \
         ON CONFLICT DO NOTHING",
    )
    .bind(&response.payment_id)
    .bind(&run.id)
    .bind(order_number.as_str())
    .bind(&facts.method)
    .bind(amount)
    .bind(facts.currency.code())
    .bind(&return_url)
    .bind(now)
    .bind(&answer)
    .execute(&mut *tx)
    .await
    .map_err(JobError::retry)?;
    // The order's detail now shows the open payment: its version moves, so no cached body misses it.
    let stale = crate::orders::touch(&mut tx, &order_number, now).await.map_err(JobError::retry)?;
    let finish = Finish::Completed(response);
    complete_in(&mut tx, &state.clock, run, &finish).await.map_err(JobError::retry)?;
    tx.commit().await.map_err(JobError::retry)?;
    stale.forget_in(&state.cache);
    Ok(finish)
}
