//! The database: one pool over SQLite or PostgreSQL through `sqlx::Any`, so one set of SQL runs on both.
//!
//! Rules for the SQL in this crate: `$1..$n` placeholders, only TEXT and BIGINT values, no
//! auto-increment, no backend-specific functions. The few places that must differ ask `Backend`.

mod migrate;

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, ConnectOptions, Executor};

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
    /// Where the hot write paths (ops order upserts) take their transaction. On SQLite a pool of ONE
    /// connection: SQLite runs one writer at a time, and writers waiting in SQLite's busy handler sleep
    /// (1, 2, 5 ... 100 ms steps) instead of being woken when the lock frees, so 8 concurrent upserts
    /// on 8 connections spend most of their time asleep. Queued on one connection they wait in the pool
    /// and start the moment the previous commit ends. On PostgreSQL the same pool as `pool`.
    pub writer: AnyPool,
    pub backend: Backend,
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
    let pool = pool_options(backend, max_connections).connect_with(options.clone()).await?;
    let writer = match backend {
        Backend::Sqlite if path_of(&url) != ":memory:" => pool_options(backend, 1).connect_with(options).await?,
        // An in-memory database is one per connection: the writer must be the same pool.
        _ => pool.clone(),
    };
    Ok(Connected { db: Db { pool, writer, backend }, created })
}

fn path_of(url: &str) -> String {
    sqlite_path(url).unwrap_or_default()
}

fn pool_options(backend: Backend, max_connections: u32) -> AnyPoolOptions {
    AnyPoolOptions::new()
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
}

impl Db {
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map(|_| ())
    }
}
