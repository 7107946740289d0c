//! Returns (spec 001, issue 10), server side. The contract is `docs/returns-api.md`; decisions are in
//! `docs/returns.md`. The pure rules live in `domain::returns`.
//!
//! - `options`: what a caller may return and how (`GET /order_mgmt/return_options/v1/{orderNumber}`).
//! - `capture`: `POST /order_mgmt/user_return_captures/v1` reserves the units (conditional UPDATE), stores
//!   the return and enqueues the `return_capture` job in one transaction; `job` creates the RETURN_ORDER
//!   through the one stored-order record, books a pickup, sends the "created" e-mail and the Doris notice.
//! - `instructions`: what a created return's instructions and detail show, from the stored return.
//! - `labels`: the label (PDF or EMEA paperless PNG) and its dispatch by e-mail or post.
//! - `refund`: bank refund with a checked IBAN, of which only the last 4 characters are kept in clear.
//! - `events`: ops moves a return along (raw statuses of 001 §4.1) and the shopper is e-mailed.
//! - `notify`: e-mails in the shopper's language and the Doris webhook (a trait with a sandbox sink).
//! - `facts`: what the order view shows on lines (`orders::hooks::return_facts`).
//! - `withdrawal`: the EU right of withdrawal, apart from a commercial return.

pub mod capture;
pub mod db;
pub mod events;
pub mod facts;
pub mod instructions;
pub mod job;
pub mod labels;
pub mod notify;
pub mod options;
pub mod refund;
pub mod routes;
pub mod texts;
pub mod withdrawal;

use std::sync::Arc;

use domain::returns::methods::ReturnMethod;

use crate::jobs::Registry;
use crate::orders::OrderDetailContributor;
use crate::orders::OrdersState;

pub use routes::router;

/// The job kind of a return capture (`job::CaptureReturn`).
pub const CAPTURE_JOB: &str = "return_capture";

pub(crate) fn register_jobs<C>(registry: &mut Registry<C>)
where
    C: Clone + Send + Sync + 'static,
    OrdersState: axum::extract::FromRef<C>,
{
    registry.register::<job::CaptureReturn>();
}

/// What returns adds to an order's detail (the facts of each line), registered once at start (`prepare`).
pub fn order_detail_contributor() -> Arc<dyn OrderDetailContributor> {
    Arc::new(facts::Contributor)
}

/// Countries without carrier labels (001 §4.3: the label is not loaded for China or Korea).
pub const NO_LABEL_COUNTRIES: &[&str] = &["CN", "KR"];

/// Whether a method has a carrier label: a carrier is known and it is not a store return or a pickup
/// whose carrier brings its own paperwork (Korea courier, Sagawa).
pub fn label_offered(method: ReturnMethod, carrier_id: Option<&str>) -> bool {
    carrier_id.is_some()
        && !method.is_store()
        && !matches!(method, ReturnMethod::CourierPickup | ReturnMethod::SagawaPickup)
}

/// The base language of a locale tag (`en-GB` -> `en`).
pub fn language_of(locale: &str) -> String {
    crate::mail::templates::base_language(locale)
}
