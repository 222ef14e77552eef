//! What validating a merchant's parcels looks up once: his shops, the active cities with his fees.

use std::collections::HashMap;

use colivra_core::AppResult;
use colivra_db::listing::lower;
use colivra_db::schema::{cities, shops};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::fees::{city_price_columns, effective_fees, CityPrice, Fees};

/// A city a parcel may go to, with what the merchant pays there.
#[derive(Debug, Clone, Copy)]
pub(super) struct CityFees {
    pub(super) id: i64,
    pub(super) fees: Fees,
}

/// What validating a merchant's parcels needs, loaded once for one parcel or a whole file.
pub struct Lookups {
    pub(super) merchant_id: i64,
    /// By key and by lower-case name.
    shops: HashMap<String, i64>,
    /// The merchant's shop when he has only one: the form need not ask.
    pub(super) only_shop: Option<i64>,
    /// Active cities by key and by lower-case name, with the merchant's effective fees.
    pub(super) cities: HashMap<String, CityFees>,
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
            .filter(shops::merchant_id.eq(merchant_id))
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

    pub(super) fn shop(&self, value: &str) -> Option<i64> {
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
