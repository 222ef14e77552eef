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
//! The ledger itself (numbered entries, settlements toward zero) is `crate::ledger`'s, shared
//! with the merchants' accounts.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use colivra_core::{time, AppResult, Centimes, DeliveryPersonId};
use colivra_db::DbConnection;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::ledger::{self, Account};
pub use crate::ledger::{EntryAuthor, SettlementInput, SettlementKind, MAX_SETTLEMENT};

mod read;
mod write;

pub use read::{list, show};
pub use write::settle;
pub(crate) use write::{carried_amount, post_validated_invoice};

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

    /// The activity of an entry of this kind (after `courier_balance.`).
    fn action(self) -> &'static str {
        match self {
            EntryKind::Difference => "difference_posted",
            EntryKind::Payment => "payment",
            EntryKind::Deduction => "deduction",
            EntryKind::WriteOff => "write_off",
        }
    }
}

/// One entry of a delivery person's balance.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BalanceEntry {
    pub key: String,
    pub kind: EntryKind,
    /// Centimes, signed the way it moves the balance (positive: he owes more).
    #[schema(value_type = i64)]
    pub amount: Centimes,
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
    #[schema(value_type = i64)]
    pub amount: Centimes,
}

/// `GET delivery-admins/{key}/balance`: the balance and every entry, newest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DeliveryPersonBalance {
    #[serde(rename = "delivery_admin")]
    pub delivery_person: BalanceDeliveryPersonRef,
    /// Centimes: the sum of the entries, positive when he owes the company.
    #[schema(value_type = i64)]
    pub balance: Centimes,
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
    #[schema(value_type = i64)]
    pub balance: Centimes,
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
pub const SORTABLE: &[&str] = crate::ledger::LIST_SORTABLE;

/// A delivery person's balance: the sum of his entries.
pub fn balance_of(
    conn: &mut DbConnection,
    delivery_person_id: DeliveryPersonId,
) -> AppResult<Centimes> {
    Ok(ledger::state(conn, Account::DeliveryPerson, delivery_person_id)?.1)
}

/// Every delivery person's non-zero balance, by id.
pub fn all_balances(conn: &mut DbConnection) -> AppResult<HashMap<DeliveryPersonId, Centimes>> {
    ledger::all_balances(conn, Account::DeliveryPerson)
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
            assert!(!kind.action().is_empty());
        }
        assert_eq!(EntryKind::parse("refund"), None);
    }
}
