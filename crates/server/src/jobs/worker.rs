//! The workers inside every `orders` process: claim a due job, run its handler, store the outcome.

use std::time::Duration;

use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::{Job, JobError, JobFailure, JobOutcome, LEASE_MS, MAX_ATTEMPTS, queue, status};
use crate::state::AppState;

/// How often an idle worker looks for jobs that other processes enqueued (its own wake it at once).
const IDLE_POLL: Duration = Duration::from_millis(200);
/// A handler that takes longer is abandoned before its lease runs out (and retried).
const RUN_TIMEOUT: Duration = Duration::from_millis((LEASE_MS as u64) * 2 / 3);

/// Starts `count` workers; they stop when `stop` turns true, and give back the jobs they hold.
pub fn spawn_workers(state: AppState, count: usize, stop: watch::Receiver<bool>) -> Vec<JoinHandle<()>> {
    (0..count)
        .map(|index| {
            let worker_id = format!("{}-{index}-{}", std::process::id(), uuid::Uuid::new_v4().simple());
            tokio::spawn(run_worker(state.clone(), worker_id, stop.clone()))
        })
        .collect()
}

async fn run_worker(state: AppState, worker_id: String, mut stop: watch::Receiver<bool>) {
    while !*stop.borrow() {
        match queue::claim(&state.db, &state.clock, &worker_id).await {
            Ok(Some(job)) => run_job(&state, &worker_id, job).await,
            Ok(None) => {
                tokio::select! {
                    () = state.jobs.wake.notified() => {}
                    () = tokio::time::sleep(IDLE_POLL) => {}
                    _ = stop.changed() => {}
                }
            }
            Err(error) => {
                tracing::warn!(%error, "job queue: claim failed");
                tokio::time::sleep(IDLE_POLL * 5).await;
            }
        }
    }
    match queue::release_claims(&state.db, &state.clock, &worker_id).await {
        Ok(0) => {}
        Ok(released) => tracing::info!(released, "job queue: gave back claimed jobs on shutdown"),
        Err(error) => tracing::warn!(%error, "job queue: could not give back claimed jobs"),
    }
}

/// Exponential backoff: 250 ms, 500 ms, 1 s ... at most 30 s.
fn backoff_ms(attempt: i64) -> i64 {
    let exponent = u32::try_from(attempt.clamp(1, 8) - 1).unwrap_or(0);
    (250_i64 << exponent).min(30_000)
}

async fn run_job(state: &AppState, worker_id: &str, job: Job) {
    let kind = job.kind.clone();
    let outcome = if job.attempt > MAX_ATTEMPTS {
        Err(JobError::Retry("gave up after repeated failures".to_owned()))
    } else {
        match state.jobs.handler(&kind) {
            None => Ok(failed(500, "unknown-job-kind", format!("no handler for job kind {kind}"))),
            Some(handler) => match tokio::time::timeout(RUN_TIMEOUT, handler(state.clone(), job.clone())).await {
                Ok(result) => result,
                Err(_) => Err(JobError::Retry("the job took too long".to_owned())),
            },
        }
    };
    let stored = match outcome {
        Ok(outcome) => {
            let mut connection = match state.db.pool.acquire().await {
                Ok(connection) => connection,
                Err(error) => {
                    tracing::warn!(%error, kind, "job queue: could not store an outcome; the lease will expire");
                    return;
                }
            };
            queue::complete_in(&mut connection, &state.clock, &job, &outcome).await
        }
        Err(JobError::Retry(reason)) if job.attempt >= MAX_ATTEMPTS => {
            tracing::warn!(kind, attempts = job.attempt, "job failed for good");
            let outcome = failed(503, "service-unavailable", reason);
            match state.db.pool.acquire().await {
                Ok(mut connection) => queue::complete_in(&mut connection, &state.clock, &job, &outcome).await,
                Err(error) => Err(error),
            }
        }
        Err(JobError::Retry(reason)) => {
            tracing::info!(kind, attempt = job.attempt, "job will be retried");
            queue::retry_later(&state.db, &state.clock, &job, worker_id, backoff_ms(job.attempt), &reason).await
        }
    };
    if let Err(error) = stored {
        tracing::warn!(%error, kind, "job queue: could not store an outcome; the lease will expire");
    }
}

fn failed(http_status: u16, code: &str, message: String) -> JobOutcome {
    JobOutcome::Failed {
        status: status::FAILED,
        error: JobFailure { http_status, code: code.to_owned(), message },
        response: None,
    }
}

#[cfg(test)]
mod tests {
    use super::backoff_ms;

    #[test]
    fn retries_back_off_exponentially_up_to_thirty_seconds() {
        assert_eq!(backoff_ms(1), 250);
        assert_eq!(backoff_ms(2), 500);
        assert_eq!(backoff_ms(3), 1000);
        assert_eq!(backoff_ms(8), 30_000);
        assert_eq!(backoff_ms(20), 30_000);
    }
}
