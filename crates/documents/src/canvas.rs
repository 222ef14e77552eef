//! A page being drawn, in millimetres measured from the top-left corner.
//!
//! PDF puts the origin at the bottom-left and counts in points; every layout in this crate reads
//! top to bottom, so this wrapper does the flip and the unit change once, and offers the few
//! primitives documents need: text (left, right, centred), filled and stroked rectangles, lines.
//! It also holds the text-fitting helpers, so no string is ever drawn wider than its box.

use printpdf::{
    Codepoint, Color, Greyscale, Line, LineDashPattern, LinePoint, Mm, Op, PaintMode,
    PdfFontHandle, Point, Pt, Rect, TextItem,
};

use crate::metrics::{text_width_mm, Font, MM_PER_PT};

/// Distance between two baselines, as a multiple of the font size.
const LEADING: f32 = 1.2;

const ELLIPSIS: char = '…';

pub(crate) struct Canvas {
    width: f32,
    height: f32,
    ops: Vec<Op>,
    /// Laid out right to left (a document printed in Arabic): every x the layouts give is
    /// mirrored here, once, so captions sit on the right, columns run from the right and what
    /// is right-aligned in French is left-aligned; each string keeps its own order (shaped
    /// Arabic, or a code read left to right).
    right_to_left: bool,
}

impl Canvas {
    pub(crate) fn new(width_mm: f32, height_mm: f32) -> Self {
        Self {
            width: width_mm,
            height: height_mm,
            ops: Vec::new(),
            right_to_left: false,
        }
    }

    /// A page for a document printed in `language`: right to left for Arabic.
    pub(crate) fn for_language(
        width_mm: f32,
        height_mm: f32,
        language: colivra_core::Language,
    ) -> Self {
        Self {
            right_to_left: language == colivra_core::Language::Ar,
            ..Self::new(width_mm, height_mm)
        }
    }

    /// Where a box of width `w` whose left edge the layout puts at `x` goes on the page.
    fn placed(&self, x: f32, w: f32) -> f32 {
        if self.right_to_left {
            self.width - x - w
        } else {
            x
        }
    }

    /// Draws what must keep its left-to-right order whatever the document's direction (a
    /// barcode's bars), in the box the layout gives at `x`, `w` wide: the box is mirrored, not
    /// its content.
    pub(crate) fn keep_order(&mut self, x: f32, w: f32, draw: impl FnOnce(&mut Canvas, f32)) {
        let placed = self.placed(x, w);
        let right_to_left = std::mem::replace(&mut self.right_to_left, false);
        draw(self, placed);
        self.right_to_left = right_to_left;
    }

    pub(crate) fn width(&self) -> f32 {
        self.width
    }

    pub(crate) fn height(&self) -> f32 {
        self.height
    }

    pub(crate) fn into_page(self) -> printpdf::PdfPage {
        printpdf::PdfPage::new(Mm(self.width), Mm(self.height), self.ops)
    }

    fn point(&self, x: f32, y: f32) -> Point {
        Point::new(Mm(x), Mm(self.height - y))
    }

    /// Draws `text` with its baseline at `y` and its left edge at `x`.
    ///
    /// Each string gets its own text object (BT … ET): text extraction then sees one line per
    /// drawn string, so words from neighbouring table cells never run together.
    pub(crate) fn text(&mut self, x: f32, y: f32, font: Font, size: f32, text: &str) {
        if text.is_empty() {
            return;
        }
        let x = if self.right_to_left {
            self.placed(x, text_width_mm(text, font, size))
        } else {
            x
        };
        if crate::unicode_font::needed(text) {
            return self.unicode_text(x, y, font, size, text);
        }
        let pos = self.point(x, y);
        self.ops.extend([
            Op::StartTextSection,
            Op::SetFont {
                font: PdfFontHandle::Builtin(font.builtin()),
                size: Pt(size),
            },
            Op::SetTextCursor { pos },
            Op::ShowText {
                items: vec![TextItem::Text(text.to_owned())],
            },
            Op::EndTextSection,
        ]);
    }

    /// Text the built-in fonts cannot print: the embedded font, each glyph placed where the
    /// right-to-left layout puts it but written in typed order, with the text it stands for, so
    /// extracted text reads as typed.
    fn unicode_text(&mut self, x: f32, y: f32, font: Font, size: f32, text: &str) {
        let (glyphs, _) = crate::unicode_font::lay_out(text, font.is_bold());
        let origin = self.point(x, y);
        self.ops.push(Op::StartTextSection);
        self.ops.push(Op::SetFont {
            font: PdfFontHandle::External(crate::unicode_font::id(font.is_bold())),
            size: Pt(size),
        });
        // Visual order, one run: readers that rebuild reading order from positions (poppler,
        // browsers' viewers) then see ordinary right-to-left text.
        let mut visual = glyphs;
        visual.sort_by(|a, b| a.x_em.total_cmp(&b.x_em));
        self.ops.push(Op::SetTextCursor { pos: origin });
        self.ops.push(Op::ShowText {
            items: vec![TextItem::GlyphIds(
                visual
                    .into_iter()
                    .map(|glyph| Codepoint {
                        gid: glyph.gid,
                        offset: 0.0,
                        cid: Some(glyph.text),
                    })
                    .collect(),
            )],
        });
        self.ops.push(Op::EndTextSection);
    }

