//! The built React app, embedded in the binary. Hashed assets are cached for a year; every other
//! GET that is not an API path answers index.html so that the app's router takes over.

use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

use crate::error::AppError;

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

fn file_response(path: &str, cache_control: &'static str) -> Option<Response> {
    let file = Dist::get(path)?;
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let mut response = (StatusCode::OK, file.data.into_owned()).into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control));
    Some(response)
}

fn index_html(csp: &HeaderValue) -> Response {
    let mut response = file_response("index.html", "no-cache").unwrap_or_else(|| {
        (StatusCode::OK, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], NOT_BUILT).into_response()
    });
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::CONTENT_SECURITY_POLICY, csp.clone());
    response
}

/// The app's files and, for any other page path, index.html with `csp` (`content_security_policy`).
pub async fn serve(method: Method, uri: Uri, csp: &HeaderValue) -> Response {
    let path = uri.path();
    if API_PREFIXES.iter().any(|prefix| path.starts_with(prefix)) {
        return AppError::NotFound.into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return AppError::NotFound.into_response();
    }
    let relative = path.trim_start_matches('/');
    if relative.starts_with("assets/") {
        return file_response(relative, "public, max-age=31536000, immutable")
            .unwrap_or_else(|| AppError::NotFound.into_response());
    }
    let looks_like_file = relative.rsplit('/').next().is_some_and(|name| name.contains('.'));
    if looks_like_file && let Some(response) = file_response(relative, "public, max-age=3600") {
        return response;
    }
    index_html(csp)
}
