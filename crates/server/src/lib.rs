//! The `orders` server: the order API and the embedded web app over SQLite or PostgreSQL.

pub mod access;
pub mod addresses;
pub mod app;
pub mod around;
pub mod auth;
pub mod caller;
pub mod cancellation;
pub mod carriers;
pub mod cart;
pub mod catalog;
pub mod clock;
pub mod config;
pub mod consent;
pub mod cookies;
pub mod db;
pub mod documents;
pub mod einvoice;
pub mod error;
pub mod events;
pub mod extract;
pub mod gift_cards;
pub mod idempotency;
pub mod jobs;
pub mod listener;
pub mod mail;
pub mod metrics;
pub mod observe;
pub mod openapi;
pub mod ops;
pub mod orders;
pub mod outbound;
pub mod payments;
pub mod pickups;
pub mod platform;
pub mod products;
pub mod rate_limit;
pub mod returns;
pub mod reviews;
pub mod sandbox_providers;
pub mod secrets;
pub mod seed;
pub mod settings;
pub mod state;
pub mod stores;
pub mod web;

use std::sync::Arc;

use tokio::net::TcpListener;

use crate::auth::TokenKeys;
use crate::clock::Clock;
use crate::config::Settings;
use crate::jobs::JobQueue;
use crate::platform::Platform;
use crate::rate_limit::Limiter;
use crate::state::AppState;

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Brings the database up to this build: the migrations, then a check that this build renders ready
/// history rows (`orders::ready::check_format`; rows of another build's format are not current for this
/// one, and are left for that build).
/// Every command that opens a database for work calls it. Returns the migrations applied.
pub async fn prepare_database(db: &db::Db) -> Result<usize, BoxError> {
    let applied = db::migrate(db).await?;
    orders::ready::check_format()?;
    Ok(applied)
}

/// Connects, migrates, fills a newly created SQLite database with demo data, and builds the state.
pub async fn prepare(settings: &Settings) -> Result<AppState, BoxError> {
    // Country data and flags first: a bad file or flag stops the start before anything is created.
    // vars_os: `vars()` panics on a variable that is not Unicode; those cannot name a flag anyway.
    let env = std::env::vars_os()
        .filter_map(|(key, value)| Some((key.into_string().ok()?, value.to_string_lossy().into_owned())));
    let site = settings::SiteSettings::load(settings.config_file.as_deref(), env, &settings.flags)?;
    tracing::info!(countries = site.table().countries.len(), "country data and flags loaded");
    let connected = db::connect(&settings.database_url, settings.db_connections).await?;
    prepare_database(&connected.db).await?;
    if connected.created && !settings.no_demo_data {
        // A pool of its own: the seed's bulk-load settings must not stay on a serving connection.
        let seeding = db::connect(&settings.database_url, 1).await?;
        let report = seed::run(&seeding.db, &seed::SeedPlan::demo()).await?;
        seeding.db.pool.close().await;
        tracing::info!(members = report.members, orders = report.orders, "filled the new database with demo data");
    }
    let tokens = TokenKeys::load(&connected.db, settings.token_key.as_deref(), settings.token_ttl_seconds)
        .await
        .map_err(|error| -> BoxError { error.to_string().into() })?;
    // One clock for the whole process: the tests move it, and every part (jobs, events, OIDC keys) must see it.
    let clock = Clock::default();
    let oidc = auth::oidc::OidcSettings::new(
        settings.oidc_issuer.as_deref(),
        settings.oidc_audience.as_deref(),
        &settings.oidc_member_claim,
        settings.oidc_client_id.as_deref(),
        settings.oidc_client_secret.as_deref(),
        settings.oidc_redirect_url.as_deref(),
    )?;
    let oidc = match oidc {
        Some(oidc) => {
            // Nothing is fetched here: the provider may be down at start (keys are read on first use).
            tracing::info!(issuer = %oidc.issuer, web_sign_in = oidc.client_id.is_some(), "members from the OpenID provider");
            Some(Arc::new(auth::oidc::Oidc::new(oidc, clock.clone())?))
        }
        None => None,
    };
    let site = site.with_sign_in(settings::SignIn::from_oidc(oidc.as_deref()))?;
    let carrier_count = carriers::validate()?;
    tracing::info!(carriers = carrier_count, "carrier data loaded");
    let metrics = metrics::Metrics::default();
    let events = events::EventsState::prepare(
        connected.db.clone(),
        clock.clone(),
        settings.webhook_retry_delays.clone(),
        settings.events_nats_url.clone(),
        settings.event_workers,
        (settings.events_retention_days > 0)
            .then(|| std::time::Duration::from_secs(u64::from(settings.events_retention_days) * 86_400)),
    )
    .await?;
    let mailer = mail::from_settings(
        settings.smtp_url.as_deref(),
        std::time::Duration::from_secs(settings.smtp_timeout_seconds),
        &settings.mail_from,
        connected.db.clone(),
    )?;
    tracing::info!(mailer = mailer.kind(), "e-mail");
    let public_url = match settings.public_url.as_deref().map(str::trim).filter(|url| !url.is_empty()) {
        Some(url) if url.starts_with("https://") || url.starts_with("http://") => url.trim_end_matches('/').to_owned(),
        Some(_) => return Err("--public-url: an http:// or https:// address such as https://shop.example".into()),
        None if settings.addr.ip().is_unspecified() => format!("http://localhost:{}", settings.addr.port()),
        None => format!("http://{}", settings.addr),
    };
    let timeouts = outbound::Timeouts {
        connect: std::time::Duration::from_millis(settings.provider_connect_timeout_ms),
        total: std::time::Duration::from_millis(settings.provider_timeout_ms),
    };
    let providers = outbound::Providers::from_urls(
        settings.payment_provider_url.as_deref(),
        settings.carrier_api_url.as_deref(),
        settings.address_validator_url.as_deref(),
        timeouts,
    )?;
    tracing::info!(
        payments = providers.payments.is_some(),
        carriers = providers.carriers.is_some(),
        addresses = providers.addresses.is_some(),
        "outside providers over HTTP (false: the built-in sandbox)"
    );
    let retry = jobs::RetryPolicy {
        base_delay_ms: i64::try_from(settings.job_retry_base_ms).unwrap_or(250),
        max_attempts: i64::from(settings.job_max_attempts),
    };
    let jobs = JobQueue::new(job_kinds()).with_retry(retry);
    let platform = Platform::new(platform::Services {
        db: connected.db.clone(),
        clock,
        limiter: Arc::new(Limiter::new(settings.guest_lookups_per_client, settings.guest_lookups_per_order)),
        jobs: jobs.waker(),
        mailer,
        public_url: public_url.into(),
        secure_cookies: !settings.insecure_cookies,
        behind_tls: settings.behind_tls,
        trusted_proxies: settings.trusted_proxies.clone().into(),
        ops_key: settings.ops_key.as_deref().filter(|key| !key.is_empty()).map(Arc::from),
        usps_enabled: settings.usps_enabled,
        providers: Arc::new(providers),
    });
    let site = Arc::new(site);
    let auth = auth::AuthState::new(auth::identity::AuthParts {
        platform: platform.clone(),
        tokens: Arc::new(tokens),
        oidc,
        hashing: Arc::new(auth::password::Hashing::default()),
        site: site.clone(),
    });
    let cache = Arc::new(
        orders::cache::ResponseCache::new(settings.response_cache_mib * 1024 * 1024)
            .counted_in(metrics.cache_lookups()),
    );
    let metrics = metrics::MetricsState::new(metrics::MetricsParts {
        platform: platform.clone(),
        metrics,
        metrics_access: settings.metrics,
    });
    let orders = orders::OrdersState::new(orders::OrdersParts {
        platform: platform.clone(),
        settings: site.clone(),
        cache,
        ready_details: orders::behind::Writer::start(connected.db.clone()),
        ready_pages: orders::behind::Writer::start(connected.db.clone()),
        order_contributors: order_contributors(),
    });
    Ok(AppState::new(state::Shared {
        platform,
        auth,
        metrics,
        orders,
        settings: site,
        jobs,
        events,
        job_workers: settings.job_workers,
        shutdown_grace: std::time::Duration::from_secs(settings.shutdown_grace_seconds),
        connection_limits: listener::ConnectionLimits {
            header_read_timeout: std::time::Duration::from_secs(settings.header_read_timeout_seconds.max(1)),
            max_connections: settings.max_connections,
            max_requests_in_flight: settings.max_requests_in_flight,
        },
    }))
}

