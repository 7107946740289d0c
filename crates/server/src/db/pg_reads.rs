//! The PostgreSQL hot reads through `tokio-postgres` (docs/adr/0009-postgres-hot-reads-pipelined.md).
//!
//! A few connections, each shared by every request at once: `tokio-postgres` pipelines the statements of
//! concurrent requests on one connection, so no request waits to check a connection out, and a busy
//! PostgreSQL backend finds the next statement already in its socket instead of sleeping and being woken
//! for each one. Each connection prepares a statement once and keeps it. A read that finds its connection
//! broken (the server restarted, a failover, the network failed) opens it again and runs once more, since
//! a read is safe to repeat; only when that fails too does it answer "unavailable" like an exhausted pool.

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::Duration;

use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, NoTls, Row, Statement};

use super::reads::{Columns, Param};

/// Connections kept: on the two cores this runs on, two to four pipelined connections keep PostgreSQL
/// busy; more only add backends that take turns on the same cores.
const CONNECTIONS: usize = 4;
/// Statements kept prepared per connection. The hot reads are about ten texts; filtered history pages
/// and year probes vary. Past this the connection's statements are all dropped and prepared again.
const STATEMENTS: usize = 64;
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Clone)]
pub struct PgReads {
    inner: Arc<Inner>,
}

struct Inner {
    config: tokio_postgres::Config,
    slots: Box<[Slot]>,
    next: AtomicUsize,
}

#[derive(Default)]
struct Slot {
    open: RwLock<Option<Arc<Connection>>>,
    /// Held while this slot's connection is being opened, so concurrent reads open one, not many.
    opening: tokio::sync::Mutex<()>,
}

struct Connection {
    client: Client,
    statements: Mutex<HashMap<Box<str>, Statement>>,
}

fn unavailable(error: impl std::error::Error + Send + Sync + 'static) -> sqlx::Error {
    sqlx::Error::Io(std::io::Error::other(error))
}

/// A broken connection is "unavailable" (503), and so is what PostgreSQL answers a statement in flight when
/// the connection is ending or the server cannot take it: SQLSTATE classes 08 (connection exception), 53
/// (insufficient resources, e.g. too many connections) and 57 (operator intervention: a shutdown, a
/// terminated backend, a cancelled statement). Anything else (a bad statement, a value of another type)
/// is a failed query (500).
fn from_postgres(error: tokio_postgres::Error) -> sqlx::Error {
    if is_transient(&error) { unavailable(error) } else { sqlx::Error::Decode(Box::new(error)) }
}

fn is_transient(error: &tokio_postgres::Error) -> bool {
    error.is_closed() || error.code().is_some_and(|state| matches!(state.code().get(..2), Some("08" | "53" | "57")))
}

/// Whether the connection itself is gone (closed, SQLSTATE class 08, or 57P01-57P03: an ended backend, a
/// crash or a shutdown). Not a cancelled statement (57014): running that again would only double its load.
fn is_broken(error: &tokio_postgres::Error) -> bool {
    error.is_closed()
        || error.code().is_some_and(|state| state.code().starts_with("08") || state.code().starts_with("57P"))
}

impl PgReads {
    /// Parses the URL now; connects on first use (the main pool creates and migrates the database first).
    pub fn new(url: &str, max_connections: u32) -> Result<Self, sqlx::Error> {
        let mut config =
            tokio_postgres::Config::from_str(url).map_err(|error| sqlx::Error::Configuration(error.into()))?;
        config.connect_timeout(CONNECT_TIMEOUT);
        let count = CONNECTIONS.min(usize::try_from(max_connections).unwrap_or(1)).max(1);
        let slots = (0..count).map(|_| Slot::default()).collect();
        Ok(Self { inner: Arc::new(Inner { config, slots, next: AtomicUsize::new(0) }) })
    }

    /// The read connections open now (for `/metrics`).
    pub fn open_connections(&self) -> usize {
        let open = |slot: &Slot| {
            slot.open.read().unwrap_or_else(PoisonError::into_inner).as_ref().is_some_and(|c| !c.client.is_closed())
        };
        self.inner.slots.iter().filter(|slot| open(slot)).count()
    }

    /// Slot `index`'s connection, opened when it has none or its connection is closed.
    async fn connection(&self, index: usize) -> Result<Arc<Connection>, sqlx::Error> {
        let slot = &self.inner.slots[index];
        let current = || {
            let open = slot.open.read().unwrap_or_else(PoisonError::into_inner);
            open.as_ref().filter(|connection| !connection.client.is_closed()).map(Arc::clone)
        };
        if let Some(connection) = current() {
            return Ok(connection);
        }
        let _opening = slot.opening.lock().await;
        if let Some(connection) = current() {
            return Ok(connection);
        }
        let (client, driver) = self.inner.config.connect(NoTls).await.map_err(unavailable)?;
        // The connection's socket is read and written by this task; it ends when the client is dropped
        // or the connection breaks (then `is_closed` tells the next read to open another).
        tokio::spawn(async move {
            if let Err(error) = driver.await {
                tracing::warn!(%error, "a PostgreSQL read connection closed");
            }
        });
        let connection = Arc::new(Connection { client, statements: Mutex::default() });
        *slot.open.write().unwrap_or_else(PoisonError::into_inner) = Some(Arc::clone(&connection));
        Ok(connection)
    }

