//! Undoing an outcome: the user who recorded a parcel's latest status change may take it back
//! for a few minutes (`undo_minutes`). The undo is a real move back, written in the history (a
//! new row: the history is append-only), conditional on the status read like every move.

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, Scope, UserId};
use colivra_db::schema::parcel_states;
use colivra_db::{activities, immediate_transaction, settings, DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::moves::record::{check_invoices, history, outcome_after, write_move, Entry, Moved};
use crate::note::{Note, NoteCode};
use crate::parcel::{self, ParcelRow, ParcelView};
use crate::status::Status;
use crate::stock::StockHooks;

/// Minutes during which an outcome may be undone, unless the `undo_minutes` setting says
/// otherwise (0: never).
pub const DEFAULT_UNDO_MINUTES: i64 = 5;

pub fn undo_minutes(conn: &mut DbConnection) -> AppResult<i64> {
    let value = settings::get_or_init(conn, "undo_minutes", || DEFAULT_UNDO_MINUTES.to_string())
        .map_db_err()?;
    Ok(value.parse().unwrap_or(DEFAULT_UNDO_MINUTES).max(0))
}

/// The outcomes of a round that can be undone (those a delivery person or an admin posts).
fn undoable(status: Status) -> bool {
    status.is_attempt()
        || matches!(
            status,
            Status::Delivered | Status::Refused | Status::Cancelled
        )
}

/// The statuses an undo may put back: those whose fields the history fully restores. A parcel
/// awaiting pickup left its voucher, a returned, lost or damaged one lost its outcome: an admin
/// forces those back with a comment instead.
fn restorable(status: Status) -> bool {
    !matches!(
        status,
        Status::AwaitingPickup
            | Status::Returning
            | Status::Returned
            | Status::Lost
            | Status::Damaged
    )
}

#[derive(Debug, Queryable)]
struct HistoryRow {
    status: String,
    note_code: Option<String>,
    date: Option<NaiveDate>,
    user_id: Option<UserId>,
    created_at: NaiveDateTime,
    /// When the server got it, if later than it happened (an outcome sent from the queue).
    received_at: Option<NaiveDateTime>,
}

impl HistoryRow {
    fn status(&self) -> Status {
        Status::parse(&self.status).unwrap_or(Status::New)
    }
}

/// What undoing the parcel's latest move puts back.
struct Plan {
    /// The status the author recorded (a failed attempt even when it refused the parcel).
    undone: Status,
    /// It refused the parcel by itself (too many failed attempts): two rows are undone.
    auto_refused: bool,
    /// The status put back, with its date and, for an outcome, when it was recorded.
    to: Status,
    postponed_to: Option<NaiveDate>,
    outcome_at: Option<NaiveDateTime>,
    /// Until when the author may undo it.
    until: NaiveDateTime,
}

/// The plan to undo `row`'s latest move as `actor_id`, or why he may not (a 409's message).
fn plan(
    conn: &mut DbConnection,
    row: &ParcelRow,
    actor_id: UserId,
    now: NaiveDateTime,
) -> AppResult<Result<Plan, String>> {
    let rows: Vec<HistoryRow> = parcel_states::table
        .filter(parcel_states::parcel_id.eq(row.id))
        .order(parcel_states::id.desc())
        .select((
            parcel_states::status,
            parcel_states::note_code,
            parcel_states::date,
            parcel_states::user_id,
            parcel_states::created_at,
            parcel_states::received_at,
        ))
        .load(conn)
        .map_db_err()?;
    let nothing = || Ok(Err("Aucun changement de statut à annuler.".to_owned()));
    let Some(latest) = rows.first() else {
        return nothing();
    };
    if latest.status() != row.status() {
        return nothing();
    }
    // An automatic refusal is written with the failed attempt that caused it, at the same time.
    let auto_refused = latest.user_id.is_none()
        && latest.status() == Status::Refused
        && rows.get(1).is_some_and(|attempt| {
            attempt.created_at == latest.created_at && attempt.status().is_failed_attempt()
        });
    let at = usize::from(auto_refused);
    let (Some(author), Some(before)) = (rows.get(at), rows.get(at + 1)) else {
        return nothing();
    };
    let undone = author.status();
    // A move changes the status: a row with the status of the one before is a note (address
    // changed, reassigned); an undo's own row is not undone in turn.
    if !undoable(undone)
        || before.status() == undone
        || author.note_code.as_deref().is_some_and(|code| {
            code == NoteCode::Undone.as_str() || code == NoteCode::UndoneWithRefusal.as_str()
        })
    {
        return nothing();
    }
    if author.user_id != Some(actor_id) {
        return Ok(Err(format!(
            "Seul l'auteur du changement « {} » peut l'annuler.",
            undone.label()
        )));
    }
    let minutes = undo_minutes(conn)?;
    // The window runs from when the server got it: an outcome synced late is still undoable.
    let until =
        author.received_at.unwrap_or(author.created_at) + chrono::Duration::minutes(minutes);
    if now >= until {
        return Ok(Err(format!(
            "Trop tard : « {} » ne s'annule que dans les {minutes} minutes qui suivent. \
             Enregistrez le bon statut à la place.",
            undone.label()
        )));
    }
    let to = before.status();
    if !restorable(to) {
        return Ok(Err(format!(
            "Un colis ne revient pas à « {} » par une annulation : un administrateur peut forcer ce statut.",
            to.label()
        )));
    }
    // The rows of the status put back, latest first: notes, then the move to it, which
    // carries its date and when the outcome was recorded.
    let run: Vec<&HistoryRow> = rows[at + 1..]
        .iter()
        .take_while(|r| r.status() == to)
        .collect();
    let postponed_to = if to.needs_date() {
        run.iter().find_map(|r| r.date)
    } else {
        None
    };
    Ok(Ok(Plan {
        undone,
        auto_refused,
        to,
        postponed_to,
        outcome_at: run.last().map(|r| r.created_at),
        until,
    }))
}

/// Until when `actor_id` may undo the parcel's latest move, if he may.
pub fn undo_until(
    conn: &mut DbConnection,
    row: &ParcelRow,
    actor_id: UserId,
) -> AppResult<Option<NaiveDateTime>> {
    Ok(plan(conn, row, actor_id, time::now())?
        .ok()
        .map(|plan| plan.until))
}

/// The parcel as `actor_id` sees it, with `undo_until` when he may still undo its latest move;
/// names from `recent` when it knows them (the answer to a move), else read now.
pub fn view(
    conn: &mut DbConnection,
    actor_id: UserId,
    scope: Scope,
    row: ParcelRow,
    recent: Option<&parcel::RecentNames>,
) -> AppResult<ParcelView> {
    let until = match scope {
        Scope::Merchant(_) => None,
        _ => undo_until(conn, &row, actor_id)?,
    };
    let mut view = parcel::views_with(conn, scope.role(), vec![row], recent)?.remove(0);
    view.undo_until = until;
    Ok(view)
}

/// `POST parcels/{key}/undo`: puts the parcel back as it was before its latest move, which
/// `actor_id` made less than `undo_minutes` ago. 404 outside his scope; 409 when it is not his,
/// too late, not an outcome, on an invoice, or moved meanwhile.
pub fn undo(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    scope: Scope,
    parcel_key: &str,
) -> AppResult<ParcelView> {
    immediate_transaction(conn, |conn| {
        let row = parcel::get(conn, scope, parcel_key)?;
        if matches!(scope, Scope::Merchant(_)) {
            return Err(AppError::Conflict(
                "Aucun changement de statut à annuler.".to_owned(),
            ));
        }
        let now = time::now();
        let plan = plan(conn, &row, actor_id, now)?.map_err(AppError::Conflict)?;
        let from = row.status();
        let mut outcome = outcome_after(conn, &row, plan.to, row.delivery_person_id, now)?;
        if outcome.at.is_some() {
            outcome.at = plan.outcome_at;
        }
        check_invoices(&row, &outcome)?;
        let attempts = if plan.undone.is_failed_attempt() {
            (row.attempts - 1).max(0)
        } else {
            row.attempts
        };
        let moved = write_move(
            conn,
            &row,
            Moved {
                status: plan.to,
                attempts,
                postponed_to: plan.postponed_to,
                delivery_person_id: row.delivery_person_id,
                outcome: &outcome,
                changed_at: now,
            },
            now,
        )?;
        // A cancellation before the hub released the parcel's stock: taking it back reserves it
        // again (409 when it went meanwhile).
        if from == Status::Cancelled && plan.to.before_pickup() {
            stock.reserve_again(conn, actor_id, row.id, &row.key)?;
        }
        let code = if plan.auto_refused {
            NoteCode::UndoneWithRefusal
        } else {
            NoteCode::Undone
        };
        let note = Note::new(code).with("status", plan.undone.as_str());
        history(
            conn,
            row.id,
            Entry {
                status: plan.to,
                comment: None,
                note: Some(&note),
                date: plan.postponed_to,
                actor_id: Some(actor_id),
            },
            now,
        )?;
        activities::record(
            conn,
            activities::NewActivity {
                user_id: Some(actor_id),
                action: "parcel.state_undone",
                subject_type: Some("parcel"),
                subject_key: Some(&row.key),
                details: Some(serde_json::json!({
                    "status": {"old": from.as_str(), "new": plan.to.as_str()},
                    "undone": plan.undone.as_str(),
                })),
            },
        )
        .map_db_err()?;
        parcel::view(conn, scope.role(), moved)
    })
}
