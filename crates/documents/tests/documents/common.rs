//! Sample documents and PDF inspection helpers shared by the integration tests.
#![allow(dead_code)] // each test file uses its own subset

use colivra_documents::{
    Column, Counterpart, LabeledValue, ListingDocument, ParcelKind, ParcelLabel,
};

/// Tracking codes in the domain's alphabet, distinct for each `i`.
pub fn tracking_code(i: usize) -> String {
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    let mut n = i;
    let mut tail = String::new();
    for _ in 0..8 {
        tail.push(ALPHABET[n % ALPHABET.len()] as char);
        n /= ALPHABET.len();
    }
    format!("CLV{tail}")
}

pub fn label(i: usize) -> ParcelLabel {
    ParcelLabel {
        company_name: "Colivra".into(),
        tracking_code: tracking_code(i),
        created_at: "21/11/2026".into(),
        kind: ParcelKind::Standard,
        recipient_name: format!("Fatima Zahra El Idrissi {i}"),
        recipient_phone: "0612345678".into(),
        city: "Casablanca".into(),
        address: "12 rue des Orangers, quartier Maârif, près de la pharmacie".into(),
        cod_amount: colivra_core::Centimes::new(123_450),
        merchant_name: "Youssef Benali".into(),
        shop_name: "Boutique Atlas".into(),
        shop_phone: "0522000000".into(),
        product: Some("Babouches en cuir, taille 42".into()),
        note: Some("Appeler avant de passer".into()),
        can_open: true,
        fragile: false,
    }
}

pub fn voucher(rows: usize) -> ListingDocument {
    ListingDocument {
        company_name: "Colivra".into(),
        title: "Bon de ramassage".into(),
        key: "BR7K2M9QX4".into(),
        date: "21/11/2026".into(),
        counterpart: Counterpart {
            label: "Client".into(),
            lines: vec![
                "Boutique Atlas".into(),
                "Youssef Benali".into(),
                "0522000000".into(),
                "Casablanca".into(),
            ],
        },
        details: vec![LabeledValue::new("Statut", "Nouveau")],
        columns: vec![
            Column::right("N°", 1.0),
            Column::barcode("Code de suivi", 5.0),
            Column::text("Destinataire", 4.5),
            Column::text("Téléphone", 3.0),
            Column::text("Ville", 3.0),
            Column::right("Montant", 3.0),
        ],
        rows: (0..rows)
            .map(|i| {
                vec![
                    (i + 1).to_string(),
                    tracking_code(i),
                    format!("Destinataire {i}"),
                    "0612345678".into(),
                    "Rabat".into(),
                    colivra_core::Centimes::new(10_000 + i as i64).on_document(),
                ]
            })
            .collect(),
        totals: vec![
            LabeledValue::new("Nombre de colis", rows.to_string()),
            LabeledValue::new("Total à encaisser", "98 765,43 DH"),
        ],
        signatures: vec!["Signature du client".into(), "Signature de l'agent".into()],
        ..Default::default()
    }
}

pub fn page_count(pdf: &[u8]) -> usize {
    lopdf::Document::load_mem(pdf).unwrap().get_pages().len()
}

/// The text of each page separately.
pub fn page_texts(pdf: &[u8]) -> Vec<String> {
    let doc = lopdf::Document::load_mem(pdf).unwrap();
    doc.get_pages()
        .keys()
        .map(|n| doc.extract_text(&[*n]).unwrap())
        .collect()
}

/// A filled rectangle on a page, in points from the bottom-left corner.
#[derive(Debug, Clone, Copy)]
pub struct FilledRect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

/// Every filled rectangle (`re` … `f`) drawn on page `page` (1-based).
pub fn filled_rects(pdf: &[u8], page: u32) -> Vec<FilledRect> {
    let doc = lopdf::Document::load_mem(pdf).unwrap();
    let page_id = doc.get_pages()[&page];
    let content = lopdf::content::Content::decode(&doc.get_page_content(page_id)).unwrap();
    let mut pending = None;
    let mut rects = Vec::new();
    for op in content.operations {
        match op.operator.as_str() {
            "re" => {
                let n: Vec<f32> = op.operands.iter().map(|o| o.as_float().unwrap()).collect();
                pending = Some(FilledRect {
                    x: n[0],
                    y: n[1],
                    w: n[2],
                    h: n[3],
                });
            }
            "f" | "f*" => rects.extend(pending.take()),
            _ => pending = None,
        }
    }
    rects
}

/// Writes `pdf` to `target/test-artifacts/{name}.pdf` (to be looked at) and returns its text as
/// poppler's `pdftotext` reads it: a reader this project did not write, that rebuilds the reading
/// order from the glyphs' positions as PDF viewers do.
pub fn poppler_text(name: &str, pdf: &[u8]) -> (String, std::path::PathBuf) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/test-artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    // Read from a file of this process's own, then renamed into place: the SQLite and the
    // PostgreSQL passes run this program at the same time, and a half-written shared file read
    // back as half a document.
    let own = dir.join(format!("{name}.{}.pdf", std::process::id()));
    std::fs::write(&own, pdf).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args(["-enc", "UTF-8"])
        .arg(&own)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    std::fs::rename(&own, dir.join(format!("{name}.pdf"))).unwrap();
    (String::from_utf8_lossy(&out.stdout).into_owned(), dir)
}
