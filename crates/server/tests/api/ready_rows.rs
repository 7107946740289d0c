//! Ready history rows (ADR 0010): a history page written from its lines' stored rows is, byte for byte,
//! the page rendered from the order records, and the rows stop being used once a writer that does not
//! write them changes an order.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, order};
use crate::on_both_backends;
use crate::orders_contract::full_order;

/// The raw body of a history page and the query of the next one.
async fn page(app: &TestApp, token: &str, path: &str) -> (String, Option<String>) {
    let response = app.get(path, Some(token)).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let body = response.text().await.expect("body");
    let parsed: Value = serde_json::from_str(&body).expect("json");
    (body, parsed["pages"]["next"].as_str().map(str::to_owned))
}

/// Every page of each list, following `pages.next`.
async fn pages(app: &TestApp, token: &str) -> Vec<String> {
    let mut bodies = Vec::new();
    for first in [
        "/orders/history/v1?country=US&giftcards=true",
        "/orders/history/v1?filter=status(inProgress)&country=US",
        "/orders/history/v1?filter=orderType(RETURN_ORDER)",
    ] {
        let (body, mut next) = page(app, token, first).await;
        bodies.push(body);
        while let Some(query) = next {
            let (body, after) = page(app, token, &format!("/orders/history/v1?{query}")).await;
            bodies.push(body);
            next = after;
        }
    }
    bodies
}

pub(crate) async fn scalar(app: &TestApp, statement: &str, value: &str) -> i64 {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let found = sqlx::query_scalar(sqlx::AssertSqlSafe(statement.to_owned()))
        .bind(value.to_owned())
        .fetch_one(&connected.db.pool)
        .await
        .expect("query");
    connected.db.pool.close().await;
    found
}

/// Whether the order's ready history rows are current (what a flow that changes an order must leave).
pub(crate) async fn rows_are_current(app: &TestApp, order_number: &str) -> bool {
    let statement = format!(
        "SELECT COUNT(*) FROM orders WHERE order_number = $1 AND lines_view_version = version + {} \
         AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_number = orders.order_number \
         AND l.history_json IS NULL)",
        server::orders::ready::format_tag()
    );
    scalar(app, &statement, order_number).await == 1
}

/// The member's orders whose rows are not current for this build.
fn not_current() -> String {
    format!(
        "SELECT COUNT(*) FROM orders WHERE upm_id = $1 \
         AND (lines_view_version IS NULL OR lines_view_version <> version + {})",
        server::orders::ready::format_tag()
    )
}

