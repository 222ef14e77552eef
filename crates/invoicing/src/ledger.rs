//! The one ledger behind the delivery people's balances (`balances`) and the merchants' accounts
//! (`accounts`): numbered entries per person, a balance that is their sum, settlements that move
//! it toward zero. Each account lives in its own table of the same shape; this module writes
//! the same statements on either.
//!
//! Every entry is numbered per person (`seq`); a writer reads the last number and the balance in
//! one statement and inserts the next number, so of two writers of one account at the same
//! moment one wins and the other's insert hits the unique index (409), on both databases
//! (SQLite's immediate transactions serialise them instead: the second then sees the new
//! balance).

use std::collections::HashMap;

use chrono::NaiveDateTime;
use colivra_core::{
    key, time, AppError, AppResult, Centimes, FieldErrors, InvoiceId, ListQuery, Sort, UserId,
};
use colivra_db::schema::users;
use colivra_db::{activities, DbConnection, MapDbErr};
use diesel::deserialize::FromSqlRow;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Whose account: a delivery person's balance (positive when he owes the company) or a
/// merchant's account (negative when he owes it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Account {
    DeliveryPerson,
    Merchant,
}

/// Runs `$body` with `$t` naming the account's table module and `$owner` its person column.
macro_rules! on_table {
    ($account:expr, $t:ident, $owner:ident, $body:expr) => {
        match $account {
            Account::DeliveryPerson => {
                use colivra_db::schema::delivery_person_balance_entries as $t;
                let $owner = $t::delivery_person_id;
                $body
            }
            Account::Merchant => {
                use colivra_db::schema::merchant_balance_entries as $t;
                let $owner = $t::merchant_id;
                $body
            }
        }
    };
}

impl Account {
    /// The activities' subject of its entries.
    pub(crate) fn subject(self) -> &'static str {
        match self {
            Account::DeliveryPerson => "courier_balance",
            Account::Merchant => "merchant_account",
        }
    }

    fn key_prefix(self) -> &'static str {
        match self {
            Account::DeliveryPerson => "EC",
            Account::Merchant => "CM",
        }
    }

    /// How activity details name the person.
    fn owner_field(self) -> &'static str {
        match self {
            Account::DeliveryPerson => "delivery_admin",
            Account::Merchant => "client",
        }
    }

    fn changed_meanwhile(self) -> &'static str {
        match self {
            Account::DeliveryPerson => "Le solde de ce livreur vient d'être modifié par quelqu'un d'autre : rechargez-le et recommencez.",
            Account::Merchant => "Le compte de ce marchand vient d'être modifié par quelqu'un d'autre : rechargez-le et recommencez.",
        }
    }

    fn nothing_to_settle(self) -> &'static str {
        match self {
            Account::DeliveryPerson => "Ce livreur n'a aucun écart à régler.",
            Account::Merchant => "Ce marchand ne doit rien à la société.",
        }
    }
}

/// An entry as stored.
#[derive(Debug, Clone, Queryable)]
pub(crate) struct EntryRow {
    pub key: String,
    pub kind: String,
    pub amount: Centimes,
    pub invoice_id: Option<InvoiceId>,
    pub reference: Option<String>,
    pub comment: Option<String>,
    pub created_by: Option<UserId>,
    pub created_at: NaiveDateTime,
}

/// The last entry number and the balance of a person's account, read in one statement so both
/// come from the same snapshot.
pub(crate) fn state(
    conn: &mut DbConnection,
    account: Account,
    owner_id: impl Into<UserId>,
) -> AppResult<(i64, Centimes)> {
    let owner_id = owner_id.into();
    on_table!(account, t, owner, {
        t::table
            .filter(owner.eq(owner_id))
            .select((
                sql::<BigInt>("CAST(COALESCE(MAX(seq), 0) AS BIGINT)"),
                sql::<BigInt>("CAST(COALESCE(SUM(amount), 0) AS BIGINT)"),
            ))
            .first(conn)
            .map_db_err()
    })
}

