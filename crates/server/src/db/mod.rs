//! The database: one pool over SQLite or PostgreSQL through `sqlx::Any`, so one set of SQL runs on both,
//! and a read path of the backend's own driver for the hot reads (order detail, history page: see
//! `reads` and docs/adr/0005-hot-reads-through-the-native-driver.md, 0006-sqlite-reads-on-the-calling-thread.md),
//! and on SQLite one write connection of rusqlite for the order writer (`writes`, ADR 0007).
//!
//! Rules for the SQL in this crate: `$1..$n` placeholders, only TEXT and BIGINT values, no
//! auto-increment, no backend-specific functions. The few places that must differ ask `Backend`.

mod changes;
pub mod ids;
mod migrate;
mod pg_reads;
mod reads;
mod wal_index;
mod writes;

use std::ops::{Deref, DerefMut};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, ConnectOptions, Executor};

pub use migrate::migrate;
pub use reads::{Columns, Param, ReadPool, SqliteReads};
use writes::SqliteWriter;
pub use writes::{SqliteTransaction, Value, execute, fetch_integer, fetch_optional_integer};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Self::Sqlite => "sqlite",
            Self::Postgres => "postgres",
        }
    }
}

#[derive(Clone)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
    /// The same database through the backend's own driver, for the hot reads only (`Db::read`).
    pub reads: ReadPool,
    /// SQLite takes one writer at a time: this process's writers wait for it here, first come first
    /// served, and are woken when the one before commits (see `begin_write`).
    writer: Arc<tokio::sync::Mutex<()>>,
    /// On SQLite, this process's one connection for `sqlite_write`.
    sqlite_writer: Option<SqliteWriter>,
    /// Whether orders may have changed since a moment this process saw (`change_generation`).
    changes: Arc<changes::Changes>,
}

/// What `connect` found: whether this start created the database (then demo data goes in).
pub struct Connected {
    pub db: Db,
    pub created: bool,
}

/// Accepts `postgres://...`, `sqlite://path`, `sqlite:path` or a plain file path (SQLite).
pub fn normalize_url(url: &str) -> (Backend, String) {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return (Backend::Postgres, url.to_owned());
    }
    let path = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")).unwrap_or(url);
    let path = path.split('?').next().unwrap_or(path);
    (Backend::Sqlite, format!("sqlite://{path}?mode=rwc"))
}

fn sqlite_path(url: &str) -> Option<String> {
    let rest = url.strip_prefix("sqlite://")?;
    Some(rest.split('?').next().unwrap_or(rest).to_owned())
}

/// A positive number in a SQLite URL's query (`orders.db?max_page_count=262144&read_cache_kib=8192`):
/// settings of this server, not of sqlx, so they are read here and never reach its URL.
/// - `max_page_count`: the most pages the file may grow to, a cap an operator sets below the disk's size so
///   that a full database is a clean 503 `storage-full` while the disk still has room for the journal (and
///   the tests' way to fill one).
/// - `read_cache_kib`: the page cache of each hot-read connection (one per runtime thread, `reads`), in KiB;
///   SQLite's default is 2,000 KiB. A large database read at random on a machine with memory to spare reads
///   fewer pages through the file system with more (docs/performance.md, "SQLite's uncached detail").
fn sqlite_url_number(url: &str, name: &str) -> Option<u64> {
    let (_, query) = url.split_once('?')?;
    form_urlencoded::parse(query.as_bytes())
        .find(|(key, _)| key == name)
        .and_then(|(_, value)| value.parse().ok())
        .filter(|number| *number > 0)
}

pub async fn connect(url: &str, max_connections: u32) -> Result<Connected, sqlx::Error> {
    sqlx::any::install_default_drivers();
    let max_page_count = sqlite_url_number(url, "max_page_count");
    let read_cache_kib = sqlite_url_number(url, "read_cache_kib");
    let (backend, url) = normalize_url(url);
    let created = match backend {
        Backend::Sqlite => {
            let path = sqlite_path(&url).unwrap_or_default();
            path != ":memory:" && !std::path::Path::new(&path).exists()
        }
        Backend::Postgres => false,
    };
    let options = AnyConnectOptions::from_str(&url)?.disable_statement_logging();
    let pool = AnyPoolOptions::new()
        .max_connections(max_connections)
        .min_connections(1)
        .acquire_timeout(Duration::from_secs(10))
        .after_connect(move |connection, _| {
            Box::pin(async move {
                if backend == Backend::Sqlite {
                    connection
                        .execute(
                            "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                             PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON;",
                        )
                        .await?;
                    if let Some(pages) = max_page_count {
                        connection.execute(sqlx::AssertSqlSafe(format!("PRAGMA max_page_count = {pages}"))).await?;
                    }
                }
                Ok(())
            })
        })
        .connect_with(options)
        .await?;
    let reads = ReadPool::new(backend, &url, max_connections, read_cache_kib)?;
    let sqlite_writer = match backend {
        Backend::Sqlite => Some(SqliteWriter::new(sqlite_path(&url).unwrap_or_default().into(), max_page_count)),
        Backend::Postgres => None,
    };
    let changes = Arc::new(changes::Changes::default());
    if backend == Backend::Postgres {
        changes::listen(url.clone(), &changes);
    }
    Ok(Connected { db: Db { pool, backend, reads, writer: Arc::default(), sqlite_writer, changes }, created })
}

