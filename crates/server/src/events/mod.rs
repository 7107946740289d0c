//! Events out (issue 32; docs/events.md, docs/adr/0015-events-outbox.md). Every effect a retailer's
//! systems act on is recorded here in the transaction of the effect (`record`); the outbox is then
//! delivered as Standard Webhooks (`/ops/v1/webhooks`), read as a pull feed (`GET /ops/v1/events`), and
//! published to NATS JetStream (`EventSink`) by background workers (`spawn_delivery`).
//!
//! This area imports no other area: the areas call it.

mod db;
mod delivery;
mod retention;
pub mod routes;
mod sink;
mod types;

use std::sync::Arc;
use std::time::Duration;

pub use delivery::DEFAULT_RETRY_DELAYS;
pub use retention::prune;
pub use routes::router;
pub use sink::{EventSink, NATS_STREAM, NATS_SUBJECTS, NatsSink};
pub use types::*;

use crate::clock::Clock;
use crate::db::Db;

/// Records `event` on `connection`, the transaction of the effect it reports (`&mut tx`), at `at_ms`.
pub async fn record(connection: &mut sqlx::AnyConnection, at_ms: i64, event: EventData) -> Result<(), sqlx::Error> {
    db::record(connection, at_ms, None, &event).await
}

/// Like `record`, for an effect that may be written again (a job run a second time): the event is
/// recorded once per `key`.
pub async fn record_once(
    connection: &mut sqlx::AnyConnection,
    at_ms: i64,
    key: String,
    event: EventData,
) -> Result<(), sqlx::Error> {
    db::record(connection, at_ms, Some(key), &event).await
}

/// What the events area needs: reached by its routes through `FromRef`, and by its workers.
#[derive(Clone)]
pub struct EventsState {
    pub db: Db,
    pub clock: Clock,
    http: reqwest::Client,
    retry_delays: Arc<[Duration]>,
    sinks: Arc<[Arc<dyn EventSink>]>,
    /// Delivery workers `serve` starts (0: this process delivers nothing; the feed still answers).
    pub workers: usize,
    /// How long an event is kept (`--events-retention-days`); None keeps every event.
    retention: Option<Duration>,
}

impl EventsState {
    /// The state, and a cursor row for each sink that has none (a new sink starts at the first event).
    pub async fn prepare(
        db: Db,
        clock: Clock,
        retry_delays: Vec<Duration>,
        nats_url: Option<String>,
        workers: usize,
        retention: Option<Duration>,
    ) -> Result<Self, crate::BoxError> {
        let mut sinks: Vec<Arc<dyn EventSink>> = Vec::new();
        if let Some(url) = nats_url.filter(|url| !url.trim().is_empty()) {
            sinks.push(Arc::new(NatsSink::new(url)));
        }
        for sink in &sinks {
            let row = db::Consumer {
                id: sink.name().to_owned(),
                kind: db::KIND_SINK.to_owned(),
                url: None,
                event_types: vec!["*".to_owned()],
                description: None,
                secret: None,
                created_at: clock.now_ms(),
                cursor: db::Position::default(),
                attempts: 0,
                next_attempt_at: 0,
                failing_since: None,
                last_error: None,
            };
            db::insert_consumer(&db, &row).await?;
        }
        let retry_delays: Vec<Duration> = if retry_delays.is_empty() {
            DEFAULT_RETRY_DELAYS.split(',').filter_map(|delay| crate::clock::parse_duration(delay).ok()).collect()
        } else {
            retry_delays
        };
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(delivery::REQUEST_TIMEOUT)
            .build()?;
        Ok(Self { db, clock, http, retry_delays: retry_delays.into(), sinks: sinks.into(), workers, retention })
    }
}

/// Starts this process's delivery workers; they stop when `stop` turns true.
pub fn spawn_delivery(
    state: EventsState,
    stop: tokio::sync::watch::Receiver<bool>,
) -> Vec<tokio::task::JoinHandle<()>> {
    let count = state.workers;
    let mut tasks = Vec::with_capacity(count + 1);
    if count > 0
        && let Some(retention) = state.retention
    {
        tasks.push(retention::spawn(state.db.clone(), state.clock.clone(), retention, stop.clone()));
    }
    tasks.extend(delivery::spawn(state, count, stop));
    tasks
}

/// Unix milliseconds as RFC 3339 UTC with milliseconds.
pub(crate) fn rfc3339(millis: i64) -> String {
    chrono::DateTime::from_timestamp_millis(millis)
        .map(|time| time.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
        .unwrap_or_default()
}
