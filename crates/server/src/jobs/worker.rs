//! The workers inside every `orders` process: claim a due job, run it, store how it ended.

use std::time::Duration;

use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::queue::{self, Claimed};
use super::{JobContext, JobError, JobFailure, LEASE_MS};

/// How often an idle worker looks for jobs that other processes enqueued (its own wake it at once).
const IDLE_POLL: Duration = Duration::from_millis(200);
/// A job that takes longer is abandoned before its lease runs out (and retried).
const RUN_TIMEOUT: Duration = Duration::from_millis((LEASE_MS as u64) * 2 / 3);

/// Starts `count` workers; they stop when `stop` turns true, and give back the jobs they hold.
pub fn spawn_workers<C: JobContext>(context: C, count: usize, stop: watch::Receiver<bool>) -> Vec<JoinHandle<()>> {
    (0..count)
        .map(|index| {
            let worker_id = format!("{}-{index}-{}", std::process::id(), uuid::Uuid::new_v4().simple());
            tokio::spawn(run_worker(context.clone(), worker_id, stop.clone()))
        })
        .collect()
}

async fn run_worker<C: JobContext>(context: C, worker_id: String, mut stop: watch::Receiver<bool>) {
    let (db, clock) = (context.db(), context.clock());
    while !*stop.borrow() {
        match queue::claim(db, clock, &worker_id).await {
            Ok(Some(claimed)) => run_job(&context, &worker_id, claimed).await,
            Ok(None) => {
                tokio::select! {
                    () = context.job_queue().wake.notified() => {}
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
    match queue::release_claims(db, clock, &worker_id).await {
        Ok(0) => {}
        Ok(released) => tracing::info!(released, "job queue: gave back claimed jobs on shutdown"),
        Err(error) => tracing::warn!(%error, "job queue: could not give back claimed jobs"),
    }
}

async fn run_job<C: JobContext>(context: &C, worker_id: &str, claimed: Claimed) {
    let Claimed { kind, payload, mut run } = claimed;
    let (db, clock) = (context.db(), context.clock());
    let policy = context.job_queue().retry;
    run.last_attempt = run.attempt >= policy.max_attempts;
    let result = if run.attempt > policy.max_attempts {
        Err(JobError::retry("gave up after repeated failures"))
    } else {
        let running = context.job_queue().registry.run(context.clone(), &kind, &payload, run.clone());
        match tokio::time::timeout(RUN_TIMEOUT, running).await {
            Ok(result) => result,
            Err(_) => Err(JobError::retry("the job took too long")),
        }
    };
    if let Err(JobError::Retry(reason)) = &result
        && run.attempt < policy.max_attempts
    {
        tracing::info!(kind, attempt = run.attempt, "job will be retried");
        let delay = policy.backoff_ms(run.attempt);
        if let Err(error) = queue::retry_later(db, clock, &run, worker_id, delay, reason).await {
            tracing::warn!(%error, kind, "job queue: could not schedule a retry; the lease will expire");
        }
        return;
    }
    let mut connection = match db.pool.acquire().await {
        Ok(connection) => connection,
        Err(error) => {
            tracing::warn!(%error, kind, "job queue: could not store an outcome; the lease will expire");
            return;
        }
    };
    let stored = match result {
        Ok(finish) => queue::complete_in(&mut connection, clock, &run, &finish).await,
        Err(JobError::Fail(failure)) => {
            tracing::warn!(kind, code = failure.code, attempt = run.attempt, "job failed");
            queue::fail_in(&mut connection, clock, &run, &failure).await
        }
        Err(JobError::Retry(reason)) => {
            tracing::warn!(kind, attempts = run.attempt, "job failed for good");
            let code = context.job_queue().registry.exhausted_code(&kind);
            queue::fail_in(&mut connection, clock, &run, &JobFailure::new(code.status().as_u16(), code, reason)).await
        }
    };
    if let Err(error) = stored {
        tracing::warn!(%error, kind, "job queue: could not store an outcome; the lease will expire");
    }
}

#[cfg(test)]
mod tests {
    use super::super::RetryPolicy;

    #[test]
    fn retries_back_off_exponentially_up_to_thirty_seconds() {
        let policy = RetryPolicy::default();
        assert_eq!(policy.backoff_ms(1), 250);
        assert_eq!(policy.backoff_ms(2), 500);
        assert_eq!(policy.backoff_ms(3), 1000);
        assert_eq!(policy.backoff_ms(8), 30_000);
        assert_eq!(policy.backoff_ms(20), 30_000);
        let short = RetryPolicy { base_delay_ms: 20, max_attempts: 3 };
        assert_eq!([short.backoff_ms(1), short.backoff_ms(2), short.backoff_ms(3)], [20, 40, 80]);
    }
}
