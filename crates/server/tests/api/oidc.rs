//! Members from the retailer's OpenID provider (issue 32, ADR 0016), against a local provider started
//! here: an axum app on port 0 serving discovery, a JWKS (keys from tests/fixtures/oidc/, counted
//! fetches), an authorization endpoint that signs anyone in and a token endpoint that checks PKCE.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode as AxumStatus, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use base64::Engine;
use jsonwebtoken::jwk::Jwk;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use reqwest::StatusCode;
use reqwest::redirect::Policy;
use serde_json::{Value, json};
use server::config::Settings;
use sha2::{Digest, Sha256};

use crate::helpers::{Backend, Options, TestApp, order, spawn_app_with};
use crate::on_both_backends;

pub(crate) const AUDIENCE: &str = "https://orders.example/api";
pub(crate) const CLIENT_ID: &str = "orders-portal";
pub(crate) const CLIENT_SECRET: &str = "portal-secret-for-tests";

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/fixtures/oidc/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).expect("fixture key")
}

#[derive(Clone)]
struct SigningKey {
    encoding: EncodingKey,
    alg: Algorithm,
    kid: String,
}

impl SigningKey {
    fn rsa(file: &str, kid: &str) -> Self {
        let encoding = EncodingKey::from_rsa_pem(&fixture(file)).expect("RSA key");
        Self { encoding, alg: Algorithm::RS256, kid: kid.to_owned() }
    }

    fn ec(kid: &str) -> Self {
        let encoding = EncodingKey::from_ec_pem(&fixture("ec.pem")).expect("P-256 key");
        Self { encoding, alg: Algorithm::ES256, kid: kid.to_owned() }
    }

    fn ed(kid: &str) -> Self {
        let encoding = EncodingKey::from_ed_pem(&fixture("ed25519.pem")).expect("Ed25519 key");
        Self { encoding, alg: Algorithm::EdDSA, kid: kid.to_owned() }
    }

    /// The public JWK, as a provider publishes it.
    fn jwk(&self) -> Value {
        let jwk = Jwk::from_encoding_key(&self.encoding, self.alg).expect("public JWK");
        let mut value = serde_json::to_value(jwk).expect("JWK json");
        value["kid"] = json!(self.kid);
        value["use"] = json!("sig");
        value
    }

    fn sign(&self, claims: &Value) -> String {
        self.sign_with(Header::new(self.alg), claims)
    }

    fn sign_with(&self, mut header: Header, claims: &Value) -> String {
        header.alg = self.alg;
        if header.kid.is_none() {
            header.kid = Some(self.kid.clone());
        }
        jsonwebtoken::encode(&header, claims, &self.encoding).expect("sign")
    }
}

fn remove(claims: &mut Value, name: &str) {
    if let Some(object) = claims.as_object_mut() {
        object.remove(name);
    }
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

fn jwks(keys: &[&SigningKey]) -> Value {
    json!({"keys": keys.iter().map(|key| key.jwk()).collect::<Vec<_>>()})
}

#[derive(Clone, Default)]
struct AuthRequest {
    redirect_uri: String,
    nonce: String,
    challenge: String,
}

/// The local provider.
#[derive(Clone)]
struct Provider {
    issuer: String,
    jwks: Arc<Mutex<Value>>,
    cache_control: Arc<Mutex<String>>,
    jwks_fetches: Arc<AtomicUsize>,
    attacker_fetches: Arc<AtomicUsize>,
    down: Arc<AtomicBool>,
    /// Who the authorization endpoint signs in, and the key its ID tokens are signed with.
    subject: Arc<Mutex<String>>,
    id_token_key: SigningKey,
    codes: Arc<Mutex<HashMap<String, AuthRequest>>>,
}

impl Provider {
    async fn start(keys: &[&SigningKey]) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind the provider");
        let address: SocketAddr = listener.local_addr().expect("address");
        let provider = Self {
            issuer: format!("http://{address}"),
            jwks: Arc::new(Mutex::new(jwks(keys))),
            cache_control: Arc::new(Mutex::new("public, max-age=600".to_owned())),
            jwks_fetches: Arc::default(),
            attacker_fetches: Arc::default(),
            down: Arc::default(),
            subject: Arc::new(Mutex::new("oidc-member-1".to_owned())),
            id_token_key: keys.first().map_or_else(|| SigningKey::rsa("rsa.pem", "rsa-1"), |key| (*key).clone()),
            codes: Arc::default(),
        };
        let app = axum::Router::new()
            .route("/.well-known/openid-configuration", get(discovery))
            .route("/jwks", get(serve_jwks))
            .route("/attacker/jwks", get(attacker_jwks))
            .route("/authorize", get(authorize))
            .route("/token", post(token))
            .with_state(provider.clone());
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        provider
    }

    fn fetches(&self) -> usize {
        self.jwks_fetches.load(Ordering::SeqCst)
    }

    fn set_keys(&self, keys: &[&SigningKey]) {
        *self.jwks.lock().expect("jwks") = jwks(keys);
    }

    fn claims(&self, sub: &str) -> Value {
        json!({"iss": self.issuer, "aud": AUDIENCE, "sub": sub, "iat": now(), "nbf": now() - 5, "exp": now() + 300})
    }
}

