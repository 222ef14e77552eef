//! The people an invoice names, found by key within the caller's scope.

use colivra_core::{AppError, AppResult, DeliveryPersonId, MerchantId, Role, Scope};
use colivra_db::schema::{merchant_staff, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

/// The delivery person with this key, as `scope` may name him: admins anyone, a delivery person
/// only himself (another's key: 404).
pub(crate) fn delivery_person(
    conn: &mut DbConnection,
    scope: Scope,
    key: &str,
) -> AppResult<DeliveryPersonId> {
    let id: DeliveryPersonId = users::table
        .filter(users::key.eq(key.trim()))
        .filter(users::role.eq(Role::DeliveryPerson.as_str()))
        .select(users::id)
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)?;
    match scope {
        Scope::Everyone => Ok(id),
        Scope::DeliveryPerson(me) if me == id => Ok(id),
        _ => Err(AppError::NotFound),
    }
}

/// The merchant account with this key, as `scope` may name it: admins any, a merchant (or his
/// staff) only his own (another's key: 404).
pub(crate) fn merchant(conn: &mut DbConnection, scope: Scope, key: &str) -> AppResult<MerchantId> {
    let id: MerchantId = users::table
        .filter(users::key.eq(key.trim()))
        .filter(users::role.eq(Role::Merchant.as_str()))
        // A merchant's staff hold no account of their own.
        .filter(diesel::dsl::not(diesel::dsl::exists(
            merchant_staff::table.filter(merchant_staff::user_id.eq(users::id)),
        )))
        .select(users::id)
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)?;
    match scope {
        Scope::Everyone => Ok(id),
        Scope::Merchant(me) if me == id => Ok(id),
        _ => Err(AppError::NotFound),
    }
}