    /// Runs `sql` with `params` and hands each row to `each`.
    pub async fn run(
        &self,
        sql: &str,
        params: &[Param<'_>],
        each: &mut (dyn FnMut(&dyn Columns) -> Result<(), sqlx::Error> + Send),
    ) -> Result<(), sqlx::Error> {
        let index = self.inner.next.fetch_add(1, Ordering::Relaxed) % self.inner.slots.len();
        let connection = self.connection(index).await?;
        let rows = match connection.query(sql, params).await {
            Err(error) if is_broken(&error) => {
                // The connection broke under this read: a read is safe to repeat, so it runs once more on
                // a new connection (the rows are only handed on once all have arrived).
                self.forget(index, &connection);
                self.connection(index).await?.query(sql, params).await.map_err(from_postgres)?
            }
            result => result.map_err(from_postgres)?,
        };
        for row in rows {
            each(&row)?;
        }
        Ok(())
    }

    /// Drops slot `index`'s connection if it is still `broken`, so the next read there opens another
    /// (the connection's task may not have seen the break yet, so `is_closed` can still be false).
    fn forget(&self, index: usize, broken: &Arc<Connection>) {
        let mut open = self.inner.slots[index].open.write().unwrap_or_else(PoisonError::into_inner);
        if open.as_ref().is_some_and(|current| Arc::ptr_eq(current, broken)) {
            *open = None;
        }
    }
}

impl Connection {
    async fn query(&self, sql: &str, params: &[Param<'_>]) -> Result<Vec<Row>, tokio_postgres::Error> {
        let statement = self.statement(sql).await?;
        let values: Vec<&(dyn ToSql + Sync)> = params
            .iter()
            .map(|param| match param {
                Param::Text(text) => text as &(dyn ToSql + Sync),
                Param::Integer(number) => number as &(dyn ToSql + Sync),
            })
            .collect();
        self.client.query(&statement, &values).await
    }

    async fn statement(&self, sql: &str) -> Result<Statement, tokio_postgres::Error> {
        let known = self.statements.lock().unwrap_or_else(PoisonError::into_inner).get(sql).cloned();
        if let Some(statement) = known {
            return Ok(statement);
        }
        let statement = self.client.prepare(sql).await?;
        let mut statements = self.statements.lock().unwrap_or_else(PoisonError::into_inner);
        if statements.len() >= STATEMENTS {
            statements.clear();
        }
        statements.insert(sql.into(), statement.clone());
        Ok(statement)
    }
}

/// A TEXT value's bytes as PostgreSQL sent them (in the database's encoding, UTF-8 here), without the
/// UTF-8 check `&str` makes (`Columns::optional_stored_text`).
struct StoredText<'a>(&'a [u8]);

impl<'a> tokio_postgres::types::FromSql<'a> for StoredText<'a> {
    fn from_sql(
        _: &tokio_postgres::types::Type,
        raw: &'a [u8],
    ) -> Result<Self, Box<dyn std::error::Error + Sync + Send>> {
        Ok(Self(raw))
    }

    fn accepts(ty: &tokio_postgres::types::Type) -> bool {
        *ty == tokio_postgres::types::Type::TEXT
    }
}

fn decode(error: tokio_postgres::Error) -> sqlx::Error {
    sqlx::Error::Decode(Box::new(error))
}

impl Columns for Row {
    fn text(&self, index: usize) -> Result<String, sqlx::Error> {
        self.try_get(index).map_err(decode)
    }
    fn optional_text(&self, index: usize) -> Result<Option<String>, sqlx::Error> {
        self.try_get(index).map_err(decode)
    }
    fn borrowed_text(&self, index: usize) -> Result<&str, sqlx::Error> {
        self.try_get(index).map_err(decode)
    }
    fn optional_stored_text(&self, index: usize) -> Result<Option<&[u8]>, sqlx::Error> {
        self.try_get::<_, Option<StoredText<'_>>>(index).map(|text| text.map(|text| text.0)).map_err(decode)
    }
    fn integer(&self, index: usize) -> Result<i64, sqlx::Error> {
        self.try_get(index).map_err(decode)
    }
    fn optional_integer(&self, index: usize) -> Result<Option<i64>, sqlx::Error> {
        self.try_get(index).map_err(decode)
    }
}
