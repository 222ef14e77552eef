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
//!
//! `header` draws the page headers, `table` the table, `closing` the totals, remarks and
//! signatures, `footer` the legal footer.

mod closing;
mod footer;
mod header;
mod table;

use crate::barcode::{Code128, QUIET_ZONE};
use crate::canvas::{fit_line, fit_size, line_height, wrap, Canvas};
use crate::metrics::{text_width_mm, Font, MM_PER_PT};
use crate::words::words;
use crate::{pdf, DocumentError, Language};

use closing::Closing;
use footer::{body_bottom, footer, legal_lines};
use header::{first_page_header, next_page_header};
use table::{row_cells, table_header, table_row};

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
    /// One string per column for each row, already formatted (amounts by `Centimes::on_document`).
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
    /// The language of the captions this crate prints ("Page", "Date"…); the caller's
    /// strings are already in it.
    pub language: Language,
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
    let mut canvas = Canvas::for_language(PAGE_W, PAGE_H, doc.language);
    let mut y = first_page_header(&mut canvas, doc, &key_code);
    y = table_header(&mut canvas, doc, &columns, y);

    if doc.rows.is_empty() {
        canvas.fill_grey(0.4);
        canvas.text_center(
            PAGE_W / 2.0,
            y + 4.5,
            Font::Regular,
            CELL_SIZE,
            words(doc.language).no_rows,
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
            pages.push(std::mem::replace(
                &mut canvas,
                Canvas::for_language(PAGE_W, PAGE_H, doc.language),
            ));
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
        pages.push(std::mem::replace(
            &mut canvas,
            Canvas::for_language(PAGE_W, PAGE_H, doc.language),
        ));
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
            language: Language::Fr,
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
