use reqwest::StatusCode;

use crate::helpers::{Backend, TestApp, spawn_app};
use crate::on_both_backends;

async fn health_answers_when_the_database_does(app: &TestApp) {
    let (status, body) = app.get_json("/healthz", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "ok");
}
on_both_backends!(health, health_answers_when_the_database_does);

#[tokio::test]
async fn app_routes_fall_back_to_the_web_app_and_unknown_api_paths_are_json_404() {
    let app = spawn_app(Backend::Sqlite).await;
    for path in ["/orders", "/gb/orders", "/fr/fr/orders/sales/C1234567", "/somewhere/else"] {
        let response = app.get(path, None).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type =
            response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
        assert!(content_type.starts_with("text/html"), "{path}: {content_type}");
        assert_eq!(response.headers().get("cache-control").and_then(|v| v.to_str().ok()), Some("no-cache"));
    }
    for path in ["/orders/history/v2", "/auth/v1/nothing", "/ops/v1/unknown", "/assets/missing-abc123.js"] {
        let (status, body) = app.get_json(path, None).await;
        assert_eq!((status, body["code"].as_str()), (StatusCode::NOT_FOUND, Some("not-found")), "{path}");
    }
    for path in ["/images/products/SR4100-001.svg", "/images/products/shoe/black/SR4100-001.svg"] {
        let image = app.get(path, None).await;
        assert_eq!(image.headers().get("content-type").and_then(|v| v.to_str().ok()), Some("image/svg+xml"), "{path}");
        assert!(image.text().await.unwrap_or_default().starts_with("<svg"));
    }
    for path in ["/images/products/shoe/black/a%22b.svg", "/images/products/shoe/black/SR4100-001.png"] {
        assert_eq!(app.get(path, None).await.status(), StatusCode::NOT_FOUND, "{path}");
    }
    app.finish().await;
}

/// A page carries its country's configuration (what `GET /config/v1/{country}` answers), so the app's first
/// paint waits for no request; the default country's where the path names none.
#[tokio::test]
async fn a_page_inlines_its_countrys_configuration() {
    let app = spawn_app(Backend::Sqlite).await;
    for (path, country) in [("/gb/orders/C1234567", "gb"), ("/fr/fr/orders", "fr"), ("/orders", "us")] {
        let html = app.get(path, None).await.text().await.expect("html");
        let block = html
            .split(r#"<script id="orders-config" type="application/json">"#)
            .nth(1)
            .and_then(|rest| rest.split("</script>").next())
            .unwrap_or_else(|| panic!("{path}: no inlined configuration (is web/dist built?)"));
        let inlined: serde_json::Value = serde_json::from_str(block).expect("JSON");
        let (status, served) = app.get_json(&format!("/config/v1/{country}"), None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(inlined, served, "{path}");
    }
    app.finish().await;
}

/// ADR 0033: a first page's HTML names the files its route loads (from the web build's page-preloads.json), each
/// one the server serves; a page that is not one of them names none.
#[tokio::test]
async fn a_first_page_names_its_files_in_its_html() {
    let app = spawn_app(Backend::Sqlite).await;
    let files = async |path: &str| -> Vec<String> {
        let html = app.get(path, None).await.text().await.expect("html");
        let Some(block) = html
            .split(r#"<script id="orders-page-files" type="application/json">"#)
            .nth(1)
            .and_then(|rest| rest.split("</script>").next())
        else {
            return Vec::new();
        };
        let files: serde_json::Value = serde_json::from_str(block).expect("JSON");
        ["scripts", "styles"]
            .iter()
            .flat_map(|kind| files[kind].as_array().cloned().unwrap_or_default())
            .map(|file| file.as_str().expect("a file").to_owned())
            .collect()
    };
    let order = files("/orders/sales/C1234567").await;
    assert!(order.len() >= 5, "an order's page names its files (is web/dist built?): {order:?}");
    assert_eq!(files("/gb/en/orders/sales/C1234567").await, order, "the same behind a country and a language");
    let history = files("/orders").await;
    assert!(!history.is_empty() && history != order, "the history names its own: {history:?}");
    assert!(!files("/orders/return-items/C1234567").await.is_empty(), "and the return wizard");
    for other in ["/orders/bag", "/orders/signin", "/orders/sales/C1", "/orders/sales/C1234567/x"] {
        assert_eq!(files(other).await, Vec::<String>::new(), "{other}");
    }
    for file in order.iter().chain(&history) {
        let answer = app.get(file, None).await;
        assert_eq!(answer.status(), StatusCode::OK, "{file}");
        let kind = answer.headers()[reqwest::header::CONTENT_TYPE].to_str().expect("type").to_owned();
        assert!(kind.contains("javascript") || kind.contains("css"), "{file}: {kind}");
    }
    app.finish().await;
}

/// The committed `web/openapi.json` is what the server serves; the web client's types come from it.
/// Run with UPDATE_OPENAPI=1 to rewrite the committed copy after changing the API on purpose.
#[test]
fn the_committed_openapi_document_matches_the_server() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/openapi.json");
    let served = server::openapi::document_json() + "\n";
    if std::env::var("UPDATE_OPENAPI").is_ok() {
        std::fs::write(&path, &served).expect("write web/openapi.json");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == served,
        "web/openapi.json differs from the server's document: run UPDATE_OPENAPI=1 cargo test --test api openapi, \
         then npm --prefix web run gen:api"
    );
}

/// ADR 0037: the app's files are gzipped once, at the best level, for a browser that accepts gzip, and unpack to
/// the very bytes served to one that does not ask or refuses it; the answer says it varies with `Accept-Encoding`.
#[tokio::test]
async fn the_apps_files_are_gzipped_for_a_browser_that_accepts_it() {
    let app = spawn_app(Backend::Sqlite).await;
    let html = app.get("/orders", None).await.text().await.expect("html");
    let script = html
        .split("src=\"")
        .filter_map(|rest| rest.split('"').next())
        .find(|src| src.starts_with("/assets/") && src.ends_with(".js"))
        .expect("the entry script (is web/dist built?)")
        .to_owned();
    let fetch = async |encoding: Option<&str>| {
        let mut request = app.client.get(app.url(&script));
        if let Some(encoding) = encoding {
            request = request.header("accept-encoding", encoding);
        }
        let answer = request.send().await.expect("the script");
        assert_eq!(answer.status(), StatusCode::OK);
        let header = |name: &str| answer.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let (encoding, vary) = (header("content-encoding"), header("vary"));
        (encoding, vary, answer.bytes().await.expect("body").to_vec())
    };
    let (encoding, vary, plain) = fetch(None).await;
    assert_eq!((encoding.as_deref(), vary.as_deref()), (None, Some("accept-encoding")));
    let (encoding, vary, packed) = fetch(Some("gzip, deflate, br, zstd")).await;
    assert_eq!((encoding.as_deref(), vary.as_deref()), (Some("gzip"), Some("accept-encoding")));
    let mut unpacked = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&packed[..]), &mut unpacked).expect("gunzip");
    assert_eq!(unpacked, plain, "the same file");
    // Made once at the best level, not at every request at the layer's fastest.
    let mut best = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut best, &plain).expect("gzip");
    assert_eq!(packed, best.finish().expect("gzip"), "gzipped at the best level");
    assert!(packed.len() * 2 < plain.len(), "{} of {} bytes", packed.len(), plain.len());
    let (encoding, _, refused) = fetch(Some("gzip;q=0")).await;
    assert_eq!((encoding, refused), (None, plain));
    app.finish().await;
}
