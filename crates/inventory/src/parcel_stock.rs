//! Parcels meet stock here: the parcels crate names what it asks of stock ([`StockHooks`]) and
//! this crate does it, so the parcels crate never depends on inventory. Every call runs on the
//! parcel flow's connection, inside its transaction.

use std::collections::HashMap;

use crate::stock::{self, LineRequest};
use colivra_core::{AppResult, FieldErrors, MerchantId, ParcelId, UserId};
use colivra_db::DbConnection;
use colivra_parcels::stock::{StockHooks, StockLineInput, ValidLines};

/// The inventory crate's stock, as parcels see it.
#[derive(Debug, Clone, Copy, Default)]
pub struct InventoryStock;

impl StockHooks for InventoryStock {
    fn check_lines(
        &self,
        conn: &mut DbConnection,
        merchant_id: MerchantId,
        lines: &[StockLineInput],
        errors: &mut FieldErrors,
    ) -> AppResult<ValidLines> {
        let asked: Vec<LineRequest<'_>> = lines
            .iter()
            .map(|line| LineRequest {
                inventory: line.inventory.as_deref(),
                quantity: line.quantity,
            })
            .collect();
        stock::check_lines(conn, merchant_id, &asked, errors).map(ValidLines)
    }

    fn available(&self, conn: &mut DbConnection, ids: &[i64]) -> AppResult<HashMap<i64, i64>> {
        stock::available(conn, ids)
    }

    fn insufficient(&self, available: i64) -> String {
        stock::insufficient(available)
    }

    fn reserve(
        &self,
        conn: &mut DbConnection,
        actor_id: UserId,
        parcel_id: ParcelId,
        parcel_key: &str,
        lines: &ValidLines,
    ) -> AppResult<()> {
        stock::reserve(conn, actor_id, parcel_id, parcel_key, &lines.0)
    }

    fn release(
        &self,
        conn: &mut DbConnection,
        actor_id: UserId,
        parcel_id: ParcelId,
        parcel_key: &str,
    ) -> AppResult<()> {
        stock::release(conn, actor_id, parcel_id, parcel_key)
    }

    fn reserve_again(
        &self,
        conn: &mut DbConnection,
        actor_id: UserId,
        parcel_id: ParcelId,
        parcel_key: &str,
    ) -> AppResult<()> {
        stock::reserve_again(conn, actor_id, parcel_id, parcel_key)
    }

    fn exit(
        &self,
        conn: &mut DbConnection,
        actor_id: UserId,
        parcel_id: ParcelId,
        parcel_key: &str,
    ) -> AppResult<()> {
        stock::exit(conn, actor_id, parcel_id, parcel_key)
    }

    fn return_pending(
        &self,
        conn: &mut DbConnection,
        actor_id: UserId,
        source_parcel_id: ParcelId,
        by_parcel_id: ParcelId,
        by_parcel_key: &str,
    ) -> AppResult<()> {
        stock::return_pending(
            conn,
            actor_id,
            source_parcel_id,
            by_parcel_id,
            by_parcel_key,
        )
    }
}
