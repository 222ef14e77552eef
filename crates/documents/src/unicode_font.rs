//! The embedded font for text the built-in fonts cannot print: DejaVu Sans (regular and bold),
//! cut down to Latin, punctuation and Arabic (with its presentation forms), compiled into the
//! binary. Latin-only strings keep the built-in fonts (nothing embedded, smaller files); a
//! string with anything outside WinAnsi (Arabic, mostly) is drawn with this font, shaped and
//! ordered by [`crate::arabic`], each glyph carrying the text it stands for so the PDF's
//! ToUnicode map gives the typed string back.

use std::sync::LazyLock;

use printpdf::{FontId, ParsedFont};

use crate::arabic;

static REGULAR: LazyLock<ParsedFont> =
    LazyLock::new(|| parse(include_bytes!("../fonts/DejaVuSans.ttf")));
static BOLD: LazyLock<ParsedFont> =
    LazyLock::new(|| parse(include_bytes!("../fonts/DejaVuSans-Bold.ttf")));

fn parse(bytes: &[u8]) -> ParsedFont {
    let mut warnings = Vec::new();
    // The files ship with the crate and are tested: failing here is a build defect.
    ParsedFont::from_bytes(bytes, 0, &mut warnings).expect("the embedded font parses")
}

pub(crate) fn font(bold: bool) -> &'static ParsedFont {
    if bold {
        &BOLD
    } else {
        &REGULAR
    }
}

/// The resource name the pages use; `pdf::render` adds the font under it when a page does.
pub(crate) fn id(bold: bool) -> FontId {
    FontId(if bold { "F_UNI_BOLD" } else { "F_UNI" }.to_owned())
}

/// Every font id this module hands out, with its font.
pub(crate) fn all() -> [(FontId, &'static ParsedFont); 2] {
    [(id(false), font(false)), (id(true), font(true))]
}

/// Characters the built-in fonts' WinAnsi encoding prints.
pub(crate) fn winansi(c: char) -> bool {
    matches!(c, ' '..='~' | '\u{A0}'..='\u{FF}') || "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ".contains(c)
}

/// Whether `text` needs this font (a character the built-in fonts would print as "?").
pub(crate) fn needed(text: &str) -> bool {
    !text.chars().all(|c| winansi(c) || c.is_whitespace())
}

/// One glyph to draw: its id in the font, the text it stands for, and its left edge from the
/// start of the line, in ems.
pub(crate) struct PlacedGlyph {
    pub gid: u16,
    pub text: String,
    pub x_em: f32,
}

/// The line's glyphs in logical order with their positions, and the line's width in ems.
pub(crate) fn lay_out(text: &str, bold: bool) -> (Vec<PlacedGlyph>, f32) {
    let font = font(bold);
    let placed = arabic::layout(text);
    let gid = |c: char| {
        font.lookup_glyph_index(c as u32)
            .or_else(|| font.lookup_glyph_index('?' as u32))
            .unwrap_or(0)
    };
    let advance = |gid: u16| match font.get_glyph_width(gid) {
        Some(w) => f32::from(w) / f32::from(font.units_per_em.max(1)),
        None => 0.0,
    };
    let gids: Vec<u16> = placed.iter().map(|p| gid(p.glyph.draw)).collect();
    // Left edges in visual order, then handed back to the logical glyphs.
    let mut by_visual: Vec<usize> = (0..placed.len()).collect();
    by_visual.sort_by_key(|&i| placed[i].visual_index);
    let mut x = vec![0.0f32; placed.len()];
    let mut pen = 0.0f32;
    for i in by_visual {
        x[i] = pen;
        pen += advance(gids[i]);
    }
    let glyphs = placed
        .into_iter()
        .zip(gids)
        .zip(x)
        .map(|((p, gid), x_em)| PlacedGlyph {
            gid,
            // Readers reverse a right-to-left glyph's text with the glyphs (poppler does): a
            // lam-alef written "لا" would come back "ال". Written reversed, it reads as typed.
            text: if p.rtl {
                p.glyph.text.chars().rev().collect()
            } else {
                p.glyph.text
            },
            x_em,
        })
        .collect();
    (glyphs, pen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fonts_hold_latin_and_every_arabic_form() {
        for bold in [false, true] {
            let font = font(bold);
            for c in "AzéÀ€«»0123456789ءآأؤإئابةتثجحخدذرزسشصضطظعغفقكلمنهوىيپچڤڭگکی".chars()
            {
                assert!(font.lookup_glyph_index(c as u32).is_some(), "{c:?}");
            }
            for code in (0xFE80..=0xFEFC).chain(0xFB56..=0xFB59) {
                assert!(font.lookup_glyph_index(code).is_some(), "{code:#x}");
            }
        }
    }

    #[test]
    fn only_text_outside_winansi_needs_it() {
        assert!(!needed("Événement à Fès, 12 € « ok »"));
        assert!(needed("فاطمة"));
        assert!(needed("Ωmega"));
    }

    #[test]
    fn glyphs_are_placed_left_to_right_without_overlap() {
        let (glyphs, width) = lay_out("فاطمة الزهراء", false);
        let mut edges: Vec<f32> = glyphs.iter().map(|g| g.x_em).collect();
        edges.sort_by(f32::total_cmp);
        assert!(edges.windows(2).all(|w| w[1] > w[0]), "{edges:?}");
        assert!(width > 3.0 && width < 12.0, "{width}");
        // The first letter typed is the rightmost drawn.
        assert_eq!(glyphs[0].x_em, *edges.last().unwrap());
    }
}
