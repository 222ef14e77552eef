//! Products in stock: SKU (unique per merchant), name, alert threshold, on hand, reserved.

use chrono::NaiveDateTime;
use colivra_core::{
    time, AppError, AppResult, Language, ListQuery, MerchantId, Paginated, Scope, UserId,
};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{inventories, inventory_movements, parcel_stock_lines, parcels, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::movements::MovementView;
use crate::refs::UserNames;
use crate::MerchantRef;

mod import;
mod write;

pub use import::{import, MAX_IMPORT_ROWS, TEMPLATE_CSV};
pub use write::{create, update};

/// A product in stock.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InventoryView {
    pub key: String,
    pub sku: String,
    pub name: String,
    pub alert_threshold: Option<i64>,
    pub on_hand: i64,
    pub reserved: i64,
    /// On hand − reserved.
    pub available: i64,
    /// Available at or below the alert threshold.
    pub low: bool,
    /// Quantity declared in pending entries, not yet received.
    pub pending_entries: i64,
    #[serde(rename = "client")]
    pub merchant: MerchantRef,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub updated_at: NaiveDateTime,
}

/// A product with its latest movements (newest first, at most 100) and the parcels holding its
/// reserved units.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InventoryDetail {
    #[serde(flatten)]
    pub inventory: InventoryView,
    pub movements: Vec<MovementView>,
    /// The parcels whose units are reserved (not shipped yet), newest first, at most
    /// [`MAX_RESERVATIONS_SHOWN`]; their quantities add up to `reserved` when all are listed.
    pub reservations: Vec<Reservation>,
}

/// Reservations listed on a product; `reserved` still counts them all.
pub const MAX_RESERVATIONS_SHOWN: i64 = 200;

/// Units of a product held by a parcel until it leaves the hub.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Reservation {
    /// The parcel's tracking code.
    pub parcel: String,
    pub quantity: i64,
    /// The parcel's status.
    #[schema(value_type = colivra_parcels::status::Status)]
    pub status: String,
    /// In the `Accept-Language` language.
    pub status_label: &'static str,
    pub recipient_name: String,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct InventoryInput {
    /// 1–64 characters `[A-Za-z0-9._-]`, unique per merchant; fixed once created.
    #[schema(min_length = 1, max_length = 64, pattern = "^[A-Za-z0-9._-]{1,64}$")]
    pub sku: Option<String>,
    #[schema(min_length = 1, max_length = 150)]
    pub name: Option<String>,
    #[schema(minimum = 0, maximum = 1000000)]
    pub alert_threshold: Option<i64>,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct InventoryFilters {
    /// A merchant's key (admins).
    #[serde(rename = "client")]
    pub merchant: Option<String>,
    /// `true`: only products at or below their alert threshold.
    pub low: Option<bool>,
}

pub const SORTABLE: &[&str] = &["name", "sku", "available", "created_at"];

/// The default order's first key: low products (available at or below the threshold) first.
const LOW_FIRST: &str = "CASE WHEN inventories.alert_threshold IS NOT NULL \
    AND inventories.on_hand - inventories.reserved <= inventories.alert_threshold THEN 0 ELSE 1 END";

#[derive(Queryable, Selectable)]
#[diesel(table_name = inventories)]
pub(crate) struct Row {
    pub id: i64,
    pub key: String,
    pub merchant_id: MerchantId,
    pub sku: String,
    pub name: String,
    pub alert_threshold: Option<i64>,
    pub on_hand: i64,
    pub reserved: i64,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

fn views(conn: &mut DbConnection, rows: Vec<Row>) -> AppResult<Vec<InventoryView>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut pending: std::collections::HashMap<i64, i64> = std::collections::HashMap::new();
    for (id, quantity) in inventory_movements::table
        .filter(inventory_movements::inventory_id.eq_any(&ids))
        .filter(inventory_movements::kind.eq("entry"))
        .filter(inventory_movements::state.eq("pending"))
        .select((
            inventory_movements::inventory_id,
            inventory_movements::quantity,
        ))
        .load::<(i64, i64)>(conn)
        .map_db_err()?
    {
        *pending.entry(id).or_default() += quantity;
    }
    let names = UserNames::load(conn, rows.iter().map(|r| r.merchant_id.into()).collect())?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let available = r.on_hand - r.reserved;
            InventoryView {
                low: r.alert_threshold.is_some_and(|t| available <= t),
                pending_entries: pending.get(&r.id).copied().unwrap_or(0),
                merchant: names.merchant(r.merchant_id),
                key: r.key,
                sku: r.sku,
                name: r.name,
                alert_threshold: r.alert_threshold,
                on_hand: r.on_hand,
                reserved: r.reserved,
                available,
                created_at: r.created_at,
                updated_at: r.updated_at,
            }
        })
        .collect())
}

