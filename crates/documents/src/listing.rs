//! The listing document: one layout for every voucher and invoice.
//!
//! A4 portrait. The first page opens with the company, the title, the document key as a barcode
//! (scanned at the hub to find the voucher), the date and the counterpart (merchant, shop or
//! delivery person). Then a table that breaks across pages, repeating its header row; then the
//! totals and the signature boxes, kept together. Every page ends with "Page n / N".

use crate::barcode::{Code128, QUIET_ZONE};
use crate::canvas::{fit_line, fit_size, line_height, Canvas};
use crate::metrics::{Font, MM_PER_PT};
use crate::{pdf, DocumentError};

/// A document made of a header, a table of rows, totals and signature boxes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ListingDocument {
    /// The delivery company's name (e.g. "Colivra").
    pub company_name: String,
    /// What the document is (e.g. "Bon de ramassage", "Facture livreur").
    pub title: String,
    /// The document's key, printed as a Code128 barcode and in clear.
    pub key: String,
    /// The document's date, already formatted for people.
    pub date: String,
    /// Who the document is with: the merchant and shop, or the delivery person
    /// (at most [`MAX_COUNTERPART_LINES`] lines).
    pub counterpart: Counterpart,
    /// Further lines under the date (e.g. "Statut" / "Validée", "Ville" / "Rabat"), at most
    /// [`MAX_DETAILS`].
    pub details: Vec<LabeledValue>,
    pub columns: Vec<Column>,
    /// One string per column for each row, already formatted (see [`crate::format_money`]).
    pub rows: Vec<Vec<String>>,
    /// Lines of the totals block under the table (e.g. "Total à payer" / "1 234,50 DH"), at
    /// most [`MAX_TOTALS`].
    pub totals: Vec<LabeledValue>,
    /// Captions of the signature boxes (e.g. "Signature du livreur", "Signature de l'agent"),
    /// at most [`MAX_SIGNATURES`], drawn side by side.
    pub signatures: Vec<String>,
}

/// A titled block of lines: name, shop, phone, address…
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counterpart {
    /// The block's caption (e.g. "Client", "Livreur").
    pub label: String,
    pub lines: Vec<String>,
}

/// A label and its value, printed on one line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LabeledValue {
    pub label: String,
    pub value: String,
}

impl LabeledValue {
    pub fn new(label: impl Into<String>, value: impl Into<String>) -> Self {
        Self {
            label: label.into(),
            value: value.into(),
        }
    }
}

/// A table column.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub header: String,
    /// Relative width: columns share the page width in proportion to these numbers.
    pub width: f32,
    /// Right-align the cells (amounts, counts).
    pub align_right: bool,
    /// Print each cell as a small Code128 barcode with the text beneath (tracking codes).
    /// An 11-character code wants about 45 mm to scan comfortably; narrower columns shrink the
    /// bars rather than overflow.
    pub barcode: bool,
}

impl Column {
    /// A left-aligned text column.
    pub fn text(header: impl Into<String>, width: f32) -> Self {
        Self {
            header: header.into(),
            width,
            align_right: false,
            barcode: false,
        }
    }

    /// A right-aligned column, for amounts.
    pub fn right(header: impl Into<String>, width: f32) -> Self {
        Self {
            align_right: true,
            ..Self::text(header, width)
        }
    }

    /// A barcode column, for tracking codes.
    pub fn barcode(header: impl Into<String>, width: f32) -> Self {
        Self {
            barcode: true,
            ..Self::text(header, width)
        }
    }
}

// Page geometry, in millimetres.
const PAGE_W: f32 = 210.0;
const PAGE_H: f32 = 297.0;
const MARGIN: f32 = 12.0;
const CONTENT_W: f32 = PAGE_W - 2.0 * MARGIN;
/// Rows stop above this line; the footer sits below it.
const BODY_BOTTOM: f32 = PAGE_H - 16.0;
const HEADER_ROW_H: f32 = 7.0;
const TEXT_ROW_H: f32 = 6.5;
const BARCODE_ROW_H: f32 = 11.5;
const CELL_PAD: f32 = 1.5;
const CELL_SIZE: f32 = 8.5;
const SIGNATURE_H: f32 = 28.0;
const TOTAL_LINE_H: f32 = 6.5;

