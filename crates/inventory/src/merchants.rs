//! Inventory clients: the stock service a merchant asks for and an admin decides
//! (`pending`, `active`, `suspended`).

use chrono::NaiveDateTime;
use colivra_core::{
    time, AppError, AppResult, FieldErrors, ListQuery, MerchantId, Paginated, Scope, UserId,
};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{inventories, inventory_merchants, users};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::MerchantRef;

pub const NOT_ACTIVE: &str = "Le service de stock n'est pas actif.";

/// A merchant's stock service.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct InventoryMerchantView {
    /// The merchant account's user key.
    pub key: String,
    #[serde(rename = "client")]
    pub merchant: MerchantRef,
    /// `pending`, `active` or `suspended`.
    pub status: String,
    pub status_label: &'static str,
    /// How many products he has.
    pub products: i64,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub decided_at: Option<NaiveDateTime>,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct MerchantFilters {
    /// `pending`, `active` or `suspended`.
    pub status: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct MerchantDecision {
    /// `active` or `suspended`.
    #[schema(value_type = Option<String>)]
    pub status: Option<String>,
}

type Row = (
    MerchantId,
    String,
    String,
    String,
    Option<String>,
    String,
    NaiveDateTime,
    Option<NaiveDateTime>,
);

fn to_view(conn: &mut DbConnection, rows: Vec<Row>) -> QueryResult<Vec<InventoryMerchantView>> {
    let ids: Vec<MerchantId> = rows.iter().map(|r| r.0).collect();
    let counts: Vec<(MerchantId, i64)> = inventories::table
        .filter(inventories::merchant_id.eq_any(&ids))
        .group_by(inventories::merchant_id)
        .select((inventories::merchant_id, diesel::dsl::count_star()))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(
            |(id, key, first, last, company, status, created_at, decided_at)| {
                InventoryMerchantView {
                    merchant: MerchantRef {
                        key: key.clone(),
                        name: format!("{first} {last}"),
                        company,
                    },
                    key,
                    status_label: crate::merchant_status_label(&status),
                    status,
                    products: counts
                        .iter()
                        .find(|(c, _)| *c == id)
                        .map(|(_, n)| *n)
                        .unwrap_or(0),
                    created_at,
                    decided_at,
                }
            },
        )
        .collect())
}

fn columns() -> (
    inventory_merchants::merchant_id,
    users::key,
    users::first_name,
    users::last_name,
    users::company,
    inventory_merchants::status,
    inventory_merchants::created_at,
    inventory_merchants::decided_at,
) {
    (
        inventory_merchants::merchant_id,
        users::key,
        users::first_name,
        users::last_name,
        users::company,
        inventory_merchants::status,
        inventory_merchants::created_at,
        inventory_merchants::decided_at,
    )
}

pub fn list(
    conn: &mut DbConnection,
    scope: Scope,
    query: &ListQuery,
    filters: &MerchantFilters,
) -> AppResult<Paginated<InventoryMerchantView>> {
    let search = query.search()?;
    if let Some(status) = &filters.status {
        if !crate::MERCHANT_STATUSES.iter().any(|(k, _)| k == status) {
            return Err(AppError::validation("status", "Statut inconnu."));
        }
    }
    let filtered = || {
        let mut q = inventory_merchants::table
            .inner_join(users::table)
            .into_boxed();
        match scope {
            Scope::Merchant(id) => q = q.filter(inventory_merchants::merchant_id.eq(id)),
            Scope::DeliveryPerson(_) => q = q.filter(inventory_merchants::id.eq(-1)),
            Scope::Everyone => {}
        }
        if let Some(status) = &filters.status {
            q = q.filter(inventory_merchants::status.eq(status.clone()));
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            q = q.filter(
                lower(users::first_name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(users::last_name).like(pattern.clone()).escape('\\'))
                    .or(lower(users::company.assume_not_null())
                        .like(pattern)
                        .escape('\\')),
            );
        }
        q
    };
    paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let rows: Vec<Row> = filtered()
                .order(inventory_merchants::id.desc())
                .select(columns())
                .fixed_limit(limit, offset)
                .load(conn)?;
            to_view(conn, rows)
        },
    )
}

