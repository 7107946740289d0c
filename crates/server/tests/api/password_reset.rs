//! Password reset of the built-in sign-in (issue 33): the link goes out through the mail outbox, an unknown
//! e-mail gets the same 202 and no mail, a token works once and for an hour, and requests are limited per
//! e-mail and per client.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Options, PASSWORD, TestApp};
use crate::on_both_backends;

/// Waits (the mail is sent after the 202) until `to` has `count` messages; then they are returned.
async fn wait_for_mails(app: &TestApp, to: &str, count: usize) -> Vec<Value> {
    for _ in 0..100 {
        let mails = app.outbox(to).await;
        if mails.len() >= count {
            return mails;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{to} did not get {count} mail(s)");
}

fn token_in(mail: &Value) -> String {
    let body = mail["body"].as_str().expect("body");
    let (_, rest) = body.split_once("#token=").expect("a reset link in the mail");
    rest.split_whitespace().next().expect("the token").to_owned()
}

async fn ask(app: &TestApp, email: &str) -> StatusCode {
    app.post_json("/auth/v1/password_resets", &json!({"email": email, "language": "fr"}), false).await.0
}

async fn reset(app: &TestApp, token: &str, password: &str) -> (StatusCode, Value) {
    let response = app
        .client
        .put(app.url("/auth/v1/password_resets"))
        .json(&json!({"token": token, "password": password}))
        .send()
        .await
        .expect("request");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn sign_in_status(app: &TestApp, email: &str, password: &str) -> StatusCode {
    app.post_json("/auth/v1/token", &json!({"email": email, "password": password}), false).await.0
}

async fn a_member_resets_their_password_with_a_one_time_link(app: &TestApp) {
    app.create_member("reset.me@example.com", "FR").await;
    // Unknown e-mail: the same answer, and no mail anywhere.
    assert_eq!(ask(app, "nobody.here@example.com").await, StatusCode::ACCEPTED);
    assert_eq!(ask(app, "Reset.Me@Example.com").await, StatusCode::ACCEPTED);
    let mails = wait_for_mails(app, "reset.me@example.com", 1).await;
    assert_eq!(mails[0]["subject"], "Réinitialisez votre mot de passe");
    let first = token_in(&mails[0]);
    assert_eq!(first.len(), 43);
    assert!(app.outbox("nobody.here@example.com").await.is_empty());

    // Per e-mail: 3 links an hour; the 4th request is answered alike and sends nothing.
    for sent in 2..=3 {
        assert_eq!(ask(app, "reset.me@example.com").await, StatusCode::ACCEPTED);
        wait_for_mails(app, "reset.me@example.com", sent).await;
    }
    assert_eq!(ask(app, "reset.me@example.com").await, StatusCode::ACCEPTED);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let mails = app.outbox("reset.me@example.com").await;
    assert_eq!(mails.len(), 3, "the hourly budget of one e-mail");
    let newest = token_in(&mails[0]);

    // The password's length is checked; bad tokens are refused with their codes.
    let (status, answer) = reset(app, &newest, "short").await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::BAD_REQUEST, Some("validation-failed")));
    let (status, answer) = reset(app, &"A".repeat(43), "a brand new password").await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::BAD_REQUEST, Some("password-reset-invalid")));
    let (status, _) = reset(app, "not-a-token", "a brand new password").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let (status, answer) = reset(app, &newest, "a brand new password").await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{answer}");
    assert_eq!(sign_in_status(app, "reset.me@example.com", "a brand new password").await, StatusCode::OK);
    assert_eq!(sign_in_status(app, "reset.me@example.com", PASSWORD).await, StatusCode::UNAUTHORIZED);

    // Used: the same link again, and the member's older links with it.
    for used in [&newest, &first] {
        let (status, answer) = reset(app, used, "yet another password").await;
        assert_eq!((status, answer["code"].as_str()), (StatusCode::GONE, Some("password-reset-expired")));
    }
    assert_eq!(sign_in_status(app, "reset.me@example.com", "a brand new password").await, StatusCode::OK);
    // The token is stored hashed, never as sent.
    let stored =
        crate::ready_rows::scalar(app, "SELECT COUNT(*) FROM password_resets WHERE token_hash = $1", &newest).await;
    assert_eq!(stored, 0);

    // Expired: a link an hour and a minute old no longer works.
    app.create_member("late@example.com", "US").await;
    assert_eq!(ask(app, "late@example.com").await, StatusCode::ACCEPTED);
    let late = token_in(&wait_for_mails(app, "late@example.com", 1).await[0]);
    app.clock.advance(61 * 60 * 1000);
    let (status, answer) = reset(app, &late, "a brand new password").await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::GONE, Some("password-reset-expired")));
    assert_eq!(sign_in_status(app, "late@example.com", PASSWORD).await, StatusCode::OK);

    // Malformed input is a 400 (it tells nothing about accounts).
    let (status, _) = app.post_json("/auth/v1/password_resets", &json!({"email": "not an e-mail"}), false).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
