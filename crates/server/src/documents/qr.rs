//! QR codes as a module grid, PNG bytes or SVG text. See the module summary in `documents/mod.rs`.

use qrcode::{Color, EcLevel, QrCode};

use super::DocumentError;

/// Quiet zone around the symbol, in modules (the QR standard asks for 4).
pub const QUIET_ZONE: usize = 4;

/// The symbol's modules, row by row, without quiet zone: `(width, dark?)`. Error correction level M.
pub fn qr_modules(data: &str) -> Result<(usize, Vec<bool>), DocumentError> {
    let code = QrCode::with_error_correction_level(data.as_bytes(), EcLevel::M)
        .map_err(|e| DocumentError::Qr(e.to_string()))?;
    let width = code.width();
    let modules = code.to_colors().into_iter().map(|c| c == Color::Dark).collect();
    Ok((width, modules))
}

/// Greyscale pixels with the quiet zone, `scale` pixels per module: `(side, pixels)`.
pub fn qr_pixels(data: &str, scale: usize) -> Result<(usize, Vec<u8>), DocumentError> {
    let scale = scale.max(1);
    let (width, modules) = qr_modules(data)?;
    let side_modules = width + 2 * QUIET_ZONE;
    let side = side_modules * scale;
    let mut pixels = vec![255u8; side * side];
    for y in 0..side {
        let my = y / scale;
        for x in 0..side {
            let mx = x / scale;
            if (QUIET_ZONE..QUIET_ZONE + width).contains(&mx)
                && (QUIET_ZONE..QUIET_ZONE + width).contains(&my)
                && modules[(my - QUIET_ZONE) * width + (mx - QUIET_ZONE)]
            {
                pixels[y * side + x] = 0;
            }
        }
    }
    Ok((side, pixels))
}

/// A QR code as PNG bytes, `scale` pixels per module (at least 1).
pub fn qr_png(data: &str, scale: usize) -> Result<Vec<u8>, DocumentError> {
    let (side, pixels) = qr_pixels(data, scale)?;
    let side = u32::try_from(side).map_err(|e| DocumentError::Image(e.to_string()))?;
    super::grey_png(side, side, &pixels)
}

/// A QR code as an SVG document (one path, 1 unit per module, quiet zone included).
pub fn qr_svg(data: &str) -> Result<String, DocumentError> {
    let (width, modules) = qr_modules(data)?;
    let side = width + 2 * QUIET_ZONE;
    let mut path = String::new();
    for (i, dark) in modules.iter().enumerate() {
        if *dark {
            let (x, y) = (i % width + QUIET_ZONE, i / width + QUIET_ZONE);
            path.push_str(&format!("M{x} {y}h1v1h-1z"));
        }
    }
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" shape-rendering=\"crispEdges\">\
         <rect width=\"{side}\" height=\"{side}\" fill=\"#fff\"/><path fill=\"#000\" d=\"{path}\"/></svg>"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_png(bytes: &[u8]) -> String {
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        let (w, h) = (info.width as usize, info.height as usize);
        let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, h, |x, y| buf[y * w + x]);
        let grids = img.detect_grids();
        assert_eq!(grids.len(), 1, "one QR code in the image");
        grids[0].decode().unwrap().1
    }

    #[test]
    fn a_qr_png_decodes_back_to_its_text() {
        for text in ["DO-7K3M-9QXR-2B", "R123456789", "https://example.com/r/ÄÖü?x=1"] {
            let png = qr_png(text, 4).unwrap();
            assert_eq!(decode_png(&png), text);
        }
    }

    #[test]
    fn the_paperless_code_decodes_to_the_drop_off_code() {
        let png = super::super::paperless_code("PL-ABCD-1234").unwrap();
        assert_eq!(decode_png(&png), "PL-ABCD-1234");
    }

    #[test]
    fn the_svg_has_a_square_view_box_with_the_quiet_zone() {
        let (width, _) = qr_modules("hello").unwrap();
        let svg = qr_svg("hello").unwrap();
        let side = width + 8;
        assert!(svg.contains(&format!("viewBox=\"0 0 {side} {side}\"")));
        assert!(svg.starts_with("<svg"));
    }

    #[test]
    fn too_much_data_is_an_error_not_a_panic() {
        let huge = "x".repeat(5000);
        assert!(matches!(qr_png(&huge, 1), Err(DocumentError::Qr(_))));
    }
}
