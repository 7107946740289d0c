//! What a client polling a job sees: `{"id","status","eta","error","response"}`, only for the caller
//! who created it; anyone else gets the same 404 as for a job that does not exist.

use serde::Serialize;
use serde_json::Value;
use sqlx::Row;
use utoipa::ToSchema;

use super::status;
use crate::error::{AppError, AppResult};
use crate::platform::Platform;

/// Milliseconds a client waits before polling again while a job runs (the spec's default wait).
pub const DEFAULT_ETA_MS: i64 = 500;

#[derive(Debug, Serialize, ToSchema)]
pub struct JobView {
    pub id: String,
    /// PENDING, IN_PROGRESS, COMPLETED, or DENIED / FAILED with `error`.
    pub status: String,
    /// Milliseconds to wait before the next poll; absent once the job has ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eta: Option<i64>,
    /// `{"httpStatus","code","message"}` when the job was refused or failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub error: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub response: Option<Value>,
}

fn parse_json(text: Option<String>) -> Option<Value> {
    text.and_then(|text| serde_json::from_str(&text).ok())
}

/// Who may see a job: whoever proves one of the identities it was created under. The identity layer's
/// `Caller` is one; the engine names only what it asks of it.
pub trait JobOwner {
    fn identity_keys(&self) -> Vec<String>;
}

/// The job `job_id` of one of `kinds`, if `caller` created it.
pub async fn find_visible(
    state: &Platform,
    caller: &impl JobOwner,
    job_id: &str,
    kinds: &[&str],
) -> AppResult<JobView> {
    // Job ids are UUIDs; anything else cannot exist, and answers like a missing job.
    let Ok(id) = uuid::Uuid::parse_str(job_id) else {
        return Err(AppError::NotFound);
    };
    let row = sqlx::query("SELECT id, kind, status, response, error, owner_key, run_after FROM jobs WHERE id = $1")
        .bind(id.to_string())
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or(AppError::NotFound)?;
    let kind: String = row.try_get("kind")?;
    let owner_key: String = row.try_get("owner_key")?;
    if !kinds.contains(&kind.as_str()) || !caller.identity_keys().contains(&owner_key) {
        return Err(AppError::NotFound);
    }
    let job_status: String = row.try_get("status")?;
    let run_after: i64 = row.try_get("run_after")?;
    let eta = match job_status.as_str() {
        status::PENDING => Some((run_after - state.clock.now_ms()).clamp(DEFAULT_ETA_MS, 5_000)),
        status::IN_PROGRESS => Some(DEFAULT_ETA_MS),
        _ => None,
    };
    let ended = eta.is_none();
    Ok(JobView {
        id: row.try_get("id")?,
        status: job_status,
        eta,
        // A transient error of a job that is still being retried is not the client's business.
        error: if ended { parse_json(row.try_get("error")?) } else { None },
        response: parse_json(row.try_get("response")?),
    })
}
