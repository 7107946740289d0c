//! Short write transactions that run whole on one thread: `Db::sqlite_write` (docs/adr/0007-sqlite-writes-on-one-thread.md).
//!
//! sqlx's SQLite driver hands every statement to its connection's worker thread and waits for the answer.
//! A write transaction of four statements (BEGIN, the order, its lines, COMMIT) is then eight thread
//! wake-ups, and SQLite's single writer lock is held through all of them: at a million orders that was
//! about 0.6 ms a write, 1,400-1,600 ops upserts a second however many clients. Here the transaction runs
//! from BEGIN IMMEDIATE to COMMIT in one call on a blocking thread, through `rusqlite` on this process's
//! one write connection, so the lock is held only for SQLite's own work.
//!
//! Statements are given as SQL and `Value`s, so the same statements also run through sqlx on PostgreSQL
//! (`bind`), where a write is a round trip per statement anyway and row locks let writers overlap.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use sqlx::any::AnyArguments;
use sqlx::{Arguments, AssertSqlSafe};

use super::reads::from_rusqlite;
use super::{Db, WRITER_QUEUE_TIMEOUT};

/// A value bound to a write statement (the SQL rules of this crate: TEXT, nullable, and BIGINT).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Text(Option<String>),
    Integer(i64),
}

impl From<String> for Value {
    fn from(text: String) -> Self {
        Self::Text(Some(text))
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Self {
        Self::Text(Some(text.to_owned()))
    }
}

impl From<Option<String>> for Value {
    fn from(text: Option<String>) -> Self {
        Self::Text(text)
    }
}

/// The domain's checked identifiers are stored as their text.
macro_rules! text_values {
    ($($id:ty),*) => {$(
        impl From<$id> for Value {
            fn from(id: $id) -> Self {
                Self::Text(Some(id.into()))
            }
        }

        impl From<Option<$id>> for Value {
            fn from(id: Option<$id>) -> Self {
                Self::Text(id.map(String::from))
            }
        }
    )*};
}
text_values!(domain::CountryCode, domain::Email, domain::OrderNumber, domain::ReturnNumber, domain::UpmId);

impl From<i64> for Value {
    fn from(number: i64) -> Self {
        Self::Integer(number)
    }
}

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        match self {
            Self::Text(text) => text.to_sql(),
            Self::Integer(number) => number.to_sql(),
        }
    }
}

/// `values` as sqlx arguments, for the same statement through `sqlx::Any` (PostgreSQL, and SQLite bulk loads).
fn bind(values: &[Value]) -> Result<AnyArguments, sqlx::Error> {
    let mut arguments = AnyArguments::default();
    for value in values {
        match value {
            Value::Text(text) => arguments.add(text.clone()),
            Value::Integer(number) => arguments.add(*number),
        }
        .map_err(sqlx::Error::Encode)?;
    }
    Ok(arguments)
}

/// A statement of a transaction given to `Db::sqlite_write`.
pub struct Statement<'t> {
    statement: rusqlite::CachedStatement<'t>,
}

impl Statement<'_> {
    /// Binds `values` as `$1..$n` (by name: the n-th value whatever order the text names them in, as sqlx
    /// binds them; a value the text does not name is left out) or, in a statement written with `?`, in order.
    fn bind(&mut self, values: &[Value]) -> rusqlite::Result<()> {
        let named = self.statement.parameter_count() > 0 && self.statement.parameter_name(1).is_some();
        for (position, value) in values.iter().enumerate() {
            let index = if named {
                match self.statement.parameter_index(&format!("${}", position + 1))? {
                    Some(index) => index,
                    None => continue,
                }
            } else {
                position + 1
            };
            self.statement.raw_bind_parameter(index, value)?;
        }
        Ok(())
    }
}

/// The write transaction `Db::sqlite_write` hands to its work: statements by SQL text, prepared once per
/// connection and kept.
pub struct SqliteTransaction<'c> {
    transaction: rusqlite::Transaction<'c>,
}

impl SqliteTransaction<'_> {
    /// Runs a statement that returns no rows; the number of rows it changed.
    pub fn execute(&self, sql: &str, values: &[Value]) -> Result<u64, sqlx::Error> {
        let mut statement = self.prepare(sql)?;
        statement.bind(values).map_err(from_rusqlite)?;
        let changed = statement.statement.raw_execute().map_err(from_rusqlite)?;
        Ok(changed as u64)
    }

    /// Runs a statement that returns one row of one integer (`... RETURNING version`).
    pub fn fetch_integer(&self, sql: &str, values: &[Value]) -> Result<i64, sqlx::Error> {
        let mut statement = self.prepare(sql)?;
        statement.bind(values).map_err(from_rusqlite)?;
        let mut rows = statement.statement.raw_query();
        let row = rows.next().map_err(from_rusqlite)?.ok_or(sqlx::Error::RowNotFound)?;
        row.get(0).map_err(from_rusqlite)
    }

    /// Runs a statement that returns at most one row of one integer (`... DO UPDATE ... WHERE ... RETURNING`).
    pub fn fetch_optional_integer(&self, sql: &str, values: &[Value]) -> Result<Option<i64>, sqlx::Error> {
        let mut statement = self.prepare(sql)?;
        statement.bind(values).map_err(from_rusqlite)?;
        let mut rows = statement.statement.raw_query();
        match rows.next().map_err(from_rusqlite)? {
            Some(row) => row.get(0).map(Some).map_err(from_rusqlite),
            None => Ok(None),
        }
    }

    fn prepare(&self, sql: &str) -> Result<Statement<'_>, sqlx::Error> {
        Ok(Statement { statement: self.transaction.prepare_cached(sql).map_err(from_rusqlite)? })
    }
}

