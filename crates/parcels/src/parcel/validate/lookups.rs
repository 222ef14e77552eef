//! What validating a merchant's parcels looks up once: his shops, the active cities with his fees.

use std::collections::HashMap;

use colivra_core::{AppResult, Centimes, CityId, MerchantId, ShopId};
use colivra_db::listing::lower;
use colivra_db::schema::{cities, shops, users, webhook_endpoints};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text};

use crate::fees::{active_cities_with_own_price, city_price_columns, CityPrice, Fees};

/// A city a parcel may go to, with what the merchant pays there.
#[derive(Debug, Clone, Copy)]
pub(super) struct CityFees {
    pub(super) id: CityId,
    pub(super) fees: Fees,
}

/// What validating a merchant's parcels needs, loaded once for one parcel or a whole file.
pub struct Lookups {
    pub(super) merchant_id: MerchantId,
    /// By key and by lower-case name.
    shops: HashMap<String, ShopId>,
    /// The merchant's shop when he has only one: the form need not ask.
    pub(super) only_shop: Option<ShopId>,
    /// Active cities by key and by lower-case name, with the merchant's effective fees.
    pub(super) cities: HashMap<String, CityFees>,
    /// The merchant's active webhook endpoints, for the events of what is created with these
    /// look-ups (read in their statement: one round trip fewer per creation).
    pub webhook_endpoints: colivra_db::outbox::Endpoints,
    /// The merchant is on the confirmation service: his new parcels wait « à confirmer ».
    pub confirmation_required: bool,
}

impl Lookups {
    /// Everything a whole file may name: every active city.
    pub fn load(conn: &mut DbConnection, merchant_id: MerchantId) -> AppResult<Lookups> {
        Self::load_cities(conn, merchant_id, None)
    }

    /// What one parcel naming `city` needs: only that city when its key or exact name is
    /// given (the common case, and creation's hot path), else every city so a loosely typed
    /// name ("fes" for "Fès") still matches.
    pub fn for_city(
        conn: &mut DbConnection,
        merchant_id: MerchantId,
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
    /// or whose name is `value` in any case. The merchant's shops, webhook endpoints and
    /// confirmation service come in the same statement (a `UNION ALL` tagged by table): creation is a hot path, and each
    /// round trip costs both processes more than these few rows do.
    fn load_cities(
        conn: &mut DbConnection,
        merchant_id: MerchantId,
        only_city: Option<&str>,
    ) -> AppResult<Lookups> {
        // Bound values, not SQL literals: diesel does not keep a statement holding a literal
        // prepared, and PostgreSQL would plan this one again for every parcel.
        let tag = |n: i64| n.into_sql::<BigInt>();
        let no_fee = || Centimes::ZERO.into_sql::<BigInt>();
        let no_own_fee = || None::<Centimes>.into_sql::<Nullable<BigInt>>();
        let (by_key, by_name) = only_city
            .map(|value| (value.to_owned(), value.to_lowercase()))
            .unzip();
        // Another table's id, key and name in the columns of a city, its fees empty.
        macro_rules! not_a_city {
            ($id:expr, $key:expr, $name:expr) => {
                (
                    $id,
                    $key,
                    $name,
                    no_fee(),
                    no_fee(),
                    no_fee(),
                    no_own_fee(),
                    no_own_fee(),
                    no_own_fee(),
                )
            };
        }
        // MultiBackend has no UNION: the same query is built for the connection's own backend.
        macro_rules! shops_and_cities {
            ($backend:ty) => {{
                let mut cities_query =
                    active_cities_with_own_price(merchant_id).into_boxed::<$backend>();
                if let (Some(key), Some(name)) = (&by_key, &by_name) {
                    cities_query = cities_query.filter(
                        cities::key
                            .eq(key.clone())
                            .or(lower(cities::name).eq(name.clone())),
                    );
                }
                shops::table
                    .filter(shops::merchant_id.eq(merchant_id))
                    .select((tag(0), not_a_city!(shops::id, shops::key, shops::name)))
                    .union_all(cities_query.select((tag(1), city_price_columns())))
                    .union_all(
                        webhook_endpoints::table
                            .filter(webhook_endpoints::merchant_id.eq(merchant_id))
                            .filter(webhook_endpoints::active.eq(true))
                            .select((
                                tag(2),
                                not_a_city!(
                                    webhook_endpoints::id,
                                    webhook_endpoints::events,
                                    "".into_sql::<Text>()
                                ),
                            )),
                    )
                    // A row only when the merchant is on the confirmation service.
                    .union_all(
                        users::table
                            .filter(users::id.eq(merchant_id))
                            .filter(users::confirmation_required.eq(true))
                            .select((
                                tag(3),
                                not_a_city!(users::id, users::key, "".into_sql::<Text>()),
                            )),
                    )
            }};
        }
        let found: Vec<(i64, CityPrice)> = match conn {
            DbConnection::Pg(pg) => shops_and_cities!(diesel::pg::Pg).load(pg),
            DbConnection::Sqlite(lite) => shops_and_cities!(diesel::sqlite::Sqlite).load(lite),
        }
        .map_db_err()?;
        let mut shop_map = HashMap::new();
        let mut city_map = HashMap::new();
        let mut webhook_endpoints = Vec::new();
        let mut shop_count = 0;
        let mut last_shop = None;
        let mut confirmation_required = false;
        for (table, row) in found {
            if table == 3 {
                confirmation_required = true;
                continue;
            }
            if table == 2 {
                // An endpoint in the columns of a city: id, the events it subscribes to.
                webhook_endpoints.push((row.city_id.get(), row.city_key));
                continue;
            }
            if table == 0 {
                // A shop in the columns of a city: id, key, name.
                let shop_id = ShopId::new(row.city_id.get());
                shop_count += 1;
                last_shop = Some(shop_id);
                shop_map.insert(row.city_key, shop_id);
                shop_map
                    .entry(row.city_name.trim().to_lowercase())
                    .or_insert(shop_id);
                continue;
            }
            let city = CityFees {
                id: row.city_id,
                fees: row.fees(),
            };
            let name = fold_name(&row.city_name);
            city_map.insert(row.city_key, city);
            city_map.insert(name, city);
        }
        Ok(Lookups {
            merchant_id,
            shops: shop_map,
            only_shop: if shop_count == 1 { last_shop } else { None },
            cities: city_map,
            webhook_endpoints,
            confirmation_required,
        })
    }

    pub(super) fn shop(&self, value: &str) -> Option<ShopId> {
        self.shops
            .get(value.trim())
            .or_else(|| self.shops.get(&value.trim().to_lowercase()))
            .copied()
    }

    pub(super) fn city(&self, value: &str) -> Option<CityFees> {
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

#[cfg(test)]
mod tests {
    use super::fold_name;

    #[test]
    fn city_names_match_without_case_accents_or_dashes() {
        assert_eq!(fold_name("  Fès "), "fes");
        assert_eq!(fold_name("Dar Bouazza"), fold_name("dar-bouazza"));
        assert_eq!(fold_name("KÉNITRA"), "kenitra");
    }
}
