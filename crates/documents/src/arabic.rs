//! Arabic and mixed right-to-left text laid out for a PDF without a shaping engine.
//!
//! Two steps, both on the logical (typed) text:
//! - **shaping**: each Arabic letter takes its isolated, final, initial or medial form from the
//!   Arabic Presentation Forms blocks, as its neighbours join it; lam followed by an alef becomes
//!   the lam-alef ligature. Diacritics (harakat) ride along in their letter's text but are not
//!   drawn: names and addresses rarely carry them, and a mark placed without a shaping engine
//!   lands on the wrong letter.
//! - **ordering**: the Unicode bidirectional algorithm splits a line into runs, right-to-left
//!   ones drawn from right to left, with mirrored brackets.
//!
//! Each resulting glyph keeps the text it stands for, so a PDF's ToUnicode map gives the typed
//! string back, and [`layout`] keeps them in logical order with their visual positions.

use unicode_bidi::BidiInfo;

/// One drawn glyph: the character to draw (a presentation form, or the character itself) and
/// the text it stands for (one letter, a lam-alef pair, a letter and its marks).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glyph {
    pub draw: char,
    pub text: String,
}

/// A glyph in logical order with its place on the line, counted in glyph advances from the left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    pub glyph: Glyph,
    /// Index of this glyph in visual (left-to-right) order.
    pub visual_index: usize,
    /// Part of a right-to-left run.
    pub rtl: bool,
}

/// Isolated, final, initial, medial forms; right-joining letters have no initial or medial.
fn forms(c: char) -> Option<[u32; 4]> {
    let dual = |base: u32| [base, base + 1, base + 2, base + 3];
    let right = |base: u32| [base, base + 1, 0, 0];
    Some(match c as u32 {
        0x0621 => [0xFE80, 0, 0, 0],
        0x0622 => right(0xFE81),
        0x0623 => right(0xFE83),
        0x0624 => right(0xFE85),
        0x0625 => right(0xFE87),
        0x0626 => dual(0xFE89),
        0x0627 => right(0xFE8D),
        0x0628 => dual(0xFE8F),
        0x0629 => right(0xFE93),
        0x062A => dual(0xFE95),
        0x062B => dual(0xFE99),
        0x062C => dual(0xFE9D),
        0x062D => dual(0xFEA1),
        0x062E => dual(0xFEA5),
        0x062F => right(0xFEA9),
        0x0630 => right(0xFEAB),
        0x0631 => right(0xFEAD),
        0x0632 => right(0xFEAF),
        0x0633 => dual(0xFEB1),
        0x0634 => dual(0xFEB5),
        0x0635 => dual(0xFEB9),
        0x0636 => dual(0xFEBD),
        0x0637 => dual(0xFEC1),
        0x0638 => dual(0xFEC5),
        0x0639 => dual(0xFEC9),
        0x063A => dual(0xFECD),
        0x0641 => dual(0xFED1),
        0x0642 => dual(0xFED5),
        0x0643 => dual(0xFED9),
        0x0644 => dual(0xFEDD),
        0x0645 => dual(0xFEE1),
        0x0646 => dual(0xFEE5),
        0x0647 => dual(0xFEE9),
        0x0648 => right(0xFEED),
        0x0649 => right(0xFEEF),
        0x064A => dual(0xFEF1),
        // Letters of Moroccan and Persian spelling: peh, tcheh, veh, ng (Amazigh names), gaf,
        // keheh, farsi yeh.
        0x067E => dual(0xFB56),
        0x0686 => dual(0xFB7A),
        0x06A4 => dual(0xFB6A),
        0x06AD => dual(0xFBD3),
        0x06AF => dual(0xFB92),
        0x06A9 => dual(0xFB8E),
        0x06CC => dual(0xFBFC),
        _ => return None,
    })
}

/// Harakat and other marks that do not take part in joining.
fn is_transparent(c: char) -> bool {
    matches!(c as u32, 0x0610..=0x061A | 0x064B..=0x065F | 0x0670 | 0x06D6..=0x06ED)
}

const TATWEEL: char = '\u{0640}';
const LAM: char = '\u{0644}';

/// Joins the letter after it (dual-joining letters and the tatweel).
fn joins_forward(c: char) -> bool {
    c == TATWEEL || forms(c).is_some_and(|f| f[2] != 0)
}

/// Joins the letter before it.
fn joins_backward(c: char) -> bool {
    c == TATWEEL || forms(c).is_some_and(|f| f[1] != 0)
}

/// The lam-alef ligature's isolated form for the alef that follows a lam.
fn lam_alef(alef: char) -> Option<u32> {
    match alef as u32 {
        0x0622 => Some(0xFEF5),
        0x0623 => Some(0xFEF7),
        0x0625 => Some(0xFEF9),
        0x0627 => Some(0xFEFB),
        _ => None,
    }
}

