//! The small shapes views refer to, and their batched look-ups.

use std::collections::HashMap;

use colivra_core::{AppResult, MerchantId, UserId};
use colivra_db::schema::users;
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// A merchant: key, first and last name, company. (Its own name in the API document: vouchers
/// have a `MerchantRef` of their own.)
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[schema(as = StockMerchantRef)]
pub struct MerchantRef {
    pub key: String,
    pub name: String,
    pub company: Option<String>,
}

/// A user who did something: name and role (`admin`, `client`, `delivery-admin`).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct PersonRef {
    pub name: String,
    pub role: String,
}

/// A product named by a movement or a parcel's stock line.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct InventoryRef {
    pub key: String,
    pub sku: String,
    pub name: String,
}

pub(crate) struct UserNames(HashMap<UserId, (String, String, String, Option<String>)>);

impl UserNames {
    pub(crate) fn load(conn: &mut DbConnection, mut ids: Vec<UserId>) -> AppResult<Self> {
        ids.sort_unstable();
        ids.dedup();
        let mut map = HashMap::new();
        for chunk in ids.chunks(500) {
            let rows: Vec<(UserId, String, String, String, String, Option<String>)> = users::table
                .filter(users::id.eq_any(chunk))
                .select((
                    users::id,
                    users::key,
                    users::first_name,
                    users::last_name,
                    users::role,
                    users::company,
                ))
                .load(conn)
                .map_db_err()?;
            for (id, key, first, last, role, company) in rows {
                map.insert(id, (key, format!("{first} {last}"), role, company));
            }
        }
        Ok(UserNames(map))
    }

    pub(crate) fn merchant(&self, id: MerchantId) -> MerchantRef {
        self.0
            .get(&id.into())
            .map(|(key, name, _, company)| MerchantRef {
                key: key.clone(),
                name: name.clone(),
                company: company.clone(),
            })
            .unwrap_or_default()
    }

    pub(crate) fn person(&self, id: UserId) -> PersonRef {
        self.0
            .get(&id)
            .map(|(_, name, role, _)| PersonRef {
                name: name.clone(),
                role: role.clone(),
            })
            .unwrap_or_default()
    }
}
