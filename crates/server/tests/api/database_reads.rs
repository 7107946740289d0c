//! The PostgreSQL hot-read connections (ADR 0009): shared, pipelined, opened again after a break.

use reqwest::StatusCode;
use sqlx::Connection;

use crate::helpers::{Backend, order, postgres_admin_url, spawn_app};

/// PostgreSQL ends every connection of the app's database (as a restart or a failover does). A read that
/// meets the break opens its connection again and runs once more, so the reads in flight and those right
/// after are all answered (ADR 0009).
#[tokio::test]
async fn reads_open_their_connections_again_after_postgres_ends_them() {
    let Some(admin_url) = postgres_admin_url() else {
        eprintln!("PostgreSQL not configured (ORDERS_TEST_POSTGRES_URL): this backend did not run");
        return;
    };
    let app = spawn_app(Backend::Postgres).await;
    let (upm_id, token) = app.member("reconnect@example.com").await;
    app.put_order(&order("C4900001", Some(&upm_id), "2026-11-01T10:00:00Z")).await;
    let path = "/orders/history/v1/C4900001";
    // Every read connection in use (four, round robin), and the order cached nowhere that matters: the
    // access check is a database read on every request.
    for _ in 0..8 {
        assert_eq!(app.get(path, Some(&token)).await.status(), StatusCode::OK);
    }
    // Reads keep coming while the connections end: a read that meets the break runs again on a new
    // connection, so every one is answered.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let client = reqwest::Client::new();
    let readers: Vec<_> = (0..8)
        .map(|_| {
            let (stop, client, url, token) = (stop.clone(), client.clone(), app.url(path), token.clone());
            tokio::spawn(async move {
                let mut statuses = Vec::new();
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    if let Ok(response) = client.get(&url).bearer_auth(&token).send().await {
                        statuses.push(response.status());
                    }
                }
                statuses
            })
        })
        .collect();
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let name = app.database_url.rsplit('/').next().unwrap_or_default().to_owned();
    let mut admin = sqlx::AnyConnection::connect(&admin_url).await.expect("connect to PostgreSQL");
    let ended: Vec<(bool,)> = sqlx::query_as(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
    )
    .bind(&name)
    .fetch_all(&mut admin)
    .await
    .expect("end the app's connections");
    assert!(!ended.is_empty(), "the app had connections to end");
    for _ in 0..100 {
        let left: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = $1")
            .bind(&name)
            .fetch_one(&mut admin)
            .await
            .expect("count connections");
        if left.0 == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for reader in readers {
        let statuses = reader.await.expect("reader");
        assert!(!statuses.is_empty(), "reads were made during the break");
        assert!(
            statuses.iter().all(|status| *status == StatusCode::OK),
            "reads during the break answer 200: {statuses:?}"
        );
    }
    // At once, before each connection's task may have read the server's goodbye: a read that finds its
    // connection broken opens another and runs again, so none of these answers 503.
    for attempt in 0..8 {
        let response = app.get(path, Some(&token)).await;
        assert_eq!(response.status(), StatusCode::OK, "read {attempt} after the break");
    }
    admin.close().await.ok();
    app.finish().await;
}

/// `read_cache_kib` in a SQLite URL sizes the page cache of each hot-read connection (docs/deploy.md): the
/// statement below runs on the very connection the order detail and history pages read through.
#[tokio::test]
async fn sqlite_read_connections_take_the_page_cache_the_url_names() {
    async fn cache_size(url: &str) -> i64 {
        let connected = server::db::connect(url, 1).await.expect("connect");
        let mut size = None;
        connected
            .db
            .read("PRAGMA cache_size", &[], |row| {
                size = Some(row.integer(0)?);
                Ok(())
            })
            .await
            .expect("read through the hot-read connection");
        connected.db.pool.close().await;
        size.expect("a row")
    }
    let folder = std::env::temp_dir().join(format!("orders-read-cache-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a folder");
    let file = folder.join("orders.db").display().to_string();
    // SQLite's default: 2,000 KiB, written as a negative size in KiB.
    assert_eq!(cache_size(&file).await, -2000);
    assert_eq!(cache_size(&format!("{file}?read_cache_kib=16384")).await, -16384);
    // Not a positive number: the default again, as for `max_page_count`.
    assert_eq!(cache_size(&format!("{file}?read_cache_kib=none")).await, -2000);
    std::fs::remove_dir_all(&folder).ok();
}
