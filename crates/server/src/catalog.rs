//! Product images for the demo catalogue, drawn as SVG so the product works with no outside network.
//! A retailer's own feed sends its own image URLs; these serve `/images/products/{styleColor}.svg`.

use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::app::AppState;
use crate::error::AppError;

pub fn router() -> Router<AppState> {
    Router::new().route("/images/products/{file}", get(get_product_image))
}

/// Background and accent colours, chosen by a hash of the style colour.
const PALETTE: &[(&str, &str)] = &[
    ("#f5f5f5", "#111111"),
    ("#e8eef7", "#1d4ed8"),
    ("#fdecec", "#b91c1c"),
    ("#eaf6ee", "#15803d"),
    ("#fff4e0", "#c2410c"),
    ("#f1ecfb", "#6d28d9"),
    ("#e9f7f8", "#0e7490"),
    ("#f7f3ea", "#78350f"),
];

const SHOE: &str = "M40 150 C60 150 80 120 110 110 L150 95 C165 90 175 100 185 112 C200 130 230 140 265 145 \
    C285 148 292 160 288 172 L285 180 L45 180 C35 180 30 165 40 150 Z";
const SHIRT: &str = "M110 50 L140 40 C150 55 170 55 180 40 L210 50 L250 85 L228 110 L210 98 L210 190 L110 190 \
    L110 98 L92 110 L70 85 Z";

fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

pub fn product_svg(style_color: &str) -> String {
    let hash = fnv1a(style_color);
    let (background, accent) = PALETTE[(hash % PALETTE.len() as u64) as usize];
    let shape = if hash.is_multiple_of(3) { SHIRT } else { SHOE };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 320 240\" role=\"img\" aria-label=\"{style_color}\">\
         <rect width=\"320\" height=\"240\" fill=\"{background}\"/>\
         <path d=\"{shape}\" fill=\"{accent}\"/>\
         <text x=\"160\" y=\"222\" font-family=\"sans-serif\" font-size=\"14\" text-anchor=\"middle\" fill=\"#333\">{style_color}</text>\
         </svg>"
    )
}

async fn get_product_image(Path(file): Path<String>) -> Response {
    let Some(style_color) = file.strip_suffix(".svg") else {
        return AppError::NotFound.into_response();
    };
    let valid = (1..=64).contains(&style_color.len())
        && style_color.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_');
    if !valid {
        return AppError::NotFound.into_response();
    }
    let mut response = product_svg(style_color).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400"));
    response
}