async fn pages_from_ready_rows_are_the_pages_rendered_from_the_records(app: &TestApp) {
    let (upm_id, token) = app.member("ready.rows@example.com").await;
    // Every contract field, a customised line (Buy again refused), a partner name.
    let mut full = full_order("C7100001");
    full["upmId"] = json!(upm_id);
    full["partnerName"] = json!("Runners \"Hub\" & Co");
    app.put_order(&full).await;
    // A payment on hold (lines shown as payment pending), delivered and cancelled lines, a line without SKU.
    let mut held = order("C7100002", Some(&upm_id), "2026-10-02T10:00:00Z");
    held["paymentHoldFlag"] = json!(true);
    held["payments"] = json!([{"paymentType": "klarna"}]);
    app.put_order(&held).await;
    let mut mixed = order("C7100003", Some(&upm_id), "2026-10-03T10:00:00Z");
    mixed["lines"][0]["status"] = json!("Delivered");
    mixed["lines"][1]["status"] = json!("Cancelled");
    mixed["lines"][1]["skuId"] = json!("");
    app.put_order(&mixed).await;
    for day in 4..=14 {
        app.put_order(&order(&format!("C71000{day:02}"), Some(&upm_id), &format!("2026-10-{day:02}T10:00:00Z"))).await;
    }
    // A return order that took back SKU-1 of C7100004: its lines there show viewReturn.
    let mut ret = order("R7100004", Some(&upm_id), "2026-10-20T10:00:00Z");
    ret["orderType"] = json!("RETURN_ORDER");
    ret["parentSalesOrderNumber"] = json!("C7100004");
    app.put_order(&ret).await;
    // Storing the return order bumped its sales order's version and kept its ready rows current.
    assert_eq!(scalar(app, &not_current(), &upm_id).await, 0, "every order's ready rows are current");

    let from_ready_rows = pages(app, &token).await;
    let all = from_ready_rows.join("\n");
    for expected in ["\"viewReturn\"", "\"paymentPending\"", "customized-product", "Runners \\\"Hub\\\" & Co"] {
        assert!(all.contains(expected), "{expected} is on a page");
    }

    // A version bump that writes no ready rows (as the returns, cancel and payment flows do): the records
    // are unchanged, so the pages rendered from them must be the same bytes.
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    sqlx::query("UPDATE orders SET version = version + 1 WHERE upm_id = $1")
        .bind(upm_id.clone())
        .execute(&connected.db.pool)
        .await
        .expect("bump");
    connected.db.pool.close().await;
    assert_eq!(scalar(app, &not_current(), &upm_id).await, 15, "no order's ready rows are current");
    let from_records = pages(app, &token).await;
    assert_eq!(from_ready_rows.len(), from_records.len());
    for (ready, rendered) in from_ready_rows.iter().zip(&from_records) {
        if let Some(at) = ready.bytes().zip(rendered.bytes()).position(|(a, b)| a != b) {
            let around =
                |text: &str| text.get(at.saturating_sub(80)..(at + 80).min(text.len())).unwrap_or("").to_owned();
            panic!("differ at byte {at}: ready rows {:?}, records {:?}", around(ready), around(rendered));
        }
        assert_eq!(ready.len(), rendered.len(), "one page is a prefix of the other");
    }

    // `orders ready-rows` writes them again from the records: the same pages, from ready rows again.
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    assert_eq!(server::orders::ready::refresh(&connected.db, 4).await.expect("refresh"), 15);
    connected.db.pool.close().await;
    assert_eq!(scalar(app, &not_current(), &upm_id).await, 0);
    assert_eq!(pages(app, &token).await, from_ready_rows);

    // Storing an order again makes its rows current again, with what changed.
    let mut shipped = order("C7100014", Some(&upm_id), "2026-10-14T10:00:00Z");
    shipped["lines"][1]["status"] = json!("Shipped");
    app.put_order(&shipped).await;
    assert_eq!(scalar(app, &not_current(), &upm_id).await, 0);
    let (first, _) = page(app, &token, "/orders/history/v1?country=US").await;
    let first: Value = serde_json::from_str(&first).expect("json");
    let line = first["orderItems"]
        .as_array()
        .and_then(|items| items.iter().find(|item| item["orderNumber"] == "C7100014" && item["lineNumber"] == 2))
        .expect("the changed line is on the first page");
    assert_eq!(line["lineItemStatus"]["status"], "Shipped");

    // Rows written by a build that renders them differently (a rolling upgrade runs both side by side):
    // not current for this build, left as they are by its start (the other build keeps using them), and
    // written again in this build's format by `orders ready-rows`.
    let now = pages(app, &token).await;
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    server::prepare_database(&connected.db).await.expect("start");
    assert_eq!(scalar(app, &not_current(), &upm_id).await, 0, "a start keeps this build's rows");
    let other = server::orders::ready::format_tag() + (1_i64 << 40);
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE orders SET lines_view_version = version + {other} WHERE upm_id = $1"
    )))
    .bind(&upm_id)
    .execute(&connected.db.pool)
    .await
    .expect("rows of another build");
    server::prepare_database(&connected.db).await.expect("this build starts beside the other");
    assert_eq!(scalar(app, &not_current(), &upm_id).await, 15, "rows of another format are not current here");
    let others = format!("SELECT COUNT(*) FROM orders WHERE upm_id = $1 AND lines_view_version = version + {other}");
    assert_eq!(scalar(app, &others, &upm_id).await, 15, "this build's start left the other build's rows");
    assert_eq!(pages(app, &token).await, now, "pages with rows of another format: the same answers");
    assert_eq!(server::orders::ready::refresh(&connected.db, 100).await.expect("refresh"), 15);
    connected.db.pool.close().await;
    assert_eq!(scalar(app, &not_current(), &upm_id).await, 0);
    assert_eq!(pages(app, &token).await, now);
}
on_both_backends!(ready_rows_are_the_rendered_rows, pages_from_ready_rows_are_the_pages_rendered_from_the_records);
