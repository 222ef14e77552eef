//! A parcel: its fields, how callers see it, and the checks every creation path shares (the
//! form, the merchant API and the bulk import).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::phone::{normalize_moroccan_phone, PHONE_MESSAGE};
use colivra_core::{key, time, AppError, AppResult, FieldErrors, Role};
use colivra_db::listing::lower;
use colivra_db::schema::{cities, parcel_states, parcels, shops, users};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::fees::{city_price_columns, effective_fees, CityPrice, Fees};
use crate::status::Status;

/// 100,000 DH: the highest cash-on-delivery amount accepted.
pub const MAX_COD_CENTIMES: i64 = 10_000_000;
pub const MAX_QUANTITY: i64 = 10_000;

pub use colivra_core::Scope;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = parcels)]
pub struct ParcelRow {
    pub id: i64,
    pub key: String,
    pub client_id: i64,
    pub shop_id: i64,
    pub reference: Option<String>,
    pub recipient_name: String,
    pub recipient_phone: String,
    pub recipient_phone_alt: Option<String>,
    pub city_id: i64,
    pub address: String,
    pub cod_amount: i64,
    pub product: String,
    pub quantity: i64,
    pub note: Option<String>,
    pub can_open: bool,
    pub can_try: bool,
    pub fragile: bool,
    pub kind: String,
    pub original_parcel_id: Option<i64>,
    pub item_to_collect: Option<String>,
    pub delivery_fee: i64,
    pub return_fee: i64,
    pub refusal_fee: i64,
    pub status: String,
    pub attempts: i64,
    pub postponed_to: Option<NaiveDate>,
    pub delivery_admin_id: Option<i64>,
    pub address_change_pending: bool,
    pub created_by: Option<i64>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    pub status_changed_at: NaiveDateTime,
}

impl ParcelRow {
    pub fn status(&self) -> Status {
        Status::parse(&self.status).unwrap_or(Status::New)
    }

    /// The fees in force when the parcel was created.
    pub fn fees(&self) -> Fees {
        Fees {
            delivery: self.delivery_fee,
            return_fee: self.return_fee,
            refusal: self.refusal_fee,
        }
    }

    pub fn in_scope(&self, scope: Scope) -> bool {
        match scope {
            Scope::Merchant(id) => self.client_id == id,
            Scope::DeliveryPerson(id) => self.delivery_admin_id == Some(id),
            Scope::Everyone => true,
        }
    }
}

/// A parcel as the API shows it (field names are the merchant API contract).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ParcelView {
    /// The tracking code.
    pub key: String,
    pub shop: String,
    pub shop_name: String,
    pub client: String,
    /// The merchant's company, else his name.
    pub client_name: String,
    pub reference: Option<String>,
    pub recipient_name: String,
    pub recipient_phone: String,
    pub recipient_phone_alt: Option<String>,
    pub city: String,
    pub city_name: String,
    pub address: String,
    pub cod_amount: i64,
    pub product: String,
    pub quantity: i64,
    pub note: Option<String>,
    pub can_open: bool,
    pub can_try: bool,
    pub fragile: bool,
    /// `standard`, `exchange` or `refund`.
    pub kind: String,
    pub original_parcel: Option<String>,
    pub item_to_collect: Option<String>,
    /// Stock lines arrive with the inventory; always empty for now.
    #[schema(value_type = Vec<Object>)]
    pub stock_lines: Vec<serde_json::Value>,
    pub fees: Fees,
    pub status: Status,
    pub status_label: &'static str,
    pub attempts: i64,
    pub postponed_to: Option<NaiveDate>,
    pub delivery_admin: Option<String>,
    pub delivery_admin_name: Option<String>,
    /// The recipient's details changed while the parcel was with a delivery person.
    pub address_change_pending: bool,
    /// What the caller may do with it now: `edit`, `delete`, `cancel`, `change-address`,
    /// `state`, `reassign`, `acknowledge-address`.
    pub actions: Vec<&'static str>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub updated_at: NaiveDateTime,
}

