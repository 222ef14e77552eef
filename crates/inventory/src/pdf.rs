//! The printable entry slip: merchant, date, one line per product with SKU, name, quantity and
//! a Code128 barcode of the movement's code (scanned at the hub on arrival).

use colivra_core::{AppError, AppResult, Language, Scope, UserId};
use colivra_db::DbConnection;
use colivra_documents::{Column, Counterpart, LabeledValue, ListingDocument};

/// The PDF of the entry slip with this key, within `scope` (404 outside it), in `language`.
pub fn entry_slip_pdf(
    conn: &mut DbConnection,
    viewer: UserId,
    scope: Scope,
    slip_key: &str,
    company_name: &str,
    language: Language,
) -> AppResult<Vec<u8>> {
    let pick = |fr: &str, en: &str, ar: &str| language.pick(fr, en, ar).to_owned();
    let slip = crate::movements::slip(conn, viewer, scope, slip_key)?;
    let mut lines = vec![slip
        .merchant
        .company
        .clone()
        .unwrap_or(slip.merchant.name.clone())];
    if slip.merchant.company.is_some() {
        lines.push(slip.merchant.name.clone());
    }
    let mut details = Vec::new();
    if let Some(comment) = &slip.comment {
        details.push(LabeledValue::new(
            pick("Commentaire", "Comment", "تعليق"),
            comment.clone(),
        ));
    }
    let total: i64 = slip.movements.iter().map(|m| m.quantity).sum();
    let document = ListingDocument {
        company_name: company_name.to_owned(),
        title: pick(
            "Bon d'entrée en stock",
            "Stock entry slip",
            "وصل إدخال المخزون",
        ),
        key: slip.code.clone(),
        date: slip.created_at.format("%d/%m/%Y %H:%M").to_string(),
        counterpart: Counterpart {
            label: pick("Client", "Merchant", "التاجر"),
            lines,
        },
        details,
        columns: vec![
            Column::barcode(pick("Mouvement", "Movement", "الحركة"), 5.0),
            Column::text("SKU", 3.0),
            Column::text(pick("Produit", "Product", "المنتج"), 5.0),
            Column::right(pick("Quantité", "Quantity", "الكمية"), 2.0),
        ],
        rows: slip
            .movements
            .iter()
            .map(|m| {
                vec![
                    m.code.clone(),
                    m.inventory.sku.clone(),
                    m.inventory.name.clone(),
                    m.quantity.to_string(),
                ]
            })
            .collect(),
        totals: vec![
            LabeledValue::new(
                pick("Nombre de lignes", "Lines", "عدد الأسطر"),
                slip.movements.len().to_string(),
            ),
            LabeledValue::new(
                pick("Quantité totale", "Total quantity", "الكمية الإجمالية"),
                total.to_string(),
            ),
        ],
        signatures: vec![
            pick(
                "Signature du client",
                "Merchant's signature",
                "توقيع التاجر",
            ),
            pick("Signature de l'agent", "Agent's signature", "توقيع الموظف"),
        ],
        reference: format!(
            "{} {}",
            pick("Bon d'entrée", "Entry slip", "وصل الإدخال"),
            slip.code
        ),
        language,
        ..Default::default()
    };
    colivra_documents::listing_document(&document).map_err(AppError::internal)
}
