//! Starts the real app on port 0 with a fresh database and talks to it like a client.

use std::net::SocketAddr;

use clap::Parser;
use reqwest::{Client, Method, RequestBuilder, Response, StatusCode};
use serde_json::{Value, json};
use server::clock::Clock;
use server::config::{Cli, Settings};
use sqlx::Connection;

pub const OPS_KEY: &str = "test-ops-key";
pub const TOKEN_KEY: &str = "test-token-signing-key";
pub const PASSWORD: &str = "correct horse battery";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub struct TestApp {
    pub address: SocketAddr,
    pub database_url: String,
    pub client: Client,
    /// The server's clock: `app.clock.advance(ms)` moves its time forward (windows, leases, limits).
    #[allow(dead_code, reason = "used by the tests of time windows, not by every test")]
    pub clock: Clock,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    /// The app's `serve` future: it ends after the shutdown signal (`shutdown_and_wait`).
    served: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
    cleanup: Cleanup,
}

enum Cleanup {
    File(std::path::PathBuf),
    Database {
        admin_url: String,
        name: String,
    },
    /// A second app on another app's database: that app removes it.
    Nothing,
}

/// A change of settings made at run time.
pub type Configure = Box<dyn FnOnce(&mut Settings) + Send>;

pub struct Options {
    pub ops_key: Option<&'static str>,
    pub per_client: u32,
    pub per_order: u32,
    pub job_workers: usize,
    /// Any other setting a test needs, applied last.
    pub configure: Option<fn(&mut Settings)>,
    /// A setting made at run time (a port a test server got), applied after `configure`.
    pub configure_with: Option<Configure>,
    pub smtp_url: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            ops_key: Some(OPS_KEY),
            per_client: 100_000,
            per_order: 100_000,
            job_workers: 2,
            configure: None,
            configure_with: None,
            smtp_url: None,
        }
    }
}

/// The PostgreSQL server that test runs create their databases in, when one is configured.
pub fn postgres_admin_url() -> Option<String> {
    std::env::var("ORDERS_TEST_POSTGRES_URL").ok().filter(|url| !url.is_empty())
}

/// Whether the PostgreSQL variant of a test runs: false (with a note) when no PostgreSQL is configured,
/// and a failure when ORDERS_TEST_REQUIRE_POSTGRES asks for one that is not.
pub fn postgres_configured() -> bool {
    if postgres_admin_url().is_some() {
        return true;
    }
    assert!(
        std::env::var("ORDERS_TEST_REQUIRE_POSTGRES").is_err(),
        "ORDERS_TEST_REQUIRE_POSTGRES is set but ORDERS_TEST_POSTGRES_URL is not"
    );
    eprintln!("PostgreSQL not configured (ORDERS_TEST_POSTGRES_URL): this backend did not run");
    false
}

/// An app on PostgreSQL, or None (with `postgres_configured`'s note) for a test that runs there only.
#[allow(dead_code, reason = "used by the PostgreSQL-only tests")]
pub async fn spawn_postgres_app(options: Options) -> Option<TestApp> {
    if !postgres_configured() {
        return None;
    }
    Some(spawn_app_with(Backend::Postgres, options).await)
}

pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, Options::default()).await
}

pub async fn spawn_app_with(backend: Backend, options: Options) -> TestApp {
    sqlx::any::install_default_drivers();
    let unique = uuid::Uuid::new_v4().simple().to_string();
    let (database_url, cleanup) = match backend {
        Backend::Sqlite => {
            let path = std::env::temp_dir().join(format!("orders-test-{unique}.db"));
            (path.display().to_string(), Cleanup::File(path))
        }
        Backend::Postgres => {
            let admin_url = postgres_admin_url().expect("ORDERS_TEST_POSTGRES_URL is set for PostgreSQL tests");
            let name = format!("orders_t_{unique}");
            let mut admin = sqlx::AnyConnection::connect(&admin_url).await.expect("connect to PostgreSQL");
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
                .execute(&mut admin)
                .await
                .expect("create the test database");
            let base = admin_url.rsplit_once('/').map_or(admin_url.as_str(), |(base, _)| base);
            (format!("{base}/{name}"), Cleanup::Database { admin_url: admin_url.clone(), name })
        }
    };
    start(database_url, cleanup, options).await
}

/// An app on a database that the test made and removes itself (e.g. on a PostgreSQL of its own).
#[allow(dead_code, reason = "used by the fault tests only")]
pub async fn spawn_app_on(database_url: &str, options: Options) -> TestApp {
    sqlx::any::install_default_drivers();
    start(database_url.to_owned(), Cleanup::Nothing, options).await
}

