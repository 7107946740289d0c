//! Product images for the demo catalogue, drawn as SVG so the product works with no outside network.
//! A retailer's own feed sends its own image URLs; these serve `/images/products/{styleColor}.svg` and
//! `/images/products/{kind}/{colours}/{styleColor}.svg`.
//!
//! Licence: every drawing below was drawn by this project for this project (hand-written SVG paths), so no
//! outside licence applies; they ship under the project's own licence. They carry no text at all (no SKU,
//! style code or brand mark): a product photo never has its code printed on it, and text in an image is
//! neither translated nor read by screen readers (the page gives the `alt`).

use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::error::AppError;

pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/images/products/{file}", get(get_product_image))
        .route("/images/products/{kind}/{color}/{file}", get(get_drawn_product_image))
}

/// Body colours for images named only by style colour, chosen by a hash of the style colour.
const PALETTE: &[(&str, &str)] = &[
    ("#111111", "#fafafa"),
    ("#1d4ed8", "#fafafa"),
    ("#b91c1c", "#111111"),
    ("#15803d", "#fafafa"),
    ("#ea580c", "#3f3f46"),
    ("#6d28d9", "#fafafa"),
    ("#0e7490", "#fafafa"),
    ("#78350f", "#eadfc8"),
];

/// Fill colours by the first word of a colour name ("Black/White" -> black, "Pink Foam" -> pink).
const COLOR_WORDS: &[(&str, &str)] = &[
    ("black", "#1c1c1e"),
    ("white", "#fafafa"),
    ("grey", "#8a8f98"),
    ("dark", "#3f3f46"),
    ("navy", "#1e2a5a"),
    ("blue", "#1d4ed8"),
    ("red", "#b91c1c"),
    ("green", "#15803d"),
    ("olive", "#556b2f"),
    ("orange", "#ea580c"),
    ("pink", "#ec6aa0"),
    ("purple", "#6d28d9"),
    ("yellow", "#facc15"),
    ("sage", "#9cb39e"),
    ("sail", "#efe6d2"),
    ("cream", "#efe4cc"),
    ("gum", "#c58b4f"),
    ("volt", "#c6e20f"),
    ("khaki", "#a58c5a"),
    ("burgundy", "#7f1d1d"),
    ("coral", "#f87171"),
    ("stone", "#b5aea6"),
    ("oatmeal", "#d9caa5"),
    ("desert", "#c08457"),
    ("obsidian", "#1f2937"),
    ("rose", "#e8a1a8"),
];

/// Outlines and soles that are not coloured by the product.
const INK: &str = "#27272a";
const BACKGROUND: &str = "#f1f1f3";

/// One drawing per kind of product, side or front view, in a 320 x 240 box drawn centred on a square
/// canvas (product images are shown in square frames that crop with `object-fit: cover`). `$A` is the main colour, `$B`
/// the second colour of the colourway (sole, trim, cuffs) and `$K` the outline ink.
const RUNNING_SHOE: &str = "<g transform=\"translate(0 -18)\"><path fill=\"$K\" d=\"M56 184h196c18 0 30-4 34-12v10c-6 10-20 14-36 14H72c-12 0-18-4-18-8z\"/>\
<path fill=\"$B\" d=\"M44 162c0-10 6-14 14-12l218 8c14 1 18 12 10 20-8 6-22 8-40 8H68c-16 0-24-10-24-24z\"/>\
<path fill=\"$A\" d=\"M50 152c-4-30 8-58 30-64 14-4 26 4 34 12 18 14 38 18 60 20 34 2 68 10 90 22 14 8 18 16 14 22L54 158z\"/>\
<path fill=\"none\" stroke=\"$B\" stroke-width=\"7\" d=\"M92 146c46 2 98-6 148-22\"/>\
<path fill=\"none\" d=\"M118 104l10-8M134 112l10-9M150 117l10-9M166 120l9-9\"/>\
<path fill=\"$B\" d=\"M52 110c4-14 12-22 22-24l4 22c-10 2-18 6-26 2z\"/></g>";

const SNEAKER: &str = "<g transform=\"translate(0 -26)\"><path fill=\"$B\" d=\"M44 160h238c6 0 8 6 6 12l-2 6c-1 4-5 6-10 6H52c-5 0-8-3-8-6z\"/>\
<path fill=\"none\" stroke-dasharray=\"4 4\" d=\"M52 171h228\"/>\
<path fill=\"$A\" d=\"M50 160c-2-26 4-46 22-50 14-3 28 3 40 10 22 12 52 12 82 13 36 2 66 10 80 24 4 4 4 3 4 3z\"/>\
<path fill=\"none\" d=\"M204 126c-6 12-4 24 4 34\"/>\
<path fill=\"none\" d=\"M112 120c10 14 34 22 64 24M124 124l6-10M140 128l6-10M156 131l5-10\"/>\
<path fill=\"$B\" d=\"M54 132c2-10 8-18 18-20l6 26c-10 2-18 0-24-6z\"/></g>";

