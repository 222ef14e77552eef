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
use colivra_core::{key, time, AppError, AppResult, FieldErrors, ListQuery, Paginated, Role};
use colivra_core::{Scope, Sort};
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{courier_balance_entries, invoices, users};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::kind::{InvoiceStatus, Kind};
use crate::parties::delivery_admin;
use crate::row::InvoiceRow;

/// The largest settlement one entry may record: 1,000,000 DH, as a counted amount.
pub const MAX_SETTLEMENT: i64 = crate::kind::MAX_COUNTED_CENTIMES;

/// What moved a balance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = CourierBalanceEntryKind)]
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
#[diesel(table_name = courier_balance_entries)]
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
#[schema(as = CourierBalanceAuthor)]
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
pub struct BalanceCourierRef {
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
pub struct CourierBalance {
    pub delivery_admin: BalanceCourierRef,
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
    pub delivery_admin: Option<String>,
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
fn state(conn: &mut DbConnection, courier_id: i64) -> AppResult<(i64, i64)> {
    courier_balance_entries::table
        .filter(courier_balance_entries::delivery_admin_id.eq(courier_id))
        .select((
            sql::<BigInt>("CAST(COALESCE(MAX(courier_balance_entries.seq), 0) AS BIGINT)"),
            sql::<BigInt>("CAST(COALESCE(SUM(courier_balance_entries.amount), 0) AS BIGINT)"),
        ))
        .first(conn)
        .map_db_err()
}

/// A delivery person's balance: the sum of his entries.
pub fn balance_of(conn: &mut DbConnection, courier_id: i64) -> AppResult<i64> {
    Ok(state(conn, courier_id)?.1)
}

/// Every delivery person's non-zero balance, by id.
pub fn all_balances(conn: &mut DbConnection) -> AppResult<HashMap<i64, i64>> {
    let sums: Vec<(i64, i64)> = courier_balance_entries::table
        .group_by(courier_balance_entries::delivery_admin_id)
        .select((
            courier_balance_entries::delivery_admin_id,
            sql::<BigInt>("CAST(SUM(courier_balance_entries.amount) AS BIGINT)"),
        ))
        .load(conn)
        .map_db_err()?;
    Ok(sums.into_iter().filter(|(_, sum)| *sum != 0).collect())
}

struct NewEntry<'a> {
    courier_id: i64,
    kind: EntryKind,
    amount: i64,
    invoice: Option<(i64, &'a str)>,
    reference: Option<&'a str>,
    comment: Option<&'a str>,
}

/// Inserts the entry numbered `seq` and records its activity; 409 when another writer took that
/// number meanwhile (the balance changed under this transaction).
fn insert(
    conn: &mut DbConnection,
    actor_id: i64,
    seq: i64,
    balance_after: i64,
    entry: NewEntry<'_>,
) -> AppResult<String> {
    let entry_key = key::prefixed_key("EC", 8);
    let inserted = diesel::insert_into(courier_balance_entries::table)
        .values((
            courier_balance_entries::key.eq(&entry_key),
            courier_balance_entries::delivery_admin_id.eq(entry.courier_id),
            courier_balance_entries::seq.eq(seq),
            courier_balance_entries::kind.eq(entry.kind.as_str()),
            courier_balance_entries::amount.eq(entry.amount),
            courier_balance_entries::invoice_id.eq(entry.invoice.map(|(id, _)| id)),
            courier_balance_entries::reference.eq(entry.reference),
            courier_balance_entries::comment.eq(entry.comment),
            courier_balance_entries::created_by.eq(actor_id),
            courier_balance_entries::created_at.eq(time::now()),
        ))
        .execute(conn);
    match inserted {
        Ok(_) => {}
        Err(error) if colivra_db::error::is_unique_violation(&error) => {
            return Err(AppError::Conflict(
                "Le solde de ce livreur vient d'être modifié par quelqu'un d'autre : rechargez-le et recommencez."
                    .to_owned(),
            ))
        }
        Err(error) => return Err(colivra_db::error::app_error_from_diesel(error)),
    }
    let courier_key: String = users::table
        .find(entry.courier_id)
        .select(users::key)
        .first(conn)
        .map_db_err()?;
    let mut details = serde_json::json!({
        "delivery_admin": courier_key,
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
    activities::record(
        conn,
        activities::NewActivity {
            user_id: Some(actor_id),
            action: entry.kind.action(),
            subject_type: Some("courier_balance"),
            subject_key: Some(&entry_key),
            details: Some(details),
        },
    )
    .map_db_err()?;
    Ok(entry_key)
}

fn dirhams(centimes: i64) -> String {
    colivra_core::money::format_dirhams(centimes)
}

/// Inside the validating transaction of a delivery invoice (already numbered): the deduction of
/// the balance it carries, then its difference. The carried balance must still be owed (same
/// side of zero, no more than the balance now): otherwise a settlement went first and the
/// validation is refused (409), so the balance returns to zero exactly once.
pub(crate) fn post_validated_invoice(
    conn: &mut DbConnection,
    actor_id: i64,
    row: &InvoiceRow,
) -> AppResult<()> {
    let Some(courier_id) = row.delivery_admin_id else {
        return Ok(());
    };
    let number = row.number.clone().unwrap_or_else(|| row.key.clone());
    let (mut seq, mut balance) = state(conn, courier_id)?;
    let carried = row.carried_balance;
    if carried != 0 {
        if balance.signum() != carried.signum() || carried.abs() > balance.abs() {
            return Err(AppError::Conflict(format!(
                "Le solde du livreur est maintenant de {} : l'écart reporté sur cette facture ({}) ne lui correspond plus. Mettez à jour l'écart reporté, puis validez.",
                dirhams(balance),
                dirhams(carried)
            )));
        }
        seq += 1;
        balance -= carried;
        insert(
            conn,
            actor_id,
            seq,
            balance,
            NewEntry {
                courier_id,
                kind: EntryKind::Deduction,
                amount: -carried,
                invoice: Some((row.id, &number)),
                reference: None,
                comment: None,
            },
        )?;
    }
    if let Some(counted) = row.counted_amount {
        let owed = row.total - counted;
        if owed != 0 {
            seq += 1;
            balance += owed;
            insert(
                conn,
                actor_id,
                seq,
                balance,
                NewEntry {
                    courier_id,
                    kind: EntryKind::Difference,
                    amount: owed,
                    invoice: Some((row.id, &number)),
                    reference: None,
                    comment: None,
                },
            )?;
        }
    }
    Ok(())
}

/// The balance a draft delivery invoice carries from now on: all of the current balance
/// (`carry`), or none. 422 when there is nothing to carry.
pub(crate) fn carried_amount(
    conn: &mut DbConnection,
    row: &InvoiceRow,
    carry: bool,
) -> AppResult<i64> {
    if !carry {
        return Ok(0);
    }
    let balance = balance_of(conn, row.delivery_admin_id.unwrap_or_default())?;
    if balance == 0 {
        return Err(AppError::validation(
            "carry_balance",
            "Ce livreur n'a aucun écart à reporter.",
        ));
    }
    Ok(balance)
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

/// `GET delivery-admins/{key}/balance`: admins any delivery person's, a delivery person his own
/// (another's: 404).
pub fn show(conn: &mut DbConnection, scope: Scope, courier_key: &str) -> AppResult<CourierBalance> {
    let courier_id = delivery_admin(conn, scope, courier_key)?;
    let rows: Vec<EntryRow> = courier_balance_entries::table
        .filter(courier_balance_entries::delivery_admin_id.eq(courier_id))
        .order(courier_balance_entries::seq.desc())
        .select(EntryRow::as_select())
        .load(conn)
        .map_db_err()?;
    let mut ids: Vec<i64> = rows.iter().filter_map(|r| r.created_by).collect();
    ids.push(courier_id);
    ids.sort_unstable();
    ids.dedup();
    let names = people(conn, &ids)?;
    let invoice_ids: Vec<i64> = rows.iter().filter_map(|r| r.invoice_id).collect();
    let numbers: HashMap<i64, String> = invoices::table
        .filter(invoices::id.eq_any(&invoice_ids))
        .select((invoices::id, invoices::number, invoices::key))
        .load::<(i64, Option<String>, String)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(id, number, key)| (id, number.unwrap_or(key)))
        .collect();
    let carried_on = invoices::table
        .filter(invoices::delivery_admin_id.eq(courier_id))
        .filter(invoices::kind.eq(Kind::Delivery.as_str()))
        .filter(invoices::status.eq(InvoiceStatus::Draft.as_str()))
        .filter(invoices::carried_balance.ne(0))
        .order(invoices::id.asc())
        .select((invoices::key, invoices::carried_balance))
        .load::<(String, i64)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(invoice, amount)| CarriedBalance { invoice, amount })
        .collect();
    let balance = rows.iter().map(|r| r.amount).sum();
    let (key, full_name, phone) = names.get(&courier_id).cloned().unwrap_or_default();
    let entries = rows
        .into_iter()
        .map(|row| BalanceEntry {
            key: row.key,
            kind: EntryKind::parse(&row.kind).unwrap_or(EntryKind::Payment),
            amount: row.amount,
            invoice: row.invoice_id.and_then(|id| numbers.get(&id).cloned()),
            reference: row.reference,
            comment: row.comment,
            author: row
                .created_by
                .and_then(|id| names.get(&id))
                .map(|(key, name, _)| EntryAuthor {
                    key: key.clone(),
                    name: name.clone(),
                }),
            created_at: row.created_at,
        })
        .collect();
    Ok(CourierBalance {
        delivery_admin: BalanceCourierRef {
            key,
            full_name,
            phone,
        },
        balance,
        entries,
        carried_on,
    })
}

/// Trimmed, empty as absent.
fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

/// `POST delivery-admins/{key}/balance` (admins): a payment or a write-off moving the balance
/// toward zero by `amount`. 422 when it would take the balance past zero (or there is none), 409
/// when a concurrent settlement changed it meanwhile.
pub fn settle(
    conn: &mut DbConnection,
    actor_id: i64,
    courier_key: &str,
    input: &SettlementInput,
) -> AppResult<CourierBalance> {
    let mut errors = FieldErrors::new();
    let kind = match input.kind.as_deref().map(str::trim) {
        Some("payment") => Some(EntryKind::Payment),
        Some("write_off") => Some(EntryKind::WriteOff),
        None | Some("") => {
            errors.add("kind", "Choisissez : payment ou write_off.");
            None
        }
        Some(_) => {
            errors.add("kind", "Type inconnu : payment ou write_off.");
            None
        }
    };
    match input.amount {
        None => {
            errors.add("amount", "Indiquez le montant.");
        }
        Some(amount) if !(1..=MAX_SETTLEMENT).contains(&amount) => {
            errors.add("amount", "Le montant va de 0,01 à 1 000 000 DH.");
        }
        Some(_) => {}
    }
    let reference = text(&input.reference);
    if let Some(reference) = &reference {
        let count = reference.chars().count();
        if count > 100 {
            errors.add(
                "reference",
                format!("100 caractères au plus ({count} saisis)."),
            );
        }
    }
    let comment = text(&input.comment);
    match &comment {
        None if kind == Some(EntryKind::WriteOff) => {
            errors.add(
                "comment",
                "Dites pourquoi l'écart est abandonné (obligatoire pour une remise).",
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
    let (Some(kind), Some(amount)) = (kind, input.amount) else {
        unreachable!("checked above");
    };
    immediate_transaction(conn, |conn| {
        let courier_id = delivery_admin(conn, Scope::Everyone, courier_key)?;
        let (seq, balance) = state(conn, courier_id)?;
        if balance == 0 {
            return Err(AppError::validation(
                "amount",
                "Ce livreur n'a aucun écart à régler.",
            ));
        }
        if amount > balance.abs() {
            return Err(AppError::validation(
                "amount",
                format!(
                    "L'écart n'est que de {} : un règlement ne le fait pas passer de l'autre côté de zéro.",
                    dirhams(balance.abs())
                ),
            ));
        }
        // Toward zero: he pays in what he owes, or is paid back what he is owed.
        let signed = -balance.signum() * amount;
        insert(
            conn,
            actor_id,
            seq + 1,
            balance + signed,
            NewEntry {
                courier_id,
                kind,
                amount: signed,
                invoice: None,
                reference: reference.as_deref(),
                comment: comment.as_deref(),
            },
        )?;
        show(conn, Scope::Everyone, courier_key)
    })
}

/// `GET delivery-admins/balances` (admins): every delivery person with his balance, owing first;
/// `q` matches the name or phone, `owing=true` keeps those who owe, `delivery_admin` names keys.
pub fn list(
    conn: &mut DbConnection,
    query: &ListQuery,
    filters: &BalanceFilters,
) -> AppResult<Paginated<BalanceRow>> {
    let search = query.search()?;
    let sort = match query.sort.as_deref().map(str::trim) {
        None | Some("") => Sort {
            column: "balance",
            descending: true,
        },
        Some(_) => query.sort(SORTABLE)?,
    };
    let keys: Option<Vec<String>> = filters.delivery_admin.as_deref().map(|keys| {
        keys.split(',')
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .take(200)
            .map(str::to_owned)
            .collect()
    });
    // His balance: the sum of his entries, read where the row is.
    const BALANCE: &str = "COALESCE((SELECT SUM(courier_balance_entries.amount) \
        FROM courier_balance_entries \
        WHERE courier_balance_entries.delivery_admin_id = users.id), 0)";
    let filtered = || {
        let mut people = users::table
            .filter(users::role.eq(Role::DeliveryAdmin.as_str()))
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
                    .or(users::phone.like(pattern).escape('\\')),
            );
        }
        if filters.owing == Some(true) {
            people = people.filter(sql::<Bool>(&format!("{BALANCE} > 0")));
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
                    users::phone,
                    balance(),
                ))
                .limit(limit)
                .offset(offset)
                .load::<(String, String, String, String, i64)>(conn)
        },
    )?;
    Ok(page.map(|(key, first, last, phone, balance)| BalanceRow {
        key,
        full_name: format!("{first} {last}").trim().to_owned(),
        phone,
        balance,
    }))
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
