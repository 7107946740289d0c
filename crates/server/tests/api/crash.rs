//! `kill -9` during a burst of every kind of asynchronous work (issues 10, 32 and 33): the `orders`
//! binary is started as a real process, killed with SIGKILL while requests, jobs and webhook deliveries
//! are in flight, and started again on the same database. Every request that was answered ends its job
//! exactly once, every effect (a RETURN_ORDER, a label, a pickup booking, an e-mail in the outbox, a
//! cancellation, a payment, an invoice, an event in the outbox) exists once, and a webhook receiver gets
//! every event (at least once: the same `webhook-id` may come again, none is missing).

use std::collections::{BTreeMap, BTreeSet};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::Row;

use crate::helpers::{Backend, OPS_KEY, Options, TOKEN_KEY, spawn_app_with};

/// A real `orders` process on `database_url`.
struct Process {
    child: Child,
    base: String,
}

impl Process {
    async fn start(database_url: &str) -> Process {
        Self::start_with(database_url, &[]).await
    }

    /// Started with more arguments (an SMTP server, its timeout).
    async fn start_with(database_url: &str, extra: &[&str]) -> Process {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(env!("CARGO_BIN_EXE_orders"))
            .args(["--database-url", database_url, "--addr", &format!("127.0.0.1:{port}"), "--job-workers", "2"])
            .args(["--guest-lookups-per-client", "100000", "--guest-lookups-per-order", "100000"])
            .args(extra)
            .env("ORDERS_OPS_KEY", OPS_KEY)
            .env("ORDERS_TOKEN_KEY", TOKEN_KEY)
            .env("ORDERS_NO_DEMO_DATA", "true")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the orders binary");
        let base = format!("http://127.0.0.1:{port}");
        let client = reqwest::Client::new();
        for _ in 0..200 {
            if client.get(format!("{base}/healthz")).send().await.is_ok_and(|r| r.status().is_success()) {
                return Process { child, base };
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let mut child = child;
        let _ = child.kill();
        let _ = child.wait();
        panic!("the orders binary did not start");
    }

    fn kill_9(&mut self) {
        // SIGKILL: no shutdown, no lease handed back.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill_9();
    }
}

/// One request of the burst: what it was for, and how it was answered (`None`: no answer, cut by the kill).
struct Sent {
    kind: Kind,
    /// The order (or for a dispatch, the return) it concerns.
    key: String,
    status: Option<StatusCode>,
    answer: Value,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// A return with a printable label (UPS drop-off): the "created" e-mail carries the label.
    LabelReturn,
    /// Korea: a courier pickup booked by the job.
    KoreaPickup,
    /// A store return: the Doris notice.
    StoreReturn,
    /// The label sent again by e-mail (`user_return_labels_dispatch`).
    LabelEmail,
    /// The store-return e-mail with the barcode.
    StoreEmail,
    Cancel,
    DeferredPayment,
    Einvoice,
    /// A password reset link (`password_reset.link`), mailed by its job.
    PasswordReset,
}

/// Each kind this many times: enough that the kill falls among them, few enough for a short run.
const EACH: usize = 8;

fn number(prefix: &str, n: usize) -> String {
    format!("{prefix}{n:04}")
}

async fn count(database: &sqlx::AnyPool, sql: &str) -> i64 {
    sqlx::query(sqlx::AssertSqlSafe(sql.to_owned()))
        .fetch_one(database)
        .await
        .unwrap_or_else(|error| panic!("{sql}: {error}"))
        .try_get::<i64, _>(0)
        .expect("a count")
}

async fn strings(database: &sqlx::AnyPool, sql: &str) -> Vec<String> {
    sqlx::query(sqlx::AssertSqlSafe(sql.to_owned()))
        .fetch_all(database)
        .await
        .unwrap_or_else(|error| panic!("{sql}: {error}"))
        .iter()
        .map(|row| row.try_get::<String, _>(0).expect("text"))
        .collect()
}

/// Waits until no job is open, ending the leases the killed process held as time would (30 s).
async fn settle_jobs(database: &sqlx::AnyPool) {
    for _ in 0..400 {
        if count(database, "SELECT COUNT(*) FROM jobs WHERE status IN ('PENDING', 'IN_PROGRESS')").await == 0 {
            return;
        }
        sqlx::query("UPDATE jobs SET lease_until = 0 WHERE status = 'IN_PROGRESS'")
            .execute(database)
            .await
            .expect("end leases");
        // And the claims of a return's e-mails and notices it held (taken over after 20 s, inside the lease).
        sqlx::query("UPDATE return_effects SET created_at = 0 WHERE detail = 'pending'")
            .execute(database)
            .await
            .expect("end effect claims");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("every job ended after the restart");
}

/// Captures a return of `order` by `method` on `base`; answers the request's status and body.
async fn capture(client: &reqwest::Client, base: &str, token: &str, body: &Value) -> (Option<StatusCode>, Value) {
    let sent = client.post(format!("{base}/order_mgmt/user_return_captures/v1")).bearer_auth(token).json(body).send();
    match sent.await {
        Ok(response) => {
            let status = response.status();
            (Some(status), response.json().await.unwrap_or(Value::Null))
        }
        Err(_) => (None, Value::Null),
    }
}

/// Returns made (and their jobs finished) on the first process before the burst, for the requests that
/// send a made return's e-mails again.
async fn made_returns(first: &Process, database: &sqlx::AnyPool, token: &str, bodies: &[Value]) -> Vec<String> {
    let client = reqwest::Client::new();
    let mut numbers = Vec::new();
    for body in bodies {
        let (status, answer) = capture(&client, &first.base, token, body).await;
        assert_eq!(status, Some(StatusCode::ACCEPTED), "{answer}");
        numbers.push(answer["response"]["returnOrderNumber"].as_str().expect("rn").to_owned());
    }
    settle_jobs(database).await;
    numbers
}

async fn every_job_kind_survives_kill_9(backend: Backend) {
    let began = Instant::now();
    // The test's own app writes the orders and signs the member in; it runs no job and delivers no
    // event, so everything asynchronous is the real processes' work.
    let no_workers: fn(&mut server::config::Settings) = |settings| settings.event_workers = 0;
    let app =
        spawn_app_with(backend, Options { job_workers: 0, configure: Some(no_workers), ..Options::default() }).await;
    let connected = server::db::connect(&app.database_url, 2).await.expect("connect");
    let database = connected.db.pool.clone();
    let receiver = crate::events::Receiver::start(0).await;
    let (status, hook) = app.post_json("/ops/v1/webhooks", &json!({"url": receiver.url, "events": ["*"]}), true).await;
    assert_eq!(status, StatusCode::CREATED, "{hook}");
    let (upm_id, token) = app.member("crash.member@example.com").await;
    // One member per reset: a member gets at most 3 links an hour.
    for n in 0..EACH {
        app.member(&format!("reset.{n}@example.com")).await;
    }

    // The orders of every kind, and the capture bodies (from the options the shopper would see).
    let mut capture_bodies: BTreeMap<Kind, Vec<Value>> = BTreeMap::new();
    let mut made_bodies: (Vec<Value>, Vec<Value>) = (Vec::new(), Vec::new());
    for n in 0..EACH {
        for (kind, prefix, country, currency, method) in [
            (Some(Kind::LabelReturn), "C9910", "US", "USD", "upsDropoff|ups"),
            (Some(Kind::KoreaPickup), "C9920", "KR", "KRW", "courierPickup|cj-logistics"),
            (Some(Kind::StoreReturn), "C9930", "US", "USD", "returnToStore"),
            (None, "C9940", "US", "USD", "upsDropoff|ups"),
            (None, "C9941", "US", "USD", "returnToStore"),
        ] {
            let order_number = number(prefix, n);
            app.put_order(&crate::returns::delivered_order(&app, &order_number, Some(&upm_id), country, currency))
                .await;
            let (_, options) =
                app.get_json(&format!("/order_mgmt/return_options/v1/{order_number}"), Some(&token)).await;
            let body = crate::returns::capture_body(&order_number, &options, method, "1", 1);
            assert!(body["methodId"] == method && options["methods"].is_array(), "{options}");
            match kind {
                Some(kind) => capture_bodies.entry(kind).or_default().push(body),
                None if prefix == "C9940" => made_bodies.0.push(body),
                None => made_bodies.1.push(body),
            }
        }
        app.put_order(&crate::cancellation::fresh_order(&app, &number("C9950", n), Some(&upm_id), 2, "created")).await;
        app.put_order(&crate::payments::held_order(&number("C9960", n), Some(&upm_id), "alipay")).await;
        app.put_order(&crate::einvoice::china_order(&number("C9970", n), Some(&upm_id), "Delivered")).await;
    }

    let mut first = Process::start(&app.database_url).await;
    let label_returns = made_returns(&first, &database, &token, &made_bodies.0).await;
    let store_returns = made_returns(&first, &database, &token, &made_bodies.1).await;
    let prepared = began.elapsed();

    // The burst: every kind interleaved, so that the kill finds each kind answered, running and waiting.
    let client = reqwest::Client::new();
    let base = first.base.clone();
    let mut planned: Vec<(Kind, String, reqwest::RequestBuilder)> = Vec::new();
    for n in 0..EACH {
        for (kind, bodies) in &capture_bodies {
            let body = &bodies[n];
            let request = client.post(format!("{base}/order_mgmt/user_return_captures/v1")).json(body);
            planned.push((*kind, body["orderNumber"].as_str().unwrap_or_default().to_owned(), request));
        }
        let rn = &label_returns[n];
        let dispatch =
            json!({"dispatchType": "EMAIL", "returnOrderNumber": rn, "email": format!("label.{n}@example.com")});
        let request = client.post(format!("{base}/order_mgmt/user_return_labels_dispatch/v1")).json(&dispatch);
        planned.push((Kind::LabelEmail, rn.clone(), request));
        let rn = &store_returns[n];
        let store_mail = json!({"country": "US", "language": "en", "orderNumber": number("C9941", n), "returnNumber": rn,
                                "to": format!("store.{n}@example.com")});
        let request = client.post(format!("{base}/order_mgmt/store_return_email/v1")).json(&store_mail);
        planned.push((Kind::StoreEmail, rn.clone(), request));
        let order_number = number("C9950", n);
        let request = client
            .post(format!("{base}/order_mgmt/ordermods/v1/{order_number}/cancelOrder"))
            .json(&crate::cancellation::cancel_body());
        planned.push((Kind::Cancel, order_number, request));
        let order_number = number("C9960", n);
        let pay = crate::payments::pay_body(&order_number, &format!("/orders/sales/{order_number}?payment=success"));
        let request = client.post(format!("{base}/payment/deferred_payment_forms/v1")).json(&pay);
        planned.push((Kind::DeferredPayment, order_number, request));
        let order_number = number("C9970", n);
        let request = client
            .post(format!("{base}/orders/einvoice/v1/{order_number}"))
            .json(&json!({"titleType": "PERSONAL", "title": "张三"}));
        planned.push((Kind::Einvoice, order_number, request));
        let email = format!("reset.{n}@example.com");
        let request = client.post(format!("{base}/auth/v1/password_resets")).json(&json!({"email": email}));
        planned.push((Kind::PasswordReset, email, request));
    }
    let total = planned.len();
    let answered = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let requests = planned.into_iter().map(|(kind, key, request)| {
        let answered = answered.clone();
        let request = request.bearer_auth(&token);
        async move {
            let (status, answer) = match request.send().await {
                Ok(response) => {
                    let status = response.status();
                    match response.bytes().await {
                        Ok(bytes) => (Some(status), serde_json::from_slice(&bytes).unwrap_or(Value::Null)),
                        Err(_) => (None, Value::Null),
                    }
                }
                Err(_) => (None, Value::Null),
            };
            answered.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Sent { kind, key, status, answer }
        }
    });
    let burst = futures_util::future::join_all(requests);
    let (sent, ()) = tokio::join!(burst, async {
        for _ in 0..500 {
            if answered.load(std::sync::atomic::Ordering::SeqCst) >= total / 4 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        first.kill_9();
    });
    let cut = sent.iter().filter(|sent| sent.status.is_none()).count();
    for sent in sent.iter().filter(|sent| sent.status.is_some()) {
        let status = sent.status.unwrap_or(StatusCode::IM_A_TEAPOT);
        assert!(status.is_success(), "{:?} {}: {status} {}", sent.kind, sent.key, sent.answer);
    }
    assert!(sent.len() - cut > 0, "requests were answered before the kill");

    let second = Process::start(&app.database_url).await;
    settle_jobs(&database).await;

    // Each job ended once, and as it should: none FAILED or DENIED (every request was a valid one).
    let ended = strings(&database, "SELECT kind || ':' || status FROM jobs").await;
    assert!(ended.iter().all(|job| job.ends_with(":COMPLETED")), "{ended:?}");
    let accepted = |kind: Kind| sent.iter().filter(move |s| s.kind == kind && s.status == Some(StatusCode::ACCEPTED));
    let answered_ok = |kind: Kind| sent.iter().filter(move |s| s.kind == kind && s.status == Some(StatusCode::OK));

    // Returns: one job, one RETURN_ORDER and one "created" e-mail each; the label event for the label
    // methods, the booking for Korea's pickups, the Doris notice for store returns.
    let returns = strings(&database, "SELECT return_order_number FROM returns").await;
    for kind in [Kind::LabelReturn, Kind::KoreaPickup, Kind::StoreReturn] {
        for sent in accepted(kind) {
            let rn = sent.answer["response"]["returnOrderNumber"].as_str().expect("rn");
            assert!(returns.iter().any(|made| made == rn), "the {kind:?} return {rn} answered 202 exists");
        }
    }
    assert_eq!(
        count(&database, "SELECT COUNT(*) FROM jobs WHERE kind = 'return_capture'").await,
        i64::try_from(returns.len()).unwrap_or(0),
        "one job per return"
    );
    // The instant a random kill rarely hits, made on purpose: a process that died after putting a return's
    // "created" e-mail in the outbox and before marking it sent leaves the claim pending and the job
    // claimed. The job runs again and stores the e-mail once.
    let rn = &returns[0];
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE return_effects SET detail = 'pending', created_at = 0 \
         WHERE return_order_number = '{rn}' AND effect_key = 'mail:created'"
    )))
    .execute(&database)
    .await
    .expect("the claim left pending");
    let parent =
        strings(&database, &format!("SELECT parent_order_number FROM returns WHERE return_order_number = '{rn}'"))
            .await
            .concat();
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE jobs SET status = 'IN_PROGRESS', lease_until = 0, response = NULL \
         WHERE kind = 'return_capture' AND order_number = '{parent}'"
    )))
    .execute(&database)
    .await
    .expect("the job left claimed");
    settle_jobs(&database).await;
    let mails = strings(&database, "SELECT to_address || '|' || subject FROM mail_outbox").await;
    let events: Vec<(String, String, Value)> = sqlx::query("SELECT id, event_type, data FROM events")
        .fetch_all(&database)
        .await
        .expect("events")
        .iter()
        .map(|row| {
            let data: String = row.try_get("data").expect("data");
            (
                row.try_get("id").expect("id"),
                row.try_get("event_type").expect("type"),
                serde_json::from_str(&data).expect("json"),
            )
        })
        .collect();
    let events_of = |kind: &str, field: &str, value: &str| {
        events.iter().filter(|(_, event_type, data)| event_type == kind && data[field] == value).count()
    };
    for rn in &returns {
        let order_type =
            strings(&database, &format!("SELECT order_type FROM orders WHERE order_number = '{rn}'")).await;
        assert_eq!(order_type, ["RETURN_ORDER"], "{rn}: one RETURN_ORDER");
        let created_mails =
            mails.iter().filter(|mail| mail.starts_with("guest.shopper@example.com|") && mail.contains(rn.as_str()));
        assert_eq!(created_mails.count(), 1, "{rn}: the created e-mail once in {mails:#?}");
        for kind in ["return.requested", "return.created"] {
            assert_eq!(events_of(kind, "returnOrderNumber", rn), 1, "{rn}: {kind} once");
        }
    }
    let method_of = |rn: &str| {
        let rn = rn.to_owned();
        let database = database.clone();
        async move {
            strings(&database, &format!("SELECT return_method FROM returns WHERE return_order_number = '{rn}'")).await
        }
    };
    for rn in &returns {
        let method = method_of(rn).await.concat();
        let labelled = events_of("return.label_created", "returnOrderNumber", rn);
        let effects =
            strings(&database, &format!("SELECT effect_key FROM return_effects WHERE return_order_number = '{rn}'"))
                .await;
        let stored_labels =
            count(&database, &format!("SELECT COUNT(*) FROM return_labels WHERE return_order_number = '{rn}'")).await;
        if method.contains("ups") {
            assert_eq!(labelled, 1, "{rn} ({method}): the label once");
            assert_eq!(stored_labels, 1, "{rn} ({method}): one stored label");
        } else {
            assert_eq!(stored_labels, 0, "{rn} ({method}): no label");
        }
        if method.contains("courierPickup") {
            assert!(effects.iter().any(|key| key == "pickup"), "{rn}: the pickup booked ({effects:?})");
        }
        if method.contains("Store") {
            assert!(effects.iter().any(|key| key == "doris"), "{rn}: the Doris notice ({effects:?})");
        }
    }
    let bookings = count(&database, "SELECT COUNT(*) FROM return_effects WHERE effect_key = 'pickup'").await;
    let korea = count(&database, "SELECT COUNT(*) FROM returns WHERE return_method LIKE 'courierPickup%'").await;
    assert_eq!(bookings, korea, "one booking per Korea pickup");

    // The e-mails sent again on request: one per request answered, none for a request never made.
    for (kind, prefix, made_returns) in
        [(Kind::LabelEmail, "label.", &label_returns), (Kind::StoreEmail, "store.", &store_returns)]
    {
        for (n, rn) in made_returns.iter().enumerate() {
            let to = format!("{prefix}{n}@example.com|");
            let made = mails.iter().filter(|mail| mail.starts_with(&to)).count();
            if answered_ok(kind).any(|sent| &sent.key == rn) {
                assert_eq!(made, 1, "{kind:?} {rn}: answered 200, sent once");
            } else {
                assert!(made <= 1, "{kind:?} {rn}: at most once");
            }
        }
    }

    // Cancellations: one each, its event once, and the same money events (one per line released, keyed)
    // for every cancelled order, however its job was cut.
    let mut money = BTreeSet::new();
    for sent in accepted(Kind::Cancel) {
        let order_number = &sent.key;
        let rows = count(
            &database,
            &format!("SELECT COUNT(*) FROM order_cancellations WHERE order_number = '{order_number}'"),
        )
        .await;
        assert_eq!(rows, 1, "{order_number}: one cancellation");
        assert_eq!(
            events_of("order.cancelled", "orderNumber", order_number),
            1,
            "{order_number}: order.cancelled once"
        );
        money.insert(
            count(&database, &format!("SELECT COUNT(*) FROM money_events WHERE order_number = '{order_number}'")).await,
        );
    }
    assert!(money.len() <= 1 && !money.contains(&0), "the money events of each cancelled order: {money:?}");

    // Deferred payments: one payment per request.
    for sent in accepted(Kind::DeferredPayment) {
        let order_number = &sent.key;
        let rows =
            count(&database, &format!("SELECT COUNT(*) FROM deferred_payments WHERE order_number = '{order_number}'"))
                .await;
        assert_eq!(rows, 1, "{order_number}: one payment");
    }
    // E-invoices: issued once each, with numbers never given twice.
    for sent in accepted(Kind::Einvoice) {
        let order_number = &sent.key;
        let issued =
            strings(&database, &format!("SELECT status FROM einvoices WHERE order_number = '{order_number}'")).await;
        assert_eq!(issued, ["ISSUED"], "{order_number}");
        assert_eq!(
            events_of("einvoice.issued", "orderNumber", order_number),
            1,
            "{order_number}: einvoice.issued once"
        );
    }
    let numbers = strings(&database, "SELECT invoice_number FROM einvoices WHERE invoice_number IS NOT NULL").await;
    assert_eq!(numbers.iter().collect::<BTreeSet<_>>().len(), numbers.len(), "no invoice number twice");
    // Password resets: a request answered 202 mails its link once, even when the kill came right after.
    for sent in sent.iter().filter(|sent| sent.kind == Kind::PasswordReset) {
        let links = mails.iter().filter(|mail| mail.starts_with(&format!("{}|", sent.key))).count();
        if sent.status == Some(StatusCode::ACCEPTED) {
            assert_eq!(links, 1, "{}: answered 202, the link mailed once", sent.key);
        } else {
            assert!(links <= 1, "{}: at most one link", sent.key);
        }
    }

    // Webhooks: the receiver gets every event in the outbox after the restart (the killed process's
    // claim on the endpoint ends with its lease, as time would end it).
    sqlx::query("UPDATE event_consumers SET leased_until = NULL").execute(&database).await.expect("end lease");
    let all: BTreeSet<String> = events.iter().map(|(id, _, _)| id.clone()).collect();
    let mut missing = all.clone();
    for _ in 0..300 {
        let got: BTreeSet<String> = receiver.distinct_ids().into_iter().collect();
        missing = all.difference(&got).cloned().collect();
        if missing.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(missing.is_empty(), "{} of {} events never reached the receiver", missing.len(), all.len());
    eprintln!(
        "kill -9 ({backend:?}): {total} requests, {} answered before the kill, {cut} cut; {} returns, {} events \
         all delivered; setup {prepared:?}, whole test {:?}",
        total - cut,
        returns.len(),
        all.len(),
        began.elapsed()
    );
    drop(second);
    database.close().await;
    app.finish().await;
}