/// Every person's non-zero balance, by id (`Id`: the account's person, a merchant's or a
/// delivery person's).
pub(crate) fn all_balances<Id>(
    conn: &mut DbConnection,
    account: Account,
) -> AppResult<HashMap<Id, Centimes>>
where
    Id: Eq + std::hash::Hash + 'static,
    (Id, Centimes): FromSqlRow<(BigInt, BigInt), colivra_db::DbBackend>,
{
    let sums: Vec<(Id, Centimes)> = on_table!(account, t, owner, {
        t::table
            .group_by(owner)
            .select((owner, sql::<BigInt>("CAST(SUM(amount) AS BIGINT)")))
            .load(conn)
            .map_db_err()?
    });
    Ok(sums.into_iter().filter(|(_, sum)| !sum.is_zero()).collect())
}

/// A person's entries, oldest first (`newest_first`: the other way).
pub(crate) fn entries(
    conn: &mut DbConnection,
    account: Account,
    owner_ids: &[UserId],
    newest_first: bool,
) -> AppResult<Vec<(UserId, EntryRow)>> {
    on_table!(account, t, owner, {
        let q = t::table.filter(owner.eq_any(owner_ids)).into_boxed();
        let q = if newest_first {
            q.order((owner.asc(), t::seq.desc()))
        } else {
            q.order((owner.asc(), t::seq.asc()))
        };
        q.select((
            owner,
            (
                t::key,
                t::kind,
                t::amount,
                t::invoice_id,
                t::reference,
                t::comment,
                t::created_by,
                t::created_at,
            ),
        ))
        .load::<(UserId, EntryRow)>(conn)
        .map_db_err()
    })
}

/// An entry to write.
pub(crate) struct NewEntry<'a> {
    pub owner_id: UserId,
    pub kind: &'static str,
    pub amount: Centimes,
    /// The invoice that posted it (id, number).
    pub invoice: Option<(InvoiceId, &'a str)>,
    pub reference: Option<&'a str>,
    pub comment: Option<&'a str>,
}

/// Inserts the entry numbered `seq` and records its activity (`<subject>.<action>`); 409 when
/// another writer took that number meanwhile (the balance changed under this transaction).
pub(crate) fn insert(
    conn: &mut DbConnection,
    account: Account,
    actor_id: UserId,
    seq: i64,
    balance_after: Centimes,
    action: &str,
    entry: NewEntry<'_>,
) -> AppResult<String> {
    let entry_key = key::prefixed_key(account.key_prefix(), 8);
    let now = time::now();
    let inserted = on_table!(account, t, owner, {
        diesel::insert_into(t::table)
            .values((
                t::key.eq(&entry_key),
                owner.eq(entry.owner_id),
                t::seq.eq(seq),
                t::kind.eq(entry.kind),
                t::amount.eq(entry.amount),
                t::invoice_id.eq(entry.invoice.map(|(id, _)| id)),
                t::reference.eq(entry.reference),
                t::comment.eq(entry.comment),
                t::created_by.eq(actor_id),
                t::created_at.eq(now),
            ))
            .execute(conn)
    });
    match inserted {
        Ok(_) => {}
        Err(error) if colivra_db::error::is_unique_violation(&error) => {
            return Err(AppError::Conflict(account.changed_meanwhile().to_owned()))
        }
        Err(error) => return Err(colivra_db::error::app_error_from_diesel(error)),
    }
    let owner_key: String = users::table
        .find(entry.owner_id)
        .select(users::key)
        .first(conn)
        .map_db_err()?;
    let mut details = serde_json::json!({
        account.owner_field(): owner_key,
        "amount": entry.amount,
        "balance": balance_after,
    });
    if let Some((_, number)) = entry.invoice {
        details["invoice"] = number.into();
    }
    if let Some(reference) = entry.reference {
        details["reference"] = reference.into();
    }
    if let Some(comment) = entry.comment {
        details["comment"] = comment.into();
    }
    let action = format!("{}.{action}", account.subject());
    activities::record(
        conn,
        activities::NewActivity {
            user_id: Some(actor_id),
            action: &action,
            subject_type: Some(account.subject()),
            subject_key: Some(&entry_key),
            details: Some(details),
        },
    )
    .map_db_err()?;
    Ok(entry_key)
}

