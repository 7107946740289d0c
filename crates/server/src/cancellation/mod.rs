//! Cancellation (spec 002 §2, §4, §7, §8, §9; issue 11 part 1): the cancel request and its job, the
//! ops status events that race with it, and what the order view shows about it.

pub mod db;
pub mod jobs;
pub mod routes;
pub mod view;

/// The order facts the cancel job and the payment job read, and the statuses they judge.
pub use db::order_facts;
/// Money events are recorded beside cancellations (the payment callback writes one).
pub use db::{MoneyEvent, record_money_event};
pub use jobs::statuses;

use std::sync::Arc;

use domain::cancellation::CancellationPolicy;

use crate::jobs::Registry;
use crate::orders::OrderDetailContributor;
use crate::orders::OrdersState;

pub(crate) fn register_jobs<C>(registry: &mut Registry<C>)
where
    C: Clone + Send + Sync + 'static,
    OrdersState: axum::extract::FromRef<C>,
{
    registry.register::<jobs::CancelOrder>();
}

/// The window setting: 30 minutes from the order date, China's customised items likewise (002 §9).
/// One place to change it (per country: `country_windows_ms`).
pub fn policy() -> CancellationPolicy {
    CancellationPolicy::default()
}

/// What cancellation adds to an order's detail (the cancel window and fields), registered once at start (`prepare`).
pub fn order_detail_contributor() -> Arc<dyn OrderDetailContributor> {
    Arc::new(view::Contributor)
}
