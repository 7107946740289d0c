//! The portal against a real, certified OpenID provider: panva's `oidc-provider` 9, started by
//! tests/oidc-provider/provider.mjs. The code flow is driven like a browser (a cookie store) through the
//! portal's /auth/v1/oidc/login, the provider's dev interactions and the portal's callback, and ends
//! signed in as that member, seeing their order. Then the provider's own JWT access token (resource
//! indicators: `aud` is the portal's audience) opens the same order as a bearer token.
//!
//! Skipped, with a message, when the provider's node_modules are not installed
//! (`npm ci` in crates/server/tests/oidc-provider), unless ORDERS_TEST_REQUIRE_OIDC=1.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};

use base64::Engine;
use reqwest::redirect::Policy;
use reqwest::{Client, Response, StatusCode};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::helpers::{Backend, TestApp, order};
use crate::oidc::{AUDIENCE, CLIENT_ID, CLIENT_SECRET, app_with, unchanged};

/// The provider's process: stopped when dropped.
struct ProviderProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: BufReader<std::process::ChildStdout>,
    issuer: String,
}

impl Drop for ProviderProcess {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl ProviderProcess {
    fn folder() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/oidc-provider")
    }

    /// Started, or `None` (the test is skipped) when its packages are not installed.
    fn start() -> Option<Self> {
        let folder = Self::folder();
        if !folder.join("node_modules/oidc-provider").is_dir() {
            assert!(
                std::env::var("ORDERS_TEST_REQUIRE_OIDC").is_err(),
                "ORDERS_TEST_REQUIRE_OIDC is set but {} has no node_modules (run npm ci there)",
                folder.display()
            );
            eprintln!("oidc-provider is not installed (npm ci in {}): this test did not run", folder.display());
            return None;
        }
        let mut child = Command::new("node")
            .arg("provider.mjs")
            .current_dir(&folder)
            .env("ORDERS_OIDC_AUDIENCE", AUDIENCE)
            .env("ORDERS_OIDC_CLIENT_ID", CLIENT_ID)
            .env("ORDERS_OIDC_CLIENT_SECRET", CLIENT_SECRET)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start node provider.mjs");
        let stdin = child.stdin.take();
        let lines = BufReader::new(child.stdout.take().expect("provider stdout"));
        let mut provider = Self { child, stdin, lines, issuer: String::new() };
        let first = provider.read_line();
        provider.issuer = first.strip_prefix("listening ").expect("the provider's `listening <issuer>`").to_owned();
        Some(provider)
    }

    fn read_line(&mut self) -> String {
        let mut line = String::new();
        self.lines.read_line(&mut line).expect("a line from the provider");
        line.trim().to_owned()
    }

    /// Registers the portal's callback URL; the provider answers once it serves.
    fn register(&mut self, redirect_uri: &str) {
        let stdin = self.stdin.as_mut().expect("provider stdin");
        writeln!(stdin, "{redirect_uri}").expect("send the callback URL");
        stdin.flush().expect("flush");
        assert_eq!(self.read_line(), "ready");
    }
}

fn location(response: &Response) -> String {
    response.headers().get("location").and_then(|value| value.to_str().ok()).unwrap_or_default().to_owned()
}

fn absolute(base: &str, location: &str) -> String {
    reqwest::Url::parse(base).and_then(|base| base.join(location)).map(String::from).expect("a URL")
}

/// Follows the provider's redirects and answers its dev interactions (login as `login`, then consent)
/// until it sends the browser to `until`; returns that URL (not followed).
async fn through_provider(browser: &Client, start: String, login: &str, until: &str) -> String {
    let mut url = start;
    for _ in 0..12 {
        if url.starts_with(until) {
            return url;
        }
        let response = browser.get(&url).send().await.expect("provider page");
        if response.status().is_redirection() {
            url = absolute(&url, &location(&response));
            continue;
        }
        assert_eq!(response.status(), StatusCode::OK, "{url}");
        let page = response.text().await.expect("page");
        let form: Vec<(&str, &str)> = if page.contains("name=\"login\"") {
            vec![("prompt", "login"), ("login", login), ("password", "any password")]
        } else {
            vec![("prompt", "consent")]
        };
        let answer = browser.post(&url).form(&form).send().await.expect("interaction");
        assert!(answer.status().is_redirection(), "{url}: {}", answer.status());
        url = absolute(&url, &location(&answer));
    }
    panic!("the provider never sent the browser back to {until}");
}

