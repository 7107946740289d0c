//! Regression tests for the outside probe's findings (issue 7) that are not tied to one area.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{TestApp, order};
use crate::on_both_backends;

/// Defect 4: NUL and other control characters are refused with 400 on both databases, nothing stored;
/// an invalid e-mail on sign-in answers 401 like an unknown one.
async fn control_characters_are_refused_everywhere(app: &TestApp) {
    let sign_in =
        app.post_json("/auth/v1/token", &json!({"email": "a\u{0000}b@example.com", "password": "x"}), false).await;
    assert_eq!(sign_in.0, StatusCode::BAD_REQUEST, "{}", sign_in.1);
    assert_eq!(sign_in.1["code"], "invalid-characters");
    assert_eq!(sign_in.1["field"], "email");

    let mut with_nul = order("C4700001", None, "2026-11-01T10:00:00Z");
    with_nul["lines"][0]["title"] = json!("Stride\u{0000}Runner");
    let (status, body) = app.post_json("/ops/v1/orders", &with_nul, true).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["field"], "lines[0].title");
    assert_eq!(
        app.get("/orders/history/v1/C4700001?filter=email(guest.shopper@example.com)", None).await.status(),
        StatusCode::NOT_FOUND
    );

    let query = app.get("/orders/history/v1/C4700001?filter=email(a%00b@example.com)", None).await;
    assert_eq!(query.status(), StatusCode::BAD_REQUEST);

    let invalid_email =
        app.post_json("/auth/v1/token", &json!({"email": "not an e-mail", "password": "x"}), false).await;
    let unknown =
        app.post_json("/auth/v1/token", &json!({"email": "nobody@example.com", "password": "x"}), false).await;
    assert_eq!(invalid_email, unknown, "an invalid e-mail answers like an unknown one");
}
on_both_backends!(control_characters, control_characters_are_refused_everywhere);

/// Defect 9: no framing, the app's CSP forbids it too, and oversized bodies get 413.
async fn headers_forbid_framing_and_big_bodies_get_413(app: &TestApp) {
    let page = app.get("/orders", None).await;
    assert_eq!(page.headers().get("x-frame-options").and_then(|v| v.to_str().ok()), Some("DENY"));
    let csp =
        page.headers().get("content-security-policy").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(page.headers().get("strict-transport-security").is_none(), "HSTS only when behind TLS");
    let api = app.get("/orders/history/v1", None).await;
    assert_eq!(api.headers().get("x-frame-options").and_then(|v| v.to_str().ok()), Some("DENY"));
    // The same headers on a page, a routed answer and an error no route matched (ADR 0036: around the router).
    let unrouted = app.get("/orders/v1/no-such-route", None).await;
    for answer in [&page, &api, &unrouted] {
        let header = |name: &str| answer.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
        assert_eq!(header("x-content-type-options").as_deref(), Some("nosniff"), "{}", answer.url());
        assert_eq!(header("referrer-policy").as_deref(), Some("strict-origin-when-cross-origin"), "{}", answer.url());
        assert_eq!(header("x-frame-options").as_deref(), Some("DENY"), "{}", answer.url());
    }

    let big = json!({"email": "a@example.com", "password": "x".repeat(300 * 1024)});
    let (status, body) = app.post_json("/auth/v1/token", &big, false).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(body["code"], "payload-too-large");
}
on_both_backends!(headers, headers_forbid_framing_and_big_bodies_get_413);

