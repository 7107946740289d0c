//! The read path of the hot queries (order detail, history page and what the detail reads beside the
//! order): one function, `Db::read`, that runs a statement and hands each row to the caller, decoded by
//! column position through `Columns`.
//!
//! - On SQLite the statement runs right here, on the thread that asks, through `rusqlite` on a read-only
//!   connection that thread keeps (one per runtime worker thread, opened on first use) with its prepared
//!   statements cached. sqlx's SQLite driver hands every statement to a worker thread and copies every
//!   value of every row twice; a read from SQLite's page cache takes tens of microseconds, less than that
//!   hand-off (docs/adr/0006-sqlite-reads-on-the-calling-thread.md).
//! - On PostgreSQL a read is a round trip: the statement goes through `tokio-postgres` on a few
//!   connections that concurrent reads share, pipelined (`pg_reads`; ADR 0005, which chose the native
//!   driver over `sqlx::Any`, and ADR 0009, which moved it from sqlx's to tokio-postgres).

use std::cell::RefCell;
use std::path::PathBuf;
use std::sync::{Arc, Weak};
use std::time::Duration;

use sqlx::Row;

use super::pg_reads::PgReads;
use super::wal_index::{Header, WalIndex};
use super::{Backend, Db};

/// What a row decoder needs of a row: text, optional text, a borrowed text (JSON columns are parsed in
/// place, not copied first) and 64-bit integers, by position. Implemented by the rows of both read paths
/// (`rusqlite::Row`, `tokio_postgres::Row` in `pg_reads`) and by `sqlx::any::AnyRow` (the other queries),
/// so one decoder serves every query that selects an order.
pub trait Columns {
    fn text(&self, index: usize) -> Result<String, sqlx::Error>;
    fn optional_text(&self, index: usize) -> Result<Option<String>, sqlx::Error>;
    fn borrowed_text(&self, index: usize) -> Result<&str, sqlx::Error>;
    /// A text column's bytes as stored, not checked as UTF-8 again: for the stored bodies this crate
    /// wrote from a `String` and answers as they are (ready details and pages), where the check was a
    /// pass over every byte of every answer.
    fn optional_stored_text(&self, index: usize) -> Result<Option<&[u8]>, sqlx::Error>;
    fn integer(&self, index: usize) -> Result<i64, sqlx::Error>;
    fn optional_integer(&self, index: usize) -> Result<Option<i64>, sqlx::Error>;
}

impl Columns for sqlx::any::AnyRow {
    fn text(&self, index: usize) -> Result<String, sqlx::Error> {
        self.try_get(index)
    }
    fn optional_text(&self, index: usize) -> Result<Option<String>, sqlx::Error> {
        self.try_get(index)
    }
    fn borrowed_text(&self, index: usize) -> Result<&str, sqlx::Error> {
        self.try_get(index)
    }
    fn optional_stored_text(&self, index: usize) -> Result<Option<&[u8]>, sqlx::Error> {
        self.try_get::<Option<&str>, _>(index).map(|text| text.map(str::as_bytes))
    }
    fn integer(&self, index: usize) -> Result<i64, sqlx::Error> {
        self.try_get(index)
    }
    fn optional_integer(&self, index: usize) -> Result<Option<i64>, sqlx::Error> {
        self.try_get(index)
    }
}

impl Columns for rusqlite::Row<'_> {
    fn text(&self, index: usize) -> Result<String, sqlx::Error> {
        self.get(index).map_err(from_rusqlite)
    }
    fn optional_text(&self, index: usize) -> Result<Option<String>, sqlx::Error> {
        self.get(index).map_err(from_rusqlite)
    }
    fn borrowed_text(&self, index: usize) -> Result<&str, sqlx::Error> {
        self.get_ref(index).and_then(|value| value.as_str().map_err(rusqlite::Error::from)).map_err(from_rusqlite)
    }
    fn optional_stored_text(&self, index: usize) -> Result<Option<&[u8]>, sqlx::Error> {
        use rusqlite::types::ValueRef;
        match self.get_ref(index).map_err(from_rusqlite)? {
            ValueRef::Text(bytes) => Ok(Some(bytes)),
            ValueRef::Null => Ok(None),
            other => Err(from_rusqlite(rusqlite::Error::InvalidColumnType(index, String::new(), other.data_type()))),
        }
    }
    fn integer(&self, index: usize) -> Result<i64, sqlx::Error> {
        self.get(index).map_err(from_rusqlite)
    }
    fn optional_integer(&self, index: usize) -> Result<Option<i64>, sqlx::Error> {
        self.get(index).map_err(from_rusqlite)
    }
}

