//! The PDF scaffolding both documents draw on (pdf_writer): one page with its resources, a line of text
//! in a named font, a horizontal rule and a grey image.

use miniz_oxide::deflate::compress_to_vec_zlib;
use pdf_writer::writers::Resources;
use pdf_writer::{Content, Filter, Name, Pdf, Rect, Ref, Str};

use super::DocumentError;

/// The objects of a one-page document that every document has.
pub(super) struct PageRefs {
    pub catalog: Ref,
    pub tree: Ref,
    pub page: Ref,
    pub content: Ref,
}

/// The catalog, the page tree and its one page of `width` x `height` points; `resources` names the fonts
/// and images the page's content uses.
pub(super) fn one_page(pdf: &mut Pdf, refs: &PageRefs, width: f32, height: f32, resources: impl FnOnce(Resources<'_>)) {
    pdf.catalog(refs.catalog).pages(refs.tree);
    pdf.pages(refs.tree).kids([refs.page]).count(1);
    let mut page = pdf.page(refs.page);
    page.media_box(Rect::new(0.0, 0.0, width, height));
    page.parent(refs.tree);
    page.contents(refs.content);
    resources(page.resources());
}

/// One line of text, already encoded for `font`, with its baseline starting at (x, y).
pub(super) fn show(content: &mut Content, font: &[u8], size: f32, x: f32, y: f32, encoded: &[u8]) {
    content.begin_text();
    content.set_font(Name(font), size);
    content.next_line(x, y);
    content.show(Str(encoded));
    content.end_text();
}

/// A horizontal rule at `y`, `margin` in from both edges of a page `page_width` wide.
pub(super) fn rule(content: &mut Content, line_width: f32, margin: f32, page_width: f32, y: f32) {
    content.set_line_width(line_width);
    content.move_to(margin, y);
    content.line_to(page_width - margin, y);
    content.stroke();
}

/// An 8-bit grey image of `width` x `height` pixels, compressed.
pub(super) fn grey_image(
    pdf: &mut Pdf,
    id: Ref,
    pixels: &[u8],
    width: usize,
    height: usize,
) -> Result<(), DocumentError> {
    let to_i32 = |n: usize| i32::try_from(n).map_err(|e| DocumentError::Image(e.to_string()));
    let data = compress_to_vec_zlib(pixels, 6);
    let mut image = pdf.image_xobject(id, &data);
    image.filter(Filter::FlateDecode);
    image.width(to_i32(width)?);
    image.height(to_i32(height)?);
    image.color_space().device_gray();
    image.bits_per_component(8);
    Ok(())
}
