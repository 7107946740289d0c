//! Providers that time out or answer 5xx (issue 33): the HTTP adapters of the payment provider, the
//! carrier (a Korean return with a courier pickup; a US drop-off return's label) and the address validator, against
//! `orders sandbox-providers` started for each test and told to be slow or to fail. A shopper's request
//! is never held past the provider timeout; a job retries with backoff and ends FAILED with its code, or
//! completes once when the provider comes back.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use server::sandbox_providers::{FaultSettings, Sandbox};

use crate::helpers::{Backend, Options, TestApp, postgres_configured, spawn_app_with};
use crate::payments::{finished, held_order, pay_body};
use crate::returns::{capture_body, delivered_order, post, wait_job};

/// The provider timeout in these tests; the sandbox's "slow" is well past it.
const TIMEOUT_MS: u64 = 400;
const SLOW_MS: u64 = 1500;
/// Tries of a job before it ends FAILED (backoff 20 ms, 40 ms: the tests stay fast).
const ATTEMPTS: u32 = 3;
/// What a shopper's request may take at most: the timeout, and generous slack for a loaded machine.
const ANSWER_BOUND: Duration = Duration::from_millis(TIMEOUT_MS + 2000);

/// An app whose three providers are a sandbox of this test's own.
async fn app_with_providers(backend: Backend) -> (TestApp, Sandbox) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    let sandbox = Sandbox::default();
    tokio::spawn(server::sandbox_providers::serve(listener, sandbox.clone(), std::future::pending()));
    let options = Options {
        configure_with: Some(Box::new(move |settings| {
            settings.payment_provider_url = Some(url.clone());
            settings.carrier_api_url = Some(url.clone());
            settings.address_validator_url = Some(url);
            settings.provider_timeout_ms = TIMEOUT_MS;
            settings.provider_connect_timeout_ms = TIMEOUT_MS;
            settings.job_retry_base_ms = 20;
            settings.job_max_attempts = ATTEMPTS;
        })),
        ..Options::default()
    };
    (spawn_app_with(backend, options).await, sandbox)
}

async fn count(app: &TestApp, statement: &str) -> i64 {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let counted: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(statement.to_owned()))
        .fetch_one(&connected.db.pool)
        .await
        .expect("count");
    connected.db.pool.close().await;
    counted
}

fn failed_with(job: &Value) -> (Option<&str>, Option<&str>) {
    (job["status"].as_str(), job["error"]["code"].as_str())
}

const PAY: &str = "/payment/deferred_payment_forms/v1";

