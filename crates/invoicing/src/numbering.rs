//! Invoice numbers: `FC-2026-000001` (client), `FL-2026-000001` (delivery), one unbroken
//! sequence per prefix and year, given at validation.
//!
//! The counter row is incremented inside the validating transaction: a concurrent validation
//! waits on that row (PostgreSQL row lock; SQLite's immediate transaction serialises writers)
//! and takes the next number, and a validation that fails later rolls its increment back, so
//! numbers have no gaps and no duplicates.

use colivra_core::AppResult;
use colivra_db::schema::invoice_numbers as counters;
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

/// Takes the next number of `prefix` for `year` (inside the caller's transaction).
pub fn next_number(conn: &mut DbConnection, prefix: &str, year: i32) -> AppResult<String> {
    let year = i64::from(year);
    // The year's counter exists before it is incremented: an insert that a concurrent one may
    // already have made (ON CONFLICT DO NOTHING, or OR IGNORE: the multi-backend has neither).
    let row = (
        counters::prefix.eq(prefix),
        counters::year.eq(year),
        counters::last_number.eq(0i64),
    );
    match conn {
        DbConnection::Pg(pg) => diesel::insert_into(counters::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(pg),
        DbConnection::Sqlite(lite) => diesel::insert_or_ignore_into(counters::table)
            .values(row)
            .execute(lite),
    }
    .map_db_err()?;
    let number: i64 = diesel::update(
        counters::table
            .filter(counters::prefix.eq(prefix))
            .filter(counters::year.eq(year)),
    )
    .set(counters::last_number.eq(counters::last_number + 1))
    .returning(counters::last_number)
    .get_result(conn)
    .map_db_err()?;
    Ok(format(prefix, year, number))
}

pub fn format(prefix: &str, year: i64, number: i64) -> String {
    format!("{prefix}-{year}-{number:06}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_read_prefix_year_and_six_digits() {
        assert_eq!(super::format("FC", 2026, 1), "FC-2026-000001");
        assert_eq!(super::format("FL", 2027, 123_456), "FL-2027-123456");
    }
}
