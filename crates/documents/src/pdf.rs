//! Turning drawn pages into PDF bytes, the same bytes for the same input.
//!
//! printpdf stamps each file with a random `/ID` and, by default, no particular dates. We set the
//! dates to a fixed instant and derive the `/ID` from the page contents, so rendering a document
//! twice gives identical files (useful for caching, ETags and golden tests).

use printpdf::{PdfDocument, PdfPage, PdfSaveOptions};

use crate::DocumentError;

/// The instant written as the PDF's creation and modification date (2000-01-01T00:00:00Z).
/// The date that matters to people is printed on the page; this one only has to be stable.
const METADATA_DATE_UNIX: i64 = 946_684_800;

pub(crate) fn render(title: &str, pages: Vec<PdfPage>) -> Result<Vec<u8>, DocumentError> {
    let date = printpdf::OffsetDateTime::from_unix_timestamp(METADATA_DATE_UNIX)
        .map_err(|e| DocumentError::Pdf(e.to_owned()))?;
    let mut pdf = PdfDocument::new(title);
    let info = &mut pdf.metadata.info;
    info.creation_date = date;
    info.modification_date = date;
    info.metadata_date = date;
    info.creator = "Colivra".to_owned();
    info.producer = "Colivra (printpdf)".to_owned();
    // The embedded Unicode font, for the pages that use it (only then: it weighs 64 KB).
    for (id, font) in crate::unicode_font::all() {
        let used = pages.iter().any(|page| {
            page.ops.iter().any(|op| {
                matches!(op, printpdf::Op::SetFont { font: printpdf::PdfFontHandle::External(used), .. } if *used == id)
            })
        });
        if used {
            pdf.resources
                .fonts
                .map
                .insert(id, printpdf::PdfFont::new(font.clone()));
        }
    }
    pdf.pages = pages;

    let options = PdfSaveOptions {
        optimize: true,
        subset_fonts: true,
        secure: true,
        image_optimization: None,
    };
    let mut warnings = Vec::new();
    let mut doc = pdf.to_lopdf_document(&options, &mut warnings);

    // A content fingerprint instead of printpdf's random identifier.
    let mut hash = Fnv64::new();
    for object in doc.objects.values() {
        if let Ok(stream) = object.as_stream() {
            hash.write(&stream.content);
        }
    }
    let id = format!("{:016x}", hash.finish()).into_bytes();
    doc.trailer.set(
        "ID",
        lopdf::Object::Array(vec![
            lopdf::Object::string_literal(id.clone()),
            lopdf::Object::string_literal(id),
        ]),
    );

    doc.compress();
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes)
        .map_err(|e| DocumentError::Pdf(e.to_string()))?;
    Ok(bytes)
}

/// FNV-1a, 64 bits: tiny, stable across Rust versions (unlike `DefaultHasher`), and plenty to
/// tell documents apart; nothing here is a security boundary.
struct Fnv64(u64);

impl Fnv64 {
    fn new() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
