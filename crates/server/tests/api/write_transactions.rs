//! Transactions that read before they write (a count before an insert, a quantity before a capture) must
//! not fail when other writers commit in between. On SQLite a deferred `BEGIN` takes its read snapshot at
//! the first read and then cannot upgrade to a writer once another connection has written: SQLite answers
//! SQLITE_BUSY at once, without waiting, and the request would fail with a 500. `Db::begin_write` starts
//! with `BEGIN IMMEDIATE`, so writers queue for the lock instead. (PostgreSQL takes row locks as the
//! statements run; the flows lock a row first where they must serialize.)

use server::db;

use crate::helpers::{Backend, spawn_app};

#[tokio::test]
async fn read_then_write_transactions_queue_instead_of_failing_on_sqlite() {
    let app = spawn_app(Backend::Sqlite).await;
    let db::Connected { db, .. } = db::connect(&app.database_url, 8).await.expect("connect to the app's database");
    sqlx::query("CREATE TABLE write_probe (n BIGINT NOT NULL)").execute(&db.pool).await.expect("probe table");

    // Each writer reads the largest number, lets the others run, then writes the next one.
    // Two connections of the database, as two processes have: one process's writers also queue for their
    // turn in `Db` (its FIFO lock), so only writers of different `Db`s meet in SQLite itself.
    let db::Connected { db: other, .. } = db::connect(&app.database_url, 8).await.expect("connect again");
    let writers: Vec<_> = (0..24)
        .map(|n| {
            let db = if n % 2 == 0 { db.clone() } else { other.clone() };
            tokio::spawn(async move {
                let mut tx = db.begin_write().await?;
                let largest: i64 =
                    sqlx::query_scalar("SELECT COALESCE(MAX(n), 0) FROM write_probe").fetch_one(&mut *tx).await?;
                tokio::time::sleep(std::time::Duration::from_millis(2)).await;
                sqlx::query("INSERT INTO write_probe (n) VALUES ($1)").bind(largest + 1).execute(&mut *tx).await?;
                tx.commit().await
            })
        })
        .collect();
    for writer in writers {
        writer.await.expect("writer task").expect("a read-then-write transaction commits");
    }

    // And they ran one after another: no two read the same largest number.
    let numbers: Vec<i64> =
        sqlx::query_scalar("SELECT n FROM write_probe ORDER BY n").fetch_all(&db.pool).await.expect("read back");
    assert_eq!(numbers, (1..=24).collect::<Vec<i64>>());
    db.pool.close().await;
    app.finish().await;
}