async fn a_payment_provider_that_times_out_or_fails(app: &TestApp, sandbox: &Sandbox) {
    let (upm_id, token) = app.member("slowpay@example.com").await;
    let token = Some(token.as_str());
    // (a) Slower than the timeout every time: the 202 comes at once, the job tries ATTEMPTS times and ends
    // FAILED service-unavailable, and the order may still be paid.
    app.put_order(&held_order("C7300001", Some(&upm_id), "alipay")).await;
    sandbox.faults.set(FaultSettings { delay_ms: SLOW_MS, fail_next: 0 });
    let started = Instant::now();
    let (status, created) = post(app, PAY, &pay_body("C7300001", "/orders/sales/C7300001"), token, None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{created}");
    assert!(started.elapsed() < ANSWER_BOUND, "the request waited {:?}", started.elapsed());
    let job = finished(app, &format!("{PAY}/{}", created["id"].as_str().expect("id")), token).await;
    assert_eq!(failed_with(&job), (Some("FAILED"), Some("service-unavailable")), "{job}");
    assert_eq!(sandbox.calls().received, u64::from(ATTEMPTS), "one call per try, no more");
    assert_eq!(count(app, "SELECT COUNT(*) FROM deferred_payments WHERE order_number = 'C7300001'").await, 0);
    let (_, detail) = app.get_json("/orders/history/v1/C7300001", token).await;
    assert_eq!(detail["actions"]["deferredPayment"]["enabled"], true, "the shopper may try again");

    // (b) 503 twice, then an answer: the job completes, with one payment at the provider and one here.
    sandbox.faults.set(FaultSettings { delay_ms: 0, fail_next: 2 });
    let before = sandbox.calls().received;
    let (status, created) = post(app, PAY, &pay_body("C7300001", "/orders/sales/C7300001"), token, None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{created}");
    let job = finished(app, &format!("{PAY}/{}", created["id"].as_str().expect("id")), token).await;
    assert_eq!(job["status"], "COMPLETED", "{job}");
    assert_eq!(sandbox.calls().received - before, 3, "two 503s, then the answer");
    assert_eq!(sandbox.calls().payments.len(), 1, "one payment at the provider");
    let payment_id = job["response"]["paymentId"].as_str().expect("payment id");
    assert_eq!(sandbox.calls().payments.values().next().map(String::as_str), Some(payment_id));
    assert_eq!(count(app, "SELECT COUNT(*) FROM deferred_payments WHERE order_number = 'C7300001'").await, 1);
}

const CAPTURE: &str = "/order_mgmt/user_return_captures/v1";

/// A member with a delivered order `number` and the capture body returning its line 1 by `method`.
async fn capture_of(app: &TestApp, email: &str, order: (&str, &str, &str), method: &str) -> (String, Value) {
    let (number, country, currency) = order;
    let (upm_id, token) = app.member(email).await;
    app.put_order(&delivered_order(app, number, Some(&upm_id), country, currency)).await;
    let (_, options) = app.get_json(&format!("/order_mgmt/return_options/v1/{number}"), Some(&token)).await;
    let body = capture_body(number, &options, method, "1", 1);
    (token, body)
}

/// The carrier never answers in time: the capture answers 202 at once, the job ends FAILED
/// service-unavailable after its tries (one carrier call each), no return is stored and the unit is free
/// to return again.
async fn a_slow_carrier_fails_the_capture(app: &TestApp, sandbox: &Sandbox, token: Option<&str>, body: &Value) {
    let number = body["orderNumber"].as_str().expect("orderNumber").to_owned();
    sandbox.faults.set(FaultSettings { delay_ms: SLOW_MS, fail_next: 0 });
    let started = Instant::now();
    let (status, accepted) = post(app, CAPTURE, body, token, None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
    assert!(started.elapsed() < ANSWER_BOUND, "the request waited {:?}", started.elapsed());
    let job = wait_job(app, accepted["jobId"].as_str().expect("job"), token, "").await;
    assert_eq!(failed_with(&job), (Some("FAILED"), Some("service-unavailable")), "{job}");
    assert_eq!(sandbox.calls().received, u64::from(ATTEMPTS), "one carrier call per try");
    let (_, options) = app.get_json(&format!("/order_mgmt/return_options/v1/{number}"), token).await;
    assert_eq!(options["orderLines"][0]["returnableQuantity"], 1, "the unit was given back");
    let returns = format!("SELECT COUNT(*) FROM returns WHERE parent_order_number = '{number}'");
    assert_eq!(count(app, &returns).await, 0);
}

async fn a_carrier_that_times_out_or_fails(app: &TestApp, sandbox: &Sandbox) {
    let (token, body) =
        capture_of(app, "slowcarrier@example.com", ("C7300002", "KR", "KRW"), "courierPickup|cj-logistics").await;
    let token = Some(token.as_str());

    // (a) The carrier never answers in time.
    a_slow_carrier_fails_the_capture(app, sandbox, token, &body).await;
    assert!(sandbox.calls().pickups.is_empty());

    // A refusal over HTTP (422, a bad postal code) is definitive: DENIED at once, no retry.
    sandbox.faults.set(FaultSettings::default());
    let before = sandbox.calls().received;
    let mut refused = body.clone();
    refused["pickup"]["address"]["postalCode"] = json!("ABC");
    let (_, accepted) = post(app, CAPTURE, &refused, token, None).await;
    let job = wait_job(app, accepted["jobId"].as_str().expect("job"), token, "").await;
    assert_eq!(failed_with(&job), (Some("DENIED"), Some("carrier-pickup-refused")), "{job}");
    assert_eq!(sandbox.calls().received - before, 1, "a refusal is not retried");

    // (b) 503 twice, then the booking: the return is made once, with one pickup at the carrier.
    sandbox.faults.set(FaultSettings { delay_ms: 0, fail_next: 2 });
    let before = sandbox.calls().received;
    let (_, accepted) = post(app, CAPTURE, &body, token, None).await;
    let job = wait_job(app, accepted["jobId"].as_str().expect("job"), token, "").await;
    assert_eq!(job["status"], "COMPLETED", "{job}");
    assert_eq!(sandbox.calls().received - before, 3);
    let pickups = sandbox.calls().pickups;
    assert_eq!(pickups.len(), 1, "one pickup booked");
    let rn = job["response"]["returnOrderNumber"].as_str().expect("rn");
    assert_eq!(pickups.get(rn), job["response"]["pickup"]["confirmation"].as_str().map(str::to_owned).as_ref());
    let (_, history) = app.get_json("/orders/history/v1?filter=orderType(RETURN_ORDER)", token).await;
    assert_eq!(history["orderItems"].as_array().map_or(0, Vec::len), 1, "one RETURN_ORDER");
}

/// The label a return stored: (tracking number, drop-off code), one row at most per return.
async fn stored_label(app: &TestApp, rn: &str) -> Option<(String, String)> {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let row: Option<(String, String)> =
        sqlx::query_as("SELECT tracking_number, drop_off_code FROM return_labels WHERE return_order_number = $1")
            .bind(rn)
            .fetch_optional(&connected.db.pool)
            .await
            .expect("query");
    connected.db.pool.close().await;
    row
}

/// The text a one-page PDF shows (its content stream, where the label's lines are literal strings).
fn pdf_text(pdf: &[u8]) -> String {
    let document = lopdf::Document::load_mem(pdf).expect("the label is a PDF");
    let page = *document.get_pages().values().next().expect("a page");
    String::from_utf8_lossy(&document.get_page_content(page).expect("content")).into_owned()
}

async fn a_carrier_label_that_times_out_or_fails(app: &TestApp, sandbox: &Sandbox) {
    use base64::Engine;
    let (token, body) = capture_of(app, "slowlabel@example.com", ("C7300003", "US", "USD"), "upsDropoff|ups").await;
    let token = Some(token.as_str());

    // (a) The carrier's label API never answers in time: nothing is stored either.
    a_slow_carrier_fails_the_capture(app, sandbox, token, &body).await;
    assert!(sandbox.calls().labels.is_empty());
    assert_eq!(count(app, "SELECT COUNT(*) FROM return_labels").await, 0);

    // (b) 503 twice, then the label: the return is made once, with one label at the carrier and one here.
    sandbox.faults.set(FaultSettings { delay_ms: 0, fail_next: 2 });
    let before = sandbox.calls().received;
    let (_, accepted) = post(app, CAPTURE, &body, token, None).await;
    let job = wait_job(app, accepted["jobId"].as_str().expect("job"), token, "").await;
    assert_eq!(job["status"], "COMPLETED", "{job}");
    assert_eq!(job["response"]["labelAvailable"], true, "{job}");
    assert_eq!(sandbox.calls().received - before, 3, "two 503s, then the label");
    let rn = job["response"]["returnOrderNumber"].as_str().expect("rn");
    let labels = sandbox.calls().labels;
    assert_eq!(labels.keys().collect::<Vec<_>>(), [rn], "one label created at the carrier");
    let (tracking, code) = stored_label(app, rn).await.expect("the label is stored");
    assert_eq!(Some(&tracking), labels.get(rn), "the carrier's tracking number is stored");
    assert_eq!(count(app, "SELECT COUNT(*) FROM return_labels").await, 1);

    // The label page draws the stored label: no carrier call while the shopper waits, and the PDF shows
    // the carrier's tracking number and drop-off code.
    let before = sandbox.calls().received;
    let (status, label) = app.get_json(&format!("/order_mgmt/user_return_labels/v1/{rn}"), token).await;
    assert_eq!(status, StatusCode::OK, "{label}");
    assert_eq!(sandbox.calls().received, before, "the label page calls no carrier");
    assert_eq!(
        (label["trackingNumber"].as_str(), label["dropOffCode"]["data"].as_str()),
        (Some(&*tracking), Some(&*code))
    );
    let pdf =
        base64::engine::general_purpose::STANDARD.decode(label["returnLabel"].as_str().expect("pdf")).expect("base64");
    let text = pdf_text(&pdf);
    assert!(text.contains(&format!("(Tracking {tracking})")), "the PDF prints the tracking number");
    // The sender is the shopper as the order's shipping address names them, and the service is said in
    // words: no stand-in "Customer", no carrier code (walk polish 7).
    assert!(text.contains("(Alex Shopper)") && text.contains("(1 Main St)"), "{text}");
    assert!(text.contains("(Drop-off)") && !text.contains("Customer") && !text.contains(" / "), "{text}");
    // What is drawn is the stored row, not a number the portal works out itself: a carrier's own numbers
    // (here written into the row) are what the shopper prints.
    crate::returns::sql(
        app,
        &format!("UPDATE return_labels SET tracking_number = '1ZCARRIER0042' WHERE return_order_number = '{rn}'"),
    )
    .await;
    let (_, label) = app.get_json(&format!("/order_mgmt/user_return_labels/v1/{rn}"), token).await;
    assert_eq!(label["trackingNumber"], "1ZCARRIER0042", "{label}");
    let pdf =
        base64::engine::general_purpose::STANDARD.decode(label["returnLabel"].as_str().expect("pdf")).expect("base64");
    assert!(pdf_text(&pdf).contains("(Tracking 1ZCARRIER0042)"));
}

async fn an_address_validator_that_times_out_or_fails(app: &TestApp, sandbox: &Sandbox) {
    let (_, token) = app.member("slowcheck@example.com").await;
    let address = json!({"country": "US", "nameGiven": "Jane", "nameFamily": "Carter", "line1": "1 market st",
        "locality": "San Francisco", "province": "CA", "code": "94105", "phone": "5035550100"});
    let body = json!({"address": address, "language": "en"});
    let validate = || app.client.post(app.url("/address/validation/v1")).bearer_auth(&token).json(&body).send();

    // Slower than the timeout: 503 service-unavailable with Retry-After, within the bound.
    sandbox.faults.set(FaultSettings { delay_ms: SLOW_MS, fail_next: 0 });
    let started = Instant::now();
    let response = validate().await.expect("request");
    assert!(started.elapsed() < ANSWER_BOUND, "the request waited {:?}", started.elapsed());
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(response.headers().get("retry-after").and_then(|v| v.to_str().ok()), Some("5"));
    let answer: Value = response.json().await.expect("json");
    assert_eq!(answer["code"], "service-unavailable", "{answer}");

    // A 503 is answered as one (no retry loop inside the request); the next call, answered, suggests.
    sandbox.faults.set(FaultSettings { delay_ms: 0, fail_next: 1 });
    let before = sandbox.calls().received;
    assert_eq!(validate().await.expect("request").status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(sandbox.calls().received - before, 1, "one call per request");
    let response = validate().await.expect("request");
    assert_eq!(response.status(), StatusCode::OK);
    let answer: Value = response.json().await.expect("json");
    assert_eq!(answer["validatedAddress"]["line1"], "1 Market Street", "{answer}");
    assert_eq!(sandbox.calls().verifications, 1);
}

/// One test per backend with an app on its own providers' sandbox.
macro_rules! with_providers {
    ($name:ident, $body:path) => {
        mod $name {
            use super::*;

            #[tokio::test]
            async fn sqlite() {
                let (app, sandbox) = app_with_providers(Backend::Sqlite).await;
                $body(&app, &sandbox).await;
                app.finish().await;
            }

            #[tokio::test]
            async fn postgres() {
                if !postgres_configured() {
                    return;
                }
                let (app, sandbox) = app_with_providers(Backend::Postgres).await;
                $body(&app, &sandbox).await;
                app.finish().await;
            }
        }
    };
}

with_providers!(payment_provider_faults, a_payment_provider_that_times_out_or_fails);
with_providers!(carrier_faults, a_carrier_that_times_out_or_fails);
with_providers!(carrier_label_faults, a_carrier_label_that_times_out_or_fails);
with_providers!(address_validator_faults, an_address_validator_that_times_out_or_fails);
