//! The outbox's SQL: record an event in the caller's transaction, read the events after a position in
//! the order every reader shares, and the consumers (webhook endpoints and sinks) with their cursors and
//! leases. See migrations/0019_events*.sql for why a position is (tx, seq).

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::types::EventData;
use crate::db::{Backend, Db};

/// Where a reader stands: after the event at (tx, seq). (0, 0) is before the first event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Position {
    pub tx: i64,
    pub seq: i64,
}

/// An event as stored.
#[derive(Debug, Clone)]
pub struct StoredEvent {
    pub position: Position,
    pub id: String,
    pub event_type: String,
    pub occurred_at: i64,
    pub data: String,
}

impl StoredEvent {
    /// The event as delivered: `{"id","type","timestamp","data"}`.
    pub fn to_json(&self) -> serde_json::Value {
        let data: serde_json::Value = serde_json::from_str(&self.data).unwrap_or_default();
        serde_json::json!({
            "id": self.id,
            "type": self.event_type,
            "timestamp": super::rfc3339(self.occurred_at),
            "data": data,
        })
    }
}

/// Writes `event` on `connection`: pass the transaction of the effect it reports (`&mut tx`), so the
/// event exists exactly when the effect does. With a `dedupe_key`, an effect written again (a job run a
/// second time) records its event once.
pub async fn record(
    connection: &mut AnyConnection,
    occurred_at: i64,
    dedupe_key: Option<String>,
    event: &EventData,
) -> Result<(), sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    let data = event.data_json().to_string();
    sqlx::query(
        "INSERT INTO events (id, event_type, occurred_at, data, dedupe_key) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT DO NOTHING",
    )
    .bind(id)
    .bind(event.type_name())
    .bind(occurred_at)
    .bind(data)
    .bind(dedupe_key)
    .execute(&mut *connection)
    .await?;
    Ok(())
}

/// The condition that an event row `e` may be read: on PostgreSQL its transaction is older than every
/// transaction still running (so every event before it in (tx, seq) order is visible too); on SQLite,
/// one writer, every committed row.
fn visible(backend: Backend) -> &'static str {
    match backend {
        Backend::Postgres => "e.tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint",
        Backend::Sqlite => "1 = 1",
    }
}

fn event_from_row(row: &AnyRow) -> Result<StoredEvent, sqlx::Error> {
    Ok(StoredEvent {
        position: Position { tx: row.try_get("tx")?, seq: row.try_get("seq")? },
        id: row.try_get("id")?,
        event_type: row.try_get("event_type")?,
        occurred_at: row.try_get("occurred_at")?,
        data: row.try_get("data")?,
    })
}

/// Up to `limit` readable events after `after`, in position order (a row-value comparison, which both
/// databases answer from the index on (tx, seq)).
pub async fn after(db: &Db, after: Position, limit: i64) -> Result<Vec<StoredEvent>, sqlx::Error> {
    let sql = format!(
        "SELECT e.seq, e.tx, e.id, e.event_type, e.occurred_at, e.data FROM events e \
         WHERE (e.tx, e.seq) > ($1, $2) AND {} ORDER BY e.tx, e.seq LIMIT $3",
        visible(db.backend)
    );
    let rows =
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(after.tx).bind(after.seq).bind(limit).fetch_all(&db.pool).await?;
    rows.iter().map(event_from_row).collect()
}

/// The position of the last readable event ((0, 0) when none).
pub async fn head(db: &Db) -> Result<Position, sqlx::Error> {
    let sql = format!(
        "SELECT e.tx, e.seq FROM events e WHERE {} ORDER BY e.tx DESC, e.seq DESC LIMIT 1",
        visible(db.backend)
    );
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_optional(&db.pool).await?;
    Ok(match row {
        Some(row) => Position { tx: row.try_get("tx")?, seq: row.try_get("seq")? },
        None => Position::default(),
    })
}

/// The position just before the first event at or after `since_ms` (None: there is none).
pub async fn before_first_since(db: &Db, since_ms: i64) -> Result<Option<Position>, sqlx::Error> {
    let row = sqlx::query("SELECT tx, seq FROM events WHERE occurred_at >= $1 ORDER BY tx, seq LIMIT 1")
        .bind(since_ms)
        .fetch_optional(&db.pool)
        .await?;
    row.map(|row| Ok(Position { tx: row.try_get("tx")?, seq: row.try_get::<i64, _>("seq")? - 1 })).transpose()
}

