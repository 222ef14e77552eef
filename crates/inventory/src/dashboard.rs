//! Stock figures for the dashboards: a merchant's low products and entries on their way, the
//! admin's entries to receive and returns to check.

use colivra_core::{AppResult, Scope};
use colivra_db::schema::{inventories, inventory_movements};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StockFigures {
    /// Products whose available quantity is at or below their alert threshold.
    pub low_products: i64,
    /// Entries declared and not yet received (movements).
    pub pending_entries: i64,
    /// Returns waiting for an admin to check the goods (movements).
    pub returns_to_check: i64,
}

/// The figures within `scope`; none for delivery people.
pub fn figures(conn: &mut DbConnection, scope: Scope) -> AppResult<Option<StockFigures>> {
    let merchant = match scope {
        Scope::DeliveryPerson(_) => return Ok(None),
        Scope::Merchant(id) => Some(id),
        Scope::Everyone => None,
    };
    let mut low = inventories::table
        .filter(inventories::alert_threshold.is_not_null())
        .filter(
            (inventories::on_hand - inventories::reserved)
                .le(inventories::alert_threshold.assume_not_null()),
        )
        .into_boxed();
    if let Some(id) = merchant {
        low = low.filter(inventories::merchant_id.eq(id));
    }
    let low_products = low.count().get_result(conn).map_db_err()?;
    let mut pending = |kind: &str| -> AppResult<i64> {
        let mut q = inventory_movements::table
            .inner_join(inventories::table)
            .filter(inventory_movements::kind.eq(kind.to_owned()))
            .filter(inventory_movements::state.eq("pending"))
            .into_boxed();
        if let Some(id) = merchant {
            q = q.filter(inventories::merchant_id.eq(id));
        }
        q.count().get_result(conn).map_db_err()
    };
    Ok(Some(StockFigures {
        pending_entries: pending("entry")?,
        returns_to_check: pending("return")?,
        low_products,
    }))
}
