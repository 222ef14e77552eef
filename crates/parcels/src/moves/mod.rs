//! Status changes and the other writes that follow a parcel's life: posting a state, cancelling,
//! changing the address, reassigning. Each is one transaction with its history row and activity,
//! and each update is conditional on the status read, so two concurrent moves leave one winner
//! and a 409 for the other on both databases.
//!
//! `apply` (here) is the state machine's one door; `record` writes what a move leaves behind
//! (shared with undo), `actions` holds the requests that move or annotate parcels, `history`
//! reads a parcel's history back.

mod actions;
pub(crate) mod record;
mod timeline;

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, DeliveryPersonId, FieldErrors, UserId};
use colivra_db::{activities, settings, DbConnection, MapDbErr};

use crate::note::{Note, NoteCode};
use crate::parcel::ParcelRow;
use crate::status::{check_move, Mover, Status};
use crate::stock::StockHooks;

pub use actions::{
    acknowledge_address, annotate, cancel, change_address, change_address_of, post_state, reassign,
    AddressInput, CancelInput, ReassignInput, StateInput,
};
pub use record::leave_pickup_voucher;
use record::{check_invoices, history_received, outcome_after, write_move, Entry, Moved};
pub use timeline::{states, StateView};

/// Failed attempts after which a parcel is refused, unless the `max_delivery_attempts` setting
/// says otherwise.
pub const DEFAULT_MAX_ATTEMPTS: i64 = 3;

pub fn max_attempts(conn: &mut DbConnection) -> AppResult<i64> {
    let value = settings::get_or_init(conn, "max_delivery_attempts", || {
        DEFAULT_MAX_ATTEMPTS.to_string()
    })
    .map_db_err()?;
    Ok(value.parse().unwrap_or(DEFAULT_MAX_ATTEMPTS).max(1))
}

/// One move as the state machine sees it.
pub struct Move<'a> {
    pub to: Status,
    /// A person's words (an admin's comment also forces a move outside the flow).
    pub comment: Option<&'a str>,
    /// What the server says of the move (a voucher's number…), rendered in the reader's
    /// language; it stands for the comment a status needs.
    pub note: Option<Note>,
    pub date: Option<NaiveDate>,
    pub mover: Mover,
    pub actor_id: Option<UserId>,
    /// The delivery person the parcel goes to (exit vouchers); `None` keeps the current one.
    pub delivery_person_id: Option<DeliveryPersonId>,
    /// When the move happened, if earlier than now (an outcome his phone queued offline,
    /// checked by the caller): the history, the outcome and the figures' day take it.
    pub recorded_at: Option<NaiveDateTime>,
}