/// True once `holds` does, for a process that another one wrote beside (ADR 0028): on SQLite the first answer
/// must already hold (no read trusts a cached body past a commit); on PostgreSQL within a second (a process
/// learns of another's write by its notification, about a millisecond later, longer on a loaded machine).
#[allow(dead_code, reason = "used by the multi-process tests only")]
pub async fn seen(app: &TestApp, mut holds: impl AsyncFnMut() -> bool) -> bool {
    let strict = !app.database_url.starts_with("postgres");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(1);
    loop {
        if holds().await {
            return true;
        }
        if strict || std::time::Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

/// A second app process on the same database as `app` (its own caches and limits), as when several
/// processes run behind one PostgreSQL.
#[allow(dead_code, reason = "used by the multi-process tests only")]
pub async fn spawn_app_beside(app: &TestApp) -> TestApp {
    start(app.database_url.clone(), Cleanup::Nothing, Options::default()).await
}

async fn start(database_url: String, cleanup: Cleanup, options: Options) -> TestApp {
    // Every setting at its default (as `orders` with no flags), then what a test needs: new settings
    // need no change here.
    let mut settings: Settings = Cli::parse_from(["orders"]).settings;
    settings.addr = "127.0.0.1:0".parse().expect("address");
    settings.database_url = database_url.clone();
    settings.db_connections = 4;
    settings.ops_key = options.ops_key.map(str::to_owned);
    settings.token_key = Some(TOKEN_KEY.to_owned());
    settings.token_ttl_seconds = 3600;
    settings.guest_lookups_per_client = options.per_client;
    settings.guest_lookups_per_order = options.per_order;
    settings.no_demo_data = true;
    settings.response_cache_mib = 16;
    settings.job_workers = options.job_workers;
    settings.smtp_url = options.smtp_url.clone();
    if let Some(configure) = options.configure {
        configure(&mut settings);
    }
    if let Some(configure) = options.configure_with {
        configure(&mut settings);
    }
    let state = server::prepare(&settings).await.expect("prepare the app");
    let clock = state.clock.clone();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind port 0");
    let address = listener.local_addr().expect("local address");
    let (sender, receiver) = tokio::sync::oneshot::channel::<()>();
    let served = tokio::spawn(async move {
        server::serve(listener, state, async {
            let _ = receiver.await;
        })
        .await
    });
    TestApp {
        address,
        database_url,
        client: Client::new(),
        clock,
        shutdown: Some(sender),
        served: Some(served),
        cleanup,
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// Sends the shutdown signal (as SIGTERM does in `main`) and waits at most `bound` for `serve` to end.
    /// Answers how it ended, and how long that took; `None` when it did not end in time.
    #[allow(dead_code, reason = "used by the shutdown tests only")]
    pub async fn shutdown_and_wait(
        &mut self,
        bound: std::time::Duration,
    ) -> Option<(std::io::Result<()>, std::time::Duration)> {
        let started = std::time::Instant::now();
        if let Some(sender) = self.shutdown.take() {
            let _ = sender.send(());
        }
        let served = self.served.take()?;
        match tokio::time::timeout(bound, served).await {
            Ok(Ok(result)) => Some((result, started.elapsed())),
            Ok(Err(_)) | Err(_) => None,
        }
    }

    /// Stops the server and removes its database.
    pub async fn finish(mut self) {
        if let Some(sender) = self.shutdown.take() {
            let _ = sender.send(());
        }
        match &self.cleanup {
            Cleanup::File(path) => {
                for suffix in ["", "-wal", "-shm"] {
                    let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
                }
            }
            Cleanup::Nothing => {}
            Cleanup::Database { admin_url, name } => {
                if let Ok(mut admin) = sqlx::AnyConnection::connect(admin_url).await {
                    let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")))
                        .execute(&mut admin)
                        .await;
                }
            }
        }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Response {
        self.send(Method::GET, path, token, None).await
    }

    pub async fn get_json(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.call(Method::GET, path, token, None).await
    }

    pub async fn get_json_status(&self, path: &str) -> StatusCode {
        self.get(path, None).await.status()
    }

    /// `method path` with the member's token and a JSON body when given; a caller adds its headers.
    pub fn request(&self, method: Method, path: &str, token: Option<&str>, body: Option<&Value>) -> RequestBuilder {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        request
    }

    /// `request`, sent; the answer as it came.
    pub async fn send(&self, method: Method, path: &str, token: Option<&str>, body: Option<&Value>) -> Response {
        self.request(method, path, token, body).send().await.expect("request")
    }

    /// `request`, sent; the answer's status and JSON body.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> (StatusCode, Value) {
        answer(self.request(method, path, token, body)).await
    }

    /// The member of `token` gives (or withdraws) the partner order data sharing consent, without which the
    /// partner order history is empty (000 §6).
    pub async fn share_partner_orders(&self, token: &str, granted: bool) {
        let body = serde_json::json!({ "granted": granted });
        let (status, answer) =
            self.call(Method::PUT, "/consent/v1/partnerOrderDataSharing", Some(token), Some(&body)).await;
        assert!(status.is_success(), "consent refused: {answer}");
    }

    /// The ops outbox's messages to `to`, newest first.
    pub async fn outbox(&self, to: &str) -> Vec<Value> {
        let response = self
            .client
            .get(self.url(&format!("/ops/v1/outbox?to={to}")))
            .header("x-ops-key", OPS_KEY)
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), StatusCode::OK);
        let answer: Value = response.json().await.expect("json");
        answer["objects"].as_array().cloned().unwrap_or_default()
    }

    pub async fn post_json(&self, path: &str, body: &Value, ops: bool) -> (StatusCode, Value) {
        let mut request = self.request(Method::POST, path, None, Some(body));
        if ops {
            request = request.header("x-ops-key", OPS_KEY);
        }
        answer(request).await
    }

    pub async fn create_member(&self, email: &str, country: &str) -> String {
        let body = json!({"email": email, "password": PASSWORD, "firstName": "Test", "lastName": "Shopper", "country": country});
        let (status, answer) = self.post_json("/ops/v1/members", &body, true).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
        answer["upmId"].as_str().expect("upmId").to_owned()
    }

    pub async fn sign_in(&self, email: &str) -> String {
        let body = json!({"email": email, "password": PASSWORD});
        let (status, answer) = self.post_json("/auth/v1/token", &body, false).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        answer["accessToken"].as_str().expect("accessToken").to_owned()
    }

    /// A member with a token, in one step.
    pub async fn member(&self, email: &str) -> (String, String) {
        let upm_id = self.create_member(email, "US").await;
        (upm_id.clone(), self.sign_in(email).await)
    }

    pub async fn put_order(&self, order: &Value) -> StatusCode {
        let (status, answer) = self.post_json("/ops/v1/orders", order, true).await;
        assert!(status.is_success(), "order refused: {answer}");
        status
    }
}

/// Sends `request`; the answer's status and JSON body (null when it has none).
pub async fn answer(request: RequestBuilder) -> (StatusCode, Value) {
    let response = request.send().await.expect("request");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// A valid order; tests change what they look at.
pub fn order(number: &str, upm_id: Option<&str>, date: &str) -> Value {
    json!({
        "orderNumber": number,
        "orderType": "SALES_ORDER",
        "orderClassification": "CONSUMER",
        "country": "US",
        "currency": "USD",
        "upmId": upm_id,
        "email": "Guest.Shopper@Example.com",
        "phone": {"countryCode": "1", "subscriberNumber": "5035550100"},
        "orderDate": date,
        "shippingTotal": 7.5,
        "payments": [{"paymentType": "credit_card", "paymentDisplayNumber": "4111111111111111"}],
        "lines": [
            {"lineNumber": 1, "gtin": "00012345678905", "skuId": "SKU-1", "productId": "P1", "styleColor": "AR2-001",
             "title": "Stride Runner 4", "category": "Men's Road Running Shoes", "color": "Black/White", "size": "10",
             "imageUrl": "/images/products/AR2-001.svg", "quantity": 1, "unitPrice": 120, "tax": 9.6,
             "status": "In Transit", "shipmentNumber": "S1", "trackingUrl": "https://tracking.example.com/ups/1Z1",
             "estimatedDeliveryDate": "2026-11-05"},
            {"lineNumber": 2, "gtin": "00012345678912", "skuId": "SKU-2", "productId": "P2", "styleColor": "DTT-001",
             "title": "Dri-Tech Training Tee", "category": "Training Top", "color": "Navy", "size": "M",
             "quantity": 2, "unitPrice": "25.00", "tax": 4, "status": "created"}
        ]
    })
}

/// Declares one test per backend: `name::sqlite` and `name::postgres` (PostgreSQL only when configured,
/// see `postgres_configured`).
/// - `on_both_backends!(name, body)`: `body(&app)` on an app started with the default options;
/// - `on_both_backends!(name, body, options)`: the same with `options` (evaluated inside `name`, so the
///   test file's own functions are in scope);
/// - `on_both_backends!(backend: name)`: `name(backend)` for a test that starts what it needs itself.
#[macro_export]
macro_rules! on_both_backends {
    ($name:ident, $body:path) => {
        $crate::on_both_backends!($name, $body, $crate::helpers::Options::default());
    };
    ($name:ident, $body:path, $options:expr) => {
        mod $name {
            #[allow(unused_imports, reason = "the options expression may name the test file's items")]
            use super::*;

            #[tokio::test]
            async fn sqlite() {
                let app = $crate::helpers::spawn_app_with($crate::helpers::Backend::Sqlite, $options).await;
                $body(&app).await;
                app.finish().await;
            }

            #[tokio::test]
            async fn postgres() {
                if !$crate::helpers::postgres_configured() {
                    return;
                }
                let app = $crate::helpers::spawn_app_with($crate::helpers::Backend::Postgres, $options).await;
                $body(&app).await;
                app.finish().await;
            }
        }
    };
    (backend: $name:ident) => {
        mod $name {
            #[tokio::test]
            async fn sqlite() {
                super::$name($crate::helpers::Backend::Sqlite).await;
            }

            #[tokio::test]
            async fn postgres() {
                if !$crate::helpers::postgres_configured() {
                    return;
                }
                super::$name($crate::helpers::Backend::Postgres).await;
            }
        }
    };
}
