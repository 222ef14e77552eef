//! Code128 barcodes drawn as filled rectangles.
//!
//! `barcoders` computes the module pattern (start code, data, mod-103 checksum, stop); we draw
//! each run of dark modules as one rectangle. Vector bars stay sharp at any printer resolution
//! and need no image support in printpdf.

use crate::canvas::Canvas;
use crate::DocumentError;

/// Light modules a scanner needs on each side of the bars (Code128 asks for at least 10).
pub(crate) const QUIET_ZONE: usize = 10;

/// A Code128 symbol, as its sequence of modules (`true` = dark).
pub(crate) struct Code128 {
    modules: Vec<bool>,
}

impl Code128 {
    /// Encodes `value` with character set B, which covers all printable ASCII: tracking codes
    /// and document keys (upper-case letters and digits) fit, so does any reference a merchant
    /// may type. Anything else (accents, control characters) cannot be scanned back, so it is
    /// refused rather than silently altered.
    pub(crate) fn new(value: &str) -> Result<Self, DocumentError> {
        let refuse = || DocumentError::Barcode {
            value: value.to_owned(),
        };
        if value.is_empty() || !value.chars().all(|c| (' '..='~').contains(&c)) {
            return Err(refuse());
        }
        // "Ɓ" is how barcoders spells "start in character set B".
        let symbol =
            barcoders::sym::code128::Code128::new(format!("Ɓ{value}")).map_err(|_| refuse())?;
        Ok(Self {
            modules: symbol.encode().into_iter().map(|m| m == 1).collect(),
        })
    }

    /// Number of modules, quiet zones excluded.
    pub(crate) fn len(&self) -> usize {
        self.modules.len()
    }

    /// Module width (mm) so that bars plus both quiet zones fit in `max_w`, at most `max_module`.
    pub(crate) fn module_for(&self, max_w: f32, max_module: f32) -> f32 {
        (max_w / (self.len() + 2 * QUIET_ZONE) as f32).min(max_module)
    }

    /// Total width (mm) of the bars at `module` mm per module, quiet zones excluded.
    pub(crate) fn width(&self, module: f32) -> f32 {
        self.len() as f32 * module
    }

    /// Runs of dark modules, as (first module, number of modules).
    fn bars(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let mut i = 0;
        std::iter::from_fn(move || {
            while i < self.modules.len() && !self.modules[i] {
                i += 1;
            }
            if i >= self.modules.len() {
                return None;
            }
            let start = i;
            while i < self.modules.len() && self.modules[i] {
                i += 1;
            }
            Some((start, i - start))
        })
    }

    /// Draws the bars with their top-left corner at (`x`, `y`). The caller leaves the quiet
    /// zones free. Fill colour must be black (the canvas default).
    /// In a right-to-left document the code's place is mirrored, never its bars.
    pub(crate) fn draw(&self, canvas: &mut Canvas, x: f32, y: f32, module: f32, height: f32) {
        canvas.keep_order(x, self.width(module), |canvas, x| {
            for (start, len) in self.bars() {
                canvas.fill_rect(x + start as f32 * module, y, len as f32 * module, height);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_cover_exactly_the_dark_modules() {
        let code = Code128::new("CLV7K2M9QX4").unwrap();
        // Start + 11 data + checksum symbols of 11 modules, stop of 13.
        assert_eq!(code.len(), 13 * 11 + 13);
        let dark: usize = code.bars().map(|(_, n)| n).sum();
        assert_eq!(dark, code.modules.iter().filter(|m| **m).count());
        // Every Code128 symbol has three bars, the stop pattern four.
        assert_eq!(code.bars().count(), 13 * 3 + 4);
    }

    #[test]
    fn refuses_what_a_scanner_could_not_read_back() {
        assert!(Code128::new("").is_err());
        assert!(Code128::new("Réf-1").is_err());
        assert!(Code128::new("a\tb").is_err());
        assert!(Code128::new("ok-ref 12/3").is_ok());
    }
}
