//! Accepting a job inside a request: the job row and the request's effect record are written in one
//! transaction, so the job exists exactly when its effect record does; with an Idempotency-Key, a retry
//! of the same request answers the first answer again (stored in that transaction) instead of making a
//! second job. The answer is 202 with the job.

use std::future::Future;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::queue::{NewJob, enqueue};
use super::{Job, status};
use crate::error::{AppError, AppResult};
use crate::idempotency::{self, Begin, Claim};
use crate::platform::Platform;

/// The Idempotency-Key of a request to a route that honours one.
pub struct Once<'r> {
    /// Keys are per caller: `Caller::owner_key()`.
    pub owner_key: &'r str,
    /// Keys are per endpoint.
    pub scope: &'static str,
    pub key: String,
    /// The request's body: the same key with another body is refused.
    pub body: &'r [u8],
}

/// What a request writes beside its job, in the same transaction, and what it answers.
pub trait Effect: Send {
    type Answer: Serialize;

    /// Writes the effect record of the job `job_id` on `tx`. An error rolls the job back with it.
    fn write(self, tx: &mut AnyConnection, job_id: String) -> impl Future<Output = AppResult<Self::Answer>> + Send;
}

#[derive(Debug, Serialize, ToSchema)]
pub struct JobCreated {
    pub id: String,
    pub status: String,
}

/// For a request whose only record is its job: answers `{id, status}`.
pub struct JobOnly;

impl Effect for JobOnly {
    type Answer = JobCreated;

    async fn write(self, _tx: &mut AnyConnection, job_id: String) -> AppResult<JobCreated> {
        Ok(JobCreated { id: job_id, status: status::PENDING.to_owned() })
    }
}

/// Accepts a job and answers 202 with the effect's answer. `plan` checks the request and names the job
/// and its effect; it runs after the Idempotency-Key is taken, so that a retry of a request that
/// succeeded is answered from the key even when the checks would now refuse it.
pub async fn accept<J: Job, E: Effect>(
    state: &Platform,
    once: Option<Once<'_>>,
    plan: impl Future<Output = AppResult<(NewJob<J>, E)>>,
) -> AppResult<Response> {
    let claim = match once {
        Some(once) => match idempotency::begin(state, once.owner_key, once.scope, &once.key, once.body).await? {
            Begin::Replay(answer) => return Ok(answer.into_response()),
            Begin::Fresh(claim) => Some(claim),
        },
        None => None,
    };
    match write(state, claim.as_ref(), plan).await {
        Ok(body) => {
            state.jobs.wake();
            let mut response = (StatusCode::ACCEPTED, body).into_response();
            response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
            Ok(response)
        }
        Err(error) => {
            if let Some(claim) = &claim {
                idempotency::abandon(state, claim).await;
            }
            Err(error)
        }
    }
}

async fn write<J: Job, E: Effect>(
    state: &Platform,
    claim: Option<&Claim>,
    plan: impl Future<Output = AppResult<(NewJob<J>, E)>>,
) -> AppResult<Vec<u8>> {
    let (job, effect) = plan.await?;
    let mut tx = state.db.begin_write().await?;
    let job_id = enqueue(&mut tx, &state.clock, &job).await?;
    let answer = match effect.write(&mut tx, job_id).await {
        Ok(answer) => answer,
        Err(refused) => {
            // Before answering, so that the next writer does not wait on a transaction left to be dropped.
            tx.rollback().await?;
            return Err(refused);
        }
    };
    let body = serde_json::to_vec(&answer).map_err(|error| AppError::Internal(Box::new(error)))?;
    if let Some(claim) = claim {
        idempotency::finish_in(&mut tx, claim, StatusCode::ACCEPTED, &body).await?;
    }
    tx.commit().await?;
    Ok(body)
}
