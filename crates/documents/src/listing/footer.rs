//! Every page's footer: the company's legal identifiers, the reference, the page number.

use super::*;

/// The legal mention wrapped for the footer.
pub(super) fn legal_lines(doc: &ListingDocument) -> Vec<String> {
    let mut budget = MAX_FOOTER_LINES;
    match doc.legal_mention.trim() {
        "" => Vec::new(),
        text => wrap_within(text, Font::Regular, LEGAL_SIZE, CONTENT_W, &mut budget),
    }
}

/// Where rows and closing blocks stop: above the footer's rule.
pub(super) fn body_bottom(legal: &[String]) -> f32 {
    footer_rule(legal) - 2.0
}

pub(super) fn footer_rule(legal: &[String]) -> f32 {
    FOOTER_BASELINE - line_height(FOOTER_SIZE) - legal.len() as f32 * line_height(LEGAL_SIZE) - 1.5
}

/// Every page: the company's legal identifiers, then what the document is, its date and
/// "Page n / N". Never an internal key: the reference is what people know the document by.
pub(super) fn footer(
    canvas: &mut Canvas,
    doc: &ListingDocument,
    legal: &[String],
    page: usize,
    total: usize,
) {
    let rule = footer_rule(legal);
    canvas.stroke(0.75, 0.2);
    canvas.line(MARGIN, rule, PAGE_W - MARGIN, rule);
    canvas.fill_grey(0.3);
    let mut y = rule + 1.0;
    for line in legal {
        y += line_height(LEGAL_SIZE);
        canvas.text_center(PAGE_W / 2.0, y, Font::Regular, LEGAL_SIZE, line);
    }
    let y = FOOTER_BASELINE;
    let page_text = format!("{} {page} / {total}", words(doc.language).page);
    let page_w = text_width_mm(&page_text, Font::Regular, FOOTER_SIZE);
    canvas.text_right(PAGE_W - MARGIN, y, Font::Regular, FOOTER_SIZE, &page_text);
    let reference = match doc.reference.trim() {
        "" => doc.title.as_str(),
        reference => reference,
    };
    let reference = fit_line(reference, Font::Regular, FOOTER_SIZE, 95.0);
    canvas.text(MARGIN, y, Font::Regular, FOOTER_SIZE, &reference);
    let date_w = PAGE_W - 2.0 * MARGIN - 95.0 - page_w - 6.0;
    let date = fit_line(&doc.date, Font::Regular, FOOTER_SIZE, date_w.max(10.0));
    canvas.text_right(
        PAGE_W - MARGIN - page_w - 6.0,
        y,
        Font::Regular,
        FOOTER_SIZE,
        &date,
    );
    canvas.fill_grey(0.0);
}
