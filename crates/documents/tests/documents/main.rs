//! The documents crate's tests, one binary: labels, listing documents (vouchers, invoices, entry
//! slips) and barcodes, each read back from the PDF.

mod barcode;
mod common;
mod labels;
mod listing;
