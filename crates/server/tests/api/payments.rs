//! Deferred payment (issue 11 part 3): the job answers a form or a QR code, the sandbox provider's
//! approve and decline call our webhook signed, and an unsigned, forged, stale or replayed callback
//! changes nothing. Every new endpoint answers another caller with the 404 of a missing object.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use server::payments::routes::{WEBHOOK_PATH, WEBHOOK_SECRET, signed_message};

use crate::helpers::{TestApp, order};
use crate::on_both_backends;

pub(crate) fn held_order(number: &str, upm_id: Option<&str>, payment_type: &str) -> Value {
    let mut body = order(number, upm_id, "2026-11-01T10:00:00Z");
    body["payments"] = json!([{"paymentType": payment_type}]);
    body["paymentHoldFlag"] = json!(true);
    body["paymentApprovalId"] = json!("APR-1");
    for line in body["lines"].as_array_mut().expect("lines") {
        line["status"] = json!("created");
        line["trackingUrl"] = Value::Null;
    }
    body
}

pub(crate) fn pay_body(number: &str, return_url: &str) -> Value {
    json!({"request": {"approvalId": "APR-1", "experienceType": "DESKTOP", "orderNumber": number, "returnURL": return_url}})
}

async fn post(app: &TestApp, path: &str, body: &Value, token: Option<&str>) -> (StatusCode, Value) {
    app.call(reqwest::Method::POST, path, token, Some(body)).await
}

