//! The durable job queue in the database, used by every asynchronous write (return capture,
//! cancellation, deferred payment, e-invoice ...).
//!
//! How an area uses it:
//! 1. In the request's transaction, write the effect record (e.g. the return with its reserved
//!    quantities) and `enqueue(&mut *tx, &state.clock, NewJob { .. })`; commit; `state.jobs.wake()`;
//!    answer 202 with the job id. The job exists exactly when the effect record does.
//! 2. Register a handler for the job's `kind` in `registry.rs`. A worker inside every `orders` process
//!    claims due jobs (PostgreSQL: `FOR UPDATE SKIP LOCKED`; SQLite: one atomic `UPDATE ... RETURNING`
//!    under its single writer), runs the handler, and stores its outcome.
//! 3. The client polls the area's job route, whose handler is `view::find_visible(..)`.
//!
//! Guarantees: a job whose process dies is claimed again when its lease runs out, so a handler may run
//! more than once; its EFFECT must happen once, by a unique key on the effect in the database (an
//! `INSERT` that conflicts on the second run), not by a check in code. A handler that succeeds on a rerun
//! returns the same outcome it would have the first time. Transient failures (`JobError::Retry`) are
//! retried with exponential backoff up to `MAX_ATTEMPTS`, then end FAILED.

mod queue;
pub mod registry;
pub mod view;
mod worker;

use std::collections::HashMap;
use std::sync::Arc;

use futures_util::future::BoxFuture;
use serde_json::Value;
use tokio::sync::Notify;

use crate::state::AppState;

pub use queue::{complete_in, enqueue};
pub use worker::spawn_workers;

/// Job statuses as the spec names them, plus the terminal failures an area may end in.
pub mod status {
    pub const PENDING: &str = "PENDING";
    pub const IN_PROGRESS: &str = "IN_PROGRESS";
    pub const COMPLETED: &str = "COMPLETED";
    /// The request was refused by a rule (e.g. a cancel after the window); `error` says why.
    pub const DENIED: &str = "DENIED";
    /// The job gave up after its retries; `error` says why.
    pub const FAILED: &str = "FAILED";
}

/// Tries before a job that keeps failing transiently ends FAILED.
pub const MAX_ATTEMPTS: i64 = 8;
/// How long a claimed job belongs to its worker; after that another worker may claim it again.
pub const LEASE_MS: i64 = 30_000;

/// A job to create.
pub struct NewJob<'a> {
    pub kind: &'static str,
    pub payload: Value,
    pub order_number: Option<&'a str>,
    /// `Caller::owner_key()`: who may poll it.
    pub owner_key: String,
}

/// A job a worker has claimed.
#[derive(Debug, Clone)]
pub struct Job {
    pub id: String,
    pub kind: String,
    pub payload: Value,
    pub order_number: Option<String>,
    pub owner_key: String,
    /// 1 on the first run.
    pub attempt: i64,
}

/// How a job ended.
#[derive(Debug, Clone)]
pub enum JobOutcome {
    /// COMPLETED with this `response`.
    Completed(Value),
    /// A terminal refusal or failure: status DENIED or FAILED, with the error the client shows.
    Failed { status: &'static str, error: JobFailure, response: Option<Value> },
}

/// The `error` of a job that did not complete: an HTTP-like status, a stable code and a message.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobFailure {
    pub http_status: u16,
    pub code: String,
    pub message: String,
}

impl JobOutcome {
    pub fn denied(http_status: u16, code: &str, message: impl Into<String>) -> Self {
        Self::Failed {
            status: status::DENIED,
            error: JobFailure { http_status, code: code.to_owned(), message: message.into() },
            response: None,
        }
    }
}

/// A failure worth trying again later (a carrier or database that did not answer).
#[derive(Debug)]
pub enum JobError {
    Retry(String),
}

impl<E: std::error::Error> From<E> for JobError {
    fn from(error: E) -> Self {
        Self::Retry(error.to_string())
    }
}

pub type JobResult = Result<JobOutcome, JobError>;
pub type Handler = Arc<dyn Fn(AppState, Job) -> BoxFuture<'static, JobResult> + Send + Sync>;

/// The handlers by kind, and the signal that wakes this process's workers.
#[derive(Clone)]
pub struct JobQueue {
    handlers: Arc<HashMap<&'static str, Handler>>,
    wake: Arc<Notify>,
}

impl JobQueue {
    pub fn new(handlers: HashMap<&'static str, Handler>) -> Self {
        Self { handlers: Arc::new(handlers), wake: Arc::new(Notify::new()) }
    }

    /// Call after committing a transaction that enqueued a job: this process's workers look at once
    /// (other processes find it at their next poll).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    fn handler(&self, kind: &str) -> Option<Handler> {
        self.handlers.get(kind).cloned()
    }
}

/// Wraps an `async fn(AppState, Job) -> JobResult` as a handler.
pub fn handler<F, Fut>(run: F) -> Handler
where
    F: Fn(AppState, Job) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = JobResult> + Send + 'static,
{
    Arc::new(move |state, job| Box::pin(run(state, job)))
}
