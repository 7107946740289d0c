//! Browser sessions: an HttpOnly cookie shared by every tab, and a CSRF value every write must repeat.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TOKEN_KEY, TestApp};
use crate::on_both_backends;

async fn sign_in(app: &TestApp, email: &str) -> (String, Value) {
    let response = app
        .client
        .post(app.url("/auth/v1/session"))
        .json(&json!({"email": email, "password": PASSWORD}))
        .send()
        .await
        .expect("sign in");
    assert_eq!(response.status(), StatusCode::OK);
    let set_cookie = response.headers().get("set-cookie").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    for attribute in ["HttpOnly", "SameSite=Lax", "Secure", "Path=/"] {
        assert!(set_cookie.contains(attribute), "{attribute} in {set_cookie}");
    }
    let cookie = set_cookie.split(';').next().unwrap_or_default().to_owned();
    let body: Value = response.json().await.expect("json");
    (cookie, body)
}

async fn a_session_cookie_signs_the_browser_in_and_writes_need_its_csrf_value(app: &TestApp) {
    let (upm_id, _) = app.member("browser@example.com").await;
    let (cookie, body) = sign_in(app, "browser@example.com").await;
    assert_eq!(body["upmId"], upm_id.as_str());
    assert!(body["csrfToken"].as_str().is_some_and(|token| token.len() >= 24));
    assert!(body.get("accessToken").is_none(), "the token stays in the HttpOnly cookie");

    let history =
        app.client.get(app.url("/orders/history/v1")).header("cookie", &cookie).send().await.expect("history");
    assert_eq!(history.status(), StatusCode::OK, "the cookie signs reads in");

    let write = json!({"skuId": "NOPE-1", "quantity": 1});
    let without =
        app.client.post(app.url("/cart/v1/items")).header("cookie", &cookie).json(&write).send().await.expect("post");
    assert_eq!(without.status(), StatusCode::FORBIDDEN);
    let error: Value = without.json().await.expect("json");
    assert_eq!(error["code"], "csrf-token-invalid");
    let with = app
        .client
        .post(app.url("/cart/v1/items"))
        .header("cookie", &cookie)
        .header("x-csrf-token", body["csrfToken"].as_str().unwrap_or_default())
        .json(&write)
        .send()
        .await
        .expect("post");
    assert_eq!(with.status(), StatusCode::UNPROCESSABLE_ENTITY, "past the CSRF check: the unknown sku answers");

    let current = app.client.get(app.url("/auth/v1/session")).header("cookie", &cookie).send().await.expect("session");
    assert_eq!(current.status(), StatusCode::OK);
    let current: Value = current.json().await.expect("json");
    assert_eq!(current["upmId"], upm_id.as_str());

    let ended = app.client.delete(app.url("/auth/v1/session")).header("cookie", &cookie).send().await.expect("delete");
    assert_eq!(ended.status(), StatusCode::NO_CONTENT);
    let cleared = ended.headers().get("set-cookie").and_then(|v| v.to_str().ok()).unwrap_or_default();
    assert!(cleared.starts_with("orders_session=;") && cleared.contains("Max-Age=0"), "{cleared}");
}
on_both_backends!(session_cookie, a_session_cookie_signs_the_browser_in_and_writes_need_its_csrf_value);

async fn a_forged_or_missing_session_is_no_session(app: &TestApp) {
    app.member("forger@example.com").await;
    let (cookie, _) = sign_in(app, "forger@example.com").await;
    let forged = format!("{}x", cookie);
    let history =
        app.client.get(app.url("/orders/history/v1")).header("cookie", &forged).send().await.expect("history");
    assert_eq!(history.status(), StatusCode::UNAUTHORIZED);
    let session = app.client.get(app.url("/auth/v1/session")).send().await.expect("session");
    assert_eq!(session.status(), StatusCode::UNAUTHORIZED);
    let bearer = app.sign_in("forger@example.com").await;
    let as_cookie = app
        .client
        .get(app.url("/auth/v1/session"))
        .header("cookie", format!("orders_session={bearer}"))
        .send()
        .await
        .expect("session");
    assert_eq!(as_cookie.status(), StatusCode::UNAUTHORIZED, "a bearer token is not a browser session");
}
on_both_backends!(forged_session, a_forged_or_missing_session_is_no_session);

/// A session token for `upm_id` issued `age` seconds ago that lasts `ttl` seconds in all, signed with the
/// test server's key, as if the server had issued it then.
fn session_issued_ago(upm_id: &str, age: i64, ttl: i64) -> String {
    let issued = chrono::Utc::now().timestamp() - age;
    let claims = json!({"sub": upm_id, "iss": "orders", "iat": issued, "exp": issued + ttl,
                        "csrf": "c".repeat(32)});
    let header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256);
    jsonwebtoken::encode(&header, &claims, &jsonwebtoken::EncodingKey::from_secret(TOKEN_KEY.as_bytes()))
        .expect("token")
}