fn unavailable() -> Response {
    (AxumStatus::SERVICE_UNAVAILABLE, "down").into_response()
}

async fn discovery(State(provider): State<Provider>) -> Response {
    if provider.down.load(Ordering::SeqCst) {
        return unavailable();
    }
    let issuer = &provider.issuer;
    axum::Json(json!({
        "issuer": issuer,
        "jwks_uri": format!("{issuer}/jwks"),
        "authorization_endpoint": format!("{issuer}/authorize"),
        "token_endpoint": format!("{issuer}/token"),
        "end_session_endpoint": format!("{issuer}/session/end"),
    }))
    .into_response()
}

async fn serve_jwks(State(provider): State<Provider>) -> Response {
    provider.jwks_fetches.fetch_add(1, Ordering::SeqCst);
    if provider.down.load(Ordering::SeqCst) {
        return unavailable();
    }
    let body = provider.jwks.lock().expect("jwks").clone();
    let cache_control = provider.cache_control.lock().expect("cache control").clone();
    ([(header::CACHE_CONTROL, cache_control)], axum::Json(body)).into_response()
}

async fn attacker_jwks(State(provider): State<Provider>) -> Response {
    provider.attacker_fetches.fetch_add(1, Ordering::SeqCst);
    axum::Json(jwks(&[&SigningKey::rsa("attacker-rsa.pem", "attacker")])).into_response()
}

/// Signs whoever comes in as `subject` and sends them back with a code.
async fn authorize(State(provider): State<Provider>, Query(query): Query<HashMap<String, String>>) -> Response {
    let field = |name: &str| query.get(name).cloned().unwrap_or_default();
    if field("client_id") != CLIENT_ID || field("code_challenge_method") != "S256" || field("response_type") != "code" {
        return (AxumStatus::BAD_REQUEST, "bad authorization request").into_response();
    }
    let code = uuid::Uuid::new_v4().simple().to_string();
    let request =
        AuthRequest { redirect_uri: field("redirect_uri"), nonce: field("nonce"), challenge: field("code_challenge") };
    let location = format!("{}?code={code}&state={}", request.redirect_uri, field("state"));
    provider.codes.lock().expect("codes").insert(code, request);
    (AxumStatus::SEE_OTHER, [(header::LOCATION, location)]).into_response()
}

/// The code exchange: client_secret_basic, the same redirect_uri, and the PKCE verifier of the challenge.
async fn token(
    State(provider): State<Provider>,
    headers: HeaderMap,
    axum::Form(form): axum::Form<HashMap<String, String>>,
) -> Response {
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{CLIENT_ID}:{CLIENT_SECRET}"));
    let authorized =
        headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()) == Some(&format!("Basic {basic}"));
    let field = |name: &str| form.get(name).cloned().unwrap_or_default();
    let Some(request) = provider.codes.lock().expect("codes").remove(&field("code")) else {
        return (AxumStatus::BAD_REQUEST, axum::Json(json!({"error": "invalid_grant"}))).into_response();
    };
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(field("code_verifier")));
    if !authorized
        || field("grant_type") != "authorization_code"
        || field("redirect_uri") != request.redirect_uri
        || challenge != request.challenge
    {
        return (AxumStatus::BAD_REQUEST, axum::Json(json!({"error": "invalid_grant"}))).into_response();
    }
    let subject = provider.subject.lock().expect("subject").clone();
    let claims = json!({"iss": provider.issuer, "aud": CLIENT_ID, "sub": subject, "nonce": request.nonce,
                        "iat": now(), "exp": now() + 300});
    let id_token = provider.id_token_key.sign(&claims);
    axum::Json(json!({"id_token": id_token, "access_token": "opaque", "token_type": "Bearer", "expires_in": 300}))
        .into_response()
}

