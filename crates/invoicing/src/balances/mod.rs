//! Courier balances (domain rules, "Money that must stay accountable across invoices"): each
//! delivery person's running account with the company, kept as a ledger of entries.
//!
//! The balance is the sum of the entries' `amount`, positive when he owes the company. A
//! validated delivery invoice posts its difference (`total − counted`: a shortage he owes is
//! positive, a surplus negative); an admin settles with a payment (cash paid in, or paid back to
//! him) or a write-off with a reason; a later delivery invoice may carry the balance as a line of
//! its own, and its validation posts the opposite as a deduction. Settlements move the balance
//! toward zero and never past it.
//!
//! Every entry is numbered per delivery person (`seq`); a writer reads the last number and the
//! balance in one statement and inserts the next number, so of two writers of one account at the
//! same moment one wins and the other's insert hits the unique index (409), on both databases
//! (SQLite's immediate transactions serialise them instead: the second then sees the new balance).

use std::collections::HashMap;

use chrono::NaiveDateTime;
use colivra_core::{time, AppResult};
use colivra_db::schema::{delivery_person_balance_entries, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

mod read;
mod write;

pub use read::{list, show};
pub use write::settle;
pub(crate) use write::{carried_amount, post_validated_invoice};

/// The largest settlement one entry may record: 1,000,000 DH, as a counted amount.
pub const MAX_SETTLEMENT: i64 = crate::kind::MAX_COUNTED_CENTIMES;

/// What moved a balance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = DeliveryPersonBalanceEntryKind)]
pub enum EntryKind {
    /// Posted by a validated delivery invoice: `total − counted`.
    Difference,
    /// Cash paid in by him (or paid back to him).
    Payment,
    /// Taken on a later delivery invoice that carried the balance.
    Deduction,
    /// Given up, with a reason.
    WriteOff,
}

impl EntryKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EntryKind::Difference => "difference",
            EntryKind::Payment => "payment",
            EntryKind::Deduction => "deduction",
            EntryKind::WriteOff => "write_off",
        }
    }

    pub fn parse(value: &str) -> Option<EntryKind> {
        [
            EntryKind::Difference,
            EntryKind::Payment,
            EntryKind::Deduction,
            EntryKind::WriteOff,
        ]
        .into_iter()
        .find(|k| k.as_str() == value.trim())
    }

    /// The activity of an entry of this kind.
    fn action(self) -> &'static str {
        match self {
            EntryKind::Difference => "courier_balance.difference_posted",
            EntryKind::Payment => "courier_balance.payment",
            EntryKind::Deduction => "courier_balance.deduction",
            EntryKind::WriteOff => "courier_balance.write_off",
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = delivery_person_balance_entries)]
struct EntryRow {
    key: String,
    kind: String,
    amount: i64,
    invoice_id: Option<i64>,
    reference: Option<String>,
    comment: Option<String>,
    created_by: Option<i64>,
    created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = DeliveryPersonBalanceAuthor)]
pub struct EntryAuthor {
    pub key: String,
    pub name: String,
}

/// One entry of a delivery person's balance.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BalanceEntry {
    pub key: String,
    pub kind: EntryKind,
    /// Centimes, signed the way it moves the balance (positive: he owes more).
    pub amount: i64,
    /// The delivery invoice's number (differences and deductions), else null.
    pub invoice: Option<String>,
    /// The receipt or transfer reference of a payment.
    pub reference: Option<String>,
    pub comment: Option<String>,
    /// Who recorded it (null once that account is deleted).
    pub author: Option<EntryAuthor>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BalanceDeliveryPersonRef {
    pub key: String,
    pub full_name: String,
    pub phone: String,
}

/// A draft delivery invoice carrying the balance now: its validation will post the deduction.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CarriedBalance {
    /// The draft's key.
    pub invoice: String,
    /// Centimes, as the draft carries it (the balance when it was carried).
    pub amount: i64,
}

/// `GET delivery-admins/{key}/balance`: the balance and every entry, newest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DeliveryPersonBalance {
    #[serde(rename = "delivery_admin")]
    pub delivery_person: BalanceDeliveryPersonRef,
    /// Centimes: the sum of the entries, positive when he owes the company.
    pub balance: i64,
    pub entries: Vec<BalanceEntry>,
    /// Drafts carrying the balance (a settlement meanwhile makes their validation refused).
    pub carried_on: Vec<CarriedBalance>,
}