/// The session token a response sets, if it sets one.
fn set_session(response: &reqwest::Response) -> Option<String> {
    let cookie = response.headers().get("set-cookie")?.to_str().ok()?;
    cookie.strip_prefix("orders_session=")?.split(';').next().map(str::to_owned)
}

/// An open tab keeps its shopper signed in (walk minor 17): the page asks for its session now and then, and a
/// session past half its life comes back as a new one with a full lifetime; a younger one is kept as it is;
/// an expired one is not renewed.
async fn a_session_in_use_is_renewed_past_half_its_life(app: &TestApp) {
    let (upm_id, _) = app.member("renewed@example.com").await;
    let ask = |token: String| {
        app.client.get(app.url("/auth/v1/session")).header("cookie", format!("orders_session={token}")).send()
    };

    let young = session_issued_ago(&upm_id, 60, 3600);
    let kept = ask(young.clone()).await.expect("session");
    assert_eq!(kept.status(), StatusCode::OK);
    assert_eq!(set_session(&kept).as_deref(), Some(young.as_str()), "a young session is kept");
    let kept: Value = kept.json().await.expect("json");
    assert!((3500..=3540).contains(&kept["expiresIn"].as_i64().unwrap_or_default()), "{kept}");

    let old = session_issued_ago(&upm_id, 2400, 3600);
    let renewed = ask(old.clone()).await.expect("session");
    assert_eq!(renewed.status(), StatusCode::OK);
    let fresh = set_session(&renewed).expect("a new session cookie");
    assert_ne!(fresh, old, "past half its life: a new token");
    let body: Value = renewed.json().await.expect("json");
    assert_eq!(body["upmId"], upm_id.as_str());
    let lifetime = body["expiresIn"].as_i64().unwrap_or_default();
    assert!(lifetime > 1200 + 600, "the new session lasts a full lifetime again, not the old one's 1,200 s: {body}");
    let history =
        app.client.get(app.url("/orders/history/v1")).header("cookie", format!("orders_session={fresh}")).send();
    assert_eq!(history.await.expect("history").status(), StatusCode::OK, "the new session signs reads in");

    let expired = session_issued_ago(&upm_id, 3700, 3600);
    assert_eq!(ask(expired).await.expect("session").status(), StatusCode::UNAUTHORIZED, "an ended session stays ended");
}
on_both_backends!(session_renewal, a_session_in_use_is_renewed_past_half_its_life);

/// The JSON data block `id` of a page, if it carries one.
fn inlined(html: &str, id: &str) -> Option<Value> {
    let block =
        html.split(&format!(r#"<script id="{id}" type="application/json">"#)).nth(1)?.split("</script>").next()?;
    serde_json::from_str(block).ok()
}

/// A new tab's page carries the browser's session (what `GET /auth/v1/session` answers), so the member's page
/// paints without asking for it first (issue 33, LCP). Only a young session: one past half its life is renewed by
/// the request the page then makes, and none is inlined for a stranger, an ended session or another's page.
async fn a_page_carries_the_browsers_session(app: &TestApp) {
    let (upm_id, _) = app.member("inlined@example.com").await;
    let page = |cookie: Option<String>| {
        let request = app.client.get(app.url("/orders"));
        match cookie {
            Some(cookie) => request.header("cookie", cookie).send(),
            None => request.send(),
        }
    };

    let (cookie, signed_in) = sign_in(app, "inlined@example.com").await;
    let response = page(Some(cookie)).await.expect("page");
    assert_eq!(response.headers().get("cache-control").and_then(|v| v.to_str().ok()), Some("no-store"));
    let html = response.text().await.expect("html");
    let session =
        inlined(&html, "orders-session").unwrap_or_else(|| panic!("no session in (is web/dist built?) {html}"));
    assert_eq!((&session["upmId"], &session["csrfToken"]), (&signed_in["upmId"], &signed_in["csrfToken"]));
    assert!(session["expiresIn"].as_i64().is_some_and(|seconds| seconds > 3000), "{session}");
    assert!(session.get("accessToken").is_none(), "the token stays in the HttpOnly cookie");
    assert!(inlined(&html, "orders-config").is_some(), "beside the configuration");

    let anonymous = page(None).await.expect("page");
    assert_eq!(anonymous.headers().get("cache-control").and_then(|v| v.to_str().ok()), Some("no-cache"));
    assert!(inlined(&anonymous.text().await.expect("html"), "orders-session").is_none());
    let old = session_issued_ago(&upm_id, 2400, 3600);
    let expired = session_issued_ago(&upm_id, 3700, 3600);
    for token in [old, expired, "forged".to_owned()] {
        let html = page(Some(format!("orders_session={token}"))).await.expect("page").text().await.expect("html");
        assert!(inlined(&html, "orders-session").is_none(), "{token}");
        assert!(inlined(&html, "orders-config").is_some());
    }
}
on_both_backends!(session_inlined_into_the_page, a_page_carries_the_browsers_session);
