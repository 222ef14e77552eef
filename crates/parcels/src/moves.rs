//! Status changes and the other writes that follow a parcel's life: posting a state, cancelling,
//! changing the address, reassigning. Each is one transaction with its history row and activity,
//! and each update is conditional on the status read, so two concurrent moves leave one winner
//! and a 409 for the other on both databases.

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, FieldErrors, Language, Role};
use colivra_db::schema::{parcel_states, parcels, users, voucher_parcels};
use colivra_db::{activities, immediate_transaction, settings, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::note::{self, Note, NoteCode};
use crate::parcel::{self, changed_meanwhile, ParcelRow, ParcelView};
use crate::status::{check_move, Mover, Status};
use colivra_core::Scope;

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
    pub actor_id: Option<i64>,
    /// The delivery person the parcel goes to (exit vouchers); `None` keeps the current one.
    pub delivery_admin_id: Option<i64>,
}

/// One history row: the status, with a person's comment and/or the server's note.
pub(crate) struct Entry<'a> {
    pub(crate) status: Status,
    pub(crate) comment: Option<&'a str>,
    pub(crate) note: Option<&'a Note>,
    pub(crate) date: Option<NaiveDate>,
    pub(crate) actor_id: Option<i64>,
}

pub(crate) fn history(
    conn: &mut DbConnection,
    parcel_id: i64,
    entry: Entry<'_>,
    at: NaiveDateTime,
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
        ))
        .execute(conn)
        .map_db_err()?;
    Ok(())
}

