//! What a move (or an undo) writes: the history row, the parcel's new state and outcome, and
//! the pickup voucher it leaves.

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{AppError, AppResult, Centimes, DeliveryPersonId, ParcelId, UserId};
use colivra_db::schema::{parcel_states, parcels, voucher_parcels};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::note::Note;
use crate::parcel::{changed_meanwhile, ParcelRow};
use crate::status::Status;

/// One history row: the status, with a person's comment and/or the server's note.
pub(crate) struct Entry<'a> {
    pub(crate) status: Status,
    pub(crate) comment: Option<&'a str>,
    pub(crate) note: Option<&'a Note>,
    pub(crate) date: Option<NaiveDate>,
    pub(crate) actor_id: Option<UserId>,
}

pub(crate) fn history(
    conn: &mut DbConnection,
    parcel_id: ParcelId,
    entry: Entry<'_>,
    at: NaiveDateTime,
) -> AppResult<()> {
    history_received(conn, parcel_id, entry, at, None)
}

/// A history row dated `at`, when it happened, that reached the server at `received_at` (when
/// later: an outcome sent from the phone's queue).
pub(crate) fn history_received(
    conn: &mut DbConnection,
    parcel_id: ParcelId,
    entry: Entry<'_>,
    at: NaiveDateTime,
    received_at: Option<NaiveDateTime>,
) -> AppResult<()> {
    let (note_code, note_values) = entry.note.map(Note::columns).unzip();
    diesel::insert_into(parcel_states::table)
        .values((
            parcel_states::parcel_id.eq(parcel_id),
            parcel_states::status.eq(entry.status.as_str()),
            parcel_states::comment.eq(entry.comment),
            parcel_states::note_code.eq(note_code),
            parcel_states::note_values.eq(note_values),
            parcel_states::date.eq(entry.date),
            parcel_states::user_id.eq(entry.actor_id),
            parcel_states::created_at.eq(at),
            parcel_states::received_at.eq(received_at),
        ))
        .execute(conn)
        .map_db_err()?;
    Ok(())
}

/// The parcel's state after a move (or an undo), as `write_move` writes it.
pub(crate) struct Moved<'a> {
    pub(crate) status: Status,
    pub(crate) attempts: i64,
    pub(crate) postponed_to: Option<NaiveDate>,
    pub(crate) delivery_person_id: Option<DeliveryPersonId>,
    pub(crate) outcome: &'a Outcome,
    /// When the status changed (an outcome: when it was recorded, maybe before `now`).
    pub(crate) changed_at: NaiveDateTime,
}

/// Writes `moved` only if the parcel still has the status read and no invoice took it
/// meanwhile (a delivery invoice matters only when the outcome changes): two concurrent moves
/// leave one winner and a 409 for the other, on both databases. Returns the row as written
/// (nothing the rest of a move or an undo does changes the parcel's row again).
pub(crate) fn write_move(
    conn: &mut DbConnection,
    row: &ParcelRow,
    moved: Moved<'_>,
    now: NaiveDateTime,
) -> AppResult<ParcelRow> {
    let keeps_outcome = moved.outcome.outcome == row.outcome;
    // Kept prepared (see `kept_update`): on SQLite preparing it compiles the parcels' triggers.
    let updated: ParcelRow = colivra_db::fixed_sql::kept_update(
        parcels::table,
        (
            parcels::status.eq(moved.status.as_str()),
            parcels::attempts.eq(moved.attempts),
            parcels::postponed_to.eq(moved.postponed_to),
            parcels::delivery_person_id.eq(moved.delivery_person_id),
            parcels::updated_at.eq(now),
            parcels::status_changed_at.eq(moved.changed_at),
            parcels::outcome.eq(&moved.outcome.outcome),
            parcels::commission.eq(moved.outcome.commission),
            parcels::outcome_at.eq(moved.outcome.at),
        ),
        parcels::id
            .eq(row.id)
            .and(parcels::status.eq(row.status().as_str()))
            // An invoice that took the parcel meanwhile wins: it then no longer moves (409).
            .and(parcels::merchant_completed_invoice_id.is_null())
            .and(parcels::merchant_returned_invoice_id.is_null())
            .and(
                parcels::delivery_person_invoice_id
                    .is_null()
                    // Fixed text, not `dsl::sql`: diesel keeps no statement holding `sql(…)`.
                    .or(colivra_db::fixed_sql::fixed_sql::<diesel::sql_types::Bool>(
                        if keeps_outcome { "1 = 1" } else { "1 = 0" },
                    )),
            ),
        <ParcelRow as Selectable<colivra_db::DbBackend>>::construct_selection(),
    )
    .get_result(conn)
    .optional()
    .map_db_err()?
    .ok_or_else(changed_meanwhile)?;
    // The confirmation agents' queue follows the status, whoever moves it (an admin forcing a
    // parcel back « à confirmer », a merchant cancelling one, an undo).
    let (was, is) = (row.status(), moved.status);
    // A failed attempt's decision waits no more once the parcel moves (a decision claims it
    // before moving the parcel). One is open only while the parcel has the outcome it was
    // opened for (every status change comes through here): no statement otherwise.
    if was != is && crate::decisions::opening::needs_decision(was) {
        crate::decisions::opening::drop_open(conn, row.id)?;
    }
    if is == Status::ToConfirm && was != Status::ToConfirm {
        crate::parcel::enqueue_for_confirmation(conn, row, now)?;
    } else if was == Status::ToConfirm && is != Status::ToConfirm {
        use colivra_db::schema::confirmation_queue as queue;
        diesel::update(queue::table.find(row.id).filter(queue::closed_at.is_null()))
            .set((
                queue::closed_at.eq(now),
                queue::leased_until.eq(None::<NaiveDateTime>),
            ))
            .execute(conn)
            .map_db_err()?;
    }
    Ok(updated)
}

