//! The return label PDF: 4x6 in (288 x 432 pt), built-in Helvetica (WinAnsi; see `documents/mod.rs` for
//! how non-Latin text is handled), a CODE128 image of the return order number and a QR image of the
//! drop-off code.

use pdf_writer::{Content, Name, Pdf, Ref};

use super::DocumentError;
use super::pdf::{self, PageRefs, grey_image, one_page, show};

/// Page size: 4 x 6 inches in points.
pub const PAGE_WIDTH: f32 = 288.0;
pub const PAGE_HEIGHT: f32 = 432.0;

/// A postal address as printed: a name line and up to a few address lines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LabelAddress {
    pub name: String,
    pub lines: Vec<String>,
}

/// Everything a return label shows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReturnLabel {
    /// The return order number; also encoded in the CODE128 barcode.
    pub return_order_number: String,
    pub from: LabelAddress,
    pub to: LabelAddress,
    /// e.g. "Royal Mail".
    pub carrier_name: String,
    /// e.g. "Drop-off" or "Tracked Returns 48".
    pub service: String,
    /// Encoded in the QR code; printed under it.
    pub drop_off_code: String,
    /// Printed when known.
    pub tracking_number: Option<String>,
}

/// Renders the label as PDF bytes.
pub fn render_return_label(label: &ReturnLabel) -> Result<Vec<u8>, DocumentError> {
    let catalog_id = Ref::new(1);
    let tree_id = Ref::new(2);
    let page_id = Ref::new(3);
    let font_id = Ref::new(4);
    let bold_id = Ref::new(5);
    let content_id = Ref::new(6);
    let bar_id = Ref::new(7);
    let qr_id = Ref::new(8);

    // Images first, so that their sizes are known for the layout.
    let bar_modules = super::barcode::code128_modules(&label.return_order_number)?;
    let bar_row = super::barcode::render_row(&bar_modules, 1);
    let bar_px = bar_row.len();
    let (qr_side, qr_pixels) = super::qr::qr_pixels(&label.drop_off_code, 4)?;

    let mut pdf = Pdf::new();
    let refs = PageRefs { catalog: catalog_id, tree: tree_id, page: page_id, content: content_id };
    one_page(&mut pdf, &refs, PAGE_WIDTH, PAGE_HEIGHT, |mut resources| {
        resources.fonts().pair(Name(b"F1"), font_id).pair(Name(b"F2"), bold_id);
        resources.x_objects().pair(Name(b"Bar"), bar_id).pair(Name(b"Qr"), qr_id);
    });
    pdf.type1_font(font_id).base_font(Name(b"Helvetica")).encoding_predefined(Name(b"WinAnsiEncoding"));
    pdf.type1_font(bold_id).base_font(Name(b"Helvetica-Bold")).encoding_predefined(Name(b"WinAnsiEncoding"));

    grey_image(&mut pdf, bar_id, &bar_row, bar_px, 1)?;
    grey_image(&mut pdf, qr_id, &qr_pixels, qr_side, qr_side)?;

    let mut content = Content::new();
    let margin = 14.0;
    let text = |content: &mut Content, font: &[u8], size: f32, x: f32, y: f32, s: &str| {
        show(content, font, size, x, y, &win_ansi(s))
    };

    // Header: carrier and service, then the return number.
    let mut y = PAGE_HEIGHT - margin - 14.0;
    text(&mut content, b"F2", 14.0, margin, y, &label.carrier_name);
    y -= 14.0;
    text(&mut content, b"F1", 10.0, margin, y, &label.service);
    y -= 16.0;
    text(&mut content, b"F1", 9.0, margin, y, &format!("Return order {}", label.return_order_number));
    if let Some(tracking) = &label.tracking_number {
        y -= 11.0;
        text(&mut content, b"F1", 9.0, margin, y, &format!("Tracking {tracking}"));
    }
    y -= 6.0;
    rule(&mut content, y);

    // From (small) and To (large).
    y -= 12.0;
    text(&mut content, b"F2", 8.0, margin, y, "FROM");
    let sender = std::iter::once(&label.from.name).filter(|name| !name.is_empty());
    for line in sender.chain(label.from.lines.iter().take(5)) {
        y -= 10.0;
        text(&mut content, b"F1", 8.0, margin, y, line);
    }
    y -= 8.0;
    rule(&mut content, y);
    y -= 14.0;
    text(&mut content, b"F2", 10.0, margin, y, "TO");
    for (i, line) in std::iter::once(&label.to.name).chain(label.to.lines.iter().take(5)).enumerate() {
        y -= 15.0;
        text(&mut content, if i == 0 { b"F2" } else { b"F1" }, 12.0, margin, y, line);
    }

    // Barcode: fit the width, 60 pt high, at 120 pt from the bottom; the number under it.
    let bar_width = PAGE_WIDTH - 2.0 * margin;
    let bar_bottom = 128.0;
    content.save_state();
    content.transform([bar_width, 0.0, 0.0, 60.0, margin, bar_bottom]);
    content.x_object(Name(b"Bar"));
    content.restore_state();
    text(&mut content, b"F1", 10.0, margin + 30.0, bar_bottom - 12.0, &label.return_order_number);

    // QR bottom right, 90 pt; the drop-off code to its left.
    let qr_size = 90.0;
    content.save_state();
    content.transform([qr_size, 0.0, 0.0, qr_size, PAGE_WIDTH - margin - qr_size, margin]);
    content.x_object(Name(b"Qr"));
    content.restore_state();
    text(&mut content, b"F2", 8.0, margin, margin + 50.0, "DROP-OFF CODE");
    text(&mut content, b"F1", 10.0, margin, margin + 36.0, &label.drop_off_code);

    let content = content.finish();
    pdf.stream(content_id, &content);
    Ok(pdf.finish())
}