pub(crate) async fn finished(app: &TestApp, path: &str, token: Option<&str>) -> Value {
    for _ in 0..200 {
        let (status, job) = app.get_json(path, token).await;
        assert_eq!(status, StatusCode::OK, "{job}");
        if !matches!(job["status"].as_str(), Some("PENDING" | "IN_PROGRESS")) {
            return job;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the payment job did not end");
}

/// Starts a payment for the member's order and answers the finished job.
pub(crate) async fn start_payment(app: &TestApp, number: &str, token: &str, endpoint: &str) -> Value {
    let (status, created) =
        post(app, endpoint, &pay_body(number, &format!("/orders/sales/{number}?payment=success")), Some(token)).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{created}");
    finished(app, &format!("{endpoint}/{}", created["id"].as_str().expect("id")), Some(token)).await
}

pub(crate) fn no_redirects() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().expect("client")
}

async fn approve_settles_the_payment_hold(app: &TestApp) {
    let (upm_id, token) = app.member("payer@example.com").await;
    app.put_order(&held_order("C7000001", Some(&upm_id), "alipay")).await;
    let (_, detail) = app.get_json("/orders/history/v1/C7000001", Some(&token)).await;
    assert_eq!(detail["actions"]["deferredPayment"]["enabled"], true, "{}", detail["actions"]);
    assert_eq!(detail["fullOrderStatus"]["simpleStatus"], "paymentPending");

    let job = start_payment(app, "C7000001", &token, "/payment/deferred_payment_forms/v1").await;
    assert_eq!(job["status"], "COMPLETED", "{job}");
    let form = &job["response"]["form"];
    assert_eq!(form["method"], "GET");
    let action = form["action"].as_str().expect("action");
    assert!(action.starts_with("/sandbox/payments/"), "{form}");
    let qr = job["response"]["qrCodeURL"].as_str().expect("alipay shows a QR code");
    let image = app.get(qr, None).await;
    assert_eq!(image.status(), StatusCode::OK);
    assert_eq!(image.headers()["content-type"], "image/png");
    let page = app.get(action, None).await.text().await.expect("page");
    assert!(page.contains("Approve payment") && page.contains("C7000001"));
    // The provider's brand and a price with its cents, not the internal code and a bare decimal (walk polish 15).
    let said = page.split("C7000001: ").nth(1).and_then(|rest| rest.split("</p>").next()).unwrap_or_default();
    let (amount, brand) = said.split_once(" USD by ").unwrap_or_default();
    assert_eq!(brand, "Alipay", "{page}");
    assert!(amount.split_once('.').is_some_and(|(_, cents)| cents.len() == 2), "{said}");

    let response = no_redirects().post(app.url(&format!("{action}/approve"))).send().await.expect("approve");
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(response.headers()["location"], "/orders/sales/C7000001?payment=success");
    let (_, detail) = app.get_json("/orders/history/v1/C7000001", Some(&token)).await;
    assert_eq!(detail["paymentHoldFlag"], false);
    assert!(detail["actions"]["deferredPayment"].is_null());
    assert_eq!(detail["fullOrderStatus"]["simpleStatus"], "ordered");
    // The history rows were written again with the settlement (ADR 0010): current, and no longer pending.
    assert!(crate::ready_rows::rows_are_current(app, "C7000001").await, "the settlement rewrote the history rows");
    let (_, history) = app.get_json("/orders/history/v1", Some(&token)).await;
    assert_eq!(history["orderItems"][0]["lineItemStatus"]["simpleStatus"], "ordered", "{history}");
    let kinds: Vec<&str> =
        detail["moneyTimeline"].as_array().into_iter().flatten().filter_map(|e| e["kind"].as_str()).collect();
    assert_eq!(kinds, ["settled"], "no charge while on hold, then the settlement");
    // A second decision on a settled payment changes nothing.
    let again = no_redirects().post(app.url(&format!("{action}/decline"))).send().await.expect("decline");
    assert_eq!(again.status(), StatusCode::SEE_OTHER);
    let (_, detail) = app.get_json("/orders/history/v1/C7000001", Some(&token)).await;
    assert_eq!(detail["paymentHoldFlag"], false);
}
on_both_backends!(approve_settles_the_payment_hold, approve_settles_the_payment_hold);

async fn decline_keeps_the_hold_and_wechat_answers_a_qr_code(app: &TestApp) {
    let (upm_id, token) = app.member("decliner@example.com").await;
    app.put_order(&held_order("C7000002", Some(&upm_id), "klarna")).await;
    let job = start_payment(app, "C7000002", &token, "/payment/deferred_payment_forms/v2").await;
    let action = job["response"]["form"]["action"].as_str().expect("action").to_owned();
    let response = no_redirects().post(app.url(&format!("{action}/decline"))).send().await.expect("decline");
    assert_eq!(response.headers()["location"], "/orders/sales/C7000002?payment=failure");
    let (_, detail) = app.get_json("/orders/history/v1/C7000002", Some(&token)).await;
    assert_eq!(detail["paymentHoldFlag"], true);
    assert_eq!(detail["actions"]["deferredPayment"]["enabled"], true);

    app.put_order(&held_order("C7000003", Some(&upm_id), "wechat")).await;
    let job = start_payment(app, "C7000003", &token, "/payment/deferred_wechat_payments/v1").await;
    assert!(job["response"]["form"].is_null(), "{job}");
    assert!(job["response"]["qrCodeURL"].as_str().is_some_and(|url| url.ends_with("/qr.png")));
}
on_both_backends!(
    decline_keeps_the_hold_and_wechat_answers_a_qr_code,
    decline_keeps_the_hold_and_wechat_answers_a_qr_code
);

async fn callback(app: &TestApp, body: &[u8], timestamp: &str, nonce: &str, signature: Option<&str>) -> StatusCode {
    let mut request = app
        .client
        .post(app.url(WEBHOOK_PATH))
        .header("content-type", "application/json")
        .header("x-sandbox-timestamp", timestamp)
        .header("x-sandbox-nonce", nonce)
        .body(body.to_vec());
    if let Some(signature) = signature {
        request = request.header("x-sandbox-signature", signature);
    }
    request.send().await.expect("callback").status()
}

async fn webhook_needs_a_fresh_valid_signature(app: &TestApp) {
    let (upm_id, token) = app.member("hook@example.com").await;
    app.put_order(&held_order("C7000004", Some(&upm_id), "unionpay")).await;
    let job = start_payment(app, "C7000004", &token, "/payment/deferred_payment_forms/v1").await;
    let payment_id = job["response"]["paymentId"].as_str().expect("paymentId");
    let body = serde_json::to_vec(&json!({"paymentId": payment_id, "outcome": "APPROVED"})).expect("body");
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let secret = server::secrets::load_or_create(&connected.db, WEBHOOK_SECRET).await.expect("secret");
    let now = app.clock.now_ms().to_string();
    let sign =
        |timestamp: &str, nonce: &str, key: &[u8]| server::secrets::sign(key, &signed_message(timestamp, nonce, &body));

    assert_eq!(callback(app, &body, &now, "n1", None).await, StatusCode::UNAUTHORIZED, "unsigned");
    assert_eq!(callback(app, &body, &now, "n1", Some(&sign(&now, "n1", b"wrong key"))).await, StatusCode::UNAUTHORIZED);
    assert_eq!(
        callback(app, &body, &now, "n1", Some(&sign(&now, "n2", &secret))).await,
        StatusCode::UNAUTHORIZED,
        "nonce swapped"
    );
    let stale = (app.clock.now_ms() - 10 * 60 * 1000).to_string();
    assert_eq!(
        callback(app, &body, &stale, "n3", Some(&sign(&stale, "n3", &secret))).await,
        StatusCode::UNAUTHORIZED,
        "stale"
    );
    let (_, detail) = app.get_json("/orders/history/v1/C7000004", Some(&token)).await;
    assert_eq!(detail["paymentHoldFlag"], true, "refused callbacks changed nothing");

    assert_eq!(callback(app, &body, &now, "n4", Some(&sign(&now, "n4", &secret))).await, StatusCode::OK);
    assert_eq!(
        callback(app, &body, &now, "n4", Some(&sign(&now, "n4", &secret))).await,
        StatusCode::CONFLICT,
        "replayed"
    );
    let (_, detail) = app.get_json("/orders/history/v1/C7000004", Some(&token)).await;
    assert_eq!(detail["paymentHoldFlag"], false);
    let settled = detail["moneyTimeline"].as_array().into_iter().flatten().filter(|e| e["kind"] == "settled").count();
    assert_eq!(settled, 1, "settled once");
    connected.db.pool.close().await;
}
on_both_backends!(webhook_needs_a_fresh_valid_signature, webhook_needs_a_fresh_valid_signature);

async fn nobody_else_starts_or_sees_a_payment(app: &TestApp) {
    let (upm_id, token) = app.member("holder@example.com").await;
    let (_, other) = app.member("stranger@example.com").await;
    app.put_order(&held_order("C7000005", Some(&upm_id), "alipay")).await;
    let endpoint = "/payment/deferred_payment_forms/v1";
    let missing = post(app, endpoint, &pay_body("C7999999", "/orders"), Some(&other)).await;
    assert_eq!(missing.0, StatusCode::NOT_FOUND);
    assert_eq!(post(app, endpoint, &pay_body("C7000005", "/orders"), Some(&other)).await, missing);
    assert_eq!(post(app, endpoint, &pay_body("C7000005", "/orders"), None).await, missing);

    let (status, created) = post(app, endpoint, &pay_body("C7000005", "/orders"), Some(&token)).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let id = created["id"].as_str().expect("id");
    let missing_job = app.get_json(&format!("{endpoint}/00000000-0000-4000-8000-000000000000"), Some(&other)).await;
    assert_eq!(missing_job.0, StatusCode::NOT_FOUND);
    assert_eq!(app.get_json(&format!("{endpoint}/{id}"), Some(&other)).await, missing_job);
    assert_eq!(
        app.get_json(&format!("{endpoint}/{id}?filter=email(guest.shopper@example.com)"), None).await.0,
        StatusCode::NOT_FOUND,
        "a guest with the order's e-mail did not start this job"
    );
    // A cancel job id is not a payment job.
    assert_eq!(
        app.get_json(&format!("/order_mgmt/ordermods/v1/jobs/{id}"), Some(&token)).await.0,
        StatusCode::NOT_FOUND
    );

    for (body, field) in [
        (pay_body("C7000005", "https://evil.example/"), "request.returnURL"),
        (pay_body("C7000005", "//evil.example/"), "request.returnURL"),
        (
            json!({"request": {"approvalId": "OTHER", "experienceType": "DESKTOP", "orderNumber": "C7000005", "returnURL": "/orders"}}),
            "request.approvalId",
        ),
        (
            json!({"request": {"approvalId": "APR-1", "experienceType": "TV", "orderNumber": "C7000005", "returnURL": "/orders"}}),
            "request.experienceType",
        ),
    ] {
        let (status, answer) = post(app, endpoint, &body, Some(&token)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert!(answer.to_string().contains(field), "{answer}");
    }
}
on_both_backends!(nobody_else_starts_or_sees_a_payment, nobody_else_starts_or_sees_a_payment);

/// Lines cancelled by the retailer's systems (ops API or bulk load, no cancel through the portal) are not
/// charged: the detail's `chargedPrice` leaves them out, and the money timeline lists them as released
/// (the browser walk's M13: "Charged $1,096.20" on a mixed order whose $910 of lines were cancelled).
async fn lines_cancelled_elsewhere_are_not_charged(app: &TestApp) {
    let (upm_id, token) = app.member("mixed@example.com").await;
    let mut mixed = order("C7100001", Some(&upm_id), "2026-11-01T10:00:00Z");
    mixed["lines"][1]["status"] = json!("Cancelled");
    mixed["lines"][1]["itemDates"] = json!({"cancelled": "2026-11-02T09:00:00Z"});
    app.put_order(&mixed).await;
    let (status, detail) = app.get_json("/orders/history/v1/C7100001", Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "{detail}");
    // Shoe 120 + tax 9.60, tees 2 x 25 + tax 4, shipping 7.50.
    assert_eq!(detail["transaction"]["orderTotal"], json!(191.1));
    assert_eq!(detail["transaction"]["chargedPrice"], json!(137.1), "the cancelled tees (54.00) are not charged");
    let timeline = detail["moneyTimeline"].as_array().expect("moneyTimeline");
    let events: Vec<(&str, f64)> =
        timeline.iter().map(|e| (e["kind"].as_str().unwrap_or(""), e["amount"].as_f64().unwrap_or(0.0))).collect();
    assert_eq!(events, [("charged", 191.1), ("released", 54.0)], "{timeline:?}");
    assert_eq!(timeline[1]["date"], "2026-11-02T09:00:00Z", "released when the lines were cancelled");

    // Cancelled whole: nothing charged, shipping included.
    let mut whole = order("C7100002", Some(&upm_id), "2026-11-01T10:00:00Z");
    for line in whole["lines"].as_array_mut().expect("lines") {
        line["status"] = json!("Cancelled");
    }
    app.put_order(&whole).await;
    let (_, detail) = app.get_json("/orders/history/v1/C7100002", Some(&token)).await;
    assert_eq!(detail["transaction"]["chargedPrice"], json!(0.0));
    let amounts: Vec<f64> = detail["moneyTimeline"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["kind"] == "released")
        .filter_map(|e| e["amount"].as_f64())
        .collect();
    assert_eq!(amounts, [191.1], "all of the charge released, at the order date as no line says when");

    // An order with nothing cancelled has no release.
    app.put_order(&order("C7100003", Some(&upm_id), "2026-11-01T10:00:00Z")).await;
    let (_, detail) = app.get_json("/orders/history/v1/C7100003", Some(&token)).await;
    assert_eq!(detail["transaction"]["chargedPrice"], detail["transaction"]["orderTotal"]);
    assert_eq!(detail["moneyTimeline"].as_array().map(Vec::len), Some(1), "{}", detail["moneyTimeline"]);
}
on_both_backends!(lines_cancelled_elsewhere_are_not_charged, lines_cancelled_elsewhere_are_not_charged);