    pub(crate) fn text_right(&mut self, right: f32, y: f32, font: Font, size: f32, text: &str) {
        let w = text_width_mm(text, font, size);
        self.text(right - w, y, font, size, text);
    }

    pub(crate) fn text_center(&mut self, center: f32, y: f32, font: Font, size: f32, text: &str) {
        let w = text_width_mm(text, font, size);
        self.text(center - w / 2.0, y, font, size, text);
    }

    /// Sets the colour of fills and text: 0.0 black … 1.0 white.
    pub(crate) fn fill_grey(&mut self, level: f32) {
        self.ops.push(Op::SetFillColor {
            col: Color::Greyscale(Greyscale::new(level, None)),
        });
    }

    /// Sets the colour and width of strokes (lines and rectangle outlines).
    pub(crate) fn stroke(&mut self, level: f32, width_mm: f32) {
        self.ops.push(Op::SetOutlineColor {
            col: Color::Greyscale(Greyscale::new(level, None)),
        });
        self.ops.push(Op::SetOutlineThickness {
            pt: Pt(width_mm / MM_PER_PT),
        });
    }

    /// Dashed strokes (dash and gap in millimetres), or solid ones with `None`.
    pub(crate) fn dash(&mut self, pattern: Option<(f32, f32)>) {
        let dash = match pattern {
            Some((on, off)) => LineDashPattern::new(0.0, &[on / MM_PER_PT, off / MM_PER_PT]),
            None => LineDashPattern::new(0.0, &[]),
        };
        self.ops.push(Op::SetLineDashPattern { dash });
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, mode: PaintMode) {
        let bottom_left = self.point(self.placed(x, w), y + h);
        self.ops.push(Op::DrawRectangle {
            rectangle: Rect {
                x: bottom_left.x,
                y: bottom_left.y,
                width: Mm(w).into(),
                height: Mm(h).into(),
                mode: Some(mode),
                winding_order: None,
            },
        });
    }

    pub(crate) fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.rect(x, y, w, h, PaintMode::Fill);
    }

    pub(crate) fn stroke_rect(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.rect(x, y, w, h, PaintMode::Stroke);
    }

    pub(crate) fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32) {
        let points = [
            self.point(self.placed(x1, 0.0), y1),
            self.point(self.placed(x2, 0.0), y2),
        ]
        .map(|p| LinePoint { p, bezier: false })
        .to_vec();
        self.ops.push(Op::DrawLine {
            line: Line {
                points,
                is_closed: false,
            },
        });
    }
}

/// Baseline-to-baseline distance for `size`, in millimetres.
pub(crate) fn line_height(size: f32) -> f32 {
    size * LEADING * MM_PER_PT
}

/// `text` on one line no wider than `max_w`, cut with an ellipsis when needed.
pub(crate) fn fit_line(text: &str, font: Font, size: f32, max_w: f32) -> String {
    // Line breaks and tabs would print as nothing or as "?": flatten them.
    let text: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text_width_mm(&text, font, size) <= max_w {
        return text;
    }
    // Measure char by char (not the growing prefix) so a huge string stays linear.
    let mut used = text_width_mm("…", font, size);
    let mut cut = String::new();
    for c in text.chars() {
        used += text_width_mm(c.encode_utf8(&mut [0; 4]), font, size);
        if used > max_w {
            break;
        }
        cut.push(c);
    }
    let mut out = cut.trim_end().to_owned();
    out.push(ELLIPSIS);
    out
}

/// The first of `sizes` (largest first) at which `text` fits in `max_w` on one line. Used for
/// amounts, which must shrink rather than lose digits.
pub(crate) fn fit_size(text: &str, font: Font, sizes: &[f32], max_w: f32) -> Option<f32> {
    sizes
        .iter()
        .copied()
        .find(|&s| text_width_mm(text, font, s) <= max_w)
}

