//! The printable entry slip: merchant, date, one line per product with SKU, name, quantity and
//! a Code128 barcode of the movement's code (scanned at the hub on arrival).

use colivra_core::{AppError, AppResult, Scope};
use colivra_db::DbConnection;
use colivra_documents::{Column, Counterpart, LabeledValue, ListingDocument};

/// The PDF of the entry slip with this key, within `scope` (404 outside it).
pub fn entry_slip_pdf(
    conn: &mut DbConnection,
    viewer: i64,
    scope: Scope,
    slip_key: &str,
    company_name: &str,
) -> AppResult<Vec<u8>> {
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
        details.push(LabeledValue::new("Commentaire", comment.clone()));
    }
    let total: i64 = slip.movements.iter().map(|m| m.quantity).sum();
    let document = ListingDocument {
        company_name: company_name.to_owned(),
        title: "Bon d'entrée en stock".to_owned(),
        key: slip.code.clone(),
        date: slip.created_at.format("%d/%m/%Y %H:%M").to_string(),
        counterpart: Counterpart {
            label: "Client".into(),
            lines,
        },
        details,
        columns: vec![
            Column::barcode("Mouvement", 5.0),
            Column::text("SKU", 3.0),
            Column::text("Produit", 5.0),
            Column::right("Quantité", 2.0),
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
            LabeledValue::new("Nombre de lignes", slip.movements.len().to_string()),
            LabeledValue::new("Quantité totale", total.to_string()),
        ],
        signatures: vec![
            "Signature du client".to_owned(),
            "Signature de l'agent".to_owned(),
        ],
        reference: format!("Bon d'entrée {}", slip.code),
        ..Default::default()
    };
    colivra_documents::listing_document(&document).map_err(AppError::internal)
}
