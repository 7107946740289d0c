//! The payment provider behind an adapter: the trait a real provider (Alipay, WeChat Pay, Klarna ...)
//! implements, and the sandbox provider the app uses until one is configured. The sandbox serves its own
//! approve / decline pages under `/sandbox/payments/...` and then calls our webhook, signed.

use std::sync::Arc;

use serde::Serialize;
use utoipa::ToSchema;

/// A deferred payment to start.
pub struct StartPayment<'a> {
    /// Our key for it (the job id): the provider makes one payment per key, however often asked.
    pub idempotency_key: &'a str,
    pub order_number: &'a str,
    pub payment_type: &'a str,
    pub amount_minor: i64,
    pub currency: &'a str,
    pub mobile: bool,
    pub return_url: &'a str,
}

#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
pub struct FormField {
    pub name: String,
    pub value: String,
}

/// The form the browser submits to reach the provider (002 §3).
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
pub struct PaymentForm {
    pub action: String,
    /// GET or POST.
    pub method: String,
    pub fields: Vec<FormField>,
}

/// What the provider answers: where the shopper pays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartedPayment {
    pub payment_id: String,
    pub form: PaymentForm,
    /// A page to scan with the payment app (shown as a QR code), when the method has one.
    pub qr_target: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    #[error("the payment provider did not answer: {0}")]
    Unavailable(String),
}

pub trait PaymentProvider: Send + Sync {
    fn name(&self) -> &'static str;
    fn start(&self, payment: &StartPayment<'_>) -> Result<StartedPayment, ProviderError>;
}

/// The sandbox: deterministic payment ids from our key, pages served by this server.
pub struct SandboxProvider;

pub const SANDBOX_PREFIX: &str = "/sandbox/payments";

impl PaymentProvider for SandboxProvider {
    fn name(&self) -> &'static str {
        "sandbox"
    }

    fn start(&self, payment: &StartPayment<'_>) -> Result<StartedPayment, ProviderError> {
        let payment_id = format!("sbx_{}", payment.idempotency_key.replace('-', ""));
        let page = format!("{SANDBOX_PREFIX}/{payment_id}");
        let show_qr = domain::payments::shows_qr_code(payment.payment_type, None);
        Ok(StartedPayment {
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
        })
    }
}

/// The provider in use. A deployment with a real provider returns its adapter here.
pub fn provider() -> Arc<dyn PaymentProvider> {
    Arc::new(SandboxProvider)
}
