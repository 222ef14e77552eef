//! Merchant accounts (domain rules, "What a merchant owes is netted"): each merchant's running
//! account with the company, a ledger of entries like the delivery people's balances
//! (`crate::ledger`), NEGATIVE when he owes the company (his side of it).
//!
//! A validated returned-type client invoice posts its fees (`fees`); the next delivered-type
//! invoice validated for any of his shops takes what he owes from its payout (`deduction`, a line
//! of its own: « Frais de retour FC-… déduits »), as far as that payout goes; while the account is
//! negative no client invoice of his is paid (nor put in a transfer file); an admin settles by
//! hand (`payment` received, `write_off` with a reason). A returned-type invoice is paid once
//! credits cover it, oldest first, and says by which.

use chrono::NaiveDateTime;
use colivra_core::{
    time, AppResult, Centimes, InvoiceId, ListQuery, MerchantId, Paginated, Role, Scope, UserId,
};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{merchant_staff, users};
use colivra_db::{immediate_transaction, DbConnection};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::ledger::{self, Account, EntryAuthor, SettlementInput};
use crate::parties::merchant;

mod allocation;
mod post;

pub(crate) use post::{pay_returned, post_validated_invoice, refuse_payment, settlements};
pub use post::{InvoiceSettlement, MerchantAccountRef};

/// What moved a merchant's account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MerchantEntryKind {
    /// Posted by a validated returned-type invoice: the fees he owes (negative).
    Fees,
    /// Taken from a delivered-type invoice's payout (positive).
    Deduction,
    /// Cash, cheque or transfer received from him (positive).
    Payment,
    /// Given up, with a reason (positive).
    WriteOff,
}

impl MerchantEntryKind {
    pub fn as_str(self) -> &'static str {
        match self {
            MerchantEntryKind::Fees => "fees",
            MerchantEntryKind::Deduction => "deduction",
            MerchantEntryKind::Payment => "payment",
            MerchantEntryKind::WriteOff => "write_off",
        }
    }

    pub fn parse(value: &str) -> Option<MerchantEntryKind> {
        [
            MerchantEntryKind::Fees,
            MerchantEntryKind::Deduction,
            MerchantEntryKind::Payment,
            MerchantEntryKind::WriteOff,
        ]
        .into_iter()
        .find(|k| k.as_str() == value)
    }
}

/// One entry of a merchant's account.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MerchantAccountEntry {
    pub key: String,
    pub kind: MerchantEntryKind,
    /// Centimes, signed the way it moves the account (negative: he owes more).
    #[schema(value_type = i64)]
    pub amount: Centimes,
    /// The client invoice's number (fees and deductions), else null.
    pub invoice: Option<String>,
    /// The receipt, cheque or transfer reference of a payment.
    pub reference: Option<String>,
    pub comment: Option<String>,
    /// Who recorded it (null once that account is deleted).
    pub author: Option<EntryAuthor>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AccountMerchantRef {
    pub key: String,
    pub full_name: String,
    pub company: Option<String>,
    pub phone: String,
}

/// `GET clients/{key}/balance`: the account and every entry, newest first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MerchantAccount {
    pub client: AccountMerchantRef,
    /// Centimes: the sum of the entries, negative when he owes the company.
    #[schema(value_type = i64)]
    pub balance: Centimes,
    pub entries: Vec<MerchantAccountEntry>,
}

/// A row of `GET clients/balances`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MerchantAccountRow {
    pub key: String,
    pub full_name: String,
    pub company: Option<String>,
    pub phone: String,
    /// Centimes, negative when he owes the company.
    #[schema(value_type = i64)]
    pub balance: Centimes,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct MerchantAccountFilters {
    /// `true`: only those who owe the company (balance below zero).
    pub owing: Option<bool>,
    /// Merchants' keys, comma-separated.
    #[serde(rename = "client")]
    pub merchant: Option<String>,
}

/// Sortable columns of the accounts list (default: most owed first).
pub const SORTABLE: &[&str] = crate::ledger::LIST_SORTABLE;

/// A merchant's account: the sum of his entries.
pub fn balance_of(conn: &mut DbConnection, merchant_id: MerchantId) -> AppResult<Centimes> {
    Ok(ledger::state(conn, Account::Merchant, merchant_id)?.1)
}

/// Every merchant's non-zero account, by id.
pub fn all_balances(
    conn: &mut DbConnection,
) -> AppResult<std::collections::HashMap<MerchantId, Centimes>> {
    ledger::all_balances(conn, Account::Merchant)
}