/// A rusqlite error as the rest of the crate sees database errors: a busy or unopenable database is
/// "unavailable" (503, like an exhausted pool), anything else a failed query (500).
pub(super) fn from_rusqlite(error: rusqlite::Error) -> sqlx::Error {
    use rusqlite::ErrorCode::{CannotOpen, DatabaseBusy, DatabaseLocked, DiskFull};
    match &error {
        // A full disk (or the file at its max_page_count): `AppError` answers it 503 storage-full.
        rusqlite::Error::SqliteFailure(failure, _) if failure.code == DiskFull => {
            sqlx::Error::Io(std::io::Error::new(std::io::ErrorKind::StorageFull, error))
        }
        rusqlite::Error::SqliteFailure(failure, _)
            if matches!(failure.code, DatabaseBusy | DatabaseLocked | CannotOpen) =>
        {
            sqlx::Error::Io(std::io::Error::other(error))
        }
        _ => sqlx::Error::Decode(Box::new(error)),
    }
}

/// A value bound to a read statement (the hot reads bind only these).
#[derive(Debug, Clone, Copy)]
pub enum Param<'a> {
    Text(&'a str),
    Integer(i64),
}

impl rusqlite::ToSql for Param<'_> {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        match *self {
            Self::Text(text) => text.to_sql(),
            Self::Integer(number) => Ok(rusqlite::types::ToSqlOutput::from(number)),
        }
    }
}

/// Where the hot reads run (see the module documentation).
#[derive(Clone)]
pub enum ReadPool {
    Sqlite(SqliteReads),
    Postgres(PgReads),
}

impl ReadPool {
    /// Connected lazily: the main pool creates and migrates the database first.
    pub(super) fn new(
        backend: Backend,
        url: &str,
        max_connections: u32,
        cache_kib: Option<u64>,
    ) -> Result<Self, sqlx::Error> {
        Ok(match backend {
            Backend::Sqlite => {
                Self::Sqlite(SqliteReads::new(super::sqlite_path(url).unwrap_or_default().into(), cache_kib))
            }
            Backend::Postgres => Self::Postgres(PgReads::new(url, max_connections)?),
        })
    }
}

/// The SQLite database file the reads open. Each thread that reads keeps its own read-only connection to
/// it (SQLite connections are not shared between threads without a lock, and a lock is what this avoids).
/// A thread's connection is closed when the thread ends, or at its next read once every clone of this
/// value is gone (tests open many databases on the same threads).
#[derive(Clone)]
pub struct SqliteReads {
    database: Arc<DatabaseFile>,
}

struct DatabaseFile {
    path: PathBuf,
    /// Each connection's page cache in KiB (`read_cache_kib` of the URL); SQLite's default without it.
    cache_kib: Option<u64>,
}

/// Statements kept prepared per connection: the hot reads are about ten texts (filtered history pages and
/// order-year probes vary and take turns in the rest).
const STATEMENT_CACHE: usize = 32;
/// How long a read waits on a locked database before answering 503. Short, because it waits on a runtime
/// worker thread: in WAL mode readers are not blocked by writers, so this covers only recovery and
/// checkpoint corner cases.
const READ_BUSY_TIMEOUT: Duration = Duration::from_secs(2);

/// A thread's read connection to one database file, and what it last saw of the database's changes: the
/// header of its WAL index (`wal_index`), or until that is mapped the `PRAGMA data_version`.
struct ThreadConnection {
    database: Weak<DatabaseFile>,
    connection: rusqlite::Connection,
    data_version: Option<i64>,
    /// Read from the mapping of `connection`, so kept beside it and dropped with it.
    wal_index: Option<WalIndex>,
    /// Whether `wal_index` was looked for (once: a database in another mode has none to find).
    wal_index_sought: bool,
    header_seen: Option<Header>,
}

thread_local! {
    static CONNECTIONS: RefCell<Vec<ThreadConnection>> = const { RefCell::new(Vec::new()) };
}

impl SqliteReads {
    fn new(path: PathBuf, cache_kib: Option<u64>) -> Self {
        Self { database: Arc::new(DatabaseFile { path, cache_kib }) }
    }

