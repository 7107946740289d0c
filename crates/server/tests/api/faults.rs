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
use crate::own_postgres::OwnPostgres;
use crate::returns::{capture_body, delivered_order, post, smtp_server_on, wait_job};

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
    let waiting = app.outbox("label.down@example.com").await;
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
        sent = app.outbox("label.down@example.com").await.first().cloned().unwrap_or_default();
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
    let waiting = app.outbox("label0.slow@example.com").await;
    assert!(waiting.len() == 1 && waiting[0]["sentAt"].is_null(), "{waiting:?}");
    let ended = app.shutdown_and_wait(Duration::from_secs(10)).await;
    assert!(ended.is_some(), "a sender waiting on a silent server does not hold the shutdown");
    held.abort();
    app.finish().await;
}

/// One answer under load: when it was asked (since the load began), how long it took, what came back.
#[derive(Debug, Clone)]
struct Answer {
    asked: Duration,
    took: Duration,
    /// The status, or the client's error (a timeout, a reset connection).
    status: Result<StatusCode, String>,
    retry_after: bool,
    /// For an acknowledged ops write, the order it wrote.
    wrote: Option<String>,
}

/// Every answer must be normal, or 503 with `Retry-After`; none may fail at the connection or take
/// longer than `bound`.
fn assert_no_500_and_no_hang(answers: &[Answer], bound: Duration) {
    for answer in answers {
        match &answer.status {
            Ok(status) if status.is_success() => {}
            Ok(status) if *status == StatusCode::SERVICE_UNAVAILABLE => {
                assert!(answer.retry_after, "a 503 says when to try again: {answer:?}");
            }
            other => panic!("only normal answers or 503 while the database is away, not {other:?}: {answer:?}"),
        }
        assert!(answer.took < bound, "no request hangs past {bound:?}: {answer:?}");
    }
}

async fn ask(request: reqwest::RequestBuilder, began: Instant, wrote: Option<String>) -> Answer {
    let asked = began.elapsed();
    let answer = request.send().await;
    let took = began.elapsed() - asked;
    match answer {
        Ok(response) => {
            let status = response.status();
            let retry_after = response.headers().contains_key(reqwest::header::RETRY_AFTER);
            let _ = response.bytes().await;
            Answer { asked, took, status: Ok(status), retry_after, wrote: wrote.filter(|_| status.is_success()) }
        }
        Err(error) => Answer { asked, took, status: Err(error.to_string()), retry_after: false, wrote: None },
    }
}

