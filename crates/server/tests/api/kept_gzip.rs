//! A browser's cached reads answer the gzip kept beside the held body (ADR 0038): made once at gzip's default
//! level, so its bytes are that level's (the layer around the router compresses at its fastest level, whose
//! bytes differ), and never the gzip of a body that a write has since replaced.

use std::io::Read;

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{TestApp, order};
use crate::on_both_backends;

const BROWSER: &str = "gzip, deflate, br, zstd";

struct Answer {
    status: StatusCode,
    encoding: Option<String>,
    vary: Option<String>,
    body: Vec<u8>,
}

async fn read(app: &TestApp, path: &str, token: &str, accept_encoding: Option<&str>) -> Answer {
    let mut request = app.client.get(app.url(path)).bearer_auth(token);
    if let Some(accept_encoding) = accept_encoding {
        request = request.header("accept-encoding", accept_encoding);
    }
    let response = request.send().await.expect("an answer");
    let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let (status, encoding, vary) = (response.status(), header("content-encoding"), header("vary"));
    Answer { status, encoding, vary, body: response.bytes().await.expect("a body").to_vec() }
}

fn gunzip(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(body).read_to_end(&mut out).expect("gzip that unpacks");
    out
}

fn gzip_default(body: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut encoder, body).expect("gzip");
    encoder.finish().expect("gzip")
}

/// Reads `path` as a browser three times (rendered or read, then found current, then from memory) and once as a
/// client without `Accept-Encoding`: every browser answer is the kept gzip of that identity body.
async fn read_as_browser(app: &TestApp, path: &str, token: &str) -> Vec<u8> {
    let mut gzipped = Vec::new();
    for _ in 0..3 {
        let answer = read(app, path, token, Some(BROWSER)).await;
        assert_eq!(answer.status, StatusCode::OK, "{path}");
        assert_eq!(answer.encoding.as_deref(), Some("gzip"), "{path}");
        assert_eq!(answer.vary.as_deref(), Some("accept-encoding"), "{path}");
        gzipped.push(answer.body);
    }
    let plain = read(app, path, token, None).await;
    assert_eq!((plain.status, plain.encoding.as_deref()), (StatusCode::OK, None), "{path} as it is");
    assert_eq!(plain.vary.as_deref(), Some("accept-encoding"));
    for body in &gzipped[1..] {
        assert_eq!(gunzip(body), plain.body, "{path}: the same body, gzipped");
        assert_eq!(*body, gzip_default(&plain.body), "{path}: the kept gzip, made once at the default level");
    }
    plain.body
}

async fn a_browser_is_answered_the_kept_gzip_of_the_current_body(app: &TestApp) {
    let (member, token) = app.member("gzip.kept@example.com").await;
    app.put_order(&order("C7800001", Some(&member), "2026-10-01T10:00:00Z")).await;
    let detail = "/orders/history/v1/C7800001";
    let history = "/orders/history/v1?country=US";
    let detail_before = read_as_browser(app, detail, &token).await;
    let history_before = read_as_browser(app, history, &token).await;
    // The summary reads the same held body.
    assert_eq!(read_as_browser(app, "/orders/summary/v1/C7800001", &token).await, detail_before);

    // A write replaces both bodies: the browser gets the new ones, gzipped anew, never the old gzip.
    let mut changed = order("C7800001", Some(&member), "2026-10-01T10:00:00Z");
    changed["lines"][0]["title"] = json!("Stride Runner 5");
    app.put_order(&changed).await;
    let detail_after = read_as_browser(app, detail, &token).await;
    let history_after = read_as_browser(app, history, &token).await;
    assert_ne!(detail_after, detail_before);
    assert_ne!(history_after, history_before);
    assert!(String::from_utf8_lossy(&detail_after).contains("Stride Runner 5"));
    assert!(String::from_utf8_lossy(&history_after).contains("Stride Runner 5"));

    // A client that refuses gzip gets the body as it is; another member's token opens nothing, gzip or not.
    let refused = read(app, detail, &token, Some("gzip;q=0, identity")).await;
    assert_eq!((refused.encoding.as_deref(), &refused.body), (None, &detail_after));
    let (_, stranger) = app.member("gzip.stranger@example.com").await;
    let foreign = read(app, detail, &stranger, Some(BROWSER)).await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
}
on_both_backends!(kept_gzip, a_browser_is_answered_the_kept_gzip_of_the_current_body);
