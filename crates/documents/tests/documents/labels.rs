//! Parcel labels, read back from the PDF.

use crate::common::{label, page_count, tracking_code};
use colivra_documents::{extract_text, parcel_labels, LabelLayout, Language, ParcelKind};

#[test]
fn one_a6_label_is_one_page() {
    let pdf = parcel_labels(&[label(0)], LabelLayout::A6, Language::Fr).unwrap();
    assert_eq!(page_count(&pdf), 1);
    assert!(pdf.starts_with(b"%PDF-"));
}

#[test]
fn five_labels_four_per_sheet_make_two_pages() {
    let labels: Vec<_> = (0..5).map(label).collect();
    let pdf = parcel_labels(&labels, LabelLayout::A4x4, Language::Fr).unwrap();
    assert_eq!(page_count(&pdf), 2);
    let text = extract_text(&pdf).unwrap();
    for i in 0..5 {
        assert!(
            text.contains(&tracking_code(i)),
            "missing {}",
            tracking_code(i)
        );
    }
    let a6 = parcel_labels(&labels, LabelLayout::A6, Language::Fr).unwrap();
    assert_eq!(page_count(&a6), 5);
}

#[test]
fn label_text_says_what_the_delivery_person_needs() {
    let mut fragile = label(7);
    fragile.tracking_code = "CLV7K2M9QX4".into();
    fragile.fragile = true;
    fragile.can_open = false;
    fragile.city = "Fès".into();
    let text =
        extract_text(&parcel_labels(&[fragile], LabelLayout::A6, Language::Fr).unwrap()).unwrap();
    for expected in [
        "CLV7K2M9QX4",
        "1 234,50 DH",
        "Fès",
        "FRAGILE",
        "Ne pas ouvrir",
        "Colivra",
        "21/11/2026",
        "Fatima Zahra El Idrissi 7",
        "0612345678",
        "12 rue des Orangers, quartier Maârif, près de la pharmacie",
        "Boutique Atlas",
        "Youssef Benali",
        "0522000000",
        "Babouches en cuir, taille 42",
        "Appeler avant de passer",
    ] {
        assert!(text.contains(expected), "{expected:?} not in:\n{text}");
    }
    assert!(!text.contains("ÉCHANGE") && !text.contains("REMBOURSEMENT"));

    let plain =
        extract_text(&parcel_labels(&[label(8)], LabelLayout::A6, Language::Fr).unwrap()).unwrap();
    assert!(!plain.contains("FRAGILE"));
    assert!(plain.contains("Ouverture autorisée"));
}

#[test]
fn exchange_and_refund_labels_carry_a_banner() {
    let mut exchange = label(1);
    exchange.kind = ParcelKind::Exchange;
    let mut refund = label(2);
    refund.kind = ParcelKind::Refund;
    let text =
        extract_text(&parcel_labels(&[exchange, refund], LabelLayout::A6, Language::Fr).unwrap())
            .unwrap();
    assert!(text.contains("ÉCHANGE"));
    assert!(text.contains("REMBOURSEMENT"));
    assert!(text.contains("À REMBOURSER"));
    assert_eq!(ParcelKind::from_key("refund"), Some(ParcelKind::Refund));
    assert_eq!(ParcelKind::from_key("nope"), None);
}

#[test]
fn a_very_long_address_is_fitted_not_a_panic() {
    let mut long = label(3);
    long.address = "Lotissement Al Massira, ".repeat(300) + &"Z".repeat(2_000);
    long.note = Some("n".repeat(5_000));
    for layout in [LabelLayout::A6, LabelLayout::A4x4] {
        let pdf = parcel_labels(std::slice::from_ref(&long), layout, Language::Fr).unwrap();
        let text = extract_text(&pdf).unwrap();
        assert!(text.contains("Lotissement Al Massira"));
        assert!(text.contains('…'), "a cut address ends with an ellipsis");
    }
}

