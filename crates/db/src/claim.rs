//! Claiming a row for the transaction under way, the compare-and-set every status change of a
//! document (an invoice's draft, a voucher still new) starts with.

/// Claims the row `id` of `table` while its `status` column is `status`: a write conditional on
/// the status (it touches `updated_at`), so on PostgreSQL a concurrent writer of the same row
/// waits here and then sees the outcome, and on SQLite writes are serialised already. Evaluates
/// to `AppResult<bool>`: false when the row left that status (or is gone) meanwhile, which the
/// caller answers with its own 409.
#[macro_export]
macro_rules! claim_in_status {
    ($conn:expr, $table:ident, $id:expr, $status:expr) => {{
        use diesel::prelude::*;
        use $crate::MapDbErr;
        diesel::update(
            $crate::schema::$table::table
                .find($id)
                .filter($crate::schema::$table::status.eq($status)),
        )
        .set($crate::schema::$table::updated_at.eq(colivra_core::time::now()))
        .execute($conn)
        .map_db_err()
        .map(|updated| updated > 0)
    }};
}
