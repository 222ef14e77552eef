//! Creating and editing products: the checks, the insert.

use colivra_core::{key, time, AppError, AppResult, FieldErrors, MerchantId, Scope, UserId};
use colivra_db::schema::inventories;
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::MAX_QUANTITY;

use super::{row, view_by_id, InventoryInput, InventoryView};

pub(crate) fn valid_sku(sku: &str) -> bool {
    (1..=64).contains(&sku.len())
        && sku
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// A checked product: SKU, name, threshold.
pub(crate) struct ValidProduct {
    pub sku: String,
    pub name: String,
    pub alert_threshold: Option<i64>,
}

/// The form's checks (the SKU's uniqueness aside). `sku` is None on edit (fixed).
pub(crate) fn check(input: &InventoryInput, creating: bool) -> Result<ValidProduct, FieldErrors> {
    let mut errors = FieldErrors::new();
    let sku = input.sku.as_deref().unwrap_or_default().trim().to_owned();
    if creating && !valid_sku(&sku) {
        errors.add(
            "sku",
            "La référence (SKU) : 1 à 64 caractères parmi lettres, chiffres, « . », « _ » et « - ».",
        );
    }
    let name = input.name.as_deref().unwrap_or_default().trim().to_owned();
    errors.check_text("name", &name, 150, "Le nom est obligatoire.");
    if let Some(t) = input.alert_threshold {
        if !(0..=MAX_QUANTITY).contains(&t) {
            errors.add("alert_threshold", "Le seuil d'alerte : de 0 à 1 000 000.");
        }
    }
    if errors.is_empty() {
        Ok(ValidProduct {
            sku,
            name,
            alert_threshold: input.alert_threshold,
        })
    } else {
        Err(errors)
    }
}

pub(crate) const SKU_TAKEN: &str = "Cette référence (SKU) existe déjà.";

/// Inserts a checked product for the merchant (422 on `sku` when taken); no activity.
pub(crate) fn insert(
    conn: &mut DbConnection,
    merchant_id: MerchantId,
    product: &ValidProduct,
) -> AppResult<String> {
    let taken: i64 = inventories::table
        .filter(inventories::merchant_id.eq(merchant_id))
        .filter(inventories::sku.eq(&product.sku))
        .count()
        .get_result(conn)
        .map_db_err()?;
    if taken > 0 {
        return Err(AppError::validation("sku", SKU_TAKEN));
    }
    let now = time::now();
    let inventory_key = key::prefixed_key("P", 10);
    diesel::insert_into(inventories::table)
        .values((
            inventories::key.eq(&inventory_key),
            inventories::merchant_id.eq(merchant_id),
            inventories::sku.eq(&product.sku),
            inventories::name.eq(&product.name),
            inventories::alert_threshold.eq(product.alert_threshold),
            inventories::on_hand.eq(0),
            inventories::reserved.eq(0),
            inventories::created_at.eq(now),
            inventories::updated_at.eq(now),
        ))
        .execute(conn)
        .map_err(|e| {
            if colivra_db::error::is_unique_violation(&e) {
                AppError::validation("sku", SKU_TAKEN)
            } else {
                colivra_db::error::app_error_from_diesel(e)
            }
        })?;
    Ok(inventory_key)
}

pub fn create(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_id: MerchantId,
    input: &InventoryInput,
) -> AppResult<InventoryView> {
    let product = check(input, true).map_err(AppError::Validation)?;
    immediate_transaction(conn, |conn| {
        crate::merchants::require_active(conn, merchant_id)?;
        let inventory_key = insert(conn, merchant_id, &product)?;
        activities::log(
            conn,
            Some(actor_id),
            "inventory.product_created",
            "inventory",
            &inventory_key,
        )?;
        let r = row(conn, Scope::Merchant(merchant_id), &inventory_key)?;
        view_by_id(conn, r.id)
    })
}

/// Edits name and threshold (the SKU is fixed); absent fields keep their value.
pub fn update(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_id: MerchantId,
    inventory_key: &str,
    input: &InventoryInput,
) -> AppResult<InventoryView> {
    immediate_transaction(conn, |conn| {
        let current = row(conn, Scope::Merchant(merchant_id), inventory_key)?;
        crate::merchants::require_active(conn, merchant_id)?;
        if input
            .sku
            .as_deref()
            .is_some_and(|s| s.trim() != current.sku)
        {
            return Err(AppError::validation(
                "sku",
                "La référence (SKU) ne change pas après la création.",
            ));
        }
        let merged = InventoryInput {
            sku: None,
            name: input.name.clone().or(Some(current.name)),
            alert_threshold: input.alert_threshold.or(current.alert_threshold),
        };
        let product = check(&merged, false).map_err(AppError::Validation)?;
        diesel::update(inventories::table.find(current.id))
            .set((
                inventories::name.eq(&product.name),
                inventories::alert_threshold.eq(product.alert_threshold),
                inventories::updated_at.eq(time::now()),
            ))
            .execute(conn)
            .map_db_err()?;
        activities::log(
            conn,
            Some(actor_id),
            "inventory.product_updated",
            "inventory",
            inventory_key,
        )?;
        view_by_id(conn, current.id)
    })
}
