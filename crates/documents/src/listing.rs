//! The listing document: one layout for every voucher and invoice.
//!
//! A4 portrait. The first page opens with the company (name, address, legal identifiers), the
//! title, the document's code as a barcode (scanned at the hub to find the voucher), the date and
//! the counterpart (merchant, shop or delivery person). Then a table that breaks across pages,
//! repeating its header row; then the totals, the remarks (the amount in words) and the
//! signature boxes, kept together. Every page ends with the company's legal identifiers, the
//! document's reference (an invoice's number, a voucher's code) and "Page n / N".
//!
//! No text is cut: names, addresses, references and amounts in words wrap onto as many lines as
//! they need (a table row grows with its longest cell). Only inputs far beyond what the API
//! accepts meet a per-block line limit, which cuts them with an ellipsis rather than let them
//! run off the page.

use crate::barcode::{Code128, QUIET_ZONE};
use crate::canvas::{fit_line, fit_size, line_height, wrap, Canvas};
use crate::metrics::{text_width_mm, Font, MM_PER_PT};
use crate::{pdf, DocumentError};

/// A document made of a header, a table of rows, totals and signature boxes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ListingDocument {
    /// The delivery company's name (e.g. "Colivra SARL").
    pub company_name: String,
    /// Lines under the company's name on the first page: its address, its legal identifiers.
    /// Each wraps to the width it has.
    pub company_lines: Vec<String>,
    /// The company's legal identifiers, printed in every page's footer (e.g. "ICE 001… · IF …
    /// · RC …"); empty for none. Wraps over up to [`MAX_FOOTER_LINES`] lines.
    pub legal_mention: String,
    /// What the document is for people, in every page's footer next to "Page n / N" (e.g.
    /// "Facture FC-2026-000001", "Bon de ramassage BR7K2M9QX4"); empty: the title.
    pub reference: String,
    /// What the document is (e.g. "Bon de ramassage", "Facture livreur").
    pub title: String,
    /// The document's code, printed as a Code128 barcode and in clear.
    pub key: String,
    /// The document's date, already formatted for people.
    pub date: String,
    /// Who the document is with: the merchant and shop, or the delivery person
    /// (at most [`MAX_COUNTERPART_LINES`] lines, each wrapped).
    pub counterpart: Counterpart,
    /// Further lines under the date (e.g. "Statut" / "Validée", "Ville" / "Rabat"), at most
    /// [`MAX_DETAILS`]; a value too long for its line continues, right-aligned, below it.
    pub details: Vec<LabeledValue>,
    pub columns: Vec<Column>,
    /// One string per column for each row, already formatted (see [`crate::format_money`]).
    /// Text cells wrap: a row grows rather than cut a name or an address.
    pub rows: Vec<Vec<String>>,
    /// Lines of the totals block under the table (e.g. "Total à payer" / "1 234,50 DH"), at
    /// most [`MAX_TOTALS`].
    pub totals: Vec<LabeledValue>,
    /// Paragraphs under the totals, across the page (e.g. the amount in words), at most
    /// [`MAX_REMARKS`]; they wrap and are never cut.
    pub remarks: Vec<String>,
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
/// Baseline of the footer's last line (reference, date, page number).
const FOOTER_BASELINE: f32 = PAGE_H - 8.0;
const FOOTER_SIZE: f32 = 8.0;
const LEGAL_SIZE: f32 = 7.0;
const HEADER_ROW_H: f32 = 7.0;
const TEXT_ROW_H: f32 = 6.5;
const BARCODE_ROW_H: f32 = 11.5;
const CELL_PAD: f32 = 1.5;
const CELL_SIZE: f32 = 8.5;
const SIGNATURE_H: f32 = 28.0;
const TOTAL_SIZE: f32 = 10.0;
const TOTAL_PAD: f32 = 1.6;
const REMARK_SIZE: f32 = 9.5;

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
    let base_row_h = if doc.columns.iter().any(|c| c.barcode) {
        BARCODE_ROW_H
    } else {
        TEXT_ROW_H
    };
    let legal = legal_lines(doc);
    let body_bottom = body_bottom(&legal);

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
        let cells = row_cells(doc, &columns, row);
        let row_h = cells
            .iter()
            .map(|cell| cell.height())
            .fold(base_row_h, f32::max);
        if y + row_h > body_bottom {
            pages.push(std::mem::replace(&mut canvas, Canvas::new(PAGE_W, PAGE_H)));
            y = next_page_header(&mut canvas, doc);
            y = table_header(&mut canvas, doc, &columns, y);
        }
        table_row(&mut canvas, doc, &columns, row, &cells, index, y, row_h)?;
        y += row_h;
    }

    // Totals, remarks and signatures stay together, on a new page if they do not fit.
    let closing = Closing::of(doc);
    let closing_h = closing.height();
    if closing_h > 0.0 && y + 4.0 + closing_h > body_bottom {
        pages.push(std::mem::replace(&mut canvas, Canvas::new(PAGE_W, PAGE_H)));
        y = next_page_header(&mut canvas, doc);
    }
    closing.draw(&mut canvas, doc, y + 4.0);
    pages.push(canvas);

    let total = pages.len();
    for (i, canvas) in pages.iter_mut().enumerate() {
        footer(canvas, doc, &legal, i + 1, total);
    }
    Ok(pages)
}