#[test]
fn refuses_what_cannot_be_printed() {
    assert!(parcel_labels(&[], LabelLayout::A6, Language::Fr).is_err());
    let mut bad = label(0);
    bad.tracking_code = "CLV-É".into();
    let err = parcel_labels(&[bad], LabelLayout::A6, Language::Fr).unwrap_err();
    assert!(err.to_string().contains("CLV-É"), "{err}");
}

#[test]
fn same_labels_same_bytes() {
    let labels: Vec<_> = (0..6).map(label).collect();
    let a = parcel_labels(&labels, LabelLayout::A4x4, Language::Fr).unwrap();
    let b = parcel_labels(&labels, LabelLayout::A4x4, Language::Fr).unwrap();
    assert_eq!(a, b);
    let other = parcel_labels(&labels[1..], LabelLayout::A4x4, Language::Fr).unwrap();
    assert_ne!(a, other);
}

/// Arabic names and addresses print in Arabic (not "?"), shaped and right to left, and the
/// PDF's text gives the typed strings back. The rendered page is written to
/// `target/test-artifacts/label-arabic.pdf` (and `.png` when poppler's `pdftoppm` is there) to
/// be looked at.
#[test]
fn arabic_recipients_print_in_arabic_and_read_back_as_typed() {
    let mut arabic = label(3);
    arabic.recipient_name = "فاطمة الزهراء".into();
    arabic.address = "حي السلام، زنقة 12، الدار البيضاء".into();
    arabic.city = "الدار البيضاء".into();
    arabic.note = Some("اتصل قبل التوصيل (Appeler avant)".into());
    let pdf = parcel_labels(&[arabic], LabelLayout::A6, Language::Fr).unwrap();
    let (text, dir) = crate::common::poppler_text("label-arabic", &pdf);
    // A line mixing Arabic and digits comes back in display order with direction marks; each
    // of its words comes back as typed.
    for expected in [
        "فاطمة الزهراء",
        "الدار البيضاء",
        "حي السلام",
        "زنقة",
        "12",
        "اتصل قبل التوصيل",
        "Appeler avant",
    ] {
        assert!(text.contains(expected), "{expected:?} not in:\n{text}");
    }
    assert!(!text.contains('?'), "{text}");
    let _ = std::process::Command::new("pdftoppm")
        .args(["-png", "-r", "110", "-singlefile"])
        .arg(dir.join("label-arabic.pdf"))
        .arg(dir.join("label-arabic"))
        .status();
}

/// The label's own captions are in the language asked for; what the caller hands over (names,
/// amounts, the code) prints the same in each.
#[test]
fn captions_follow_the_documents_language() {
    let mut refund = label(4);
    refund.kind = ParcelKind::Refund;
    refund.can_open = false;
    let french =
        extract_text(&parcel_labels(&[refund.clone()], LabelLayout::A6, Language::Fr).unwrap())
            .unwrap();
    assert!(
        french.contains("DESTINATAIRE") && french.contains("À REMBOURSER"),
        "{french}"
    );
    let english =
        extract_text(&parcel_labels(&[refund.clone()], LabelLayout::A6, Language::En).unwrap())
            .unwrap();
    for expected in [
        "RECIPIENT",
        "SENDER",
        "TO REFUND",
        "Do not open",
        "REFUND",
        &refund.tracking_code,
    ] {
        assert!(
            english.contains(expected),
            "{expected:?} not in:\n{english}"
        );
    }
    assert!(!english.contains("DESTINATAIRE"), "{english}");
    let pdf = parcel_labels(&[refund.clone()], LabelLayout::A6, Language::Ar).unwrap();
    let (arabic, _) = crate::common::poppler_text("label-arabic-captions", &pdf);
    for expected in [
        "المستلم",
        "ممنوع الفتح",
        "استرداد",
        refund.tracking_code.as_str(),
    ] {
        assert!(arabic.contains(expected), "{expected:?} not in:\n{arabic}");
    }
    assert!(!arabic.contains('?'), "{arabic}");
}
