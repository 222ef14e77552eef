//! Reading movements: their views (names loaded in batches), the list, a product's latest.

use std::collections::HashMap;

use colivra_core::{AppError, AppResult, ListQuery, MerchantId, Paginated, Scope};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{inventories, inventory_entry_slips, inventory_movements, parcels, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::refs::UserNames;
use crate::InventoryRef;

use super::*;

/// Views of movement rows for `viewer` (who may delete which), names loaded in batches.
pub(crate) fn views(
    conn: &mut DbConnection,
    viewer: UserId,
    rows: Vec<Row>,
) -> AppResult<Vec<MovementView>> {
    let mut inventory_ids: Vec<i64> = rows.iter().map(|r| r.inventory_id).collect();
    inventory_ids.sort_unstable();
    inventory_ids.dedup();
    let products: HashMap<i64, (InventoryRef, MerchantId)> = inventories::table
        .filter(inventories::id.eq_any(&inventory_ids))
        .select((
            inventories::id,
            inventories::key,
            inventories::sku,
            inventories::name,
            inventories::merchant_id,
        ))
        .load::<(i64, String, String, String, MerchantId)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(id, key, sku, name, merchant)| (id, (InventoryRef { key, sku, name }, merchant)))
        .collect();
    let parcel_ids: Vec<ParcelId> = rows.iter().filter_map(|r| r.parcel_id).collect();
    let parcel_refs: HashMap<ParcelId, String> = parcels::table
        .filter(parcels::id.eq_any(&parcel_ids))
        .select((parcels::id, parcels::key))
        .load::<(ParcelId, String)>(conn)
        .map_db_err()?
        .into_iter()
        .collect();
    let slip_ids: Vec<i64> = rows.iter().filter_map(|r| r.entry_slip_id).collect();
    let slips: HashMap<i64, String> = inventory_entry_slips::table
        .filter(inventory_entry_slips::id.eq_any(&slip_ids))
        .select((inventory_entry_slips::id, inventory_entry_slips::key))
        .load::<(i64, String)>(conn)
        .map_db_err()?
        .into_iter()
        .collect();
    let mut user_ids: Vec<UserId> = rows.iter().filter_map(|r| r.author_id).collect();
    user_ids.extend(rows.iter().filter_map(|r| r.decided_by));
    user_ids.extend(products.values().map(|(_, c)| UserId::from(*c)));
    let names = UserNames::load(conn, user_ids)?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let product = products.get(&r.inventory_id);
            MovementView {
                inventory: product
                    .map(|(inventory, _)| inventory.clone())
                    .unwrap_or_default(),
                merchant: product
                    .map(|(_, merchant_id)| names.merchant(*merchant_id))
                    .unwrap_or_default(),
                type_label: crate::type_label(&r.kind),
                state_label: crate::state_label(&r.state),
                deletable: r.author_id == Some(viewer) && r.state == "pending",
                parcel: r.parcel_id.and_then(|id| {
                    parcel_refs.get(&id).map(|code| ParcelRef {
                        key: code.clone(),
                        code: code.clone(),
                    })
                }),
                entry_slip: r.entry_slip_id.and_then(|id| slips.get(&id).cloned()),
                author: r.author_id.map(|id| names.person(id)).unwrap_or_default(),
                decided_by: r.decided_by.map(|id| names.person(id)),
                decision_comment: r.decision_comment,
                key: r.key,
                code: r.code,
                kind: r.kind,
                state: r.state,
                quantity: r.quantity,
                received_quantity: r.received_quantity,
                comment: r.comment,
                created_at: r.created_at,
                decided_at: r.decided_at,
            }
        })
        .collect())
}

fn check_filter(field: &str, value: &Option<String>, allowed: &[(&str, &str)]) -> AppResult<()> {
    match value {
        Some(v) if !allowed.iter().any(|(k, _)| k == v) => {
            Err(AppError::validation(field, "Valeur inconnue."))
        }
        _ => Ok(()),
    }
}

pub fn list(
    conn: &mut DbConnection,
    viewer: UserId,
    scope: Scope,
    query: &ListQuery,
    filters: &MovementFilters,
) -> AppResult<Paginated<MovementView>> {
    let search = query.search()?;
    let sort = query.sort(SORTABLE)?;
    check_filter("type", &filters.kind, crate::TYPES)?;
    check_filter("state", &filters.state, crate::STATES)?;
    let scanned = match filters.code.as_deref().map(str::trim) {
        Some(code) if code.chars().count() > 64 => {
            return Err(AppError::validation("code", "64 caractères au plus."))
        }
        Some(code) if !code.is_empty() => Some(code.to_uppercase()),
        _ => None,
    };
    let filtered = || {
        let mut q = inventory_movements::table
            .inner_join(inventories::table.inner_join(users::table))
            .left_join(parcels::table)
            .into_boxed();
        match scope {
            Scope::Merchant(id) => q = q.filter(inventories::merchant_id.eq(id)),
            Scope::DeliveryPerson(_) => q = q.filter(inventories::id.eq(-1)),
            Scope::Everyone => {}
        }
        if let Some(v) = &filters.inventory {
            q = q.filter(inventories::key.eq(v.clone()));
        }
        if let Some(v) = &filters.kind {
            q = q.filter(inventory_movements::kind.eq(v.clone()));
        }
        if let Some(v) = &filters.state {
            q = q.filter(inventory_movements::state.eq(v.clone()));
        }
        if let Some(v) = &filters.merchant {
            q = q.filter(users::key.eq(v.clone()));
        }
        if let Some(v) = &filters.parcel {
            q = q.filter(parcels::key.eq(v.clone()));
        }
        if let Some(code) = &scanned {
            let slips = inventory_entry_slips::table
                .filter(inventory_entry_slips::code.eq(code.clone()))
                .select(inventory_entry_slips::id.nullable());
            q = q.filter(
                inventory_movements::code
                    .eq(code.clone())
                    .or(inventory_movements::entry_slip_id.eq_any(slips))
                    .or(parcels::key.eq(code.clone())),
            );
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            q = q.filter(
                lower(inventory_movements::code)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(inventories::sku).like(pattern.clone()).escape('\\'))
                    .or(lower(inventories::name).like(pattern).escape('\\')),
            );
        }
        q
    };
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = filtered();
            let q = if sort.column == "created_at" && !sort.descending && query.sort.is_some() {
                q.order(inventory_movements::id.asc())
            } else {
                q.order(inventory_movements::id.desc())
            };
            q.select(Row::as_select())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )?;
    page.try_map_all(|rows| views(conn, viewer, rows))
}

/// The product's latest movements, newest first.
pub(crate) fn latest_of(
    conn: &mut DbConnection,
    viewer: UserId,
    inventory_id: i64,
    limit: i64,
) -> AppResult<Vec<MovementView>> {
    let rows: Vec<Row> = inventory_movements::table
        .filter(inventory_movements::inventory_id.eq(inventory_id))
        .order(inventory_movements::id.desc())
        .select(Row::as_select())
        .limit(limit)
        .load(conn)
        .map_db_err()?;
    views(conn, viewer, rows)
}