/// Renders a listing document (voucher, invoice…).
///
/// Fails when there are no columns, a column width is not a positive number, a row does not have
/// one cell per column, or the key or a barcode cell cannot be written as Code128.
pub fn listing_document(doc: &ListingDocument) -> Result<Vec<u8>, DocumentError> {
    let pages = layout(doc)?.into_iter().map(Canvas::into_page).collect();
    pdf::render(&doc.title, pages)
}

fn layout(doc: &ListingDocument) -> Result<Vec<Canvas>, DocumentError> {
    validate(doc)?;
    let key_code = Code128::new(&doc.key)?;
    let columns = column_geometry(&doc.columns);
    let row_h = if doc.columns.iter().any(|c| c.barcode) {
        BARCODE_ROW_H
    } else {
        TEXT_ROW_H
    };

    let mut pages = Vec::new();
    let mut canvas = Canvas::new(PAGE_W, PAGE_H);
    let mut y = first_page_header(&mut canvas, doc, &key_code);
    y = table_header(&mut canvas, doc, &columns, y);

    if doc.rows.is_empty() {
        canvas.fill_grey(0.4);
        canvas.text_center(
            PAGE_W / 2.0,
            y + 4.5,
            Font::Regular,
            CELL_SIZE,
            "Aucune ligne",
        );
        canvas.fill_grey(0.0);
        y += TEXT_ROW_H;
    }
    for (index, row) in doc.rows.iter().enumerate() {
        if y + row_h > BODY_BOTTOM {
            pages.push(std::mem::replace(&mut canvas, Canvas::new(PAGE_W, PAGE_H)));
            y = next_page_header(&mut canvas, doc);
            y = table_header(&mut canvas, doc, &columns, y);
        }
        table_row(&mut canvas, doc, &columns, row, index, y, row_h)?;
        y += row_h;
    }

    // Totals and signatures stay together, on a new page if they do not fit.
    let closing_h = closing_height(doc);
    if closing_h > 0.0 && y + 4.0 + closing_h > BODY_BOTTOM {
        pages.push(std::mem::replace(&mut canvas, Canvas::new(PAGE_W, PAGE_H)));
        y = next_page_header(&mut canvas, doc);
    }
    closing(&mut canvas, doc, y + 4.0);
    pages.push(canvas);

    let total = pages.len();
    for (i, canvas) in pages.iter_mut().enumerate() {
        footer(canvas, doc, i + 1, total);
    }
    Ok(pages)
}

/// Most lines each block may have: the header and the closing block must fit on one page.
/// Going past them is a programming error on the caller's side, reported rather than cut.
pub const MAX_COUNTERPART_LINES: usize = 8;
pub const MAX_DETAILS: usize = 8;
pub const MAX_TOTALS: usize = 12;
pub const MAX_SIGNATURES: usize = 4;

fn validate(doc: &ListingDocument) -> Result<(), DocumentError> {
    for (what, len, max) in [
        (
            "counterpart lines",
            doc.counterpart.lines.len(),
            MAX_COUNTERPART_LINES,
        ),
        ("details", doc.details.len(), MAX_DETAILS),
        ("totals", doc.totals.len(), MAX_TOTALS),
        ("signatures", doc.signatures.len(), MAX_SIGNATURES),
    ] {
        if len > max {
            return Err(DocumentError::Invalid(format!(
                "{len} {what}, at most {max} fit"
            )));
        }
    }
    if doc.columns.is_empty() {
        return Err(DocumentError::Invalid(
            "a listing needs at least one column".into(),
        ));
    }
    if let Some(c) = doc
        .columns
        .iter()
        .find(|c| !(c.width.is_finite() && c.width > 0.0))
    {
        return Err(DocumentError::Invalid(format!(
            "column {:?} has width {}, which is not a positive number",
            c.header, c.width
        )));
    }
    if let Some((i, row)) = doc
        .rows
        .iter()
        .enumerate()
        .find(|(_, r)| r.len() != doc.columns.len())
    {
        return Err(DocumentError::Invalid(format!(
            "row {} has {} cells for {} columns",
            i + 1,
            row.len(),
            doc.columns.len()
        )));
    }
    Ok(())
}

