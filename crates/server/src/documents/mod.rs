//! Printable documents for returns: QR codes, CODE128 barcodes and the return label PDF.
//!
//! API summary (all pure functions, no I/O):
//! - [`qr::qr_png`]`(data, scale) -> Result<Vec<u8>, DocumentError>`: a QR code as PNG bytes (8-bit grey,
//!   4-module quiet zone, `scale` pixels per module). [`qr::qr_svg`]`(data) -> Result<String, _>`: the same as SVG.
//!   [`qr::qr_modules`]`(data) -> Result<(usize, Vec<bool>), _>`: the raw module grid (true = dark).
//! - [`barcode::Code128Spec::for_text`]`(text)`: height 100, bar width 1.5 when the text is longer than 13
//!   characters, else 2 (spec 000 §9). [`barcode::code128_modules`]`(text)`, [`barcode::code128_png`]`(text)`
//!   (rendered at twice the nominal density so that a 1.5 bar width is a whole number of pixels: 3 px per module,
//!   200 px high; 4 px per module for bar width 2), [`barcode::code128_svg`]`(text)` (exact nominal sizes).
//! - [`label::render_return_label`]`(&ReturnLabel) -> Result<Vec<u8>, _>`: a 4x6 in (288 x 432 pt) PDF with
//!   the return order number, from/to addresses, carrier name, service, a CODE128 image of the return number
//!   and a QR image that decodes to the drop-off code.
//! - [`paperless_code`]`(drop_off_code) -> Result<Vec<u8>, _>`: the PNG scannable code for EMEA paperless
//!   returns (labelFormat PNG): a QR code of the drop-off code, 8 px per module.
//!
//! Non-Latin text on the label: the PDF uses the built-in Helvetica with WinAnsiEncoding (no font files are
//! shipped). Characters WinAnsi can hold (Latin-1 plus the usual punctuation) print as they are; any other
//! character (Japanese, Korean, Chinese, Cyrillic, ...) prints as `?`. The machine-readable parts (barcode and
//! QR) are ASCII and unaffected. Callers who need local scripts should send the PNG paperless code or
//! the e-mail body (UTF-8) alongside.

pub mod barcode;
pub mod invoice;
pub mod label;
mod pdf;
pub mod qr;

pub use label::{LabelAddress, ReturnLabel, render_return_label};

/// What can go wrong building a document: the input cannot be encoded.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DocumentError {
    #[error("the text cannot be encoded as a QR code: {0}")]
    Qr(String),
    #[error("the text cannot be encoded as CODE128: {0}")]
    Barcode(String),
    #[error("the image could not be written: {0}")]
    Image(String),
}

/// The PNG scannable code for EMEA paperless returns: a QR code of the drop-off code, 8 px per module.
pub fn paperless_code(drop_off_code: &str) -> Result<Vec<u8>, DocumentError> {
    qr::qr_png(drop_off_code, 8)
}

/// Writes an 8-bit greyscale PNG.
pub(crate) fn grey_png(width: u32, height: u32, pixels: &[u8]) -> Result<Vec<u8>, DocumentError> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(|e| DocumentError::Image(e.to_string()))?;
        writer.write_image_data(pixels).map_err(|e| DocumentError::Image(e.to_string()))?;
    }
    Ok(out)
}
