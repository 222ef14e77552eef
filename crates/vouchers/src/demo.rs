//! The demo's vouchers (`colivra seed-demo`): a pickup voucher for the demo parcels the demo
//! delivery person serves, so an admin has one to receive and can play the round from there.

use colivra_core::AppResult;
use colivra_db::DbConnection;
use colivra_parcels::stock::StockHooks;

use crate::pickup::{self, PickupInput};

/// A pickup voucher for `parcels` (keys) of the demo merchant: its key.
pub fn seed_pickup(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    merchant_id: i64,
    parcels: &[String],
) -> AppResult<String> {
    let voucher = pickup::create(
        conn,
        stock,
        merchant_id,
        merchant_id,
        &PickupInput {
            parcels: parcels.to_vec(),
        },
    )?;
    Ok(voucher.key)
}
