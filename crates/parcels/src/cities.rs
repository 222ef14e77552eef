//! Cities served, each with a delivery, a return and a refusal fee (centimes).

use colivra_core::{key, money, time, AppResult};
use colivra_db::schema::cities;
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;

/// The Moroccan cities served out of the box, with fees in dirhams.
pub const MOROCCAN_CITIES_CSV: &str = include_str!("../data/moroccan-cities.csv");

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CityFees {
    pub name: String,
    pub delivery_fee: i64,
    pub return_fee: i64,
    pub refusal_fee: i64,
}

/// Rows of a `name,delivery_fee,return_fee,refusal_fee` file (fees in dirhams, header first).
/// Errors name the line.
pub fn parse_cities_csv(text: &str) -> Result<Vec<CityFees>, String> {
    let mut rows = Vec::new();
    for (index, line) in text.lines().enumerate().skip(1) {
        let line_number = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let [name, delivery, ret, refusal] = fields.as_slice() else {
            return Err(format!(
                "line {line_number}: expected 4 columns, found {}",
                fields.len()
            ));
        };
        let fee = |value: &str, column: &str| {
            money::parse_dirhams(value).ok_or(format!(
                "line {line_number}: {column} '{value}' is not an amount"
            ))
        };
        if name.is_empty() {
            return Err(format!("line {line_number}: the name is empty"));
        }
        rows.push(CityFees {
            name: (*name).to_owned(),
            delivery_fee: fee(delivery, "delivery_fee")?,
            return_fee: fee(ret, "return_fee")?,
            refusal_fee: fee(refusal, "refusal_fee")?,
        });
    }
    Ok(rows)
}

/// Inserts the cities that do not exist yet (by name); returns how many were added.
pub fn ensure_cities(conn: &mut DbConnection, rows: &[CityFees]) -> AppResult<usize> {
    immediate_transaction(conn, |conn| {
        let mut added = 0;
        for row in rows {
            let exists: i64 = cities::table
                .filter(cities::name.eq(&row.name))
                .count()
                .get_result(conn)
                .map_db_err()?;
            if exists > 0 {
                continue;
            }
            let now = time::now();
            diesel::insert_into(cities::table)
                .values((
                    cities::key.eq(key::prefixed_key("C", 9)),
                    cities::name.eq(&row.name),
                    cities::delivery_fee.eq(row.delivery_fee),
                    cities::return_fee.eq(row.return_fee),
                    cities::refusal_fee.eq(row.refusal_fee),
                    cities::active.eq(true),
                    cities::created_at.eq(now),
                    cities::updated_at.eq(now),
                ))
                .execute(conn)
                .map_db_err()?;
            added += 1;
        }
        Ok(added)
    })
}

pub fn id_by_name(conn: &mut DbConnection, name: &str) -> AppResult<Option<i64>> {
    cities::table
        .filter(cities::name.eq(name))
        .select(cities::id)
        .first(conn)
        .optional()
        .map_db_err()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_list_covers_the_largest_cities() {
        let rows = parse_cities_csv(MOROCCAN_CITIES_CSV).unwrap();
        assert!(rows.len() >= 60, "{} cities", rows.len());
        let casablanca = rows.iter().find(|r| r.name == "Casablanca").unwrap();
        assert_eq!(casablanca.delivery_fee, 2000);
        let mut names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), rows.len(), "duplicate city names");
    }

    #[test]
    fn reports_the_bad_line() {
        let error = parse_cities_csv("name,a,b,c\nRabat,20,5,x\n").unwrap_err();
        assert!(error.contains("line 2"), "{error}");
        assert!(parse_cities_csv("name,a,b,c\nRabat,20\n").is_err());
    }
}