/// The app with the provider configured (insecure cookies: the tests speak plain http).
pub(crate) async fn app_with(backend: Backend, issuer: &str, change: fn(&mut Settings)) -> TestApp {
    let issuer = issuer.to_owned();
    let options = Options {
        configure_with: Some(Box::new(move |settings: &mut Settings| {
            settings.oidc_issuer = Some(issuer);
            settings.oidc_audience = Some(AUDIENCE.to_owned());
            settings.oidc_client_id = Some(CLIENT_ID.to_owned());
            settings.oidc_client_secret = Some(CLIENT_SECRET.to_owned());
            settings.insecure_cookies = true;
            change(settings);
        })),
        ..Options::default()
    };
    spawn_app_with(backend, options).await
}

pub(crate) fn unchanged(_: &mut Settings) {}

async fn detail_status(app: &TestApp, number: &str, token: &str) -> StatusCode {
    app.get(&format!("/orders/history/v1/{number}"), Some(token)).await.status()
}

async fn provider_tokens_open_their_members_orders(backend: Backend) {
    let (rsa, ec, ed) = (SigningKey::rsa("rsa.pem", "rsa-1"), SigningKey::ec("ec-1"), SigningKey::ed("ed-1"));
    let provider = Provider::start(&[&rsa, &ec, &ed]).await;
    let app = app_with(backend, &provider.issuer, unchanged).await;
    // No portal account: the ops API takes orders for any member id the provider issues.
    app.put_order(&order("C5100001", Some("oidc-member-1"), "2026-11-01T10:00:00Z")).await;
    app.put_order(&order("C5100002", Some("oidc-member-2"), "2026-11-01T10:00:00Z")).await;
    // And so does the bulk import.
    let line = order("C5100003", Some("oidc-member-3"), "2026-11-01T10:00:00Z").to_string();
    let response = app
        .client
        .post(app.url("/ops/v1/orders/bulk"))
        .header("x-ops-key", crate::helpers::OPS_KEY)
        .header("content-type", "application/x-ndjson")
        .body(format!("{line}\n"))
        .send()
        .await
        .expect("bulk");
    let answer: Value = response.json().await.expect("json");
    assert_eq!(answer["created"], 1, "{answer}");
    let token = rsa.sign(&provider.claims("oidc-member-3"));
    assert_eq!(detail_status(&app, "C5100003", &token).await, StatusCode::OK);
    for key in [&rsa, &ec, &ed] {
        let token = key.sign(&provider.claims("oidc-member-1"));
        let (status, detail) = app.get_json("/orders/history/v1/C5100001", Some(&token)).await;
        assert_eq!(status, StatusCode::OK, "{:?}: {detail}", key.alg);
        assert_eq!(detail["orderId"], "C5100001");
        assert_eq!(detail_status(&app, "C5100002", &token).await, StatusCode::NOT_FOUND, "{:?}", key.alg);
        let (status, history) = app.get_json("/orders/history/v1", Some(&token)).await;
        assert_eq!(status, StatusCode::OK, "{history}");
        assert!(history.to_string().contains("C5100001") && !history.to_string().contains("C5100002"));
    }
    // Within the 30 s leeway an expired token still passes; the keys were fetched once.
    let mut claims = provider.claims("oidc-member-1");
    claims["exp"] = json!(now() - 10);
    assert_eq!(detail_status(&app, "C5100001", &rsa.sign(&claims)).await, StatusCode::OK);
    assert_eq!(provider.fetches(), 1, "one JWKS fetch for all of it");
    app.finish().await;
}
on_both_backends!(backend: provider_tokens_open_their_members_orders);