/// The row actions a caller of `role` has on a parcel in `status`.
pub fn actions(role: Role, row: &ParcelRow) -> Vec<&'static str> {
    let status = row.status();
    let mut actions = Vec::new();
    match role {
        Role::Client => {
            if status == Status::New {
                actions.extend(["edit", "delete"]);
            }
            if matches!(status, Status::New | Status::AwaitingPickup) {
                actions.push("cancel");
            }
            if status.address_can_change() {
                actions.push("change-address");
            }
        }
        Role::Admin => {
            actions.push("state");
            if status.is_with_delivery_person() {
                actions.push("reassign");
            }
        }
        Role::DeliveryAdmin => {
            if status.is_with_delivery_person() {
                actions.push("state");
            }
            if row.address_change_pending {
                actions.push("acknowledge-address");
            }
        }
    }
    actions
}

/// Turns rows into views, loading the names they refer to in a few batched queries.
pub fn views(
    conn: &mut DbConnection,
    role: Role,
    rows: Vec<ParcelRow>,
) -> AppResult<Vec<ParcelView>> {
    views_with(conn, role, rows, None)
}

/// [`views`], taking names from `recent` when it knows them (lists: see [`RecentNames`]).
pub fn views_with(
    conn: &mut DbConnection,
    role: Role,
    rows: Vec<ParcelRow>,
    recent: Option<&RecentNames>,
) -> AppResult<Vec<ParcelView>> {
    fn ids<F: Fn(&ParcelRow) -> Option<i64>>(rows: &[ParcelRow], f: F) -> Vec<i64> {
        let mut ids: Vec<i64> = rows.iter().filter_map(f).collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }
    let shop_ids = ids(&rows, |r| Some(r.shop_id));
    let city_ids = ids(&rows, |r| Some(r.city_id));
    let mut user_ids = ids(&rows, |r| Some(r.client_id));
    user_ids.extend(ids(&rows, |r| r.delivery_admin_id));
    let original_ids = ids(&rows, |r| r.original_parcel_id);

    let wanted = [shop_ids, city_ids, user_ids, original_ids];
    let names = Names::load(conn, wanted, recent)?;
    let (shop_names, city_names, user_names) = (&names.shops, &names.cities, &names.users);
    let originals: HashMap<i64, String> = names
        .originals
        .iter()
        .map(|(id, (key, _))| (*id, key.clone()))
        .collect();

    let pair =
        |map: &HashMap<i64, (String, String)>, id: i64| map.get(&id).cloned().unwrap_or_default();
    Ok(rows
        .into_iter()
        .map(|row| {
            let (shop, shop_name) = pair(shop_names, row.shop_id);
            let (city, city_name) = pair(city_names, row.city_id);
            let (client, client_name) = pair(user_names, row.client_id);
            let courier = row.delivery_admin_id.map(|id| pair(user_names, id));
            let status = row.status();
            let fees = row.fees();
            ParcelView {
                actions: actions(role, &row),
                key: row.key,
                shop,
                shop_name,
                client,
                client_name,
                reference: row.reference,
                recipient_name: row.recipient_name,
                recipient_phone: row.recipient_phone,
                recipient_phone_alt: row.recipient_phone_alt,
                city,
                city_name,
                address: row.address,
                cod_amount: row.cod_amount,
                product: row.product,
                quantity: row.quantity,
                note: row.note,
                can_open: row.can_open,
                can_try: row.can_try,
                fragile: row.fragile,
                kind: row.kind,
                original_parcel: row
                    .original_parcel_id
                    .and_then(|id| originals.get(&id).cloned()),
                item_to_collect: row.item_to_collect,
                stock_lines: Vec::new(),
                fees,
                status,
                status_label: status.label(),
                attempts: row.attempts,
                postponed_to: row.postponed_to,
                delivery_admin: courier.as_ref().map(|c| c.0.clone()),
                delivery_admin_name: courier.map(|c| c.1),
                address_change_pending: row.address_change_pending,
                created_at: row.created_at,
                updated_at: row.updated_at,
            }
        })
        .collect())
}

type KeyAndName = HashMap<i64, (String, String)>;

