//! The keys and names a page of parcels refers to (shops, cities, people, original parcels),
//! loaded in one query or taken from a short per-server memory.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use colivra_core::AppResult;
use colivra_db::fixed_sql::fixed_sql;
use colivra_db::schema::{cities, invoices, parcels, shops, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

pub(super) type KeyAndName = HashMap<i64, (String, String)>;

/// The keys and display names a page of parcels refers to.
pub(super) struct Names {
    pub shops: KeyAndName,
    pub cities: KeyAndName,
    pub users: KeyAndName,
    pub originals: KeyAndName,
    /// Invoices: key and status.
    pub invoices: KeyAndName,
}

/// Keys and display names of shops, cities and people seen on list pages lately, one per
/// server (it keeps it in its state). Names change rarely and a list shows a renamed shop a few
/// seconds late at worst; in return, a list page usually needs no look-up query at all. The
/// answers to a creation and to a move take their names from here too (a courier recording
/// outcomes one after another: no look-up); a parcel's own page reads them fresh.
#[derive(Debug, Default)]
pub struct RecentNames {
    entries: Mutex<HashMap<NameSlot, (String, String, Instant)>>,
}

/// Which table (0 shops, 1 cities, 2 users, 3 parcels, 4 invoices; [`PROOF_POLICIES`]: a
/// merchant's proof policy as the name) and which row.
type NameSlot = (usize, i64);

/// The slot of merchants' proof policies (the delivery person's sheet shows what each requires;
/// recording an outcome reads the policy afresh, so a policy seen 10 s late only in a list is
/// harmless).
pub(crate) const PROOF_POLICIES: usize = 5;

impl RecentNames {
    const MEMORY: Duration = Duration::from_secs(10);
    const MAX_ENTRIES: usize = 50_000;

    pub(crate) fn get(&self, table: usize, id: i64) -> Option<(String, String)> {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries
            .get(&(table, id))
            .filter(|(_, _, at)| at.elapsed() < Self::MEMORY)
            .map(|(key, name, _)| (key.clone(), name.clone()))
    }

    /// Forgets the proof policy remembered for `merchant` (he just changed it).
    pub fn forget_proof_policy(&self, merchant: colivra_core::MerchantId) {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.remove(&(PROOF_POLICIES, merchant.get()));
    }

    pub(crate) fn remember(&self, found: &[(i64, i64, String, String)]) {
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
    /// One round trip for the five look-ups (a `UNION ALL` tagged by table), and none when
    /// `recent` knows every name: lists are the hot path, and each query costs more in the
    /// database than the rows it returns. `wanted`: shop, city, user, parcel and invoice ids.
    pub fn load(
        conn: &mut DbConnection,
        wanted: [Vec<i64>; 5],
        recent: Option<&RecentNames>,
    ) -> AppResult<Names> {
        let mut maps: [KeyAndName; 5] = Default::default();
        let mut missing: [Vec<i64>; 5] = Default::default();
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
            let [shop_ids, city_ids, user_ids, original_ids, invoice_ids] = &missing;
            // Bound, not a SQL literal: diesel keeps the statement prepared.
            let tag = |n: i64| n.into_sql::<BigInt>();
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
                            fixed_sql::<Text>(
                                "CASE WHEN TRIM(COALESCE(company, '')) <> '' THEN company \
                                 ELSE TRIM(first_name || ' ' || last_name) END",
                            ),
                        )))
                        .union_all(
                            parcels::table
                                .filter(parcels::id.eq_any(original_ids))
                                .select((tag(3), parcels::id, parcels::key, parcels::key)),
                        )
                        .union_all(
                            invoices::table
                                .filter(invoices::id.eq_any(invoice_ids))
                                .select((tag(4), invoices::id, invoices::key, invoices::status)),
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
        let [shops, cities, users, originals, invoices] = maps;
        Ok(Names {
            shops,
            cities,
            users,
            originals,
            invoices,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::RecentNames;

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
