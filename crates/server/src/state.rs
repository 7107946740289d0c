//! The app's state: the platform's, identity's and every area's, and how each part is derived from it
//! (`FromRef`). Identity and the areas name only their own state; this module, in the app layer, is the
//! one place that knows them all. In its own module so that the app (which merges the routers) and the
//! routes do not import each other.

use std::sync::Arc;

use axum::extract::FromRef;

use crate::auth::AuthState;
use crate::clock::Clock;
use crate::db::Db;
use crate::jobs::{JobContext, JobQueue};
use crate::metrics::MetricsState;
use crate::orders::OrdersState;
use crate::platform::Platform;

/// Cloned for every request (by the router and by each extractor that takes `State`), so a clone is one
/// reference count: cloned field by field, two cores bumping the same twenty counters for every request
/// cost 2-3% of a cached order read (perf, docs/performance.md). Fields are read through `Deref`.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> Self {
        Self(Arc::new(shared))
    }

    /// The same state with some fields changed (tests: their own job handlers, a second database pool as
    /// a second process would have). Other clones keep what they had.
    pub fn with(self, change: impl FnOnce(&mut Shared)) -> Self {
        let mut shared = Arc::unwrap_or_clone(self.0);
        change(&mut shared);
        Self::new(shared)
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl std::ops::Deref for Shared {
    type Target = Platform;

    fn deref(&self) -> &Platform {
        &self.platform
    }
}

impl FromRef<AppState> for Platform {
    fn from_ref(state: &AppState) -> Self {
        state.platform.clone()
    }
}

impl FromRef<AppState> for Db {
    fn from_ref(state: &AppState) -> Self {
        state.db.clone()
    }
}

impl FromRef<AppState> for AuthState {
    fn from_ref(state: &AppState) -> Self {
        state.auth.clone()
    }
}

impl FromRef<AppState> for OrdersState {
    fn from_ref(state: &AppState) -> Self {
        state.orders.clone()
    }
}

impl FromRef<AppState> for Arc<crate::settings::SiteSettings> {
    fn from_ref(state: &AppState) -> Self {
        state.settings.clone()
    }
}

impl FromRef<AppState> for MetricsState {
    fn from_ref(state: &AppState) -> Self {
        state.metrics.clone()
    }
}

impl JobContext for AppState {
    fn db(&self) -> &Db {
        &self.db
    }

    fn clock(&self) -> &Clock {
        &self.clock
    }

    fn job_queue(&self) -> &JobQueue<Self> {
        &self.jobs
    }
}

impl FromRef<AppState> for crate::events::EventsState {
    fn from_ref(state: &AppState) -> Self {
        state.events.clone()
    }
}

/// What `AppState` holds.
#[derive(Clone)]
pub struct Shared {
    /// The database, clock, limits, mail transport and the deployment's switches (read through `Deref`).
    pub platform: Platform,
    /// Identity's state: the platform, token keys, OpenID provider, password hashing, the site's rules.
    pub auth: AuthState,
    /// The metrics and who may read them.
    pub metrics: MetricsState,
    /// The orders area's (and the areas that write orders'): settings, cache, ready rows, contributors.
    pub orders: OrdersState,
    pub jobs: JobQueue<AppState>,
    /// The outbox's delivery (webhooks, the message bus) and the events routes' state.
    pub events: crate::events::EventsState,
    /// Workers `serve` starts beside the web server.
    pub job_workers: usize,
    /// How long a stopping process lets requests in flight finish.
    pub shutdown_grace: std::time::Duration,
    /// Header-read timeout and connection cap of the accept loop (`listener`).
    pub connection_limits: crate::listener::ConnectionLimits,
    /// Countries and feature flags (`state.settings.flag(country, Flag::X)`).
    pub settings: Arc<crate::settings::SiteSettings>,
}