/// The keys and display names a page of parcels refers to.
struct Names {
    shops: KeyAndName,
    cities: KeyAndName,
    users: KeyAndName,
    originals: KeyAndName,
}

/// Keys and display names of shops, cities and people seen on list pages lately, one per
/// server (it keeps it in its state). Names change rarely and a list shows a renamed shop a few
/// seconds late at worst; in return, a list page usually needs no look-up query at all. Single
/// parcels (details, writes) always read fresh names.
#[derive(Debug, Default)]
pub struct RecentNames {
    entries: Mutex<HashMap<NameSlot, (String, String, Instant)>>,
}

/// Which table (0 shops, 1 cities, 2 users, 3 parcels) and which row.
type NameSlot = (usize, i64);

impl RecentNames {
    const MEMORY: Duration = Duration::from_secs(10);
    const MAX_ENTRIES: usize = 50_000;

    fn get(&self, table: usize, id: i64) -> Option<(String, String)> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries
            .get(&(table, id))
            .filter(|(_, _, at)| at.elapsed() < Self::MEMORY)
            .map(|(key, name, _)| (key.clone(), name.clone()))
    }

    fn remember(&self, found: &[(i64, i64, String, String)]) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() + found.len() > Self::MAX_ENTRIES {
            entries.clear();
        }
        let now = Instant::now();
        for (table, id, key, name) in found {
            entries.insert((*table as usize, *id), (key.clone(), name.clone(), now));
        }
    }
}

impl Names {
    /// One round trip for the four look-ups (a `UNION ALL` tagged by table), and none when
    /// `recent` knows every name: lists are the hot path, and each query costs more in the
    /// database than the rows it returns. `wanted`: shop, city, user and parcel ids.
    fn load(
        conn: &mut DbConnection,
        wanted: [Vec<i64>; 4],
        recent: Option<&RecentNames>,
    ) -> AppResult<Names> {
        let mut maps: [KeyAndName; 4] = Default::default();
        let mut missing: [Vec<i64>; 4] = Default::default();
        for (table, ids) in wanted.into_iter().enumerate() {
            for id in ids {
                match recent.and_then(|r| r.get(table, id)) {
                    Some(found) => {
                        maps[table].insert(id, found);
                    }
                    None => missing[table].push(id),
                }
            }
        }
        if missing.iter().any(|ids| !ids.is_empty()) {
            let [shop_ids, city_ids, user_ids, original_ids] = &missing;
            let tag = |n: i64| sql::<BigInt>(&format!("CAST({n} AS BIGINT)"));
            // MultiBackend has no UNION: the same query is built for the connection's own
            // backend.
            macro_rules! union_of_names {
                () => {
                    shops::table
                        .filter(shops::id.eq_any(shop_ids))
                        .select((tag(0), shops::id, shops::key, shops::name))
                        .union_all(cities::table.filter(cities::id.eq_any(city_ids)).select((
                            tag(1),
                            cities::id,
                            cities::key,
                            cities::name,
                        )))
                        .union_all(users::table.filter(users::id.eq_any(user_ids)).select((
                            tag(2),
                            users::id,
                            users::key,
                            // The company when there is one, else the person's name.
                            sql::<Text>(
                                "CASE WHEN TRIM(COALESCE(company, '')) <> '' THEN company \
                                 ELSE TRIM(first_name || ' ' || last_name) END",
                            ),
                        )))
                        .union_all(
                            parcels::table
                                .filter(parcels::id.eq_any(original_ids))
                                .select((tag(3), parcels::id, parcels::key, parcels::key)),
                        )
                };
            }
            let found: Vec<(i64, i64, String, String)> = match conn {
                DbConnection::Pg(pg) => union_of_names!().load(pg),
                DbConnection::Sqlite(lite) => union_of_names!().load(lite),
            }
            .map_db_err()?;
            if let Some(recent) = recent {
                recent.remember(&found);
            }
            for (table, id, key, name) in found {
                if let Some(map) = maps.get_mut(table as usize) {
                    map.insert(id, (key, name));
                }
            }
        }
        let [shops, cities, users, originals] = maps;
        Ok(Names {
            shops,
            cities,
            users,
            originals,
        })
    }
}