/// How long a writer waits for its turn in this process (SQLite's `busy_timeout` is the same).
const WRITER_QUEUE_TIMEOUT: Duration = Duration::from_secs(10);

impl Db {
    /// A transaction that will write. On SQLite it starts with `BEGIN IMMEDIATE`, taking the write lock at
    /// once: a plain deferred `BEGIN` that reads first and writes later fails with SQLITE_BUSY, without
    /// waiting, when another connection wrote in between, because its read snapshot is stale. Before that,
    /// the process's own writers queue on `writer` until the transaction ends: waiting in SQLite's busy
    /// handler instead means sleeping in steps of up to 100 ms whoever committed meanwhile (8 concurrent
    /// ops upserts at a million orders: p99 431 ms that way, 12 ms queued here, the same orders/s). Another
    /// process's writers still meet the busy handler (`busy_timeout`). PostgreSQL takes row locks as it
    /// goes and needs neither.
    pub async fn begin_write(&self) -> Result<WriteTransaction, sqlx::Error> {
        Ok(match self.backend {
            Backend::Sqlite => {
                let queued = self.turn_to_write().await?;
                WriteTransaction {
                    transaction: self.pool.begin_with("BEGIN IMMEDIATE").await?,
                    _queued: Some(queued),
                    changes: Arc::clone(&self.changes),
                }
            }
            Backend::Postgres => WriteTransaction {
                transaction: self.pool.begin().await?,
                _queued: None,
                changes: Arc::clone(&self.changes),
            },
        })
    }

    /// This process's turn to write on SQLite (`begin_write`, `sqlite_write`), first come first served.
    /// Waited for as long as SQLite's own busy timeout: then "unavailable" (503), as for an exhausted pool.
    async fn turn_to_write(&self) -> Result<tokio::sync::OwnedMutexGuard<()>, sqlx::Error> {
        tokio::time::timeout(WRITER_QUEUE_TIMEOUT, Arc::clone(&self.writer).lock_owned())
            .await
            .map_err(|_| sqlx::Error::PoolTimedOut)
    }

    /// A number that moves whenever any process may have written an order or accepted a job for one
    /// since (`changes`); `None` while this process cannot tell (PostgreSQL's listener not connected, or
    /// the SQLite probe failing). What was checked in the database at one generation holds while the
    /// generation is the same. Take it before the database read it vouches for.
    pub fn change_generation(&self) -> Option<u64> {
        match &self.reads {
            ReadPool::Sqlite(reads) => {
                if reads.data_version_moved().ok()? {
                    self.changes.moved();
                }
                Some(self.changes.current())
            }
            ReadPool::Postgres(_) => self.changes.listening().then(|| self.changes.current()),
        }
    }

    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map(|_| ())
    }
}

/// A write transaction (`Db::begin_write`): its connection, and on SQLite this process's turn to write,
/// held until it commits, rolls back or is dropped.
pub struct WriteTransaction {
    transaction: sqlx::Transaction<'static, sqlx::Any>,
    _queued: Option<tokio::sync::OwnedMutexGuard<()>>,
    changes: Arc<changes::Changes>,
}

impl WriteTransaction {
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        self.transaction.commit().await?;
        // This process reads its own writes at once (ADR 0028): on PostgreSQL the notification of this commit
        // reaches the listener about a millisecond later, and a read in between (the next request of the
        // client that wrote, seeing a parent order a return was just added to) would trust a held body.
        self.changes.moved();
        Ok(())
    }

    pub async fn rollback(self) -> Result<(), sqlx::Error> {
        self.transaction.rollback().await
    }
}

impl Deref for WriteTransaction {
    type Target = sqlx::AnyConnection;

    fn deref(&self) -> &Self::Target {
        &self.transaction
    }
}

impl DerefMut for WriteTransaction {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.transaction
    }
}