fn get(conn: &mut DbConnection, merchant_id: MerchantId) -> AppResult<InventoryMerchantView> {
    let rows: Vec<Row> = inventory_merchants::table
        .inner_join(users::table)
        .filter(inventory_merchants::merchant_id.eq(merchant_id))
        .select(columns())
        .load(conn)
        .map_db_err()?;
    to_view(conn, rows)
        .map_db_err()?
        .pop()
        .ok_or(AppError::NotFound)
}

/// The merchant asks for the stock service (pending); asked already → 409.
pub fn request(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_id: MerchantId,
) -> AppResult<InventoryMerchantView> {
    immediate_transaction(conn, |conn| {
        let exists: i64 = inventory_merchants::table
            .filter(inventory_merchants::merchant_id.eq(merchant_id))
            .count()
            .get_result(conn)
            .map_db_err()?;
        if exists > 0 {
            return Err(AppError::Conflict(
                "Le service de stock a déjà été demandé.".to_owned(),
            ));
        }
        let inserted = diesel::insert_into(inventory_merchants::table)
            .values((
                inventory_merchants::merchant_id.eq(merchant_id),
                inventory_merchants::status.eq("pending"),
                inventory_merchants::created_at.eq(time::now()),
            ))
            .execute(conn);
        match inserted {
            Ok(_) => {}
            Err(e) if colivra_db::error::is_unique_violation(&e) => {
                return Err(AppError::Conflict(
                    "Le service de stock a déjà été demandé.".to_owned(),
                ))
            }
            Err(e) => return Err(colivra_db::error::app_error_from_diesel(e)),
        }
        let view = get(conn, merchant_id)?;
        activities::log(
            conn,
            Some(actor_id),
            "inventory.client_requested",
            "user",
            &view.key,
        )?;
        Ok(view)
    })
}

/// An admin decides: `active` or `suspended` (422 otherwise); an unknown merchant → 404.
pub fn decide(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_key: &str,
    input: &MerchantDecision,
) -> AppResult<InventoryMerchantView> {
    let status = input.status.as_deref().unwrap_or_default().trim();
    if !matches!(status, "active" | "suspended") {
        return Err(AppError::Validation(FieldErrors::single(
            "status",
            "Choisissez « active » ou « suspended ».",
        )));
    }
    immediate_transaction(conn, |conn| {
        let merchant_id: MerchantId = inventory_merchants::table
            .inner_join(users::table)
            .filter(users::key.eq(merchant_key))
            .select(inventory_merchants::merchant_id)
            .first(conn)
            .optional()
            .map_db_err()?
            .ok_or(AppError::NotFound)?;
        diesel::update(
            inventory_merchants::table.filter(inventory_merchants::merchant_id.eq(merchant_id)),
        )
        .set((
            inventory_merchants::status.eq(status),
            inventory_merchants::decided_by.eq(actor_id),
            inventory_merchants::decided_at.eq(time::now()),
        ))
        .execute(conn)
        .map_db_err()?;
        activities::record(
            conn,
            activities::NewActivity {
                user_id: Some(actor_id),
                action: "inventory.client_decided",
                subject_type: Some("user"),
                subject_key: Some(merchant_key),
                details: Some(serde_json::json!({ "status": status })),
            },
        )
        .map_db_err()?;
        get(conn, merchant_id)
    })
}

/// Whether the merchant's stock service is active.
pub fn is_active(conn: &mut DbConnection, merchant_id: MerchantId) -> AppResult<bool> {
    let n: i64 = inventory_merchants::table
        .filter(inventory_merchants::merchant_id.eq(merchant_id))
        .filter(inventory_merchants::status.eq("active"))
        .count()
        .get_result(conn)
        .map_db_err()?;
    Ok(n > 0)
}

/// 409 « Le service de stock n'est pas actif. » unless it is.
pub fn require_active(conn: &mut DbConnection, merchant_id: MerchantId) -> AppResult<()> {
    if is_active(conn, merchant_id)? {
        Ok(())
    } else {
        Err(AppError::Conflict(NOT_ACTIVE.to_owned()))
    }
}
