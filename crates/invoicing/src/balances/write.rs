//! Writing a balance's entries: the differences and deductions a validated delivery invoice
//! posts, and an admin's settlements (payments and write-offs).

use colivra_core::Scope;
use colivra_core::{key, time, AppError, AppResult, FieldErrors};
use colivra_db::schema::{delivery_person_balance_entries, users};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::parties::delivery_person;
use crate::row::InvoiceRow;

use super::read::show;
use super::{balance_of, state, DeliveryPersonBalance, EntryKind, SettlementInput, MAX_SETTLEMENT};

struct NewEntry<'a> {
    delivery_person_id: i64,
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
    let inserted = diesel::insert_into(delivery_person_balance_entries::table)
        .values((
            delivery_person_balance_entries::key.eq(&entry_key),
            delivery_person_balance_entries::delivery_person_id.eq(entry.delivery_person_id),
            delivery_person_balance_entries::seq.eq(seq),
            delivery_person_balance_entries::kind.eq(entry.kind.as_str()),
            delivery_person_balance_entries::amount.eq(entry.amount),
            delivery_person_balance_entries::invoice_id.eq(entry.invoice.map(|(id, _)| id)),
            delivery_person_balance_entries::reference.eq(entry.reference),
            delivery_person_balance_entries::comment.eq(entry.comment),
            delivery_person_balance_entries::created_by.eq(actor_id),
            delivery_person_balance_entries::created_at.eq(time::now()),
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
    let delivery_person_key: String = users::table
        .find(entry.delivery_person_id)
        .select(users::key)
        .first(conn)
        .map_db_err()?;
    let mut details = serde_json::json!({
        "delivery_admin": delivery_person_key,
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
    let Some(delivery_person_id) = row.delivery_person_id else {
        return Ok(());
    };
    let number = row.number.clone().unwrap_or_else(|| row.key.clone());
    let (mut seq, mut balance) = state(conn, delivery_person_id)?;
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
                delivery_person_id,
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
                    delivery_person_id,
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
    let balance = balance_of(conn, row.delivery_person_id.unwrap_or_default())?;
    if balance == 0 {
        return Err(AppError::validation(
            "carry_balance",
            "Ce livreur n'a aucun écart à reporter.",
        ));
    }
    Ok(balance)
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
    delivery_person_key: &str,
    input: &SettlementInput,
) -> AppResult<DeliveryPersonBalance> {
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
        let delivery_person_id = delivery_person(conn, Scope::Everyone, delivery_person_key)?;
        let (seq, balance) = state(conn, delivery_person_id)?;
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
                delivery_person_id,
                kind,
                amount: signed,
                invoice: None,
                reference: reference.as_deref(),
                comment: comment.as_deref(),
            },
        )?;
        show(conn, Scope::Everyone, delivery_person_key)
    })
}