/// Moves `row` as `mv` says, inside the caller's transaction: checks the state machine and the
/// move's requirements, writes the parcel only if its status is still the one read, adds the
/// history row and the activity. A failed attempt beyond the limit refuses the parcel.
pub fn apply(conn: &mut DbConnection, row: &ParcelRow, mv: Move<'_>) -> AppResult<ParcelRow> {
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
    let delivery_admin_id = mv.delivery_admin_id.or(row.delivery_admin_id);
    let outcome = outcome_after(conn, row, final_status, delivery_admin_id, now)?;
    check_invoices(row, &outcome)?;
    write_move(
        conn,
        row,
        Moved {
            status: final_status,
            attempts,
            postponed_to,
            delivery_admin_id,
            outcome: &outcome,
        },
        now,
    )?;
    // Stock: a parcel cancelled before it reached the hub gives back what it reserved; one
    // that goes out for delivery takes it out of stock (an exit movement per line).
    let stock_actor = mv.actor_id.or(row.created_by).unwrap_or(row.client_id);
    match final_status {
        Status::Cancelled if matches!(from, Status::New | Status::AwaitingPickup) => {
            colivra_inventory::stock::release(conn, stock_actor, row.id, &row.key)?;
        }
        Status::OutForDelivery => {
            colivra_inventory::stock::exit(conn, stock_actor, row.id, &row.key)?;
        }
        _ => {}
    }
    // A parcel that leaves awaiting_pickup other than by its voucher (the merchant cancels it,
    // an admin moves it) leaves its pickup voucher too; vouchers manage their own links.
    if from == Status::AwaitingPickup && mv.mover != Mover::Voucher {
        leave_pickup_voucher(conn, row.id, now)?;
    }
    history(
        conn,
        row.id,
        Entry {
            status: mv.to,
            comment,
            note: mv.note.as_ref(),
            date: mv.date,
            actor_id: mv.actor_id,
        },
        now,
    )?;
    if final_status != mv.to {
        let refused = Note::new(NoteCode::AutoRefused).with("attempts", attempts);
        history(
            conn,
            row.id,
            Entry {
                status: final_status,
                comment: None,
                note: Some(&refused),
                date: None,
                actor_id: None,
            },
            now,
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
    parcels::table
        .find(row.id)
        .select(ParcelRow::as_select())
        .first(conn)
        .map_db_err()
}

/// The parcel's state after a move (or an undo), as `write_move` writes it.
pub(crate) struct Moved<'a> {
    pub(crate) status: Status,
    pub(crate) attempts: i64,
    pub(crate) postponed_to: Option<NaiveDate>,
    pub(crate) delivery_admin_id: Option<i64>,
    pub(crate) outcome: &'a Outcome,
}

/// Writes `moved` only if the parcel still has the status read and no invoice took it
/// meanwhile (a delivery invoice matters only when the outcome changes): two concurrent moves
/// leave one winner and a 409 for the other, on both databases.
pub(crate) fn write_move(
    conn: &mut DbConnection,
    row: &ParcelRow,
    moved: Moved<'_>,
    now: NaiveDateTime,
) -> AppResult<()> {
    let keeps_outcome = moved.outcome.outcome == row.outcome;
    let updated = diesel::update(
        parcels::table
            .find(row.id)
            .filter(parcels::status.eq(row.status().as_str()))
            // An invoice that took the parcel meanwhile wins: it then no longer moves (409).
            .filter(parcels::client_completed_invoice_id.is_null())
            .filter(parcels::client_returned_invoice_id.is_null())
            .filter(
                parcels::delivery_admin_invoice_id
                    .is_null()
                    .or(diesel::dsl::sql::<diesel::sql_types::Bool>(
                        if keeps_outcome { "1 = 1" } else { "1 = 0" },
                    )),
            ),
    )
    .set((
        parcels::status.eq(moved.status.as_str()),
        parcels::attempts.eq(moved.attempts),
        parcels::postponed_to.eq(moved.postponed_to),
        parcels::delivery_admin_id.eq(moved.delivery_admin_id),
        parcels::updated_at.eq(now),
        parcels::status_changed_at.eq(now),
        parcels::outcome.eq(&moved.outcome.outcome),
        parcels::commission.eq(moved.outcome.commission),
        parcels::outcome_at.eq(moved.outcome.at),
    ))
    .execute(conn)
    .map_db_err()?;
    if updated == 0 {
        return Err(changed_meanwhile());
    }
    Ok(())
}

/// How the round ended for a parcel, and what the delivery person earned for it.
pub(crate) struct Outcome {
    pub(crate) outcome: Option<String>,
    pub(crate) commission: Option<i64>,
    pub(crate) at: Option<NaiveDateTime>,
}

/// The outcome after a move to `status`: recorded (with the delivery person's commission in
/// force now) when the parcel is delivered, refused or cancelled; kept through its return (and
/// when an admin marks it lost or damaged); cleared when it goes back into the round.
pub(crate) fn outcome_after(
    conn: &mut DbConnection,
    row: &ParcelRow,
    status: Status,
    delivery_admin_id: Option<i64>,
    at: NaiveDateTime,
) -> AppResult<Outcome> {
    Ok(match status {
        Status::Delivered | Status::Refused | Status::Cancelled => {
            let commission = match delivery_admin_id {
                Some(courier) => {
                    let earned = colivra_auth::couriers::commission(conn, courier, row.city_id)?;
                    Some(match status {
                        Status::Delivered => earned.delivered,
                        Status::Refused => earned.refused,
                        _ => 0,
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
    if row.client_completed_invoice_id.is_some() || row.client_returned_invoice_id.is_some() {
        return Err(AppError::Conflict(format!(
            "{} figure sur une facture client : retirez-le du brouillon avant de changer son statut.",
            row.key
        )));
    }
    if row.delivery_admin_invoice_id.is_some() && after.outcome != row.outcome {
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
    parcel_id: i64,
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

/// A history row that records an event without a move (an exchange's collected item handed
/// over, say): the current status with `note`. Conditional on the status read, like a move.
pub fn annotate(
    conn: &mut DbConnection,
    row: &ParcelRow,
    note: &Note,
    actor_id: Option<i64>,
) -> AppResult<()> {
    let now = time::now();
    let status = row.status();
    let updated = diesel::update(
        parcels::table
            .find(row.id)
            .filter(parcels::status.eq(status.as_str())),
    )
    .set(parcels::updated_at.eq(now))
    .execute(conn)
    .map_db_err()?;
    if updated == 0 {
        return Err(changed_meanwhile());
    }
    history(
        conn,
        row.id,
        Entry {
            status,
            comment: None,
            note: Some(note),
            date: None,
            actor_id,
        },
        now,
    )
}

/// `POST parcels/states`: `{parcel, status, comment, date}`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct StateInput {
    /// Tracking code (404 when it is none of the caller's parcels).
    #[schema(value_type = String, required = true, min_length = 1)]
    pub parcel: Option<String>,
    /// A status key (422 otherwise).
    #[schema(value_type = Status, required = true)]
    pub status: Option<String>,
    /// Required for refused, cancelled, lost, damaged; an admin's comment also forces a move the
    /// normal flow does not allow.
    #[schema(max_length = 500)]
    pub comment: Option<String>,
    /// `YYYY-MM-DD`, not in the past; required for postponed and scheduled.
    #[schema(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "colivra_core::time::optional_day")]
    pub date: Option<NaiveDate>,
}

/// A delivery person records an outcome; an admin posts any state (forcing it with a comment).
pub fn post_state(
    conn: &mut DbConnection,
    actor_id: i64,
    scope: Scope,
    input: &StateInput,
) -> AppResult<ParcelView> {
    let mover = match scope {
        Scope::Everyone => Mover::Admin,
        Scope::DeliveryPerson(_) => Mover::DeliveryPerson,
        Scope::Merchant(_) => Mover::Merchant,
    };
    let Some(to) = input.status.as_deref().and_then(Status::parse) else {
        return Err(AppError::validation("status", "Statut inconnu."));
    };
    immediate_transaction(conn, |conn| {
        let key = input.parcel.as_deref().unwrap_or_default();
        let row = parcel::get(conn, scope, key)?;
        let today = time::now().date();
        if let Some(date) = input.date {
            if to.needs_date() && date < today {
                return Err(AppError::validation(
                    "date",
                    "La date ne peut pas être passée.",
                ));
            }
        }
        let row = apply(
            conn,
            &row,
            Move {
                to,
                comment: input.comment.as_deref(),
                note: None,
                date: input.date,
                mover,
                actor_id: Some(actor_id),
                delivery_admin_id: None,
            },
        )?;
        crate::undo::view(conn, actor_id, scope, row)
    })
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct CancelInput {
    #[schema(max_length = 500)]
    pub comment: Option<String>,
}

/// The merchant cancels a parcel not yet picked up.
pub fn cancel(
    conn: &mut DbConnection,
    actor_id: i64,
    merchant_id: i64,
    parcel_key: &str,
    comment: Option<&str>,
) -> AppResult<ParcelView> {
    immediate_transaction(conn, |conn| {
        let row = parcel::get(conn, Scope::Merchant(merchant_id), parcel_key)?;
        let comment = comment.map(str::trim).filter(|c| !c.is_empty());
        let row = apply(
            conn,
            &row,
            Move {
                to: Status::Cancelled,
                comment,
                note: comment
                    .is_none()
                    .then(|| Note::new(NoteCode::CancelledByClient)),
                date: None,
                mover: Mover::Merchant,
                actor_id: Some(actor_id),
                delivery_admin_id: None,
            },
        )?;
        parcel::view(conn, Role::Client, row)
    })
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct AddressInput {
    #[schema(schema_with = colivra_core::phone::optional_schema)]
    pub recipient_phone: Option<String>,
    /// Empty clears it.
    #[schema(schema_with = colivra_core::phone::clearable_schema)]
    pub recipient_phone_alt: Option<String>,
    /// City key or name.
    pub city: Option<String>,
    #[schema(min_length = 1, max_length = 255)]
    pub address: Option<String>,
}

/// The merchant changes the recipient's phone, city or address until delivery. While a delivery
/// person holds the parcel the change is flagged for him to acknowledge. The fee snapshot stays:
/// the price was agreed at creation.
pub fn change_address(
    conn: &mut DbConnection,
    actor_id: i64,
    merchant_id: i64,
    parcel_key: &str,
    input: &AddressInput,
) -> AppResult<ParcelView> {
    immediate_transaction(conn, |conn| {
        let row = parcel::get(conn, Scope::Merchant(merchant_id), parcel_key)?;
        let status = row.status();
        if !status.address_can_change() {
            return Err(AppError::Conflict(format!(
                "L'adresse d'un colis « {} » ne peut plus changer.",
                status.label()
            )));
        }
        let lookups = parcel::Lookups::for_city(conn, merchant_id, input.city.as_deref())?;
        let merged = parcel::ParcelInput {
            recipient_phone: input.recipient_phone.clone(),
            recipient_phone_alt: input.recipient_phone_alt.clone(),
            city: input.city.clone(),
            address: input.address.clone(),
            ..Default::default()
        };
        let valid =
            parcel::validate(conn, &lookups, &merged, Some(&row))?.map_err(AppError::Validation)?;
        let pending = status.is_with_delivery_person();
        let now = time::now();
        let updated = diesel::update(
            parcels::table
                .find(row.id)
                .filter(parcels::status.eq(status.as_str())),
        )
        .set((
            parcels::recipient_phone.eq(&valid.recipient_phone),
            parcels::recipient_phone_alt.eq(&valid.recipient_phone_alt),
            parcels::city_id.eq(valid.city_id),
            parcels::address.eq(&valid.address),
            parcels::address_change_pending.eq(pending || row.address_change_pending),
            parcels::updated_at.eq(now),
        ))
        .execute(conn)
        .map_db_err()?;
        if updated == 0 {
            return Err(changed_meanwhile());
        }
        let changed = Note::new(NoteCode::AddressChanged)
            .with("address", valid.address.as_str())
            .with("phone", valid.recipient_phone.as_str());
        history(
            conn,
            row.id,
            Entry {
                status,
                comment: None,
                note: Some(&changed),
                date: None,
                actor_id: Some(actor_id),
            },
            now,
        )?;
        activities::log(
            conn,
            Some(actor_id),
            "parcel.address_changed",
            "parcel",
            &row.key,
        )?;
        let row = parcel::get(conn, Scope::Merchant(merchant_id), parcel_key)?;
        parcel::view(conn, Role::Client, row)
    })
}

/// The delivery person confirms he saw the new address.
pub fn acknowledge_address(
    conn: &mut DbConnection,
    actor_id: i64,
    parcel_key: &str,
) -> AppResult<ParcelView> {
    immediate_transaction(conn, |conn| {
        let scope = Scope::DeliveryPerson(actor_id);
        let row = parcel::get(conn, scope, parcel_key)?;
        if !row.address_change_pending {
            return Err(AppError::Conflict(
                "Aucun changement d'adresse à confirmer.".to_owned(),
            ));
        }
        diesel::update(parcels::table.find(row.id))
            .set(parcels::address_change_pending.eq(false))
            .execute(conn)
            .map_db_err()?;
        activities::log(
            conn,
            Some(actor_id),
            "parcel.address_acknowledged",
            "parcel",
            &row.key,
        )?;
        let row = parcel::get(conn, scope, parcel_key)?;
        parcel::view(conn, Role::DeliveryAdmin, row)
    })
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ReassignInput {
    /// Tracking codes of parcels out for delivery.
    #[schema(min_items = 1)]
    pub parcels: Vec<String>,
    #[schema(max_length = 500)]
    pub comment: Option<String>,
}

/// Gives parcels held by one delivery person to another (`deliveryAdmin` key). All or nothing.
pub fn reassign(
    conn: &mut DbConnection,
    actor_id: i64,
    delivery_admin_key: &str,
    input: &ReassignInput,
) -> AppResult<Vec<ParcelView>> {
    if input.parcels.is_empty() {
        return Err(AppError::validation("parcels", "Choisissez des colis."));
    }
    immediate_transaction(conn, |conn| {
        let (courier_id, courier_name): (i64, String) = users::table
            .filter(users::key.eq(delivery_admin_key))
            .filter(users::role.eq(Role::DeliveryAdmin.as_str()))
            .filter(users::active.eq(true))
            .select((
                users::id,
                users::first_name.concat(" ").concat(users::last_name),
            ))
            .first(conn)
            .optional()
            .map_db_err()?
            .ok_or(AppError::NotFound)?;
        let now = time::now();
        let mut moved = Vec::new();
        for key in &input.parcels {
            let row = parcel::get(conn, Scope::Everyone, key)?;
            let status = row.status();
            if !status.is_with_delivery_person() {
                return Err(AppError::Conflict(format!(
                    "{} est « {} » : seul un colis en distribution change de livreur.",
                    row.key,
                    status.label()
                )));
            }
            if row.delivery_admin_id == Some(courier_id) {
                return Err(AppError::Conflict(format!(
                    "{} est déjà confié à ce livreur.",
                    row.key
                )));
            }
            let updated = diesel::update(
                parcels::table
                    .find(row.id)
                    .filter(parcels::status.eq(status.as_str())),
            )
            .set((
                parcels::delivery_admin_id.eq(courier_id),
                parcels::updated_at.eq(now),
            ))
            .execute(conn)
            .map_db_err()?;
            if updated == 0 {
                return Err(changed_meanwhile());
            }
            let comment = input
                .comment
                .as_deref()
                .map(str::trim)
                .filter(|c| !c.is_empty());
            let reassigned = Note::new(NoteCode::Reassigned).with("courier", courier_name.trim());
            history(
                conn,
                row.id,
                Entry {
                    status,
                    comment,
                    note: Some(&reassigned),
                    date: None,
                    actor_id: Some(actor_id),
                },
                now,
            )?;
            activities::log(
                conn,
                Some(actor_id),
                "parcel.reassigned",
                "parcel",
                &row.key,
            )?;
            moved.push(parcel::get(conn, Scope::Everyone, key)?);
        }
        parcel::views(conn, Role::Admin, moved)
    })
}

/// One row of a parcel's history, in the reader's language (`Accept-Language`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StateView {
    pub status: Status,
    /// The status's label in the reader's language.
    pub status_label: &'static str,
    /// What a person wrote (rows written before notes existed keep the server's French text
    /// here).
    pub comment: Option<String>,
    /// What the server wrote, as a code and its values, for the client to render.
    pub note: Option<Note>,
    /// The row's text in the reader's language: the note rendered (followed by the comment
    /// when there is one too), else the comment.
    pub text: Option<String>,
    #[schema(value_type = Option<String>)]
    pub date: Option<NaiveDate>,
    /// Who made the move (absent for automatic moves).
    pub user_name: Option<String>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

/// status, comment, note code and values, date, author's first and last names, when.
type HistoryRow = (
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<NaiveDate>,
    Option<String>,
    Option<String>,
    NaiveDateTime,
);

/// The parcel's history, oldest first, labelled and rendered in `language`.
pub fn states(
    conn: &mut DbConnection,
    scope: Scope,
    parcel_key: &str,
    language: Language,
) -> AppResult<Vec<StateView>> {
    let row = parcel::get(conn, scope, parcel_key)?;
    let rows: Vec<HistoryRow> = parcel_states::table
        .left_join(users::table.on(users::id.nullable().eq(parcel_states::user_id)))
        .filter(parcel_states::parcel_id.eq(row.id))
        .order(parcel_states::id.asc())
        .select((
            parcel_states::status,
            parcel_states::comment,
            parcel_states::note_code,
            parcel_states::note_values,
            parcel_states::date,
            users::first_name.nullable(),
            users::last_name.nullable(),
            parcel_states::created_at,
        ))
        .load(conn)
        .map_db_err()?;
    Ok(rows
        .into_iter()
        .map(
            |(status, comment, code, values, date, first, last, created_at)| {
                let status = Status::parse(&status).unwrap_or(Status::New);
                let note = Note::from_columns(code.as_deref(), values.as_deref());
                StateView {
                    status,
                    status_label: status.label_in(language),
                    text: note::text(note.as_ref(), comment.as_deref(), language),
                    note,
                    comment,
                    date,
                    user_name: first.map(|f| {
                        format!("{f} {}", last.unwrap_or_default())
                            .trim()
                            .to_owned()
                    }),
                    created_at,
                }
            },
        )
        .collect())
}