async fn signs_in_through_a_certified_provider(backend: Backend) {
    let Some(mut provider) = ProviderProcess::start() else {
        return;
    };
    let app: TestApp = app_with(backend, &provider.issuer, unchanged).await;
    let callback = app.url("/auth/v1/oidc/callback");
    provider.register(&callback);
    app.put_order(&order("C5900001", Some("shopper-42"), "2026-11-01T10:00:00Z")).await;
    app.put_order(&order("C5900002", Some("someone-else"), "2026-11-01T10:00:00Z")).await;

    let browser = Client::builder().cookie_store(true).redirect(Policy::none()).build().expect("browser");
    let login = browser
        .get(app.url("/auth/v1/oidc/login"))
        .query(&[("returnTo", "/orders/C5900001")])
        .send()
        .await
        .expect("login");
    assert_eq!(login.status(), StatusCode::SEE_OTHER);
    let back = through_provider(&browser, location(&login), "shopper-42", &callback).await;
    let signed_in = browser.get(&back).send().await.expect("callback");
    assert_eq!(signed_in.status(), StatusCode::SEE_OTHER, "{:?}", signed_in.text().await);
    assert_eq!(location(&signed_in), "/orders/C5900001");
    let session: Value =
        browser.get(app.url("/auth/v1/session")).send().await.expect("session").json().await.expect("json");
    assert_eq!(session["upmId"], "shopper-42");
    let detail = browser.get(app.url("/orders/history/v1/C5900001")).send().await.expect("detail");
    assert_eq!(detail.status(), StatusCode::OK);
    let other = browser.get(app.url("/orders/history/v1/C5900002")).send().await.expect("detail");
    assert_eq!(other.status(), StatusCode::NOT_FOUND);

    // The provider's JWT access token for the portal's audience, as a bearer token.
    let verifier = "a-verifier-of-the-test-client-that-is-long-enough-0123456789";
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    let mut authorize = reqwest::Url::parse(&format!("{}/auth", provider.issuer)).expect("url");
    authorize
        .query_pairs_mut()
        .append_pair("client_id", CLIENT_ID)
        .append_pair("response_type", "code")
        .append_pair("redirect_uri", &callback)
        .append_pair("scope", "openid orders")
        .append_pair("resource", AUDIENCE)
        .append_pair("state", "test-client-state")
        .append_pair("nonce", "test-client-nonce")
        .append_pair("code_challenge", &challenge)
        .append_pair("code_challenge_method", "S256");
    let back = through_provider(&browser, authorize.to_string(), "shopper-42", &callback).await;
    let query: HashMap<String, String> =
        reqwest::Url::parse(&back).expect("callback URL").query_pairs().into_owned().collect();
    let code = query.get("code").expect("a code");
    let tokens: Value = browser
        .post(format!("{}/token", provider.issuer))
        .basic_auth(CLIENT_ID, Some(CLIENT_SECRET))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code.as_str()),
            ("redirect_uri", callback.as_str()),
            ("code_verifier", verifier),
            ("resource", AUDIENCE),
        ])
        .send()
        .await
        .expect("token")
        .json()
        .await
        .expect("token json");
    let access_token = tokens["access_token"].as_str().expect("an access token");
    assert_eq!(access_token.split('.').count(), 3, "a JWT access token: {tokens}");
    let header = jsonwebtoken::decode_header(access_token).expect("header");
    assert_eq!(header.alg, jsonwebtoken::Algorithm::ES256);
    assert_eq!(app.get("/orders/history/v1/C5900001", Some(access_token)).await.status(), StatusCode::OK);
    assert_eq!(app.get("/orders/history/v1/C5900002", Some(access_token)).await.status(), StatusCode::NOT_FOUND);
    // Its ID token is for the portal as a client, not for the API: refused as a bearer token.
    let id_token = tokens["id_token"].as_str().expect("an ID token");
    assert_eq!(app.get("/orders/history/v1/C5900001", Some(id_token)).await.status(), StatusCode::UNAUTHORIZED);
    app.finish().await;
}

crate::on_both_backends!(backend: signs_in_through_a_certified_provider);
