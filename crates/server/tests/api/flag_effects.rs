//! Issue 31: enableFakeReturn and enablePaperlessReturnConfirmation decide on the server (ADR 0017).

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{Backend, Options, TestApp, spawn_app_with};
use crate::returns::{capture_body, delivered_order, post, wait_job};

async fn app_on(backend: Backend, configure: fn(&mut server::config::Settings)) -> TestApp {
    spawn_app_with(backend, Options { configure: Some(configure), ..Options::default() }).await
}

fn fake_on(settings: &mut server::config::Settings) {
    settings.flags.push("enableFakeReturn=true".to_owned());
}

fn paperless_confirmation_on(settings: &mut server::config::Settings) {
    settings.flags.push("enablePaperlessReturnConfirmation=true".to_owned());
}

async fn count(app: &TestApp, statement: &str) -> i64 {
    let connected = server::db::connect(&app.database_url, 1).await.expect("connect");
    let n: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(statement.to_owned()))
        .fetch_one(&connected.db.pool)
        .await
        .expect("count");
    connected.db.pool.close().await;
    n
}

/// Rows a capture writes: the return, its lines, reserved units, its job and its event.
async fn written(app: &TestApp) -> [i64; 5] {
    [
        count(app, "SELECT COUNT(*) FROM returns").await,
        count(app, "SELECT COUNT(*) FROM return_lines").await,
        count(app, "SELECT CAST(COALESCE(SUM(returned), 0) AS BIGINT) FROM return_quantities").await,
        count(app, "SELECT COUNT(*) FROM jobs").await,
        count(app, "SELECT COUNT(*) FROM events").await,
    ]
}

/// enableFakeReturn on: the capture is checked like a real one (same refusals, same codes) and answers a
/// 200 mock marked `fake` with what it would have returned; nothing is written, no job starts, the item
/// stays returnable. Off: the same request creates the return (202 and a job).
async fn fake_return_writes_nothing(backend: Backend) {
    for (configure, fake) in [(fake_on as fn(&mut server::config::Settings), true), (|_: &mut _| {}, false)] {
        let app = app_on(backend, configure).await;
        let (upm_id, token) = app.member("fake.return@example.com").await;
        app.put_order(&delivered_order(&app, "F3100001", Some(&upm_id), "US", "USD")).await;
        let (_, options) = app.get_json("/order_mgmt/return_options/v1/F3100001", Some(&token)).await;
        let before = written(&app).await;

        let too_many = capture_body("F3100001", &options, "upsDropoff|ups", "1", 9);
        let (status, refused) = post(&app, "/order_mgmt/user_return_captures/v1", &too_many, Some(&token), None).await;
        assert_eq!((status, &refused["code"]), (StatusCode::CONFLICT, &json!("return-quantity-exceeded")), "{refused}");
        let (_, stranger) = app.member("fake.stranger@example.com").await;
        let body = capture_body("F3100001", &options, "upsDropoff|ups", "1", 1);
        let (status, _) = post(&app, "/order_mgmt/user_return_captures/v1", &body, Some(&stranger), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "not yours is not there, mock or not");

        let (status, answer) = post(&app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
        if fake {
            assert_eq!(status, StatusCode::OK, "{answer}");
            assert_eq!(answer["fake"], true);
            assert!(answer.get("jobId").is_none(), "{answer}");
            let mock = &answer["returnOrder"];
            assert_eq!(mock["orderNumber"], "F3100001");
            assert_eq!(mock["returnMethod"], "upsDropoff", "{mock}");
            assert_eq!(mock["carrierName"], "UPS");
            assert_eq!(mock["lines"][0]["universalProductCode"], options["orderLines"][0]["universalProductCode"]);
            assert_eq!(mock["lines"][0]["quantity"], 1);
            assert!(mock.get("returnOrderNumber").is_none(), "a mock has no return number: {mock}");
            assert_eq!(written(&app).await, before, "a mock return writes nothing");
            let (_, again) = app.get_json("/order_mgmt/return_options/v1/F3100001", Some(&token)).await;
            assert_eq!(again["orderLines"][0]["returnableQuantity"], options["orderLines"][0]["returnableQuantity"]);
        } else {
            assert_eq!(status, StatusCode::ACCEPTED, "{answer}");
            let job = wait_job(&app, answer["jobId"].as_str().expect("job"), Some(&token), "").await;
            assert_eq!(job["status"], "COMPLETED", "{job}");
            let after = written(&app).await;
            assert_eq!((after[0] - before[0], after[2] - before[2]), (1, 1), "a real return is stored: {after:?}");
        }
        app.finish().await;
    }
}

crate::on_both_backends!(backend: fake_return_writes_nothing);

/// enablePaperlessReturnConfirmation: a paperless return's instructions say the confirmation is the
/// paperless one (the code on the page) only with the flag on, and never for another method.
#[tokio::test]
async fn paperless_confirmation_follows_its_flag() {
    for (configure, on) in
        [(paperless_confirmation_on as fn(&mut server::config::Settings), true), (|_: &mut _| {}, false)]
    {
        let app = app_on(Backend::Sqlite, configure).await;
        let (upm_id, token) = app.member("paperless.confirmation@example.com").await;
        for (number, country, currency, method, paperless) in [
            ("F3100011", "DE", "EUR", "PAPERLESS_RETURN|dhl-de", true),
            ("F3100012", "US", "USD", "returnToStore", false),
        ] {
            app.put_order(&delivered_order(&app, number, Some(&upm_id), country, currency)).await;
            let (_, options) = app.get_json(&format!("/order_mgmt/return_options/v1/{number}"), Some(&token)).await;
            let body = capture_body(number, &options, method, "1", 1);
            let (status, accepted) = post(&app, "/order_mgmt/user_return_captures/v1", &body, Some(&token), None).await;
            assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
            wait_job(&app, accepted["jobId"].as_str().expect("job"), Some(&token), "").await;
            let rn = accepted["response"]["returnOrderNumber"].as_str().expect("rn");
            let (_, view) = app.get_json(&format!("/order_mgmt/return_instructions/v1/{rn}"), Some(&token)).await;
            assert_eq!(view["paperlessConfirmation"], on && paperless, "{method} with the flag {on}: {view}");
        }
        app.finish().await;
    }
}
