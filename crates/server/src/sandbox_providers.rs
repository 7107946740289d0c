//! `orders sandbox-providers`: a stand-in for the outside providers, speaking the protocol of the HTTP
//! adapters (payments, carrier pickups, address validation; ADR 0020), with the sandboxes' answers. A
//! retailer runs it beside `orders serve --payment-provider-url ... --carrier-api-url ...
//! --address-validator-url ...` to try the adapters; the tests start one per test on port 0 and make it
//! slow or failing through [`Faults`] (or `PUT /faults`), to see timeouts and 5xx handled.
//!
//! Routes:
//! - `POST /payments` (header `Idempotency-Key`): the sandbox payment; one payment per key.
//! - `POST /carriers/{carrierId}/pickups` (header `Idempotency-Key`: the return number): a booking, or
//!   422 / 409 with the carrier's refusal (`carriers::gateway::Refusal`).
//! - `POST /carriers/{carrierId}/labels` (header `Idempotency-Key`: the return number): the label the
//!   carrier issues (tracking number, service, drop-off code), the same one again for a key asked before;
//!   422 with a refusal where the carrier makes no label for the country.
//! - `POST /addresses/verify`: `verified`, `closeMatch` with the suggestion, or `unverified`.
//! - `GET /faults`, `PUT /faults {"delayMs": 0, "failNext": 0}`: every provider call first waits
//!   `delayMs`, and the next `failNext` calls answer 503. `GET /calls`: what was called, for tests.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use tokio::net::TcpListener;

use crate::addresses::validator::{VerifyAnswer, VerifyBody};
use crate::carriers::gateway::{BookedPickup, LabelBody, PickupBody, Refusal};
use crate::carriers::{CarrierError, IssuedLabel, LabelRequest, PickupRequest};
use crate::outbound::IDEMPOTENCY_HEADER;
use crate::payments::provider::{StartPayment, StartedPayment, sandbox_start};

/// How the stand-in misbehaves, changed while it runs.
#[derive(Debug, Default)]
pub struct Faults {
    delay_ms: AtomicU64,
    fail_next: AtomicU32,
}

#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FaultSettings {
    /// Every provider call waits this long before it is answered.
    #[serde(default)]
    pub delay_ms: u64,
    /// The next calls answered 503 (counting down).
    #[serde(default)]
    pub fail_next: u32,
}

impl Faults {
    pub fn set(&self, settings: FaultSettings) {
        self.delay_ms.store(settings.delay_ms, Ordering::SeqCst);
        self.fail_next.store(settings.fail_next, Ordering::SeqCst);
    }

    pub fn get(&self) -> FaultSettings {
        FaultSettings {
            delay_ms: self.delay_ms.load(Ordering::SeqCst),
            fail_next: self.fail_next.load(Ordering::SeqCst),
        }
    }

    /// Takes one planned failure, if any are left.
    fn take_failure(&self) -> bool {
        self.fail_next.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |left| left.checked_sub(1)).is_ok()
    }
}

/// What the stand-in was asked, for tests and for a retailer trying it.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Calls {
    /// Provider calls received, the failed and the slow ones too.
    pub received: u64,
    /// Payments made, by idempotency key (a key asked again answers the same payment).
    pub payments: BTreeMap<String, String>,
    /// Pickups booked, by return number: the confirmation.
    pub pickups: BTreeMap<String, String>,
    /// Labels created, by return number (the idempotency key): the tracking number.
    pub labels: BTreeMap<String, String>,
    /// Label requests answered with a label made before (the key asked again).
    pub label_replays: u64,
    /// Addresses verified.
    pub verifications: u64,
}

/// The stand-in's state; clone it to keep a handle on a running one.
#[derive(Clone, Default)]
pub struct Sandbox {
    pub faults: Arc<Faults>,
    calls: Arc<Mutex<Calls>>,
    received: Arc<AtomicU64>,
    /// The labels issued, by idempotency key, answered again as they were.
    labels: Arc<Mutex<BTreeMap<String, IssuedLabel>>>,
}

impl Sandbox {
    pub fn calls(&self) -> Calls {
        let mut calls = self.calls.lock().unwrap_or_else(PoisonError::into_inner).clone();
        calls.received = self.received.load(Ordering::SeqCst);
        calls
    }

    fn record(&self, change: impl FnOnce(&mut Calls)) {
        change(&mut self.calls.lock().unwrap_or_else(PoisonError::into_inner));
    }
}

pub fn router(sandbox: Sandbox) -> Router {
    let providers = Router::new()
        .route("/payments", post(start_payment))
        .route("/carriers/{carrier_id}/pickups", post(book_pickup))
        .route("/carriers/{carrier_id}/labels", post(create_label))
        .route("/addresses/verify", post(verify_address))
        .layer(middleware::from_fn_with_state(sandbox.clone(), misbehave));
    Router::new()
        .route("/faults", get(faults).put(set_faults))
        .route("/calls", get(calls))
        .merge(providers)
        .with_state(sandbox)
}