/// The largest settlement one entry may record: 1,000,000 DH, as a counted amount.
pub const MAX_SETTLEMENT: i64 = crate::kind::MAX_COUNTED_CENTIMES;

/// The kinds an admin records by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SettlementKind {
    Payment,
    WriteOff,
}

impl SettlementKind {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            SettlementKind::Payment => "payment",
            SettlementKind::WriteOff => "write_off",
        }
    }
}

/// `POST delivery-admins/{key}/balance` and `POST clients/{key}/balance`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct SettlementInput {
    /// `payment` (cash, cheque or transfer received, or paid back) or `write_off` (given up: a
    /// comment says why).
    #[schema(value_type = SettlementKind)]
    pub kind: Option<String>,
    /// Centimes, 1 to 1,000,000 DH, at most the balance: the entry moves the balance toward zero.
    #[schema(minimum = 1, maximum = 100000000)]
    pub amount: Option<i64>,
    /// A receipt, cheque or transfer reference, 100 characters at most.
    #[schema(max_length = 100)]
    pub reference: Option<String>,
    /// Why (required for a write-off), 500 characters at most.
    #[schema(max_length = 500)]
    pub comment: Option<String>,
}

/// A settlement checked at the edge.
pub(crate) struct Settlement {
    pub kind: SettlementKind,
    pub amount: Centimes,
    pub reference: Option<String>,
    pub comment: Option<String>,
}

/// Trimmed, empty as absent.
fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

impl SettlementInput {
    /// The settlement, or 422 naming each wrong field.
    pub(crate) fn checked(&self) -> AppResult<Settlement> {
        let mut errors = FieldErrors::new();
        let kind = match self.kind.as_deref().map(str::trim) {
            Some("payment") => Some(SettlementKind::Payment),
            Some("write_off") => Some(SettlementKind::WriteOff),
            None | Some("") => {
                errors.add("kind", "Choisissez : payment ou write_off.");
                None
            }
            Some(_) => {
                errors.add("kind", "Type inconnu : payment ou write_off.");
                None
            }
        };
        match self.amount {
            None => {
                errors.add("amount", "Indiquez le montant.");
            }
            Some(amount) if !(1..=MAX_SETTLEMENT).contains(&amount) => {
                errors.add("amount", "Le montant va de 0,01 à 1 000 000 DH.");
            }
            Some(_) => {}
        }
        let reference = text(&self.reference);
        if let Some(reference) = &reference {
            let count = reference.chars().count();
            if count > 100 {
                errors.add(
                    "reference",
                    format!("100 caractères au plus ({count} saisis)."),
                );
            }
        }
        let comment = text(&self.comment);
        match &comment {
            None if kind == Some(SettlementKind::WriteOff) => {
                errors.add(
                    "comment",
                    "Dites pourquoi le montant est abandonné (obligatoire pour une remise).",
                );
            }
            Some(comment) if comment.chars().count() > 500 => {
                errors.add(
                    "comment",
                    format!(
                        "500 caractères au plus ({} saisis).",
                        comment.chars().count()
                    ),
                );
            }
            _ => {}
        }
        errors.into_result()?;
        let (Some(kind), Some(amount)) = (kind, self.amount) else {
            unreachable!("checked above");
        };
        Ok(Settlement {
            kind,
            amount: Centimes::new(amount),
            reference,
            comment,
        })
    }
}

