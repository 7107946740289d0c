//! The queue's SQL: insert, claim, finish, retry. Claiming is one statement, so two workers (in one
//! process or two) never hold the same job.

use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::{Job, JobOutcome, LEASE_MS, NewJob, status};
use crate::clock::Clock;
use crate::db::{Backend, Db};
use crate::error::{AppError, AppResult};

/// Inserts a PENDING job, due now, on `connection` (pass the request's transaction: `&mut *tx`).
/// Returns the job id.
pub async fn enqueue(connection: &mut AnyConnection, clock: &Clock, job: NewJob<'_>) -> AppResult<String> {
    let id = uuid::Uuid::new_v4().to_string();
    let now = clock.now_ms();
    let payload = serde_json::to_string(&job.payload).map_err(|error| AppError::Internal(Box::new(error)))?;
    sqlx::query(
        "INSERT INTO jobs (id, kind, status, payload, order_number, owner_key, attempts, run_after, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $7, $7)",
    )
    .bind(&id)
    .bind(job.kind)
    .bind(status::PENDING)
    .bind(payload)
    .bind(job.order_number)
    .bind(job.owner_key)
    .bind(now)
    .execute(&mut *connection)
    .await?;
    Ok(id)
}

fn job_from_row(row: &AnyRow) -> Result<Job, sqlx::Error> {
    let payload: String = row.try_get("payload")?;
    Ok(Job {
        id: row.try_get("id")?,
        kind: row.try_get("kind")?,
        payload: serde_json::from_str(&payload).unwrap_or(Value::Null),
        order_number: row.try_get("order_number")?,
        owner_key: row.try_get("owner_key")?,
        attempt: row.try_get("attempts")?,
    })
}

/// Claims the oldest due job (a PENDING one whose time has come, or one whose lease ran out), if any.
pub(super) async fn claim(db: &Db, clock: &Clock, worker_id: &str) -> Result<Option<Job>, sqlx::Error> {
    let now = clock.now_ms();
    // PostgreSQL: SKIP LOCKED lets several processes claim side by side. SQLite has one writer, and the
    // UPDATE with its subquery runs as one atomic statement under it.
    let lock = match db.backend {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        Backend::Sqlite => "",
    };
    let sql = format!(
        "UPDATE jobs SET status = $1, lease_until = $2, claimed_by = $3, attempts = attempts + 1, updated_at = $4 \
         WHERE id = (SELECT id FROM jobs WHERE (status = $5 AND run_after <= $4) OR (status = $1 AND lease_until < $4) \
         ORDER BY run_after LIMIT 1{lock}) \
         RETURNING id, kind, payload, order_number, owner_key, attempts"
    );
    let row = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(status::IN_PROGRESS)
        .bind(now + LEASE_MS)
        .bind(worker_id)
        .bind(now)
        .bind(status::PENDING)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(job_from_row).transpose()
}

fn to_text(value: &impl serde::Serialize) -> Option<String> {
    serde_json::to_string(value).ok()
}

/// Stores a job's outcome on `connection`. A handler that writes its effect in a transaction may call
/// this in the same transaction, so the effect and the job's completion commit together.
pub async fn complete_in(
    connection: &mut AnyConnection,
    clock: &Clock,
    job: &Job,
    outcome: &JobOutcome,
) -> Result<(), sqlx::Error> {
    let (final_status, response, error) = match outcome {
        JobOutcome::Completed(response) => (status::COMPLETED, to_text(response), None),
        JobOutcome::Failed { status, error, response } => {
            (*status, response.as_ref().and_then(to_text), to_text(error))
        }
    };
    sqlx::query(
        "UPDATE jobs SET status = $1, response = $2, error = $3, lease_until = NULL, updated_at = $4 \
         WHERE id = $5 AND status = $6",
    )
    .bind(final_status)
    .bind(response)
    .bind(error)
    .bind(clock.now_ms())
    .bind(&job.id)
    .bind(status::IN_PROGRESS)
    .execute(&mut *connection)
    .await?;
    Ok(())
}

/// Puts a job back to PENDING, due after `delay_ms`, keeping the reason for operators.
pub(super) async fn retry_later(
    db: &Db,
    clock: &Clock,
    job: &Job,
    worker_id: &str,
    delay_ms: i64,
    reason: &str,
) -> Result<(), sqlx::Error> {
    let now = clock.now_ms();
    let error = serde_json::json!({ "httpStatus": 503, "code": "retrying", "message": reason }).to_string();
    sqlx::query(
        "UPDATE jobs SET status = $1, run_after = $2, lease_until = NULL, claimed_by = NULL, error = $3, \
         updated_at = $4 WHERE id = $5 AND claimed_by = $6 AND status = $7",
    )
    .bind(status::PENDING)
    .bind(now + delay_ms)
    .bind(error)
    .bind(now)
    .bind(&job.id)
    .bind(worker_id)
    .bind(status::IN_PROGRESS)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Gives back the jobs this worker holds (graceful shutdown): another process may claim them at once.
pub(super) async fn release_claims(db: &Db, clock: &Clock, worker_id: &str) -> Result<u64, sqlx::Error> {
    let now = clock.now_ms();
    let result = sqlx::query(
        "UPDATE jobs SET status = $1, lease_until = NULL, claimed_by = NULL, run_after = $2, updated_at = $2 \
         WHERE claimed_by = $3 AND status = $4",
    )
    .bind(status::PENDING)
    .bind(now)
    .bind(worker_id)
    .bind(status::IN_PROGRESS)
    .execute(&db.pool)
    .await?;
    Ok(result.rows_affected())
}