/// `GET clients/{key}/balance`: admins any merchant's, a merchant (or his staff) his own
/// (another's: 404).
pub fn show(
    conn: &mut DbConnection,
    scope: Scope,
    merchant_key: &str,
) -> AppResult<MerchantAccount> {
    let merchant_id: UserId = merchant(conn, scope, merchant_key)?.into();
    let rows: Vec<_> = ledger::entries(conn, Account::Merchant, &[merchant_id], true)?
        .into_iter()
        .map(|(_, row)| row)
        .collect();
    let mut ids: Vec<UserId> = rows.iter().filter_map(|r| r.created_by).collect();
    ids.push(merchant_id);
    ids.sort_unstable();
    ids.dedup();
    let names = ledger::people(conn, &ids)?;
    let invoice_ids: Vec<InvoiceId> = rows.iter().filter_map(|r| r.invoice_id).collect();
    let numbers = ledger::invoice_numbers(conn, &invoice_ids)?;
    let balance = rows.iter().map(|r| r.amount).sum();
    let (key, full_name, company, phone) = names.get(&merchant_id).cloned().unwrap_or_default();
    let entries = rows
        .into_iter()
        .map(|row| MerchantAccountEntry {
            key: row.key,
            kind: MerchantEntryKind::parse(&row.kind).unwrap_or(MerchantEntryKind::Payment),
            amount: row.amount,
            invoice: row.invoice_id.and_then(|id| numbers.get(&id).cloned()),
            reference: row.reference,
            comment: row.comment,
            author: EntryAuthor::of(&names, row.created_by),
            created_at: row.created_at,
        })
        .collect();
    Ok(MerchantAccount {
        client: AccountMerchantRef {
            key,
            full_name,
            company,
            phone,
        },
        balance,
        entries,
    })
}

/// `GET clients/balances` (admins): every merchant with his account, most owed first; `q`
/// matches the name, company or phone, `owing=true` keeps those who owe, `client` names keys.
pub fn list(
    conn: &mut DbConnection,
    query: &ListQuery,
    filters: &MerchantAccountFilters,
) -> AppResult<Paginated<MerchantAccountRow>> {
    let search = query.search()?;
    let sort = ledger::list_sort(query, false)?;
    let keys = ledger::listed_keys(filters.merchant.as_deref());
    // His account: the sum of his entries, read where the row is.
    const BALANCE: &str = "COALESCE((SELECT SUM(merchant_balance_entries.amount) \
        FROM merchant_balance_entries \
        WHERE merchant_balance_entries.merchant_id = users.id), 0)";
    let filtered = || {
        let mut people = users::table
            .filter(users::role.eq(Role::Merchant.as_str()))
            // A merchant's staff hold no account of their own.
            .filter(diesel::dsl::not(diesel::dsl::exists(
                merchant_staff::table.filter(merchant_staff::user_id.eq(users::id)),
            )))
            .into_boxed();
        if let Some(keys) = &keys {
            people = people.filter(users::key.eq_any(keys.clone()));
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            people = people.filter(
                lower(users::first_name.concat(" ").concat(users::last_name))
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(users::company.assume_not_null())
                        .like(pattern.clone())
                        .escape('\\'))
                    .or(users::phone.like(pattern).escape('\\')),
            );
        }
        if filters.owing == Some(true) {
            people = people.filter(sql::<Bool>(&format!("{BALANCE} < 0")));
        }
        people
    };
    let name = || lower(users::first_name.concat(" ").concat(users::last_name));
    let balance = || sql::<BigInt>(&format!("CAST({BALANCE} AS BIGINT)"));
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = filtered();
            let q = match (sort.column, sort.descending) {
                ("full_name", false) => q.order(name().asc()),
                ("full_name", true) => q.order(name().desc()),
                (_, false) => q.order(balance().asc()),
                (_, true) => q.order(balance().desc()),
            };
            q.then_order_by(name().asc())
                .then_order_by(users::id.asc())
                .select((
                    users::key,
                    users::first_name,
                    users::last_name,
                    users::company,
                    users::phone,
                    balance(),
                ))
                .fixed_limit(limit, offset)
                .load::<(String, String, String, Option<String>, String, Centimes)>(conn)
        },
    )?;
    Ok(page.map(
        |(key, first, last, company, phone, balance)| MerchantAccountRow {
            key,
            full_name: format!("{first} {last}").trim().to_owned(),
            company: company.filter(|c| !c.trim().is_empty()),
            phone,
            balance,
        },
    ))
}

/// `POST clients/{key}/balance` (admins): a payment received or a write-off moving the account
/// toward zero by `amount`; the returned-type invoices it covers are paid. 422 when it would
/// take the account past zero (or he owes nothing), 409 when a concurrent writer changed it.
pub fn settle(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_key: &str,
    input: &SettlementInput,
) -> AppResult<MerchantAccount> {
    let settlement = input.checked()?;
    immediate_transaction(conn, |conn| {
        let merchant_id = merchant(conn, Scope::Everyone, merchant_key)?;
        ledger::lock_owner(conn, merchant_id)?;
        ledger::settle_toward_zero(conn, Account::Merchant, actor_id, merchant_id, &settlement)?;
        post::pay_covered(conn, actor_id, merchant_id)?;
        show(conn, Scope::Everyone, merchant_key)
    })
}

/// The label of a delivered-type invoice's deduction line: « Frais de retour FC-2026-000012
/// déduits ».
pub fn deduction_label(covers: &[String], language: colivra_core::Language) -> String {
    let numbers = covers.join(", ");
    let spaced = if numbers.is_empty() {
        String::from(" ")
    } else {
        format!(" {numbers} ")
    };
    language
        .pick(
            "Frais de retour{}déduits",
            "Return fees{}deducted",
            "رسوم الإرجاع{}المخصومة",
        )
        .replace("{}", &spaced)
}
