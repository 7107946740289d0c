//! The durable job queue in the database, used by every asynchronous write (return capture,
//! cancellation, deferred payment, e-invoice ...). It knows no kind of job: each area defines its kinds
//! as types implementing [`Job`] and registers them (`register_jobs` in the area, called by `prepare`).
//!
//! How an area uses it:
//! 1. A job kind is a serde type, its payload; `Job::run` returns its typed outcome, a denial, or a
//!    [`JobError`] that says whether trying again could help.
//! 2. In the request, `accept::accept` writes the effect record (e.g. the return with its reserved
//!    quantities) and the job in one transaction, honours the Idempotency-Key, and answers 202. The job
//!    exists exactly when the effect record does.
//! 3. A worker inside every `orders` process claims due jobs (PostgreSQL: `FOR UPDATE SKIP LOCKED`;
//!    SQLite: one atomic `UPDATE ... RETURNING` under its single writer), runs them, and stores the outcome.
//! 4. The client polls the area's job route, whose handler is `view::find_visible(..)`.
//!
//! Guarantees: a job whose process dies is claimed again when its lease runs out, so a job may run more
//! than once; its EFFECT must happen once, by a unique key on the effect in the database (an `INSERT`
//! that conflicts on the second run), not by a check in code. A job that succeeds on a rerun returns the
//! same outcome it would have the first time. `JobError::Retry` is retried with exponential backoff up
//! to `MAX_ATTEMPTS`, then ends FAILED; `JobError::Fail` ends FAILED at once.

pub mod accept;
mod job;
mod queue;
mod registry;
pub mod view;
mod worker;

use std::sync::Arc;

use crate::clock::Clock;
use crate::db::Db;

pub use accept::JobCreated;
pub use job::{Finish, Job, JobError, JobFailure, JobResult, RunInfo};
pub use queue::{NewJob, complete_in, enqueue, fail_in};
pub use registry::Registry;
pub use worker::spawn_workers;

/// Job statuses as the spec names them, plus the terminal failures a job may end in.
pub mod status {
    pub const PENDING: &str = "PENDING";
    pub const IN_PROGRESS: &str = "IN_PROGRESS";
    pub const COMPLETED: &str = "COMPLETED";
    /// The request was refused by a rule (e.g. a cancel after the window); `error` says why.
    pub const DENIED: &str = "DENIED";
    /// The job could not be done; `error` says why.
    pub const FAILED: &str = "FAILED";
}

/// Tries before a job that keeps failing transiently ends FAILED (the default of `--job-max-attempts`).
pub const MAX_ATTEMPTS: i64 = 8;

/// How a job that met a dependency not answering is tried again (`--job-retry-base-ms`,
/// `--job-max-attempts`): after `base_delay_ms`, doubling with each try up to 30 s, `max_attempts` tries in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    pub base_delay_ms: i64,
    pub max_attempts: i64,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self { base_delay_ms: 250, max_attempts: MAX_ATTEMPTS }
    }
}

impl RetryPolicy {
    /// The wait before try `attempt + 1`: base, 2 x base, 4 x base ... at most 30 s.
    pub fn backoff_ms(self, attempt: i64) -> i64 {
        let exponent = u32::try_from(attempt.clamp(1, 16) - 1).unwrap_or(0);
        self.base_delay_ms.saturating_mul(1_i64 << exponent).min(30_000)
    }
}
/// How long a claimed job belongs to its worker; after that another worker may claim it again.
pub const LEASE_MS: i64 = 30_000;

/// What the workers need from the state they hand to jobs.
pub trait JobContext: Clone + Send + Sync + 'static {
    fn db(&self) -> &Db;
    fn clock(&self) -> &Clock;
    fn job_queue(&self) -> &JobQueue<Self>;
}

/// The kinds this process runs, and the signal that wakes its workers.
pub struct JobQueue<C> {
    registry: Arc<Registry<C>>,
    wake: JobWaker,
    retry: RetryPolicy,
}

pub use crate::platform::JobWaker;

// Not derived: that would ask `C: Clone`, which the shared parts do not need.
impl<C> Clone for JobQueue<C> {
    fn clone(&self) -> Self {
        Self { registry: Arc::clone(&self.registry), wake: self.wake.clone(), retry: self.retry }
    }
}

impl<C> JobQueue<C> {
    pub fn new(registry: Registry<C>) -> Self {
        Self { registry: Arc::new(registry), wake: JobWaker::default(), retry: RetryPolicy::default() }
    }

    /// The same queue with another retry policy.
    #[must_use]
    pub fn with_retry(self, retry: RetryPolicy) -> Self {
        Self { retry, ..self }
    }

    /// Call after committing a transaction that enqueued a job: this process's workers look at once
    /// (other processes find it at their next poll).
    pub fn wake(&self) {
        self.wake.wake();
    }

    /// A handle that wakes this queue's workers.
    pub fn waker(&self) -> JobWaker {
        self.wake.clone()
    }
}

#[cfg(test)]
mod tests {
    /// The areas of DESIGN.md's layers: the engine sits below them all.
    const AREAS: &[&str] = &[
        "orders",
        "returns",
        "cancellation",
        "payments",
        "pickups",
        "addresses",
        "consent",
        "gift_cards",
        "einvoice",
        "products",
        "cart",
        "reviews",
        "stores",
        "settings",
        "ops",
        "events",
    ];

    #[test]
    fn the_engine_imports_no_area() {
        let sources = [
            ("mod.rs", include_str!("mod.rs")),
            ("accept.rs", include_str!("accept.rs")),
            ("job.rs", include_str!("job.rs")),
            ("queue.rs", include_str!("queue.rs")),
            ("registry.rs", include_str!("registry.rs")),
            ("view.rs", include_str!("view.rs")),
            ("worker.rs", include_str!("worker.rs")),
        ];
        for (file, source) in sources {
            for area in AREAS {
                let path = format!("crate::{area}");
                let imported = source.match_indices(&path).any(|(at, _)| {
                    !source[at + path.len()..].starts_with(|next: char| next.is_alphanumeric() || next == '_')
                });
                assert!(!imported, "jobs/{file} uses {path}");
            }
        }
    }
}