/// PostgreSQL stopped (`pg_ctl stop -m fast`) for 10 s under a mixed load of guest reads and ops writes,
/// then started again, the app left running: no 500 (503 with Retry-After while it is away), nothing
/// hangs, normal answers again within 5 s of its return, and every acknowledged write is there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_stopped_for_ten_seconds_under_load_loses_nothing_and_recovers() {
    let own = match tokio::task::spawn_blocking(OwnPostgres::start).await.expect("start task") {
        Ok(own) => own,
        Err(reason) => {
            assert!(
                std::env::var("ORDERS_TEST_REQUIRE_POSTGRES").is_err(),
                "ORDERS_TEST_REQUIRE_POSTGRES is set but a PostgreSQL of the test's own cannot start: {reason}"
            );
            eprintln!("no PostgreSQL of the test's own ({reason}): this test did not run");
            return;
        }
    };
    let own = Arc::new(own);
    let app = spawn_app_on(&own.url(), Options::default()).await;
    const READ_ORDERS: usize = 20;
    for n in 0..READ_ORDERS {
        app.put_order(&order(&format!("C820{n:04}"), None, "2026-11-01T10:00:00Z")).await;
    }
    let guest =
        |n: usize| format!("/orders/history/v1/C820{:04}?filter=email(guest.shopper@example.com)", n % READ_ORDERS);
    assert_eq!(app.get_json_status(&guest(0)).await, StatusCode::OK);

    let bound = Duration::from_secs(20);
    let client = reqwest::Client::builder().timeout(bound).build().expect("client");
    let began = Instant::now();
    let running = Arc::new(AtomicBool::new(true));
    let written = Arc::new(AtomicUsize::new(0));
    let mut load = Vec::new();
    for reader in 0..4 {
        let (client, running, url) = (client.clone(), running.clone(), app.url(""));
        load.push(tokio::spawn(async move {
            let mut answers = Vec::new();
            let mut n = reader;
            while running.load(Ordering::SeqCst) {
                answers.push(ask(client.get(format!("{url}{}", guest(n))), began, None).await);
                n += 4;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            answers
        }));
    }
    for writer in 0..2 {
        let (client, running, url, written) =
            (client.clone(), running.clone(), app.url("/ops/v1/orders"), written.clone());
        load.push(tokio::spawn(async move {
            let mut answers = Vec::new();
            let mut n = 0;
            while running.load(Ordering::SeqCst) {
                let number = format!("C83{writer}{n:04}");
                let body = order(&number, None, "2026-11-02T10:00:00Z");
                let answer = ask(client.post(&url).header("x-ops-key", OPS_KEY).json(&body), began, Some(number)).await;
                if answer.wrote.is_some() {
                    written.fetch_add(1, Ordering::SeqCst);
                }
                answers.push(answer);
                n += 1;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            answers
        }));
    }

    tokio::time::sleep(Duration::from_secs(2)).await;
    let stopper = own.clone();
    tokio::task::spawn_blocking(move || stopper.stop_fast()).await.expect("stop task").expect("pg_ctl stop");
    let stopped_at = began.elapsed();
    let written_before = written.load(Ordering::SeqCst);
    tokio::time::sleep(Duration::from_secs(10)).await;
    let starter = own.clone();
    tokio::task::spawn_blocking(move || starter.start_again()).await.expect("start task").expect("pg_ctl start");
    let back_at = began.elapsed();
    tokio::time::sleep(Duration::from_secs(8)).await;
    running.store(false, Ordering::SeqCst);
    let mut answers = Vec::new();
    for task in load {
        answers.extend(task.await.expect("load task"));
    }

    assert!(written_before > 0, "writes were acknowledged before the stop");
    assert_no_500_and_no_hang(&answers, bound);
    let away: Vec<&Answer> = answers.iter().filter(|a| a.asked > stopped_at && a.asked + a.took < back_at).collect();
    assert!(
        away.iter().any(|a| a.status == Ok(StatusCode::SERVICE_UNAVAILABLE)),
        "the ops writes answered 503 while PostgreSQL was away: {away:?}"
    );
    let late: Vec<&Answer> = answers.iter().filter(|a| a.asked > back_at + Duration::from_secs(5)).collect();
    assert!(late.len() > 10, "load went on after the return: {}", late.len());
    for answer in &late {
        assert!(
            answer.status.as_ref().is_ok_and(StatusCode::is_success),
            "normal answers within 5 s of PostgreSQL's return, without a restart: {answer:?}"
        );
    }
    // Every acknowledged write is there (read back through the app, which has reconnected).
    let acknowledged: Vec<&String> = answers.iter().filter_map(|a| a.wrote.as_ref()).collect();
    for number in &acknowledged {
        let path = format!("/orders/history/v1/{number}?filter=email(guest.shopper@example.com)");
        assert_eq!(app.get_json_status(&path).await, StatusCode::OK, "acknowledged write {number} is there");
    }
    eprintln!(
        "postgres fault: {} answers, {} acknowledged writes, {} answered while away ({} of them 503)",
        answers.len(),
        acknowledged.len(),
        away.len(),
        away.iter().filter(|a| a.status == Ok(StatusCode::SERVICE_UNAVAILABLE)).count()
    );
    app.finish().await;
    drop(own);
}

/// The shutdown signal (SIGTERM in `main`) while 200 requests are in flight: every request already sent
/// is answered normally (none reset), and `serve` ends within its grace period.
async fn shutdown_under_load(backend: Backend) {
    // Few turns, so that most of the 200 requests are still in flight (accepted, waiting for a turn or
    // running) when the signal comes.
    let configure: fn(&mut server::config::Settings) = |settings| settings.max_requests_in_flight = 4;
    let mut app = spawn_app_with(backend, Options { configure: Some(configure), ..Options::default() }).await;
    let (upm_id, token) = app.member("shutdown@example.com").await;
    const ORDERS: usize = 20;
    for n in 0..ORDERS {
        app.put_order(&order(&format!("C840{n:04}"), Some(&upm_id), "2026-11-01T10:00:00Z")).await;
    }
    for n in 0..ORDERS {
        app.put_order(&order(&format!("C841{n:04}"), None, "2026-11-01T10:00:00Z")).await;
    }
    // One connection per request, written whole before the signal: raw HTTP/1.1 with `Connection: close`,
    // so that "in flight" means the request's bytes are at the server (in its accept queue, its socket or
    // its handlers). A pooled client counted requests as sent before it had connected or written them
    // (some were then refused or written to a connection the server had already closed as idle), and it
    // reuses keep-alive connections, whose close races a new request by HTTP/1.1's own design.
    let address = app.address;
    // Each request is written but for its last two bytes, then all are finished at once just before the
    // signal, so that the server has answered almost none of them yet (a release build answers fast).
    let (go, ready_to_finish) = tokio::sync::watch::channel(false);
    let started = Arc::new(AtomicUsize::new(0));
    let sent = Arc::new(AtomicUsize::new(0));
    let answered = Arc::new(AtomicUsize::new(0));
    const REQUESTS: usize = 200;
    let requests: Vec<_> = (0..REQUESTS)
        .map(|n| {
            let (path, bearer) = match n % 3 {
                0 => (format!("/orders/history/v1/C840{:04}", n % ORDERS), true),
                1 => {
                    (format!("/orders/history/v1/C841{:04}?filter=email(guest.shopper@example.com)", n % ORDERS), false)
                }
                _ => ("/orders/history/v1?count=50".to_owned(), true),
            };
            let authorization = if bearer { format!("Authorization: Bearer {token}\r\n") } else { String::new() };
            let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\n{authorization}Connection: close\r\n\r\n");
            let (started, sent, answered) = (started.clone(), sent.clone(), answered.clone());
            let mut go = ready_to_finish.clone();
            tokio::spawn(async move {
                use tokio::io::{AsyncReadExt, AsyncWriteExt};
                let answer = async {
                    let connected = tokio::net::TcpStream::connect(address).await;
                    let mut stream = connected.map_err(|error| format!("connect: {error}"))?;
                    let (head, end) = request.as_bytes().split_at(request.len() - 2);
                    stream.write_all(head).await.map_err(|error| format!("write: {error}"))?;
                    started.fetch_add(1, Ordering::SeqCst);
                    let _ = go.wait_for(|go| *go).await;
                    stream.write_all(end).await.map_err(|error| format!("write: {error}"))?;
                    sent.fetch_add(1, Ordering::SeqCst);
                    let mut response = Vec::new();
                    stream.read_to_end(&mut response).await.map_err(|error| format!("read: {error}"))?;
                    let head = String::from_utf8_lossy(&response[..response.len().min(12)]).into_owned();
                    let status = head.strip_prefix("HTTP/1.1 ").and_then(|code| code.trim().parse::<u16>().ok());
                    let complete = response.windows(4).any(|window| window == b"\r\n\r\n");
                    match status.and_then(|code| StatusCode::from_u16(code).ok()) {
                        Some(status) if complete => Ok(status),
                        _ => Err(format!("no answer ({} bytes)", response.len())),
                    }
                };
                let answer = answer.await;
                if answer.as_ref().is_err_and(|error| error.starts_with("connect") || error.starts_with("write")) {
                    // Counted as started and sent too, so that the waits below end (the assertion reports it).
                    started.fetch_add(1, Ordering::SeqCst);
                    sent.fetch_add(1, Ordering::SeqCst);
                }
                answered.fetch_add(1, Ordering::SeqCst);
                answer
            })
        })
        .collect();
    while started.load(Ordering::SeqCst) < REQUESTS {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let _ = go.send(true);
    // Every request is written whole before the signal.
    while sent.load(Ordering::SeqCst) < REQUESTS {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let in_flight = REQUESTS - answered.load(Ordering::SeqCst);
    // How many are still in flight depends on the machine and the build (a release build answers ~100
    // before the signal on 2 cores); enough must be for the test to mean something.
    assert!(in_flight >= REQUESTS / 10, "requests are in flight at the signal ({in_flight})");
    let grace = Duration::from_secs(20);
    let ended = app.shutdown_and_wait(grace + Duration::from_secs(5)).await;
    let mut answers = Vec::new();
    for request in requests {
        answers.push(request.await.expect("request task"));
    }
    let (served, took) = ended.expect("serve ended within the grace period");
    assert!(served.is_ok(), "serve ended without an error: {served:?}");
    let failed: Vec<_> = answers.iter().filter(|answer| !answer.as_ref().is_ok_and(StatusCode::is_success)).collect();
    assert!(
        failed.is_empty(),
        "{} of {REQUESTS} requests were cut off or not answered normally: {failed:?}",
        failed.len()
    );
    eprintln!(
        "shutdown under load ({backend:?}): {REQUESTS} written before the signal, {in_flight} of them not yet \
         answered; all answered normally; serve ended after {took:?}"
    );
    // The port no longer takes requests.
    assert!(app.client.get(app.url("/healthz")).send().await.is_err(), "no new requests after the shutdown");
    app.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_under_load_answers_every_request_in_flight_sqlite() {
    shutdown_under_load(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_under_load_answers_every_request_in_flight_postgres() {
    if !crate::helpers::postgres_configured() {
        return;
    }
    shutdown_under_load(Backend::Postgres).await;
}

/// One writer's kind of work in `sixteen_writers`.
#[derive(Clone, Copy, Debug)]
enum Work {
    NewOrders,
    SharedOrder,
    ReturnCaptures,
    Cancels,
    Addresses,
    Webhooks,
}

/// Runs one kind of write until `until`; answers the statuses (and bodies of 5xx answers).
async fn write_until(
    app: &TestApp,
    writer: usize,
    work: Work,
    token: &str,
    upm_id: &str,
    until: Instant,
) -> Vec<(StatusCode, Value)> {
    use reqwest::Method;
    let mut answers = Vec::new();
    let mut n = 0usize;
    while Instant::now() < until {
        let answer = match work {
            Work::NewOrders => {
                let body = order(&format!("C86{writer:02}{n:04}"), Some(upm_id), "2026-11-03T10:00:00Z");
                app.post_json("/ops/v1/orders", &body, true).await
            }
            Work::SharedOrder => {
                let mut body = order("C8700000", None, "2026-11-03T10:00:00Z");
                body["lines"][0]["status"] = json!(if n.is_multiple_of(2) { "In Transit" } else { "Delivered" });
                app.post_json("/ops/v1/orders", &body, true).await
            }
            Work::ReturnCaptures => {
                let number = format!("C88{writer:02}{:04}", n % 40);
                let (_, options) = app.get_json(&format!("/order_mgmt/return_options/v1/{number}"), Some(token)).await;
                let body = capture_body(&number, &options, "upsDropoff|ups", "1", 1);
                post(app, "/order_mgmt/user_return_captures/v1", &body, Some(token), None).await
            }
            Work::Cancels => {
                let number = format!("C89{writer:02}{:04}", n % 40);
                let body = json!({"request": {"omsOrderDocumentReference": "0001", "omsRegionReference": "NIKEUS",
                    "dayPhoneNumber": "5035550100", "reasonCode": 216, "reasonText": "Front end cancellation",
                    "email": "guest.shopper@example.com"}, "sourceOfRequest": "web"});
                post(app, &format!("/order_mgmt/ordermods/v1/{number}/cancelOrder"), &body, Some(token), None).await
            }
            Work::Addresses => {
                let mut address = crate::addresses::us_address();
                address["line2"] = json!(format!("Suite {n}"));
                let book = crate::addresses::book(upm_id);
                let (status, created) =
                    crate::addresses::send(app, Method::POST, &book, Some(token), Some(&address)).await;
                match created["id"].as_str() {
                    Some(id) if status.is_success() => {
                        crate::addresses::send(app, Method::DELETE, &format!("{book}/{id}"), Some(token), None).await
                    }
                    _ => (status, created),
                }
            }
            Work::Webhooks => {
                let body =
                    json!({"url": format!("http://127.0.0.1:9/hook/{writer}/{n}"), "events": ["order.cancelled"]});
                app.post_json("/ops/v1/webhooks", &body, true).await
            }
        };
        answers.push(answer);
        n += 1;
    }
    answers
}

/// 16 concurrent writers of every kind on one SQLite database for 10 s: no 5xx (no busy error), and no
/// job that they started ends FAILED.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixteen_mixed_writers_on_sqlite_never_answer_5xx() {
    let app = Arc::new(spawn_app_with(Backend::Sqlite, Options::default()).await);
    const WRITERS: usize = 16;
    let kinds =
        [Work::NewOrders, Work::SharedOrder, Work::ReturnCaptures, Work::Cancels, Work::Addresses, Work::Webhooks];
    let mut members = Vec::new();
    for writer in 0..WRITERS {
        let (upm_id, token) = app.member(&format!("writer{writer}@example.com")).await;
        let work = kinds[writer % kinds.len()];
        for n in 0..40 {
            match work {
                Work::ReturnCaptures => {
                    app.put_order(&delivered_order(&app, &format!("C88{writer:02}{n:04}"), Some(&upm_id), "US", "USD"))
                        .await;
                }
                Work::Cancels => {
                    let mut body = order(&format!("C89{writer:02}{n:04}"), Some(&upm_id), "2026-11-03T10:00:00Z");
                    body["lines"][0]["status"] = json!("created");
                    app.put_order(&body).await;
                }
                _ => {}
            }
        }
        members.push((work, upm_id, token));
    }
    let until = Instant::now() + Duration::from_secs(10);
    let tasks: Vec<_> = members
        .into_iter()
        .enumerate()
        .map(|(writer, (work, upm_id, token))| {
            let app = app.clone();
            tokio::spawn(async move { (work, write_until(&app, writer, work, &token, &upm_id, until).await) })
        })
        .collect();
    let mut total = 0;
    let mut server_errors = Vec::new();
    let mut per_kind = std::collections::BTreeMap::new();
    for task in tasks {
        let (work, answers) = task.await.expect("writer");
        total += answers.len();
        let accepted = answers.iter().filter(|(status, _)| status.is_success()).count();
        let entry = per_kind.entry(format!("{work:?}")).or_insert((0, 0));
        *entry = (entry.0 + answers.len(), entry.1 + accepted);
        server_errors.extend(answers.into_iter().filter(|(status, _)| status.is_server_error()).map(|a| (work, a)));
    }
    assert!(server_errors.is_empty(), "{} of {total} writes answered 5xx: {server_errors:?}", server_errors.len());
    for (kind, (asked, accepted)) in &per_kind {
        assert!(*accepted > 0, "{kind}: some of its {asked} writes were accepted, not only refused");
    }
    // The jobs they started end without a failure (a busy database would fail them).
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let mut open = i64::MAX;
    for _ in 0..200 {
        open = sqlx::query_scalar("SELECT COUNT(*) FROM jobs WHERE status IN ('PENDING', 'IN_PROGRESS')")
            .fetch_one(&connected.db.pool)
            .await
            .expect("count");
        if open == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(open, 0, "every job ended");
    let failed: Vec<String> = sqlx::query_scalar("SELECT COALESCE(error, kind) FROM jobs WHERE status = 'FAILED'")
        .fetch_all(&connected.db.pool)
        .await
        .expect("failed jobs");
    assert!(failed.is_empty(), "jobs failed: {failed:?}");
    connected.db.pool.close().await;
    eprintln!("16 writers on SQLite: {total} writes, none 5xx ((asked, accepted) per kind: {per_kind:?})");
    if let Ok(app) = Arc::try_unwrap(app) {
        app.finish().await;
    }
}