/// Left edge and width of each column, in millimetres.
fn column_geometry(columns: &[Column]) -> Vec<(f32, f32)> {
    let total: f32 = columns.iter().map(|c| c.width).sum();
    let mut x = MARGIN;
    columns
        .iter()
        .map(|c| {
            let w = c.width / total * CONTENT_W;
            x += w;
            (x - w, w)
        })
        .collect()
}

/// Company, title, key barcode, date, details and counterpart. Returns where the table starts.
fn first_page_header(canvas: &mut Canvas, doc: &ListingDocument, key: &Code128) -> f32 {
    let right = PAGE_W - MARGIN;
    let top = MARGIN;

    // Key barcode at the top right; its quiet zone is kept free of the title.
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
    let company = fit_line(&doc.company_name, Font::Bold, 16.0, title_w);
    canvas.text(MARGIN, top + 6.0, Font::Bold, 16.0, &company);
    let title = fit_line(&doc.title, Font::Bold, 18.0, title_w);
    canvas.text(MARGIN, top + 14.0, Font::Bold, 18.0, &title);

    // Counterpart on the left, date and details on the right.
    let block_top = top + 22.0;
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
    for (i, line) in doc.counterpart.lines.iter().enumerate() {
        let font = if i == 0 { Font::Bold } else { Font::Regular };
        y += line_height(10.0);
        canvas.text(
            MARGIN + 2.0,
            y,
            font,
            10.0,
            &fit_line(line, font, 10.0, box_w - 4.0),
        );
    }
    let box_h = y + 2.0 - block_top;
    canvas.stroke(0.0, 0.3);
    canvas.stroke_rect(MARGIN, block_top, box_w, box_h);

    let info_x = MARGIN + box_w + 6.0;
    let info_w = right - info_x;
    let mut info_y = block_top + line_height(10.0);
    let date = std::iter::once(("Date", doc.date.as_str()));
    let details = doc
        .details
        .iter()
        .map(|d| (d.label.as_str(), d.value.as_str()));
    for (label, value) in date.chain(details) {
        let label = format!("{label} :");
        canvas.text(
            info_x,
            info_y,
            Font::Bold,
            10.0,
            &fit_line(&label, Font::Bold, 10.0, info_w * 0.45),
        );
        let value = fit_line(value, Font::Regular, 10.0, info_w * 0.55);
        canvas.text_right(right, info_y, Font::Regular, 10.0, &value);
        info_y += line_height(10.0);
    }

    box_h.max(info_y - block_top) + block_top + 5.0
}

