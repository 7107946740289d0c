//! The database: one pool over SQLite or PostgreSQL through `sqlx::Any`, so one set of SQL runs on both,
//! and a second pool of the backend's own driver for the two hot reads (order detail, history page: see
//! `ReadPool` and docs/adr/0005-hot-reads-through-the-native-driver.md).
//!
//! Rules for the SQL in this crate: `$1..$n` placeholders, only TEXT and BIGINT values, no
//! auto-increment, no backend-specific functions. The few places that must differ ask `Backend`.

mod migrate;

use std::borrow::Cow;
use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::pool::PoolOptions;
use sqlx::postgres::{PgConnectOptions, PgPool, PgRow};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqliteRow, SqliteSynchronous};
use sqlx::{AnyPool, AssertSqlSafe, ConnectOptions, Executor};

pub use migrate::migrate;

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
    /// The same database through the backend's own driver, for the hot reads only.
    pub reads: ReadPool,
}

/// The pool the order detail and history page queries run on. Through `sqlx::Any` every value of every row
/// is converted to an `AnyRow` (on SQLite a second copy after the driver's own) and read back by column
/// name; through the backend's own driver the rows are decoded by column index straight into the record.
/// The SQL is the same text on both backends; only the row type differs (see `orders::row::Columns`).
#[derive(Clone)]
pub enum ReadPool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
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

pub async fn connect(url: &str, max_connections: u32) -> Result<Connected, sqlx::Error> {
    sqlx::any::install_default_drivers();
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
                }
                Ok(())
            })
        })
        .connect_with(options)
        .await?;
    let reads = read_pool(backend, &url, max_connections)?;
    Ok(Connected { db: Db { pool, backend, reads }, created })
}

/// The native read pool, connected lazily (after the `Any` pool has created and migrated the database).
/// On SQLite at most one connection per core (and never more than `max_connections`): a read there is
/// CPU work in this process, so more connections add memory, not throughput, and each holds about
/// 2.4 MiB (its page cache and its worker thread; bench/rss.py). On PostgreSQL a read is mostly a round
/// trip, so it keeps `max_connections` in flight (capped like SQLite it lost in the A/B pairs).
fn read_pool(backend: Backend, url: &str, max_connections: u32) -> Result<ReadPool, sqlx::Error> {
    fn options<DB: sqlx::Database>(max_connections: u32) -> PoolOptions<DB> {
        PoolOptions::new()
            .max_connections(max_connections)
            .min_connections(0)
            .acquire_timeout(Duration::from_secs(10))
            // Idle read connections close: between bursts they hold only memory (SQLite's page cache).
            .idle_timeout(Duration::from_secs(60))
    }
    Ok(match backend {
        Backend::Sqlite => {
            let options_sqlite = SqliteConnectOptions::from_str(url)?
                .create_if_missing(false)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true)
                .disable_statement_logging();
            let cores = std::thread::available_parallelism().map_or(1, |n| u32::try_from(n.get()).unwrap_or(u32::MAX));
            ReadPool::Sqlite(options(max_connections.min(cores).max(1)).connect_lazy_with(options_sqlite))
        }
        Backend::Postgres => {
            let options_pg = PgConnectOptions::from_str(url)?.disable_statement_logging();
            ReadPool::Postgres(options(max_connections).connect_lazy_with(options_pg))
        }
    })
}

impl Db {
    /// A transaction that will write. On SQLite it starts with `BEGIN IMMEDIATE`, taking the write lock at
    /// once (waiting up to `busy_timeout` for it): a plain deferred `BEGIN` that reads first and writes later
    /// fails with SQLITE_BUSY, without waiting, when another connection wrote in between, because its read
    /// snapshot is stale. PostgreSQL takes row locks as it goes and needs nothing special.
    pub async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.pool.begin().await,
        }
    }

    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map(|_| ())
    }
}

/// A value bound to a read-pool query (the hot reads bind only these).
#[derive(Debug, Clone, Copy)]
pub enum Param<'a> {
    Text(&'a str),
    Integer(i64),
}

/// Runs a statement on the native SQLite read pool.
pub async fn fetch_sqlite(
    pool: &SqlitePool,
    sql: Cow<'static, str>,
    params: &[Param<'_>],
) -> Result<Vec<SqliteRow>, sqlx::Error> {
    let mut query = sqlx::query(AssertSqlSafe(sql));
    for param in params {
        query = match *param {
            Param::Text(text) => query.bind(text),
            Param::Integer(number) => query.bind(number),
        };
    }
    query.fetch_all(pool).await
}

/// Runs a statement on the native PostgreSQL read pool.
pub async fn fetch_postgres(
    pool: &PgPool,
    sql: Cow<'static, str>,
    params: &[Param<'_>],
) -> Result<Vec<PgRow>, sqlx::Error> {
    let mut query = sqlx::query(AssertSqlSafe(sql));
    for param in params {
        query = match *param {
            Param::Text(text) => query.bind(text),
            Param::Integer(number) => query.bind(number),
        };
    }
    query.fetch_all(pool).await
}