/// How the round ended for a parcel, and what the delivery person earned for it.
pub(crate) struct Outcome {
    pub(crate) outcome: Option<String>,
    pub(crate) commission: Option<Centimes>,
    pub(crate) at: Option<NaiveDateTime>,
}

/// The outcome after a move to `status`: recorded (with the delivery person's commission in
/// force now) when the parcel is delivered, refused or cancelled; kept through its return (and
/// when an admin marks it lost or damaged); cleared when it goes back into the round.
pub(crate) fn outcome_after(
    conn: &mut DbConnection,
    row: &ParcelRow,
    status: Status,
    delivery_person_id: Option<DeliveryPersonId>,
    at: NaiveDateTime,
) -> AppResult<Outcome> {
    Ok(match status {
        Status::Delivered | Status::Refused | Status::Cancelled => {
            let commission = match delivery_person_id {
                Some(delivery_person) => {
                    let earned = colivra_auth::delivery_people::commission(
                        conn,
                        delivery_person,
                        row.city_id,
                    )?;
                    Some(match status {
                        Status::Delivered => earned.delivered,
                        Status::Refused => earned.refused,
                        _ => Centimes::ZERO,
                    })
                }
                None => None,
            };
            Outcome {
                outcome: Some(status.as_str().to_owned()),
                commission,
                at: Some(at),
            }
        }
        Status::Returning | Status::Returned | Status::Lost | Status::Damaged => Outcome {
            outcome: row.outcome.clone(),
            commission: row.commission,
            at: row.outcome_at,
        },
        _ => Outcome {
            outcome: None,
            commission: None,
            at: None,
        },
    })
}

/// A parcel on a client invoice keeps its status, and one on a delivery invoice keeps its
/// outcome: the invoice's lines were computed from them. A draft lets the parcel go first.
pub(crate) fn check_invoices(row: &ParcelRow, after: &Outcome) -> AppResult<()> {
    if row.merchant_completed_invoice_id.is_some() || row.merchant_returned_invoice_id.is_some() {
        return Err(AppError::Conflict(format!(
            "{} figure sur une facture client : retirez-le du brouillon avant de changer son statut.",
            row.key
        )));
    }
    if row.delivery_person_invoice_id.is_some() && after.outcome != row.outcome {
        return Err(AppError::Conflict(format!(
            "{} figure sur une facture livreur : retirez-le du brouillon avant de changer son résultat.",
            row.key
        )));
    }
    Ok(())
}

/// Takes the parcel off its open pickup voucher. The link stays, marked removed, so a reception
/// of that voucher racing with this change can tell the parcel was removed meanwhile.
pub fn leave_pickup_voucher(
    conn: &mut DbConnection,
    parcel_id: ParcelId,
    at: NaiveDateTime,
) -> AppResult<()> {
    diesel::update(
        voucher_parcels::table
            .filter(voucher_parcels::parcel_id.eq(parcel_id))
            .filter(voucher_parcels::kind.eq("pickup"))
            .filter(voucher_parcels::open.eq(true)),
    )
    .set((
        voucher_parcels::open.eq(false),
        voucher_parcels::removed_at.eq(Some(at)),
    ))
    .execute(conn)
    .map_db_err()?;
    Ok(())
}