/// The reminder line on every following page: which document this page belongs to.
fn next_page_header(canvas: &mut Canvas, doc: &ListingDocument) -> f32 {
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

fn table_header(canvas: &mut Canvas, doc: &ListingDocument, columns: &[(f32, f32)], y: f32) -> f32 {
    canvas.fill_grey(0.88);
    canvas.fill_rect(MARGIN, y, CONTENT_W, HEADER_ROW_H);
    canvas.fill_grey(0.0);
    for (column, &(x, w)) in doc.columns.iter().zip(columns) {
        cell_text(
            canvas,
            column,
            x,
            w,
            y,
            HEADER_ROW_H,
            Font::Bold,
            &column.header,
        );
    }
    y + HEADER_ROW_H
}

fn table_row(
    canvas: &mut Canvas,
    doc: &ListingDocument,
    columns: &[(f32, f32)],
    row: &[String],
    index: usize,
    y: f32,
    row_h: f32,
) -> Result<(), DocumentError> {
    // Light banding helps a finger follow a row across the page.
    if index % 2 == 1 {
        canvas.fill_grey(0.96);
        canvas.fill_rect(MARGIN, y, CONTENT_W, row_h);
        canvas.fill_grey(0.0);
    }
    for ((column, &(x, w)), value) in doc.columns.iter().zip(columns).zip(row) {
        if column.barcode && !value.is_empty() {
            barcode_cell(canvas, value, x, w, y, row_h)?;
        } else {
            cell_text(canvas, column, x, w, y, row_h, Font::Regular, value);
        }
    }
    canvas.stroke(0.75, 0.2);
    canvas.line(MARGIN, y + row_h, MARGIN + CONTENT_W, y + row_h);
    canvas.stroke(0.0, 0.3);
    Ok(())
}

/// One line of text, vertically centred in the cell, cut to the cell's width.
#[allow(clippy::too_many_arguments)]
fn cell_text(
    canvas: &mut Canvas,
    column: &Column,
    x: f32,
    w: f32,
    y: f32,
    h: f32,
    font: Font,
    value: &str,
) {
    let max_w = w - 2.0 * CELL_PAD;
    // Right-aligned cells hold numbers: shrink them before cutting any digit.
    let size = match column.align_right {
        true => fit_size(value, font, &[CELL_SIZE, 7.5, 6.5], max_w).unwrap_or(6.5),
        false => CELL_SIZE,
    };
    let text = fit_line(value, font, size, max_w);
    // Cap height of Helvetica is about 0.72 em: centre that, not the whole em box.
    let baseline = y + h / 2.0 + 0.36 * size * MM_PER_PT;
    if column.align_right {
        canvas.text_right(x + w - CELL_PAD, baseline, font, size, &text);
    } else {
        canvas.text(x + CELL_PAD, baseline, font, size, &text);
    }
}

fn barcode_cell(
    canvas: &mut Canvas,
    value: &str,
    x: f32,
    w: f32,
    y: f32,
    h: f32,
) -> Result<(), DocumentError> {
    let code = Code128::new(value)?;
    let module = code.module_for(w - 2.0 * CELL_PAD, 0.3);
    let bars_x = x + CELL_PAD + QUIET_ZONE as f32 * module;
    code.draw(canvas, bars_x, y + 1.0, module, h - 5.5);
    let text = fit_line(value, Font::Mono, 7.5, w - 2.0 * CELL_PAD);
    canvas.text(bars_x, y + h - 1.2, Font::Mono, 7.5, &text);
    Ok(())
}

fn closing_height(doc: &ListingDocument) -> f32 {
    let totals = if doc.totals.is_empty() {
        0.0
    } else {
        doc.totals.len() as f32 * TOTAL_LINE_H + 6.0
    };
    let signatures = if doc.signatures.is_empty() {
        0.0
    } else {
        SIGNATURE_H
    };
    totals + signatures
}

/// Totals (right, boxed) then signature boxes side by side.
fn closing(canvas: &mut Canvas, doc: &ListingDocument, mut y: f32) {
    let right = PAGE_W - MARGIN;
    if !doc.totals.is_empty() {
        let box_w = 95.0;
        let x = right - box_w;
        let h = doc.totals.len() as f32 * TOTAL_LINE_H + 2.0;
        canvas.stroke(0.0, 0.3);
        canvas.stroke_rect(x, y, box_w, h);
        for (i, line) in doc.totals.iter().enumerate() {
            let baseline = y + 1.0 + (i + 1) as f32 * TOTAL_LINE_H - 2.0;
            let label = fit_line(&line.label, Font::Regular, 10.0, box_w * 0.55);
            canvas.text(x + 2.0, baseline, Font::Regular, 10.0, &label);
            let value_w = box_w * 0.4;
            let size = fit_size(&line.value, Font::Bold, &[10.5, 9.0, 7.5], value_w).unwrap_or(7.5);
            let value = fit_line(&line.value, Font::Bold, size, value_w);
            canvas.text_right(right - 2.0, baseline, Font::Bold, size, &value);
        }
        y += h + 4.0;
    }
    if !doc.signatures.is_empty() {
        let n = doc.signatures.len() as f32;
        let gap = 6.0;
        let w = (CONTENT_W - gap * (n - 1.0)) / n;
        for (i, caption) in doc.signatures.iter().enumerate() {
            let x = MARGIN + i as f32 * (w + gap);
            canvas.stroke_rect(x, y, w, SIGNATURE_H - 2.0);
            let caption = fit_line(caption, Font::Bold, 8.5, w - 4.0);
            canvas.text(x + 2.0, y + 4.5, Font::Bold, 8.5, &caption);
        }
    }
}

fn footer(canvas: &mut Canvas, doc: &ListingDocument, page: usize, total: usize) {
    let y = PAGE_H - 9.0;
    canvas.stroke(0.75, 0.2);
    canvas.line(MARGIN, y - 4.0, PAGE_W - MARGIN, y - 4.0);
    canvas.fill_grey(0.3);
    let what = format!("{} {}", doc.title, doc.key);
    canvas.text(
        MARGIN,
        y,
        Font::Regular,
        8.0,
        &fit_line(&what, Font::Regular, 8.0, 75.0),
    );
    canvas.text_center(
        PAGE_W / 2.0,
        y,
        Font::Regular,
        8.0,
        &format!("Page {page} / {total}"),
    );
    let date = fit_line(&doc.date, Font::Regular, 8.0, 60.0);
    canvas.text_right(PAGE_W - MARGIN, y, Font::Regular, 8.0, &date);
    canvas.fill_grey(0.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn extreme_document(rows: usize) -> ListingDocument {
        let long = "Très long texte sans aucune raison d'être aussi long ".repeat(20);
        ListingDocument {
            company_name: long.clone(),
            title: long.clone(),
            key: "K".repeat(60),
            date: long.clone(),
            counterpart: Counterpart {
                label: long.clone(),
                lines: vec![long.clone(); MAX_COUNTERPART_LINES],
            },
            details: vec![LabeledValue::new(&long, &long); MAX_DETAILS],
            columns: vec![
                Column::right("N°", 0.5),
                Column::barcode(&long, 2.0),
                Column::text(&long, 3.0),
                Column::right(&long, 1.0),
            ],
            rows: (0..rows)
                .map(|i| {
                    vec![
                        i.to_string(),
                        format!("CLV{i:08}"),
                        long.clone(),
                        "9".repeat(40),
                    ]
                })
                .collect(),
            totals: vec![LabeledValue::new(&long, "9".repeat(80)); MAX_TOTALS],
            signatures: vec![long; MAX_SIGNATURES],
        }
    }

    /// Everything stays inside the page margins and above the footer, whatever the input, and
    /// each page has its footer.
    #[test]
    fn extreme_inputs_stay_on_the_page() {
        for rows in [0, 1, 17, 60] {
            let pages = layout(&extreme_document(rows)).unwrap();
            let n = pages.len();
            for (i, page) in pages.iter().enumerate() {
                let drawn = page.drawn();
                let eps = 0.01;
                for d in &drawn {
                    assert!(
                        d.left >= MARGIN - eps && d.right <= PAGE_W - MARGIN + eps,
                        "{d:?}"
                    );
                    assert!(d.top >= MARGIN - eps, "{d:?}");
                }
                let (footer, body): (Vec<_>, Vec<_>) =
                    drawn.iter().partition(|d| d.top > BODY_BOTTOM);
                assert!(body.iter().all(|d| d.bottom <= BODY_BOTTOM + eps));
                let footer: Vec<_> = footer.iter().filter_map(|d| d.text.as_deref()).collect();
                assert_eq!(footer.len(), 3, "{footer:?}");
                assert!(footer.contains(&format!("Page {} / {n}", i + 1).as_str()));
            }
        }
    }
}
