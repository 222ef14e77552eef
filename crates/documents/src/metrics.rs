//! Character widths of the built-in PDF fonts, for layout.
//!
//! The standard 14 fonts are not embedded, so printpdf cannot measure text for us. These are the
//! Adobe AFM advance widths (thousandths of an em) for printable ASCII; accented Latin letters
//! take the width of their base letter, which is what the AFM files say for French accents.
//! Anything else gets an average width: good enough to wrap and truncate without overflowing.

/// The fonts documents use. Courier is monospaced and used for codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Font {
    Regular,
    Bold,
    Mono,
    MonoBold,
}

impl Font {
    pub(crate) fn builtin(self) -> printpdf::BuiltinFont {
        match self {
            Font::Regular => printpdf::BuiltinFont::Helvetica,
            Font::Bold => printpdf::BuiltinFont::HelveticaBold,
            Font::Mono => printpdf::BuiltinFont::Courier,
            Font::MonoBold => printpdf::BuiltinFont::CourierBold,
        }
    }

    pub(crate) fn is_bold(self) -> bool {
        matches!(self, Font::Bold | Font::MonoBold)
    }
}

/// Helvetica, characters 0x20..=0x7E.
#[rustfmt::skip]
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/// Helvetica-Bold, characters 0x20..=0x7E.
#[rustfmt::skip]
const HELVETICA_BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
    975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
    333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/// The character whose advance width `c` shares in the AFM files (accents sit on their base letter).
fn base_letter(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
        'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' => 'A',
        'ç' => 'c',
        'Ç' => 'C',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'È' | 'É' | 'Ê' | 'Ë' => 'E',
        'Ì' | 'Í' | 'Î' | 'Ï' => 'I',
        'ñ' => 'n',
        'Ñ' => 'N',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
        'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' => 'O',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'Ù' | 'Ú' | 'Û' | 'Ü' => 'U',
        'ý' | 'ÿ' => 'y',
        'Ý' | 'Ÿ' => 'Y',
        '\u{00A0}' | '\u{202F}' => ' ',
        other => other,
    }
}

/// Advance width of `c` in thousandths of an em.
fn char_width(font: Font, c: char) -> u16 {
    if matches!(font, Font::Mono | Font::MonoBold) {
        return 600;
    }
    let bold = font == Font::Bold;
    let table = if bold { &HELVETICA_BOLD } else { &HELVETICA };
    match c {
        // Accented dotless i is wider than plain i in Helvetica (278, not 222).
        'ì' | 'í' | 'î' | 'ï' => 278,
        '«' | '»' | '–' => 556,
        '‘' | '’' => 222 + 56 * u16::from(bold),
        '“' | '”' => 333 + 167 * u16::from(bold),
        '…' | '—' | 'Œ' | 'Æ' => 1000,
        'œ' => 944,
        'æ' => 889,
        _ => match base_letter(c) {
            c @ ' '..='~' => table[c as usize - 0x20],
            // Unknown glyph: a generous average, so estimates err on the wide side.
            _ => 611,
        },
    }
}

/// Width of `text` set in `font` at `size_pt`, in millimetres (in the embedded Unicode font when
/// the text needs it, as the canvas draws it).
pub(crate) fn text_width_mm(text: &str, font: Font, size_pt: f32) -> f32 {
    if crate::unicode_font::needed(text) {
        let (_, width_em) = crate::unicode_font::lay_out(text, font.is_bold());
        return width_em * size_pt * MM_PER_PT;
    }
    let em: u32 = text.chars().map(|c| u32::from(char_width(font, c))).sum();
    em as f32 / 1000.0 * size_pt * MM_PER_PT
}

pub(crate) const MM_PER_PT: f32 = 25.4 / 72.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accents_measure_like_their_base_letter() {
        assert_eq!(
            text_width_mm("Événement", Font::Regular, 10.0),
            text_width_mm("Evenement", Font::Regular, 10.0)
        );
    }

    #[test]
    fn courier_is_monospaced() {
        let w = text_width_mm("CLV7K2M9QX4", Font::Mono, 10.0);
        assert!((w - 11.0 * 6.0 * MM_PER_PT).abs() < 1e-4);
    }
}

#[cfg(test)]
mod font_file_check {
    use super::*;

    /// The tables were typed from the AFM files; printpdf ships metric-compatible TrueType
    /// versions of the same fonts. Check one against the other: ASCII must match, and other
    /// characters must never be underestimated (that is what would make text overflow).
    #[test]
    fn widths_match_the_font_files_printpdf_ships() {
        for font in [Font::Regular, Font::Bold] {
            let parsed = font.builtin().get_parsed_font().unwrap();
            let upm = f32::from(parsed.units_per_em);
            let real = |c: char| {
                let gid = parsed.lookup_glyph_index(c as u32).unwrap();
                f32::from(parsed.get_glyph_width(gid).unwrap()) / upm * 1000.0
            };
            // The space has no outline, hence no glyph in these subset files: skip it.
            for c in '!'..='~' {
                let ours = f32::from(char_width(font, c));
                assert!(
                    (real(c) - ours).abs() <= 2.0,
                    "{font:?} {c:?}: {ours} vs {}",
                    real(c)
                );
            }
            for c in "éèêëàâäçîïôöûùüÿœæÉÈÊÀÂÇÎÏÔÙÛÜŒ«»…–—‘’“”".chars()
            {
                let ours = f32::from(char_width(font, c));
                assert!(
                    ours >= real(c) - 2.0,
                    "{font:?} {c:?}: {ours} vs {}",
                    real(c)
                );
            }
        }
    }
}
