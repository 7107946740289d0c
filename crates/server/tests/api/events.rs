//! Events out (issue 32): every effect is an event in the outbox, read as a feed that pages without
//! repeats or skips, delivered as signed Standard Webhooks (retried, in order, filtered), replayed on
//! request, and published to NATS JetStream.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{Backend, OPS_KEY, Options, TestApp, spawn_app_beside, spawn_app_with, spawn_postgres_app};
use crate::on_both_backends;

/// The event types docs/events.md describes (its `### \`kind\`` headings whose name has a dot), in its
/// order: the catalogue the issue named, checked against the server's own list below.
fn documented_types() -> Vec<String> {
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/events.md")).expect("docs");
    docs.lines()
        .filter_map(|line| line.strip_prefix("### `")?.strip_suffix('`'))
        .filter(|kind| kind.contains('.'))
        .map(str::to_owned)
        .collect()
}

/// An ops call (X-Ops-Key) with an optional JSON body.
async fn ops(app: &TestApp, method: Method, path: &str, body: Option<&Value>) -> (StatusCode, Value) {
    crate::helpers::answer(app.request(method, path, None, body).header("x-ops-key", OPS_KEY)).await
}

/// The whole feed, paged with `limit`; panics on a repeated id.
async fn feed(app: &TestApp, limit: usize) -> Vec<Value> {
    let mut events = Vec::new();
    let mut after = String::new();
    loop {
        let path = format!("/ops/v1/events?limit={limit}&after={after}");
        let (status, page) = ops(app, Method::GET, &path, None).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let data = page["data"].as_array().cloned().unwrap_or_default();
        assert!(data.len() <= limit);
        after = page["next"].as_str().expect("next").to_owned();
        if data.is_empty() {
            break;
        }
        events.extend(data);
    }
    let ids: BTreeSet<&str> = events.iter().filter_map(|event| event["id"].as_str()).collect();
    assert_eq!(ids.len(), events.len(), "no event twice");
    events
}

/// Polls the feed until `done` holds (up to 15 s).
async fn feed_until(app: &TestApp, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    for _ in 0..150 {
        let events = feed(app, 50).await;
        if done(&events) {
            return events;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    feed(app, 50).await
}

fn of_type<'e>(events: &'e [Value], kind: &str) -> Vec<&'e Value> {
    events.iter().filter(|event| event["type"] == kind).collect()
}

