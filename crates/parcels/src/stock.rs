//! What parcels ask of stock, and the stock lines they carry. Stock itself lives in another
//! crate: parcels only name what they need ([`StockHooks`]); the application passes an
//! implementation in. Every hook runs on the caller's connection, inside the parcel flow's own
//! transaction, and opens none: stock lines are checked and reserved when the parcel is
//! created, released when it is deleted or cancelled before the hub, leave stock when it goes
//! out for delivery, and come back as a pending return when it returns.

use std::collections::HashMap;

use colivra_core::{AppResult, FieldErrors, MerchantId, ParcelId, UserId};
use colivra_db::schema::{inventories, parcel_stock_lines};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A stock line a merchant sends with a new parcel.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema)]
pub struct StockLineInput {
    /// Product key (or, in an imported file, its SKU).
    pub inventory: Option<String>,
    #[schema(minimum = 1, maximum = 1000000)]
    pub quantity: Option<i64>,
}

// The stock crate's own `InventoryRef` has the same name, shape and description: the API
// document shows one (it refuses two different schemas under one name).
/// A product named by a movement or a parcel's stock line.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct InventoryRef {
    pub key: String,
    pub sku: String,
    pub name: String,
}

/// A parcel's stock line as parcel views show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StockLine {
    pub inventory: InventoryRef,
    pub quantity: i64,
}

/// Checked stock lines: (product id, quantity), in the order sent.
#[derive(Debug, Clone, Default)]
pub struct ValidLines(pub Vec<(i64, i64)>);

/// What the parcel flow asks of stock. Each method takes the flow's connection and runs inside
/// its transaction: an error rolls the whole parcel change back.
pub trait StockHooks: Send + Sync {
    /// Checks a parcel's stock lines (errors on `stock_lines.N.inventory` / `.quantity`): the
    /// merchant's own products, each once, within bounds, and an active stock service.
    /// Availability is checked when reserving.
    fn check_lines(
        &self,
        conn: &mut DbConnection,
        merchant_id: MerchantId,
        lines: &[StockLineInput],
        errors: &mut FieldErrors,
    ) -> AppResult<ValidLines>;

    /// What is available of each product now.
    fn available(&self, conn: &mut DbConnection, ids: &[i64]) -> AppResult<HashMap<i64, i64>>;

    /// The message for a line asking more than `available`.
    fn insufficient(&self, available: i64) -> String;

    /// Reserves the lines for the new parcel; a line short of stock is a 422 on
    /// `stock_lines.N.quantity`.
    fn reserve(
        &self,
        conn: &mut DbConnection,
        actor_id: UserId,
        parcel_id: ParcelId,
        parcel_key: &str,
        lines: &ValidLines,
    ) -> AppResult<()>;

    /// Gives back what the parcel reserved (deleted, or cancelled before the hub).
    fn release(
        &self,
        conn: &mut DbConnection,
        actor_id: UserId,
        parcel_id: ParcelId,
        parcel_key: &str,
    ) -> AppResult<()>;

    /// Reserves again what a cancellation released (the cancellation is undone); a 409 when the
    /// stock went meanwhile.
    fn reserve_again(
        &self,
        conn: &mut DbConnection,
        actor_id: UserId,
        parcel_id: ParcelId,
        parcel_key: &str,
    ) -> AppResult<()>;

    /// The parcel goes out for delivery: what it reserved leaves stock.
    fn exit(
        &self,
        conn: &mut DbConnection,
        actor_id: UserId,
        parcel_id: ParcelId,
        parcel_key: &str,
    ) -> AppResult<()>;

    /// The goods of `source_parcel_id` come back (returned, or collected by `by_parcel_id`, an
    /// exchange), pending a check.
    fn return_pending(
        &self,
        conn: &mut DbConnection,
        actor_id: UserId,
        source_parcel_id: ParcelId,
        by_parcel_id: ParcelId,
        by_parcel_key: &str,
    ) -> AppResult<()>;
}

/// The stock lines of these parcels, by parcel id, in the order they were sent.
pub fn lines_for(
    conn: &mut DbConnection,
    parcel_ids: &[ParcelId],
) -> AppResult<HashMap<ParcelId, Vec<StockLine>>> {
    let mut map: HashMap<ParcelId, Vec<StockLine>> = HashMap::new();
    if parcel_ids.is_empty() {
        return Ok(map);
    }
    for chunk in parcel_ids.chunks(500) {
        let rows: Vec<(ParcelId, i64, String, String, String)> = parcel_stock_lines::table
            .inner_join(inventories::table)
            .filter(parcel_stock_lines::parcel_id.eq_any(chunk))
            .order(parcel_stock_lines::id.asc())
            .select((
                parcel_stock_lines::parcel_id,
                parcel_stock_lines::quantity,
                inventories::key,
                inventories::sku,
                inventories::name,
            ))
            .load(conn)
            .map_db_err()?;
        for (parcel_id, quantity, key, sku, name) in rows {
            map.entry(parcel_id).or_default().push(StockLine {
                inventory: InventoryRef { key, sku, name },
                quantity,
            });
        }
    }
    Ok(map)
}
