//! A member's cached order body and history page are answered from memory while no order was written and
//! no job of an order accepted since their access facts were last found current (ADR 0028). What another
//! process writes ends that: on SQLite at once (the WAL index's header is read on every read, ADR 0034), on
//! PostgreSQL when its notification arrives (within a second here; about a millisecond in the benchmark).
//! The previous owner of an order moved to someone else never keeps seeing it.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, order, seen, spawn_app_beside};
use crate::on_both_backends;

async fn detail_status(app: &TestApp, order_number: &str, token: &str) -> StatusCode {
    app.get_json(&format!("/orders/history/v1/{order_number}"), Some(token)).await.0
}

async fn listed(app: &TestApp, token: &str) -> Vec<String> {
    let (status, body) = app.get_json("/orders/history/v1?country=US", Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let items = body["orderItems"].as_array().cloned().unwrap_or_default();
    let mut numbers: Vec<String> =
        items.iter().filter_map(|item| item["orderNumber"].as_str().map(str::to_owned)).collect();
    numbers.dedup();
    numbers
}

async fn answered_from_memory_until_another_process_writes(app: &TestApp) {
    let beside = spawn_app_beside(app).await;
    let (first, first_token) = app.member("held.first@example.com").await;
    let (second, second_token) = app.member("held.second@example.com").await;
    app.put_order(&order("C7700001", Some(&first), "2026-10-01T10:00:00Z")).await;
    // Rendered, then found current (trusted), then answered from memory: each answer the same.
    let mut answers: Vec<Value> = Vec::new();
    for _ in 0..3 {
        let (status, body) = beside.get_json("/orders/history/v1/C7700001", Some(&first_token)).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        answers.push(body);
        assert_eq!(listed(&beside, &first_token).await, ["C7700001"]);
    }
    assert!(answers.windows(2).all(|pair| pair[0] == pair[1]), "the same answer each time");
    // Another member's token never opens it, from memory or not.
    assert_eq!(detail_status(&beside, "C7700001", &second_token).await, StatusCode::NOT_FOUND);

    // Moved to the second member through the other process.
    app.put_order(&order("C7700001", Some(&second), "2026-10-01T10:00:00Z")).await;
    assert!(
        seen(&beside, async || detail_status(&beside, "C7700001", &first_token).await == StatusCode::NOT_FOUND).await,
        "the previous owner no longer sees the order"
    );
    assert!(seen(&beside, async || listed(&beside, &first_token).await.is_empty()).await, "nor lists it");
    assert_eq!(detail_status(&beside, "C7700001", &second_token).await, StatusCode::OK);
    assert_eq!(listed(&beside, &second_token).await, ["C7700001"]);

    // A new order of hers through the other process reaches her page held in memory.
    for _ in 0..2 {
        assert_eq!(listed(&beside, &second_token).await, ["C7700001"]);
    }
    app.put_order(&order("C7700002", Some(&second), "2026-10-05T10:00:00Z")).await;
    assert!(
        seen(&beside, async || listed(&beside, &second_token).await == ["C7700002", "C7700001"]).await,
        "her first page lists the new order"
    );
    beside.finish().await;
}
on_both_backends!(cached_access_across_processes, answered_from_memory_until_another_process_writes);
