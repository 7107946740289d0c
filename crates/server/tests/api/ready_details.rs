//! Ready order details (ADR 0012): a detail answered from its stored body is, byte for byte, the detail
//! rendered from the records (but for `age`, the fetch time); a write, a pending job or an order whose view
//! still changes with the clock is never answered from one; access is decided as for any other read.

use clap::Parser;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TOKEN_KEY, TestApp, order, spawn_app_beside};
use crate::on_both_backends;
use crate::orders_contract::full_order;

/// The raw body of a detail, with its `age` and the `age` apart.
async fn detail(app: &TestApp, number: &str, token: Option<&str>, query: &str) -> (StatusCode, String, String) {
    let response = app.get(&format!("/orders/history/v1/{number}{query}"), token).await;
    let status = response.status();
    let body = response.text().await.expect("body");
    let age = serde_json::from_str::<Value>(&body).ok().and_then(|v| v["age"].as_str().map(str::to_owned));
    (status, body, age.unwrap_or_default())
}

fn without_age(body: &str, age: &str) -> String {
    body.replace(&format!(",\"age\":\"{age}\""), "")
}

async fn stored(app: &TestApp, numbers: &[&str]) -> Vec<String> {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let mut found: Vec<String> = sqlx::query_scalar("SELECT order_number FROM ready_details ORDER BY order_number")
        .fetch_all(&connected.db.pool)
        .await
        .expect("query");
    connected.db.pool.close().await;
    found.retain(|number| numbers.contains(&number.as_str()));
    found
}

async fn execute(app: &TestApp, statement: &str) {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    sqlx::query(sqlx::AssertSqlSafe(statement.to_owned())).execute(&connected.db.pool).await.expect("statement");
    connected.db.pool.close().await;
}