/// Compression only for a request that asks for it (ADR 0037); either way the answer says it varies with
/// `Accept-Encoding`, so a shared cache keeps the identity and the gzip answer apart.
async fn compression_when_asked_and_vary_always(app: &TestApp) {
    let config = |encoding: Option<&'static str>| {
        let request = app.client.get(app.url("/config/v1/us"));
        async move {
            let response = match encoding {
                Some(encoding) => request.header("accept-encoding", encoding),
                None => request,
            }
            .send()
            .await
            .expect("config");
            let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
            let (encoding, vary) = (header("content-encoding"), header("vary"));
            (encoding, vary, response.bytes().await.expect("body"))
        }
    };
    let (encoding, vary, plain) = config(None).await;
    assert_eq!((encoding.as_deref(), vary.as_deref()), (None, Some("accept-encoding")));
    assert!(serde_json::from_slice::<serde_json::Value>(&plain).is_ok(), "identity JSON");
    let (encoding, vary, gzip) = config(Some("gzip")).await;
    assert_eq!((encoding.as_deref(), vary.as_deref()), (Some("gzip"), Some("accept-encoding")));
    assert_eq!(gzip.get(..2), Some(&[0x1f, 0x8b][..]), "gzip's magic bytes");
    assert!(gzip.len() < plain.len());
    // The configuration is the same bytes at every request: gzipped once at the default level (ADR 0038), not at
    // the layer's fastest level each time.
    let mut kept = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut kept, &plain).expect("gzip");
    assert_eq!(gzip, kept.finish().expect("gzip"), "the configuration's kept gzip");
    // An answer made at each request (the page's HTML carries the browser's session) is gzipped by the layer.
    let page = app.client.get(app.url("/orders")).header("accept-encoding", "gzip").send().await.expect("page");
    let header = |name: &str| page.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    assert_eq!(
        (header("content-encoding").as_deref(), header("vary").as_deref()),
        (Some("gzip"), Some("accept-encoding"))
    );
    let mut html = String::new();
    let gzipped = page.bytes().await.expect("page body");
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gzipped[..]), &mut html).expect("gunzip");
    assert!(html.starts_with("<!doctype html>"), "{html:.60}");
    // Nothing acceptable (identity refused too): 406, as before.
    let refused = app.client.get(app.url("/config/v1/us")).header("accept-encoding", "identity;q=0").send().await;
    assert_eq!(refused.expect("config").status(), StatusCode::NOT_ACCEPTABLE);
}
on_both_backends!(compression, compression_when_asked_and_vary_always);

#[tokio::test]
async fn behind_tls_answers_carry_hsts() {
    let options =
        crate::helpers::Options { configure: Some(|settings| settings.behind_tls = true), ..Default::default() };
    let app = crate::helpers::spawn_app_with(crate::helpers::Backend::Sqlite, options).await;
    let hsts = app.get("/orders", None).await.headers().get("strict-transport-security").cloned();
    assert!(hsts.is_some_and(|value| value.to_str().is_ok_and(|text| text.starts_with("max-age="))));
    app.finish().await;
}