/// The SQLite database file and this process's one write connection to it (opened at the first write).
#[derive(Clone)]
pub struct SqliteWriter {
    inner: Arc<WriterInner>,
}

struct WriterInner {
    path: PathBuf,
    /// `max_page_count` of the URL (`db::sqlite_url_number`): applied to the connection as to the pool's.
    max_page_count: Option<u64>,
    connection: Mutex<Option<rusqlite::Connection>>,
}

/// Statements kept prepared on the write connection: the upsert's few texts, and multi-row line inserts
/// of each line count seen.
const STATEMENT_CACHE: usize = 32;

impl SqliteWriter {
    pub(super) fn new(path: PathBuf, max_page_count: Option<u64>) -> Self {
        Self { inner: Arc::new(WriterInner { path, max_page_count, connection: Mutex::new(None) }) }
    }

    fn open(&self) -> rusqlite::Result<rusqlite::Connection> {
        let connection = rusqlite::Connection::open(&self.inner.path)?;
        // As the main pool's connections (db::connect): another process's writer is waited for as long.
        connection.busy_timeout(WRITER_QUEUE_TIMEOUT)?;
        connection.execute_batch("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")?;
        if let Some(pages) = self.inner.max_page_count {
            connection.execute_batch(&format!("PRAGMA max_page_count = {pages}"))?;
        }
        connection.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        Ok(connection)
    }

    /// Runs `work` in one `BEGIN IMMEDIATE` transaction and commits it; an error rolls it back.
    fn run<T>(&self, work: impl FnOnce(&SqliteTransaction<'_>) -> Result<T, sqlx::Error>) -> Result<T, sqlx::Error> {
        // Only one writer reaches this at a time (the caller holds the process's turn to write); a poisoned
        // lock means a writer panicked, and its transaction was rolled back when it was dropped.
        let mut slot = self.inner.connection.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let connection = match &mut *slot {
            Some(connection) => connection,
            empty => empty.insert(self.open().map_err(from_rusqlite)?),
        };
        let transaction = SqliteTransaction {
            transaction: connection
                .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
                .map_err(from_rusqlite)?,
        };
        let done = work(&transaction)?;
        transaction.transaction.commit().map_err(from_rusqlite)?;
        Ok(done)
    }
}

impl Db {
    /// Runs `work` as one write transaction on SQLite, whole on a blocking thread (see the module
    /// documentation), after this process's earlier writers: it queues for the same turn as
    /// `begin_write`. Only for a database that is SQLite (`self.backend`); elsewhere an internal error.
    pub async fn sqlite_write<T: Send + 'static>(
        &self,
        work: impl FnOnce(&SqliteTransaction<'_>) -> Result<T, sqlx::Error> + Send + 'static,
    ) -> Result<T, sqlx::Error> {
        let Some(writer) = self.sqlite_writer.clone() else {
            return Err(sqlx::Error::Configuration("sqlite_write on a database that is not SQLite".into()));
        };
        let turn = self.turn_to_write().await?;
        // The turn goes with the work and ends with its transaction, even if the request that asked is
        // dropped meanwhile: the transaction still commits or rolls back whole.
        tokio::task::spawn_blocking(move || {
            let _turn = turn;
            writer.run(work)
        })
        .await
        .map_err(|panicked| sqlx::Error::Protocol(format!("a write transaction failed: {panicked}")))?
    }
}

/// Runs `sql` with `values` through sqlx on `connection` (PostgreSQL, or SQLite outside `sqlite_write`).
pub async fn execute(connection: &mut sqlx::AnyConnection, sql: &str, values: &[Value]) -> Result<u64, sqlx::Error> {
    let result = sqlx::query_with(AssertSqlSafe(sql), bind(values)?).execute(connection).await?;
    Ok(result.rows_affected())
}

/// Like `execute`, for a statement that returns one row of one integer.
pub async fn fetch_integer(
    connection: &mut sqlx::AnyConnection,
    sql: &str,
    values: &[Value],
) -> Result<i64, sqlx::Error> {
    use sqlx::Row;
    let row = sqlx::query_with(AssertSqlSafe(sql), bind(values)?).fetch_one(connection).await?;
    row.try_get(0)
}

/// Like `fetch_integer`, for a statement that returns at most one row.
pub async fn fetch_optional_integer(
    connection: &mut sqlx::AnyConnection,
    sql: &str,
    values: &[Value],
) -> Result<Option<i64>, sqlx::Error> {
    use sqlx::Row;
    match sqlx::query_with(AssertSqlSafe(sql), bind(values)?).fetch_optional(connection).await? {
        Some(row) => row.try_get(0).map(Some),
        None => Ok(None),
    }
}
