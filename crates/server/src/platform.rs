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
#[derive(Clone)]
pub struct Platform(Arc<Services>);

impl Platform {
    pub fn new(services: Services) -> Self {
        Self(Arc::new(services))
    }

    /// The same platform with some fields changed (tests: a second database pool, as a second process
    /// would have). Other clones keep what they had.
    #[must_use]
    pub fn with(self, change: impl FnOnce(&mut Services)) -> Self {
        let mut services = Arc::unwrap_or_clone(self.0);
        change(&mut services);
        Self::new(services)
    }
}

impl std::ops::Deref for Platform {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.0
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
