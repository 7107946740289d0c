//! The one write path for orders (`orders::store`): a settled payment, a cancel and a status event each
//! move the order's version and leave its history rows current, so a detail cached by another process
//! (whose cache the writer cannot reach) is not answered again; and no module outside `orders` writes the
//! order tables.

use serde_json::Value;

use crate::helpers::{TestApp, spawn_app_beside};
use crate::on_both_backends;

async fn version(app: &TestApp, order_number: &str) -> i64 {
    crate::ready_rows::scalar(app, "SELECT version FROM orders WHERE order_number = $1", order_number).await
}

/// The detail as `app` answers it, read twice so the second answer comes from its cache.
async fn cached_detail(app: &TestApp, order_number: &str, token: &str) -> Value {
    let path = format!("/orders/history/v1/{order_number}");
    let (_, first) = app.get_json(&path, Some(token)).await;
    let (_, cached) = app.get_json(&path, Some(token)).await;
    assert_eq!(first["orderNumber"], cached["orderNumber"], "{cached}");
    cached
}

async fn detail(app: &TestApp, order_number: &str, token: &str) -> Value {
    app.get_json(&format!("/orders/history/v1/{order_number}"), Some(token)).await.1
}

/// The detail without its `age`: the fetch time to the second, which differs between two reads that fall on
/// either side of a second (CI saw this once).
async fn detail_without_age(app: &TestApp, order_number: &str, token: &str) -> Value {
    let mut detail = detail(app, order_number, token).await;
    let age = detail.as_object_mut().and_then(|fields| fields.remove("age"));
    assert!(age.is_some(), "a detail carries its age: {detail}");
    detail
}

async fn a_settled_payment_moves_the_version_seen_by_another_process(app: &TestApp) {
    let beside = spawn_app_beside(app).await;
    let (upm_id, token) = app.member("write.path.payer@example.com").await;
    app.put_order(&crate::payments::held_order("C7600001", Some(&upm_id), "alipay")).await;
    assert_eq!(cached_detail(&beside, "C7600001", &token).await["paymentHoldFlag"], true);
    let before = version(app, "C7600001").await;

    let job = crate::payments::start_payment(app, "C7600001", &token, "/payment/deferred_payment_forms/v1").await;
    let action = job["response"]["form"]["action"].as_str().expect("action");
    let approved =
        crate::payments::no_redirects().post(app.url(&format!("{action}/approve"))).send().await.expect("approve");
    assert_eq!(approved.status(), reqwest::StatusCode::SEE_OTHER);

    assert!(version(app, "C7600001").await > before, "the settlement moved the order's version");
    assert!(crate::ready_rows::rows_are_current(app, "C7600001").await, "and rewrote its history rows");
    // The other process follows at once on SQLite, on PostgreSQL with the write's notification (ADR 0028).
    let settled = async || detail(&beside, "C7600001", &token).await["paymentHoldFlag"] == false;
    assert!(crate::helpers::seen(&beside, settled).await, "the other process sees the settlement");
    for process in [app, &beside] {
        let detail = detail(process, "C7600001", &token).await;
        assert_eq!(detail["paymentHoldFlag"], false, "{detail}");
        assert_eq!(detail["fullOrderStatus"]["simpleStatus"], "ordered");
    }
    beside.finish().await;
}
on_both_backends!(write_path_payment, a_settled_payment_moves_the_version_seen_by_another_process);

async fn a_cancel_and_a_status_event_move_the_version_seen_by_another_process(app: &TestApp) {
    let beside = spawn_app_beside(app).await;
    let (upm_id, token) = app.member("write.path.canceller@example.com").await;
    app.put_order(&crate::cancellation::fresh_order(app, "C7600002", Some(&upm_id), 5, "created")).await;
    app.put_order(&crate::cancellation::fresh_order(app, "C7600003", Some(&upm_id), 5, "created")).await;
    let cached = cached_detail(&beside, "C7600002", &token).await;
    assert_eq!(cached["groups"][0]["actions"]["cancel"]["enabled"], true, "{cached}");
    let before = version(app, "C7600002").await;

    let job = crate::cancellation::cancel(app, "C7600002", Some(&token), "").await;
    assert_eq!(job["status"], "COMPLETED", "{job}");
    assert!(version(app, "C7600002").await > before, "the cancel moved the order's version");
    assert!(crate::ready_rows::rows_are_current(app, "C7600002").await, "and rewrote its history rows");
    let cancelled =
        async || detail(&beside, "C7600002", &token).await["fullOrderStatus"]["simpleStatus"] == "cancelled";
    assert!(crate::helpers::seen(&beside, cancelled).await, "the other process sees the cancel");
    for process in [app, &beside] {
        assert_eq!(detail(process, "C7600002", &token).await["fullOrderStatus"]["simpleStatus"], "cancelled");
    }

    let cached = cached_detail(&beside, "C7600003", &token).await;
    let before = version(app, "C7600003").await;
    let (status, applied) = crate::cancellation::status_event(app, "C7600003", "In Transit").await;
    assert_eq!(status, reqwest::StatusCode::OK, "{applied}");
    assert!(version(app, "C7600003").await > before, "the status event moved the order's version");
    assert!(crate::ready_rows::rows_are_current(app, "C7600003").await, "and rewrote its history rows");
    let moved = async || detail(&beside, "C7600003", &token).await["fullOrderStatus"] != cached["fullOrderStatus"];
    assert!(crate::helpers::seen(&beside, moved).await, "the other process sees the status event");
    let after = detail_without_age(&beside, "C7600003", &token).await;
    assert_ne!(after["fullOrderStatus"], cached["fullOrderStatus"], "{after}");
    assert_eq!(after, detail_without_age(app, "C7600003", &token).await, "both processes answer the same");
    beside.finish().await;
}
on_both_backends!(write_path_cancel, a_cancel_and_a_status_event_move_the_version_seen_by_another_process);

/// The statements that write the order tables, whitespace collapsed and lower case.
const ORDER_WRITES: &[&str] = &[
    "update orders ",
    "update order_lines ",
    "insert into orders ",
    "insert into orders(",
    "insert into order_lines ",
    "insert into order_lines(",
    "delete from orders ",
    "delete from order_lines ",
];

fn sources(folder: &std::path::Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(folder).expect("source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
}

#[test]
fn no_module_outside_orders_writes_the_order_tables() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() > 50, "the sources were found");
    let writers: Vec<String> = files
        .iter()
        .filter(|path| !path.starts_with(root.join("orders")))
        .filter(|path| {
            let text = std::fs::read_to_string(path).expect("source").to_lowercase();
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            ORDER_WRITES.iter().any(|statement| text.contains(statement))
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(writers.is_empty(), "only orders::store writes orders and order_lines: {writers:?}");
}