const TEE: &str = "<path fill=\"$A\" d=\"M112 46l32-10c6 12 26 12 32 0l32 10 44 38-24 28-18-12v98H110v-98l-18 12-24-28z\"/>\
<path fill=\"$B\" d=\"M144 36c6 12 26 12 32 0l6 2c-4 18-40 18-44 0z\"/>\
<path fill=\"none\" d=\"M110 100l-6-24M210 100l6-24M70 86l22 22M250 86l-22 22\"/>";

const JACKET: &str = "<path fill=\"$A\" d=\"M122 56h76l38 14c14 6 22 20 26 38l14 82-26 4-18-70-4 76H92l-4-76-18 70-26-4 14-82c4-18 12-32 26-38z\"/>\
<path fill=\"$A\" d=\"M122 58c-4-24 16-38 38-38s42 14 38 38c-12 12-64 12-76 0z\"/>\
<path fill=\"$K\" opacity=\".35\" d=\"M136 56c0-16 48-16 48 0-8 8-40 8-48 0z\"/>\
<path fill=\"$B\" d=\"M92 186h136v10H92zM44 186l26 4-2 8-26-4zM276 186l-26 4 2 8 26-4z\"/>\
<path fill=\"none\" stroke=\"$B\" stroke-width=\"4\" d=\"M160 64v122\"/>\
<path fill=\"none\" d=\"M104 140c10 14 30 16 44 14M216 140c-10 14-30 16-44 14\"/>";

const CREW: &str = "<path fill=\"$A\" d=\"M122 48h76l38 14c14 6 22 20 26 38l14 82-26 4-18-70-4 80H92l-4-80-18 70-26-4 14-82c4-18 12-32 26-38z\"/>\
<path fill=\"$B\" d=\"M132 48c4 20 52 20 56 0l-6-4c-6 14-38 14-44 0z\"/>\
<path fill=\"$B\" d=\"M92 184h136v12H92zM44 182l26 4-2 10-26-4zM276 182l-26 4 2 10 26-4z\"/>\
<path fill=\"none\" d=\"M100 62l-10 38M220 62l10 38\"/>";

const SHORTS: &str = "<path fill=\"$A\" d=\"M98 64h124l14 108-64 8-12-70-12 70-64-8z\"/>\
<path fill=\"$B\" d=\"M98 64h124l1 14H97z\"/>\
<path fill=\"none\" stroke=\"$B\" stroke-width=\"5\" d=\"M100 82l-12 88M220 82l12 88\"/>\
<path fill=\"none\" d=\"M154 80l6 10 6-10\"/>";

const PANTS: &str = "<path fill=\"$A\" d=\"M116 26h88l12 186-38 2-16-140h-4l-16 140-38-2z\"/>\
<path fill=\"$B\" d=\"M116 26h88l1 16h-90z\"/>\
<path fill=\"none\" d=\"M160 42v30M126 120l-4 88M194 120l4 88\"/>";

const SOCKS: &str = "<g transform=\"translate(-34 6)\" opacity=\".85\"><path fill=\"$A\" d=\"M140 30h46v98l42 30c18 12 10 40-14 36l-64-10c-14-2-12-18-10-34z\"/>\
<path fill=\"$B\" d=\"M140 30h46v16h-46z\"/></g>\
<path fill=\"$A\" d=\"M150 30h46v98l42 30c18 12 10 40-14 36l-64-10c-14-2-12-18-10-34z\"/>\
<path fill=\"$B\" d=\"M150 30h46v16h-46zM238 158c18 12 10 40-14 36l-8-2 6-40zM150 150c-2 16-4 30 8 34l18 2 4-36z\"/>\
<path fill=\"none\" d=\"M156 52h34M156 58h34\"/>";

const BAG: &str = "<path fill=\"none\" stroke-width=\"6\" d=\"M140 44c0-26 40-26 40 0\"/>\
<path fill=\"$A\" d=\"M98 66c0-20 20-28 62-28s62 8 62 28l6 128c0 8-6 14-14 14H106c-8 0-14-6-14-14z\"/>\
<path fill=\"$B\" d=\"M116 132h88c6 0 10 4 10 10v44c0 6-4 10-10 10h-88c-6 0-10-4-10-10v-44c0-6 4-10 10-10z\"/>\
<path fill=\"none\" d=\"M108 70c20-14 84-14 104 0M118 146h84\"/>\
<path fill=\"$K\" d=\"M196 142h8v14h-8z\"/>";

