//! The payment provider behind an adapter: the trait a real provider (Alipay, WeChat Pay, Klarna ...)
//! implements, the sandbox provider the app uses until one is configured, and [`HttpPaymentProvider`],
//! which starts payments over HTTP at `--payment-provider-url` (the protocol `orders sandbox-providers`
//! speaks; ADR 0020). The sandbox serves its own approve / decline pages under `/sandbox/payments/...`
//! and then calls our webhook, signed.

use futures_util::future::{self, BoxFuture};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::outbound::{CallError, ProviderClient, Providers};

/// A deferred payment to start (also the JSON body `POST {provider}/payments` takes).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StartPayment<'a> {
    /// Our key for it (the job id): the provider makes one payment per key, however often asked. Sent
    /// as the `Idempotency-Key` header, not in the body.
    #[serde(skip)]
    pub idempotency_key: &'a str,
    pub order_number: &'a str,
    pub payment_type: &'a str,
    pub amount_minor: i64,
    pub currency: &'a str,
    pub mobile: bool,
    pub return_url: &'a str,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct FormField {
    pub name: String,
    pub value: String,
}

/// The form the browser submits to reach the provider (002 §3).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
pub struct PaymentForm {
    pub action: String,
    /// GET or POST.
    pub method: String,
    pub fields: Vec<FormField>,
}

/// What the provider answers: where the shopper pays.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StartedPayment {
    pub payment_id: String,
    pub form: PaymentForm,
    /// A page to scan with the payment app (shown as a QR code), when the method has one.
    #[serde(default)]
    pub qr_target: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// Timeout, refused connection, 5xx, 429: the job tries again later.
    #[error("the payment provider did not answer: {0}")]
    Unavailable(String),
    /// The provider refused to start the payment (4xx) or answered something unreadable: no retry.
    #[error("the payment provider refused the payment: {0}")]
    Refused(String),
}

impl From<CallError> for ProviderError {
    fn from(error: CallError) -> Self {
        match error {
            CallError::Transient { .. } => Self::Unavailable(error.to_string()),
            CallError::Definitive { .. } => Self::Refused(error.to_string()),
        }
    }
}

/// Async because a real provider is called over the network (from the payment job only, never while a
/// shopper's request waits). Boxed futures keep the trait usable as `dyn`.
pub trait PaymentProvider: Send + Sync {
    fn name(&self) -> &'static str;
    fn start<'a>(&'a self, payment: &'a StartPayment<'a>) -> BoxFuture<'a, Result<StartedPayment, ProviderError>>;
}

/// The sandbox: deterministic payment ids from our key, pages served by this server.
pub struct SandboxProvider;

pub const SANDBOX_PREFIX: &str = "/sandbox/payments";

impl PaymentProvider for SandboxProvider {
    fn name(&self) -> &'static str {
        "sandbox"
    }

    fn start<'a>(&'a self, payment: &'a StartPayment<'a>) -> BoxFuture<'a, Result<StartedPayment, ProviderError>> {
        Box::pin(future::ready(Ok(sandbox_start(payment))))
    }
}

/// The sandbox's answer: a pure function of the request (also what `orders sandbox-providers` answers).
pub fn sandbox_start(payment: &StartPayment<'_>) -> StartedPayment {
    let payment_id = format!("sbx_{}", payment.idempotency_key.replace('-', ""));
    let page = format!("{SANDBOX_PREFIX}/{payment_id}");
    let show_qr = domain::payments::shows_qr_code(payment.payment_type, None);
    StartedPayment {
        form: PaymentForm {
            action: page.clone(),
            // GET: the browser is redirected with the fields as a query string (002 §4).
            method: "GET".to_owned(),
            fields: vec![
                FormField {
                    name: "experience".to_owned(),
                    value: if payment.mobile { "MOBILE" } else { "DESKTOP" }.to_owned(),
                },
                FormField { name: "returnURL".to_owned(), value: payment.return_url.to_owned() },
            ],
        },
        qr_target: show_qr.then_some(page),
        payment_id,
    }
}

/// Starts payments with `POST {--payment-provider-url}/payments` (body [`StartPayment`], header
/// `Idempotency-Key`: the job id), answered by a [`StartedPayment`].
pub struct HttpPaymentProvider(pub ProviderClient);

impl PaymentProvider for HttpPaymentProvider {
    fn name(&self) -> &'static str {
        "http"
    }

    fn start<'a>(&'a self, payment: &'a StartPayment<'a>) -> BoxFuture<'a, Result<StartedPayment, ProviderError>> {
        Box::pin(async move {
            let started = self.0.post_json("/payments", payment, Some(payment.idempotency_key)).await;
            started.map_err(ProviderError::from)
        })
    }
}

/// The provider in use: over HTTP when `--payment-provider-url` is set, else the sandbox.
pub fn provider(providers: &Providers) -> Box<dyn PaymentProvider> {
    match &providers.payments {
        Some(client) => Box::new(HttpPaymentProvider(client.clone())),
        None => Box::new(SandboxProvider),
    }
}
