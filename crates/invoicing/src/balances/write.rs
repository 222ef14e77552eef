//! Writing a balance's entries: the differences and deductions a validated delivery invoice
//! posts, and an admin's settlements (payments and write-offs).

use colivra_core::Scope;
use colivra_core::{AppError, AppResult, Centimes, UserId};
use colivra_db::{immediate_transaction, DbConnection};

use crate::ledger::{self, Account, NewEntry};
use crate::parties::delivery_person;
use crate::row::InvoiceRow;

use super::read::show;
use super::{balance_of, DeliveryPersonBalance, EntryKind, SettlementInput};

/// One entry an invoice posts (the activity named after its kind).
fn post(
    conn: &mut DbConnection,
    actor_id: UserId,
    seq: i64,
    balance_after: Centimes,
    kind: EntryKind,
    entry: NewEntry<'_>,
) -> AppResult<String> {
    ledger::insert(
        conn,
        Account::DeliveryPerson,
        actor_id,
        seq,
        balance_after,
        kind.action(),
        entry,
    )
}

/// Inside the validating transaction of a delivery invoice (already numbered): the deduction of
/// the balance it carries, then its difference. The carried balance must still be owed (same
/// side of zero, no more than the balance now): otherwise a settlement went first and the
/// validation is refused (409), so the balance returns to zero exactly once.
pub(crate) fn post_validated_invoice(
    conn: &mut DbConnection,
    actor_id: UserId,
    row: &InvoiceRow,
) -> AppResult<()> {
    let Some(delivery_person_id) = row.delivery_person_id else {
        return Ok(());
    };
    let number = row.number.clone().unwrap_or_else(|| row.key.clone());
    let (mut seq, mut balance) = ledger::state(conn, Account::DeliveryPerson, delivery_person_id)?;
    let carried = row.carried_balance;
    if !carried.is_zero() {
        let same_side = (balance.is_positive() && carried.is_positive())
            || (balance.is_negative() && carried.is_negative());
        if !same_side || carried.abs() > balance.abs() {
            return Err(AppError::Conflict(format!(
                "Le solde du livreur est maintenant de {balance} : l'écart reporté sur cette facture ({carried}) ne lui correspond plus. Mettez à jour l'écart reporté, puis validez."
            )));
        }
        seq += 1;
        balance -= carried;
        post(
            conn,
            actor_id,
            seq,
            balance,
            EntryKind::Deduction,
            NewEntry {
                owner_id: delivery_person_id.into(),
                kind: EntryKind::Deduction.as_str(),
                amount: -carried,
                invoice: Some((row.id, &number)),
                reference: None,
                comment: None,
            },
        )?;
    }
    if let Some(counted) = row.counted_amount {
        let owed = row.total - counted;
        if !owed.is_zero() {
            seq += 1;
            balance += owed;
            post(
                conn,
                actor_id,
                seq,
                balance,
                EntryKind::Difference,
                NewEntry {
                    owner_id: delivery_person_id.into(),
                    kind: EntryKind::Difference.as_str(),
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
) -> AppResult<Centimes> {
    if !carry {
        return Ok(Centimes::ZERO);
    }
    // A delivery invoice names its delivery person; without one there is no balance.
    let balance = match row.delivery_person_id {
        Some(id) => balance_of(conn, id)?,
        None => Centimes::ZERO,
    };
    if balance.is_zero() {
        return Err(AppError::validation(
            "carry_balance",
            "Ce livreur n'a aucun écart à reporter.",
        ));
    }
    Ok(balance)
}

/// `POST delivery-admins/{key}/balance` (admins): a payment or a write-off moving the balance
/// toward zero by `amount`. 422 when it would take the balance past zero (or there is none), 409
/// when a concurrent settlement changed it meanwhile.
pub fn settle(
    conn: &mut DbConnection,
    actor_id: UserId,
    delivery_person_key: &str,
    input: &SettlementInput,
) -> AppResult<DeliveryPersonBalance> {
    let settlement = input.checked()?;
    immediate_transaction(conn, |conn| {
        let delivery_person_id = delivery_person(conn, Scope::Everyone, delivery_person_key)?;
        ledger::settle_toward_zero(
            conn,
            Account::DeliveryPerson,
            actor_id,
            delivery_person_id,
            &settlement,
        )?;
        show(conn, Scope::Everyone, delivery_person_key)
    })
}