/// Records `settlement` on the person's account, moving its balance toward zero (inside the
/// caller's transaction). 422 when there is nothing to settle or it would cross zero; 409 when a
/// concurrent writer changed the account meanwhile. Returns the balance after it.
pub(crate) fn settle_toward_zero(
    conn: &mut DbConnection,
    account: Account,
    actor_id: UserId,
    owner_id: impl Into<UserId>,
    settlement: &Settlement,
) -> AppResult<Centimes> {
    let owner_id = owner_id.into();
    let (seq, balance) = state(conn, account, owner_id)?;
    if balance.is_zero() {
        return Err(AppError::validation("amount", account.nothing_to_settle()));
    }
    if settlement.amount > balance.abs() {
        return Err(AppError::validation(
            "amount",
            format!(
                "Le solde n'est que de {} : un règlement ne le fait pas passer de l'autre côté de zéro.",
                balance.abs()
            ),
        ));
    }
    // Toward zero: against the balance's sign.
    let signed = if balance.is_positive() {
        -settlement.amount
    } else {
        settlement.amount
    };
    insert(
        conn,
        account,
        actor_id,
        seq + 1,
        balance + signed,
        settlement.kind.as_str(),
        NewEntry {
            owner_id,
            kind: settlement.kind.as_str(),
            amount: signed,
            invoice: None,
            reference: settlement.reference.as_deref(),
            comment: settlement.comment.as_deref(),
        },
    )?;
    Ok(balance + signed)
}

/// Whose key it is, as the balance screens name people: (key, full name, company, phone).
pub(crate) type Person = (String, String, Option<String>, String);

pub(crate) fn people(
    conn: &mut DbConnection,
    ids: &[UserId],
) -> AppResult<HashMap<UserId, Person>> {
    Ok(users::table
        .filter(users::id.eq_any(ids))
        .select((
            users::id,
            users::key,
            users::first_name,
            users::last_name,
            users::company,
            users::phone,
        ))
        .load::<(UserId, String, String, String, Option<String>, String)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(id, key, first, last, company, phone)| {
            (
                id,
                (
                    key,
                    format!("{first} {last}").trim().to_owned(),
                    company.filter(|c| !c.trim().is_empty()),
                    phone,
                ),
            )
        })
        .collect())
}

/// Who recorded an entry.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = DeliveryPersonBalanceAuthor)]
pub struct EntryAuthor {
    pub key: String,
    pub name: String,
}

impl EntryAuthor {
    pub(crate) fn of(people: &HashMap<UserId, Person>, id: Option<UserId>) -> Option<EntryAuthor> {
        id.and_then(|id| people.get(&id))
            .map(|(key, name, _, _)| EntryAuthor {
                key: key.clone(),
                name: name.clone(),
            })
    }
}

/// The numbers (else keys) of invoices, by id.
pub(crate) fn invoice_numbers(
    conn: &mut DbConnection,
    ids: &[InvoiceId],
) -> AppResult<HashMap<InvoiceId, String>> {
    use colivra_db::schema::invoices;
    Ok(invoices::table
        .filter(invoices::id.eq_any(ids))
        .select((invoices::id, invoices::number, invoices::key))
        .load::<(InvoiceId, Option<String>, String)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(id, number, key)| (id, number.unwrap_or(key)))
        .collect())
}

/// On PostgreSQL, locks the person's row until the transaction ends, so writers of one account
/// that must not fail (two invoices validated at once) wait for each other instead of one
/// getting a 409; SQLite's immediate transactions already run one writer at a time.
pub(crate) fn lock_owner(conn: &mut DbConnection, owner_id: impl Into<UserId>) -> AppResult<()> {
    if let DbConnection::Pg(pg) = conn {
        diesel::sql_query("SELECT id FROM users WHERE id = $1 FOR UPDATE")
            .bind::<BigInt, _>(owner_id.into())
            .execute(pg)
            .map_db_err()?;
    }
    Ok(())
}

/// The sortable columns of a balances list (default: by balance, `descending` or not).
pub(crate) const LIST_SORTABLE: &[&str] = &["balance", "full_name"];

/// A balances list's order: `sort` as asked, else by balance (largest first when `descending`).
pub(crate) fn list_sort(query: &ListQuery, descending: bool) -> AppResult<Sort> {
    match query.sort.as_deref().map(str::trim) {
        None | Some("") => Ok(Sort {
            column: "balance",
            descending,
        }),
        Some(_) => query.sort(LIST_SORTABLE),
    }
}

/// People's keys from a comma-separated filter (a screen's page of them, 200 at most).
pub(crate) fn listed_keys(value: Option<&str>) -> Option<Vec<String>> {
    value.map(|keys| {
        keys.split(',')
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .take(200)
            .map(str::to_owned)
            .collect()
    })
}
