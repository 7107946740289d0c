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
    Router::new()
        .route("/images/products/{file}", get(get_product_image))
        .route("/images/products/{kind}/{color}/{file}", get(get_drawn_product_image))
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

/// Fill colours by the first word of a colour name ("Black/White" -> black).
const COLOR_WORDS: &[(&str, &str)] = &[
    ("black", "#111111"),
    ("white", "#d9d9d9"),
    ("grey", "#8a8f98"),
    ("dark", "#3f3f46"),
    ("navy", "#1e2a5a"),
    ("blue", "#1d4ed8"),
    ("red", "#b91c1c"),
    ("green", "#15803d"),
    ("olive", "#556b2f"),
    ("orange", "#ea580c"),
    ("pink", "#db2777"),
    ("purple", "#6d28d9"),
    ("sage", "#7c9a7e"),
    ("sail", "#e7dcc8"),
    ("cream", "#eadfc8"),
    ("volt", "#b5d80b"),
    ("khaki", "#a58c5a"),
    ("burgundy", "#7f1d1d"),
    ("coral", "#f87171"),
    ("stone", "#a8a29e"),
    ("oatmeal", "#d6c7a1"),
    ("desert", "#c08457"),
    ("obsidian", "#1f2937"),
    ("rose", "#e8a1a8"),
];

const BOTTOM: &str = "M105 45 L215 45 L225 190 L175 190 L160 95 L145 190 L95 190 Z";
const BAG: &str = "M115 70 C115 40 205 40 205 70 L225 80 L225 190 L95 190 L95 80 Z M135 70 C135 55 185 55 185 70 Z";
const CAP: &str = "M90 140 C90 80 230 80 230 140 L275 150 C280 160 270 165 255 162 L90 150 Z";
const SOCKS: &str = "M130 40 L170 40 L170 140 L215 165 C230 175 220 195 200 190 L135 175 C125 172 130 160 130 150 Z";
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

/// A product drawn by kind (shoe, top, bottom, bag, cap, socks) in the colour of its first colour word.
pub fn drawn_product_svg(kind: &str, color_word: &str, style_color: &str) -> String {
    let shape = match kind {
        "shoe" => SHOE,
        "bottom" => BOTTOM,
        "bag" => BAG,
        "cap" => CAP,
        "socks" => SOCKS,
        _ => SHIRT,
    };
    let fill = COLOR_WORDS.iter().find(|(word, _)| *word == color_word).map_or("#52525b", |(_, hex)| hex);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 320 240\" role=\"img\" aria-label=\"{style_color}\">\
         <rect width=\"320\" height=\"240\" fill=\"#f4f4f5\"/><path d=\"{shape}\" fill=\"{fill}\" stroke=\"#27272a\" \
         stroke-width=\"2\"/><text x=\"160\" y=\"222\" font-family=\"sans-serif\" font-size=\"14\" \
         text-anchor=\"middle\" fill=\"#333\">{style_color}</text></svg>"
    )
}

fn is_slug(text: &str, max: usize) -> bool {
    (1..=max).contains(&text.len())
        && text.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_')
}

fn svg_response(svg: String) -> Response {
    let mut response = svg.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400"));
    response
}

async fn get_drawn_product_image(Path((kind, color, file)): Path<(String, String, String)>) -> Response {
    match file.strip_suffix(".svg") {
        Some(style_color) if is_slug(style_color, 64) && is_slug(&kind, 16) && is_slug(&color, 32) => {
            svg_response(drawn_product_svg(&kind, &color, style_color))
        }
        _ => AppError::NotFound.into_response(),
    }
}

async fn get_product_image(Path(file): Path<String>) -> Response {
    let Some(style_color) = file.strip_suffix(".svg") else {
        return AppError::NotFound.into_response();
    };
    if !is_slug(style_color, 64) {
        return AppError::NotFound.into_response();
    }
    let mut response = product_svg(style_color).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400"));
    response
}
