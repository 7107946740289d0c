use base64::Engine;
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{PASSWORD, TOKEN_KEY, TestApp};
use crate::on_both_backends;

async fn a_member_signs_in_and_gets_a_bearer_token(app: &TestApp) {
    let upm_id = app.create_member("Ada@Example.com", "GB").await;
    let (status, body) =
        app.post_json("/auth/v1/token", &json!({"email": "ada@example.com", "password": PASSWORD}), false).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["tokenType"], "Bearer");
    assert_eq!(body["upmId"], upm_id.as_str());
    assert!(body["expiresIn"].as_u64().unwrap_or(0) > 0);
    let token = body["accessToken"].as_str().unwrap_or_default();
    let (status, me) = app.get_json("/auth/v1/me", Some(token)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["email"], "ada@example.com");
    assert_eq!(me["country"], "GB");
    assert!(me.get("passwordHash").is_none() && !me.to_string().contains("argon2"));
}
on_both_backends!(sign_in, a_member_signs_in_and_gets_a_bearer_token);

async fn a_wrong_password_and_an_unknown_email_are_refused_alike(app: &TestApp) {
    app.create_member("bob@example.com", "US").await;
    let wrong =
        app.post_json("/auth/v1/token", &json!({"email": "bob@example.com", "password": "nope-nope"}), false).await;
    let unknown =
        app.post_json("/auth/v1/token", &json!({"email": "who@example.com", "password": PASSWORD}), false).await;
    assert_eq!(wrong.0, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong, unknown);
    assert_eq!(wrong.1["code"], "invalid-credentials");
    let malformed = app.post_json("/auth/v1/token", &json!({"email": 5}), false).await;
    assert_eq!(malformed.0, StatusCode::BAD_REQUEST);
    assert_eq!(malformed.1["code"], "invalid-json");
}
on_both_backends!(sign_in_refused, a_wrong_password_and_an_unknown_email_are_refused_alike);

fn forge(header: &str, claims: &serde_json::Value, key: &[u8]) -> String {
    let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let head = engine.encode(header);
    let body = engine.encode(claims.to_string());
    if key.is_empty() {
        return format!("{head}.{body}.");
    }
    let token = jsonwebtoken::encode(
        &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
        claims,
        &jsonwebtoken::EncodingKey::from_secret(key),
    );
    token.unwrap_or_default()
}

async fn bad_signatures_unsigned_and_expired_tokens_get_401(app: &TestApp) {
    let (upm_id, token) = app.member("eve@example.com").await;
    assert_eq!(app.get("/orders/history/v1", Some(&token)).await.status(), StatusCode::OK);
    let far = chrono::Utc::now().timestamp() + 3600;
    let claims = json!({"sub": upm_id, "iss": "orders", "iat": 1, "exp": far});
    let other_key = forge("", &claims, b"not-the-server-key");
    let unsigned = forge(r#"{"alg":"none","typ":"JWT"}"#, &claims, b"");
    let expired = forge("", &json!({"sub": upm_id, "iss": "orders", "iat": 1, "exp": 1000}), TOKEN_KEY.as_bytes());
    let mut tampered = token.clone();
    tampered.pop();
    tampered.push(if token.ends_with('A') { 'B' } else { 'A' });
    for bad in [other_key, unsigned, expired, tampered, "garbage".to_owned()] {
        let (status, body) = app.get_json("/orders/history/v1", Some(&bad)).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{bad}");
        assert_eq!(body["code"], "unauthorized");
    }
    let valid = forge("", &claims, TOKEN_KEY.as_bytes());
    assert_eq!(app.get("/orders/history/v1", Some(&valid)).await.status(), StatusCode::OK, "control: a good token");
}
on_both_backends!(token_checks, bad_signatures_unsigned_and_expired_tokens_get_401);

/// Issue 33: the clock-skew leeway is at most 30 s. A token that expired 45 s ago is refused; one that
/// expired 10 s ago is still accepted (inside the leeway).
async fn expiry_leeway_is_at_most_thirty_seconds(app: &TestApp) {
    let (upm_id, _) = app.member("leeway@example.com").await;
    let now = chrono::Utc::now().timestamp();
    let key = TOKEN_KEY.as_bytes();
    let expired_45 = forge("", &json!({"sub": upm_id, "iss": "orders", "iat": now - 600, "exp": now - 45}), key);
    let expired_10 = forge("", &json!({"sub": upm_id, "iss": "orders", "iat": now - 600, "exp": now - 10}), key);
    let (status, body) = app.get_json("/orders/history/v1", Some(&expired_45)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "expired 45 s ago: past the leeway");
    assert_eq!(body["code"], "unauthorized");
    assert_eq!(
        app.get("/orders/history/v1", Some(&expired_10)).await.status(),
        StatusCode::OK,
        "expired 10 s ago: inside the leeway"
    );
}
on_both_backends!(token_leeway, expiry_leeway_is_at_most_thirty_seconds);

/// Issue 7, defect 10: a token is not valid before its `nbf`, nor when it claims to be issued in the future.
async fn tokens_not_yet_valid_or_issued_in_the_future_get_401(app: &TestApp) {
    let (upm_id, _) = app.member("early@example.com").await;
    let now = chrono::Utc::now().timestamp();
    let key = TOKEN_KEY.as_bytes();
    let not_yet =
        forge("", &json!({"sub": upm_id, "iss": "orders", "iat": now, "nbf": now + 600, "exp": now + 3600}), key);
    let future = forge("", &json!({"sub": upm_id, "iss": "orders", "iat": now + 600, "exp": now + 3600}), key);
    let no_iat = forge("", &json!({"sub": upm_id, "iss": "orders", "exp": now + 3600}), key);
    for bad in [not_yet, future, no_iat] {
        assert_eq!(app.get("/orders/history/v1", Some(&bad)).await.status(), StatusCode::UNAUTHORIZED, "{bad}");
    }
    let fine = forge("", &json!({"sub": upm_id, "iss": "orders", "iat": now, "nbf": now - 5, "exp": now + 3600}), key);
    assert_eq!(app.get("/orders/history/v1", Some(&fine)).await.status(), StatusCode::OK);
}
on_both_backends!(token_times, tokens_not_yet_valid_or_issued_in_the_future_get_401);

/// Issue 7, defects 6 and 7: sign-in failures from strangers do not lock the member out; the guessing
/// client is locked out of that e-mail after 10 failures; a 2 MB e-mail never becomes a limiter key.
async fn sign_in_lockouts_stop_guessers_without_locking_the_member_out(app: &TestApp) {
    app.create_member("target@example.com", "US").await;
    for _ in 0..10 {
        let (status, _) = app
            .post_json("/auth/v1/token", &json!({"email": "target@example.com", "password": "guess-guess"}), false)
            .await;
        assert!(status == StatusCode::UNAUTHORIZED || status == StatusCode::TOO_MANY_REQUESTS);
    }
    let (status, _) =
        app.post_json("/auth/v1/token", &json!({"email": "target@example.com", "password": PASSWORD}), false).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "the guessing client is locked out of this e-mail");
    let (status, _) =
        app.post_json("/auth/v1/token", &json!({"email": "other@example.com", "password": PASSWORD}), false).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "other e-mails are not locked for this client");
    let huge = json!({"email": format!("{}@example.com", "a".repeat(200_000)), "password": "x"});
    let (status, body) = app.post_json("/auth/v1/token", &huge, false).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
}
on_both_backends!(sign_in_lockout, sign_in_lockouts_stop_guessers_without_locking_the_member_out);