/// Serves the stand-in on `listener` until `shutdown` resolves.
pub async fn serve(
    listener: TcpListener,
    sandbox: Sandbox,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(sandbox)).with_graceful_shutdown(shutdown).await
}

/// The planned delay, then a planned 503 or the real answer.
async fn misbehave(State(sandbox): State<Sandbox>, request: Request, next: Next) -> Response {
    sandbox.received.fetch_add(1, Ordering::SeqCst);
    let delay = sandbox.faults.delay_ms.load(Ordering::SeqCst);
    if delay > 0 {
        tokio::time::sleep(Duration::from_millis(delay)).await;
    }
    if sandbox.faults.take_failure() {
        return (StatusCode::SERVICE_UNAVAILABLE, "the sandbox was told to fail this call").into_response();
    }
    next.run(request).await
}

async fn faults(State(sandbox): State<Sandbox>) -> Json<FaultSettings> {
    Json(sandbox.faults.get())
}

async fn set_faults(State(sandbox): State<Sandbox>, Json(settings): Json<FaultSettings>) -> Json<FaultSettings> {
    sandbox.faults.set(settings);
    Json(settings)
}

async fn calls(State(sandbox): State<Sandbox>) -> Json<Calls> {
    Json(sandbox.calls())
}

fn refusal(status: StatusCode, error: &CarrierError) -> Response {
    (status, Json(Refusal::of(error))).into_response()
}

fn idempotency_key(headers: &HeaderMap) -> Option<String> {
    headers.get(IDEMPOTENCY_HEADER).and_then(|value| value.to_str().ok()).map(str::to_owned)
}

/// `POST /payments`'s body, owned.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PaymentBody {
    order_number: String,
    payment_type: String,
    amount_minor: i64,
    currency: String,
    mobile: bool,
    return_url: String,
}

async fn start_payment(State(sandbox): State<Sandbox>, headers: HeaderMap, Json(body): Json<PaymentBody>) -> Response {
    let Some(key) = idempotency_key(&headers) else {
        return (StatusCode::BAD_REQUEST, "the Idempotency-Key header is required").into_response();
    };
    let started: StartedPayment = sandbox_start(&StartPayment {
        idempotency_key: &key,
        order_number: &body.order_number,
        payment_type: &body.payment_type,
        amount_minor: body.amount_minor,
        currency: &body.currency,
        mobile: body.mobile,
        return_url: &body.return_url,
    });
    sandbox.record(|calls| {
        calls.payments.insert(key, started.payment_id.clone());
    });
    Json(started).into_response()
}

async fn book_pickup(
    State(sandbox): State<Sandbox>,
    Path(carrier_id): Path<String>,
    Json(body): Json<PickupBody>,
) -> Response {
    let Some(carrier) = crate::carriers::for_id(&carrier_id) else {
        return (StatusCode::NOT_FOUND, "no such carrier").into_response();
    };
    let request = PickupRequest {
        return_order_number: body.return_order_number.clone(),
        address: body.address,
        slot: body.slot.map(Into::into),
    };
    match carrier.book_pickup(&request, body.today) {
        Ok(booking) => {
            sandbox.record(|calls| {
                calls.pickups.insert(body.return_order_number, booking.confirmation.clone());
            });
            Json(BookedPickup::from(booking)).into_response()
        }
        Err(error @ CarrierError::SlotUnavailable) => refusal(StatusCode::CONFLICT, &error),
        Err(error) => refusal(StatusCode::UNPROCESSABLE_ENTITY, &error),
    }
}

async fn create_label(
    State(sandbox): State<Sandbox>,
    Path(carrier_id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<LabelBody>,
) -> Response {
    let Some(key) = idempotency_key(&headers) else {
        return (StatusCode::BAD_REQUEST, "the Idempotency-Key header is required").into_response();
    };
    let Some(carrier) = crate::carriers::for_id(&carrier_id) else {
        return (StatusCode::NOT_FOUND, "no such carrier").into_response();
    };
    let mut labels = sandbox.labels.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(issued) = labels.get(&key) {
        sandbox.record(|calls| calls.label_replays += 1);
        return Json(issued.clone()).into_response();
    }
    let request = LabelRequest {
        return_order_number: body.return_order_number.clone(),
        country: body.country,
        from: body.from.into(),
        to: body.to.into(),
        ..LabelRequest::default()
    };
    match carrier.issue_label(&request) {
        Ok(issued) => {
            labels.insert(key, issued.clone());
            sandbox.record(|calls| {
                calls.labels.insert(body.return_order_number, issued.tracking_number.clone());
            });
            Json(issued).into_response()
        }
        Err(error) => refusal(StatusCode::UNPROCESSABLE_ENTITY, &error),
    }
}

async fn verify_address(State(sandbox): State<Sandbox>, Json(body): Json<VerifyBody>) -> Json<VerifyAnswer> {
    sandbox.record(|calls| calls.verifications += 1);
    Json(VerifyAnswer::of(domain::address::verify(&body.address, &body.language)))
}
