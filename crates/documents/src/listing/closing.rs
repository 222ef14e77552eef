//! The closing block: totals, remarks and signature boxes, kept together.

use super::*;

/// Totals (right, boxed), remarks across the page, then signature boxes side by side, laid out
/// once so that measuring and drawing agree.
pub(super) struct Closing {
    /// Each total: its label's lines, its value's size and lines.
    totals: Vec<(Vec<String>, f32, Vec<String>)>,
    remarks: Vec<Vec<String>>,
    has_signatures: bool,
}

pub(super) const TOTALS_W: f32 = 95.0;

impl Closing {
    pub(super) fn of(doc: &ListingDocument) -> Closing {
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

    pub(super) fn total_height(label: &[String], size: f32, value: &[String]) -> f32 {
        let lines = (label.len() as f32 * line_height(TOTAL_SIZE))
            .max(value.len() as f32 * line_height(size));
        lines + 2.0 * TOTAL_PAD
    }

    pub(super) fn totals_height(&self) -> f32 {
        self.totals
            .iter()
            .map(|(label, size, value)| Self::total_height(label, *size, value))
            .sum()
    }

    pub(super) fn remarks_height(&self) -> f32 {
        self.remarks
            .iter()
            .map(|lines| lines.len() as f32 * line_height(REMARK_SIZE) + 1.5)
            .sum()
    }

    pub(super) fn height(&self) -> f32 {
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

    pub(super) fn draw(&self, canvas: &mut Canvas, doc: &ListingDocument, mut y: f32) {
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