pub fn view(conn: &mut DbConnection, role: Role, row: ParcelRow) -> AppResult<ParcelView> {
    Ok(views(conn, role, vec![row])?.remove(0))
}

/// The parcel with this tracking code within `scope`, else 404.
pub fn get(conn: &mut DbConnection, scope: Scope, parcel_key: &str) -> AppResult<ParcelRow> {
    let row: ParcelRow = parcels::table
        .filter(parcels::key.eq(parcel_key.trim().to_uppercase()))
        .select(ParcelRow::as_select())
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)?;
    if row.in_scope(scope) {
        Ok(row)
    } else {
        Err(AppError::NotFound)
    }
}

/// What a merchant sends to create or edit a parcel; absent fields keep their value on edit.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema)]
pub struct ParcelInput {
    /// Shop key (or, in an imported file, the shop's name).
    pub shop: Option<String>,
    pub reference: Option<String>,
    pub recipient_name: Option<String>,
    pub recipient_phone: Option<String>,
    pub recipient_phone_alt: Option<String>,
    /// City key (or the city's name).
    pub city: Option<String>,
    pub address: Option<String>,
    /// Centimes.
    pub cod_amount: Option<i64>,
    pub product: Option<String>,
    pub quantity: Option<i64>,
    pub note: Option<String>,
    pub can_open: Option<bool>,
    pub can_try: Option<bool>,
    pub fragile: Option<bool>,
    /// `standard` (default), `exchange` or `refund`.
    pub kind: Option<String>,
    /// For exchanges and refunds: the tracking code of the merchant's delivered parcel.
    pub original_parcel: Option<String>,
    /// For exchanges and refunds: what the delivery person collects.
    pub item_to_collect: Option<String>,
}

/// A city a parcel may go to, with what the merchant pays there.
#[derive(Debug, Clone, Copy)]
struct CityFees {
    id: i64,
    fees: Fees,
}

/// What validating a merchant's parcels needs, loaded once for one parcel or a whole file.
pub struct Lookups {
    merchant_id: i64,
    /// By key and by lower-case name.
    shops: HashMap<String, i64>,
    /// The merchant's shop when he has only one: the form need not ask.
    only_shop: Option<i64>,
    /// Active cities by key and by lower-case name, with the merchant's effective fees.
    cities: HashMap<String, CityFees>,
}

impl Lookups {
    /// Everything a whole file may name: every active city.
    pub fn load(conn: &mut DbConnection, merchant_id: i64) -> AppResult<Lookups> {
        Self::load_cities(conn, merchant_id, None)
    }

    /// What one parcel naming `city` needs: only that city when its key or exact name is
    /// given (the common case, and creation's hot path), else every city so a loosely typed
    /// name ("fes" for "Fès") still matches.
    pub fn for_city(
        conn: &mut DbConnection,
        merchant_id: i64,
        city: Option<&str>,
    ) -> AppResult<Lookups> {
        let Some(city) = city.map(str::trim).filter(|c| !c.is_empty()) else {
            return Self::load(conn, merchant_id);
        };
        let lookups = Self::load_cities(conn, merchant_id, Some(city))?;
        if lookups.city(city).is_some() {
            return Ok(lookups);
        }
        Self::load(conn, merchant_id)
    }

    /// `only_city`: `None` loads every active city, `Some(value)` those whose key is `value`
    /// or whose name is `value` in any case.
    fn load_cities(
        conn: &mut DbConnection,
        merchant_id: i64,
        only_city: Option<&str>,
    ) -> AppResult<Lookups> {
        let mut shop_map = HashMap::new();
        let merchant_shops = shops::table
            .filter(shops::client_id.eq(merchant_id))
            .select((shops::id, shops::key, shops::name))
            .load::<(i64, String, String)>(conn)
            .map_db_err()?;
        let only_shop = match merchant_shops.as_slice() {
            [(id, _, _)] => Some(*id),
            _ => None,
        };
        for (id, key, name) in merchant_shops {
            shop_map.insert(key, id);
            shop_map.entry(name.trim().to_lowercase()).or_insert(id);
        }
        let mut city_query = effective_fees(merchant_id);
        if let Some(value) = only_city {
            city_query = city_query.filter(
                cities::key
                    .eq(value.to_owned())
                    .or(lower(cities::name).eq(value.to_lowercase())),
            );
        }
        let found: Vec<CityPrice> = city_query
            .select(city_price_columns())
            .load(conn)
            .map_db_err()?;
        let mut city_map = HashMap::new();
        for price in found {
            let city = CityFees {
                id: price.city_id,
                fees: price.fees(),
            };
            city_map.insert(price.city_key, city);
            city_map.insert(fold_name(&price.city_name), city);
        }
        Ok(Lookups {
            merchant_id,
            shops: shop_map,
            only_shop,
            cities: city_map,
        })
    }