pub const KIND_WEBHOOK: &str = "webhook";
pub const KIND_SINK: &str = "sink";

/// A webhook endpoint or a sink, with where it stands.
#[derive(Debug, Clone)]
pub struct Consumer {
    pub id: String,
    pub kind: String,
    pub url: Option<String>,
    pub event_types: Vec<String>,
    pub description: Option<String>,
    pub secret: Option<String>,
    pub created_at: i64,
    pub cursor: Position,
    pub attempts: i64,
    pub next_attempt_at: i64,
    pub failing_since: Option<i64>,
    pub last_error: Option<String>,
}

impl Consumer {
    pub fn wants(&self, event_type: &str) -> bool {
        self.event_types.iter().any(|wanted| wanted == "*" || wanted == event_type)
    }
}

const CONSUMER_COLUMNS: &str = "id, kind, url, event_types, description, secret, created_at, cursor_tx, cursor_seq, \
                                attempts, next_attempt_at, failing_since, last_error";

fn consumer_from_row(row: &AnyRow) -> Result<Consumer, sqlx::Error> {
    let types: String = row.try_get("event_types")?;
    Ok(Consumer {
        id: row.try_get("id")?,
        kind: row.try_get("kind")?,
        url: row.try_get("url")?,
        event_types: serde_json::from_str(&types).unwrap_or_default(),
        description: row.try_get("description")?,
        secret: row.try_get("secret")?,
        created_at: row.try_get("created_at")?,
        cursor: Position { tx: row.try_get("cursor_tx")?, seq: row.try_get("cursor_seq")? },
        attempts: row.try_get("attempts")?,
        next_attempt_at: row.try_get("next_attempt_at")?,
        failing_since: row.try_get("failing_since")?,
        last_error: row.try_get("last_error")?,
    })
}

/// Inserts a consumer. A sink that exists already is left as it is (its cursor is kept).
pub async fn insert_consumer(db: &Db, consumer: &Consumer) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO event_consumers (id, kind, url, event_types, description, secret, created_at, cursor_tx, \
         cursor_seq, attempts, next_attempt_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $7) \
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(&consumer.id)
    .bind(&consumer.kind)
    .bind(consumer.url.clone())
    .bind(serde_json::to_string(&consumer.event_types).unwrap_or_default())
    .bind(consumer.description.clone())
    .bind(consumer.secret.clone())
    .bind(consumer.created_at)
    .bind(consumer.cursor.tx)
    .bind(consumer.cursor.seq)
    .execute(&db.pool)
    .await?;
    Ok(())
}

pub async fn webhooks(db: &Db) -> Result<Vec<Consumer>, sqlx::Error> {
    let sql = format!("SELECT {CONSUMER_COLUMNS} FROM event_consumers WHERE kind = $1 ORDER BY created_at, id");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(KIND_WEBHOOK).fetch_all(&db.pool).await?;
    rows.iter().map(consumer_from_row).collect()
}

