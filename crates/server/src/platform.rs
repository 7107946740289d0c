//! What the platform layer hands to everything above it: the database, the clock, the limits, the mail
//! transport, the job queue's wake-up and the deployment's few switches. Built once by
//! `prepare` and held by the app's state; identity and every area reach it through their own state
//! (`FromRef`), so none of them imports the app (DESIGN.md, "Layers"; ADR 0014).

use std::sync::Arc;

use tokio::sync::Notify;

use crate::clock::Clock;
use crate::db::Db;
use crate::mail::Mailer;
use crate::rate_limit::Limiter;

/// Cloned into every area's state for every request, so a clone is one reference count (see
/// `state::AppState`). Fields are read through `Deref`.
pub type Platform = Part<Services>;

/// One part of the app's state (the platform's, identity's, an area's) behind one reference count: the
/// router and the extractors clone a part for every request, and field by field that cost 2-3% of a
/// cached order read (docs/performance.md). Fields are read through `Deref`.
pub struct Part<T>(Arc<T>);

impl<T> Part<T> {
    pub fn new(parts: T) -> Self {
        Self(Arc::new(parts))
    }
}

// Not derived: that would ask `T: Clone`.
impl<T> Clone for Part<T> {
    fn clone(&self) -> Self {
        Self(Arc::clone(&self.0))
    }
}

impl<T> std::ops::Deref for Part<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl Platform {
    /// The same platform with some fields changed (tests: a second database pool, as a second process
    /// would have). Other clones keep what they had.
    #[must_use]
    pub fn with(self, change: impl FnOnce(&mut Services)) -> Self {
        let mut services = Arc::unwrap_or_clone(self.0);
        change(&mut services);
        Self::new(services)
    }
}

/// What `Platform` holds.
#[derive(Clone)]
pub struct Services {
    pub db: Db,
    pub clock: Clock,
    pub limiter: Arc<Limiter>,
    /// Wakes this process's job workers after a job is committed (`jobs::accept`).
    pub jobs: JobWaker,
    /// E-mail: SMTP when configured, else the stored outbox.
    pub mailer: Arc<dyn Mailer>,
    /// Where shoppers reach this deployment (`--public-url`), no trailing slash: links in e-mails.
    pub public_url: Arc<str>,
    /// Cookies carry `Secure` (off only with `--insecure-cookies`, for plain-http hosts other than localhost).
    pub secure_cookies: bool,
    /// Served over TLS by a proxy: answers carry HSTS.
    pub behind_tls: bool,
    /// Peers whose X-Forwarded-For names the client (`extract::client_ip`).
    pub trusted_proxies: Arc<[ipnet::IpNet]>,
    /// The configured `X-Ops-Key` of the retailer's own systems (`extract::Ops`); `None`: no ops API.
    pub ops_key: Option<Arc<str>>,
    /// US shipment providers: USPS instead of UPS.
    pub usps_enabled: bool,
    /// The outside providers called over HTTP (`outbound`); the areas' adapters fall back to their
    /// sandboxes where one is not configured.
    pub providers: Arc<crate::outbound::Providers>,
}

/// Wakes the workers of one `jobs::JobQueue` (here, not in `jobs`: the platform's state holds one, and
/// the engine stands on the platform's state).
#[derive(Clone, Default)]
pub struct JobWaker(Arc<Notify>);

impl JobWaker {
    /// Call after committing a transaction that enqueued a job: this process's workers look at once
    /// (other processes find it at their next poll).
    pub fn wake(&self) {
        self.0.notify_one();
    }

    /// Resolves at the next `wake`.
    pub async fn notified(&self) {
        self.0.notified().await;
    }
}

/// Declares an area's `router<S>()`: its API routes (each a handler, or handlers on one path, with their
/// `#[utoipa::path]`) on whatever state the app has, as long as the app's state yields each state the
/// handlers take (`FromRef`). The app merges the routers; no area names the app's state. `then` adds
/// what is not API (a sandbox's HTML pages) to the router as it is.
///
/// `area_router!(states: [OrdersState, AuthState], routes: [(list), (get, patch)]);`
macro_rules! area_router {
    (states: [$($state:ty),+ $(,)?], routes: [$($route:tt),+ $(,)?] $(, then: { $($then:tt)* })? $(,)?) => {
        pub fn router<S>() -> utoipa_axum::router::OpenApiRouter<S>
        where
            S: Clone + Send + Sync + 'static,
            $($state: axum::extract::FromRef<S>,)+
        {
            utoipa_axum::router::OpenApiRouter::new()$(.routes(utoipa_axum::routes! $route))+ $($($then)*)?
        }
    };
}
pub(crate) use area_router;