    fn shop(&self, value: &str) -> Option<i64> {
        self.shops
            .get(value.trim())
            .or_else(|| self.shops.get(&value.trim().to_lowercase()))
            .copied()
    }

    fn city(&self, value: &str) -> Option<CityFees> {
        self.cities
            .get(value.trim())
            .or_else(|| self.cities.get(&fold_name(value)))
            .copied()
    }
}

/// City names typed by people: case, accents and spacing do not matter ("fes" finds "Fès").
fn fold_name(name: &str) -> String {
    name.trim()
        .to_lowercase()
        .chars()
        .map(|c| match c {
            'à' | 'â' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' => 'i',
            'ô' | 'ö' => 'o',
            'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            '-' | '\'' => ' ',
            c => c,
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A parcel that passed every check: the merchant-set columns, written as they are on creation
/// and on edit (absent optional values clear the column).
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = parcels, treat_none_as_null = true)]
pub struct ValidParcel {
    pub shop_id: i64,
    pub reference: Option<String>,
    pub recipient_name: String,
    pub recipient_phone: String,
    pub recipient_phone_alt: Option<String>,
    pub city_id: i64,
    pub address: String,
    pub cod_amount: i64,
    pub product: String,
    pub quantity: i64,
    pub note: Option<String>,
    pub can_open: bool,
    pub can_try: bool,
    pub fragile: bool,
    pub kind: &'static str,
    pub original_parcel_id: Option<i64>,
    pub item_to_collect: Option<String>,
    pub delivery_fee: i64,
    pub return_fee: i64,
    pub refusal_fee: i64,
}

fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

fn required(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<String>,
    max: usize,
    message: &str,
) -> String {
    match value {
        Some(v) if v.chars().count() <= max => v,
        _ => {
            errors.add(field, message);
            String::new()
        }
    }
}

fn optional(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<String>,
    max: usize,
) -> Option<String> {
    match value {
        Some(v) if v.chars().count() > max => {
            errors.add(field, format!("{max} caractères au plus."));
            None
        }
        v => v,
    }
}

/// Checks a parcel (merged with `existing` on edit). Database lookups beyond `lookups` are the
/// original parcel of an exchange or refund only.
pub fn validate(
    conn: &mut DbConnection,
    lookups: &Lookups,
    input: &ParcelInput,
    existing: Option<&ParcelRow>,
) -> AppResult<Result<ValidParcel, FieldErrors>> {
    let mut errors = FieldErrors::new();
    // On edit an absent field keeps the stored value.
    let keep = |given: &Option<String>, stored: Option<&str>| -> Option<String> {
        match given {
            Some(_) => text(given),
            None => stored.map(str::to_owned).filter(|v| !v.is_empty()),
        }
    };

    let shop_id = match (text(&input.shop), existing) {
        (Some(shop), _) => lookups.shop(&shop),
        (None, Some(row)) => Some(row.shop_id),
        (None, None) => lookups.only_shop,
    };
    if shop_id.is_none() {
        errors.add("shop", "Choisissez une de vos boutiques.");
    }
    let reference = optional(
        &mut errors,
        "reference",
        keep(
            &input.reference,
            existing.and_then(|r| r.reference.as_deref()),
        ),
        64,
    );
    let recipient_name = required(
        &mut errors,
        "recipient_name",
        keep(
            &input.recipient_name,
            existing.map(|r| r.recipient_name.as_str()),
        ),
        100,
        "Le nom du destinataire est obligatoire (100 caractères au plus).",
    );
    let phone = |errors: &mut FieldErrors, field: &str, value: Option<String>| {
        value.and_then(|raw| {
            let normalized = normalize_moroccan_phone(&raw);
            if normalized.is_none() {
                errors.add(field, PHONE_MESSAGE);
            }
            normalized
        })
    };
    let recipient_phone = phone(
        &mut errors,
        "recipient_phone",
        keep(
            &input.recipient_phone,
            existing.map(|r| r.recipient_phone.as_str()),
        ),
    );
    if recipient_phone.is_none() && !errors.contains("recipient_phone") {
        errors.add("recipient_phone", PHONE_MESSAGE);
    }
    let recipient_phone_alt = phone(
        &mut errors,
        "recipient_phone_alt",
        keep(
            &input.recipient_phone_alt,
            existing.and_then(|r| r.recipient_phone_alt.as_deref()),
        ),
    );
    let city = match (text(&input.city), existing) {
        (Some(city), _) => lookups.city(&city),
        (None, Some(row)) => lookups
            .cities
            .values()
            .find(|c| c.id == row.city_id)
            .copied(),
        (None, None) => None,
    };
    if city.is_none() {
        errors.add("city", "Choisissez une ville desservie.");
    }
    let address = required(
        &mut errors,
        "address",
        keep(&input.address, existing.map(|r| r.address.as_str())),
        255,
        "L'adresse est obligatoire (255 caractères au plus).",
    );
    let cod_amount = input.cod_amount.or(existing.map(|r| r.cod_amount));
    let cod_amount = match cod_amount {
        Some(v) if (0..=MAX_COD_CENTIMES).contains(&v) => v,
        _ => {
            errors.add("cod_amount", "Le montant à encaisser va de 0 à 100 000 DH.");
            0
        }
    };
    let product = required(
        &mut errors,
        "product",
        keep(&input.product, existing.map(|r| r.product.as_str())),
        255,
        "Décrivez le produit (255 caractères au plus).",
    );
    let quantity = match input.quantity.or(existing.map(|r| r.quantity)).unwrap_or(1) {
        q if (1..=MAX_QUANTITY).contains(&q) => q,
        _ => {
            errors.add("quantity", "La quantité va de 1 à 10 000.");
            1
        }
    };
    let note = optional(
        &mut errors,
        "note",
        keep(&input.note, existing.and_then(|r| r.note.as_deref())),
        500,
    );
    let kind = match text(&input.kind)
        .as_deref()
        .or(existing.map(|r| r.kind.as_str()))
        .unwrap_or("standard")
    {
        "standard" => "standard",
        "exchange" => "exchange",
        "refund" => "refund",
        _ => {
            errors.add("kind", "Type inconnu : standard, exchange ou refund.");
            "standard"
        }
    };
    let mut original_parcel_id = existing.and_then(|r| r.original_parcel_id);
    let mut item_to_collect = optional(
        &mut errors,
        "item_to_collect",
        keep(
            &input.item_to_collect,
            existing.and_then(|r| r.item_to_collect.as_deref()),
        ),
        255,
    );
    if kind == "standard" {
        original_parcel_id = None;
        item_to_collect = None;
    } else {
        if item_to_collect.is_none() && !errors.contains("item_to_collect") {
            errors.add(
                "item_to_collect",
                "Indiquez l'article que le livreur doit récupérer.",
            );
        }
        if let Some(original) = text(&input.original_parcel) {
            let found: Option<(i64, String)> = parcels::table
                .filter(parcels::key.eq(original.to_uppercase()))
                .filter(parcels::client_id.eq(lookups.merchant_id))
                .select((parcels::id, parcels::status))
                .first(conn)
                .optional()
                .map_db_err()?;
            match found {
                Some((id, status)) if status == Status::Delivered.as_str() => {
                    original_parcel_id = Some(id)
                }
                Some(_) => {
                    errors.add("original_parcel", "Le colis d'origine n'a pas été livré.");
                }
                None => {
                    errors.add("original_parcel", "Colis d'origine introuvable.");
                }
            }
        }
    }
    if !errors.is_empty() {
        return Ok(Err(errors));
    }
    let city = city.unwrap_or(CityFees {
        id: 0,
        fees: Fees::default(),
    });
    Ok(Ok(ValidParcel {
        shop_id: shop_id.unwrap_or_default(),
        reference,
        recipient_name,
        recipient_phone: recipient_phone.unwrap_or_default(),
        recipient_phone_alt,
        city_id: city.id,
        address,
        cod_amount,
        product,
        quantity,
        note,
        can_open: input
            .can_open
            .or(existing.map(|r| r.can_open))
            .unwrap_or(false),
        can_try: input
            .can_try
            .or(existing.map(|r| r.can_try))
            .unwrap_or(false),
        fragile: input
            .fragile
            .or(existing.map(|r| r.fragile))
            .unwrap_or(false),
        kind,
        original_parcel_id,
        item_to_collect,
        delivery_fee: city.fees.delivery,
        return_fee: city.fees.return_fee,
        refusal_fee: city.fees.refusal,
    }))
}

const REFERENCE_TAKEN: &str = "Cette référence existe déjà pour cette boutique.";

fn reference_conflict(error: diesel::result::Error) -> AppError {
    if colivra_db::error::is_unique_violation(&error) {
        AppError::validation("reference", REFERENCE_TAKEN)
    } else {
        colivra_db::error::app_error_from_diesel(error)
    }
}

/// Whether `reference` is already used in the shop (by another parcel than `except`).
pub fn reference_taken(
    conn: &mut DbConnection,
    shop_id: i64,
    reference: &str,
    except: Option<i64>,
) -> AppResult<bool> {
    let mut q = parcels::table
        .filter(parcels::shop_id.eq(shop_id))
        .filter(parcels::reference.eq(reference))
        .into_boxed();
    if let Some(id) = except {
        q = q.filter(parcels::id.ne(id));
    }
    Ok(q.count().get_result::<i64>(conn).map_db_err()? > 0)
}

/// Inserts a checked parcel as `new` with its first history row; no activity (callers log one
/// per request).
pub fn insert(
    conn: &mut DbConnection,
    merchant_id: i64,
    actor_id: i64,
    parcel: &ValidParcel,
) -> AppResult<ParcelRow> {
    let now = time::now();
    let row: ParcelRow = diesel::insert_into(parcels::table)
        .values((
            parcel,
            parcels::key.eq(key::prefixed_key("CL", 10)),
            parcels::client_id.eq(merchant_id),
            parcels::status.eq(Status::New.as_str()),
            parcels::attempts.eq(0),
            parcels::address_change_pending.eq(false),
            parcels::created_by.eq(actor_id),
            parcels::created_at.eq(now),
            parcels::updated_at.eq(now),
            parcels::status_changed_at.eq(now),
        ))
        // The struct lists the columns in table order, so the whole row comes back by position.
        .returning(parcels::all_columns)
        .get_result(conn)
        .map_err(reference_conflict)?;
    diesel::insert_into(parcel_states::table)
        .values((
            parcel_states::parcel_id.eq(row.id),
            parcel_states::status.eq(Status::New.as_str()),
            parcel_states::user_id.eq(actor_id),
            parcel_states::created_at.eq(now),
        ))
        .execute(conn)
        .map_db_err()?;
    Ok(row)
}

/// Creates one parcel for the merchant, with the fees in force now.
pub fn create(
    conn: &mut DbConnection,
    actor_id: i64,
    merchant_id: i64,
    input: &ParcelInput,
) -> AppResult<ParcelView> {
    immediate_transaction(conn, |conn| {
        let lookups = Lookups::for_city(conn, merchant_id, input.city.as_deref())?;
        let parcel = validate(conn, &lookups, input, None)?.map_err(AppError::Validation)?;
        if let Some(reference) = &parcel.reference {
            if reference_taken(conn, parcel.shop_id, reference, None)? {
                return Err(AppError::validation("reference", REFERENCE_TAKEN));
            }
        }
        let row = insert(conn, merchant_id, actor_id, &parcel)?;
        activities::log(conn, Some(actor_id), "parcel.created", "parcel", &row.key)?;
        view(conn, Role::Client, row)
    })
}

fn check_new(row: &ParcelRow, what: &str) -> AppResult<()> {
    if row.status() == Status::New {
        Ok(())
    } else {
        Err(AppError::Conflict(format!(
            "Seul un nouveau colis peut être {what} ; celui-ci est « {} ».",
            row.status().label()
        )))
    }
}

/// Edits a merchant's parcel while it is new. The fee snapshot follows a change of city.
pub fn update(
    conn: &mut DbConnection,
    actor_id: i64,
    merchant_id: i64,
    parcel_key: &str,
    input: &ParcelInput,
) -> AppResult<ParcelView> {
    immediate_transaction(conn, |conn| {
        let row = get(conn, Scope::Merchant(merchant_id), parcel_key)?;
        check_new(&row, "modifié")?;
        let lookups = Lookups::for_city(conn, merchant_id, input.city.as_deref())?;
        let parcel = validate(conn, &lookups, input, Some(&row))?.map_err(AppError::Validation)?;
        if let Some(reference) = &parcel.reference {
            if reference_taken(conn, parcel.shop_id, reference, Some(row.id))? {
                return Err(AppError::validation("reference", REFERENCE_TAKEN));
            }
        }
        let updated = diesel::update(
            parcels::table
                .find(row.id)
                .filter(parcels::status.eq(Status::New.as_str())),
        )
        .set((&parcel, parcels::updated_at.eq(time::now())))
        .execute(conn)
        .map_err(reference_conflict)?;
        if updated == 0 {
            return Err(changed_meanwhile());
        }
        activities::log(conn, Some(actor_id), "parcel.updated", "parcel", &row.key)?;
        let row = get(conn, Scope::Merchant(merchant_id), parcel_key)?;
        view(conn, Role::Client, row)
    })
}

pub(crate) fn changed_meanwhile() -> AppError {
    AppError::Conflict("Le colis a changé entre-temps : rechargez la page et réessayez.".to_owned())
}

/// Deletes a merchant's parcel while it is new (nothing happened to it yet).
pub fn delete(
    conn: &mut DbConnection,
    actor_id: i64,
    merchant_id: i64,
    parcel_key: &str,
) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let row = get(conn, Scope::Merchant(merchant_id), parcel_key)?;
        check_new(&row, "supprimé")?;
        let used_as_original: i64 = parcels::table
            .filter(parcels::original_parcel_id.eq(row.id))
            .count()
            .get_result(conn)
            .map_db_err()?;
        if used_as_original > 0 {
            return Err(AppError::Conflict(
                "Un échange ou un remboursement renvoie à ce colis.".to_owned(),
            ));
        }
        let deleted = diesel::delete(
            parcels::table
                .find(row.id)
                .filter(parcels::status.eq(Status::New.as_str())),
        )
        .execute(conn)
        .map_db_err()?;
        if deleted == 0 {
            return Err(changed_meanwhile());
        }
        activities::log(conn, Some(actor_id), "parcel.deleted", "parcel", &row.key)
    })
}

#[cfg(test)]
mod tests {
    use super::{fold_name, RecentNames};

    #[test]
    fn city_names_match_without_case_accents_or_dashes() {
        assert_eq!(fold_name("  Fès "), "fes");
        assert_eq!(fold_name("Dar Bouazza"), fold_name("dar-bouazza"));
        assert_eq!(fold_name("KÉNITRA"), "kenitra");
    }

    #[test]
    fn recent_names_are_kept_per_table_and_row() {
        let recent = RecentNames::default();
        assert_eq!(recent.get(0, 7), None);
        recent.remember(&[(0, 7, "SHP7".into(), "Atlas Mode".into())]);
        assert_eq!(
            recent.get(0, 7),
            Some(("SHP7".to_owned(), "Atlas Mode".to_owned()))
        );
        // The same id in another table is another row.
        assert_eq!(recent.get(1, 7), None);
    }
}
