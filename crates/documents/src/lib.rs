//! PDF rendering shared by parcel labels, vouchers and invoices.
//!
//! This crate turns plain values into PDF bytes and knows nothing of the database or HTTP: the
//! callers (vouchers, invoicing, parcels) load what to print, format dates, and hand over
//! strings. The captions this crate prints itself ("Page n / N", a label's "DESTINATAIRE"…)
//! are in the document's [`Language`] (French, English or Arabic, see `words`); amounts are
//! written by `Centimes::on_document` (Latin digits in every language, as Moroccan usage has it).
//!
//! - [`parcel_labels`]: A6 labels, one per page or four per A4 sheet, with a Code128 barcode.
//! - [`listing_document`]: the A4 layout of every voucher and invoice (company identity, code
//!   barcode, counterpart, paginated table, totals, remarks, signature boxes; every page's
//!   footer with the legal identifiers, the document's reference and "Page n / N"). Text wraps,
//!   it is never cut.
//! - `extract_text` (feature `text`): reads a PDF's text back, for tests.
//!
//! Documents use the PDF built-in fonts (Helvetica, Courier) for text WinAnsi covers (French):
//! nothing to embed, small files. A string with anything else (Arabic names and addresses) is
//! drawn with DejaVu Sans, embedded, shaped and ordered right to left (`unicode_font`, `arabic`).
//! Output is deterministic: the same input gives the same bytes.
//!
//! # Feature `text`
//!
//! Adds `extract_text`. Enable it in the `[dev-dependencies]` of a crate whose tests check
//! what a PDF says:
//!
//! ```toml
//! [dev-dependencies]
//! colivra-documents = { workspace = true, features = ["text"] }
//! ```
//!
//! It adds no dependency: the PDF reader it uses (lopdf) is already printpdf's own.
//!
//! # Example
//!
//! ```
//! use colivra_core::Centimes;
//! use colivra_documents::{listing_document, Column, Counterpart, LabeledValue, ListingDocument};
//!
//! let voucher = ListingDocument {
//!     company_name: "Colivra".into(),
//!     title: "Bon de ramassage".into(),
//!     key: "BR7K2M9QX4".into(),
//!     date: "21/11/2026".into(),
//!     counterpart: Counterpart {
//!         label: "Client".into(),
//!         lines: vec!["Boutique Atlas".into(), "0522000000".into()],
//!     },
//!     columns: vec![
//!         Column::barcode("Code de suivi", 5.0),
//!         Column::text("Destinataire", 4.0),
//!         Column::right("Montant", 2.0),
//!     ],
//!     rows: vec![vec![
//!         "CLV7K2M9QX4".into(),
//!         "Fatima".into(),
//!         Centimes::new(12_000).on_document(),
//!     ]],
//!     totals: vec![LabeledValue::new("Total", Centimes::new(12_000).on_document())],
//!     signatures: vec!["Signature du client".into(), "Signature de l'agent".into()],
//!     ..Default::default()
//! };
//! let pdf: Vec<u8> = listing_document(&voucher)?;
//! assert!(pdf.starts_with(b"%PDF"));
//! # Ok::<(), colivra_documents::DocumentError>(())
//! ```

mod arabic;
mod barcode;
mod canvas;
mod label;
mod listing;
mod metrics;
mod pdf;
pub mod sheet;
#[cfg(feature = "text")]
mod text;
mod unicode_font;
mod words;

pub use colivra_core::Language;

pub use label::{parcel_labels, LabelLayout, ParcelKind, ParcelLabel};
pub use listing::{
    listing_document, Column, Counterpart, LabeledValue, ListingDocument, MAX_COMPANY_LINES,
    MAX_COUNTERPART_LINES, MAX_DETAILS, MAX_FOOTER_LINES, MAX_REMARKS, MAX_SIGNATURES, MAX_TOTALS,
};
#[cfg(feature = "text")]
pub use text::extract_text;

/// Why a document could not be rendered (or, with `text`, read).
#[derive(Debug, thiserror::Error)]
pub enum DocumentError {
    /// Nothing to print, e.g. an empty list of labels.
    #[error("nothing to print: {0}")]
    Empty(&'static str),
    /// The input does not describe a printable document (e.g. a row with too few cells).
    #[error("invalid document: {0}")]
    Invalid(String),
    /// The value cannot be written as a Code128 barcode (only printable ASCII can, and not the
    /// empty string).
    #[error("cannot print {value:?} as a barcode: only printable ASCII characters are allowed")]
    Barcode { value: String },
    /// The PDF writer failed.
    #[error("PDF rendering failed: {0}")]
    Pdf(String),
    /// The bytes given to `extract_text` are not a readable PDF.
    #[error("cannot read PDF: {0}")]
    Parse(String),
}