const CAP: &str = "<path fill=\"$B\" d=\"M220 132c30 0 66 8 74 20 4 6-4 10-18 8l-58-10z\"/>\
<path fill=\"$A\" d=\"M84 144c0-52 36-82 82-82 46 0 74 34 76 82z\"/>\
<path fill=\"none\" d=\"M166 62c-18 20-26 50-26 82M166 62c22 18 34 48 34 82M90 132c48-6 100-6 150 0\"/>\
<circle cx=\"166\" cy=\"60\" r=\"6\" fill=\"$B\"/><circle cx=\"120\" cy=\"100\" r=\"3\" fill=\"$K\"/>";

/// The drawing for a kind as the demo catalogue names it (see `seed::catalogue::product_kind`); an
/// unknown kind gets the tee, the most generic garment.
fn drawing(kind: &str) -> &'static str {
    match kind {
        "running" => RUNNING_SHOE,
        "shoe" => SNEAKER,
        "jacket" => JACKET,
        "crew" => CREW,
        "bottom" | "shorts" => SHORTS,
        "pants" => PANTS,
        "socks" => SOCKS,
        "bag" => BAG,
        "cap" => CAP,
        _ => TEE,
    }
}

fn color_hex(word: &str) -> Option<&'static str> {
    COLOR_WORDS.iter().find(|(name, _)| *name == word).map(|(_, hex)| *hex)
}

fn svg(kind: &str, main: &str, second: &str) -> String {
    // A white-on-white colourway keeps its trim visible in light grey.
    let second = if second == main { "#a1a1aa" } else { second };
    let body = drawing(kind).replace("$A", main).replace("$B", second).replace("$K", INK);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 -40 320 320\"><rect y=\"-40\" width=\"320\" \
         height=\"320\" fill=\"{BACKGROUND}\"/><g stroke=\"{INK}\" stroke-width=\"2\" stroke-linejoin=\"round\" \
         stroke-linecap=\"round\">{body}</g></svg>"
    )
}

fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// An image for a product known only by its style colour (an ops feed that sent no image of its own): a
/// running shoe or a tee in colours chosen by a hash, so the same code always looks the same.
pub fn product_svg(style_color: &str) -> String {
    let hash = fnv1a(style_color);
    let (main, second) = PALETTE[(hash % PALETTE.len() as u64) as usize];
    svg(if hash.is_multiple_of(3) { "top" } else { "running" }, main, second)
}

/// A product drawn by kind in its colourway: `colors` is the colour words joined by `-` ("black-white"),
/// the first the main colour, the second the trim (white when there is none).
pub fn drawn_product_svg(kind: &str, colors: &str) -> String {
    let mut words = colors.split('-');
    let main = words.next().and_then(color_hex).unwrap_or("#52525b");
    let second = words.next().and_then(color_hex).unwrap_or("#fafafa");
    svg(kind, main, second)
}

fn is_slug(text: &str, max: usize) -> bool {
    (1..=max).contains(&text.len())
        && text.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_')
}

/// The drawings never change for a URL, so browsers and CDNs may keep them for a day.
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
            svg_response(drawn_product_svg(&kind, &color))
        }
        _ => AppError::NotFound.into_response(),
    }
}

async fn get_product_image(Path(file): Path<String>) -> Response {
    match file.strip_suffix(".svg") {
        Some(style_color) if is_slug(style_color, 64) => svg_response(product_svg(style_color)),
        _ => AppError::NotFound.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawings_carry_no_text_and_stay_small() {
        for kind in ["running", "shoe", "top", "jacket", "crew", "bottom", "pants", "socks", "bag", "cap"] {
            let image = drawn_product_svg(kind, "black-white");
            assert!(!image.contains("<text") && !image.contains("aria-label"), "{kind}");
            assert!(image.len() < 3_000, "{kind}: {} bytes", image.len());
        }
        assert!(!product_svg("SR4100-001").contains("SR4100"));
    }

    #[test]
    fn kinds_and_colours_choose_the_drawing() {
        assert_ne!(drawn_product_svg("running", "black-white"), drawn_product_svg("shoe", "black-white"));
        assert!(drawn_product_svg("cap", "red-black").contains("#b91c1c"));
        // A colourway of one colour still shows its trim.
        assert!(drawn_product_svg("shoe", "white-white").contains("#a1a1aa"));
    }
}
