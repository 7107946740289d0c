//! The queue's SQL: insert, claim, finish, retry. Claiming is one statement, so two workers (in one
//! process or two) never hold the same job.

use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::{Finish, Job, JobFailure, LEASE_MS, RunInfo, status};
use crate::clock::Clock;
use crate::db::{Backend, Db};
use crate::error::{AppError, AppResult, Code};

/// A job to create: its payload, the order it concerns, and who may poll it.
pub struct NewJob<J> {
    pub payload: J,
    pub order_number: Option<domain::OrderNumber>,
    /// `Caller::owner_key()`.
    pub owner_key: String,
}

/// A job a worker has claimed, its payload not yet read.
pub(super) struct Claimed {
    pub kind: String,
    pub payload: String,
    pub run: RunInfo,
}

/// Inserts a PENDING job, due now, on `connection` (pass the request's transaction: `&mut *tx`).
/// Returns the job id.
pub async fn enqueue<J: Job>(connection: &mut AnyConnection, clock: &Clock, job: &NewJob<J>) -> AppResult<String> {
    let id = uuid::Uuid::new_v4().to_string();
    let now = clock.now_ms();
    let payload = serde_json::to_string(&job.payload).map_err(|error| AppError::Internal(Box::new(error)))?;
    sqlx::query(
        "INSERT INTO jobs (id, kind, status, payload, order_number, owner_key, attempts, run_after, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $7, $7)",
    )
    .bind(&id)
    .bind(J::KIND)
    .bind(status::PENDING)
    .bind(payload)
    .bind(job.order_number.as_deref())
    .bind(&job.owner_key)
    .bind(now)
    .execute(&mut *connection)
    .await?;
    Ok(id)
}

fn claimed_from_row(row: &AnyRow) -> Result<Claimed, sqlx::Error> {
    Ok(Claimed {
        kind: row.try_get("kind")?,
        payload: row.try_get("payload")?,
        run: RunInfo {
            id: row.try_get("id")?,
            order_number: crate::db::ids::optional_id(row, "order_number", domain::OrderNumber::parse)?,
            owner_key: row.try_get("owner_key")?,
            attempt: row.try_get("attempts")?,
            last_attempt: false,
        },
    })
}

/// Claims the oldest due job (a PENDING one whose time has come, or one whose lease ran out), if any.
pub(super) async fn claim(db: &Db, clock: &Clock, worker_id: &str) -> Result<Option<Claimed>, sqlx::Error> {
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
    row.as_ref().map(claimed_from_row).transpose()
}

/// As JSON text with its keys sorted (through `Value`), as rows written before outcomes were typed.
fn to_text(value: &impl Serialize) -> Option<String> {
    serde_json::to_value(value).ok().map(|value| value.to_string())
}

/// Stores how a job ended on `connection`. A job that writes its effect in a transaction may call this
/// in the same transaction, so the effect and the job's end commit together.
pub async fn complete_in<O: Serialize>(
    connection: &mut AnyConnection,
    clock: &Clock,
    run: &RunInfo,
    finish: &Finish<O>,
) -> Result<(), sqlx::Error> {
    match finish {
        Finish::Completed(response) => end_in(connection, clock, run, status::COMPLETED, to_text(response), None).await,
        Finish::Denied(error) => end_in(connection, clock, run, status::DENIED, None, to_text(error)).await,
    }
}

/// Ends a job FAILED with `error`.
/// Stores a FAILED end on `connection`, for a job that undoes its reservations in the same transaction.
pub async fn fail_in(
    connection: &mut AnyConnection,
    clock: &Clock,
    run: &RunInfo,
    error: &JobFailure,
) -> Result<(), sqlx::Error> {
    end_in(connection, clock, run, status::FAILED, None, to_text(error)).await
}

async fn end_in(
    connection: &mut AnyConnection,
    clock: &Clock,
    run: &RunInfo,
    final_status: &str,
    response: Option<String>,
    error: Option<String>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE jobs SET status = $1, response = $2, error = $3, lease_until = NULL, updated_at = $4 \
         WHERE id = $5 AND status = $6",
    )
    .bind(final_status)
    .bind(response)
    .bind(error)
    .bind(clock.now_ms())
    .bind(&run.id)
    .bind(status::IN_PROGRESS)
    .execute(&mut *connection)
    .await?;
    Ok(())
}

/// Puts a job back to PENDING, due after `delay_ms`, keeping the reason for operators.
pub(super) async fn retry_later(
    db: &Db,
    clock: &Clock,
    run: &RunInfo,
    worker_id: &str,
    delay_ms: i64,
    reason: &str,
) -> Result<(), sqlx::Error> {
    let now = clock.now_ms();
    // Through a `Value`, so the stored text has sorted keys like every other stored outcome.
    let failure = serde_json::to_value(JobFailure::new(503, Code::Retrying, reason)).unwrap_or_default();
    let error = failure.to_string();
    sqlx::query(
        "UPDATE jobs SET status = $1, run_after = $2, lease_until = NULL, claimed_by = NULL, error = $3, \
         updated_at = $4 WHERE id = $5 AND claimed_by = $6 AND status = $7",
    )
    .bind(status::PENDING)
    .bind(now + delay_ms)
    .bind(error)
    .bind(now)
    .bind(&run.id)
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