pub async fn delete_webhook(db: &Db, id: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM event_consumers WHERE id = $1 AND kind = $2")
        .bind(id)
        .bind(KIND_WEBHOOK)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Moves a webhook's cursor back to `to` and makes it due now (a replay). False for an unknown id.
pub async fn rewind_webhook(db: &Db, id: &str, to: Option<Position>, now: i64) -> Result<bool, sqlx::Error> {
    // No event since: nothing to send again; the cursor stays (only the retry state is reset).
    let sql = if to.is_some() {
        "UPDATE event_consumers SET cursor_tx = $3, cursor_seq = $4, attempts = 0, first_failure_at = NULL, \
         failing_since = NULL, last_error = NULL, next_attempt_at = $5 WHERE id = $1 AND kind = $2 \
         AND (cursor_tx, cursor_seq) > ($3, $4)"
    } else {
        "UPDATE event_consumers SET next_attempt_at = $5 WHERE id = $1 AND kind = $2 AND $3 = $4"
    };
    let to = to.unwrap_or_default();
    let done =
        sqlx::query(sql).bind(id).bind(KIND_WEBHOOK).bind(to.tx).bind(to.seq).bind(now).execute(&db.pool).await?;
    if done.rows_affected() == 1 {
        return Ok(true);
    }
    // Known but already before `to`: its cursor is where the replay would put it.
    let known: Option<String> = sqlx::query_scalar("SELECT id FROM event_consumers WHERE id = $1 AND kind = $2")
        .bind(id)
        .bind(KIND_WEBHOOK)
        .fetch_optional(&db.pool)
        .await?;
    Ok(known.is_some())
}

/// Claims a consumer that is due and has an event after its cursor, for `lease_ms`; only sinks this
/// process runs (`sinks`) besides webhooks. PostgreSQL: SKIP LOCKED lets processes claim side by side,
/// and the lease keeps a claimed consumer to one process until it is released or runs out.
pub async fn claim(
    db: &Db,
    now: i64,
    worker: &str,
    lease_ms: i64,
    sinks: &[&str],
) -> Result<Option<Consumer>, sqlx::Error> {
    let lock = match db.backend {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        Backend::Sqlite => "",
    };
    let sink_names: Vec<String> = sinks.iter().map(|name| format!("'{}'", name.replace('\'', ""))).collect();
    let sink_filter =
        if sink_names.is_empty() { String::new() } else { format!(" OR c.id IN ({})", sink_names.join(", ")) };
    let due = format!(
        "SELECT c.id FROM event_consumers c \
         WHERE (c.kind = $3{sink_filter}) AND c.next_attempt_at <= $4 AND (c.leased_until IS NULL OR c.leased_until < $4) \
         AND EXISTS (SELECT 1 FROM events e WHERE (e.tx, e.seq) > (c.cursor_tx, c.cursor_seq) \
         AND {}) ORDER BY c.next_attempt_at LIMIT 1",
        visible(db.backend)
    );
    // Mostly nothing is due: a read answers that without the write (on SQLite, without the write lock).
    let any_due: Option<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(due.replace("$3", "$1").replace("$4", "$2")))
        .bind(KIND_WEBHOOK)
        .bind(now)
        .fetch_optional(&db.pool)
        .await?;
    if any_due.is_none() {
        return Ok(None);
    }
    let sql = format!(
        "UPDATE event_consumers SET leased_until = $1, leased_by = $2 WHERE id = ({due}{lock}) RETURNING {CONSUMER_COLUMNS}"
    );
    let row = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(now + lease_ms)
        .bind(worker)
        .bind(KIND_WEBHOOK)
        .bind(now)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(consumer_from_row).transpose()
}

/// Moves the cursor from `from` to `to` after a delivery (or a skip), clears the retry state and renews
/// the lease. False when this worker no longer holds the consumer or the cursor was moved meanwhile (a
/// replay): the worker then stops.
pub async fn advance(
    db: &Db,
    id: &str,
    worker: &str,
    from: Position,
    to: Position,
    now: i64,
    lease_ms: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE event_consumers SET cursor_tx = $1, cursor_seq = $2, attempts = 0, first_failure_at = NULL, \
         failing_since = NULL, last_error = NULL, next_attempt_at = $3, leased_until = $4 \
         WHERE id = $5 AND leased_by = $6 AND cursor_tx = $7 AND cursor_seq = $8",
    )
    .bind(to.tx)
    .bind(to.seq)
    .bind(now)
    .bind(now + lease_ms)
    .bind(id)
    .bind(worker)
    .bind(from.tx)
    .bind(from.seq)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A failed attempt at the event after `at`: the next one after `delay_ms`, and `failing` once the
/// schedule is used up. Releases the lease.
#[allow(clippy::too_many_arguments, reason = "one statement's values")]
pub async fn failed(
    db: &Db,
    id: &str,
    worker: &str,
    at: Position,
    now: i64,
    delay_ms: i64,
    failing: bool,
    error: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE event_consumers SET attempts = attempts + 1, first_failure_at = COALESCE(first_failure_at, $1), \
         failing_since = CASE WHEN $2 = 1 THEN COALESCE(failing_since, $1) ELSE failing_since END, \
         last_error = $3, next_attempt_at = $4, leased_until = NULL, leased_by = NULL \
         WHERE id = $5 AND leased_by = $6 AND cursor_tx = $7 AND cursor_seq = $8",
    )
    .bind(now)
    .bind(i64::from(failing))
    .bind(error)
    .bind(now + delay_ms)
    .bind(id)
    .bind(worker)
    .bind(at.tx)
    .bind(at.seq)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// Gives a consumer back (nothing more to send, or the process stops).
pub async fn release(db: &Db, id: &str, worker: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE event_consumers SET leased_until = NULL, leased_by = NULL WHERE id = $1 AND leased_by = $2")
        .bind(id)
        .bind(worker)
        .execute(&db.pool)
        .await?;
    Ok(())
}