    fn open(&self) -> rusqlite::Result<rusqlite::Connection> {
        use rusqlite::OpenFlags;
        let connection = rusqlite::Connection::open_with_flags(
            &self.database.path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        connection.busy_timeout(READ_BUSY_TIMEOUT)?;
        if let Some(kib) = self.database.cache_kib {
            // A negative cache_size is a size in KiB rather than a number of pages.
            connection.execute_batch(&format!("PRAGMA cache_size = -{kib}"))?;
        }
        connection.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        Ok(connection)
    }

    /// Runs `work` with this thread's connection to the database, opened on first use.
    fn with_connection<T>(
        &self,
        work: impl FnOnce(&mut ThreadConnection) -> Result<T, sqlx::Error>,
    ) -> Result<T, sqlx::Error> {
        CONNECTIONS.with(|cell| {
            let mut connections = cell.borrow_mut();
            connections.retain(|thread| thread.database.strong_count() > 0);
            let mine = Arc::as_ptr(&self.database);
            let index = match connections.iter().position(|thread| std::ptr::eq(thread.database.as_ptr(), mine)) {
                Some(index) => index,
                None => {
                    let connection = self.open().map_err(from_rusqlite)?;
                    connections.push(ThreadConnection {
                        database: Arc::downgrade(&self.database),
                        connection,
                        data_version: None,
                        wal_index: None,
                        wal_index_sought: false,
                        header_seen: None,
                    });
                    connections.len() - 1
                }
            };
            work(&mut connections[index])
        })
    }

    /// Whether another connection (this process's writer, another process) committed since this thread's
    /// connection last asked; true the first time (this connection has seen nothing yet). Read from the WAL
    /// index's header once the first ask has mapped it (`wal_index`), else by `PRAGMA data_version`.
    pub(super) fn data_version_moved(&self) -> Result<bool, sqlx::Error> {
        self.with_connection(|thread| {
            if let Some(index) = &thread.wal_index {
                let now = index.header();
                return Ok(thread.header_seen.replace(now) != Some(now));
            }
            let now: i64 = thread
                .connection
                .prepare_cached("PRAGMA data_version")
                .and_then(|mut statement| statement.query_row([], |row| row.get(0)))
                .map_err(from_rusqlite)?;
            let moved = thread.data_version.replace(now) != Some(now);
            // The read above mapped the index. Its header is taken after that read, so a commit in between
            // is in it, and this answer says moved: the next ask compares with a header no older than this one.
            if !thread.wal_index_sought {
                thread.wal_index_sought = true;
                if let Some(index) = WalIndex::of(&thread.connection) {
                    thread.header_seen = Some(index.header());
                    thread.wal_index = Some(index);
                    return Ok(true);
                }
            }
            Ok(moved)
        })
    }

    /// Runs `sql` with `params` on this thread's connection and hands each row to `each`.
    fn run(
        &self,
        sql: &str,
        params: &[Param<'_>],
        each: &mut dyn FnMut(&dyn Columns) -> Result<(), sqlx::Error>,
    ) -> Result<(), sqlx::Error> {
        self.with_connection(|thread| {
            let mut statement = thread.connection.prepare_cached(sql).map_err(from_rusqlite)?;
            // `$n` is a named parameter to SQLite, numbered by first appearance: bound by name, so `$n` is
            // the n-th value whatever order the statement names them in (as sqlx binds them).
            for (number, param) in params.iter().enumerate() {
                if let Some(index) = statement.parameter_index(&format!("${}", number + 1)).map_err(from_rusqlite)? {
                    statement.raw_bind_parameter(index, param).map_err(from_rusqlite)?;
                }
            }
            let mut rows = statement.raw_query();
            while let Some(row) = rows.next().map_err(from_rusqlite)? {
                each(row)?;
            }
            Ok(())
        })
    }
}

impl Db {
    /// Runs a read statement (the SQL rules of this crate: `$1..$n`, TEXT and BIGINT) and hands each row
    /// to `each`, in order. A hot read: on SQLite it runs on the calling thread (see the module documentation).
    pub async fn read(
        &self,
        sql: &str,
        params: &[Param<'_>],
        mut each: impl FnMut(&dyn Columns) -> Result<(), sqlx::Error> + Send,
    ) -> Result<(), sqlx::Error> {
        match &self.reads {
            ReadPool::Sqlite(reads) => reads.run(sql, params, &mut each),
            ReadPool::Postgres(reads) => reads.run(sql, params, &mut each).await,
        }
    }
}