crate::on_both_backends!(backend: every_job_kind_survives_kill_9);

/// `kill -9` while the SMTP sender is handing an e-mail over (issue 33): the message the killed process
/// held comes back when its lease ends (4.5 SMTP timeouts), and every queued e-mail reaches the mail server
/// after the restart and is marked sent once. The one being handed over may arrive twice (the server may
/// have taken it just before the kill; SMTP has no exactly-once), none is missing.
async fn smtp_delivery_survives_kill_9(backend: Backend) {
    let app = spawn_app_with(backend, Options { job_workers: 0, ..Options::default() }).await;
    let connected = server::db::connect(&app.database_url, 2).await.expect("connect");
    let database = connected.db.pool.clone();
    const MEMBERS: usize = 5;
    let emails: Vec<String> = (0..MEMBERS).map(|n| format!("mail.crash.{n}@example.com")).collect();
    for email in &emails {
        app.member(email).await;
    }
    let (stalling, mut taken) = crate::returns::stalling_smtp_server().await;
    let mut first =
        Process::start_with(&app.database_url, &["--smtp-url", &stalling, "--smtp-timeout-seconds", "2"]).await;
    let client = reqwest::Client::new();
    for email in &emails {
        let answer = client
            .post(format!("{}/auth/v1/password_resets", first.base))
            .json(&json!({"email": email}))
            .send()
            .await
            .expect("reset");
        assert_eq!(answer.status(), StatusCode::ACCEPTED, "the reset e-mail is queued, not sent in the request");
    }
    // Every link job has put its e-mail in the outbox (a job cut by the kill is the other test's subject).
    let mut stored = 0;
    for _ in 0..200 {
        stored = count(&database, "SELECT COUNT(*) FROM mail_outbox").await;
        if stored == i64::try_from(MEMBERS).unwrap_or(0) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(stored, i64::try_from(MEMBERS).unwrap_or(0), "every reset e-mail waits in the outbox");
    // A text the server took before that may have timed out since: the kill must find one in flight. The
    // next one comes only because a try is bounded (4 SMTP timeouts): the server never answers the data.
    while taken.try_recv().is_ok() {}
    // The next message's text has reached the server, which has not acknowledged it: kill now.
    let in_flight = tokio::time::timeout(Duration::from_secs(20), taken.recv())
        .await
        .expect("the sender hands a message over")
        .expect("a message");
    first.kill_9();
    let held = count(&database, "SELECT COUNT(*) FROM mail_outbox WHERE sent_at < 0").await;
    assert!(held >= 1, "the killed process held the message it was sending");
    assert_eq!(count(&database, "SELECT COUNT(*) FROM mail_outbox WHERE sent_at > 0").await, 0, "none sent yet");

    // Started again with a server that answers: every e-mail goes out, the held one once its lease ends.
    let (working, mut received) = crate::returns::smtp_server_on("127.0.0.1:0").await;
    let restarted = Instant::now();
    let second = Process::start_with(&app.database_url, &["--smtp-url", &working, "--smtp-timeout-seconds", "2"]).await;
    let mut delivered: Vec<String> = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(40);
    while Instant::now() < deadline
        && count(&database, "SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL OR sent_at <= 0").await > 0
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    while let Ok(message) = received.try_recv() {
        delivered.push(message);
    }
    let took = restarted.elapsed();
    let rows = strings(&database, "SELECT to_address FROM mail_outbox WHERE sent_at > 0").await;
    assert_eq!(rows.len(), MEMBERS, "every queued e-mail marked sent, each once: {rows:?}");
    for email in &emails {
        let copies = delivered.iter().filter(|text| text.contains(email.as_str())).count();
        assert!(copies >= 1, "{email} never reached the mail server after the restart");
    }
    let first_recipient =
        emails.iter().find(|email| in_flight.contains(email.as_str())).expect("the message in flight names a member");
    assert!(
        delivered.iter().any(|text| text.contains(first_recipient.as_str())),
        "the message cut by the kill was sent again"
    );
    assert!(took < Duration::from_secs(30), "the held message came back with its lease (9 s), took {took:?}");
    eprintln!("kill -9 during SMTP delivery ({backend:?}): {MEMBERS} e-mails all sent {took:?} after the restart");
    drop(second);
    database.close().await;
    app.finish().await;
}

crate::on_both_backends!(backend: smtp_delivery_survives_kill_9);
