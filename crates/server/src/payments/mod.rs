//! Payments (issue 11 part 3): deferred payment through a provider adapter (a sandbox provider until a
//! real one is configured), its signed, replay-protected callback, and the money timeline of an order.

pub mod jobs;
pub mod provider;
pub mod routes;
pub mod timeline;

/// The money timeline of an order, for the order view.
pub use timeline::{MoneyTimelineEvent, money_timeline};

use crate::jobs::Registry;
use crate::state::AppState;

pub(crate) fn register_jobs(registry: &mut Registry<AppState>) {
    registry.register::<jobs::DeferredPayment>();
}
