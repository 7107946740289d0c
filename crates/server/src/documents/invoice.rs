//! The China e-invoice (fapiao) PDF: A4, in Chinese.
//!
//! Chinese text uses the PDF standard CJK font `STSong-Light` with the predefined CMap `UniGB-UCS2-H`
//! (Adobe-GB1): every conforming reader (Acrobat, pdf.js, Poppler with poppler-data, macOS Preview) has it,
//! so no font file is shipped or embedded and the invoice stays a few kilobytes. Text is written as UTF-16BE
//! code units (UCS-2; characters outside the Basic Multilingual Plane print as a full-width question mark).
//! Amounts, numbers and every Latin run inside Chinese text (product names, order numbers) use Helvetica,
//! whose widths every reader has, so they are spaced as written. Why the CJK font is not embedded (a CJK
//! font file is megabytes, and the standard font is what fapiao viewers expect): ADR 0024, walk minor 9.

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo};
use pdf_writer::{Content, Name, Pdf, Rect, Ref, Str};

use super::DocumentError;
use super::pdf::{self, PageRefs, one_page, show};

pub const PAGE_WIDTH: f32 = 595.0;
pub const PAGE_HEIGHT: f32 = 842.0;
/// Lines that fit the one page; further lines are summed in a last "other items" row.
pub const MAX_LINES: usize = 24;

/// One invoiced line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceLine {
    pub title: String,
    pub quantity: i64,
    /// Decimal text in the invoice currency, e.g. "899.00".
    pub unit_price: String,
    pub amount: String,
    pub tax: String,
}

/// Everything an e-invoice shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    pub invoice_number: String,
    /// YYYY-MM-DD in China time.
    pub issue_date: String,
    pub order_number: String,
    /// 个人 (personal) or 单位 (company), already in Chinese.
    pub title_type: String,
    pub title: String,
    pub taxpayer_id: Option<String>,
    pub seller: String,
    pub currency: String,
    pub lines: Vec<InvoiceLine>,
    pub total: String,
    pub total_tax: String,
}

