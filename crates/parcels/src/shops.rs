//! A merchant's shops: parcels belong to a shop. Merchants manage their own; admins see them per
//! merchant.

use chrono::NaiveDateTime;
use colivra_core::phone::{normalize_moroccan_phone, PHONE_MESSAGE};
use colivra_core::{key, time, AppError, AppResult, FieldErrors, ListQuery, ListResponse, Scope};
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{cities, shops, users};
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Clone, Queryable, Serialize, ToSchema)]
pub struct ShopView {
    pub key: String,
    pub name: String,
    pub phone: String,
    pub address: String,
    /// City key.
    pub city: String,
    pub city_name: String,
    /// 24-digit RIB, or null.
    pub bank_account: Option<String>,
    /// The merchant's key.
    pub client: String,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ShopInput {
    #[schema(min_length = 1, max_length = 100)]
    pub name: Option<String>,
    pub phone: Option<String>,
    #[schema(min_length = 1, max_length = 255)]
    pub address: Option<String>,
    /// City key (an active city).
    pub city: Option<String>,
    /// 24-digit Moroccan RIB (spaces allowed) whose key checks; empty or null for none.
    #[schema(pattern = "^\\s*(\\d\\s*){24}$|^\\s*$")]
    pub bank_account: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct ShopFilters {
    /// A merchant's key (admins).
    pub client: Option<String>,
}

/// A Moroccan RIB: 24 digits (bank, city, account, 2-digit key) whose value is 0 modulo 97.
pub fn is_valid_rib(rib: &str) -> bool {
    rib.len() == 24
        && rib.bytes().all(|b| b.is_ascii_digit())
        && rib.bytes().fold(0u32, |rest, digit| {
            (rest * 10 + u32::from(digit - b'0')) % 97
        }) == 0
}

pub const RIB_MESSAGE: &str = "RIB invalide : 24 chiffres dont la clé de contrôle.";

type ShopColumns = (
    shops::key,
    shops::name,
    shops::phone,
    shops::address,
    cities::key,
    cities::name,
    shops::bank_account,
    users::key,
    shops::created_at,
    shops::updated_at,
);

const SHOP_COLUMNS: ShopColumns = (
    shops::key,
    shops::name,
    shops::phone,
    shops::address,
    cities::key,
    cities::name,
    shops::bank_account,
    users::key,
    shops::created_at,
    shops::updated_at,
);

pub const SORTABLE: &[&str] = &["name", "created_at"];

pub fn list(
    conn: &mut DbConnection,
    scope: Scope,
    query: &ListQuery,
    filters: &ShopFilters,
) -> AppResult<ListResponse<ShopView>> {
    let search = query.search()?;
    let sort = query.sort(SORTABLE)?;
    let filtered = || {
        let mut q = shops::table
            .inner_join(cities::table)
            .inner_join(users::table)
            .into_boxed();
        match scope {
            Scope::Merchant(id) => q = q.filter(shops::client_id.eq(id)),
            // Delivery people have no shops.
            Scope::DeliveryPerson(_) => q = q.filter(shops::id.eq(-1)),
            Scope::Everyone => {}
        }
        if let Some(client) = &filters.client {
            q = q.filter(users::key.eq(client.clone()));
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            q = q.filter(
                lower(shops::name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(shops::phone.like(pattern.clone()).escape('\\'))
                    .or(lower(cities::name).like(pattern).escape('\\')),
            );
        }
        q
    };
    paginate(
        conn,
        query.page_request(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = colivra_db::order_by!(filtered(), sort, then shops::id;
                "name" => colivra_db::listing::fold(shops::name),
                "created_at" => shops::id);
            q.select(SHOP_COLUMNS)
                .limit(limit)
                .offset(offset)
                .load(conn)
        },
    )
}

fn get(conn: &mut DbConnection, scope: Scope, shop_key: &str) -> AppResult<(i64, ShopView)> {
    let mut q = shops::table
        .inner_join(cities::table)
        .inner_join(users::table)
        .filter(shops::key.eq(shop_key))
        .into_boxed();
    match scope {
        Scope::Merchant(id) => q = q.filter(shops::client_id.eq(id)),
        Scope::DeliveryPerson(_) => q = q.filter(shops::id.eq(-1)),
        Scope::Everyone => {}
    }
    q.select((shops::id, SHOP_COLUMNS))
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)
}

struct ValidShop {
    name: String,
    phone: String,
    address: String,
    city_id: i64,
    bank_account: Option<String>,
}

fn validate(conn: &mut DbConnection, input: &ShopInput) -> AppResult<ValidShop> {
    let mut errors = FieldErrors::new();
    let text = |value: &Option<String>| value.as_deref().unwrap_or_default().trim().to_owned();
    let name = text(&input.name);
    errors.check_text("name", &name, 100, "Le nom est obligatoire.");
    let phone = normalize_moroccan_phone(&text(&input.phone)).unwrap_or_else(|| {
        errors.add("phone", PHONE_MESSAGE);
        String::new()
    });
    let address = text(&input.address);
    errors.check_text("address", &address, 255, "L'adresse est obligatoire.");
    let city_id: Option<i64> = cities::table
        .filter(cities::key.eq(text(&input.city)))
        .filter(cities::active.eq(true))
        .select(cities::id)
        .first(conn)
        .optional()
        .map_db_err()?;
    if city_id.is_none() {
        errors.add("city", "Choisissez une ville desservie.");
    }
    let rib: String = text(&input.bank_account)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let bank_account = if rib.is_empty() {
        None
    } else {
        if !is_valid_rib(&rib) {
            errors.add("bank_account", RIB_MESSAGE);
        }
        Some(rib)
    };
    errors.into_result()?;
    Ok(ValidShop {
        name,
        phone,
        address,
        city_id: city_id.unwrap_or_default(),
        bank_account,
    })
}

pub fn create(
    conn: &mut DbConnection,
    actor_id: i64,
    merchant_id: i64,
    input: ShopInput,
) -> AppResult<ShopView> {
    immediate_transaction(conn, |conn| {
        let valid = validate(conn, &input)?;
        let now = time::now();
        let shop_key = key::prefixed_key("S", 9);
        diesel::insert_into(shops::table)
            .values((
                shops::key.eq(&shop_key),
                shops::client_id.eq(merchant_id),
                shops::name.eq(&valid.name),
                shops::phone.eq(&valid.phone),
                shops::address.eq(&valid.address),
                shops::city_id.eq(valid.city_id),
                shops::bank_account.eq(&valid.bank_account),
                shops::created_at.eq(now),
                shops::updated_at.eq(now),
            ))
            .execute(conn)
            .map_db_err()?;
        colivra_db::activities::log(conn, Some(actor_id), "shop.created", "shop", &shop_key)?;
        get(conn, Scope::Merchant(merchant_id), &shop_key).map(|(_, view)| view)
    })
}

/// Edits a shop within `scope`; fields left out keep their value.
pub fn update(
    conn: &mut DbConnection,
    actor_id: i64,
    scope: Scope,
    shop_key: &str,
    input: ShopInput,
) -> AppResult<ShopView> {
    immediate_transaction(conn, |conn| {
        let (id, current) = get(conn, scope, shop_key)?;
        let merged = ShopInput {
            name: input.name.or(Some(current.name)),
            phone: input.phone.or(Some(current.phone)),
            address: input.address.or(Some(current.address)),
            city: input.city.or(Some(current.city)),
            bank_account: input.bank_account.or(current.bank_account),
        };
        let valid = validate(conn, &merged)?;
        diesel::update(shops::table.find(id))
            .set((
                shops::name.eq(&valid.name),
                shops::phone.eq(&valid.phone),
                shops::address.eq(&valid.address),
                shops::city_id.eq(valid.city_id),
                shops::bank_account.eq(&valid.bank_account),
                shops::updated_at.eq(time::now()),
            ))
            .execute(conn)
            .map_db_err()?;
        colivra_db::activities::log(conn, Some(actor_id), "shop.updated", "shop", shop_key)?;
        get(conn, scope, shop_key).map(|(_, view)| view)
    })
}

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

#[cfg(test)]
mod tests {
    use super::is_valid_rib;

    #[test]
    fn ribs_need_24_digits_and_a_right_key() {
        // 0 modulo 97: a valid key for these 22 digits.
        let body = "0077800000012345678901";
        let key = 97
            - (body
                .bytes()
                .fold(0u64, |r, d| (r * 10 + u64::from(d - b'0')) % 97)
                * 100
                % 97);
        let rib = format!("{body}{key:02}");
        assert!(is_valid_rib(&rib), "{rib}");
        let mut wrong = rib.clone().into_bytes();
        wrong[23] = if wrong[23] == b'9' {
            b'0'
        } else {
            wrong[23] + 1
        };
        assert!(!is_valid_rib(std::str::from_utf8(&wrong).unwrap()));
        assert!(!is_valid_rib("12345"));
        assert!(!is_valid_rib("00778000000123456789012a"));
    }
}
