//! Orders in bulk (issue 32): `POST /ops/v1/orders/bulk` and the binary's `orders import FILE`, both through
//! `ops::import`: one result per line, a refused line stores nothing and takes no neighbour down, and the
//! same body sent again changes nothing (no version bump).

use std::io::Write;
use std::process::{Command, Stdio};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{OPS_KEY, TestApp, order};
use crate::on_both_backends;
use crate::ready_rows::scalar;

/// The NDJSON body of `orders`, one compact JSON document a line.
fn ndjson(lines: &[String]) -> String {
    let mut body = lines.join("\n");
    body.push('\n');
    body
}

async fn post_bulk(app: &TestApp, body: String) -> (StatusCode, Value) {
    let response = app
        .client
        .post(app.url("/ops/v1/orders/bulk"))
        .header("x-ops-key", OPS_KEY)
        .header("content-type", "application/x-ndjson")
        .body(body)
        .send()
        .await
        .expect("request");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn count(app: &TestApp, table: &str, order_number: &str) -> i64 {
    scalar(app, &format!("SELECT COUNT(*) FROM {table} WHERE order_number = $1"), order_number).await
}

async fn version(app: &TestApp, order_number: &str) -> i64 {
    scalar(app, "SELECT version FROM orders WHERE order_number = $1", order_number).await
}

fn statuses(answer: &Value) -> Vec<String> {
    answer["results"]
        .as_array()
        .map(|results| results.iter().map(|result| result["status"].as_str().unwrap_or("?").to_owned()).collect())
        .unwrap_or_default()
}

async fn bulk_lines_are_created_refused_and_unchanged_one_by_one(app: &TestApp) {
    let first = order("B10000001", None, "2026-11-01T10:00:00Z").to_string();
    let second = order("B10000002", None, "2026-11-02T10:00:00Z").to_string();
    let mut bad_quantity = order("B10000003", None, "2026-11-03T10:00:00Z");
    bad_quantity["lines"][1]["quantity"] = json!(0);
    let unknown_member = order("B10000004", Some("no-such-member"), "2026-11-04T10:00:00Z");
    let body = ndjson(&[
        first.clone(),
        String::new(),
        "{\"orderNumber\": ".to_owned(),
        second.clone(),
        bad_quantity.to_string(),
        unknown_member.to_string(),
        first.clone(),
    ]);
    let (status, answer) = post_bulk(app, body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(statuses(&answer), ["created", "refused", "created", "refused", "refused", "unchanged"], "{answer}");
    let lines: Vec<u64> =
        answer["results"].as_array().map(|r| r.iter().filter_map(|x| x["line"].as_u64()).collect()).unwrap_or_default();
    assert_eq!(lines, [1, 3, 4, 5, 6, 7], "line numbers count the blank line");
    assert_eq!((answer["created"].as_u64(), answer["refused"].as_u64()), (Some(2), Some(3)), "{answer}");
    assert_eq!(answer["results"][1]["code"], "invalid-json");
    assert_eq!(answer["results"][2]["orderNumber"], "B10000002");
    assert_eq!(answer["results"][3]["code"], "validation-failed");
    assert_eq!(answer["results"][3]["field"], "lines[1].quantity", "{answer}");
    assert_eq!(answer["results"][4]["orderNumber"], "B10000004");
    assert_eq!(answer["results"][4]["field"], "upmId");
    // A refused line leaves nothing; its neighbours are stored whole.
    for refused in ["B10000003", "B10000004"] {
        assert_eq!(count(app, "orders", refused).await, 0, "{refused}");
        assert_eq!(count(app, "order_lines", refused).await, 0, "{refused}");
    }
    assert_eq!(count(app, "order_lines", "B10000002").await, 2);
    // The guest sees the imported order like one fed through POST /ops/v1/orders.
    let (status, detail) =
        app.get_json("/orders/history/v1/B10000001?filter=email(guest.shopper@example.com)", None).await;
    assert_eq!(status, StatusCode::OK, "{detail}");

    // The same bodies again: nothing changes, versions stay.
    let before = (version(app, "B10000001").await, version(app, "B10000002").await);
    let (status, again) = post_bulk(app, ndjson(&[first.clone(), second.clone()])).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(statuses(&again), ["unchanged", "unchanged"], "{again}");
    assert_eq!(again["unchanged"], 2);
    assert_eq!((version(app, "B10000001").await, version(app, "B10000002").await), before);

    // A changed body replaces the order and moves its version.
    let mut changed = order("B10000002", None, "2026-11-02T10:00:00Z");
    changed["lines"][1]["status"] = json!("Shipped");
    let (_, replaced) = post_bulk(app, ndjson(&[changed.to_string()])).await;
    assert_eq!(statuses(&replaced), ["replaced"], "{replaced}");
    assert_eq!(version(app, "B10000002").await, before.1 + 1);

    // A body written through POST /ops/v1/orders is the same body: sent in bulk after it, unchanged.
    let third = order("B10000005", None, "2026-11-05T10:00:00Z");
    app.put_order(&third).await;
    let (_, after_single) = post_bulk(app, ndjson(&[third.to_string()])).await;
    assert_eq!(statuses(&after_single), ["unchanged"], "{after_single}");
}
on_both_backends!(bulk_endpoint, bulk_lines_are_created_refused_and_unchanged_one_by_one);

/// A change in place (a status event) makes the stored order differ from the body last imported: the same
/// body again replaces it (it is not taken as unchanged), and then it is unchanged again.
async fn an_edit_in_place_makes_the_same_body_replace_again(app: &TestApp) {
    let body = order("B30000001", None, "2026-11-01T10:00:00Z").to_string();
    let (_, first) = post_bulk(app, ndjson(std::slice::from_ref(&body))).await;
    assert_eq!(statuses(&first), ["created"]);
    let (status, answer) = crate::cancellation::status_event(app, "B30000001", "Shipped").await;
    assert!(status.is_success(), "{answer}");
    let (_, again) = post_bulk(app, ndjson(std::slice::from_ref(&body))).await;
    assert_eq!(statuses(&again), ["replaced"], "{again}");
    let (_, third) = post_bulk(app, ndjson(&[body])).await;
    assert_eq!(statuses(&third), ["unchanged"], "{third}");
}
on_both_backends!(bulk_after_edit, an_edit_in_place_makes_the_same_body_replace_again);

/// A line that passes every check but that the database refuses (here a trigger) rolls its batch back; the
/// batch is then written one line a transaction, so only that line is refused and its neighbours are stored.
async fn a_line_the_database_refuses_takes_no_neighbour_down(app: &TestApp) {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let trigger = if app.database_url.starts_with("postgres") {
        "CREATE FUNCTION refuse_b40000002() RETURNS trigger AS $$ BEGIN \
           IF NEW.order_number = 'B40000002' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; \
         END $$ LANGUAGE plpgsql; \
         CREATE TRIGGER refuse_b40000002 BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION refuse_b40000002();"
    } else {
        "CREATE TRIGGER refuse_b40000002 BEFORE INSERT ON orders WHEN NEW.order_number = 'B40000002' \
         BEGIN SELECT RAISE(ABORT, 'refused by the test'); END;"
    };
    sqlx::raw_sql(sqlx::AssertSqlSafe(trigger)).execute(&connected.db.pool).await.expect("create the trigger");
    connected.db.pool.close().await;
    let lines: Vec<String> =
        (1..=3).map(|n| order(&format!("B4000000{n}"), None, "2026-11-01T10:00:00Z").to_string()).collect();
    let (status, answer) = post_bulk(app, ndjson(&lines)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(statuses(&answer), ["created", "refused", "created"], "{answer}");
    assert!(answer["results"][1]["code"].is_string(), "{answer}");
    assert_eq!(count(app, "orders", "B40000001").await, 1);
    assert_eq!(count(app, "orders", "B40000002").await, 0);
    assert_eq!(count(app, "order_lines", "B40000002").await, 0);
    assert_eq!(count(app, "order_lines", "B40000003").await, 2);
}
on_both_backends!(bulk_fallback, a_line_the_database_refuses_takes_no_neighbour_down);

async fn more_than_ten_thousand_lines_are_refused_with_a_code(app: &TestApp) {
    let body = "{}\n".repeat(10_001);
    let (status, answer) = post_bulk(app, body).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    assert_eq!(answer["code"], "bulk-too-many-lines");
    // The ops key is required, as on every ops route.
    let response = app
        .client
        .post(app.url("/ops/v1/orders/bulk"))
        .header("content-type", "application/x-ndjson")
        .body(ndjson(&[order("B20000001", None, "2026-11-01T10:00:00Z").to_string()]))
        .send()
        .await
        .expect("request");
    assert!(response.status().is_client_error());
    assert_eq!(count(app, "orders", "B20000001").await, 0);
}
on_both_backends!(bulk_limit, more_than_ten_thousand_lines_are_refused_with_a_code);

/// The bulk route's own body limit (48 MiB) wins over the app's 256 KiB one, which sits around the router
/// (ADR 0036): a 300 KB body is read and answered line by line, not refused whole with 413.
async fn a_bulk_body_larger_than_the_apps_limit_is_read(app: &TestApp) {
    let line = format!("{{}}{}\n", " ".repeat(3_000));
    let body = line.repeat(100);
    assert!(body.len() > server::app::MAX_BODY_BYTES, "the body must exceed the app's limit");
    let (status, answer) = post_bulk(app, body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["results"].as_array().map(Vec::len), Some(100), "{answer}");
}
on_both_backends!(bulk_body_limit, a_bulk_body_larger_than_the_apps_limit_is_read);

/// `orders import FILE` on a temporary SQLite database, with one bad line: exit status 1, the summary names
/// the line, the good lines are stored; the same file again (from standard input) changes nothing.
#[tokio::test]
async fn the_import_command_reports_a_refused_line_and_exits_1() {
    let dir = std::env::temp_dir().join(format!("orders-import-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let database = dir.join("orders.db");
    let file = dir.join("orders.ndjson");
    let mut bad = order("I10000002", None, "2026-11-02T10:00:00Z");
    bad["currency"] = json!("XYZ");
    let body = ndjson(&[
        order("I10000001", None, "2026-11-01T10:00:00Z").to_string(),
        bad.to_string(),
        order("I10000003", None, "2026-11-03T10:00:00Z").to_string(),
    ]);
    std::fs::write(&file, &body).expect("write the file");
    let run = |stdin: Option<&str>| {
        let path = if stdin.is_some() { "-".to_owned() } else { file.display().to_string() };
        let mut child = Command::new(env!("CARGO_BIN_EXE_orders"))
            .args(["import", &path, "--database-url", &database.display().to_string(), "--batch", "2"])
            .env("ORDERS_LOG", "warn")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start the orders binary");
        if let Some(input) = stdin
            && let Some(mut pipe) = child.stdin.take()
        {
            pipe.write_all(input.as_bytes()).expect("write stdin");
        }
        drop(child.stdin.take());
        let output = child.wait_with_output().expect("orders import ran");
        (output.status.code(), String::from_utf8_lossy(&output.stdout).into_owned())
    };
    let (code, summary) = run(None);
    assert_eq!(code, Some(1), "{summary}");
    assert!(summary.contains("2 created") && summary.contains("1 refused"), "{summary}");
    assert!(summary.contains("line 2 (order I10000002)"), "the summary names the refused line: {summary}");

    let (code, again) = run(Some(&body));
    assert_eq!(code, Some(1), "{again}");
    assert!(again.contains("0 created") && again.contains("2 unchanged"), "{again}");

    let good = ndjson(&[order("I10000001", None, "2026-11-01T10:00:00Z").to_string()]);
    let (code, clean) = run(Some(&good));
    assert_eq!(code, Some(0), "{clean}");
    let connected = server::db::connect(&database.display().to_string(), 1).await.expect("connect");
    let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM orders WHERE order_number LIKE 'I1000000%'")
        .fetch_one(&connected.db.pool)
        .await
        .expect("count");
    let versions: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(version), -1) FROM orders")
        .fetch_one(&connected.db.pool)
        .await
        .expect("versions");
    connected.db.pool.close().await;
    assert_eq!((stored, versions), (2, 0), "two orders, never replaced");
    let _ = std::fs::remove_dir_all(&dir);
}

/// With the retailer's OpenID provider configured, `orders import` takes orders for any member id it issues,
/// as `POST /ops/v1/orders` does (the member's record is made on first sight); without it, such a line is
/// refused. The provider is not asked: its issuer's address is all the command needs.
#[tokio::test]
async fn import_takes_any_provider_member_id_when_an_issuer_is_configured() {
    let dir = std::env::temp_dir().join(format!("orders-import-oidc-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let database = dir.join("orders.db").display().to_string();
    let file = dir.join("orders.ndjson");
    std::fs::write(&file, ndjson(&[order("I20000001", Some("provider-member-9"), "2026-11-01T10:00:00Z").to_string()]))
        .expect("write the file");
    let run = |issuer: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_orders"));
        command.args(["import", &file.display().to_string(), "--database-url", &database]).env("ORDERS_LOG", "warn");
        if let Some(issuer) = issuer {
            command.args(["--oidc-issuer", issuer, "--oidc-audience", "https://orders.example/api"]);
        }
        let output = command.output().expect("orders import ran");
        (output.status.code(), String::from_utf8_lossy(&output.stdout).into_owned())
    };
    let (code, without) = run(None);
    assert_eq!(code, Some(1), "{without}");
    assert!(without.contains("upmId: no member has this upmId"), "{without}");
    let (code, with) = run(Some("https://login.shop.example"));
    assert_eq!(code, Some(0), "{with}");
    assert!(with.contains("1 created"), "{with}");
    let connected = server::db::connect(&database, 1).await.expect("connect");
    let member: Option<String> = sqlx::query_scalar("SELECT upm_id FROM members WHERE upm_id = 'provider-member-9'")
        .fetch_optional(&connected.db.pool)
        .await
        .expect("member");
    connected.db.pool.close().await;
    assert_eq!(member.as_deref(), Some("provider-member-9"), "made on first sight");
    let _ = std::fs::remove_dir_all(&dir);
}

/// ADR 0013: on PostgreSQL a member's version is bumped at the commit, once per order written. Two bulk
/// loads that name the same six members in opposite orders, beside an order moved between two of them,
/// all committing at once: every write succeeds (no deadlock ends one of them). The test holds the
/// middle member's version row until all three wait at their commit, so the loads meet there every
/// round: a load written in file order then holds the members before it while the other holds those
/// after it, a certain deadlock.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bulk_loads_beside_a_reassignment_do_not_deadlock() {
    if crate::helpers::postgres_admin_url().is_none() {
        assert!(std::env::var("ORDERS_TEST_REQUIRE_POSTGRES").is_err(), "ORDERS_TEST_POSTGRES_URL is not set");
        eprintln!("PostgreSQL not configured (ORDERS_TEST_POSTGRES_URL): this backend did not run");
        return;
    }
    let app = crate::helpers::spawn_app(crate::helpers::Backend::Postgres).await;
    let mut members = Vec::new();
    for n in 0..6 {
        members.push(app.create_member(&format!("bulk.deadlock{n}@example.com"), "US").await);
    }
    // In key order: the order the members' versions are locked in when nothing else decides it.
    members.sort();
    let connected = server::db::connect(&app.database_url, 8).await.expect("connect");
    let db = connected.db.clone();
    let stored = |number: &str, member: &str| {
        let body = serde_json::to_vec(&order(number, Some(member), "2026-11-01T10:00:00Z")).expect("json");
        server::orders::parse_order(&body).expect("an order")
    };
    let now = chrono::Utc::now().timestamp_millis();
    // Every member has its version row before the loads.
    for (index, member) in members.iter().enumerate() {
        server::orders::upsert(&db, &stored(&format!("DS0000{index:02}"), member), now).await.expect("a first order");
    }
    let moved = "DS000000";
    for round in 0..3 {
        let mut forward = Vec::new();
        let mut backward = Vec::new();
        for (index, member) in members.iter().enumerate() {
            for copy in 0..3 {
                forward.push(stored(&format!("DF{round:02}{index:02}{copy}"), member));
            }
        }
        for (index, member) in members.iter().enumerate().rev() {
            for copy in 0..3 {
                backward.push(stored(&format!("DB{round:02}{index:02}{copy}"), member));
            }
        }
        let to = if round % 2 == 0 { &members[5] } else { &members[0] };
        let reassigned = stored(moved, to);
        let forward: Vec<&server::orders::StoredOrder> = forward.iter().collect();
        let backward: Vec<&server::orders::StoredOrder> = backward.iter().collect();
        let mut holder = db.pool.begin().await.expect("begin");
        sqlx::query("SELECT version FROM member_versions WHERE upm_id = $1 FOR UPDATE")
            .bind(members[3].clone())
            .fetch_one(&mut *holder)
            .await
            .expect("the middle member's row held");
        let release = async {
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            holder.commit().await.expect("released");
        };
        let (a, b, c, ()) = tokio::join!(
            server::orders::upsert_many(&db, &forward, now),
            server::orders::upsert_many(&db, &backward, now),
            server::orders::upsert(&db, &reassigned, now),
            release,
        );
        assert!(a.is_ok() && b.is_ok() && c.is_ok(), "round {round}: {:?} {:?} {:?}", a.err(), b.err(), c.err());
    }
    let written: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM orders WHERE order_number LIKE 'DF%' OR order_number LIKE 'DB%'")
            .fetch_one(&db.pool)
            .await
            .expect("count");
    assert_eq!(written, 3 * 2 * 6 * 3);
    db.pool.close().await;
    app.finish().await;
}
