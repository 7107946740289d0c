//! Payments (issue 11 part 3): deferred payment through a provider adapter (a sandbox provider until a
//! real one is configured), its signed, replay-protected callback, and the money timeline of an order.

pub mod jobs;
pub mod pending;
pub mod provider;
pub mod routes;
pub mod timeline;

use std::sync::Arc;

use crate::jobs::Registry;
use crate::orders::OrderDetailContributor;
use crate::orders::OrdersState;

pub(crate) fn register_jobs<C>(registry: &mut Registry<C>)
where
    C: Clone + Send + Sync + 'static,
    OrdersState: axum::extract::FromRef<C>,
{
    registry.register::<jobs::DeferredPayment>();
}

/// What payments adds to an order's detail (the money timeline, the open deferred payment), registered once at start (`prepare`).
pub fn order_detail_contributor() -> Arc<dyn OrderDetailContributor> {
    Arc::new(timeline::Contributor)
}