/// Moves `row` as `mv` says, inside the caller's transaction: checks the state machine and the
/// move's requirements, writes the parcel only if its status is still the one read, adds the
/// history row and the activity. A failed attempt beyond the limit refuses the parcel.
pub fn apply(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    row: &ParcelRow,
    mv: Move<'_>,
) -> AppResult<ParcelRow> {
    let from = row.status();
    let comment = mv.comment.map(str::trim).filter(|c| !c.is_empty());
    let forced = mv.mover == Mover::Admin && comment.is_some();
    check_move(from, mv.to, mv.mover, forced).map_err(AppError::Conflict)?;
    let mut errors = FieldErrors::new();
    if mv.to.needs_date() && mv.date.is_none() {
        errors.add("date", "Indiquez la date.");
    }
    if mv.to.needs_comment() && comment.is_none() && mv.note.is_none() {
        errors.add("comment", "Indiquez la raison.");
    }
    if comment.is_some_and(|c| c.chars().count() > 500) {
        errors.add("comment", "500 caractères au plus.");
    }
    errors.into_result()?;

    let now = time::now();
    // When it happened (never after now); when it reached the server is kept beside it.
    let at = mv.recorded_at.map_or(now, |at| at.min(now));
    let received_at = mv.recorded_at.map(|_| now);
    let attempts = row.attempts + i64::from(mv.to.is_failed_attempt());
    let limit = if mv.to.is_failed_attempt() {
        max_attempts(conn)?
    } else {
        i64::MAX
    };
    let final_status = if attempts >= limit {
        Status::Refused
    } else {
        mv.to
    };
    let postponed_to = if mv.to.needs_date() { mv.date } else { None };
    let delivery_person_id = mv.delivery_person_id.or(row.delivery_person_id);
    let outcome = outcome_after(conn, row, final_status, delivery_person_id, at)?;
    check_invoices(row, &outcome)?;
    let moved = write_move(
        conn,
        row,
        Moved {
            status: final_status,
            attempts,
            postponed_to,
            delivery_person_id,
            outcome: &outcome,
            changed_at: at,
        },
        now,
    )?;
    // Stock: a parcel cancelled before it reached the hub gives back what it reserved; one
    // that goes out for delivery takes it out of stock (an exit movement per line).
    let stock_actor = mv
        .actor_id
        .or(row.created_by)
        .unwrap_or(row.merchant_id.into());
    match final_status {
        Status::Cancelled if from.before_pickup() => {
            stock.release(conn, stock_actor, row.id, &row.key)?;
        }
        Status::OutForDelivery => {
            stock.exit(conn, stock_actor, row.id, &row.key)?;
        }
        _ => {}
    }
    // A parcel that leaves awaiting_pickup other than by its voucher (the merchant cancels it,
    // an admin moves it) leaves its pickup voucher too; vouchers manage their own links.
    if from == Status::AwaitingPickup && mv.mover != Mover::Voucher {
        leave_pickup_voucher(conn, row.id, now)?;
    }
    history_received(
        conn,
        row.id,
        Entry {
            status: mv.to,
            comment,
            note: mv.note.as_ref(),
            date: mv.date,
            actor_id: mv.actor_id,
        },
        at,
        received_at,
    )?;
    if final_status != mv.to {
        let refused = Note::new(NoteCode::AutoRefused).with("attempts", attempts);
        history_received(
            conn,
            row.id,
            Entry {
                status: final_status,
                comment: None,
                note: Some(&refused),
                date: None,
                actor_id: None,
            },
            at,
            received_at,
        )?;
    }
    activities::record(
        conn,
        activities::NewActivity {
            user_id: mv.actor_id,
            action: "parcel.status_changed",
            subject_type: Some("parcel"),
            subject_key: Some(&row.key),
            details: Some(serde_json::json!({
                "status": {"old": from.as_str(), "new": final_status.as_str()},
                "forced": forced && check_move(from, mv.to, Mover::Admin, false).is_err(),
            })),
        },
    )
    .map_db_err()?;
    // The merchant's webhooks, in this transaction: the move and its events commit together.
    let endpoints = colivra_db::outbox::active_endpoints(conn, row.merchant_id).map_db_err()?;
    // A failed attempt recorded at the door waits for the merchant's (or the recipient's)
    // decision; a limit reached refuses the parcel without one.
    if matches!(mv.mover, Mover::DeliveryPerson | Mover::Admin)
        && final_status == mv.to
        && crate::decisions::opening::needs_decision(final_status)
    {
        crate::decisions::opening::open(conn, &moved, &endpoints, now)?;
    }
    if mv.to.is_round_outcome() {
        let reason = (final_status != mv.to).then(|| {
            Note::new(NoteCode::AutoRefused)
                .with("attempts", attempts)
                .render(colivra_core::Language::Fr)
        });
        moved.record_outcome_events_to(
            conn,
            &endpoints,
            colivra_core::webhook_events::RecordedOutcome {
                status: mv.to.as_str().to_owned(),
                status_label: mv.to.label().to_owned(),
                attempt: row.attempts + 1,
                postponed_to: postponed_to.map(|day| day.format("%Y-%m-%d").to_string()),
                reason,
                comment: comment.map(str::to_owned),
                recorded_at: time::to_rfc3339(&at),
                received_at: time::to_rfc3339(&now),
                has_proof: mv
                    .note
                    .as_ref()
                    .is_some_and(|note| note.code == NoteCode::DeliveryProof),
            },
        )?;
    } else {
        moved.record_events_to(
            conn,
            &endpoints,
            &[colivra_db::outbox::PARCEL_STATUS_CHANGED],
        )?;
    }
    Ok(moved)
}