/// Renders the invoice as PDF bytes.
pub fn render_invoice(invoice: &Invoice) -> Result<Vec<u8>, DocumentError> {
    let catalog_id = Ref::new(1);
    let tree_id = Ref::new(2);
    let page_id = Ref::new(3);
    let cjk_id = Ref::new(4);
    let cid_id = Ref::new(5);
    let descriptor_id = Ref::new(6);
    let latin_id = Ref::new(7);
    let content_id = Ref::new(8);

    let mut pdf = Pdf::new();
    let refs = PageRefs { catalog: catalog_id, tree: tree_id, page: page_id, content: content_id };
    one_page(&mut pdf, &refs, PAGE_WIDTH, PAGE_HEIGHT, |mut resources| {
        resources.fonts().pair(Name(b"C1"), cjk_id).pair(Name(b"F1"), latin_id);
    });
    pdf.type0_font(cjk_id)
        .base_font(Name(b"STSong-Light"))
        .encoding_predefined(Name(b"UniGB-UCS2-H"))
        .descendant_font(cid_id);
    {
        let mut cid_font = pdf.cid_font(cid_id);
        cid_font
            .subtype(CidFontType::Type0)
            .base_font(Name(b"STSong-Light"))
            .system_info(SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"GB1"), supplement: 2 })
            .font_descriptor(descriptor_id)
            .default_width(1000.0);
        // Adobe-GB1 CIDs 1-95 are the proportional Latin glyphs UniGB-UCS2-H maps ASCII to: half width, so
        // Latin product names and numbers are not spaced like ideographs.
        cid_font.widths().consecutive(1, std::iter::repeat_n(500.0, 95));
    }
    pdf.font_descriptor(descriptor_id)
        .name(Name(b"STSong-Light"))
        .flags(FontFlags::SYMBOLIC)
        .bbox(Rect::new(-25.0, -254.0, 1000.0, 880.0))
        .italic_angle(0.0)
        .ascent(880.0)
        .descent(-120.0)
        .cap_height(880.0)
        .stem_v(93.0);
    pdf.type1_font(latin_id).base_font(Name(b"Helvetica")).encoding_predefined(Name(b"WinAnsiEncoding"));

    let mut content = Content::new();
    let margin = 48.0;
    let mut y = PAGE_HEIGHT - margin - 10.0;
    cjk(&mut content, 20.0, 200.0, y, "电子发票（普通发票）");
    y -= 34.0;
    let header = [
        ("发票号码", invoice.invoice_number.as_str()),
        ("开票日期", invoice.issue_date.as_str()),
        ("订单号", invoice.order_number.as_str()),
        ("抬头类型", invoice.title_type.as_str()),
        ("发票抬头", invoice.title.as_str()),
    ];
    for (label, value) in header {
        cjk(&mut content, 10.0, margin, y, &format!("{label}：{value}"));
        y -= 16.0;
    }
    if let Some(taxpayer_id) = &invoice.taxpayer_id {
        cjk(&mut content, 10.0, margin, y, &format!("纳税人识别号：{taxpayer_id}"));
        y -= 16.0;
    }
    cjk(&mut content, 10.0, margin, y, &format!("销售方：{}", invoice.seller));
    y -= 22.0;
    rule(&mut content, y + 12.0);

    let columns = [margin, 300.0, 350.0, 430.0, 510.0];
    for (x, heading) in columns.iter().zip(["商品名称", "数量", "单价", "金额", "税额"]) {
        cjk(&mut content, 10.0, *x, y, heading);
    }
    y -= 18.0;
    let shown = invoice.lines.len().min(MAX_LINES);
    for line in &invoice.lines[..shown] {
        // The name column runs to the quantity column, less a gap.
        cjk(&mut content, 9.0, columns[0], y, &fit(&line.title, (columns[1] - columns[0] - 8.0) / 9.0));
        latin(&mut content, 9.0, columns[1], y, &line.quantity.to_string());
        latin(&mut content, 9.0, columns[2], y, &line.unit_price);
        latin(&mut content, 9.0, columns[3], y, &line.amount);
        latin(&mut content, 9.0, columns[4], y, &line.tax);
        y -= 15.0;
    }
    if invoice.lines.len() > shown {
        cjk(&mut content, 9.0, columns[0], y, &format!("其他商品 {} 项", invoice.lines.len() - shown));
        y -= 15.0;
    }
    rule(&mut content, y + 8.0);
    y -= 12.0;
    cjk(&mut content, 11.0, margin, y, &format!("价税合计（{}）：", invoice.currency));
    latin(&mut content, 11.0, 180.0, y, &invoice.total);
    y -= 16.0;
    cjk(&mut content, 10.0, margin, y, "其中税额：");
    latin(&mut content, 10.0, 180.0, y, &invoice.total_tax);
    cjk(&mut content, 8.0, margin, margin, "本发票由系统自动开具，与纸质发票具有同等效力。");

    let content = content.finish();
    pdf.stream(content_id, &content);
    Ok(pdf.finish())
}

/// Chinese text with any Latin runs in it (product names, order numbers, "CNY"): each run in its own font
/// inside one text object, so the reader places each run after the one before by that font's own widths.
/// Latin in the CJK font would be spaced by widths this file can only guess for a font it does not embed
/// ("Wi ndrunner" in Poppler: walk minor 9); Helvetica's are every reader's own.
fn cjk(content: &mut Content, size: f32, x: f32, y: f32, text: &str) {
    content.begin_text();
    content.next_line(x, y);
    for (latin, run) in runs(text) {
        if latin {
            content.set_font(Name(b"F1"), size);
            content.show(Str(&super::label::win_ansi(&run)));
        } else {
            content.set_font(Name(b"C1"), size);
            content.show(Str(&ucs2_be(&run)));
        }
    }
    content.end_text();
}

/// A character Helvetica (WinAnsiEncoding) prints: ASCII and Latin-1, not the full-width forms.
fn is_latin(c: char) -> bool {
    (' '..='~').contains(&c) || ('\u{a0}'..='\u{ff}').contains(&c)
}

/// The text cut into runs of Latin and of other (CJK) characters, in order.
fn runs(text: &str) -> Vec<(bool, String)> {
    let mut runs: Vec<(bool, String)> = Vec::new();
    for c in text.chars() {
        match runs.last_mut() {
            Some((latin, run)) if *latin == is_latin(c) => run.push(c),
            _ => runs.push((is_latin(c), c.to_string())),
        }
    }
    runs
}

fn latin(content: &mut Content, size: f32, x: f32, y: f32, text: &str) {
    show(content, b"F1", size, x, y, &super::label::win_ansi(text));
}

fn rule(content: &mut Content, y: f32) {
    pdf::rule(content, 0.6, 48.0, PAGE_WIDTH, y);
}