/// Drives every effect through the API as the other tests do.
async fn every_effect_is_an_event(app: &TestApp) {
    let (upm_id, token) = app.member("events@example.com").await;
    // consent.changed, address.changed
    let (status, _) =
        crate::consent::put(app, "/consent/v1/marketingEmail", Some(&token), false, &json!({"granted": true})).await;
    assert_eq!(status, StatusCode::OK);
    let (status, created) = crate::addresses::add_us_address(app, &upm_id, &token).await;
    assert!(status.is_success(), "{created}");
    // gift_card.locked: ten wrong PINs.
    crate::gift_cards::load_card(app).await;
    for _ in 0..10 {
        crate::gift_cards::balance(app, crate::gift_cards::CARD, "000000").await;
    }
    // Cancellation: at once, pending then confirmed by ops, and refused after the window.
    use crate::cancellation::{cancel, fresh_order, status_event};
    app.put_order(&fresh_order(app, "E1000001", Some(&upm_id), 2, "created")).await;
    assert_eq!(cancel(app, "E1000001", Some(&token), "").await["status"], "COMPLETED");
    app.put_order(&fresh_order(app, "E1000002", Some(&upm_id), 2, "sent to warehouse")).await;
    assert_eq!(cancel(app, "E1000002", Some(&token), "").await["status"], "COMPLETED");
    assert_eq!(status_event(app, "E1000002", "CANCELLED").await.0, StatusCode::OK);
    app.put_order(&fresh_order(app, "E1000003", Some(&upm_id), 90, "created")).await;
    assert_eq!(cancel(app, "E1000003", Some(&token), "").await["status"], "DENIED");
    // Returns: capture (requested, created, label), a status event, bank details.
    app.put_order(&crate::returns::delivered_order(app, "E2000001", Some(&upm_id), "NL", "EUR")).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/E2000001", Some(&token)).await;
    let body = crate::returns::capture_body("E2000001", &options, "PAPERLESS_RETURN|postnl", "1", 1);
    let (status, accepted) =
        crate::returns::post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
    let rn = accepted["response"]["returnOrderNumber"].as_str().expect("rn").to_owned();
    crate::returns::wait_job(app, accepted["jobId"].as_str().expect("job"), Some(&token), "").await;
    let (status, answer) =
        app.post_json(&format!("/ops/v1/returns/{rn}/events"), &json!({"status": "received"}), true).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let refund = json!({"accountDetails": {"iban": "nl91 abna 0417 1643 00", "owner": {"firstName": "Anna", "lastName": "Visser"}},
                        "email": "anna@example.com", "orderNumber": "E2000001"});
    let (status, answer) = crate::returns::post(app, "/order_mgmt/bank_refund/v1", &refund, Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // A courier that refuses the pickup address: the return is refused.
    app.put_order(&crate::returns::delivered_order(app, "E2000002", Some(&upm_id), "KR", "KRW")).await;
    let (_, options) = app.get_json("/order_mgmt/return_options/v1/E2000002", Some(&token)).await;
    let mut body = crate::returns::capture_body("E2000002", &options, "courierPickup|cj-logistics", "1", 1);
    body["pickup"]["address"]["postalCode"] = json!("ABC");
    let (status, refused) =
        crate::returns::post(app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{refused}");
    let job = crate::returns::wait_job(app, refused["jobId"].as_str().expect("job"), Some(&token), "").await;
    assert_eq!(job["status"], "DENIED", "{job}");
    // Curbside: arrived, then claimed by the store.
    let (status, answer) =
        app.post_json("/ops/v1/stores", &crate::curbside::store("S-EVT", true, &["curbside", "pickup"]), true).await;
    assert!(status.is_success(), "{answer}");
    app.put_order(&crate::curbside::ready_order("E3000001", Some(&upm_id), "S-EVT")).await;
    let (_, offer) = crate::curbside::offer(app, "E3000001", Some(&token), "").await;
    let qr = offer["qrId"].as_str().expect("qrId").to_owned();
    let arrival = crate::curbside::request("E3000001", "S-EVT", &qr, "Blue Subaru, bay 2");
    let (status, pickup, _) =
        crate::curbside::send(app, Method::POST, "/store/order_pickups/v1", Some(&token), Some(&arrival)).await;
    assert_eq!(status, StatusCode::CREATED, "{pickup}");
    let id = pickup["id"].as_str().expect("id");
    let key = crate::curbside::store_key(app, "S-EVT").await;
    let claim = format!("/ops/v1/stores/S-EVT/order_pickups/{id}/claim");
    assert_eq!(crate::curbside::console(app, &key, Method::POST, &claim).await.0, StatusCode::OK);
    // Payments: one approved, one declined.
    for (number, decision) in [("E4000001", "approve"), ("E4000002", "decline")] {
        app.put_order(&crate::payments::held_order(number, Some(&upm_id), "alipay")).await;
        let job = crate::payments::start_payment(app, number, &token, "/payment/deferred_payment_forms/v1").await;
        let action = job["response"]["form"]["action"].as_str().expect("action").to_owned();
        let decided = crate::payments::no_redirects().post(app.url(&format!("{action}/{decision}"))).send().await;
        assert_eq!(decided.expect("decision").status(), StatusCode::SEE_OTHER);
    }
    // E-invoice: requested, then issued by its job.
    app.put_order(&crate::einvoice::china_order("E5000001", Some(&upm_id), "Delivered")).await;
    let path = "/orders/einvoice/v1/E5000001";
    let (status, answer) =
        crate::einvoice::post(app, path, Some(&token), &json!({"titleType": "PERSONAL", "title": "张三"})).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
    crate::einvoice::wait_issued(app, path, Some(&token)).await;

    let types = documented_types();
    let events = feed_until(app, |events| types.iter().all(|kind| !of_type(events, kind).is_empty())).await;
    let missing: Vec<&String> = types.iter().filter(|kind| of_type(&events, kind).is_empty()).collect();
    assert!(missing.is_empty(), "no event of {missing:?} in {events:#?}");
    for event in &events {
        assert!(event["id"].as_str().is_some_and(|id| uuid::Uuid::parse_str(id).is_ok()), "{event}");
        let at = event["timestamp"].as_str().expect("timestamp");
        assert!(chrono::DateTime::parse_from_rfc3339(at).is_ok(), "{event}");
        assert!(event["data"].is_object(), "{event}");
    }
    // The ids and fields a receiver acts on.
    let cancelled = of_type(&events, "order.cancelled");
    let sources: BTreeSet<(&str, &str)> = cancelled
        .iter()
        .map(|e| (e["data"]["orderNumber"].as_str().unwrap_or(""), e["data"]["source"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(sources, BTreeSet::from([("E1000001", "shopper"), ("E1000002", "ops")]));
    assert_eq!(of_type(&events, "order.cancel_pending")[0]["data"]["orderNumber"], "E1000002");
    let denied = &of_type(&events, "order.cancel_denied")[0]["data"];
    assert_eq!(
        (denied["orderNumber"].as_str(), denied["code"].as_str()),
        (Some("E1000003"), Some("cancel-window-expired"))
    );
    let requested = &of_type(&events, "return.requested")[0]["data"];
    assert_eq!(requested["returnOrderNumber"], rn.as_str());
    assert_eq!(requested["orderNumber"], "E2000001");
    assert_eq!(requested["lines"][0]["quantity"], 1);
    assert!(requested["method"].as_str().is_some_and(|method| !method.is_empty()));
    assert_eq!(of_type(&events, "return.created")[0]["data"]["returnOrderNumber"], rn.as_str());
    assert_eq!(of_type(&events, "return.label_created")[0]["data"]["carrierId"], "postnl");
    assert_eq!(of_type(&events, "return.status_changed")[0]["data"]["status"], "returnInProcess");
    let refused = &of_type(&events, "return.refused")[0]["data"];
    assert_eq!(
        (refused["orderNumber"].as_str(), refused["code"].as_str()),
        (Some("E2000002"), Some("carrier-pickup-refused"))
    );
    assert_eq!(of_type(&events, "return.bank_refund_details_added")[0]["data"]["ibanLast4"], "4300");
    let arrived = &of_type(&events, "pickup.arrived")[0]["data"];
    assert_eq!((arrived["orderNumber"].as_str(), arrived["storeId"].as_str()), (Some("E3000001"), Some("S-EVT")));
    assert_eq!(of_type(&events, "pickup.status_changed")[0]["data"]["status"], "CLAIMED");
    assert_eq!(of_type(&events, "payment.approved")[0]["data"]["orderNumber"], "E4000001");
    assert_eq!(of_type(&events, "payment.declined")[0]["data"]["orderNumber"], "E4000002");
    assert_eq!(of_type(&events, "einvoice.issued")[0]["data"]["orderNumber"], "E5000001");
    assert_eq!(of_type(&events, "gift_card.locked")[0]["data"]["cardLast4"], "2345");
    assert_eq!(of_type(&events, "gift_card.locked").len(), 1);
    assert_eq!(of_type(&events, "address.changed")[0]["data"]["upmId"], upm_id.as_str());
    assert_eq!(of_type(&events, "consent.changed")[0]["data"]["granted"], true);
    // Never a PIN, a full card number, a full IBAN or a token.
    let text = serde_json::to_string(&events).expect("text");
    for secret in ["0417164300", "NL91ABNA", "6060123456789012345", "123456\"", token.as_str(), qr.as_str()] {
        assert!(!text.contains(secret), "{secret} is in an event");
    }
}
on_both_backends!(every_effect_is_an_event, every_effect_is_an_event);

/// Concurrent writers, then pages of 7: each event once, none skipped, and a cursor from nowhere refused.
async fn the_feed_pages_without_repeats_or_skips(app: &TestApp) {
    let (upm_id, token) = app.member("pager@example.com").await;
    let mut writers = Vec::new();
    for index in 0..24 {
        let (client, url, token) = (app.client.clone(), app.url("/consent/v1/marketingEmail"), token.clone());
        let upm = upm_id.clone();
        writers.push(tokio::spawn(async move {
            let granted = index % 2 == 0;
            let request = if index % 3 == 0 {
                client
                    .put(url.replace("/consent/v1/", &format!("/ops/v1/members/{upm}/consent/")))
                    .header("x-ops-key", OPS_KEY)
            } else {
                client.put(url).bearer_auth(token)
            };
            request.json(&json!({"granted": granted})).send().await.expect("request").status()
        }));
    }
    // Read while they write: a page taken in between must not make a later page skip anything.
    let mut seen: Vec<String> = Vec::new();
    let mut after = String::new();
    for writer in writers {
        let (status, page) = ops(app, Method::GET, &format!("/ops/v1/events?limit=7&after={after}"), None).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        seen.extend(page["data"].as_array().into_iter().flatten().filter_map(|e| e["id"].as_str()).map(str::to_owned));
        after = page["next"].as_str().expect("next").to_owned();
        assert_eq!(writer.await.expect("writer"), StatusCode::OK);
    }
    // On PostgreSQL a transaction of another database on the server (another test) may hold the last
    // ones back a moment: keep reading until all 24 came.
    for _ in 0..200 {
        let (_, page) = ops(app, Method::GET, &format!("/ops/v1/events?limit=7&after={after}"), None).await;
        let data = page["data"].as_array().cloned().unwrap_or_default();
        if data.is_empty() {
            // The same cursor again when there is nothing new.
            assert_eq!(page["next"].as_str(), Some(after.as_str()));
            if seen.len() >= 24 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        seen.extend(data.iter().filter_map(|e| e["id"].as_str()).map(str::to_owned));
        after = page["next"].as_str().expect("next").to_owned();
    }
    let whole = feed(app, 1000).await;
    let all: Vec<String> = whole.iter().filter_map(|e| e["id"].as_str()).map(str::to_owned).collect();
    assert_eq!(all.len(), 24, "one event per change");
    assert_eq!(seen, all, "paging while writing saw every event once, in the feed's order");

    for (query, code) in [("after=nonsense", "invalid-event-cursor"), ("limit=0", "validation-failed")] {
        let (status, answer) = ops(app, Method::GET, &format!("/ops/v1/events?{query}"), None).await;
        assert_eq!((status, answer["code"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{answer}");
    }
    let anonymous = app.get("/ops/v1/events", None).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
}
on_both_backends!(the_feed_pages_without_repeats_or_skips, the_feed_pages_without_repeats_or_skips);

/// A lock whose event was lost (the process died between the locking attempt and its event: simulated by
/// locking the card in SQL) is recorded by the next attempt during the lock, once however many follow.
async fn a_lock_whose_event_was_lost_is_recorded_by_the_next_attempt(app: &TestApp) {
    crate::gift_cards::load_card(app).await;
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let until = app.clock.now_ms() + 30 * 60_000;
    sqlx::query("UPDATE gift_cards SET failed_pins = 10, locked_until = $1")
        .bind(until)
        .execute(&connected.db.pool)
        .await
        .expect("lock the card without its event");
    connected.db.pool.close().await;
    assert!(of_type(&feed(app, 50).await, "gift_card.locked").is_empty());
    for _ in 0..3 {
        let (status, _) = crate::gift_cards::balance(app, crate::gift_cards::CARD, "123456").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "a locked card refuses even the right PIN");
    }
    // On PostgreSQL the feed holds back events behind transactions still open anywhere on the server (other
    // tests' included): wait for it, as a reader of the feed does.
    let events = feed_until(app, |events| !of_type(events, "gift_card.locked").is_empty()).await;
    let locked = of_type(&events, "gift_card.locked");
    assert_eq!(locked.len(), 1, "{events:?}");
    assert_eq!(locked[0]["data"]["cardLast4"], "2345");
    // An unknown number is not a lock.
    crate::gift_cards::balance(app, "6060000000000000000", "123456").await;
    assert_eq!(of_type(&feed(app, 50).await, "gift_card.locked").len(), 1);
}
on_both_backends!(lost_lock_event, a_lock_whose_event_was_lost_is_recorded_by_the_next_attempt);

/// The outbox keeps events for the retention (`--events-retention-days`): `events::prune` deletes the older
/// ones, in batches, and the feed goes on from the oldest kept event without a repeat or a gap among them.
async fn old_events_are_pruned_and_the_feed_goes_on(app: &TestApp) {
    let (_, token) = app.member("retention@example.com").await;
    consent_changes(app, &token, 5).await;
    let events = feed_until(app, |events| of_type(events, "consent.changed").len() >= 5).await;
    let consent: Vec<&Value> = of_type(&events, "consent.changed");
    assert_eq!(consent.len(), 5);
    // The first three are made 40 days old, as time would.
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let old = app.clock.now_ms() - 40 * 86_400_000;
    for event in &consent[..3] {
        sqlx::query("UPDATE events SET occurred_at = $1 WHERE id = $2")
            .bind(old)
            .bind(event["id"].as_str().expect("id"))
            .execute(&connected.db.pool)
            .await
            .expect("age the event");
    }
    let before_ms = app.clock.now_ms() - 30 * 86_400_000;
    assert!(server::events::prune(&connected.db, before_ms).await.expect("prune") >= 3);
    assert_eq!(server::events::prune(&connected.db, before_ms).await.expect("again"), 0, "nothing left to prune");
    connected.db.pool.close().await;
    let kept = feed(app, 1).await;
    let ids: Vec<&str> = of_type(&kept, "consent.changed").iter().filter_map(|event| event["id"].as_str()).collect();
    let expected: Vec<&str> = consent[3..].iter().filter_map(|event| event["id"].as_str()).collect();
    assert_eq!(ids, expected, "the two recent events, in order, paged one by one");
}
on_both_backends!(retention, old_events_are_pruned_and_the_feed_goes_on);

async fn webhook_crud_and_validation(app: &TestApp) {
    let body = json!({"url": "http://127.0.0.1:9/hook", "events": ["order.cancelled", "return.created"], "description": "ERP"});
    let (status, created) = ops(app, Method::POST, "/ops/v1/webhooks", Some(&body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().expect("id").to_owned();
    let secret = created["secret"].as_str().expect("secret").to_owned();
    assert!(secret.starts_with("whsec_") && standardwebhooks::Webhook::new(&secret).is_ok());

    let (status, list) = ops(app, Method::GET, "/ops/v1/webhooks", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["data"][0]["id"], id.as_str());
    assert_eq!(list["data"][0]["status"], "active");
    assert_eq!(list["data"][0]["events"], json!(["order.cancelled", "return.created"]));
    assert!(!list.to_string().contains(&secret) && list["data"][0].get("secret").is_none(), "{list}");

    for (body, code, field) in [
        (json!({"url": "ftp://example.com/x", "events": ["*"]}), "webhook-invalid-url", "url"),
        (json!({"url": "/relative", "events": ["*"]}), "webhook-invalid-url", "url"),
        (json!({"url": "https://example.com/x", "events": []}), "webhook-no-events", "events"),
        (
            json!({"url": "https://example.com/x", "events": ["order.cancelled", "order.exploded"]}),
            "unknown-event-type",
            "events[1]",
        ),
    ] {
        let (status, answer) = ops(app, Method::POST, "/ops/v1/webhooks", Some(&body)).await;
        assert_eq!(
            (status, answer["code"].as_str(), answer["field"].as_str()),
            (StatusCode::UNPROCESSABLE_ENTITY, Some(code), Some(field)),
            "{body}: {answer}"
        );
    }
    let (status, _) = ops(app, Method::POST, "/ops/v1/webhooks", Some(&json!({"url": "https://x.example"}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "events is required");
    let anonymous = app.client.post(app.url("/ops/v1/webhooks")).json(&body).send().await.expect("request");
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);

    let replay = json!({"since": "2026-01-01T00:00:00Z"});
    let (status, _) = ops(app, Method::POST, &format!("/ops/v1/webhooks/{id}/replay"), Some(&replay)).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    let (status, answer) =
        ops(app, Method::POST, &format!("/ops/v1/webhooks/{id}/replay"), Some(&json!({"since": "yesterday"}))).await;
    assert_eq!((status, answer["field"].as_str()), (StatusCode::BAD_REQUEST, Some("since")));
    let (status, _) = ops(app, Method::POST, "/ops/v1/webhooks/nope/replay", Some(&replay)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, _) = ops(app, Method::DELETE, &format!("/ops/v1/webhooks/{id}"), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, answer) = ops(app, Method::DELETE, &format!("/ops/v1/webhooks/{id}"), None).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::NOT_FOUND, Some("not-found")));
    let (_, list) = ops(app, Method::GET, "/ops/v1/webhooks", None).await;
    assert_eq!(list["data"], json!([]));
}
on_both_backends!(webhook_crud_and_validation, webhook_crud_and_validation);

/// One request a receiver got.
#[derive(Clone, Debug)]
pub(crate) struct Hit {
    headers: HeaderMap,
    body: String,
}

/// A tiny receiver on port 0: answers 500 to the first `fail_first` requests (or to all with
/// `usize::MAX`), then 200, and keeps every request.
pub(crate) struct Receiver {
    pub(crate) url: String,
    hits: Arc<Mutex<Vec<Hit>>>,
}

impl Receiver {
    pub(crate) async fn start(fail_first: usize) -> Self {
        let hits: Arc<Mutex<Vec<Hit>>> = Arc::default();
        let kept = Arc::clone(&hits);
        let app = axum::Router::new().route(
            "/hook",
            axum::routing::post(move |headers: HeaderMap, body: String| {
                let kept = Arc::clone(&kept);
                async move {
                    let mut hits = kept.lock().expect("hits");
                    hits.push(Hit { headers, body });
                    if hits.len() <= fail_first { StatusCode::INTERNAL_SERVER_ERROR } else { StatusCode::OK }
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let address = listener.local_addr().expect("address");
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Self { url: format!("http://{address}/hook"), hits }
    }

    fn hits(&self) -> Vec<Hit> {
        self.hits.lock().expect("hits").clone()
    }

    /// The event ids of the requests answered 200... approximated as the ids in arrival order, each once.
    pub(crate) fn distinct_ids(&self) -> Vec<String> {
        let mut ids: Vec<String> = Vec::new();
        for hit in self.hits() {
            let id = header(&hit, "webhook-id");
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        ids
    }

    async fn wait_for(&self, count: usize) {
        for _ in 0..150 {
            if self.distinct_ids().len() >= count {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

fn header(hit: &Hit, name: &str) -> String {
    hit.headers.get(name).and_then(|value| value.to_str().ok()).unwrap_or_default().to_owned()
}

/// Retries after 50 ms, 100 ms, then failing (tests only: `--webhook-retry-delays`).
fn quick_retries() -> Options {
    Options {
        configure: Some(|settings| {
            settings.webhook_retry_delays = vec![Duration::from_millis(50), Duration::from_millis(100)];
        }),
        ..Options::default()
    }
}

async fn create_hook(app: &TestApp, url: &str, events: Value) -> (String, String) {
    let (status, created) =
        ops(app, Method::POST, "/ops/v1/webhooks", Some(&json!({"url": url, "events": events}))).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    (created["id"].as_str().expect("id").to_owned(), created["secret"].as_str().expect("secret").to_owned())
}

async fn consent_changes(app: &TestApp, token: &str, count: usize) {
    for index in 0..count {
        let body = json!({"granted": index % 2 == 0});
        let (status, _) = crate::consent::put(app, "/consent/v1/marketingEmail", Some(token), false, &body).await;
        assert_eq!(status, StatusCode::OK);
    }
}

async fn deliveries_are_signed_retried_in_order_and_filtered(app: &TestApp) {
    let flaky = Receiver::start(2).await;
    let picky = Receiver::start(0).await;
    let (_, secret) = create_hook(app, &flaky.url, json!(["*"])).await;
    create_hook(app, &picky.url, json!(["address.changed"])).await;
    let (upm_id, token) = app.member("hooked@example.com").await;
    consent_changes(app, &token, 5).await;
    let (status, _) = crate::addresses::add_us_address(app, &upm_id, &token).await;
    assert!(status.is_success());
    flaky.wait_for(6).await;
    picky.wait_for(1).await;

    let hits = flaky.hits();
    let first = header(&hits[0], "webhook-id");
    let tries: Vec<&Hit> = hits.iter().filter(|hit| header(hit, "webhook-id") == first).collect();
    assert_eq!(tries.len(), 3, "500, 500, then 200: the same webhook-id three times");
    assert!(tries.iter().all(|hit| hit.body == tries[0].body), "the same body on every try");
    let signer = standardwebhooks::Webhook::new(&secret).expect("secret");
    for hit in &hits {
        signer.verify(hit.body.as_bytes(), &hit.headers).expect("the signature verifies");
        assert_eq!(header(hit, "content-type"), "application/json");
        assert!(header(hit, "webhook-signature").starts_with("v1,"));
        let body: Value = serde_json::from_str(&hit.body).expect("json");
        assert_eq!(body["id"].as_str(), Some(header(hit, "webhook-id").as_str()));
        assert!(body["type"].is_string() && body["timestamp"].is_string() && body["data"].is_object());
    }
    // In the feed's order, each once after its retries.
    let events = feed(app, 100).await;
    let order: Vec<String> = events.iter().filter_map(|e| e["id"].as_str()).map(str::to_owned).collect();
    assert_eq!(flaky.distinct_ids(), order, "delivered in order");
    let delivered: Vec<String> = hits.iter().map(|hit| header(hit, "webhook-id")).collect();
    let mut deduplicated = delivered.clone();
    deduplicated.dedup();
    assert_eq!(deduplicated, order, "a retry repeats only the event that failed, before any later one");
    // The filter: only address.changed.
    let picked: Vec<Value> = picky.hits().iter().map(|hit| serde_json::from_str(&hit.body).expect("json")).collect();
    assert_eq!(picked.len(), 1, "{picked:?}");
    assert_eq!(picked[0]["type"], "address.changed");

    // Replay: everything since a minute ago again, in order.
    let since = (app.clock.now() - chrono::Duration::minutes(1)).to_rfc3339();
    let (_, list) = ops(app, Method::GET, "/ops/v1/webhooks", None).await;
    let flaky_id = list["data"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|hook| hook["url"] == flaky.url.as_str())
        .and_then(|hook| hook["id"].as_str())
        .expect("the flaky hook")
        .to_owned();
    assert_eq!(list["data"][0]["status"], "active", "{list}");
    let before = flaky.hits().len();
    let (status, _) =
        ops(app, Method::POST, &format!("/ops/v1/webhooks/{flaky_id}/replay"), Some(&json!({"since": since}))).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    for _ in 0..100 {
        if flaky.hits().len() >= before + order.len() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let again: Vec<String> = flaky.hits()[before..].iter().map(|hit| header(hit, "webhook-id")).collect();
    assert_eq!(again, order, "the replay sent every event again, in order");
}

on_both_backends!(deliveries, deliveries_are_signed_retried_in_order_and_filtered, quick_retries());

/// A receiver that never answers 2xx: retried by the schedule, then shown failing; nothing after the
/// stuck event is sent meanwhile (order per endpoint).
#[tokio::test]
async fn a_dead_receiver_is_marked_failing_and_holds_its_order() {
    let app = spawn_app_with(Backend::Sqlite, quick_retries()).await;
    let dead = Receiver::start(usize::MAX).await;
    create_hook(&app, &dead.url, json!(["*"])).await;
    let (_, token) = app.member("dead@example.com").await;
    consent_changes(&app, &token, 2).await;
    let mut status = Value::Null;
    for _ in 0..100 {
        let (_, list) = ops(&app, Method::GET, "/ops/v1/webhooks", None).await;
        status = list["data"][0].clone();
        if status["status"] == "failing" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(status["status"], "failing", "{status}");
    assert!(status["failingSince"].is_string() && status["lastError"].as_str().is_some_and(|e| e.contains("500")));
    assert_eq!(dead.distinct_ids().len(), 1, "the second event waits behind the first");
    app.finish().await;
}

/// Two processes on one PostgreSQL: each event reaches the endpoint once.
#[tokio::test]
async fn two_processes_deliver_each_event_once() {
    let Some(app) = spawn_postgres_app(Options::default()).await else { return };
    let beside = spawn_app_beside(&app).await;
    let receiver = Receiver::start(0).await;
    create_hook(&app, &receiver.url, json!(["*"])).await;
    let (_, token) = app.member("twice@example.com").await;
    let writers = [&app, &beside].map(|process| {
        let (client, url, token) = (process.client.clone(), process.url("/consent/v1/"), token.clone());
        tokio::spawn(async move {
            for index in 0..15 {
                let kind = ["marketingEmail", "performanceCookies", "partnerOrderDataSharing"][index % 3];
                let response = client
                    .put(format!("{url}{kind}"))
                    .bearer_auth(&token)
                    .json(&json!({"granted": index % 2 == 0}))
                    .send()
                    .await
                    .expect("request");
                assert_eq!(response.status(), StatusCode::OK);
            }
        })
    });
    for writer in writers {
        writer.await.expect("writer");
    }
    receiver.wait_for(30).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    let mut counts: HashMap<String, usize> = HashMap::new();
    for hit in receiver.hits() {
        *counts.entry(header(&hit, "webhook-id")).or_default() += 1;
    }
    assert_eq!(counts.len(), 30, "every event arrived");
    assert!(counts.values().all(|count| *count == 1), "each once: {counts:?}");
    let order: Vec<String> = feed(&app, 100).await.iter().filter_map(|e| e["id"].as_str()).map(str::to_owned).collect();
    assert_eq!(receiver.distinct_ids(), order, "in the feed's order");
    beside.finish().await;
    app.finish().await;
}

/// NATS JetStream at 127.0.0.1:4222: each event published to orders.events.{type} with its id as
/// Nats-Msg-Id. Skipped when no NATS answers there, unless ORDERS_TEST_REQUIRE_NATS=1.
#[tokio::test]
async fn events_reach_nats_jetstream() {
    const NATS: &str = "nats://127.0.0.1:4222";
    let connected = tokio::time::timeout(Duration::from_secs(3), async_nats::connect(NATS)).await;
    let client = match connected {
        Ok(Ok(client)) => client,
        _ => {
            assert!(
                std::env::var("ORDERS_TEST_REQUIRE_NATS").is_err(),
                "ORDERS_TEST_REQUIRE_NATS is set but no NATS answers at {NATS}"
            );
            eprintln!("NATS not reachable at {NATS}: the NATS test did not run");
            return;
        }
    };
    let mut subscription = client.subscribe("orders.events.>").await.expect("subscribe");
    client.flush().await.expect("flush");
    let options = Options {
        configure: Some(|settings| settings.events_nats_url = Some("nats://127.0.0.1:4222".to_owned())),
        ..Options::default()
    };
    let app = spawn_app_with(Backend::Sqlite, options).await;
    let (upm_id, token) = app.member("nats@example.com").await;
    consent_changes(&app, &token, 3).await;
    let expected: Vec<String> =
        feed(&app, 100).await.iter().filter_map(|e| e["id"].as_str()).map(str::to_owned).collect();
    assert_eq!(expected.len(), 3);
    let mut received: Vec<String> = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    use futures_util::StreamExt;
    while received.len() < 3 {
        let Ok(Some(message)) = tokio::time::timeout_at(deadline, subscription.next()).await else { break };
        let body: Value = serde_json::from_slice(&message.payload).expect("json");
        // Other tests' apps publish to the same subjects: only this member's events count.
        if body["data"]["upmId"] != upm_id.as_str() {
            continue;
        }
        assert_eq!(message.subject.as_str(), "orders.events.consent.changed");
        let msg_id =
            message.headers.as_ref().and_then(|headers| headers.get("Nats-Msg-Id")).map(|id| id.as_str().to_owned());
        assert_eq!(msg_id.as_deref(), body["id"].as_str(), "Nats-Msg-Id is the event id");
        received.push(body["id"].as_str().expect("id").to_owned());
    }
    assert_eq!(received, expected, "each event once, in order");
    // The stream exists (created by the server when missing).
    let stream = async_nats::jetstream::new(client).get_stream(server::events::NATS_STREAM).await;
    assert!(stream.is_ok(), "the stream {} exists", server::events::NATS_STREAM);
    app.finish().await;
}

/// The catalogue is declared once: the document's `EventData` lists exactly the types webhooks accept,
/// and docs/events.md describes each.
#[tokio::test]
async fn the_document_and_the_docs_list_every_event_type() {
    let app = crate::helpers::spawn_app(Backend::Sqlite).await;
    let (status, document) = app.get_json("/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    let listed: Vec<&str> = document["components"]["schemas"]["EventData"]["oneOf"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|variant| variant["properties"]["type"]["enum"][0].as_str())
        .collect();
    assert_eq!(listed, server::events::EVENT_TYPES, "the document's types are the accepted ones, in order");
    assert_eq!(listed, documented_types(), "docs/events.md describes each type, in the catalogue's order");
    app.finish().await;
}

/// PostgreSQL: a transaction that took its sequence value first but commits last. The feed holds back
/// what committed after it started until it ends, then serves both: a cursor taken in between skips
/// nothing.
#[tokio::test]
async fn an_event_that_commits_late_is_not_skipped() {
    use sqlx::Connection;
    let Some(app) = spawn_postgres_app(Options::default()).await else { return };
    let (_, token) = app.member("late@example.com").await;
    let mut slow = sqlx::AnyConnection::connect(&app.database_url).await.expect("connect");
    let mut transaction = slow.begin().await.expect("begin");
    sqlx::query(
        "INSERT INTO events (id, event_type, occurred_at, data) VALUES ($1, 'consent.changed', $2, '{\"late\":true}')",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(app.clock.now_ms())
    .execute(&mut *transaction)
    .await
    .expect("the slow effect's event");
    consent_changes(&app, &token, 1).await;
    let (_, page) = ops(&app, Method::GET, "/ops/v1/events", None).await;
    assert_eq!(page["data"], json!([]), "nothing after the running transaction is served yet");
    let cursor = page["next"].as_str().expect("next").to_owned();
    transaction.commit().await.expect("commit");
    // Transactions of other databases on the same server (other tests) may hold the second back a moment.
    let mut page = Value::Null;
    for _ in 0..100 {
        page = ops(&app, Method::GET, &format!("/ops/v1/events?after={cursor}"), None).await.1;
        if page["data"].as_array().is_some_and(|data| data.len() >= 2) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let data = page["data"].as_array().cloned().unwrap_or_default();
    assert_eq!(data.len(), 2, "{page}");
    assert_eq!(data[0]["data"]["late"], true, "the one that took its place first comes first");
    slow.close().await.expect("close");
    app.finish().await;
}
