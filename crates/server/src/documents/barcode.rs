//! CODE128 barcodes (spec 000 §9: height 100, bar width 1.5 when the text is longer than 13 characters,
//! otherwise 2). See the module summary in `documents/mod.rs`.

use barcoders::sym::code128::Code128;

use super::DocumentError;

/// Quiet zone on each side, in modules (CODE128 asks for at least 10).
pub const QUIET_ZONE: usize = 10;

/// Nominal rendering sizes, in CSS pixels (the web app's JsBarcode units).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Code128Spec {
    pub height: f32,
    pub bar_width: f32,
}

impl Code128Spec {
    /// The spec's rule: height 100; bar width 1.5 if the text is longer than 13 characters, else 2.
    pub fn for_text(text: &str) -> Self {
        let bar_width = if text.chars().count() > 13 { 1.5 } else { 2.0 };
        Self { height: 100.0, bar_width }
    }
}

/// The bars as modules (true = bar), without quiet zone. Code set B (printable ASCII).
pub fn code128_modules(text: &str) -> Result<Vec<bool>, DocumentError> {
    if text.is_empty() || !text.chars().all(|c| (' '..='~').contains(&c)) {
        return Err(DocumentError::Barcode("only printable ASCII, at least one character".into()));
    }
    let code = Code128::new(format!("\u{0181}{text}")).map_err(|e| DocumentError::Barcode(e.to_string()))?;
    Ok(code.encode().into_iter().map(|m| m == 1).collect())
}

/// A CODE128 PNG at twice the nominal density (so 1.5 is whole pixels): `bar_width * 2` px per module,
/// `height * 2` px high, quiet zone included.
pub fn code128_png(text: &str) -> Result<Vec<u8>, DocumentError> {
    let spec = Code128Spec::for_text(text);
    let modules = code128_modules(text)?;
    let per_module = (spec.bar_width * 2.0).round() as usize;
    let height = (spec.height * 2.0).round() as usize;
    let row = render_row(&modules, per_module);
    let width = row.len();
    let pixels: Vec<u8> = row.iter().copied().cycle().take(width * height).collect();
    let to_u32 = |n: usize| u32::try_from(n).map_err(|e| DocumentError::Image(e.to_string()));
    super::grey_png(to_u32(width)?, to_u32(height)?, &pixels)
}

/// One pixel row (0 = bar, 255 = space) with the quiet zone, `per_module` pixels per module.
pub fn render_row(modules: &[bool], per_module: usize) -> Vec<u8> {
    let mut row = vec![255u8; QUIET_ZONE * per_module];
    for &bar in modules {
        row.extend(std::iter::repeat_n(if bar { 0 } else { 255 }, per_module));
    }
    row.extend(std::iter::repeat_n(255u8, QUIET_ZONE * per_module));
    row
}

/// A CODE128 SVG at the nominal sizes (width = modules x bar width, height 100), quiet zone included.
pub fn code128_svg(text: &str) -> Result<String, DocumentError> {
    let spec = Code128Spec::for_text(text);
    let modules = code128_modules(text)?;
    let total = (modules.len() + 2 * QUIET_ZONE) as f32 * spec.bar_width;
    let mut rects = String::new();
    for (i, &bar) in modules.iter().enumerate() {
        if bar {
            let x = (i + QUIET_ZONE) as f32 * spec.bar_width;
            rects.push_str(&format!("<rect x=\"{x}\" width=\"{}\" height=\"{}\"/>", spec.bar_width, spec.height));
        }
    }
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{total}\" height=\"{h}\" viewBox=\"0 0 {total} {h}\" \
         shape-rendering=\"crispEdges\"><rect width=\"{total}\" height=\"{h}\" fill=\"#fff\"/><g fill=\"#000\">{rects}</g></svg>",
        h = spec.height
    ))
}

/// The CODE128 SVG as a `data:` URI, for an `<img>` in the web app: the product draws barcodes only here,
/// the page shows the server's image (one barcode implementation). `None` for text CODE128 cannot hold.
pub fn code128_data_uri(text: &str) -> Option<String> {
    use base64::Engine;
    let svg = code128_svg(text).ok()?;
    Some(format!("data:image/svg+xml;base64,{}", base64::engine::general_purpose::STANDARD.encode(svg)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bar_width_is_2_up_to_13_characters_and_1_5_beyond() {
        let cases = [("R1", 2.0), ("1234567890123", 2.0), ("12345678901234", 1.5), ("C00000000000000001", 1.5)];
        for (text, width) in cases {
            let spec = Code128Spec::for_text(text);
            assert_eq!(spec.bar_width, width, "{text}");
            assert_eq!(spec.height, 100.0);
        }
    }

    #[test]
    fn modules_have_the_code128_length() {
        // start (11) + 11 per character + checksum (11) + stop (13)
        let modules = code128_modules("R123").unwrap();
        assert_eq!(modules.len(), 11 + 4 * 11 + 11 + 13);
        assert!(modules[0], "starts with a bar");
    }

    #[test]
    fn the_png_is_as_wide_as_modules_times_pixels_per_module() {
        for (text, per_module) in [("R123", 4usize), ("R12345678901234", 3)] {
            let png = code128_png(text).unwrap();
            let reader = png::Decoder::new(std::io::Cursor::new(png)).read_info().unwrap();
            let info = reader.info();
            let modules = code128_modules(text).unwrap().len() + 2 * QUIET_ZONE;
            assert_eq!(info.width as usize, modules * per_module, "{text}");
            assert_eq!(info.height, 200);
        }
    }

    #[test]
    fn the_svg_uses_the_nominal_sizes() {
        let svg = code128_svg("R12345678901234").unwrap();
        assert!(svg.contains("height=\"100\""));
        assert!(svg.contains("width=\"1.5\""));
    }

    #[test]
    fn non_ascii_or_empty_text_is_an_error() {
        assert!(code128_modules("").is_err());
        assert!(code128_modules("Ré").is_err());
    }
}
