//! What a job kind is to the engine: a payload type that runs, and how a run can end.

use std::fmt::Display;
use std::future::Future;

use crate::error::Code;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A kind of job. The type is its payload: it is stored as JSON when the job is accepted and read back
/// when a worker runs it, so a field renamed here must stay readable in rows written before.
pub trait Job: Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The name stored in `jobs.kind`; it must not change while such jobs may be waiting.
    const KIND: &'static str;
    /// What the job is handed to run (the app's state).
    type Context: Clone + Send + Sync + 'static;
    /// The `response` a client polling a COMPLETED job sees.
    type Outcome: Serialize + Send;
    /// The code a job of this kind ends FAILED with once its tries are spent on transient errors (its
    /// status is the catalogue's). Kinds whose failure the spec names say so (a cancellation:
    /// `service-cancellation-failure`).
    const EXHAUSTED: Code = Code::ServiceUnavailable;

    /// Runs the job. It may run again after a crash or a retry, so its effect must be guarded by a unique
    /// key in the database, and a rerun returns what the first run would have.
    fn run(self, context: Self::Context, run: RunInfo) -> impl Future<Output = JobResult<Self::Outcome>> + Send;
}

/// What a job knows of its own row.
#[derive(Debug, Clone)]
pub struct RunInfo {
    pub id: String,
    pub order_number: Option<domain::OrderNumber>,
    /// `Caller::owner_key()` of who created it.
    pub owner_key: String,
    /// 1 on the first run.
    pub attempt: i64,
    /// No try follows this one: a `JobError::Retry` now ends the job FAILED (`Job::EXHAUSTED`), so a
    /// job that holds reservations gives them back before answering it (set by the worker).
    pub last_attempt: bool,
}

/// How a run ended, as the job sees it.
#[derive(Debug, Clone)]
pub enum Finish<O> {
    /// COMPLETED with this `response`.
    Completed(O),
    /// DENIED: a rule refused the request (e.g. a cancel after the window); the client shows `error`.
    Denied(JobFailure),
}

impl<O> Finish<O> {
    pub fn denied(http_status: u16, code: Code, message: impl Into<String>) -> Self {
        Self::Denied(JobFailure::new(http_status, code, message))
    }
}

/// The `error` of a job that did not complete: an HTTP-like status, a stable code and a message.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobFailure {
    pub http_status: u16,
    pub code: String,
    pub message: String,
}

impl JobFailure {
    pub fn new(http_status: u16, code: Code, message: impl Into<String>) -> Self {
        Self { http_status, code: code.as_str().to_owned(), message: message.into() }
    }
}

/// A run that went wrong. There is no conversion from other errors on purpose: each site says whether
/// trying again could help.
#[derive(Debug)]
pub enum JobError {
    /// Transient (a carrier or database that did not answer): tried again with exponential backoff, and
    /// FAILED with the kind's `Job::EXHAUSTED` code after the retry policy's `max_attempts`.
    Retry(String),
    /// Trying again cannot help: FAILED at once with this error.
    Fail(JobFailure),
}

impl JobError {
    pub fn retry(error: impl Display) -> Self {
        Self::Retry(error.to_string())
    }

    pub fn fail(http_status: u16, code: Code, message: impl Into<String>) -> Self {
        Self::Fail(JobFailure::new(http_status, code, message))
    }
}

pub type JobResult<O> = Result<Finish<O>, JobError>;
