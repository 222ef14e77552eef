//! Importing products from a CSV or Excel file.

use colivra_core::{AppError, AppResult, FieldErrors, MerchantId, UserId};
use colivra_db::schema::inventories;
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;

use super::write::{check, insert, ValidProduct, SKU_TAKEN};
use super::InventoryInput;

/// The import template: `;` as Excel in French expects, one example.
pub const TEMPLATE_CSV: &str = "sku;name;alert_threshold\r\nTSHIRT-M;T-shirt taille M;5\r\n";

/// Rows one product file may hold.
pub const MAX_IMPORT_ROWS: usize = 5_000;

/// Header names accepted for each field.
const IMPORT_COLUMNS: &[(&str, &[&str])] = &[
    ("sku", &["sku", "reference", "référence", "ref"]),
    (
        "name",
        &["name", "nom", "produit", "designation", "désignation"],
    ),
    (
        "alert_threshold",
        &["alert_threshold", "seuil", "seuil_alerte", "seuil_d'alerte"],
    ),
];

/// Creates every product of the file (CSV or xlsx, columns `sku,name,alert_threshold`) in one
/// transaction, or none: a wrong row is a 422 with errors per line (`lines.3.sku`, the header
/// being line 1); a file-level problem a 422 on `file`. Returns how many were created.
pub fn import(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_id: MerchantId,
    bytes: &[u8],
) -> AppResult<usize> {
    let file_error = |message: String| AppError::validation("file", message);
    let cells = colivra_documents::sheet::read_rows(bytes).map_err(file_error)?;
    let mut lines = cells.into_iter().enumerate();
    let (_, header) = lines
        .next()
        .ok_or_else(|| file_error("Le fichier est vide.".to_owned()))?;
    let mut positions: std::collections::HashMap<&str, usize> = Default::default();
    for (index, name) in header.iter().enumerate() {
        let name = colivra_documents::sheet::fold_header(name);
        if let Some((field, _)) = IMPORT_COLUMNS
            .iter()
            .find(|(_, names)| names.contains(&name.as_str()))
        {
            positions.entry(field).or_insert(index);
        }
    }
    if !positions.contains_key("sku") || !positions.contains_key("name") {
        return Err(file_error(
            "Colonnes manquantes : sku et name sont obligatoires. Partez du modèle à télécharger."
                .to_owned(),
        ));
    }
    let mut errors = FieldErrors::new();
    let mut products: Vec<(usize, ValidProduct)> = Vec::new();
    for (index, cells) in lines {
        if cells.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        if products.len() + errors.0.len() >= MAX_IMPORT_ROWS {
            return Err(file_error(format!(
                "{MAX_IMPORT_ROWS} lignes au plus par fichier : découpez-le."
            )));
        }
        let line = index + 1;
        let cell = |field: &str| -> Option<String> {
            positions
                .get(field)
                .and_then(|&i| cells.get(i))
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let mut row_errors = FieldErrors::new();
        let alert_threshold = match cell("alert_threshold") {
            Some(raw) => match raw.parse::<i64>() {
                Ok(t) => Some(t),
                Err(_) => {
                    row_errors.add("alert_threshold", format!("« {raw} » n'est pas un nombre."));
                    None
                }
            },
            None => None,
        };
        let input = InventoryInput {
            sku: cell("sku"),
            name: cell("name"),
            alert_threshold,
        };
        match check(&input, true) {
            Ok(product) if row_errors.is_empty() => products.push((line, product)),
            Ok(_) => {}
            Err(found) => {
                for (field, messages) in found.0 {
                    for message in messages {
                        row_errors.add(field.clone(), message);
                    }
                }
            }
        }
        for (field, messages) in row_errors.0 {
            for message in messages {
                errors.add(format!("lines.{line}.{field}"), message);
            }
        }
    }
    if products.is_empty() && errors.is_empty() {
        return Err(file_error(
            "Le fichier ne contient aucune ligne de produit.".to_owned(),
        ));
    }
    immediate_transaction(conn, |conn| {
        crate::merchants::require_active(conn, merchant_id)?;
        let existing: std::collections::HashSet<String> = inventories::table
            .filter(inventories::merchant_id.eq(merchant_id))
            .select(inventories::sku)
            .load::<String>(conn)
            .map_db_err()?
            .into_iter()
            .collect();
        let mut seen = std::collections::HashSet::new();
        for (line, product) in &products {
            if existing.contains(&product.sku) {
                errors.add(format!("lines.{line}.sku"), SKU_TAKEN);
            } else if !seen.insert(product.sku.clone()) {
                errors.add(
                    format!("lines.{line}.sku"),
                    "SKU en double dans le fichier.",
                );
            }
        }
        errors.clone().into_result()?;
        for (_, product) in &products {
            let inventory_key = insert(conn, merchant_id, product)?;
            activities::log(
                conn,
                Some(actor_id),
                "inventory.product_created",
                "inventory",
                &inventory_key,
            )?;
        }
        Ok(products.len())
    })
}