fn rule(content: &mut Content, y: f32) {
    pdf::rule(content, 0.8, 10.0, PAGE_WIDTH, y);
}

/// Encodes text for WinAnsiEncoding: Latin-1 and the cp1252 extras as they are, a few Central European
/// letters folded to their base letter, anything else as `?`.
pub fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{A0}'..='\u{FF}' => c as u32 as u8,
            '€' => 0x80,
            '‚' => 0x82,
            '„' => 0x84,
            '…' => 0x85,
            'Š' => 0x8A,
            'Œ' => 0x8C,
            'Ž' => 0x8E,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '–' => 0x96,
            '—' => 0x97,
            'š' => 0x9A,
            'œ' => 0x9C,
            'ž' => 0x9E,
            'Ÿ' => 0x9F,
            _ => fold(c).map_or(b'?', |b| b as u8),
        })
        .collect()
}

fn fold(c: char) -> Option<char> {
    const PAIRS: &[(&str, char)] = &[
        ("ĀĂĄ", 'A'),
        ("āăą", 'a'),
        ("ĆĈĊČ", 'C'),
        ("ćĉċč", 'c'),
        ("ĎĐ", 'D'),
        ("ďđ", 'd'),
        ("ĒĔĖĘĚ", 'E'),
        ("ēĕėęě", 'e'),
        ("ĞĠĢ", 'G'),
        ("ğġģ", 'g'),
        ("ĪĮİ", 'I'),
        ("īįı", 'i'),
        ("ĹĻĽŁ", 'L'),
        ("ĺļľł", 'l'),
        ("ŃŅŇ", 'N'),
        ("ńņň", 'n'),
        ("ŌŐ", 'O'),
        ("ōő", 'o'),
        ("ŔŘ", 'R'),
        ("ŕř", 'r'),
        ("ŚŞ", 'S'),
        ("śş", 's'),
        ("ŢŤ", 'T'),
        ("ţť", 't'),
        ("ŪŮŰŲ", 'U'),
        ("ūůűų", 'u'),
        ("ŹŻ", 'Z'),
        ("źż", 'z'),
    ];
    PAIRS.iter().find(|(set, _)| set.contains(c)).map(|(_, base)| *base)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> ReturnLabel {
        ReturnLabel {
            return_order_number: "R1234567890".into(),
            from: LabelAddress {
                name: "Zoë Łukasiewicz".into(),
                lines: vec!["12 Rue de la Paix".into(), "75002 Paris".into(), "FR".into()],
            },
            to: LabelAddress { name: "Returns Centre".into(), lines: vec!["Laakdal".into(), "BE".into()] },
            carrier_name: "La Poste".into(),
            service: "Drop-off".into(),
            drop_off_code: "LP-7K3M-9QXR".into(),
            tracking_number: Some("6A12345678901".into()),
        }
    }

    #[test]
    fn the_label_parses_as_a_pdf_with_the_return_number_and_two_images() {
        let bytes = render_return_label(&sample()).unwrap();
        let doc = lopdf::Document::load_mem(&bytes).unwrap();
        let pages = doc.get_pages();
        assert_eq!(pages.len(), 1);
        let page_id = *pages.values().next().unwrap();
        let content = doc.get_page_content(page_id).unwrap();
        let content = String::from_utf8_lossy(&content);
        assert!(content.contains("(R1234567890)"), "the number is printed");
        assert!(content.contains("(La Poste)"));
        let images: Vec<_> = doc
            .objects
            .values()
            .filter_map(|o| o.as_stream().ok())
            .filter(|s| s.dict.get(b"Subtype").and_then(|n| n.as_name()).ok() == Some(b"Image".as_slice()))
            .collect();
        assert_eq!(images.len(), 2, "barcode and QR images");
    }

    #[test]
    fn the_qr_image_in_the_label_decodes_to_the_drop_off_code() {
        let bytes = render_return_label(&sample()).unwrap();
        let doc = lopdf::Document::load_mem(&bytes).unwrap();
        let qr = doc
            .objects
            .values()
            .filter_map(|o| o.as_stream().ok())
            .find(|s| s.dict.get(b"Height").and_then(|h| h.as_i64()).ok().is_some_and(|h| h > 1))
            .unwrap();
        let side = qr.dict.get(b"Width").unwrap().as_i64().unwrap() as usize;
        let pixels = qr.decompressed_content().unwrap();
        let mut img = rqrr::PreparedImage::prepare_from_greyscale(side, side, |x, y| pixels[y * side + x]);
        let grids = img.detect_grids();
        assert_eq!(grids[0].decode().unwrap().1, "LP-7K3M-9QXR");
    }

    #[test]
    fn text_outside_win_ansi_prints_as_question_marks_and_accents_fold() {
        assert_eq!(win_ansi("Zoë"), b"Zo\xEB".to_vec());
        assert_eq!(win_ansi("Łódź"), b"L\xF3dz".to_vec());
        assert_eq!(win_ansi("東京"), b"??".to_vec());
        assert_eq!(win_ansi("€5"), b"\x805".to_vec());
    }

    #[test]
    fn a_return_number_that_cannot_be_a_barcode_is_an_error() {
        let label = ReturnLabel { return_order_number: "東京".into(), ..sample() };
        assert!(render_return_label(&label).is_err());
    }
}
