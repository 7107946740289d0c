//! Issue 33: a full disk. SQLite capped by `max_page_count` (the operator's size limit, and the way a test
//! fills a database without a small file system): writes answer 503 `storage-full` with Retry-After and
//! change nothing, reads go on, the file stays sound, and writes succeed again once there is room.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{Backend, Options, TestApp, order, spawn_app_with};

async fn integrity(app: &TestApp) -> String {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let answer: String =
        sqlx::query_scalar("PRAGMA integrity_check").fetch_one(&connected.db.pool).await.expect("integrity_check");
    connected.db.pool.close().await;
    answer
}

#[tokio::test]
async fn a_full_database_answers_503_storage_full_and_reads_go_on() {
    fn capped(settings: &mut server::config::Settings) {
        settings.database_url.push_str("?max_page_count=420");
    }
    let app = spawn_app_with(Backend::Sqlite, Options { configure: Some(capped), ..Options::default() }).await;
    let mut written = Vec::new();
    let mut refused = None;
    for n in 0..5_000 {
        let number = format!("F{n:07}");
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
        refused = Some((number, status, answer, retry_after));
        break;
    }
    let (refused_number, status, answer, retry_after) = refused.expect("the database filled up");
    assert!(written.len() > 5, "some orders fit before the cap: {} ({status} {answer})", written.len());
    assert_eq!((status, &answer["code"]), (StatusCode::SERVICE_UNAVAILABLE, &json!("storage-full")), "{answer}");
    assert_eq!(retry_after.as_deref(), Some("60"));

    // Reads go on; the refused order was not half-written; the file is sound.
    let first = &written[0];
    let (status, _) =
        app.get_json(&format!("/orders/history/v1/{first}?filter=email(guest.shopper@example.com)"), None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app
        .get_json(&format!("/orders/history/v1/{refused_number}?filter=email(guest.shopper@example.com)"), None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "nothing of the refused order");
    assert_eq!(integrity(&app).await, "ok");

    // Room again (an operator raised the limit or freed disk: here a process without the cap on the same
    // file): the same write succeeds, and the capped process still reads it.
    let roomy = crate::helpers::spawn_app_beside(&app).await;
    let body = order(&refused_number, None, "2026-11-01T10:00:00Z");
    assert!(roomy.put_order(&body).await.is_success());
    let (status, _) = app
        .get_json(&format!("/orders/history/v1/{refused_number}?filter=email(guest.shopper@example.com)"), None)
        .await;
    assert_eq!(status, StatusCode::OK);
    roomy.finish().await;
    app.finish().await;
}
