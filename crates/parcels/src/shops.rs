//! A merchant's shops: parcels belong to a shop.

use colivra_core::{key, time, AppResult};
use colivra_db::schema::shops;
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;

pub struct NewShop<'a> {
    pub client_id: i64,
    pub name: &'a str,
    pub phone: &'a str,
    pub address: &'a str,
    pub city_id: i64,
    pub bank_account: Option<&'a str>,
}

/// The merchant's shop with this name, created when missing; returns its key and whether it was
/// created.
pub fn ensure_shop(conn: &mut DbConnection, shop: NewShop<'_>) -> AppResult<(String, bool)> {
    immediate_transaction(conn, |conn| {
        let existing: Option<String> = shops::table
            .filter(shops::client_id.eq(shop.client_id))
            .filter(shops::name.eq(shop.name))
            .select(shops::key)
            .first(conn)
            .optional()
            .map_db_err()?;
        if let Some(key) = existing {
            return Ok((key, false));
        }
        let now = time::now();
        let shop_key = key::prefixed_key("S", 9);
        diesel::insert_into(shops::table)
            .values((
                shops::key.eq(&shop_key),
                shops::client_id.eq(shop.client_id),
                shops::name.eq(shop.name),
                shops::phone.eq(shop.phone),
                shops::address.eq(shop.address),
                shops::city_id.eq(shop.city_id),
                shops::bank_account.eq(shop.bank_account),
                shops::created_at.eq(now),
                shops::updated_at.eq(now),
            ))
            .execute(conn)
            .map_db_err()?;
        Ok((shop_key, true))
    })
}
