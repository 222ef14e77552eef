//! The table: its header row and its rows, each as tall as its longest cell.

use super::*;

pub(super) fn table_header(
    canvas: &mut Canvas,
    doc: &ListingDocument,
    columns: &[(f32, f32)],
    y: f32,
) -> f32 {
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
pub(super) struct Cell {
    size: f32,
    lines: Vec<String>,
}

impl Cell {
    /// The row height this cell needs (barcode cells need none of their own).
    pub(super) fn height(&self) -> f32 {
        if self.lines.len() <= 1 {
            0.0
        } else {
            self.lines.len() as f32 * line_height(self.size) + 2.0 * CELL_PAD
        }
    }
}

/// Each cell of a row: amounts shrink before they wrap, text wraps (never cut).
pub(super) fn row_cells(
    doc: &ListingDocument,
    columns: &[(f32, f32)],
    row: &[String],
) -> Vec<Cell> {
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
pub(super) fn table_row(
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
pub(super) fn cell_text(
    canvas: &mut Canvas,
    column: &Column,
    x: f32,
    w: f32,
    y: f32,
    h: f32,
    cell: &Cell,
) {
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

pub(super) fn barcode_cell(
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
