//! The `orders` server: the order API and the embedded web app over SQLite or PostgreSQL.

pub mod app;
pub mod auth;
pub mod catalog;
pub mod config;
pub mod db;
pub mod error;
pub mod extract;
pub mod openapi;
pub mod ops;
pub mod orders;
pub mod rate_limit;
pub mod seed;
pub mod web;

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::TcpListener;

use crate::app::AppState;
use crate::auth::TokenKeys;
use crate::config::Settings;
use crate::rate_limit::Limiter;

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// Connects, migrates, fills a newly created SQLite database with demo data, and builds the state.
pub async fn prepare(settings: &Settings) -> Result<AppState, BoxError> {
    let connected = db::connect(&settings.database_url, settings.db_connections).await?;
    db::migrate(&connected.db).await?;
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
    Ok(AppState {
        db: connected.db,
        tokens: Arc::new(tokens),
        ops_key: settings.ops_key.as_deref().filter(|key| !key.is_empty()).map(Arc::from),
        limiter: Arc::new(Limiter::new(settings.guest_lookups_per_client, settings.guest_lookups_per_order)),
        cache: Arc::new(orders::cache::ResponseCache::new(settings.response_cache_mib * 1024 * 1024)),
    })
}

/// Serves on `listener` until `shutdown` resolves.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let app = app::router(state).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app).with_graceful_shutdown(shutdown).await
}
