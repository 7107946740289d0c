//! The built React app, embedded in the binary. Hashed assets are cached for a year; every other
//! GET that is not an API path answers index.html so that the app's router takes over.

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;
use tower_http::compression::Predicate;

use crate::around::{self, Compressible};
use crate::error::AppError;

mod gzipped;
mod page_preloads;
use page_preloads::PagePreloads;

#[derive(Embed)]
#[folder = "../../web/dist"]
struct Dist;

/// Paths that belong to the API: an unknown one is a JSON 404, never the app.
const API_PREFIXES: &[&str] = &[
    "/orders/history/",
    "/orders/summary/",
    "/orders/shopsimilar/",
    "/orders/einvoice/",
    "/orders/money_timeline/",
    "/order_mgmt/",
    "/payment/",
    "/store/",
    "/cart/",
    "/config/",
    "/addresses/",
    "/address/",
    "/consent/",
    "/reviews/",
    "/sandbox/",
    "/auth/",
    "/ops/",
    "/healthz",
    "/metrics",
    "/openapi.json",
    "/images/",
];

/// The HTML's CSP. `frame-ancestors`: no other site may frame the app (clickjacking), but the retailer's
/// own page where embedded mode is configured (`embedParentOrigin`, 000 §2); the app then asks that page
/// to open order details at the top.
pub fn content_security_policy(embed_parent_origin: Option<&str>) -> String {
    let ancestors = embed_parent_origin.map_or_else(|| "'none'".to_owned(), |origin| format!("'self' {origin}"));
    format!(
        "default-src 'self'; img-src 'self' data: https:; style-src 'self' 'unsafe-inline'; script-src 'self'; \
         connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors {ancestors}"
    )
}

const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><head><title>Orders</title></head><body><main>\
    <h1>The web app is not built</h1><p>Run <code>npm --prefix web run build</code>, then build the server again.</p>\
    </main></body></html>";

/// A file of the build; gzipped once (`gzipped`) for a request that accepts it, when the layer around the
/// router would compress it (`around::Compressible`, the one rule).
async fn file_response(path: &str, cache_control: &'static str, gzip: bool) -> Option<Response> {
    let file = Dist::get(path)?;
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let data = match file.data {
        std::borrow::Cow::Borrowed(data) => Bytes::from_static(data),
        std::borrow::Cow::Owned(data) => Bytes::from(data),
    };
    let mut response = Response::new(Body::from(data.clone()));
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control));
    if gzip
        && Compressible.should_compress(&response)
        && let Some(body) = gzipped::gzipped(path, data).await
    {
        around::send_gzipped(&mut response, body);
    }
    Some(response)
}

/// The country a page path names (`/gb/orders/...`: `gb`), as the web app's router reads its prefix.
fn path_country(path: &str) -> Option<&str> {
    let mut segments = path.trim_start_matches('/').split('/');
    let first = segments.next()?;
    (first.len() == 2 && first.bytes().all(|byte| byte.is_ascii_alphabetic())).then_some(first)
}

/// The first pages' files (`page_preloads`), read once from the build's `page-preloads.json`.
static PAGE_PRELOADS: std::sync::LazyLock<PagePreloads> = std::sync::LazyLock::new(|| {
    let Some(file) = Dist::get("page-preloads.json") else { return PagePreloads::default() };
    PagePreloads::parse(&file.data).unwrap_or_else(|error| {
        tracing::warn!(%error, "the web build's page-preloads.json is not usable; pages are served without their files");
        PagePreloads::default()
    })
});

/// `html` with each `(id, json)` block inlined before `</head>` as a JSON data block (`orders-config`: the
/// country's `GET /config/v1/{country}` answer; `orders-session`: the browser's `GET /auth/v1/session` answer;
/// `orders-page-files`: a first page's own files, `page_preloads`), so the app's first paint waits for no
/// request. A data block is not script: the CSP's `script-src 'self'` still holds. Every `<` in the JSON is
/// written `\u003c` (still the same JSON), so no text from the retailer's configuration can close the block.
fn with_inline_blocks(html: &[u8], blocks: &[(&str, &[u8])]) -> Option<Vec<u8>> {
    const HEAD_END: &[u8] = b"</head>";
    let at = html.windows(HEAD_END.len()).position(|window| window == HEAD_END)?;
    let mut out = Vec::with_capacity(html.len() + blocks.iter().map(|(_, json)| json.len() + 64).sum::<usize>());
    out.extend_from_slice(&html[..at]);
    for (id, json) in blocks {
        let json = String::from_utf8_lossy(json).replace('<', "\\u003c");
        out.extend_from_slice(format!("<script id=\"{id}\" type=\"application/json\">").as_bytes());
        out.extend_from_slice(json.as_bytes());
        out.extend_from_slice(b"</script>");
    }
    out.extend_from_slice(&html[at..]);
    Some(out)
}

