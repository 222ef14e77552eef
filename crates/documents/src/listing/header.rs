//! The first page's header (company, title, barcode, details, counterpart) and the next pages'.

use super::*;

/// Company (name, address, identifiers), title, key barcode, date, details and counterpart.
/// Returns where the table starts.
pub(super) fn first_page_header(canvas: &mut Canvas, doc: &ListingDocument, key: &Code128) -> f32 {
    let right = PAGE_W - MARGIN;
    let top = MARGIN;

    // Key barcode at the top right; its quiet zone is kept free of the text on its left.
    let module = key.module_for(70.0, 0.33);
    let bars_w = key.width(module);
    let bars_x = right - bars_w;
    key.draw(canvas, bars_x, top, module, 11.0);
    let key_text = fit_line(&doc.key, Font::Mono, 10.0, bars_w);
    canvas.text_center(
        bars_x + bars_w / 2.0,
        top + 15.0,
        Font::Mono,
        10.0,
        &key_text,
    );

    let title_w = bars_x - QUIET_ZONE as f32 * module - MARGIN - 2.0;
    let mut budget = COMPANY_BLOCK_LINES;
    let (size, company) = wrap_shrinking(
        &doc.company_name,
        Font::Bold,
        &[16.0, 13.0, 11.0],
        title_w,
        2,
        &mut budget,
    );
    let mut y = top + 0.75 * size * MM_PER_PT;
    for (i, line) in company.iter().enumerate() {
        if i > 0 {
            y += line_height(size);
        }
        canvas.text(MARGIN, y, Font::Bold, size, line);
    }
    canvas.fill_grey(0.25);
    for text in &doc.company_lines {
        for line in wrap_within(text, Font::Regular, 8.0, title_w, &mut budget) {
            y += line_height(8.0);
            canvas.text(MARGIN, y, Font::Regular, 8.0, &line);
        }
    }
    canvas.fill_grey(0.0);
    let mut title_budget = 2;
    let (size, title) = wrap_shrinking(
        &doc.title,
        Font::Bold,
        &[18.0, 14.0, 12.0],
        title_w,
        2,
        &mut title_budget,
    );
    y += 2.0;
    for line in title {
        y += line_height(size);
        canvas.text(MARGIN, y, Font::Bold, size, &line);
    }

    // Counterpart on the left, date and details on the right.
    let block_top = y.max(top + 17.0) + 4.0;
    let box_w = CONTENT_W * 0.55;
    let mut y = block_top + 1.5 + line_height(8.0);
    canvas.fill_grey(0.35);
    canvas.text(
        MARGIN + 2.0,
        y,
        Font::Bold,
        8.0,
        &fit_line(&doc.counterpart.label, Font::Bold, 8.0, box_w - 4.0),
    );
    canvas.fill_grey(0.0);
    let mut budget = COUNTERPART_BLOCK_LINES;
    for (i, text) in doc.counterpart.lines.iter().enumerate() {
        let font = if i == 0 { Font::Bold } else { Font::Regular };
        for line in wrap_within(text, font, 10.0, box_w - 4.0, &mut budget) {
            y += line_height(10.0);
            canvas.text(MARGIN + 2.0, y, font, 10.0, &line);
        }
    }
    let box_h = y + 2.0 - block_top;
    canvas.stroke(0.0, 0.3);
    canvas.stroke_rect(MARGIN, block_top, box_w, box_h);

    let info_x = MARGIN + box_w + 6.0;
    let info_w = right - info_x;
    let mut info_y = block_top + line_height(10.0);
    let date = std::iter::once((words(doc.language).date, doc.date.as_str()));
    let details = doc
        .details
        .iter()
        .map(|d| (d.label.as_str(), d.value.as_str()));
    for (label, value) in date.chain(details) {
        let label = fit_line(&format!("{label} :"), Font::Bold, 10.0, info_w * 0.6);
        canvas.text(info_x, info_y, Font::Bold, 10.0, &label);
        let label_w = text_width_mm(&label, Font::Bold, 10.0) + 2.0;
        let value_w = text_width_mm(value, Font::Regular, 10.0);
        if label_w + value_w <= info_w {
            canvas.text_right(right, info_y, Font::Regular, 10.0, value);
        } else {
            // Too long beside its label: below it, right-aligned, over as many lines as needed.
            let mut budget = DETAIL_VALUE_LINES;
            for line in wrap_within(value, Font::Regular, 10.0, info_w, &mut budget) {
                info_y += line_height(10.0);
                canvas.text_right(right, info_y, Font::Regular, 10.0, &line);
            }
        }
        info_y += line_height(10.0);
    }

    box_h.max(info_y - block_top) + block_top + 5.0
}

/// The reminder line on every following page: which document this page belongs to.
pub(super) fn next_page_header(canvas: &mut Canvas, doc: &ListingDocument) -> f32 {
    let right = PAGE_W - MARGIN;
    let heading = format!("{} – {}", doc.company_name, doc.title);
    canvas.text(
        MARGIN,
        MARGIN + 5.0,
        Font::Bold,
        11.0,
        &fit_line(&heading, Font::Bold, 11.0, CONTENT_W * 0.65),
    );
    let key = fit_line(&doc.key, Font::Mono, 10.0, CONTENT_W * 0.3);
    canvas.text_right(right, MARGIN + 5.0, Font::Mono, 10.0, &key);
    canvas.stroke(0.0, 0.3);
    canvas.line(MARGIN, MARGIN + 7.5, right, MARGIN + 7.5);
    MARGIN + 11.0
}
