//! The listing document (vouchers, invoices), read back from the PDF.

mod common;

use colivra_documents::{extract_text, listing_document, Column, DocumentError, LabeledValue};
use common::{page_count, page_texts, tracking_code, voucher};

#[test]
fn empty_listing_is_one_page_with_header_totals_and_signatures() {
    let mut doc = voucher(0);
    doc.totals = vec![LabeledValue::new("Nombre de colis", "0")];
    let pdf = listing_document(&doc).unwrap();
    assert_eq!(page_count(&pdf), 1);
    let text = extract_text(&pdf).unwrap();
    for expected in [
        "Colivra",
        "Bon de ramassage",
        "BR7K2M9QX4",
        "21/11/2026",
        "Client",
        "Boutique Atlas",
        "Code de suivi",
        "Aucune ligne",
        "Nombre de colis",
        "Signature du client",
        "Signature de l'agent",
        "Page 1 / 1",
    ] {
        assert!(text.contains(expected), "{expected:?} not in:\n{text}");
    }
}

#[test]
fn long_listing_breaks_pages_and_repeats_the_header_row() {
    let pdf = listing_document(&voucher(120)).unwrap();
    let pages = page_texts(&pdf);
    let n = pages.len();
    assert!(n >= 3, "120 rows on {n} pages");
    for (i, page) in pages.iter().enumerate() {
        let number = i + 1;
        // Every page holding rows starts the table with its header row (a last page may hold
        // only the totals and signatures that did not fit under the last rows).
        if page.contains("CLV") {
            assert!(
                page.contains("Code de suivi"),
                "no header row on page {number}"
            );
            assert!(
                page.contains("Destinataire\n"),
                "no header row on page {number}"
            );
        }
        assert!(
            page.contains(&format!("Page {number} / {n}")),
            "footer of page {number}"
        );
    }
    assert!(
        pages[n - 2].contains("CLV"),
        "a page without rows before the last"
    );
    let text = extract_text(&pdf).unwrap();
    for i in 0..120 {
        assert!(text.contains(&tracking_code(i)), "row {i} missing");
        assert!(
            text.contains(&format!("Destinataire {i}\n")),
            "row {i} missing"
        );
    }
    // Each row once, the totals and signatures at the end only.
    assert_eq!(text.matches(&tracking_code(42)).count(), 1);
    let last = &pages[n - 1];
    assert!(last.contains("Total à encaisser") && last.contains("98 765,43 DH"));
    assert!(last.contains("Signature du client"));
    assert!(!pages[0].contains("Total à encaisser"));
    // Pages after the first recall which document they belong to.
    assert!(pages[1].contains("Colivra – Bon de ramassage"));
}

#[test]
fn rows_without_barcode_column_and_amount_alignment() {
    let mut doc = voucher(30);
    doc.columns[1] = Column::text("Code", 3.0);
    let text = extract_text(&listing_document(&doc).unwrap()).unwrap();
    assert!(text.contains(&tracking_code(29)));
    assert!(text.contains("100,29 DH"));
}

#[test]
fn malformed_documents_are_refused() {
    let mut doc = voucher(3);
    doc.rows[1].pop();
    assert!(matches!(
        listing_document(&doc),
        Err(DocumentError::Invalid(_))
    ));

    let mut doc = voucher(1);
    doc.columns.clear();
    doc.rows.clear();
    assert!(matches!(
        listing_document(&doc),
        Err(DocumentError::Invalid(_))
    ));

    let mut doc = voucher(1);
    doc.columns[0].width = 0.0;
    assert!(matches!(
        listing_document(&doc),
        Err(DocumentError::Invalid(_))
    ));

    let mut doc = voucher(1);
    doc.key = String::new();
    assert!(matches!(
        listing_document(&doc),
        Err(DocumentError::Barcode { .. })
    ));

    let mut doc = voucher(1);
    doc.rows[0][1] = "Code accentué é".into();
    assert!(matches!(
        listing_document(&doc),
        Err(DocumentError::Barcode { .. })
    ));
}

#[test]
fn same_document_same_bytes() {
    let a = listing_document(&voucher(50)).unwrap();
    assert_eq!(a, listing_document(&voucher(50)).unwrap());
}

#[test]
fn five_hundred_rows() {
    let pdf = listing_document(&voucher(500)).unwrap();
    let n = page_count(&pdf);
    assert!(n > 20, "{n} pages");
    let text = extract_text(&pdf).unwrap();
    assert!(text.contains(&tracking_code(499)));
    assert!(text.contains(&format!("Page {n} / {n}")));
}

/// Vouchers and invoices print Arabic names, shop names and cities in Arabic, read back as typed
/// by poppler (a reader this project did not write).
#[test]
fn arabic_rows_and_counterpart_print_in_arabic() {
    let mut doc = voucher(2);
    doc.counterpart.lines[0] = "متجر الأطلس".into();
    doc.rows[0][2] = "فاطمة الزهراء".into();
    doc.rows[1][4] = "الدار البيضاء".into();
    let pdf = listing_document(&doc).unwrap();
    let (text, _) = common::poppler_text("listing-arabic", &pdf);
    for expected in [
        "متجر الأطلس",
        "فاطمة الزهراء",
        "الدار البيضاء",
        "Destinataire 1",
    ] {
        assert!(text.contains(expected), "{expected:?} not in:\n{text}");
    }
    assert!(!text.contains('?'), "{text}");
}
