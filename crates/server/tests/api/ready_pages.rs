//! Ready history pages (ADR 0013): a history page answered from its stored rendering is, byte for byte,
//! the page rendered from the records; any write to any of the member's orders (a new one, a changed one
//! that is not on the page, one moved to another member) is never answered from an old page; each
//! list, time zone and page is stored apart; a member only ever gets their own pages.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, order, spawn_app_beside};
use crate::on_both_backends;

async fn page(app: &TestApp, token: &str, query: &str) -> String {
    let response = app.get(&format!("/orders/history/v1{query}"), Some(token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.text().await.expect("body")
}

async fn scalar(app: &TestApp, statement: &str) -> i64 {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let value: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(statement.to_owned()))
        .fetch_one(&connected.db.pool)
        .await
        .expect("query");
    connected.db.pool.close().await;
    value
}

async fn execute(app: &TestApp, statement: &str) {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    sqlx::query(sqlx::AssertSqlSafe(statement.to_owned())).execute(&connected.db.pool).await.expect("statement");
    connected.db.pool.close().await;
}

async fn stored_pages(app: &TestApp, upm_id: &str) -> i64 {
    scalar(app, &format!("SELECT COUNT(*) FROM ready_pages WHERE upm_id = '{upm_id}'")).await
}

/// Waits for the pages the answers stored behind them (a task writes them in batches) to number
/// `expected`.
async fn wait_stored(app: &TestApp, upm_id: &str, expected: i64) -> i64 {
    for _ in 0..100 {
        let found = stored_pages(app, upm_id).await;
        if found == expected {
            return found;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    stored_pages(app, upm_id).await
}

async fn member_version(app: &TestApp, upm_id: &str) -> i64 {
    scalar(app, &format!("SELECT COALESCE(MAX(version), 0) FROM member_versions WHERE upm_id = '{upm_id}'")).await
}

async fn ready_pages_answer_what_rendering_answers(app: &TestApp) {
    let (upm_id, token) = app.member("ready.pages@example.com").await;
    let (other_id, other_token) = app.member("ready.pages.other@example.com").await;
    // Twelve orders over two years (two pages of ten), one with a return order.
    for day in 1..=12 {
        let year = if day <= 3 { 2025 } else { 2026 };
        app.put_order(&order(&format!("C73000{day:02}"), Some(&upm_id), &format!("{year}-06-{day:02}T10:00:00Z")))
            .await;
    }
    let mut ret = order("R7300012", Some(&upm_id), "2026-07-10T10:00:00Z");
    ret["orderType"] = json!("RETURN_ORDER");
    ret["parentSalesOrderNumber"] = json!("C7300012");
    app.put_order(&ret).await;
    assert!(member_version(app, &upm_id).await >= 13, "every order written moved the member's version");
    assert_eq!(stored_pages(app, &upm_id).await, 0, "nothing is stored before a page is read");

    // The first reads render from the records and store each page behind its answer.
    let first = page(app, &token, "").await;
    let parsed: Value = serde_json::from_str(&first).expect("json");
    assert_eq!(parsed["orderYears"], json!([2026, 2025]), "{first}");
    let next = parsed["pages"]["next"].as_str().expect("a second page").to_owned();
    let second = page(app, &token, &format!("?{next}")).await;
    let tokyo = page(app, &token, "?country=JP").await;
    let delivered = page(app, &token, "?filter=status(delivered)").await;
    assert_eq!(wait_stored(app, &upm_id, 4).await, 4, "four pages: first, second, Tokyo's first, a filter");

    // A second process (its own empty cache) answers them from the stored pages: the same bytes.
    let beside = spawn_app_beside(app).await;
    assert_eq!(page(&beside, &token, "").await, first);
    assert_eq!(page(&beside, &token, &format!("?{next}")).await, second);
    assert_eq!(page(&beside, &token, "?country=JP").await, tokyo);
    assert_eq!(page(&beside, &token, "?filter=status(delivered)").await, delivered);
    beside.finish().await;

    // They do come from the stored rows: a page changed by hand is what a new process answers ...
    execute(app, "UPDATE ready_pages SET body = replace(body, 'Stride Runner 4', 'Stored Runner')").await;
    let beside = spawn_app_beside(app).await;
    assert!(page(&beside, &token, "").await.contains("Stored Runner"), "answered from the stored page");
    assert!(page(&beside, &token, &format!("?{next}")).await.contains("Stored Runner"));
    // ... only to its member: another member's first page is their own (empty) one.
    let theirs = page(&beside, &other_token, "").await;
    assert!(!theirs.contains("Stored Runner") && !theirs.contains("C73000"), "{theirs}");
    beside.finish().await;

    // A write to an order that is not on the first page, moving it to another year, changes the first
    // page's orderYears: it is rendered again, never answered from the old page.
    app.put_order(&order("C7300001", Some(&upm_id), "2024-06-01T10:00:00Z")).await;
    let beside = spawn_app_beside(app).await;
    let again = page(&beside, &token, "").await;
    assert!(!again.contains("Stored Runner"), "rendered again after the write");
    let parsed: Value = serde_json::from_str(&again).expect("json");
    assert_eq!(parsed["orderYears"], json!([2026, 2025, 2024]), "{again}");
    assert!(!page(&beside, &token, &format!("?{next}")).await.contains("Stored Runner"), "every page of the member");
    beside.finish().await;

    // The two pages rendered after the write are stored, and the four of the version before are gone
    // (Tokyo's and the filter's too: no process can answer them again).
    assert_eq!(wait_stored(app, &upm_id, 2).await, 2, "the member's rows are the pages read since the write");
    // The page rendered after the write is answered in turn; a new order makes it old again.
    execute(app, "UPDATE ready_pages SET body = replace(body, 'Stride Runner 4', 'Stored Runner')").await;
    let beside = spawn_app_beside(app).await;
    assert!(page(&beside, &token, "").await.contains("Stored Runner"), "the new page is stored and answered");
    app.put_order(&order("C7300013", Some(&upm_id), "2026-08-01T10:00:00Z")).await;
    // (On PostgreSQL the other process learns of the write by its notification: ADR 0028.)
    assert!(crate::helpers::seen(&beside, async || page(&beside, &token, "").await.contains("C7300013")).await);
    let newest = page(&beside, &token, "").await;
    assert!(newest.contains("C7300013") && !newest.contains("Stored Runner"), "{newest}");
    beside.finish().await;

    // An order moved to another member moves both members' versions.
    let (mine, theirs) = (member_version(app, &upm_id).await, member_version(app, &other_id).await);
    app.put_order(&order("C7300002", Some(&other_id), "2025-06-02T10:00:00Z")).await;
    assert!(member_version(app, &upm_id).await > mine, "the member it left");
    assert!(member_version(app, &other_id).await > theirs, "the member it joined");
    let beside = spawn_app_beside(app).await;
    let moved = page(&beside, &other_token, "").await;
    assert!(moved.contains("C7300002"), "{moved}");
    beside.finish().await;
}
on_both_backends!(ready_pages_are_the_rendered_pages, ready_pages_answer_what_rendering_answers);

/// PostgreSQL (migration 18): a member's version moves when the writing transaction commits, so a write
/// to one of the member's orders does not hold the member's version row while the rest of its
/// transaction runs, and another write to the same member goes through meanwhile. Both writes still
/// move the version, and a page read after them shows both.
#[tokio::test]
async fn writes_to_one_member_do_not_wait_for_each_other_on_postgres() {
    use sqlx::Connection;
    let Some(app) = crate::helpers::spawn_postgres_app(crate::helpers::Options::default()).await else { return };
    let (upm_id, token) = app.member("one.member.writes@example.com").await;
    app.put_order(&order("C7400001", Some(&upm_id), "2026-06-01T10:00:00Z")).await;
    let before = member_version(&app, &upm_id).await;

    // A write to the member's order, left open as a long transaction would be.
    let mut open = sqlx::PgConnection::connect(&app.database_url).await.expect("connect");
    let mut transaction = open.begin().await.expect("begin");
    sqlx::query(
        "UPDATE orders SET version = version + 1, email = 'changed@example.com' WHERE order_number = 'C7400001'",
    )
    .execute(&mut *transaction)
    .await
    .expect("update");
    // Another order of the same member goes through meanwhile (with the bump at the statement, it
    // waited on the member's row until the open transaction ended).
    let other = order("C7400002", Some(&upm_id), "2026-06-02T10:00:00Z");
    let written = tokio::time::timeout(std::time::Duration::from_secs(5), app.put_order(&other)).await;
    let meanwhile = member_version(&app, &upm_id).await;
    transaction.commit().await.expect("commit");
    assert!(written.is_ok(), "the second write waited for the first one's transaction");
    assert!(meanwhile > before, "the committed write moved the member's version at its commit");
    assert!(member_version(&app, &upm_id).await > meanwhile, "the first write moved it at its commit");
    let history = page(&app, &token, "").await;
    assert!(history.contains("C7400001") && history.contains("C7400002"), "{history}");
    app.finish().await;
}