/// Defect 8: slow clients. A client that trickles its request head, or opens a connection and sends
/// nothing, or leaves a keep-alive connection idle, is disconnected after the header-read timeout, while a
/// client that sends a whole request in time is answered.
#[tokio::test]
async fn slow_and_silent_connections_are_closed_after_the_header_timeout() {
    use std::time::{Duration, Instant};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;

    let app = crate::helpers::spawn_app_with(
        crate::helpers::Backend::Sqlite,
        crate::helpers::Options {
            configure: Some(|settings| settings.header_read_timeout_seconds = 1),
            ..Default::default()
        },
    )
    .await;
    let address = app.url("").trim_start_matches("http://").trim_end_matches('/').to_string();

    // Reads until the server closes the connection; gives how long that took (capped at 8 s).
    async fn closed_after(stream: &mut TcpStream) -> Duration {
        let started = Instant::now();
        let mut buffer = [0u8; 1024];
        loop {
            match tokio::time::timeout(Duration::from_secs(8), stream.read(&mut buffer)).await {
                Ok(Ok(0)) | Ok(Err(_)) => return started.elapsed(),
                Ok(Ok(_)) => {}
                Err(_) => return started.elapsed(),
            }
        }
    }

    // Trickling: one header byte every 300 ms never completes the head.
    let mut trickle = TcpStream::connect(&address).await.expect("connect");
    let trickled = tokio::spawn(async move {
        let started = Instant::now();
        for byte in b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".iter() {
            if trickle.write_all(&[*byte]).await.is_err() {
                return started.elapsed();
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
        started.elapsed() + closed_after(&mut trickle).await
    });

    // Silent: connects and sends nothing.
    let mut silent = TcpStream::connect(&address).await.expect("connect");
    let silent_for = closed_after(&mut silent).await;
    assert!(silent_for < Duration::from_secs(4), "a silent connection stayed open {silent_for:?}");

    let trickled_for = trickled.await.expect("trickle task");
    assert!(trickled_for < Duration::from_secs(5), "a trickling client stayed connected {trickled_for:?}");

    // A whole request in time is answered, and the idle keep-alive connection is closed afterwards.
    let mut prompt = TcpStream::connect(&address).await.expect("connect");
    prompt.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("write");
    let mut answer = vec![0u8; 256];
    let read = prompt.read(&mut answer).await.expect("read");
    assert!(String::from_utf8_lossy(&answer[..read]).starts_with("HTTP/1.1 200"), "a prompt request is answered");
    let idle_for = closed_after(&mut prompt).await;
    assert!(idle_for < Duration::from_secs(4), "an idle keep-alive connection stayed open {idle_for:?}");
    app.finish().await;
}

/// Requests beyond `--max-requests-in-flight` wait for a turn and are answered; none is refused or lost.
#[tokio::test]
async fn requests_beyond_the_in_flight_limit_wait_for_a_turn() {
    let app = crate::helpers::spawn_app_with(
        crate::helpers::Backend::Sqlite,
        crate::helpers::Options {
            configure: Some(|settings| settings.max_requests_in_flight = 1),
            ..Default::default()
        },
    )
    .await;
    let (upm_id, token) = app.member("in.flight@example.com").await;
    assert_eq!(app.put_order(&order("C4800001", Some(&upm_id), "2026-11-01T10:00:00Z")).await, StatusCode::CREATED);
    let requests = (0..24).map(|_| app.get("/orders/history/v1/C4800001", Some(&token)));
    let statuses: Vec<StatusCode> =
        futures_util::future::join_all(requests).await.iter().map(reqwest::Response::status).collect();
    assert_eq!(statuses, vec![StatusCode::OK; 24]);
    app.finish().await;
}

/// Embedded mode (000 §2): with `embedParentOrigin` configured, the retailer's page (and only it) may frame
/// the app, and `/config` names it so the app posts its frame messages there and nowhere else.
#[tokio::test]
async fn embedded_mode_lets_the_retailers_page_frame_the_app() {
    fn embedded(settings: &mut server::config::Settings) {
        let path = std::env::temp_dir().join(format!("orders-embed-{}.toml", std::process::id()));
        std::fs::write(&path, "embedParentOrigin = \"https://Shop.Example.com/\"\n").expect("write the config");
        settings.config_file = Some(path);
    }
    let options = crate::helpers::Options { configure: Some(embedded), ..Default::default() };
    let app = crate::helpers::spawn_app_with(crate::helpers::Backend::Sqlite, options).await;
    let page = app.get("/orders", None).await;
    assert!(page.headers().get("x-frame-options").is_none(), "X-Frame-Options cannot name an origin");
    let csp = page.headers()["content-security-policy"].to_str().expect("csp").to_owned();
    assert!(csp.contains("frame-ancestors 'self' https://shop.example.com"), "{csp}");
    let (_, config) = app.get_json("/config/v1/us", None).await;
    assert_eq!(config["embedParentOrigin"], "https://shop.example.com");
    app.finish().await;

    let (_, plain) = {
        let app = crate::helpers::spawn_app(crate::helpers::Backend::Sqlite).await;
        let answer = app.get_json("/config/v1/us", None).await;
        app.finish().await;
        answer
    };
    assert!(plain.get("embedParentOrigin").is_none(), "{plain}");
}

#[test]
fn an_embed_origin_with_a_path_is_refused_at_start() {
    let path = std::env::temp_dir().join(format!("orders-embed-bad-{}.toml", std::process::id()));
    std::fs::write(&path, "embedParentOrigin = \"https://shop.example.com/orders\"\n").expect("write the config");
    let error = server::settings::SiteSettings::load(Some(&path), Vec::new(), &[]).expect_err("refused");
    assert!(error.to_string().contains("embedParentOrigin"), "{error}");
}