/// Greedy word wrap to lines no wider than `max_w`; a word longer than a line is split.
/// Explicit line breaks in `text` are kept.
pub(crate) fn wrap(text: &str, font: Font, size: f32, max_w: f32) -> Vec<String> {
    let fits = |s: &str| text_width_mm(s, font, size) <= max_w;
    let mut lines = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_owned()
            } else {
                format!("{line} {word}")
            };
            if fits(&candidate) {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            // The word alone: split it if it is wider than the line, before its last hyphen or
            // slash that fits (a bank reference reads "VIR-BMCE" / "-20261125"), else between
            // characters. Not after it: text extractors take a line ending in a hyphen for a
            // hyphenated word and drop the hyphen.
            for c in word.chars() {
                line.push(c);
                if !fits(&line) && line.chars().count() > 1 {
                    line.pop();
                    let cut = line
                        .char_indices()
                        .rev()
                        .find(|&(i, c)| i > 0 && matches!(c, '-' | '/'))
                        .map(|(i, _)| i);
                    match cut {
                        Some(end) => {
                            let rest = line.split_off(end);
                            lines.push(std::mem::replace(&mut line, rest));
                        }
                        None => lines.push(std::mem::take(&mut line)),
                    }
                    line.push(c);
                }
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines
}

/// Wraps `text` into a `max_w` × `max_h` box, trying each font size in `sizes` (largest first)
/// and keeping the first that fits. If even the last size does not fit, the text is cut after
/// the last line that fits, with an ellipsis: a label must never overflow its box.
pub(crate) fn fit_paragraph(
    text: &str,
    font: Font,
    sizes: &[f32],
    max_w: f32,
    max_h: f32,
) -> (f32, Vec<String>) {
    let mut last = (0.0, Vec::new());
    for &size in sizes {
        let lines = wrap(text, font, size, max_w);
        let capacity = (max_h / line_height(size)).floor().max(1.0) as usize;
        if lines.len() <= capacity {
            return (size, lines);
        }
        last = (size, lines);
        last.1.truncate(capacity);
        if let Some(end) = last.1.last_mut() {
            let cut = format!("{end}{ELLIPSIS}");
            *end = fit_line(&cut, font, size, max_w);
            if !end.ends_with(ELLIPSIS) {
                end.push(ELLIPSIS);
            }
        }
    }
    last
}

/// What a canvas drew, for layout tests: a string or a rectangle and its extent in millimetres
/// from the top-left corner (a string's top and bottom are both its baseline).
#[cfg(test)]
#[derive(Debug)]
pub(crate) struct Drawn {
    pub text: Option<String>,
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
}

#[cfg(test)]
impl Canvas {
    pub(crate) fn drawn(&self) -> Vec<Drawn> {
        use printpdf::BuiltinFont as B;
        let (mut font, mut size, mut pos) = (Font::Regular, 0.0, (0.0, 0.0));
        let mut out = Vec::new();
        for op in &self.ops {
            match op {
                Op::SetFont {
                    font: PdfFontHandle::Builtin(f),
                    size: s,
                } => {
                    font = match f {
                        B::Helvetica => Font::Regular,
                        B::HelveticaBold => Font::Bold,
                        B::Courier => Font::Mono,
                        B::CourierBold => Font::MonoBold,
                        other => panic!("unexpected font {other:?}"),
                    };
                    size = s.0;
                }
                Op::SetTextCursor { pos: p } => {
                    pos = (p.x.0 * MM_PER_PT, self.height - p.y.0 * MM_PER_PT);
                }
                Op::ShowText { items } => {
                    let [TextItem::Text(text)] = items.as_slice() else {
                        panic!("unexpected text items {items:?}")
                    };
                    out.push(Drawn {
                        text: Some(text.clone()),
                        left: pos.0,
                        right: pos.0 + text_width_mm(text, font, size),
                        top: pos.1,
                        bottom: pos.1,
                    });
                }
                Op::DrawRectangle { rectangle: r } => {
                    let (left, bottom) = (r.x.0 * MM_PER_PT, self.height - r.y.0 * MM_PER_PT);
                    out.push(Drawn {
                        text: None,
                        left,
                        right: left + r.width.0 * MM_PER_PT,
                        top: bottom - r.height.0 * MM_PER_PT,
                        bottom,
                    });
                }
                _ => {}
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_line_cuts_with_ellipsis() {
        let s = fit_line(
            "Une adresse beaucoup trop longue",
            Font::Regular,
            10.0,
            20.0,
        );
        assert!(s.ends_with('…'));
        assert!(text_width_mm(&s, Font::Regular, 10.0) <= 20.0);
        assert_eq!(fit_line("Court", Font::Regular, 10.0, 50.0), "Court");
    }

    #[test]
    fn wrap_keeps_every_word_and_splits_long_ones() {
        let text = "12 rue des Orangers, quartier Maârif, Casablanca";
        let lines = wrap(text, Font::Regular, 10.0, 30.0);
        assert!(lines.len() > 1);
        assert_eq!(lines.join(" "), text);
        let reference = "VIR-BMCE-20261125-000123456789";
        let lines = wrap(reference, Font::Regular, 10.0, 30.0);
        assert!(lines.len() > 1 && lines[1].starts_with('-'), "{lines:?}");
        assert_eq!(lines.concat(), reference);
        let long = "X".repeat(200);
        let lines = wrap(&long, Font::Regular, 10.0, 30.0);
        assert!(lines
            .iter()
            .all(|l| text_width_mm(l, Font::Regular, 10.0) <= 30.0));
        assert_eq!(lines.concat(), long);
    }

    #[test]
    fn fit_paragraph_shrinks_then_cuts() {
        let text = "mot ".repeat(500);
        let (size, lines) = fit_paragraph(&text, Font::Regular, &[10.0, 8.0], 50.0, 12.0);
        assert_eq!(size, 8.0);
        assert!(lines.len() as f32 * line_height(8.0) <= 12.0);
        assert!(lines.last().unwrap().ends_with('…'));
        assert!(lines
            .iter()
            .all(|l| text_width_mm(l, Font::Regular, 8.0) <= 50.0));
    }
}