/// UCS-2 big-endian; characters beyond the BMP become a full-width question mark.
pub fn ucs2_be(text: &str) -> Vec<u8> {
    text.chars()
        .flat_map(|c| {
            let unit = u16::try_from(u32::from(c)).unwrap_or(0xFF1F);
            unit.to_be_bytes()
        })
        .collect()
}

/// The text cut with an ellipsis to at most `ems` em widths: an ideograph is one em, a Latin character at
/// most 0.6 (Helvetica's widest common letters, so a name that fits is never cut: walk minor 9 found
/// "Everyday Cushioned So…" cut at 22 characters in a column that holds 40).
fn fit(text: &str, ems: f32) -> String {
    let width = |c: char| if is_latin(c) { 0.6 } else { 1.0 };
    if text.chars().map(width).sum::<f32>() <= ems {
        return text.to_owned();
    }
    let mut used = width('…');
    let mut cut = String::new();
    for c in text.chars() {
        used += width(c);
        if used > ems {
            break;
        }
        cut.push(c);
    }
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invoice(lines: usize) -> Invoice {
        Invoice {
            invoice_number: "24310000000000000001".into(),
            issue_date: "2026-11-23".into(),
            order_number: "C00000000009".into(),
            title_type: "单位".into(),
            title: "上海示例贸易有限公司".into(),
            taxpayer_id: Some("91310000MA1FL4XQ3K".into()),
            seller: "示例零售（上海）有限公司".into(),
            currency: "CNY".into(),
            lines: (0..lines)
                .map(|n| InvoiceLine {
                    title: format!("跑步鞋 {n}"),
                    quantity: 1,
                    unit_price: "899.00".into(),
                    amount: "899.00".into(),
                    tax: "103.42".into(),
                })
                .collect(),
            total: "899.00".into(),
            total_tax: "103.42".into(),
        }
    }

    /// The byte strings the page shows (operands of Tj), as the PDF reader decodes them.
    fn shown(bytes: &[u8]) -> Vec<Vec<u8>> {
        let document = lopdf::Document::load_mem(bytes).expect("parses");
        let page = *document.get_pages().values().next().expect("one page");
        let content = document.get_and_decode_page_content(page).expect("content");
        content
            .operations
            .iter()
            .filter(|op| op.operator == "Tj")
            .filter_map(|op| match op.operands.first() {
                Some(lopdf::Object::String(text, _)) => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_invoice_is_a_pdf_with_the_chinese_text_in_ucs2() {
        let bytes = render_invoice(&invoice(2)).expect("render");
        let haystack = String::from_utf8_lossy(&bytes);
        assert!(haystack.contains("/UniGB-UCS2-H") && haystack.contains("/STSong-Light"));
        assert!(shown(&bytes).contains(&ucs2_be("发票抬头：上海示例贸易有限公司")), "the title is shown");
    }

    #[test]
    fn many_lines_fit_one_page_with_a_summary_row() {
        let bytes = render_invoice(&invoice(40)).expect("render");
        let shown = shown(&bytes);
        let at = shown.iter().position(|text| *text == ucs2_be("其他商品")).expect("the summary row");
        assert_eq!(shown[at + 1..at + 3], [b" 16 ".to_vec(), ucs2_be("项")], "16 more, the number in Helvetica");
    }

    #[test]
    fn latin_names_are_written_in_helvetica_and_cut_only_when_they_do_not_fit() {
        let mut invoice = invoice(2);
        invoice.lines[0].title = "Everyday Cushioned Socks (3 Pairs)".into();
        invoice.lines[1].title = format!("跑步鞋 Windrunner {}", "长".repeat(40));
        let shown = shown(&render_invoice(&invoice).expect("render"));
        assert!(shown.contains(&b"Everyday Cushioned Socks (3 Pairs)".to_vec()), "whole, in the Latin font");
        assert!(shown.contains(&ucs2_be("跑步鞋")) && shown.contains(&b" Windrunner ".to_vec()), "runs by script");
        assert!(shown.iter().any(|text| text.ends_with(&ucs2_be("长…"))), "a name too long for its column is cut");
        assert_eq!(runs("订单号：C00000000009"), [(false, "订单号：".into()), (true, "C00000000009".into())]);
    }

    #[test]
    fn characters_beyond_the_bmp_become_a_question_mark() {
        assert_eq!(ucs2_be("a😀"), vec![0x00, 0x61, 0xFF, 0x1F]);
    }
}
