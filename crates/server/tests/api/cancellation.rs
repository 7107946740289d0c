//! Cancellation (issue 11 part 1): inside and outside the window by the server's clock, pending on the
//! warehouse and completed by a status event, guests, BOLA, and a cancel racing a shipped event.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{OPS_KEY, TestApp, order};
use crate::on_both_backends;

const WINDOW_MS: i64 = 30 * 60 * 1000;
const GUEST: &str = "filter=email(guest.shopper@example.com)";

fn minutes_ago(app: &TestApp, minutes: i64) -> String {
    let at = app.clock.now() - chrono::Duration::minutes(minutes);
    at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// An order placed `minutes` ago whose lines all have `status`.
pub(crate) fn fresh_order(app: &TestApp, number: &str, upm_id: Option<&str>, minutes: i64, status: &str) -> Value {
    let mut body = order(number, upm_id, &minutes_ago(app, minutes));
    for line in body["lines"].as_array_mut().expect("lines") {
        line["status"] = json!(status);
        line["trackingUrl"] = Value::Null;
    }
    body
}

pub(crate) fn cancel_body() -> Value {
    json!({"request": {"omsOrderDocumentReference": "0001", "omsRegionReference": "NIKEUS", "dayPhoneNumber": "5035550100",
        "reasonCode": 216, "reasonText": "Front end cancellation", "email": "guest.shopper@example.com"},
        "sourceOfRequest": "web"})
}

async fn post_cancel(app: &TestApp, number: &str, token: Option<&str>, query: &str) -> (StatusCode, Value) {
    let mut request = app.client.post(app.url(&format!("/order_mgmt/ordermods/v1/{number}/cancelOrder{query}")));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.json(&cancel_body()).send().await.expect("request");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Polls the job until it ends (as the client does).
async fn finished_job(app: &TestApp, id: &str, token: Option<&str>, query: &str) -> Value {
    for _ in 0..200 {
        let (status, job) = app.get_json(&format!("/order_mgmt/ordermods/v1/jobs/{id}{query}"), token).await;
        assert_eq!(status, StatusCode::OK, "{job}");
        if !matches!(job["status"].as_str(), Some("PENDING" | "IN_PROGRESS")) {
            return job;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the cancel job did not end");
}

pub(crate) async fn cancel(app: &TestApp, number: &str, token: Option<&str>, query: &str) -> Value {
    let (status, created) = post_cancel(app, number, token, query).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{created}");
    assert_eq!(created["status"], "PENDING");
    finished_job(app, created["id"].as_str().expect("id"), token, query).await
}

pub(crate) async fn status_event(app: &TestApp, number: &str, status: &str) -> (StatusCode, Value) {
    app.post_json(&format!("/ops/v1/orders/{number}/status_events"), &json!({"status": status}), true).await
}

fn line_statuses(detail: &Value) -> Vec<String> {
    let mut statuses: Vec<String> = detail["groups"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|group| group["orderItems"].as_array().into_iter().flatten())
        .map(|item| item["lineItemStatus"]["status"].as_str().unwrap_or_default().to_owned())
        .collect();
    statuses.sort();
    statuses
}

async fn member_cancels_inside_the_window(app: &TestApp) {
    let (upm_id, token) = app.member("canceller@example.com").await;
    let body = fresh_order(app, "C5000001", Some(&upm_id), 5, "created");
    app.put_order(&body).await;
    let (_, detail) = app.get_json("/orders/history/v1/C5000001", Some(&token)).await;
    let until = detail["cancellableUntil"].as_str().expect("cancellableUntil");
    let until = chrono::DateTime::parse_from_rfc3339(until).expect("rfc3339").timestamp_millis();
    // From the order's own date (not from the clock now: on a loaded machine seconds pass between the two).
    let ordered = body["orderDate"].as_str().expect("orderDate");
    let expected = chrono::DateTime::parse_from_rfc3339(ordered).expect("rfc3339").timestamp_millis() + WINDOW_MS;
    assert!((until - expected).abs() < 1_000, "30 minutes from the order date: {until} against {expected}");
    assert_eq!(detail["groups"][0]["actions"]["cancel"]["enabled"], true, "{}", detail["groups"][0]["actions"]);
    assert!(detail["actions"]["cancel"].is_object(), "the quick action too");

    let job = cancel(app, "C5000001", Some(&token), "").await;
    assert_eq!(job["status"], "COMPLETED", "{job}");
    assert!(job["response"]["pendingModification"].is_null(), "cancelled at once: {job}");
    let (_, detail) = app.get_json("/orders/history/v1/C5000001", Some(&token)).await;
    assert_eq!(line_statuses(&detail), ["CANCELLED", "CANCELLED"]);
    assert_eq!(detail["fullOrderStatus"]["simpleStatus"], "cancelled");
    assert!(detail["cancelledDate"].is_string(), "recently cancelled with its date");
    let item = &detail["groups"][0]["orderItems"][0];
    assert!(item["itemDates"]["cancelled"].is_string(), "the line's cancelled date: {item}");
    let (_, history) = app.get_json("/orders/history/v1", Some(&token)).await;
    assert!(history["orderItems"][0]["itemDates"]["cancelled"].is_string(), "history rows carry the date too");
    let number = history["orderItems"][0]["orderNumber"].as_str().expect("order number");
    assert!(crate::ready_rows::rows_are_current(app, number).await, "the cancel rewrote the history rows");
    assert!(detail["groups"][0]["actions"]["cancel"].is_null(), "no cancel button once cancelled");
    let timeline = detail["moneyTimeline"].as_array().expect("moneyTimeline");
    let kinds: Vec<&str> = timeline.iter().filter_map(|event| event["kind"].as_str()).collect();
    assert_eq!(kinds, ["charged", "released"], "{timeline:?}");
    assert_eq!(timeline[0]["amount"], timeline[1]["amount"], "all of it released: {timeline:?}");
    assert!(timeline[1]["expectedArrival"].is_string());

    // Again: the "already in cancelled status" case the dialog treats as complete.
    let again = cancel(app, "C5000001", Some(&token), "").await;
    assert_eq!(again["status"], "DENIED");
    assert_eq!(again["error"]["httpStatus"], 409);
    assert!(again["error"]["message"].as_str().unwrap_or_default().contains("already in cancelled status"));
}
on_both_backends!(member_cancels_inside_the_window, member_cancels_inside_the_window);

async fn the_server_clock_closes_the_window(app: &TestApp) {
    let (upm_id, token) = app.member("late@example.com").await;
    app.put_order(&fresh_order(app, "C5000002", Some(&upm_id), 25, "created")).await;
    let (_, detail) = app.get_json("/orders/history/v1/C5000002", Some(&token)).await;
    assert_eq!(detail["groups"][0]["actions"]["cancel"]["enabled"], true);
    app.clock.advance(6 * 60 * 1000);
    let (_, detail) = app.get_json("/orders/history/v1/C5000002", Some(&token)).await;
    assert!(detail["groups"][0]["actions"]["cancel"].is_null(), "the cached answer ends at the deadline");
    let job = cancel(app, "C5000002", Some(&token), "").await;
    assert_eq!(job["status"], "DENIED", "{job}");
    assert_eq!(job["error"]["code"], "cancel-window-expired");
    assert_eq!(job["error"]["httpStatus"], 422);
    let (_, detail) = app.get_json("/orders/history/v1/C5000002", Some(&token)).await;
    assert_eq!(line_statuses(&detail), ["created", "created"], "nothing changed");
}
on_both_backends!(the_server_clock_closes_the_window, the_server_clock_closes_the_window);

async fn lines_past_cancelling_are_refused(app: &TestApp) {
    let (upm_id, token) = app.member("shipped@example.com").await;
    let mut body = fresh_order(app, "C5000003", Some(&upm_id), 1, "created");
    body["lines"][0]["status"] = json!("SHIPPED");
    app.put_order(&body).await;
    let job = cancel(app, "C5000003", Some(&token), "").await;
    assert_eq!(job["status"], "DENIED");
    assert_eq!(job["error"]["code"], "cancel-invalid-state");
    let (_, detail) = app.get_json("/orders/history/v1/C5000003", Some(&token)).await;
    assert_eq!(line_statuses(&detail), ["SHIPPED", "created"]);
}
on_both_backends!(lines_past_cancelling_are_refused, lines_past_cancelling_are_refused);

async fn warehouse_confirms_a_pending_cancel(app: &TestApp) {
    let (upm_id, token) = app.member("pending@example.com").await;
    app.put_order(&fresh_order(app, "C5000004", Some(&upm_id), 2, "sent to warehouse")).await;
    let job = cancel(app, "C5000004", Some(&token), "").await;
    assert_eq!(job["status"], "COMPLETED");
    assert_eq!(job["response"]["pendingModification"]["type"], "CANCEL_ORDER");
    let (_, detail) = app.get_json("/orders/history/v1/C5000004", Some(&token)).await;
    assert_eq!(detail["pendingModification"]["type"], "CANCEL_ORDER");
    assert_eq!(detail["shouldRefresh"], true);
    assert!(detail["cancelledDate"].is_null());
    assert_eq!(detail["groups"][0]["simpleStatus"], "cancellationPending");

    let (status, answer) = status_event(app, "C5000004", "SHIPPED").await;
    assert_eq!(status, StatusCode::CONFLICT, "the cancel won: {answer}");
    assert_eq!(answer["code"], "status-conflict");
    let (status, answer) = status_event(app, "C5000004", "CANCELLED").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["changed"], 2);
    let (_, detail) = app.get_json("/orders/history/v1/C5000004", Some(&token)).await;
    assert!(detail["pendingModification"].is_null());
    assert!(detail["cancelledDate"].is_string());
    assert_eq!(detail["shouldRefresh"], false);
    assert!(detail["groups"][0]["orderItems"][0]["itemDates"]["cancelled"].is_string());
    let kinds: Vec<&str> =
        detail["moneyTimeline"].as_array().into_iter().flatten().filter_map(|e| e["kind"].as_str()).collect();
    assert_eq!(kinds, ["charged", "released"]);
}
on_both_backends!(warehouse_confirms_a_pending_cancel, warehouse_confirms_a_pending_cancel);

async fn guests_cancel_and_nobody_else_sees_it(app: &TestApp) {
    let (owner_id, owner_token) = app.member("owner@example.com").await;
    let (_, other_token) = app.member("other@example.com").await;
    app.put_order(&fresh_order(app, "C5000005", None, 3, "created")).await;
    app.put_order(&fresh_order(app, "C5000006", Some(&owner_id), 3, "created")).await;

    // Another member, a wrong guest e-mail, nobody, a missing order: one and the same 404.
    let missing = post_cancel(app, "C5999999", Some(&other_token), "").await;
    assert_eq!(missing.0, StatusCode::NOT_FOUND);
    for (token, query) in [(Some(other_token.as_str()), ""), (None, "?filter=email(x@example.com)"), (None, "")] {
        let answer = post_cancel(app, "C5000006", token, query).await;
        assert_eq!(answer, missing, "{query}");
    }

    let guest_query = format!("?{GUEST}");
    let (status, created) = post_cancel(app, "C5000005", None, &guest_query).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{created}");
    let id = created["id"].as_str().expect("id");
    // The job is the guest's: another member, another guest and nobody get the 404 of a missing job.
    let missing_job = app.get_json("/order_mgmt/ordermods/v1/jobs/00000000-0000-4000-8000-000000000000", None).await;
    assert_eq!(missing_job.0, StatusCode::NOT_FOUND);
    for (token, query) in
        [(Some(other_token.as_str()), ""), (Some(owner_token.as_str()), ""), (None, "?filter=email(x@example.com)")]
    {
        let answer = app.get_json(&format!("/order_mgmt/ordermods/v1/jobs/{id}{query}"), token).await;
        assert_eq!(answer, missing_job, "{query}");
    }
    let job = finished_job(app, id, None, &guest_query).await;
    assert_eq!(job["status"], "COMPLETED", "{job}");
    let (_, detail) = app.get_json(&format!("/orders/history/v1/C5000005?{GUEST}"), None).await;
    assert_eq!(line_statuses(&detail), ["CANCELLED", "CANCELLED"]);
    let (_, detail) = app.get_json("/orders/history/v1/C5000006", Some(&owner_token)).await;
    assert_eq!(line_statuses(&detail), ["created", "created"], "the refused requests changed nothing");
}
on_both_backends!(guests_cancel_and_nobody_else_sees_it, guests_cancel_and_nobody_else_sees_it);

async fn invalid_bodies_are_refused_by_field(app: &TestApp) {
    let (upm_id, token) = app.member("fields@example.com").await;
    app.put_order(&fresh_order(app, "C5000007", Some(&upm_id), 1, "created")).await;
    let url = app.url("/order_mgmt/ordermods/v1/C5000007/cancelOrder");
    let mut wrong_reason = cancel_body();
    wrong_reason["request"]["reasonCode"] = json!(999);
    let mut no_reference = cancel_body();
    no_reference["request"]["omsOrderDocumentReference"] = json!(" ");
    for (body, field) in [(wrong_reason, "request.reasonCode"), (no_reference, "request.omsOrderDocumentReference")] {
        let response = app.client.post(&url).bearer_auth(&token).json(&body).send().await.expect("request");
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        let answer: Value = response.json().await.expect("json");
        assert!(answer.to_string().contains(field), "{answer}");
    }
    let pending: i64 = sqlx_count(app).await;
    assert_eq!(pending, 0, "no job for a refused request");
}
on_both_backends!(invalid_bodies_are_refused_by_field, invalid_bodies_are_refused_by_field);

async fn sqlx_count(app: &TestApp) -> i64 {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    sqlx::query_scalar("SELECT COUNT(*) FROM jobs").fetch_one(&connected.db.pool).await.expect("count")
}

/// A cancel and a shipped event sent at the same moment, 50 times: exactly one of them wins each time.
async fn a_cancel_racing_a_shipped_event_has_one_winner(app: &TestApp) {
    let (upm_id, token) = app.member("racer@example.com").await;
    let mut cancels_won = 0;
    for round in 0..50 {
        let number = format!("R{:07}", 6_000_000 + round);
        app.put_order(&fresh_order(app, &number, Some(&upm_id), 1, "created")).await;
        let ship = async {
            // A little later each round, so that each side wins some rounds.
            tokio::time::sleep(Duration::from_millis(round % 8)).await;
            app.client
                .post(app.url(&format!("/ops/v1/orders/{number}/status_events")))
                .header("x-ops-key", OPS_KEY)
                .json(&json!({"status": "SHIPPED"}))
                .send()
                .await
                .expect("request")
                .status()
        };
        let (job, shipped) = tokio::join!(cancel(app, &number, Some(&token), ""), ship);
        let (_, detail) = app.get_json(&format!("/orders/history/v1/{number}"), Some(&token)).await;
        let statuses = line_statuses(&detail);
        let cancelled = job["status"] == "COMPLETED";
        let ship_won = shipped == StatusCode::OK;
        assert!(cancelled != ship_won, "round {round}: exactly one winner, cancel {job} ship {shipped}");
        if cancelled {
            cancels_won += 1;
            assert_eq!(statuses, ["CANCELLED", "CANCELLED"], "round {round}");
            assert_eq!(shipped, StatusCode::CONFLICT);
        } else {
            assert_eq!(statuses, ["SHIPPED", "SHIPPED"], "round {round}");
            assert_eq!(job["error"]["code"], "cancel-invalid-state", "round {round}");
        }
    }
    eprintln!("cancel won {cancels_won} of 50 rounds");
}
on_both_backends!(a_cancel_racing_a_shipped_event_has_one_winner, a_cancel_racing_a_shipped_event_has_one_winner);

/// The demo seed's cancellation and deferred-payment orders, placed relative to the seed's end time.
async fn demo_orders_can_be_cancelled_and_paid(app: &TestApp) {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let plan = server::seed::SeedPlan { members: 12, orders: 60, seed: 3, until_millis: app.clock.now_ms() };
    server::seed::run(&connected.db, &plan).await.expect("seed");
    connected.db.pool.close().await;
    let body = json!({"email": "shopper@example.com", "password": server::seed::DEMO_PASSWORD});
    let (status, answer) = app.post_json("/auth/v1/token", &body, false).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let token = answer["accessToken"].as_str().expect("token");
    let (_, member_order) = app.get_json("/orders/history/v1/C00000000101", Some(token)).await;
    assert_eq!(member_order["groups"][0]["actions"]["cancel"]["enabled"], true, "{member_order}");
    let (_, guest_order) = app.get_json("/orders/history/v1/C00000000102?filter=email(guest@example.com)", None).await;
    assert_eq!(guest_order["groups"][0]["actions"]["cancel"]["enabled"], true);
    for number in ["C00000000104", "C00000000105"] {
        let (_, held) = app.get_json(&format!("/orders/history/v1/{number}"), Some(token)).await;
        assert_eq!(held["actions"]["deferredPayment"]["enabled"], true, "{number}");
    }
    let job = cancel(app, "C00000000103", Some(token), "").await;
    assert_eq!(job["response"]["pendingModification"]["type"], "CANCEL_ORDER");
}
on_both_backends!(demo_orders_can_be_cancelled_and_paid, demo_orders_can_be_cancelled_and_paid);

/// A retried cancel with the same Idempotency-Key answers the first job; another body with it is 422.
async fn a_retried_cancel_answers_the_first_job(app: &TestApp) {
    let (upm_id, token) = app.member("retry@example.com").await;
    app.put_order(&fresh_order(app, "C5000008", Some(&upm_id), 1, "created")).await;
    let url = app.url("/order_mgmt/ordermods/v1/C5000008/cancelOrder");
    let send = |body: Value| {
        app.client.post(&url).bearer_auth(&token).header("idempotency-key", "cancel-C5000008").json(&body).send()
    };
    let first = send(cancel_body()).await.expect("first");
    assert_eq!(first.status(), StatusCode::ACCEPTED);
    let first: Value = first.json().await.expect("json");
    let again = send(cancel_body()).await.expect("again");
    assert_eq!(again.status(), StatusCode::ACCEPTED);
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    let again: Value = again.json().await.expect("json");
    assert_eq!(again["id"], first["id"], "the same job");
    let mut other = cancel_body();
    other["sourceOfRequest"] = json!("another");
    assert_eq!(send(other).await.expect("other").status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(sqlx_count(app).await, 1, "one job");
}
on_both_backends!(a_retried_cancel_answers_the_first_job, a_retried_cancel_answers_the_first_job);