pub fn list(
    conn: &mut DbConnection,
    scope: Scope,
    query: &ListQuery,
    filters: &InventoryFilters,
) -> AppResult<Paginated<InventoryView>> {
    let search = query.search()?;
    let sort = query
        .sort
        .as_ref()
        .map(|_| query.sort(SORTABLE))
        .transpose()?;
    let filtered = || {
        let mut q = inventories::table.inner_join(users::table).into_boxed();
        match scope {
            Scope::Merchant(id) => q = q.filter(inventories::merchant_id.eq(id)),
            Scope::DeliveryPerson(_) => q = q.filter(inventories::id.eq(-1)),
            Scope::Everyone => {}
        }
        if let Some(merchant) = &filters.merchant {
            q = q.filter(users::key.eq(merchant.clone()));
        }
        if filters.low == Some(true) {
            q = q.filter(
                inventories::alert_threshold.is_not_null().and(
                    (inventories::on_hand - inventories::reserved)
                        .le(inventories::alert_threshold.assume_not_null()),
                ),
            );
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            q = q.filter(
                lower(inventories::name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(inventories::sku).like(pattern).escape('\\')),
            );
        }
        q
    };
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let rows: Vec<Row> = match &sort {
                Some(sort) => colivra_db::order_by!(filtered(), sort, then inventories::id;
                    "name" => colivra_db::listing::fold(inventories::name),
                    "sku" => inventories::sku,
                    "available" => inventories::on_hand - inventories::reserved,
                    "created_at" => inventories::id)
                .select(Row::as_select())
                .fixed_limit(limit, offset)
                .load(conn)?,
                // Low first (available at or below the threshold), then by name.
                None => filtered()
                    .order((
                        diesel::dsl::sql::<diesel::sql_types::BigInt>(LOW_FIRST).asc(),
                        colivra_db::listing::fold(inventories::name).asc(),
                        inventories::id.asc(),
                    ))
                    .select(Row::as_select())
                    .fixed_limit(limit, offset)
                    .load(conn)?,
            };
            Ok(rows)
        },
    )?;
    Ok(Paginated {
        data: views(conn, page.data)?,
        meta: page.meta,
    })
}

/// The product `key` within `scope` (404 outside it).
pub(crate) fn row(conn: &mut DbConnection, scope: Scope, inventory_key: &str) -> AppResult<Row> {
    let mut q = inventories::table
        .filter(inventories::key.eq(inventory_key))
        .into_boxed();
    match scope {
        Scope::Merchant(id) => q = q.filter(inventories::merchant_id.eq(id)),
        Scope::DeliveryPerson(_) => q = q.filter(inventories::id.eq(-1)),
        Scope::Everyone => {}
    }
    q.select(Row::as_select())
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)
}

pub(crate) fn view_by_id(conn: &mut DbConnection, id: i64) -> AppResult<InventoryView> {
    let rows: Vec<Row> = inventories::table
        .find(id)
        .select(Row::as_select())
        .load(conn)
        .map_db_err()?;
    views(conn, rows)?.pop().ok_or(AppError::NotFound)
}

pub fn show(
    conn: &mut DbConnection,
    viewer: UserId,
    scope: Scope,
    inventory_key: &str,
    language: Language,
) -> AppResult<InventoryDetail> {
    let row = row(conn, scope, inventory_key)?;
    let movements = crate::movements::latest_of(conn, viewer, row.id, 100)?;
    let reservations = parcel_stock_lines::table
        .inner_join(parcels::table)
        .filter(parcel_stock_lines::inventory_id.eq(row.id))
        .filter(parcel_stock_lines::state.eq("reserved"))
        .order(parcel_stock_lines::id.desc())
        .limit(MAX_RESERVATIONS_SHOWN)
        .select((
            parcels::key,
            parcel_stock_lines::quantity,
            parcels::status,
            parcels::recipient_name,
            parcels::created_at,
        ))
        .load::<(String, i64, String, String, NaiveDateTime)>(conn)
        .map_db_err()?
        .into_iter()
        .map(
            |(parcel, quantity, status, recipient_name, created_at)| Reservation {
                status_label: colivra_parcels::status::Status::parse(&status)
                    .map_or("", |s| s.label_in(language)),
                parcel,
                quantity,
                status,
                recipient_name,
                created_at,
            },
        )
        .collect();
    let inventory = views(conn, vec![row])?.remove(0);
    Ok(InventoryDetail {
        inventory,
        movements,
        reservations,
    })
}
