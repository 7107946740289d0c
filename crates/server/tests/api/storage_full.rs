//! Issue 33: a full disk. SQLite capped by `max_page_count` (the operator's size limit, and the way a test
//! fills a database without a small file system): writes answer 503 `storage-full` with Retry-After and
//! change nothing, reads go on, the file stays sound, and writes succeed again once there is room.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{Backend, Options, TestApp, order, spawn_app_on, spawn_app_with};
use crate::own_postgres::{OwnPostgres, SmallDisk};

/// A write that was refused: its order number, status, body and Retry-After.
type Refused = (String, StatusCode, serde_json::Value, Option<String>);

/// Ops writes of new orders (each about 1 KB of titles) until one is not a success, at most `limit`.
async fn write_until_refused(app: &TestApp, prefix: &str, limit: usize) -> (Vec<String>, Option<Refused>) {
    let mut written = Vec::new();
    for n in 0..limit {
        let number = format!("{prefix}{n:07}");
        let mut body = order(&number, None, "2026-11-01T10:00:00Z");
        body["lines"][0]["title"] = json!("Stride Runner 4 ".repeat(15));
        let response = app
            .client
            .post(app.url("/ops/v1/orders"))
            .header("x-ops-key", crate::helpers::OPS_KEY)
            .json(&body)
            .send()
            .await
            .expect("request");
        let status = response.status();
        if status.is_success() {
            written.push(number);
            continue;
        }
        let retry_after = response.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_owned);
        let answer: serde_json::Value = response.json().await.expect("json");
        return (written, Some((number, status, answer, retry_after)));
    }
    (written, None)
}

async fn integrity(app: &TestApp) -> String {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let answer: String =
        sqlx::query_scalar("PRAGMA integrity_check").fetch_one(&connected.db.pool).await.expect("integrity_check");
    connected.db.pool.close().await;
    answer
}

fn guest(number: &str) -> String {
    format!("/orders/history/v1/{number}?filter=email(guest.shopper@example.com)")
}

/// The refusal is 503 `storage-full` with Retry-After, and an order written before still reads. Returns the
/// refused order's number.
async fn assert_refused_and_reads_go_on(app: &TestApp, written: &[String], refused: Option<Refused>) -> String {
    let (refused_number, status, answer, retry_after) = refused.expect("the database filled up");
    assert_eq!((status, &answer["code"]), (StatusCode::SERVICE_UNAVAILABLE, &json!("storage-full")), "{answer}");
    assert_eq!(retry_after.as_deref(), Some("60"));
    let first = written.first().expect("an order written before the disk filled");
    assert_eq!(app.get_json(&guest(first), None).await.0, StatusCode::OK, "reads go on");
    refused_number
}

async fn assert_nothing_of(app: &TestApp, refused_number: &str) {
    assert_eq!(
        app.get_json(&guest(refused_number), None).await.0,
        StatusCode::NOT_FOUND,
        "nothing of the refused order"
    );
}

#[tokio::test]
async fn a_full_database_answers_503_storage_full_and_reads_go_on() {
    fn capped(settings: &mut server::config::Settings) {
        settings.database_url.push_str("?max_page_count=420");
    }
    let app = spawn_app_with(Backend::Sqlite, Options { configure: Some(capped), ..Options::default() }).await;
    let (written, refused) = write_until_refused(&app, "F", 5_000).await;
    assert!(written.len() > 5, "some orders fit before the cap: {}", written.len());
    let refused_number = assert_refused_and_reads_go_on(&app, &written, refused).await;
    assert_nothing_of(&app, &refused_number).await;
    assert_eq!(integrity(&app).await, "ok");

    // Room again (an operator raised the limit or freed disk: here a process without the cap on the same
    // file): the same write succeeds, and the capped process still reads it.
    let roomy = crate::helpers::spawn_app_beside(&app).await;
    let body = order(&refused_number, None, "2026-11-01T10:00:00Z");
    assert!(roomy.put_order(&body).await.is_success());
    assert_eq!(app.get_json(&guest(&refused_number), None).await.0, StatusCode::OK);
    roomy.finish().await;
    app.finish().await;
}

/// PostgreSQL whose data disk fills up while its write-ahead log has room (a data volume of its own, the
/// usual layout where a disk fills): the orders database lives in a tablespace on a small tmpfs, and a file
/// takes what is left of it. Writes that need a new page answer 503 `storage-full` (PostgreSQL's 53100) and
/// change nothing, reads go on, and once the file is removed the refused write succeeds, without a restart.
/// (A full write-ahead log is another fault: PostgreSQL stops, and the app answers 503 `unavailable` until it
/// is back; docs/operations.md.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_with_a_full_data_disk_answers_503_storage_full_and_reads_go_on() {
    let required = std::env::var("ORDERS_TEST_REQUIRE_POSTGRES").is_ok();
    // Declared before the PostgreSQL that uses it, so that it is unmounted after that one has stopped.
    let disk = match SmallDisk::mount(48) {
        Ok(disk) => disk,
        Err(reason) => {
            eprintln!("no small file system for the test ({reason}): this test did not run");
            return;
        }
    };
    let own = match tokio::task::spawn_blocking(OwnPostgres::start).await.expect("start task") {
        Ok(own) => own,
        Err(reason) => {
            assert!(
                !required,
                "ORDERS_TEST_REQUIRE_POSTGRES is set but a PostgreSQL of the test's own cannot start: {reason}"
            );
            eprintln!("no PostgreSQL of the test's own ({reason}): this test did not run");
            return;
        }
    };
    let space = disk.path.join("tablespace");
    std::fs::create_dir_all(&space).expect("tablespace folder");
    own.run("chown", &["postgres:postgres", &space.display().to_string()], false).expect("chown");
    own.sql(&format!("CREATE TABLESPACE small LOCATION '{}'", space.display())).expect("tablespace");
    own.sql("CREATE DATABASE orders TABLESPACE small").expect("database");
    let app = spawn_app_on(&own.url_of("orders"), Options::default()).await;
    let (before, _) = write_until_refused(&app, "P", 20).await;
    assert_eq!(before.len(), 20, "the disk has room at first");

    let filled = disk.fill();
    assert!(filled > 0, "the filler took what was left");
    let (after, refused) = write_until_refused(&app, "Q", 5_000).await;
    let written: Vec<String> = before.into_iter().chain(after).collect();
    let refused_number = assert_refused_and_reads_go_on(&app, &written, refused).await;
    // A guest lookup that finds nothing must count its failure (the guessing limit, `rate_limit`): on a full
    // disk it cannot, and it is refused (503 storage-full) rather than let through uncounted.
    let (status, answer) = app.get_json(&guest(&refused_number), None).await;
    assert_eq!((status, &answer["code"]), (StatusCode::SERVICE_UNAVAILABLE, &json!("storage-full")), "{answer}");

    // Room again: nothing of the refused order was written, and the same write now succeeds, without
    // restarting either process.
    disk.free();
    assert_nothing_of(&app, &refused_number).await;
    let body = order(&refused_number, None, "2026-11-01T10:00:00Z");
    assert!(app.put_order(&body).await.is_success());
    assert_eq!(app.get_json(&guest(&refused_number), None).await.0, StatusCode::OK);
    app.finish().await;
    drop(own);
    drop(disk);
}
