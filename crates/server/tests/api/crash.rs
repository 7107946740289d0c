//! `kill -9` during a burst of asynchronous writes (issue 10, "The durable job queue"): the `orders`
//! binary is started as a real process, killed with SIGKILL while requests and jobs are in flight, and
//! started again on the same database. Every request that was answered 202 ends COMPLETED, and every
//! effect exists once. Areas with jobs add a burst here (`Burst`).

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::Row;

use crate::helpers::{Backend, OPS_KEY, Options, TOKEN_KEY, TestApp, order, postgres_admin_url, spawn_app_with};

/// A real `orders` process on `database_url`.
struct Process {
    child: Child,
    base: String,
}

impl Process {
    async fn start(database_url: &str) -> Process {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(env!("CARGO_BIN_EXE_orders"))
            .args(["--database-url", database_url, "--addr", &format!("127.0.0.1:{port}"), "--job-workers", "2"])
            .args(["--guest-lookups-per-client", "100000", "--guest-lookups-per-order", "100000"])
            .env("ORDERS_OPS_KEY", OPS_KEY)
            .env("ORDERS_TOKEN_KEY", TOKEN_KEY)
            .env("ORDERS_NO_DEMO_DATA", "true")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the orders binary");
        let base = format!("http://127.0.0.1:{port}");
        let client = reqwest::Client::new();
        for _ in 0..200 {
            if client.get(format!("{base}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
                return Process { child, base };
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let mut child = child;
        let _ = child.kill();
        let _ = child.wait();
        panic!("the orders binary did not start");
    }

    fn kill_9(&mut self) {
        // SIGKILL: no shutdown, no lease handed back.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill_9();
    }
}

async fn e_invoice_burst_survives_kill_9(backend: Backend) {
    let app: TestApp = spawn_app_with(backend, Options { job_workers: 0, ..Options::default() }).await;
    const ORDERS: usize = 80;
    for n in 0..ORDERS {
        let mut body = order(&format!("C9900{n:04}"), None, "2026-11-01T10:00:00Z");
        body["country"] = json!("CN");
        body["currency"] = json!("CNY");
        body["email"] = json!("crash.guest@example.com");
        body["lines"][0]["status"] = json!("Delivered");
        app.put_order(&body).await;
    }

    let mut first = Process::start(&app.database_url).await;
    let client = reqwest::Client::new();
    let answered = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let requests = (0..ORDERS).map(|n| {
        let client = client.clone();
        let answered = answered.clone();
        let url = format!("{}/orders/einvoice/v1/C9900{n:04}?filter=email(crash.guest@example.com)", first.base);
        async move {
            let answer = client.post(url).json(&json!({"titleType": "PERSONAL", "title": "张三"})).send().await;
            answered.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            answer.map(|response| response.status()).ok()
        }
    });
    let burst = futures_util::future::join_all(requests);
    // Kill while the burst is in flight: some requests answered, some jobs claimed, some not started.
    let (statuses, ()) = tokio::join!(burst, async {
        for _ in 0..500 {
            if answered.load(std::sync::atomic::Ordering::SeqCst) >= ORDERS / 4 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        first.kill_9();
    });
    let accepted = statuses.iter().filter(|status| **status == Some(StatusCode::ACCEPTED)).count();

    assert!(accepted > 0, "requests were answered before the kill: {statuses:?}");
    let second = Process::start(&app.database_url).await;
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let database = &connected.db.pool;
    let mut settled = false;
    for _ in 0..400 {
        let open: i64 = sqlx::query("SELECT COUNT(*) AS n FROM jobs WHERE status IN ('PENDING', 'IN_PROGRESS')")
            .fetch_one(database)
            .await
            .expect("count")
            .try_get("n")
            .expect("n");
        if open == 0 {
            settled = true;
            break;
        }
        // A claim held by the killed process is taken again when its lease ends (30 s): move on faster
        // by ending those leases now, as time would.
        sqlx::query("UPDATE jobs SET lease_until = 0 WHERE status = 'IN_PROGRESS'")
            .execute(database)
            .await
            .expect("end leases");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(settled, "every job ended after the restart");
    let rows = sqlx::query("SELECT status, invoice_number FROM einvoices").fetch_all(database).await.expect("rows");
    assert!(rows.len() >= accepted, "every request answered 202 has its effect ({} < {accepted})", rows.len());
    let numbers: std::collections::HashSet<String> =
        rows.iter().filter_map(|row| row.try_get::<Option<String>, _>("invoice_number").ok().flatten()).collect();
    assert!(rows.iter().all(|row| row.try_get::<String, _>("status").ok().as_deref() == Some("ISSUED")));
    assert_eq!(numbers.len(), rows.len(), "one invoice per request, none twice");
    let jobs: i64 =
        sqlx::query("SELECT COUNT(*) AS n FROM jobs WHERE kind = 'einvoice.issue' AND status = 'COMPLETED'")
            .fetch_one(database)
            .await
            .expect("jobs")
            .try_get("n")
            .expect("n");
    assert_eq!(usize::try_from(jobs).ok(), Some(rows.len()), "one job per request, each COMPLETED");
    // The restarted process answers the guest like the first one would have.
    let state: Value = client
        .get(format!("{}/orders/einvoice/v1/C99000000?filter=email(crash.guest@example.com)", second.base))
        .send()
        .await
        .expect("get")
        .json()
        .await
        .expect("json");
    assert!(state["status"] == "ISSUED" || state["status"] == "NONE", "{state}");
    drop(second);
    database.close().await;
    app.finish().await;
}

#[tokio::test]
async fn kill_9_during_a_burst_loses_and_duplicates_nothing_sqlite() {
    e_invoice_burst_survives_kill_9(Backend::Sqlite).await;
}

#[tokio::test]
async fn kill_9_during_a_burst_loses_and_duplicates_nothing_postgres() {
    if postgres_admin_url().is_none() {
        eprintln!("PostgreSQL not configured (ORDERS_TEST_POSTGRES_URL): this backend did not run");
        return;
    }
    e_invoice_burst_survives_kill_9(Backend::Postgres).await;
}
