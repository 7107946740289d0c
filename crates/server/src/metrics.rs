//! `GET /metrics` in the Prometheus text format: request latency per route, errors by code (rate-limit
//! refusals among them), the job queue's depth and age, and database pool use. Off unless
//! `--metrics ops-key` (behind the `X-Ops-Key`) or `--metrics open`.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use sqlx::Row;

use crate::error::{AppError, AppResult};
use crate::extract::has_ops_key;
use crate::platform::{Part, Platform};

/// Who may read `/metrics`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MetricsAccess {
    /// `/metrics` answers 404.
    Off,
    /// Only with the ops key (`X-Ops-Key`).
    OpsKey,
    /// Anyone who can reach the port (put it on an internal network).
    Open,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    // Static where they can be: this key is built for every request, and each `String` was an allocation.
    method: &'static str,
    route: String,
    status: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CodeLabels {
    code: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StatusLabels {
    status: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabels {
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PoolLabels {
    state: String,
}

/// The process's metrics; cheap to clone (every part is shared).
#[derive(Clone)]
pub struct Metrics {
    registry: Arc<Registry>,
    requests: Family<RequestLabels, Histogram>,
    errors: Family<CodeLabels, Counter>,
    jobs: Family<StatusLabels, Gauge>,
    oldest_pending_job_seconds: Gauge,
    pool: Family<PoolLabels, Gauge>,
    waiting_for_turn: Gauge,
    cache_lookups: Family<OutcomeLabels, Counter>,
    rate_limit_refusals: Counter,
}

fn latency_histogram() -> Histogram {
    // 0.25 ms to about 4 s.
    Histogram::new(exponential_buckets(0.000_25, 2.0, 15))
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("orders");
        let requests = Family::<RequestLabels, Histogram>::new_with_constructor(latency_histogram as fn() -> Histogram);
        let errors = Family::<CodeLabels, Counter>::default();
        let jobs = Family::<StatusLabels, Gauge>::default();
        let oldest_pending_job_seconds = Gauge::default();
        let pool = Family::<PoolLabels, Gauge>::default();
        let cache_lookups = Family::<OutcomeLabels, Counter>::default();
        let waiting_for_turn = Gauge::default();
        let rate_limit_refusals = Counter::default();
        registry.register("http_request_duration_seconds", "Time to answer a request, by route", requests.clone());
        registry.register("api_errors", "Error answers by stable code (rate-limited = refusals)", errors.clone());
        // Also among api_errors (code rate-limited); a series of its own is there from the start, at 0, so
        // an alert on guessing can be written before the first refusal.
        registry.register(
            "rate_limit_refusals",
            "Requests refused by a rate limit or a lockout (429 rate-limited)",
            rate_limit_refusals.clone(),
        );
        registry.register("jobs", "Jobs in the queue by status", jobs.clone());
        registry.register(
            "oldest_pending_job_seconds",
            "Age of the oldest job still waiting to run",
            oldest_pending_job_seconds.clone(),
        );
        registry.register("db_pool_connections", "Database connections of this process, by state", pool.clone());
        registry.register(
            "response_cache_lookups",
            "Order detail and history answers looked up in the response cache, by outcome (hit, miss)",
            cache_lookups.clone(),
        );
        registry.register(
            "requests_waiting_for_turn",
            "Requests received and waiting for one of the --max-requests-in-flight turns",
            waiting_for_turn.clone(),
        );
        Self {
            registry: Arc::new(registry),
            requests,
            errors,
            jobs,
            oldest_pending_job_seconds,
            pool,
            waiting_for_turn,
            cache_lookups,
            rate_limit_refusals,
        }
    }
}

impl Metrics {
    /// Counts an error answer by its stable code (called where every error becomes a response).
    pub fn count_error(&self, code: crate::error::Code) {
        self.errors.get_or_create(&CodeLabels { code: code.as_str().to_owned() }).inc();
        if code == crate::error::Code::RateLimited {
            self.rate_limit_refusals.inc();
        }
    }

    /// The response cache's hit and miss counters (`ResponseCache::counted_in`).
    pub fn cache_lookups(&self) -> (Counter, Counter) {
        let counter = |outcome| self.cache_lookups.get_or_create(&OutcomeLabels { outcome }).clone();
        (counter("hit"), counter("miss"))
    }

    /// One answered request's latency under its method, route pattern and status class (`observe`).
    pub fn observe_request(
        &self,
        method: &axum::http::Method,
        route: &str,
        status: axum::http::StatusCode,
        elapsed: Duration,
    ) {
        let labels =
            RequestLabels { method: method_label(method), route: route.to_owned(), status: status_class(status) };
        self.requests.get_or_create(&labels).observe(elapsed.as_secs_f64());
    }

    /// The gauge of requests waiting for a turn (kept by the listener).
    pub fn waiting_for_turn(&self) -> Gauge {
        self.waiting_for_turn.clone()
    }
}

/// A request's method as a label; a method no route serves is `other` (the label set stays bounded).
fn method_label(method: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    match *method {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

fn status_class(status: axum::http::StatusCode) -> &'static str {
    match status.as_u16() / 100 {
        1 => "1xx",
        2 => "2xx",
        3 => "3xx",
        4 => "4xx",
        _ => "5xx",
    }
}

/// What the metrics routes need: the platform and the metrics. One reference count per clone (it is
/// taken by the metrics route).
pub type MetricsState = Part<MetricsParts>;

pub struct MetricsParts {
    pub platform: Platform,
    pub metrics: Metrics,
    pub metrics_access: MetricsAccess,
}

impl std::ops::Deref for MetricsParts {
    type Target = Platform;

    fn deref(&self) -> &Platform {
        &self.platform
    }
}

async fn refresh_gauges(state: &MetricsState) -> AppResult<()> {
    let rows =
        sqlx::query("SELECT status, COUNT(*) AS jobs FROM jobs GROUP BY status").fetch_all(&state.db.pool).await?;
    for status in ["PENDING", "IN_PROGRESS", "COMPLETED", "DENIED", "FAILED"] {
        state.metrics.jobs.get_or_create(&StatusLabels { status: status.to_owned() }).set(0);
    }
    for row in rows {
        let status: String = row.try_get("status")?;
        let count: i64 = row.try_get("jobs")?;
        state.metrics.jobs.get_or_create(&StatusLabels { status }).set(count);
    }
    let oldest: Option<i64> = sqlx::query_scalar("SELECT MIN(run_after) FROM jobs WHERE status = 'PENDING'")
        .fetch_one(&state.db.pool)
        .await?;
    let age = oldest.map_or(0, |run_after| ((state.clock.now_ms() - run_after) / 1000).max(0));
    state.metrics.oldest_pending_job_seconds.set(age);
    let size = i64::from(state.db.pool.size());
    let idle = i64::try_from(state.db.pool.num_idle()).unwrap_or(0);
    state.metrics.pool.get_or_create(&PoolLabels { state: "idle".to_owned() }).set(idle);
    state.metrics.pool.get_or_create(&PoolLabels { state: "in_use".to_owned() }).set(size - idle);
    // PostgreSQL's hot reads have connections of their own, shared by every request at once (ADR 0009);
    // SQLite's are one per runtime thread, file handles rather than server connections.
    if let crate::db::ReadPool::Postgres(reads) = &state.db.reads {
        let open = i64::try_from(reads.open_connections()).unwrap_or(i64::MAX);
        state.metrics.pool.get_or_create(&PoolLabels { state: "read".to_owned() }).set(open);
    }
    Ok(())
}

/// `GET /metrics`.
pub async fn serve_metrics(State(state): State<MetricsState>, headers: axum::http::HeaderMap) -> AppResult<Response> {
    match state.metrics_access {
        MetricsAccess::Off => return Err(AppError::NotFound),
        MetricsAccess::OpsKey if !has_ops_key(&state, &headers) => return Err(AppError::NotFound),
        _ => {}
    }
    refresh_gauges(&state).await?;
    let mut body = String::new();
    encode(&mut body, &state.metrics.registry).map_err(|error| AppError::Internal(Box::new(error)))?;
    Ok((
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/openmetrics-text; version=1.0.0; charset=utf-8"),
        )],
        body,
    )
        .into_response())
}
