//! The demo's stock (`colivra seed-demo`): the demo merchant's stock service, active, with
//! three products (one low on stock) and an entry slip waiting to be received. Idempotent.

use colivra_core::{AppResult, MerchantId, Scope, UserId};
use colivra_db::schema::inventory_merchants;
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::movements::{self, EntryLine, EntrySlipInput, MovementDecision, MovementInput};
use crate::products::{self, InventoryInput};

/// The demo merchant's stock service, active, with three products (one low on stock) and an
/// entry slip waiting to be received.
/// Returns the slip's code, or nothing when the merchant had asked for the service already.
pub fn seed(
    conn: &mut DbConnection,
    admin_id: UserId,
    merchant_id: MerchantId,
    merchant_key: &str,
) -> AppResult<Option<String>> {
    let asked = inventory_merchants::table
        .filter(inventory_merchants::merchant_id.eq(merchant_id))
        .count()
        .get_result::<i64>(conn)
        .map_db_err()?
        > 0;
    if asked {
        return Ok(None);
    }
    crate::merchants::request(conn, merchant_id.into(), merchant_id)?;
    crate::merchants::decide(
        conn,
        admin_id,
        merchant_key,
        &crate::merchants::MerchantDecision {
            status: Some("active".into()),
        },
    )?;
    let mut keys = Vec::new();
    for (sku, name, threshold, stock) in [
        ("ROBE-ETE-M", "Robe d'été taille M", Some(5), 24),
        ("CAFTAN-BRODE", "Caftan brodé", Some(5), 3),
        ("SAC-CUIR", "Sac en cuir", None, 12),
    ] {
        let product = products::create(
            conn,
            merchant_id.into(),
            merchant_id,
            &InventoryInput {
                sku: Some(sku.into()),
                name: Some(name.into()),
                alert_threshold: threshold,
            },
        )?;
        let entry = movements::create(
            conn,
            merchant_id.into(),
            Scope::Merchant(merchant_id),
            &MovementInput {
                inventory: Some(product.key.clone()),
                kind: Some("entry".into()),
                quantity: Some(stock),
                comment: None,
            },
        )?;
        movements::decide(
            conn,
            admin_id,
            &entry.key,
            &MovementDecision {
                state: Some("validated".into()),
                quantity: None,
                comment: None,
            },
        )?;
        keys.push(product.key);
    }
    let slip = movements::create_slip(
        conn,
        merchant_id.into(),
        merchant_id,
        &EntrySlipInput {
            lines: Some(vec![
                EntryLine {
                    inventory: Some(keys[1].clone()),
                    quantity: Some(10),
                },
                EntryLine {
                    inventory: Some(keys[2].clone()),
                    quantity: Some(6),
                },
            ]),
            comment: Some("Réassort de la semaine".into()),
        },
    )?;
    Ok(Some(slip.code))
}