/// Waits for the bodies the answers stored behind them (a task writes them in batches).
async fn wait_stored(app: &TestApp, numbers: &[&str], expected: usize) -> Vec<String> {
    for _ in 0..100 {
        let found = stored(app, numbers).await;
        if found.len() >= expected {
            return found;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    stored(app, numbers).await
}

async fn ready_details_answer_what_rendering_answers(app: &TestApp) {
    let (upm_id, token) = app.member("ready.details@example.com").await;
    // Orders whose cancel and return windows closed long ago: every contract field and a customised line;
    // a payment on hold; delivered and cancelled lines and a line without SKU; one with a return order,
    // and that return order.
    let mut full = full_order("C7200001");
    full["upmId"] = json!(upm_id);
    full["orderDate"] = json!("2026-07-01T10:00:00Z");
    app.put_order(&full).await;
    let mut held = order("C7200002", Some(&upm_id), "2026-07-02T10:00:00Z");
    held["paymentHoldFlag"] = json!(true);
    held["payments"] = json!([{"paymentType": "klarna"}]);
    app.put_order(&held).await;
    let mut mixed = order("C7200003", Some(&upm_id), "2026-07-03T10:00:00Z");
    mixed["lines"][0]["status"] = json!("Delivered");
    mixed["lines"][1]["status"] = json!("Cancelled");
    mixed["lines"][1]["skuId"] = json!("");
    app.put_order(&mixed).await;
    app.put_order(&order("C7200004", Some(&upm_id), "2026-07-04T10:00:00Z")).await;
    let mut ret = order("R7200004", Some(&upm_id), "2026-07-10T10:00:00Z");
    ret["orderType"] = json!("RETURN_ORDER");
    ret["parentSalesOrderNumber"] = json!("C7200004");
    app.put_order(&ret).await;
    // An order placed an hour ago: its cancel and return windows are open, so its view changes with time.
    let recent_date = (app.clock.now() - chrono::Duration::hours(1)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    app.put_order(&order("C7200005", Some(&upm_id), &recent_date)).await;
    let settled = ["C7200001", "C7200002", "C7200003", "C7200004", "R7200004"];
    let all = ["C7200001", "C7200002", "C7200003", "C7200004", "R7200004", "C7200005"];
    assert!(stored(app, &all).await.is_empty(), "nothing is stored before a detail is read");

    // The first reads render from the records and store the settled orders' bodies behind the answers.
    let mut rendered = Vec::new();
    for number in all {
        let (status, body, age) = detail(app, number, Some(&token), "").await;
        assert_eq!(status, StatusCode::OK, "{number}: {body}");
        rendered.push((number, without_age(&body, &age)));
    }
    assert_eq!(wait_stored(app, &all, settled.len()).await, settled, "the settled orders' bodies are stored");
    assert!(rendered.iter().any(|(_, body)| body.contains("\"viewReturn\"")), "a line shows its return");

    // A second process (its own empty cache) answers them from the stored bodies: the same bytes, with
    // its own fetch time.
    let beside = spawn_app_beside(app).await;
    for (number, expected) in &rendered {
        let (status, body, age) = detail(&beside, number, Some(&token), "").await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(&without_age(&body, &age), expected, "{number}");
        assert!(!age.is_empty() && body.ends_with(&format!(",\"age\":\"{age}\"}}")), "{number}: age last");
    }
    beside.finish().await;

    // They do come from the stored rows: a stored body changed by hand is what a new process answers ...
    execute(
        app,
        "UPDATE ready_details SET body = replace(body, 'Stride Runner 4', 'Stored Runner') \
                  WHERE order_number = 'C7200004'",
    )
    .await;
    let beside = spawn_app_beside(app).await;
    let (_, body, _) = detail(&beside, "C7200004", Some(&token), "").await;
    assert!(body.contains("Stored Runner"), "answered from the stored body");
    // ... access is decided as for any order: a stranger gets the 404 of a missing order, a guest with the
    // order's e-mail the same body ...
    let (_, stranger) = beside.member("stranger.ready@example.com").await;
    let (status, body, _) = detail(&beside, "C7200004", Some(&stranger), "").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert!(!body.contains("Stored Runner"));
    let (status, body, _) = detail(&beside, "C7200004", None, "?filter=email(guest.shopper@example.com)").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("Stored Runner"));
    // ... and a write to the order (its version moves on) is never answered from the old body.
    let mut delivered = order("C7200004", Some(&upm_id), "2026-07-04T10:00:00Z");
    delivered["lines"][0]["status"] = json!("Delivered");
    app.put_order(&delivered).await;
    let rendered_again = async || {
        let (status, body, _) = detail(&beside, "C7200004", Some(&token), "").await;
        status == StatusCode::OK && !body.contains("Stored Runner") && body.contains("Stride Runner 4")
    };
    assert!(crate::helpers::seen(&beside, rendered_again).await, "rendered again after the write");
    let (_, body, _) = detail(&beside, "C7200004", Some(&token), "").await;
    assert!(body.contains("\"delivered\""), "{body}");
    beside.finish().await;

    // A pending job of the order (a change is expected soon: shouldRefresh; due in the far future, so no
    // worker takes it) is not answered from the stored body either.
    execute(
        app,
        "INSERT INTO jobs (id, kind, status, payload, order_number, owner_key, attempts, run_after, created_at, \
         updated_at) VALUES ('job-ready-1', 'test', 'PENDING', '{}', 'C7200001', 'member:x', 0, 4000000000000000, 0, 0)",
    )
    .await;
    let beside = spawn_app_beside(app).await;
    let (_, body, _) = detail(&beside, "C7200001", Some(&token), "").await;
    let parsed: Value = serde_json::from_str(&body).expect("json");
    assert_eq!(parsed["shouldRefresh"], true, "{body}");
    beside.finish().await;
    execute(app, "DELETE FROM jobs WHERE id = 'job-ready-1'").await;

    // `orders ready-details` stores every settled order's body at once (after a seed or an upgrade).
    execute(app, "DELETE FROM ready_details").await;
    let mut settings = server::config::Cli::parse_from(["orders"]).settings;
    settings.database_url = app.database_url.clone();
    settings.no_demo_data = true;
    settings.token_key = Some(TOKEN_KEY.to_owned());
    settings.job_workers = 0;
    let state = server::prepare(&settings).await.expect("prepare");
    let done = server::orders::ready_detail::refresh(&state.orders, 2).await.expect("refresh");
    assert!(done.unsettled >= 1, "the recent order is left to render: {done:?}");
    let mut expected: Vec<&str> = settled.to_vec();
    expected.sort_unstable();
    assert_eq!(stored(app, &all).await, expected);
    let again = server::orders::ready_detail::refresh(&state.orders, 2).await.expect("refresh again");
    assert_eq!(again.stored, 0, "current bodies are not stored again");
    let beside = spawn_app_beside(app).await;
    for number in ["C7200001", "C7200002", "C7200003", "R7200004"] {
        let expected = &rendered.iter().find(|(n, _)| *n == number).expect("rendered").1;
        let (_, body, age) = detail(&beside, number, Some(&token), "").await;
        assert_eq!(&without_age(&body, &age), expected, "{number} from `orders ready-details`");
    }
    beside.finish().await;
}
on_both_backends!(ready_details_are_the_rendered_details, ready_details_answer_what_rendering_answers);