/// The configuration to inline into a page: by the page's country (`None`: the default country).
pub type InlineConfig = dyn Fn(Option<&str>) -> Option<axum::body::Bytes> + Send + Sync;
/// The browser's session to inline into a page, from its request's headers (`auth::routes::inline_session`).
pub type InlineSession = dyn Fn(&HeaderMap) -> Option<axum::body::Bytes> + Send + Sync;

/// What a page is served with.
#[derive(Clone)]
pub struct Inline {
    pub config: std::sync::Arc<InlineConfig>,
    pub session: std::sync::Arc<InlineSession>,
}

fn index_html(
    csp: &HeaderValue,
    page_files: Option<(&str, &[u8])>,
    config: Option<axum::body::Bytes>,
    session: Option<axum::body::Bytes>,
) -> Response {
    let mut blocks: Vec<(&str, &[u8])> = Vec::with_capacity(3);
    if let Some(block) = page_files {
        blocks.push(block);
    }
    if let Some(config) = &config {
        blocks.push(("orders-config", config));
    }
    if let Some(session) = &session {
        blocks.push(("orders-session", session));
    }
    let page = Dist::get("index.html").map(|file| {
        let html = file.data.into_owned();
        with_inline_blocks(&html, &blocks).unwrap_or(html)
    });
    let mut response = match page {
        Some(html) => (StatusCode::OK, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response(),
        None => (StatusCode::OK, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], NOT_BUILT).into_response(),
    };
    let headers = response.headers_mut();
    // A page that carries a browser's session is that browser's alone: kept by nobody.
    let cache_control = if session.is_some() { "no-store" } else { "no-cache" };
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control));
    headers.insert(header::CONTENT_SECURITY_POLICY, csp.clone());
    response
}

/// The app's files and, for any other page path, index.html with `csp` (`content_security_policy`), the page's
/// own files when it is one of the first pages (`page_preloads`), and the page country's configuration and the
/// browser's session inlined (`inline`).
pub async fn serve(method: Method, uri: Uri, headers: &HeaderMap, csp: &HeaderValue, inline: &Inline) -> Response {
    let path = uri.path();
    if API_PREFIXES.iter().any(|prefix| path.starts_with(prefix)) {
        return AppError::NotFound.into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return AppError::NotFound.into_response();
    }
    let relative = path.trim_start_matches('/');
    if relative.starts_with("assets/") {
        return file_response(relative, "public, max-age=31536000, immutable", around::accepts_gzip(headers))
            .await
            .unwrap_or_else(|| AppError::NotFound.into_response());
    }
    let looks_like_file = relative.rsplit('/').next().is_some_and(|name| name.contains('.'));
    if looks_like_file
        && let Some(response) = file_response(relative, "public, max-age=3600", around::accepts_gzip(headers)).await
    {
        return response;
    }
    index_html(csp, PAGE_PRELOADS.block(path), (inline.config)(path_country(path)), (inline.session)(headers))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_country_is_its_first_two_letter_segment() {
        assert_eq!(path_country("/gb/orders/C1"), Some("gb"));
        assert_eq!(path_country("/fr/fr/orders"), Some("fr"));
        assert_eq!(path_country("/orders"), None);
        assert_eq!(path_country("/"), None);
        assert_eq!(path_country("/g1/orders"), None);
    }

    #[test]
    fn inlined_configuration_cannot_close_its_block() {
        let html = b"<html><head><title>x</title></head><body></body></html>";
        let config = br#"{"brand":{"name":"</script><script>alert(1)</script>"}}"#;
        let out =
            String::from_utf8(with_inline_blocks(html, &[("orders-config", config)]).expect("a head")).expect("utf-8");
        assert_eq!(out.matches("</script>").count(), 1, "{out}");
        assert!(out.contains(r#"{"brand":{"name":"\u003c/script>\u003cscript>alert(1)\u003c/script>"}}"#), "{out}");
        let json = out.split("application/json\">").nth(1).and_then(|rest| rest.split("</script>").next());
        let value: serde_json::Value = serde_json::from_str(json.expect("the block")).expect("still JSON");
        assert_eq!(value["brand"]["name"], "</script><script>alert(1)</script>");
        assert!(
            with_inline_blocks(b"<html><body></body></html>", &[("orders-config", config)]).is_none(),
            "no head, nothing inlined"
        );
    }
}