/// The text's glyphs in logical order, each with the byte offset where its text starts.
fn shape(text: &str) -> Vec<(usize, Glyph)> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let joining = |i: usize, step: isize| -> Option<char> {
        let mut j = i as isize + step;
        while j >= 0 && (j as usize) < chars.len() {
            let c = chars[j as usize].1;
            if !is_transparent(c) {
                return Some(c);
            }
            j += step;
        }
        None
    };
    let mut glyphs: Vec<(usize, Glyph)> = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let (offset, c) = chars[i];
        if is_transparent(c) {
            match glyphs.last_mut() {
                Some((_, glyph)) => glyph.text.push(c),
                None => glyphs.push((
                    offset,
                    Glyph {
                        draw: c,
                        text: c.to_string(),
                    },
                )),
            }
            i += 1;
            continue;
        }
        let joined_before = joining(i, -1).is_some_and(joins_forward);
        if c == LAM {
            let next = chars.get(i + 1).map(|(_, n)| *n);
            if let Some(ligature) = next.and_then(lam_alef) {
                let draw = ligature + u32::from(joined_before);
                glyphs.push((
                    offset,
                    Glyph {
                        draw: char::from_u32(draw).unwrap_or(c),
                        text: [c, next.unwrap_or(c)].iter().collect(),
                    },
                ));
                i += 2;
                continue;
            }
        }
        let draw = match forms(c) {
            None => c,
            Some(f) => {
                let joins_after = f[2] != 0 && joining(i, 1).is_some_and(joins_backward);
                let joins_before = joined_before && f[1] != 0;
                let code = match (joins_before, joins_after) {
                    (false, false) => f[0],
                    (true, false) => f[1],
                    (false, true) => f[2],
                    (true, true) => f[3],
                };
                char::from_u32(code).unwrap_or(c)
            }
        };
        glyphs.push((
            offset,
            Glyph {
                draw,
                text: c.to_string(),
            },
        ));
        i += 1;
    }
    glyphs
}

fn mirrored(c: char) -> char {
    match c {
        '(' => ')',
        ')' => '(',
        '[' => ']',
        ']' => '[',
        '{' => '}',
        '}' => '{',
        '<' => '>',
        '>' => '<',
        '«' => '»',
        '»' => '«',
        other => other,
    }
}

/// The glyphs of one line in logical order, each with its visual position.
pub fn layout(text: &str) -> Vec<Placed> {
    let shaped = shape(text);
    if shaped.is_empty() {
        return Vec::new();
    }
    let bidi = BidiInfo::new(text, None);
    let mut visual: Vec<usize> = Vec::with_capacity(shaped.len());
    let mut rtl_glyph = vec![false; shaped.len()];
    for paragraph in &bidi.paragraphs {
        let (levels, runs) = bidi.visual_runs(paragraph, paragraph.range.clone());
        for run in runs {
            let rtl = levels[run.start].is_rtl();
            let mut members: Vec<usize> = shaped
                .iter()
                .enumerate()
                .filter(|(_, (offset, _))| run.contains(offset))
                .map(|(i, _)| i)
                .collect();
            if rtl {
                members.reverse();
            }
            for i in members {
                rtl_glyph[i] = rtl;
                visual.push(i);
            }
        }
    }
    let mut placed: Vec<Placed> = shaped
        .into_iter()
        .enumerate()
        .map(|(i, (_, mut glyph))| {
            if rtl_glyph[i] {
                glyph.draw = mirrored(glyph.draw);
            }
            Placed {
                glyph,
                visual_index: 0,
                rtl: rtl_glyph[i],
            }
        })
        .collect();
    for (position, logical) in visual.into_iter().enumerate() {
        placed[logical].visual_index = position;
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn_visually(text: &str) -> String {
        let mut placed = layout(text);
        placed.sort_by_key(|p| p.visual_index);
        placed.iter().map(|p| p.glyph.draw).collect()
    }

    #[test]
    fn letters_take_their_joining_forms_and_lam_alef_ligates() {
        // فاطمة: feh initial, alef final, tah initial, meem medial, teh marbuta final.
        let glyphs: Vec<char> = shape("فاطمة").into_iter().map(|(_, g)| g.draw).collect();
        assert_eq!(
            glyphs,
            vec!['\u{FED3}', '\u{FE8E}', '\u{FEC3}', '\u{FEE4}', '\u{FE94}']
        );
        // سلام: seen initial, lam-alef final ligature, meem isolated.
        let glyphs: Vec<(char, String)> = shape("سلام")
            .into_iter()
            .map(|(_, g)| (g.draw, g.text))
            .collect();
        assert_eq!(
            glyphs,
            vec![
                ('\u{FEB3}', "س".to_owned()),
                ('\u{FEFC}', "لا".to_owned()),
                ('\u{FEE1}', "م".to_owned())
            ]
        );
    }

    #[test]
    fn right_to_left_runs_are_reversed_and_latin_and_digits_keep_their_order() {
        assert_eq!(drawn_visually("ab"), "ab");
        // Logical "فاطمة 12 Rue": the Arabic word drawn right to left at the right end of an
        // Arabic paragraph, the number and the Latin word keeping their own order.
        let visual = drawn_visually("فاطمة 12");
        assert!(visual.starts_with("12"), "{visual:?}");
        assert!(visual.ends_with('\u{FED3}'), "{visual:?}");
        let mixed = drawn_visually("Casablanca (الدار البيضاء)");
        assert!(mixed.starts_with("Casablanca ("), "{mixed:?}");
        assert!(mixed.ends_with(')'), "{mixed:?}");
    }

    #[test]
    fn every_typed_character_is_kept_in_some_glyph_in_logical_order() {
        for text in ["فاطمة الزهراء", "مُحَمَّد", "Rue 12, حي السلام", "لا", "ـلا"]
        {
            let back: String = layout(text).into_iter().map(|p| p.glyph.text).collect();
            assert_eq!(back, text);
        }
    }
}