on_both_backends!(password_reset_flow, a_member_resets_their_password_with_a_one_time_link);

/// Per client: the guest-lookup budget of the client address (here 3 a minute) counts reset requests.
async fn reset_requests_are_limited_per_client(app: &TestApp) {
    for _ in 0..3 {
        assert_eq!(ask(app, "someone@example.com").await, StatusCode::ACCEPTED);
    }
    let (status, answer) =
        app.post_json("/auth/v1/password_resets", &json!({"email": "someone@example.com"}), false).await;
    assert_eq!((status, answer["code"].as_str()), (StatusCode::TOO_MANY_REQUESTS, Some("rate-limited")));
}

on_both_backends!(
    password_reset_per_client,
    reset_requests_are_limited_per_client,
    Options { per_client: 3, ..Options::default() }
);

/// Sign-up is off unless the configuration file says `allowSignUp: true`.
async fn sign_up_is_off_by_default(app: &TestApp) {
    let body = json!({"email": "new.shopper@example.com", "password": "a good password"});
    let (status, answer) = app.post_json("/auth/v1/members", &body, false).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    assert_eq!(answer["code"], "feature-disabled");
    assert_eq!(answer["field"], "allowSignUp");
    let (_, config) = app.get_json("/config/v1/us", None).await;
    assert_eq!(config["signIn"]["allowSignUp"], false, "the web offers no sign-up page");
}
on_both_backends!(sign_up_off, sign_up_is_off_by_default);

fn allow_sign_up(settings: &mut server::config::Settings) {
    let path = std::env::temp_dir().join(format!("orders-test-sign-up-{}.json", uuid::Uuid::new_v4().simple()));
    std::fs::write(&path, r#"{"allowSignUp": true}"#).expect("write the configuration file");
    settings.config_file = Some(path);
}

/// With sign-up on: a new account signs in at once; a taken e-mail gets the same 202 and keeps its password.
async fn a_shopper_creates_an_account(app: &TestApp) {
    let (_, config) = app.get_json("/config/v1/de", None).await;
    assert_eq!(config["signIn"]["allowSignUp"], true, "the web links its sign-up page");
    let body =
        json!({"email": "New.Shopper@Example.com", "password": "a good password", "firstName": "Ana", "country": "de"});
    let (status, _) = app.post_json("/auth/v1/members", &body, false).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    assert_eq!(sign_in_status(app, "new.shopper@example.com", "a good password").await, StatusCode::OK);
    let again = json!({"email": "new.shopper@example.com", "password": "another password"});
    assert_eq!(app.post_json("/auth/v1/members", &again, false).await.0, StatusCode::ACCEPTED);
    assert_eq!(sign_in_status(app, "new.shopper@example.com", "another password").await, StatusCode::UNAUTHORIZED);
    assert_eq!(sign_in_status(app, "new.shopper@example.com", "a good password").await, StatusCode::OK);
    let short = json!({"email": "short@example.com", "password": "short"});
    let (status, answer) = app.post_json("/auth/v1/members", &short, false).await;
    assert_eq!((status, answer["field"].as_str()), (StatusCode::BAD_REQUEST, Some("password")));
}

on_both_backends!(
    sign_up_on,
    a_shopper_creates_an_account,
    Options { configure: Some(allow_sign_up), ..Options::default() }
);
