//! Faults of the world around the app that must hold (issue 33): a mail server that is down or slow,
//! PostgreSQL stopped and started again under load, a shutdown signal under load, and many concurrent
//! writers on SQLite. Each test makes the fault itself (its own SMTP listener, its own PostgreSQL) so that
//! it never disturbs the shared services of other tests.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Backend, OPS_KEY, Options, TestApp, order, spawn_app_on, spawn_app_with};
use crate::returns::{capture_body, delivered_order, ops_outbox, post, smtp_server_on, wait_job};

/// A local address no one listens on (yet).
fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.local_addr().expect("address").to_string()
}

/// A member with a delivered order and a return of it, captured while mail cannot go: answers the return
/// number and the member's token. The capture job stores the "created" e-mail.
async fn a_return(app: &TestApp, email: &str, order_number: &str) -> (String, String) {
    let (upm_id, token) = app.member(email).await;
    app.put_order(&delivered_order(app, order_number, Some(&upm_id), "US", "USD")).await;
    let (_, options) = app.get_json(&format!("/order_mgmt/return_options/v1/{order_number}"), Some(&token)).await;
    let body = capture_body(order_number, &options, "upsDropoff|ups", "1", 1);
    let (status, accepted) = post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
    let job = wait_job(app, accepted["jobId"].as_str().expect("job"), Some(&token), "").await;
    assert_eq!(job["status"], "COMPLETED", "the capture does not wait for the mail server: {job}");
    assert_eq!(job["response"]["emailSent"], true, "{job}");
    (job["response"]["returnOrderNumber"].as_str().expect("rn").to_owned(), token)
}

/// Asks for the label by e-mail (a shopper's request that queues a message); answers how long it took.
async fn dispatch_label(app: &TestApp, token: &str, rn: &str, to: &str) -> Duration {
    let dispatch = json!({"dispatchType": "EMAIL", "returnOrderNumber": rn, "email": to});
    let started = Instant::now();
    let (status, answer) = post(app, "/order_mgmt/user_return_labels_dispatch/v1", &dispatch, Some(token), None).await;
    let took = started.elapsed();
    assert_eq!(status, StatusCode::OK, "the request is answered while the mail server is away: {answer}");
    took
}

/// SMTP down: the e-mails wait in the outbox (not sent), the requests that queued them were answered at
/// once, and both go out when a server listens on the address again.
#[tokio::test]
async fn smtp_down_mail_waits_in_the_outbox_and_goes_out_when_the_server_returns() {
    let address = free_address();
    let options = Options { smtp_url: Some(format!("smtp://{address}")), ..Options::default() };
    let app = spawn_app_with(Backend::Sqlite, options).await;
    let (rn, token) = a_return(&app, "smtp.down@example.com", "C8100001").await;
    let took = dispatch_label(&app, &token, &rn, "label.down@example.com").await;
    assert!(took < Duration::from_secs(2), "the request did not wait for the mail server ({took:?})");

    // At least one try fails (connection refused) before the server comes back.
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    let waiting = ops_outbox(&app, "label.down@example.com").await;
    assert_eq!(waiting.len(), 1, "the e-mail waits in the outbox: {waiting:?}");
    assert!(waiting[0]["sentAt"].is_null(), "not sent while the server is down: {waiting:?}");

    let (_, mut received) = smtp_server_on(&address).await;
    let mut messages = Vec::new();
    for _ in 0..2 {
        let message = tokio::time::timeout(Duration::from_secs(15), received.recv())
            .await
            .expect("the waiting e-mails go out once the server is back")
            .expect("a message");
        messages.push(message);
    }
    assert!(messages.iter().any(|m| m.contains("To: label.down@example.com")), "{messages:?}");
    assert!(messages.iter().any(|m| m.contains(&format!("Subject: We have your return {rn}"))), "{messages:?}");
    let mut sent = Value::Null;
    for _ in 0..50 {
        sent = ops_outbox(&app, "label.down@example.com").await.first().cloned().unwrap_or_default();
        if sent["sentAt"].is_i64() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(sent["sentAt"].is_i64(), "the outbox records when it went: {sent}");
    // Once sent, never again.
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    assert!(received.try_recv().is_err(), "each e-mail is sent once");
    app.finish().await;
}

/// A mail server that accepts connections and never answers: the shopper's requests are answered well
/// under the SMTP timeout, and the sender stuck in its try does not hold the shutdown.
#[tokio::test]
async fn a_slow_smtp_server_never_slows_a_shoppers_request() {
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = silent.local_addr().expect("address");
    let held = tokio::spawn(async move {
        let mut streams = Vec::new();
        while let Ok((stream, _)) = silent.accept().await {
            streams.push(stream);
        }
    });
    let options = Options { smtp_url: Some(format!("smtp://{address}")), ..Options::default() };
    let mut app = spawn_app_with(Backend::Sqlite, options).await;
    let (rn, token) = a_return(&app, "smtp.slow@example.com", "C8100002").await;
    for n in 0..3 {
        let took = dispatch_label(&app, &token, &rn, &format!("label{n}.slow@example.com")).await;
        assert!(
            took < server::mail::smtp::SMTP_TIMEOUT / 10,
            "the request did not wait for the mail server ({took:?}, its timeout {:?})",
            server::mail::smtp::SMTP_TIMEOUT
        );
    }
    let waiting = ops_outbox(&app, "label0.slow@example.com").await;
    assert!(waiting.len() == 1 && waiting[0]["sentAt"].is_null(), "{waiting:?}");
    let ended = app.shutdown_and_wait(Duration::from_secs(10)).await;
    assert!(ended.is_some(), "a sender waiting on a silent server does not hold the shutdown");
    held.abort();
    app.finish().await;
}
