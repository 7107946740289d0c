//! What every handler can reach: the database, keys, limits, caches, the clock and the job queue.
//! In its own module so that the app (which merges the routers) and the routes do not import each other.

use std::sync::Arc;

use crate::auth::TokenKeys;
use crate::clock::Clock;
use crate::db::Db;
use crate::jobs::{JobContext, JobQueue};
use crate::rate_limit::Limiter;

/// Cloned for every request (by the router and by each extractor that takes `State`), so a clone is one
/// reference count: cloned field by field, two cores bumping the same twenty counters for every request
/// cost 2-3% of a cached order read (perf, `bench/notes.md`). Fields are read through `Deref`.
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

impl axum::extract::FromRef<AppState> for crate::events::EventsState {
    fn from_ref(state: &AppState) -> Self {
        state.events.clone()
    }
}

/// What `AppState` holds.
#[derive(Clone)]
pub struct Shared {
    pub db: Db,
    pub tokens: Arc<TokenKeys>,
    /// The retailer's OpenID provider, when one is configured: member bearer tokens are its JWTs then.
    pub oidc: Option<Arc<crate::auth::oidc::Oidc>>,
    pub ops_key: Option<Arc<str>>,
    pub limiter: Arc<Limiter>,
    pub cache: Arc<crate::orders::cache::ResponseCache>,
    /// Stores rendered order details behind their answers (`orders::ready_detail`).
    pub ready_details: crate::orders::behind::Writer<crate::orders::ready_detail::Ready>,
    /// Stores rendered history pages behind their answers (`orders::ready_page`).
    pub ready_pages: crate::orders::behind::Writer<crate::orders::ready_page::Ready>,
    pub clock: Clock,
    pub jobs: JobQueue<AppState>,
    /// The outbox's delivery (webhooks, the message bus) and the events routes' state.
    pub events: crate::events::EventsState,
    /// Workers `serve` starts beside the web server.
    pub job_workers: usize,
    /// Cookies carry `Secure` (off only with `--insecure-cookies`, for plain-http hosts other than localhost).
    pub secure_cookies: bool,
    pub metrics: crate::metrics::Metrics,
    pub metrics_access: crate::metrics::MetricsAccess,
    /// How long a stopping process lets requests in flight finish.
    pub shutdown_grace: std::time::Duration,
    /// Header-read timeout and connection cap of the accept loop (`listener`).
    pub connection_limits: crate::listener::ConnectionLimits,
    /// Served over TLS by a proxy: answers carry HSTS.
    pub behind_tls: bool,
    /// Peers whose X-Forwarded-For names the client (`caller::client_ip`).
    pub trusted_proxies: std::sync::Arc<[ipnet::IpNet]>,
    /// Argon2 slots, queue and work areas (sign-in, gift card PINs).
    pub hashing: Arc<crate::auth::password::Hashing>,
    /// E-mail: SMTP when configured, else the stored outbox.
    pub mailer: Arc<dyn crate::mail::Mailer>,
    /// Where shoppers reach this deployment (`--public-url`), no trailing slash: links in e-mails.
    pub public_url: Arc<str>,
    /// Countries and feature flags (`state.settings.flag(country, Flag::X)`).
    pub settings: Arc<crate::settings::SiteSettings>,
    /// US shipment providers: USPS instead of UPS.
    pub usps_enabled: bool,
    /// What returns, cancellation and payments add to an order's detail (`orders::OrderDetailContributor`).
    pub order_contributors: crate::orders::OrderDetailContributors,
}