async fn bad_tokens_are_refused_with_401(backend: Backend) {
    let rsa = SigningKey::rsa("rsa.pem", "rsa-1");
    let provider = Provider::start(&[&rsa]).await;
    let app = app_with(backend, &provider.issuer, unchanged).await;
    app.put_order(&order("C5200001", Some("oidc-member-1"), "2026-11-01T10:00:00Z")).await;
    assert_eq!(detail_status(&app, "C5200001", &rsa.sign(&provider.claims("oidc-member-1"))).await, StatusCode::OK);

    let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let with = |change: &dyn Fn(&mut Value)| {
        let mut claims = provider.claims("oidc-member-1");
        change(&mut claims);
        claims
    };
    let attacker = SigningKey::rsa("attacker-rsa.pem", "attacker");
    let mut refused: Vec<(&str, String)> = vec![
        ("wrong issuer", rsa.sign(&with(&|c| c["iss"] = json!("https://evil.example")))),
        ("wrong audience", rsa.sign(&with(&|c| c["aud"] = json!("someone-else")))),
        ("expired beyond leeway", rsa.sign(&with(&|c| c["exp"] = json!(now() - 60)))),
        ("nbf in the future", rsa.sign(&with(&|c| c["nbf"] = json!(now() + 120)))),
        ("no exp", rsa.sign(&with(&|c| remove(c, "exp")))),
        ("no audience", rsa.sign(&with(&|c| remove(c, "aud")))),
        ("no member claim", rsa.sign(&with(&|c| remove(c, "sub")))),
        ("unknown kid", SigningKey::rsa("rsa.pem", "nobody").sign(&provider.claims("oidc-member-1"))),
        (
            "another key, right kid",
            SigningKey::rsa("attacker-rsa.pem", "rsa-1").sign(&provider.claims("oidc-member-1")),
        ),
        ("garbage", "not.a.token".to_owned()),
    ];
    // alg none: header and claims, no signature.
    let claims = engine.encode(provider.claims("oidc-member-1").to_string());
    for alg in ["none", "None", "NONE"] {
        let header = engine.encode(json!({"alg": alg, "typ": "JWT", "kid": "rsa-1"}).to_string());
        refused.push(("alg none", format!("{header}.{claims}.")));
    }
    // HS256 keyed with the provider's public key (PEM bytes, and the JWK's modulus).
    for secret in [fixture("rsa.pub.pem"), rsa.jwk()["n"].as_str().unwrap_or_default().as_bytes().to_vec()] {
        let mut header = Header::new(Algorithm::HS256);
        header.kid = Some("rsa-1".to_owned());
        let token =
            jsonwebtoken::encode(&header, &provider.claims("oidc-member-1"), &EncodingKey::from_secret(&secret))
                .expect("HS256");
        refused.push(("HS256 with the public key", token));
    }
    // Keys named by the token itself: jku, x5u and an embedded jwk pointing at the attacker's key.
    let mut header = Header::new(Algorithm::RS256);
    header.jku = Some(format!("{}/attacker/jwks", provider.issuer));
    header.kid = Some("attacker".to_owned());
    refused.push(("jku", attacker.sign_with(header, &provider.claims("oidc-member-1"))));
    let mut header = Header::new(Algorithm::RS256);
    header.x5u = Some(format!("{}/attacker/jwks", provider.issuer));
    header.kid = Some("attacker".to_owned());
    refused.push(("x5u", attacker.sign_with(header, &provider.claims("oidc-member-1"))));
    for kid in ["attacker", "rsa-1"] {
        let mut header = Header::new(Algorithm::RS256);
        header.jwk = Some(serde_json::from_value(attacker.jwk()).expect("jwk"));
        header.kid = Some(kid.to_owned());
        refused.push(("embedded jwk", attacker.sign_with(header, &provider.claims("oidc-member-1"))));
    }
    // The RSA key used as if it were an EC key (alg mismatch with the key's type).
    let mut header = Header::new(Algorithm::ES256);
    header.kid = Some("rsa-1".to_owned());
    refused.push((
        "ES256 naming an RSA key",
        SigningKey::ec("rsa-1").sign_with(header, &provider.claims("oidc-member-1")),
    ));

    for (what, token) in refused {
        let response = app.get("/orders/history/v1/C5200001", Some(&token)).await;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{what}: {body}");
        assert_eq!(body["code"], "unauthorized", "{what}");
    }
    assert_eq!(provider.attacker_fetches.load(Ordering::SeqCst), 0, "a key named by a token is never fetched");
    app.finish().await;
}
on_both_backends!(backend: bad_tokens_are_refused_with_401);