/// Most lines each block may have: the header and the closing block must fit on one page.
/// Going past them is a programming error on the caller's side, reported rather than cut.
pub const MAX_COUNTERPART_LINES: usize = 8;
pub const MAX_DETAILS: usize = 8;
pub const MAX_TOTALS: usize = 12;
pub const MAX_SIGNATURES: usize = 4;
pub const MAX_REMARKS: usize = 3;
pub const MAX_COMPANY_LINES: usize = 4;
/// Lines the legal mention may take in the footer.
pub const MAX_FOOTER_LINES: usize = 2;

/// Printed lines each block may take once wrapped. Inputs bounded as the API bounds them (names
/// of 150 characters, addresses of 300, references of 100) stay well within them; these only
/// keep an absurd input from pushing the block off its page, by cutting it with an ellipsis.
const COMPANY_BLOCK_LINES: usize = 9;
const COUNTERPART_BLOCK_LINES: usize = 16;
const DETAIL_VALUE_LINES: usize = 3;
const CELL_LINES: usize = 8;
const TOTAL_LABEL_LINES: usize = 2;
const REMARK_LINES: usize = 5;

fn validate(doc: &ListingDocument) -> Result<(), DocumentError> {
    for (what, len, max) in [
        (
            "counterpart lines",
            doc.counterpart.lines.len(),
            MAX_COUNTERPART_LINES,
        ),
        ("company lines", doc.company_lines.len(), MAX_COMPANY_LINES),
        ("details", doc.details.len(), MAX_DETAILS),
        ("totals", doc.totals.len(), MAX_TOTALS),
        ("remarks", doc.remarks.len(), MAX_REMARKS),
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

/// `text` wrapped to `max_w`, at most `budget` lines (the last one cut with an ellipsis when
/// more were needed); `budget` goes down by the lines used.
fn wrap_within(text: &str, font: Font, size: f32, max_w: f32, budget: &mut usize) -> Vec<String> {
    let mut lines = wrap(text, font, size, max_w);
    if lines.len() > *budget {
        lines.truncate(*budget);
        if let Some(last) = lines.last_mut() {
            *last = fit_line(&format!("{last}…"), font, size, max_w);
        }
    }
    *budget -= lines.len();
    lines
}

/// `text` wrapped at the first of `sizes` that needs at most `max_lines` lines, else at the
/// last size, whatever it needs (within `budget`).
fn wrap_shrinking(
    text: &str,
    font: Font,
    sizes: &[f32],
    max_w: f32,
    max_lines: usize,
    budget: &mut usize,
) -> (f32, Vec<String>) {
    let last = sizes.last().copied().unwrap_or(10.0);
    let size = sizes
        .iter()
        .copied()
        .find(|&size| wrap(text, font, size, max_w).len() <= max_lines)
        .unwrap_or(last);
    (size, wrap_within(text, font, size, max_w, budget))
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

/// Company (name, address, identifiers), title, key barcode, date, details and counterpart.
/// Returns where the table starts.
fn first_page_header(canvas: &mut Canvas, doc: &ListingDocument, key: &Code128) -> f32 {
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
    let date = std::iter::once(("Date", doc.date.as_str()));
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
        let max_w = w - 2.0 * CELL_PAD;
        let size = if column.align_right {
            fit_size(&column.header, Font::Bold, &[CELL_SIZE, 7.5, 6.5], max_w).unwrap_or(6.5)
        } else {
            CELL_SIZE
        };
        let text = fit_line(&column.header, Font::Bold, size, max_w);
        let baseline = y + HEADER_ROW_H / 2.0 + 0.36 * size * MM_PER_PT;
        if column.align_right {
            canvas.text_right(x + w - CELL_PAD, baseline, Font::Bold, size, &text);
        } else {
            canvas.text(x + CELL_PAD, baseline, Font::Bold, size, &text);
        }
    }
    y + HEADER_ROW_H
}

/// A text cell laid out: its size and lines (one, or several when it wraps).
struct Cell {
    size: f32,
    lines: Vec<String>,
}

impl Cell {
    /// The row height this cell needs (barcode cells need none of their own).
    fn height(&self) -> f32 {
        if self.lines.len() <= 1 {
            0.0
        } else {
            self.lines.len() as f32 * line_height(self.size) + 2.0 * CELL_PAD
        }
    }
}

/// Each cell of a row: amounts shrink before they wrap, text wraps (never cut).
fn row_cells(doc: &ListingDocument, columns: &[(f32, f32)], row: &[String]) -> Vec<Cell> {
    doc.columns
        .iter()
        .zip(columns)
        .zip(row)
        .map(|((column, &(_, w)), value)| {
            let max_w = w - 2.0 * CELL_PAD;
            if column.barcode && !value.is_empty() {
                return Cell {
                    size: CELL_SIZE,
                    lines: Vec::new(),
                };
            }
            let size = match column.align_right {
                true => {
                    fit_size(value, Font::Regular, &[CELL_SIZE, 7.5, 6.5], max_w).unwrap_or(6.5)
                }
                false => CELL_SIZE,
            };
            let mut budget = CELL_LINES;
            Cell {
                size,
                lines: wrap_within(value, Font::Regular, size, max_w, &mut budget),
            }
        })
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn table_row(
    canvas: &mut Canvas,
    doc: &ListingDocument,
    columns: &[(f32, f32)],
    row: &[String],
    cells: &[Cell],
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
    for (((column, &(x, w)), value), cell) in doc.columns.iter().zip(columns).zip(row).zip(cells) {
        if column.barcode && !value.is_empty() {
            barcode_cell(canvas, value, x, w, y, row_h)?;
        } else {
            cell_text(canvas, column, x, w, y, row_h, cell);
        }
    }
    canvas.stroke(0.75, 0.2);
    canvas.line(MARGIN, y + row_h, MARGIN + CONTENT_W, y + row_h);
    canvas.stroke(0.0, 0.3);
    Ok(())
}

/// A cell's lines, vertically centred in the row.
fn cell_text(canvas: &mut Canvas, column: &Column, x: f32, w: f32, y: f32, h: f32, cell: &Cell) {
    let size = cell.size;
    let step = line_height(size);
    let block = (cell.lines.len().max(1) - 1) as f32 * step;
    // Cap height of Helvetica is about 0.72 em: centre that, not the whole em box.
    let mut baseline = y + h / 2.0 - block / 2.0 + 0.36 * size * MM_PER_PT;
    for line in &cell.lines {
        if column.align_right {
            canvas.text_right(x + w - CELL_PAD, baseline, Font::Regular, size, line);
        } else {
            canvas.text(x + CELL_PAD, baseline, Font::Regular, size, line);
        }
        baseline += step;
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
    let bars_h = BARCODE_ROW_H - 5.5;
    let top = y + (h - BARCODE_ROW_H) / 2.0;
    code.draw(canvas, bars_x, top + 1.0, module, bars_h);
    let text = fit_line(value, Font::Mono, 7.5, w - 2.0 * CELL_PAD);
    canvas.text(bars_x, top + BARCODE_ROW_H - 1.2, Font::Mono, 7.5, &text);
    Ok(())
}

/// Totals (right, boxed), remarks across the page, then signature boxes side by side, laid out
/// once so that measuring and drawing agree.
struct Closing {
    /// Each total: its label's lines, its value's size and lines.
    totals: Vec<(Vec<String>, f32, Vec<String>)>,
    remarks: Vec<Vec<String>>,
    has_signatures: bool,
}

const TOTALS_W: f32 = 95.0;

impl Closing {
    fn of(doc: &ListingDocument) -> Closing {
        let label_w = TOTALS_W * 0.55 - 2.0;
        let value_w = TOTALS_W * 0.45 - 4.0;
        let totals = doc
            .totals
            .iter()
            .map(|line| {
                let mut budget = TOTAL_LABEL_LINES;
                let label =
                    wrap_within(&line.label, Font::Regular, TOTAL_SIZE, label_w, &mut budget);
                let mut budget = TOTAL_LABEL_LINES;
                let (size, value) = wrap_shrinking(
                    &line.value,
                    Font::Bold,
                    &[10.5, 9.0, 7.5],
                    value_w,
                    1,
                    &mut budget,
                );
                (label, size, value)
            })
            .collect();
        let remarks = doc
            .remarks
            .iter()
            .map(|text| {
                let mut budget = REMARK_LINES;
                wrap_within(text, Font::Regular, REMARK_SIZE, CONTENT_W, &mut budget)
            })
            .collect();
        Closing {
            totals,
            remarks,
            has_signatures: !doc.signatures.is_empty(),
        }
    }

    fn total_height(label: &[String], size: f32, value: &[String]) -> f32 {
        let lines = (label.len() as f32 * line_height(TOTAL_SIZE))
            .max(value.len() as f32 * line_height(size));
        lines + 2.0 * TOTAL_PAD
    }

    fn totals_height(&self) -> f32 {
        self.totals
            .iter()
            .map(|(label, size, value)| Self::total_height(label, *size, value))
            .sum()
    }

    fn remarks_height(&self) -> f32 {
        self.remarks
            .iter()
            .map(|lines| lines.len() as f32 * line_height(REMARK_SIZE) + 1.5)
            .sum()
    }

    fn height(&self) -> f32 {
        let totals = match self.totals.is_empty() {
            true => 0.0,
            false => self.totals_height() + 4.0,
        };
        let remarks = match self.remarks.is_empty() {
            true => 0.0,
            false => self.remarks_height() + 3.0,
        };
        let signatures = if self.has_signatures {
            SIGNATURE_H
        } else {
            0.0
        };
        totals + remarks + signatures
    }

    fn draw(&self, canvas: &mut Canvas, doc: &ListingDocument, mut y: f32) {
        let right = PAGE_W - MARGIN;
        if !self.totals.is_empty() {
            let x = right - TOTALS_W;
            canvas.stroke(0.0, 0.3);
            canvas.stroke_rect(x, y, TOTALS_W, self.totals_height());
            let mut row_top = y;
            for (label, size, value) in &self.totals {
                let mut baseline = row_top + TOTAL_PAD + 0.75 * TOTAL_SIZE * MM_PER_PT;
                for line in label {
                    canvas.text(x + 2.0, baseline, Font::Regular, TOTAL_SIZE, line);
                    baseline += line_height(TOTAL_SIZE);
                }
                let mut baseline = row_top + TOTAL_PAD + 0.75 * size * MM_PER_PT;
                for line in value {
                    canvas.text_right(right - 2.0, baseline, Font::Bold, *size, line);
                    baseline += line_height(*size);
                }
                row_top += Self::total_height(label, *size, value);
            }
            y = row_top + 4.0;
        }
        if !self.remarks.is_empty() {
            for lines in &self.remarks {
                for line in lines {
                    y += line_height(REMARK_SIZE);
                    canvas.text(MARGIN, y, Font::Regular, REMARK_SIZE, line);
                }
                y += 1.5;
            }
            y += 3.0;
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
}

/// The legal mention wrapped for the footer.
fn legal_lines(doc: &ListingDocument) -> Vec<String> {
    let mut budget = MAX_FOOTER_LINES;
    match doc.legal_mention.trim() {
        "" => Vec::new(),
        text => wrap_within(text, Font::Regular, LEGAL_SIZE, CONTENT_W, &mut budget),
    }
}

/// Where rows and closing blocks stop: above the footer's rule.
fn body_bottom(legal: &[String]) -> f32 {
    footer_rule(legal) - 2.0
}

fn footer_rule(legal: &[String]) -> f32 {
    FOOTER_BASELINE - line_height(FOOTER_SIZE) - legal.len() as f32 * line_height(LEGAL_SIZE) - 1.5
}

/// Every page: the company's legal identifiers, then what the document is, its date and
/// "Page n / N". Never an internal key: the reference is what people know the document by.
fn footer(canvas: &mut Canvas, doc: &ListingDocument, legal: &[String], page: usize, total: usize) {
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
    let page_text = format!("Page {page} / {total}");
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

#[cfg(test)]
mod tests {
    use super::*;

    fn extreme_document(rows: usize) -> ListingDocument {
        let long = "Très long texte sans aucune raison d'être aussi long ".repeat(20);
        ListingDocument {
            company_name: long.clone(),
            company_lines: vec![long.clone(); MAX_COMPANY_LINES],
            legal_mention: long.clone(),
            reference: long.clone(),
            remarks: vec![long.clone(); MAX_REMARKS],
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
            let doc = extreme_document(rows);
            let bottom = body_bottom(&legal_lines(&doc));
            let pages = layout(&doc).unwrap();
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
                let (footer, body): (Vec<_>, Vec<_>) = drawn.iter().partition(|d| d.top > bottom);
                let low: Vec<_> = body.iter().filter(|d| d.bottom > bottom + eps).collect();
                assert!(
                    low.is_empty(),
                    "{rows} rows, page {i}, bottom {bottom}: {low:?}"
                );
                let footer: Vec<_> = footer.iter().filter_map(|d| d.text.as_deref()).collect();
                // two lines of legal mention, the reference, the date, the page
                assert_eq!(footer.len(), 5, "{footer:?}");
                assert!(footer.contains(&format!("Page {} / {n}", i + 1).as_str()));
            }
        }
    }
}