/// A row of `GET delivery-admins/balances`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BalanceRow {
    pub key: String,
    pub full_name: String,
    pub phone: String,
    /// Centimes, positive when he owes the company.
    pub balance: i64,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct BalanceFilters {
    /// `true`: only those who owe the company (balance above zero).
    pub owing: Option<bool>,
    /// Delivery people's keys, comma-separated (the delivery people screen's page).
    #[serde(rename = "delivery_admin")]
    pub delivery_person: Option<String>,
}

/// Sortable columns of the balances list (default: largest balance first).
pub const SORTABLE: &[&str] = &["balance", "full_name"];

/// The kinds an admin records by hand.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SettlementKind {
    Payment,
    WriteOff,
}

/// `POST delivery-admins/{key}/balance`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct SettlementInput {
    /// `payment` (cash paid in, or paid back to him) or `write_off` (given up: a comment says why).
    #[schema(value_type = SettlementKind)]
    pub kind: Option<String>,
    /// Centimes, 1 to 1,000,000 DH, at most the balance: the entry moves the balance toward zero.
    #[schema(minimum = 1, maximum = 100000000)]
    pub amount: Option<i64>,
    /// A receipt or transfer reference, 100 characters at most.
    #[schema(max_length = 100)]
    pub reference: Option<String>,
    /// Why (required for a write-off), 500 characters at most.
    #[schema(max_length = 500)]
    pub comment: Option<String>,
}

/// The last entry number and the balance of a delivery person, read in one statement so both
/// come from the same snapshot.
fn state(conn: &mut DbConnection, delivery_person_id: i64) -> AppResult<(i64, i64)> {
    delivery_person_balance_entries::table
        .filter(delivery_person_balance_entries::delivery_person_id.eq(delivery_person_id))
        .select((
            sql::<BigInt>("CAST(COALESCE(MAX(courier_balance_entries.seq), 0) AS BIGINT)"),
            sql::<BigInt>("CAST(COALESCE(SUM(courier_balance_entries.amount), 0) AS BIGINT)"),
        ))
        .first(conn)
        .map_db_err()
}

/// A delivery person's balance: the sum of his entries.
pub fn balance_of(conn: &mut DbConnection, delivery_person_id: i64) -> AppResult<i64> {
    Ok(state(conn, delivery_person_id)?.1)
}

/// Every delivery person's non-zero balance, by id.
pub fn all_balances(conn: &mut DbConnection) -> AppResult<HashMap<i64, i64>> {
    let sums: Vec<(i64, i64)> = delivery_person_balance_entries::table
        .group_by(delivery_person_balance_entries::delivery_person_id)
        .select((
            delivery_person_balance_entries::delivery_person_id,
            sql::<BigInt>("CAST(SUM(courier_balance_entries.amount) AS BIGINT)"),
        ))
        .load(conn)
        .map_db_err()?;
    Ok(sums.into_iter().filter(|(_, sum)| *sum != 0).collect())
}

/// Whose key it is, as the balances screens name people.
fn people(
    conn: &mut DbConnection,
    ids: &[i64],
) -> AppResult<HashMap<i64, (String, String, String)>> {
    Ok(users::table
        .filter(users::id.eq_any(ids))
        .select((
            users::id,
            users::key,
            users::first_name,
            users::last_name,
            users::phone,
        ))
        .load::<(i64, String, String, String, String)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(id, key, first, last, phone)| {
            (
                id,
                (key, format!("{first} {last}").trim().to_owned(), phone),
            )
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_kinds_round_trip() {
        for kind in [
            EntryKind::Difference,
            EntryKind::Payment,
            EntryKind::Deduction,
            EntryKind::WriteOff,
        ] {
            assert_eq!(EntryKind::parse(kind.as_str()), Some(kind));
            assert!(kind.action().starts_with("courier_balance."));
        }
        assert_eq!(EntryKind::parse("refund"), None);
    }
}