async fn a_rotated_key_works_after_one_refetch_and_unknown_kids_cost_one_fetch_per_30_seconds(backend: Backend) {
    let (old, new) = (SigningKey::rsa("rsa.pem", "2026-11"), SigningKey::rsa("rsa-rotated.pem", "2026-12"));
    let provider = Provider::start(&[&old]).await;
    let app = app_with(backend, &provider.issuer, unchanged).await;
    app.put_order(&order("C5300001", Some("oidc-member-1"), "2026-11-01T10:00:00Z")).await;
    assert_eq!(detail_status(&app, "C5300001", &old.sign(&provider.claims("oidc-member-1"))).await, StatusCode::OK);
    assert_eq!(provider.fetches(), 1);

    provider.set_keys(&[&new]);
    let rotated = new.sign(&provider.claims("oidc-member-1"));
    assert_eq!(detail_status(&app, "C5300001", &rotated).await, StatusCode::OK, "the new kid fetches the new set");
    assert_eq!(provider.fetches(), 2, "one refetch");
    assert_eq!(detail_status(&app, "C5300001", &rotated).await, StatusCode::OK);
    assert_eq!(provider.fetches(), 2, "then it is cached");

    // A flood of made-up kids, some at once: no fetch within 30 s of the last one they caused.
    let forged: Vec<String> = (0..40)
        .map(|n| SigningKey::rsa("attacker-rsa.pem", &format!("made-up-{n}")).sign(&provider.claims("oidc-member-1")))
        .collect();
    let answers =
        futures_util::future::join_all(forged.iter().map(|token| detail_status(&app, "C5300001", token))).await;
    assert!(answers.iter().all(|status| *status == StatusCode::UNAUTHORIZED), "{answers:?}");
    assert_eq!(provider.fetches(), 2, "the flood came within 30 s of the rotation's refetch");
    app.clock.advance(31_000);
    for token in &forged {
        assert_eq!(detail_status(&app, "C5300001", token).await, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(provider.fetches(), 3, "30 s later: one more fetch for the whole flood");
    assert_eq!(detail_status(&app, "C5300001", &rotated).await, StatusCode::OK);
    app.finish().await;
}
on_both_backends!(backend: a_rotated_key_works_after_one_refetch_and_unknown_kids_cost_one_fetch_per_30_seconds);

async fn a_flood_on_a_fresh_process_costs_one_fetch(backend: Backend) {
    let rsa = SigningKey::rsa("rsa.pem", "rsa-1");
    let provider = Provider::start(&[&rsa]).await;
    let app = app_with(backend, &provider.issuer, unchanged).await;
    app.put_order(&order("C5350001", Some("oidc-member-1"), "2026-11-01T10:00:00Z")).await;
    let forged: Vec<String> = (0..30)
        .map(|n| SigningKey::rsa("attacker-rsa.pem", &format!("made-up-{n}")).sign(&provider.claims("oidc-member-1")))
        .collect();
    let answers =
        futures_util::future::join_all(forged.iter().map(|token| detail_status(&app, "C5350001", token))).await;
    assert!(answers.iter().all(|status| *status == StatusCode::UNAUTHORIZED), "{answers:?}");
    for token in &forged {
        assert_eq!(detail_status(&app, "C5350001", token).await, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(provider.fetches(), 1, "the first load was the flood's one fetch");
    assert_eq!(detail_status(&app, "C5350001", &rsa.sign(&provider.claims("oidc-member-1"))).await, StatusCode::OK);
    assert_eq!(provider.fetches(), 1);
    app.finish().await;
}
on_both_backends!(backend: a_flood_on_a_fresh_process_costs_one_fetch);

async fn a_provider_that_is_down_leaves_cached_keys_working(backend: Backend) {
    let rsa = SigningKey::rsa("rsa.pem", "rsa-1");
    let provider = Provider::start(&[&rsa]).await;
    *provider.cache_control.lock().expect("cache control") = "max-age=60".to_owned();
    let app = app_with(backend, &provider.issuer, unchanged).await;
    app.put_order(&order("C5400001", Some("oidc-member-1"), "2026-11-01T10:00:00Z")).await;
    let token = rsa.sign(&provider.claims("oidc-member-1"));
    assert_eq!(detail_status(&app, "C5400001", &token).await, StatusCode::OK);

    provider.down.store(true, Ordering::SeqCst);
    // Past the keys' max-age: the refetch fails, the cached keys still answer.
    app.clock.advance(61_000);
    assert_eq!(detail_status(&app, "C5400001", &token).await, StatusCode::OK, "stale keys keep working");
    assert_eq!(provider.fetches(), 2, "it tried once");
    assert_eq!(detail_status(&app, "C5400001", &token).await, StatusCode::OK);
    assert_eq!(provider.fetches(), 2, "and does not retry on every request");
    let unknown = SigningKey::rsa("rsa-rotated.pem", "rsa-2").sign(&provider.claims("oidc-member-1"));
    let response = app.get("/orders/history/v1/C5400001", Some(&unknown)).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "keys nobody has: 401, not 500");
    assert_eq!(app.get_json_status("/healthz").await, StatusCode::OK);
    app.finish().await;
}
on_both_backends!(backend: a_provider_that_is_down_leaves_cached_keys_working);

async fn the_portal_starts_while_the_provider_is_down(backend: Backend) {
    let rsa = SigningKey::rsa("rsa.pem", "rsa-1");
    let provider = Provider::start(&[&rsa]).await;
    provider.down.store(true, Ordering::SeqCst);
    let app = app_with(backend, &provider.issuer, unchanged).await;
    assert_eq!(app.get_json_status("/healthz").await, StatusCode::OK);
    app.put_order(&order("C5500001", Some("oidc-member-1"), "2026-11-01T10:00:00Z")).await;
    let token = rsa.sign(&provider.claims("oidc-member-1"));
    assert_eq!(detail_status(&app, "C5500001", &token).await, StatusCode::UNAUTHORIZED);
    let login = app.client.get(app.url("/auth/v1/oidc/login")).send().await.expect("login");
    assert_eq!(login.status(), StatusCode::SERVICE_UNAVAILABLE, "no provider to send the shopper to");
    provider.down.store(false, Ordering::SeqCst);
    app.clock.advance(3_000);
    assert_eq!(detail_status(&app, "C5500001", &token).await, StatusCode::OK, "read lazily once it answers");
    app.finish().await;
}
on_both_backends!(backend: the_portal_starts_while_the_provider_is_down);

fn member_claim_uid(settings: &mut Settings) {
    settings.oidc_member_claim = "uid".to_owned();
}

async fn a_custom_member_claim_names_the_member(backend: Backend) {
    let ed = SigningKey::ed("ed-1");
    let provider = Provider::start(&[&ed]).await;
    let app = app_with(backend, &provider.issuer, member_claim_uid).await;
    app.put_order(&order("C5600001", Some("retailer-uid-77"), "2026-11-01T10:00:00Z")).await;
    app.put_order(&order("C5600002", Some("subject-1"), "2026-11-01T10:00:00Z")).await;
    let mut claims = provider.claims("subject-1");
    claims["uid"] = json!("retailer-uid-77");
    let token = ed.sign(&claims);
    assert_eq!(detail_status(&app, "C5600001", &token).await, StatusCode::OK);
    assert_eq!(detail_status(&app, "C5600002", &token).await, StatusCode::NOT_FOUND, "sub is not the member here");
    let without = ed.sign(&provider.claims("retailer-uid-77"));
    assert_eq!(detail_status(&app, "C5600001", &without).await, StatusCode::UNAUTHORIZED, "no uid claim");
    app.finish().await;
}
on_both_backends!(backend: a_custom_member_claim_names_the_member);

async fn the_provider_is_the_only_member_authority(backend: Backend) {
    let rsa = SigningKey::rsa("rsa.pem", "rsa-1");
    let provider = Provider::start(&[&rsa]).await;
    let app = app_with(backend, &provider.issuer, unchanged).await;
    let upm_id = app.create_member("builtin@example.com", "US").await;
    app.put_order(&order("C5700001", Some(&upm_id), "2026-11-01T10:00:00Z")).await;
    // A built-in token (signed with the portal's own key) is not a member token any more.
    let own = server::auth::TokenKeys::from_secret(crate::helpers::TOKEN_KEY.as_bytes(), 3600);
    let built_in = own.issue(&upm_id).expect("token");
    assert_eq!(detail_status(&app, "C5700001", &built_in).await, StatusCode::UNAUTHORIZED);
    for path in ["/auth/v1/token", "/auth/v1/session"] {
        let body = json!({"email": "builtin@example.com", "password": crate::helpers::PASSWORD});
        let (status, answer) = app.post_json(path, &body, false).await;
        assert_eq!((status, answer["code"].as_str()), (StatusCode::NOT_FOUND, Some("password-sign-in-off")), "{path}");
    }
    // Nor are its reset and account creation: the provider owns passwords and accounts.
    for (method, path, body) in [
        (reqwest::Method::POST, "/auth/v1/password_resets", json!({"email": "builtin@example.com"})),
        (reqwest::Method::PUT, "/auth/v1/password_resets", json!({"token": "x", "password": "long enough 1"})),
        (reqwest::Method::POST, "/auth/v1/members", json!({"email": "new@example.com", "password": "long enough 1"})),
    ] {
        let response = app.client.request(method, app.url(path)).json(&body).send().await.expect("send");
        let status = response.status();
        let answer: Value = response.json().await.expect("json");
        assert_eq!((status, answer["code"].as_str()), (StatusCode::NOT_FOUND, Some("password-sign-in-off")), "{path}");
    }
    // The web is told to send shoppers to the provider.
    let (status, config) = app.get_json("/config/v1/us", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        config["signIn"],
        json!({"method": "oidc", "loginUrl": "/auth/v1/oidc/login", "logoutUrl": "/auth/v1/oidc/logout",
               "allowSignUp": false})
    );
    app.finish().await;
}
on_both_backends!(backend: the_provider_is_the_only_member_authority);

#[tokio::test]
async fn without_an_issuer_the_built_in_sign_in_stays() {
    let app = crate::helpers::spawn_app(Backend::Sqlite).await;
    let (_, token) = app.member("plain@example.com").await;
    assert_eq!(app.get("/orders/history/v1", Some(&token)).await.status(), StatusCode::OK);
    let (_, config) = app.get_json("/config/v1/us", None).await;
    assert_eq!(config["signIn"], json!({"method": "password", "allowSignUp": false}));
    assert_eq!(app.get_json_status("/auth/v1/oidc/login").await, StatusCode::NOT_FOUND);
    assert_eq!(app.get_json_status("/auth/v1/oidc/callback?code=x&state=y").await, StatusCode::NOT_FOUND);
    app.finish().await;
}

fn browser() -> reqwest::Client {
    reqwest::Client::builder().cookie_store(true).redirect(Policy::none()).build().expect("client")
}

fn location(response: &reqwest::Response) -> String {
    response.headers().get("location").and_then(|value| value.to_str().ok()).unwrap_or_default().to_owned()
}

/// Login at the portal, through the provider, back to the callback; the callback's answer.
async fn sign_in_through_provider(app: &TestApp, browser: &reqwest::Client, return_to: &str) -> reqwest::Response {
    let login =
        browser.get(app.url("/auth/v1/oidc/login")).query(&[("returnTo", return_to)]).send().await.expect("login");
    assert_eq!(login.status(), StatusCode::SEE_OTHER);
    let to_provider = reqwest::Url::parse(&location(&login)).expect("provider URL");
    let query: HashMap<String, String> = to_provider.query_pairs().into_owned().collect();
    assert_eq!(query.get("code_challenge_method").map(String::as_str), Some("S256"));
    for name in ["state", "nonce", "code_challenge"] {
        assert!(query.get(name).is_some_and(|value| value.len() >= 32), "{name}");
    }
    assert_eq!(query.get("redirect_uri"), Some(&app.url("/auth/v1/oidc/callback")));
    let back = browser.get(to_provider).send().await.expect("authorize");
    assert_eq!(back.status(), StatusCode::SEE_OTHER);
    browser.get(location(&back)).send().await.expect("callback")
}

async fn the_code_flow_signs_the_browser_in(backend: Backend) {
    let rsa = SigningKey::rsa("rsa.pem", "rsa-1");
    let provider = Provider::start(&[&rsa]).await;
    let app = app_with(backend, &provider.issuer, unchanged).await;
    app.put_order(&order("C5800001", Some("oidc-member-1"), "2026-11-01T10:00:00Z")).await;
    app.put_order(&order("C5800002", Some("oidc-member-2"), "2026-11-01T10:00:00Z")).await;
    let shopper = browser();
    let callback = sign_in_through_provider(&app, &shopper, "/gb/orders/C5800001").await;
    assert_eq!(callback.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&callback), "/gb/orders/C5800001", "back to the page the shopper came from");
    let session_cookie = callback
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find(|value| value.starts_with("orders_session="))
        .unwrap_or_default()
        .to_owned();
    assert!(session_cookie.contains("HttpOnly") && session_cookie.contains("SameSite=Lax"), "{session_cookie}");

    let session: Value =
        shopper.get(app.url("/auth/v1/session")).send().await.expect("session").json().await.expect("json");
    assert_eq!(session["upmId"], "oidc-member-1");
    let detail = shopper.get(app.url("/orders/history/v1/C5800001")).send().await.expect("detail");
    assert_eq!(detail.status(), StatusCode::OK);
    let other = shopper.get(app.url("/orders/history/v1/C5800002")).send().await.expect("detail");
    assert_eq!(other.status(), StatusCode::NOT_FOUND);

    // Sign-out ends the session and goes to the provider's end_session_endpoint.
    let logout = shopper.get(app.url("/auth/v1/oidc/logout")).send().await.expect("logout");
    assert_eq!(logout.status(), StatusCode::SEE_OTHER);
    assert!(location(&logout).starts_with(&format!("{}/session/end", provider.issuer)));
    let after = shopper.get(app.url("/auth/v1/session")).send().await.expect("session");
    assert_eq!(after.status(), StatusCode::UNAUTHORIZED);
    app.finish().await;
}
on_both_backends!(backend: the_code_flow_signs_the_browser_in);

async fn the_callback_takes_only_this_browsers_fresh_state_once_and_returns_only_to_this_site(backend: Backend) {
    let rsa = SigningKey::rsa("rsa.pem", "rsa-1");
    let provider = Provider::start(&[&rsa]).await;
    let app = app_with(backend, &provider.issuer, unchanged).await;
    for target in ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"] {
        let callback = sign_in_through_provider(&app, &browser(), target).await;
        assert_eq!((callback.status(), location(&callback)), (StatusCode::SEE_OTHER, "/orders".to_owned()), "{target}");
    }

    // Another browser's callback (login CSRF), a replayed callback, and a stale one.
    let victim = browser();
    let login = victim.get(app.url("/auth/v1/oidc/login")).send().await.expect("login");
    let back = victim.get(location(&login)).send().await.expect("authorize");
    let callback_url = location(&back);
    let stranger = browser().get(&callback_url).send().await.expect("callback");
    let body: Value = stranger.json().await.unwrap_or(Value::Null);
    assert_eq!(body["code"], "oidc-state-invalid");
    let first = victim.get(&callback_url).send().await.expect("callback");
    assert_eq!(first.status(), StatusCode::SEE_OTHER);
    let replay = victim.get(&callback_url).send().await.expect("callback");
    assert_eq!(replay.status(), StatusCode::BAD_REQUEST, "a state is taken once");

    let late = browser();
    let login = late.get(app.url("/auth/v1/oidc/login")).send().await.expect("login");
    let back = late.get(location(&login)).send().await.expect("authorize");
    app.clock.advance(11 * 60 * 1000);
    let expired = late.get(location(&back)).send().await.expect("callback");
    assert_eq!(expired.status(), StatusCode::BAD_REQUEST, "ten minutes to come back");

    // The provider says no.
    let refused = browser();
    let login = refused.get(app.url("/auth/v1/oidc/login")).send().await.expect("login");
    let to_provider = reqwest::Url::parse(&location(&login)).expect("url");
    let state = to_provider.query_pairs().find(|(name, _)| name == "state").map(|(_, value)| value.into_owned());
    let denied = refused
        .get(app.url("/auth/v1/oidc/callback"))
        .query(&[("error", "access_denied"), ("state", state.as_deref().unwrap_or_default())])
        .send()
        .await
        .expect("callback");
    assert_eq!(denied.status(), StatusCode::UNAUTHORIZED);
    app.finish().await;
}
on_both_backends!(backend: the_callback_takes_only_this_browsers_fresh_state_once_and_returns_only_to_this_site);
