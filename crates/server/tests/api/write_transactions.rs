//! Transactions that read before they write (a count before an insert, a quantity before a capture) must
//! not fail when other writers commit in between. On SQLite a deferred `BEGIN` takes its read snapshot at
//! the first read and then cannot upgrade to a writer once another connection has written: SQLite answers
//! SQLITE_BUSY at once, without waiting, and the request would fail with a 500. `Db::begin_write` starts
//! with `BEGIN IMMEDIATE`, so writers queue for the lock instead. (PostgreSQL takes row locks as the
//! statements run; the flows lock a row first where they must serialize.)

use server::db;

use crate::helpers::{Backend, spawn_app};

/// Reads the largest number, lets the other writers run, then writes the next one (through `begin_write`).
async fn read_then_write(db: &db::Db) -> Result<(), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let largest: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(n), 0) FROM write_probe").fetch_one(&mut *tx).await?;
    tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    sqlx::query("INSERT INTO write_probe (n) VALUES ($1)").bind(largest + 1).execute(&mut *tx).await?;
    tx.commit().await
}

/// The writers ran one after another: no two read the same largest number.
async fn assert_one_after_another(db: &db::Db, writers: i64) {
    let numbers: Vec<i64> =
        sqlx::query_scalar("SELECT n FROM write_probe ORDER BY n").fetch_all(&db.pool).await.expect("read back");
    assert_eq!(numbers, (1..=writers).collect::<Vec<i64>>());
}

#[tokio::test]
async fn read_then_write_transactions_queue_instead_of_failing_on_sqlite() {
    let app = spawn_app(Backend::Sqlite).await;
    let db::Connected { db, .. } = db::connect(&app.database_url, 8).await.expect("connect to the app's database");
    sqlx::query("CREATE TABLE write_probe (n BIGINT NOT NULL)").execute(&db.pool).await.expect("probe table");

    // Two connections of the database, as two processes have: one process's writers also queue for their
    // turn in `Db` (its FIFO lock), so only writers of different `Db`s meet in SQLite itself.
    let db::Connected { db: other, .. } = db::connect(&app.database_url, 8).await.expect("connect again");
    let writers: Vec<_> = (0..24)
        .map(|n| {
            let db = if n % 2 == 0 { db.clone() } else { other.clone() };
            tokio::spawn(async move { read_then_write(&db).await })
        })
        .collect();
    for writer in writers {
        writer.await.expect("writer task").expect("a read-then-write transaction commits");
    }

    assert_one_after_another(&db, 24).await;
    db.pool.close().await;
    app.finish().await;
}

/// `Db::sqlite_write` (the order writer's path, ADR 0007) queues with `begin_write`'s writers, in this
/// process and in another, and takes the write lock at BEGIN: read-then-write transactions of both kinds,
/// on two `Db`s, still run one after another.
#[tokio::test]
async fn whole_transactions_on_the_write_connection_queue_with_the_other_writers() {
    let app = spawn_app(Backend::Sqlite).await;
    let db::Connected { db, .. } = db::connect(&app.database_url, 8).await.expect("connect to the app's database");
    let db::Connected { db: other, .. } = db::connect(&app.database_url, 8).await.expect("connect again");
    sqlx::query("CREATE TABLE write_probe (n BIGINT NOT NULL)").execute(&db.pool).await.expect("probe table");

    let writers: Vec<_> = (0..24)
        .map(|n| {
            let db = if n % 2 == 0 { db.clone() } else { other.clone() };
            tokio::spawn(async move {
                if n % 3 == 0 {
                    read_then_write(&db).await
                } else {
                    db.sqlite_write(|tx| {
                        let largest = tx.fetch_integer("SELECT COALESCE(MAX(n), 0) FROM write_probe", &[])?;
                        std::thread::sleep(std::time::Duration::from_millis(2));
                        tx.execute("INSERT INTO write_probe (n) VALUES ($1)", &[db::Value::Integer(largest + 1)])?;
                        Ok(())
                    })
                    .await
                }
            })
        })
        .collect();
    for writer in writers {
        writer.await.expect("writer task").expect("a read-then-write transaction commits");
    }
    assert_one_after_another(&db, 24).await;
    db.pool.close().await;
    other.pool.close().await;
    app.finish().await;
}

/// A transaction on the write connection that fails leaves nothing behind, and the connection is ready
/// for the next one (not left inside the failed transaction).
#[tokio::test]
async fn a_failed_transaction_on_the_write_connection_changes_nothing() {
    let app = spawn_app(Backend::Sqlite).await;
    let db::Connected { db, .. } = db::connect(&app.database_url, 8).await.expect("connect to the app's database");
    sqlx::query("CREATE TABLE write_probe (n BIGINT NOT NULL)").execute(&db.pool).await.expect("probe table");

    let failed = db
        .sqlite_write(|tx| {
            tx.execute("INSERT INTO write_probe (n) VALUES ($1)", &[db::Value::Integer(1)])?;
            tx.execute("INSERT INTO no_such_table (n) VALUES ($1)", &[db::Value::Integer(2)])?;
            Ok(())
        })
        .await;
    assert!(failed.is_err(), "the second statement fails");
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM write_probe").fetch_one(&db.pool).await.expect("count");
    assert_eq!(count, 0, "the first insert was rolled back with its transaction");

    db.sqlite_write(|tx| tx.execute("INSERT INTO write_probe (n) VALUES ($1)", &[db::Value::Integer(3)]).map(|_| ()))
        .await
        .expect("the next transaction commits");
    let numbers: Vec<i64> = sqlx::query_scalar("SELECT n FROM write_probe").fetch_all(&db.pool).await.expect("read");
    assert_eq!(numbers, vec![3]);
    db.pool.close().await;
    app.finish().await;
}
