//! The demo's vouchers (`colivra seed-demo`): a pickup voucher for the demo parcels the demo
//! delivery person serves, so an admin has one to receive and can play the round from there.

use colivra_core::{AppResult, MerchantId};
use colivra_db::DbConnection;
use colivra_parcels::stock::StockHooks;

use crate::pickup::{self, PickupInput};

/// A pickup voucher for `parcels` (keys) of the demo merchant: its key.
pub fn seed_pickup(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    merchant_id: MerchantId,
    parcels: &[String],
) -> AppResult<String> {
    let voucher = pickup::create(
        conn,
        stock,
        merchant_id.into(),
        merchant_id,
        &PickupInput {
            parcels: parcels.to_vec(),
        },
    )?;
    Ok(voucher.key)
}
