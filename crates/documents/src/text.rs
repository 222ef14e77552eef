//! Reading text back out of a PDF, for tests (behind the `text` feature).
//!
//! lopdf decodes the content streams with each font's encoding; for the built-in fonts this
//! crate uses that is WinAnsi, so French accents come back as written. Every string this crate
//! draws is its own text object, which lopdf ends with a line break: a drawn string is never
//! glued to its neighbour, and a tracking code or a title is found with `contains`.

use crate::DocumentError;

/// The text of every page of `pdf`, in page order, one drawn string per line.
///
/// Meant for tests (here and in other crates) that check what a document says; it reads PDFs
/// made by this crate reliably, not arbitrary PDFs.
pub fn extract_text(pdf: &[u8]) -> Result<String, DocumentError> {
    let doc = lopdf::Document::load_mem(pdf).map_err(|e| DocumentError::Parse(e.to_string()))?;
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    doc.extract_text(&pages)
        .map_err(|e| DocumentError::Parse(e.to_string()))
}
