//! Times the two heavy cases: 100 labels and a 500-row listing.
//!
//! `cargo run -p colivra-documents --release --example render_timing`

use std::time::Instant;

use colivra_core::Centimes;
use colivra_documents::{
    listing_document, parcel_labels, Column, Counterpart, LabelLayout, LabeledValue, Language,
    ListingDocument, ParcelLabel,
};

fn code(i: usize) -> String {
    format!("CLV{:08X}", i * 7_919 + 12_345)
}

fn main() {
    let labels: Vec<ParcelLabel> = (0..100)
        .map(|i| ParcelLabel {
            company_name: "Colivra".into(),
            tracking_code: code(i),
            created_at: "21/11/2026".into(),
            recipient_name: format!("Destinataire {i}"),
            recipient_phone: "0612345678".into(),
            city: "Casablanca".into(),
            address: "12 rue des Orangers, quartier Maârif, près de la pharmacie".into(),
            cod_amount: Centimes::new(12_345).times(i as i64),
            merchant_name: "Youssef Benali".into(),
            shop_name: "Boutique Atlas".into(),
            shop_phone: "0522000000".into(),
            product: Some("Babouches".into()),
            fragile: i % 3 == 0,
            ..Default::default()
        })
        .collect();
    let listing = ListingDocument {
        company_name: "Colivra".into(),
        title: "Bon de sortie".into(),
        key: "BS7K2M9QX4".into(),
        date: "21/11/2026".into(),
        counterpart: Counterpart {
            label: "Livreur".into(),
            lines: vec!["Karim Alaoui".into(), "0661000000".into()],
        },
        details: vec![],
        columns: vec![
            Column::right("N°", 1.0),
            Column::barcode("Code de suivi", 5.0),
            Column::text("Destinataire", 4.5),
            Column::text("Téléphone", 3.0),
            Column::text("Ville", 3.0),
            Column::right("Montant", 3.0),
        ],
        rows: (0..500)
            .map(|i| {
                vec![
                    (i + 1).to_string(),
                    code(i),
                    format!("Destinataire {i}"),
                    "0612345678".into(),
                    "Rabat".into(),
                    Centimes::new(10_000 + i as i64).on_document(),
                ]
            })
            .collect(),
        totals: vec![LabeledValue::new("Total", "1 234,50 DH")],
        signatures: vec!["Signature du livreur".into(), "Signature de l'agent".into()],
        ..Default::default()
    };

    let runs = 5;
    for (name, render) in [
        (
            "100 labels, A6",
            Box::new(|| parcel_labels(&labels, LabelLayout::A6, Language::Fr))
                as Box<dyn Fn() -> _>,
        ),
        (
            "100 labels, A4x4",
            Box::new(|| parcel_labels(&labels, LabelLayout::A4x4, Language::Fr)),
        ),
        ("500-row listing", Box::new(|| listing_document(&listing))),
    ] {
        let bytes = render().unwrap(); // warm-up
        let start = Instant::now();
        for _ in 0..runs {
            render().unwrap();
        }
        let each = start.elapsed() / runs;
        println!("{name}: {each:?} per render, {} KiB", bytes.len() / 1024);
    }
}