/// Every area's job kinds: the engine in `jobs` knows none of them.
fn job_kinds() -> jobs::Registry<AppState> {
    let mut registry = jobs::Registry::default();
    auth::reset::register_jobs(&mut registry);
    cancellation::register_jobs(&mut registry);
    einvoice::register_jobs(&mut registry);
    payments::register_jobs(&mut registry);
    returns::register_jobs(&mut registry);
    registry
}

/// What each area adds to an order's detail: the view in `orders` knows none of them.
fn order_contributors() -> orders::OrderDetailContributors {
    Arc::from([
        returns::order_detail_contributor(),
        cancellation::order_detail_contributor(),
        payments::order_detail_contributor(),
    ])
}

/// Serves on `listener`, with the job workers, until `shutdown` resolves. Then it stops taking requests,
/// gives those in flight `state.shutdown_grace` to finish, and the workers give back the jobs they hold.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let (stop_workers, stop) = tokio::sync::watch::channel(false);
    let mut workers = jobs::spawn_workers(state.clone(), state.job_workers, stop.clone());
    workers.extend(state.mailer.spawn_delivery(stop.clone()));
    workers.extend(events::spawn_delivery(state.events.clone(), stop));
    let grace = state.shutdown_grace;
    let (signalled, mut signal) = tokio::sync::watch::channel(false);
    let limits = state.connection_limits;
    let waiting = state.metrics.metrics.waiting_for_turn();
    let app = app::router(state);
    let server = crate::listener::serve_connections(listener, app, limits, waiting, signal.clone());
    tokio::spawn(async move {
        shutdown.await;
        let _ = signalled.send(true);
    });
    let grace_over = async move {
        let _ = signal.wait_for(|stopped| *stopped).await;
        tokio::time::sleep(grace).await;
    };
    let served = tokio::select! {
        served = server => served,
        () = grace_over => {
            tracing::warn!(grace_seconds = grace.as_secs(), "requests still in flight after the grace period; stopping");
            Ok(())
        }
    };
    let _ = stop_workers.send(true);
    for worker in workers {
        let _ = worker.await;
    }
    served
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_area_registers_its_job_kinds() {
        let mut kinds: Vec<&str> = super::job_kinds().kinds().collect();
        kinds.sort_unstable();
        assert_eq!(
            kinds,
            ["deferred_payment", "einvoice.issue", "order_cancel", "password_reset.link", "return_capture"]
        );
    }
}
