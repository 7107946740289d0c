//! How long the outbox keeps an event (`--events-retention-days`, 30 by default, like the event APIs
//! retailers know): every hour, each process with event workers deletes the events older than that, a
//! thousand at a time so that SQLite's one writer is never held long. The pull feed and webhook replays
//! reach back as far as the events kept; a cursor older than the oldest kept event simply goes on from
//! there. An endpoint failing for longer than the retention misses what was deleted (docs/events.md).

use std::time::Duration;

use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::clock::Clock;
use crate::db::Db;

/// How often the old events are looked for.
const EVERY: Duration = Duration::from_secs(3600);
/// Events deleted per statement.
const BATCH: i64 = 1000;

/// Deletes the events that occurred before `before_ms`; returns how many.
pub async fn prune(db: &Db, before_ms: i64) -> Result<u64, sqlx::Error> {
    let mut deleted = 0;
    loop {
        // A subquery with LIMIT: both databases delete a bounded batch through the occurred_at index.
        let done = sqlx::query(
            "DELETE FROM events WHERE seq IN (SELECT seq FROM events WHERE occurred_at < $1 ORDER BY occurred_at LIMIT $2)",
        )
        .bind(before_ms)
        .bind(BATCH)
        .execute(&db.pool)
        .await?
        .rows_affected();
        deleted += done;
        if done < u64::try_from(BATCH).unwrap_or(u64::MAX) {
            return Ok(deleted);
        }
    }
}

/// The hourly pruning of this process (the first run at start); ends when `stop` turns true.
pub fn spawn(db: Db, clock: Clock, retention: Duration, mut stop: watch::Receiver<bool>) -> JoinHandle<()> {
    let keep_ms = i64::try_from(retention.as_millis()).unwrap_or(i64::MAX);
    tokio::spawn(async move {
        while !*stop.borrow() {
            match prune(&db, clock.now_ms().saturating_sub(keep_ms)).await {
                Ok(0) => {}
                Ok(deleted) => tracing::info!(deleted, "events: deleted the events older than the retention"),
                Err(error) => tracing::warn!(%error, "events: could not delete old events; tried again in an hour"),
            }
            tokio::select! {
                () = tokio::time::sleep(EVERY) => {}
                _ = stop.changed() => {}
            }
        }
    })
}
