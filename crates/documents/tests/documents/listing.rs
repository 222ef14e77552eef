//! The listing document (vouchers, invoices), read back from the PDF.

use crate::common::{page_count, page_texts, tracking_code, voucher};
use colivra_documents::{
    extract_text, listing_document, Column, DocumentError, LabeledValue, Language,
};

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
    let (text, _) = crate::common::poppler_text("listing-arabic", &pdf);
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

/// Where poppler (`pdftotext -bbox`) finds `word` on page 1: its left edge and the page's width.
fn word_left(pdf: &[u8], name: &str, word: &str) -> (f32, f32) {
    let (_, dir) = crate::common::poppler_text(name, pdf);
    let out = std::process::Command::new("pdftotext")
        .args(["-bbox", "-f", "1", "-l", "1"])
        .arg(dir.join(format!("{name}.pdf")))
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    let html = String::from_utf8_lossy(&out.stdout);
    let attribute = |line: &str, name: &str| -> f32 {
        let start = line.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        line[start..].split('"').next().unwrap().parse().unwrap()
    };
    let page = html.lines().find(|l| l.contains("<page ")).unwrap();
    let width = attribute(page, "width");
    let found = html
        .lines()
        .find(|l| l.contains("<word ") && l.contains(&format!(">{word}</word>")))
        .unwrap_or_else(|| panic!("{word} not in:\n{html}"));
    (attribute(found, "xMin"), width)
}

/// A document printed in Arabic reads from the right (issue 38): the first column (the tracking
/// code) and the document's title sit on the right half of the page, where in French they sit
/// on the left.
#[test]
fn an_arabic_document_is_laid_out_right_to_left() {
    let code = crate::common::tracking_code(0);
    let mut doc = voucher(2);
    let (french_x, width) = word_left(&listing_document(&doc).unwrap(), "listing-ltr", &code);
    assert!(french_x < width / 2.0, "{french_x} of {width}");
    doc.language = Language::Ar;
    let arabic = listing_document(&doc).unwrap();
    let (arabic_x, width) = word_left(&arabic, "listing-rtl", &code);
    assert!(arabic_x > width / 2.0, "{arabic_x} of {width}");
    // Each string keeps its own order: the code still reads as written.
    let (text, _) = crate::common::poppler_text("listing-rtl", &arabic);
    assert!(text.contains(&code), "{text}");
}

/// Whitespace (line breaks of wrapped text included) collapsed to single spaces.
fn collapsed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A legal invoice: the company's identity under its name, its identifiers and the document's
/// reference on every page, long texts wrapped whole (read back by poppler, a reader this
/// project did not write), never cut with an ellipsis.
#[test]
fn identity_reference_and_long_texts_print_whole_on_every_page() {
    let words = "Arrêtée la présente facture à la somme de : cent vingt-trois mille quatre cent \
                 cinquante-six dirhams et soixante-dix-huit centimes, payable par virement au RIB \
                 indiqué ci-dessus dans les quinze jours suivant sa date.";
    let reference = "VIR-BMCE-20261125-000123456789-ATLAS-MODE-CASABLANCA-LOT-0042";
    let address = "Résidence Al Fath, immeuble 4, appartement 12, angle boulevard Zerktouni et \
                   rue Ibnou Mounir, quartier Maârif, 20330 Casablanca";
    let mut doc = voucher(90);
    doc.company_name = "Colivra Logistique SARL".into();
    doc.company_lines = vec![
        "12 rue des Entrepreneurs, zone industrielle Sidi Maârouf, 20280 Casablanca".into(),
        "ICE 001234567000089 · IF 12345678 · RC 123456".into(),
    ];
    doc.legal_mention =
        "Colivra Logistique SARL · ICE 001234567000089 · IF 12345678 · RC 123456 · Patente 34567890 · CNSS 1234567"
            .into();
    doc.reference = "Facture FC-2026-000042".into();
    doc.key = "FC-2026-000042".into();
    doc.counterpart.lines[3] = address.into();
    doc.counterpart
        .lines
        .push("متجر الأطلس للأزياء التقليدية والعصرية بالدار البيضاء".into());
    doc.details
        .push(LabeledValue::new("Réf. du virement", reference));
    doc.rows[5][2] = "Fatima Zahra El Idrissi Benjelloun Alaoui Mdaghri".into();
    doc.remarks = vec![words.into()];
    let pdf = listing_document(&doc).unwrap();
    let (text, _) = crate::common::poppler_text("listing-legal", &pdf);
    let flat = collapsed(&text);
    // A reference has no space: it breaks after a hyphen, and reads whole once lines are joined.
    let joined: String = text.split_whitespace().collect();
    assert!(joined.contains(reference), "{reference:?} not in:\n{text}");
    for expected in [
        words,
        address,
        "Fatima Zahra El Idrissi Benjelloun Alaoui Mdaghri",
        "12 rue des Entrepreneurs, zone industrielle Sidi Maârouf, 20280 Casablanca",
        "ICE 001234567000089 · IF 12345678 · RC 123456",
    ] {
        assert!(
            flat.contains(&collapsed(expected)),
            "{expected:?} not in:\n{text}"
        );
    }
    for word in "متجر الأطلس للأزياء التقليدية والعصرية بالدار البيضاء".split(' ')
    {
        assert!(text.contains(word), "{word:?} not in:\n{text}");
    }
    assert!(!text.contains('…'), "something was cut:\n{text}");
    let pages = page_texts(&pdf);
    let n = pages.len();
    assert!(n >= 2, "{n} pages");
    for (i, page) in pages.iter().enumerate() {
        let page = collapsed(page);
        assert!(
            page.contains(&format!("Page {} / {n}", i + 1)),
            "page {}",
            i + 1
        );
        assert!(
            page.contains("Facture FC-2026-000042"),
            "page {}: {page}",
            i + 1
        );
        assert!(page.contains("CNSS 1234567"), "page {}", i + 1);
    }
}
