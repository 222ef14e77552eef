//! The requests that move or annotate parcels: posting a state, cancelling, changing the
//! address, reassigning.

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, DeliveryPersonId, MerchantId, Role, UserId};
use colivra_db::schema::{parcels, users};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::calls::AttemptFacts;
use crate::note::{Note, NoteCode};
use crate::parcel::{self, changed_meanwhile, ParcelRow, ParcelView, RecentNames};
use crate::status::{Mover, Status};
use colivra_core::Scope;

use super::{apply, record::history, Entry, Move};
use crate::stock::StockHooks;

/// A history row that records an event without a move (an exchange's collected item handed
/// over, say): the current status with `note`. Conditional on the status read, like a move.
pub fn annotate(
    conn: &mut DbConnection,
    row: &ParcelRow,
    note: &Note,
    actor_id: Option<UserId>,
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
    /// With `delivered` only: the recipient's signature, a photo, who signed and where (required
    /// of a delivery person as the parcel's merchant asks; see `users/delivery-proof`).
    pub proof: Option<crate::proof::ProofInput>,
    /// When the outcome was recorded, RFC 3339 (the phone's queue sends it; now when left out):
    /// at most 5 minutes ahead of the server's clock (then taken as now), at most 72 hours ago,
    /// and not before the parcel's last move (when it left on its exit voucher). History,
    /// tracking, webhooks, commissions and the dashboards' days use it.
    #[schema(value_type = Option<String>, format = DateTime)]
    pub recorded_at: Option<String>,
    /// Where the phone was when the outcome was recorded (kept with the history row; the
    /// office sees it).
    pub position: Option<crate::proof::PositionInput>,
    /// A delivery person's « pas de réponse », « injoignable » or « numéro erroné » follows a
    /// call from his round (`POST parcels/{key}/calls`) in the 15 minutes before it; without
    /// one he says why here (422 on this field otherwise).
    #[schema(max_length = 300)]
    pub no_call_reason: Option<String>,
}

/// How far ahead of the server's clock a phone's may run.
const RECORDED_AHEAD: chrono::Duration = chrono::Duration::minutes(5);
/// How old an outcome may reach the server (a phone offline over a long weekend).
const RECORDED_BEFORE_HOURS: i64 = 72;

/// The `recorded_at` of a request, parsed; its bounds against the parcel are checked by
/// [`check_recorded_at`].
fn parse_recorded_at(input: Option<&str>) -> AppResult<Option<NaiveDateTime>> {
    let Some(raw) = input.map(str::trim).filter(|raw| !raw.is_empty()) else {
        return Ok(None);
    };
    time::parse_rfc3339(raw).map(Some).ok_or_else(|| {
        AppError::validation(
            "recorded_at",
            "Date et heure au format RFC 3339 attendues (2026-12-01T14:05:00+01:00).",
        )
    })
}

/// 422 on `recorded_at` outside its bounds: in the future past the clocks' tolerance, older
/// than 72 hours, or before the parcel's last move.
fn check_recorded_at(at: NaiveDateTime, row: &ParcelRow, now: NaiveDateTime) -> AppResult<()> {
    let message = if at > now + RECORDED_AHEAD {
        "L'heure d'enregistrement est dans le futur : vérifiez l'heure du téléphone."
    } else if at < now - chrono::Duration::hours(RECORDED_BEFORE_HOURS) {
        "Résultat enregistré il y a plus de 72 heures : signalez-le au bureau."
    } else if at < row.status_changed_at && row.status().is_with_delivery_person() {
        // (A parcel no longer with him refuses the outcome itself: 409 or 404, the true reason.)
        "L'heure d'enregistrement précède la dernière étape du colis (sa sortie en livraison)."
    } else {
        return Ok(());
    };
    Err(AppError::validation("recorded_at", message))
}

/// A delivery person records an outcome; an admin posts any state (forcing it with a comment).
/// A proof of delivery comes with « Livré » and is kept in the same transaction. An outcome
/// from the phone's queue that is refused (the parcel changed meanwhile, is no longer his, or
/// was recorded too long ago) is kept for the office ([`crate::unapplied`]).
///
/// The answer's view is read once the move has committed (on SQLite, outside the one writer
/// lock every writer waits for), its names taken from `recent` when it knows them.
pub fn post_state(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    proofs: &crate::proof::ProofStore,
    actor_id: UserId,
    scope: Scope,
    input: &StateInput,
    recent: Option<&RecentNames>,
) -> AppResult<ParcelView> {
    let result = post_state_now(conn, stock, proofs, actor_id, scope, input);
    let refused = match &result {
        Err(AppError::Conflict(reason)) => Some(reason.clone()),
        Err(AppError::NotFound) => Some("Ce colis n'est plus dans votre tournée.".to_owned()),
        Err(AppError::Validation(errors)) if errors.contains("recorded_at") => errors
            .0
            .get("recorded_at")
            .map(|messages| messages.join(" ")),
        _ => None,
    };
    if let Some(reason) = refused {
        // Not kept (the database failing): that error answers instead, so the phone keeps the
        // outcome queued and sends it again rather than losing the refusal.
        crate::unapplied::keep_refused(conn, actor_id, scope, input, &reason)?;
    }
    crate::undo::view(conn, actor_id, scope, result?, recent)
}

fn post_state_now(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    proofs: &crate::proof::ProofStore,
    actor_id: UserId,
    scope: Scope,
    input: &StateInput,
) -> AppResult<ParcelRow> {
    let mover = match scope {
        Scope::Everyone => Mover::Admin,
        Scope::DeliveryPerson(_) => Mover::DeliveryPerson,
        Scope::Merchant(_) => Mover::Merchant,
    };
    let Some(to) = input.status.as_deref().and_then(Status::parse) else {
        return Err(AppError::validation("status", "Statut inconnu."));
    };
    let proof = match &input.proof {
        Some(_) if to != Status::Delivered => {
            return Err(AppError::validation(
                "proof",
                "Une preuve accompagne seulement « Livré ».",
            ))
        }
        Some(proof) => Some(proof.check(time::now())?),
        None => None,
    };
    let recorded_at = parse_recorded_at(input.recorded_at.as_deref())?;
    immediate_transaction(conn, |conn| {
        let key = input.parcel.as_deref().unwrap_or_default();
        let row = parcel::get(conn, scope, key)?;
        if let Some(at) = recorded_at {
            check_recorded_at(at, &row, time::now())?;
        }
        if to == Status::Delivered && mover == Mover::DeliveryPerson {
            crate::proof::check_required(conn, &row, proof.as_ref())?;
        }
        let today = time::now().date();
        if let Some(date) = input.date {
            if to.needs_date() && date < today {
                return Err(AppError::validation(
                    "date",
                    "La date ne peut pas être passée.",
                ));
            }
        }
        let parcel_id = row.id;
        let row = apply(
            conn,
            stock,
            &row,
            Move {
                to,
                comment: input.comment.as_deref(),
                note: proof.as_ref().map(|_| Note::new(NoteCode::DeliveryProof)),
                date: input.date,
                mover,
                actor_id: Some(actor_id),
                delivery_person_id: None,
                recorded_at,
            },
        )?;
        // Checked once the move is known to be allowed (a parcel no longer his answers 409, the
        // true reason); a refusal here undoes the move with the transaction.
        let at = recorded_at.unwrap_or_else(time::now).min(time::now());
        AttemptFacts::of(
            conn,
            input.position.as_ref(),
            input.no_call_reason.as_deref(),
            (mover == Mover::DeliveryPerson && to.is_failed_attempt())
                .then_some((parcel_id, actor_id, at)),
        )?
        .keep(conn, parcel_id, to)?;
        if let Some(proof) = &proof {
            crate::proof::record(conn, proofs, &row, to, actor_id, proof)?;
        }
        Ok(row)
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
    stock: &dyn StockHooks,
    actor_id: UserId,
    merchant_id: MerchantId,
    parcel_key: &str,
    comment: Option<&str>,
) -> AppResult<ParcelView> {
    immediate_transaction(conn, |conn| {
        let row = parcel::get(conn, Scope::Merchant(merchant_id), parcel_key)?;
        let comment = comment.map(str::trim).filter(|c| !c.is_empty());
        let row = apply(
            conn,
            stock,
            &row,
            Move {
                to: Status::Cancelled,
                comment,
                note: comment
                    .is_none()
                    .then(|| Note::new(NoteCode::CancelledByMerchant)),
                date: None,
                mover: Mover::Merchant,
                actor_id: Some(actor_id),
                delivery_person_id: None,
                recorded_at: None,
            },
        )?;
        parcel::view(conn, Role::Merchant, row)
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
    actor_id: UserId,
    merchant_id: MerchantId,
    parcel_key: &str,
    input: &AddressInput,
) -> AppResult<ParcelView> {
    immediate_transaction(conn, |conn| {
        let row = parcel::get(conn, Scope::Merchant(merchant_id), parcel_key)?;
        change_address_of(conn, Some(actor_id), &row, input)?;
        let row = parcel::get(conn, Scope::Merchant(merchant_id), parcel_key)?;
        parcel::view(conn, Role::Merchant, row)
    })
}

/// Changes `row`'s recipient phone, city or address inside the caller's transaction (the
/// merchant's request, or his decision after a failed attempt), flagged for the delivery person
/// holding it, with its history note and activity.
pub fn change_address_of(
    conn: &mut DbConnection,
    actor_id: Option<UserId>,
    row: &ParcelRow,
    input: &AddressInput,
) -> AppResult<()> {
    let status = row.status();
    if !status.address_can_change() {
        return Err(AppError::Conflict(format!(
            "L'adresse d'un colis « {} » ne peut plus changer.",
            status.label()
        )));
    }
    let lookups = parcel::Lookups::for_city(conn, row.merchant_id, input.city.as_deref())?;
    let merged = parcel::ParcelInput {
        recipient_phone: input.recipient_phone.clone(),
        recipient_phone_alt: input.recipient_phone_alt.clone(),
        city: input.city.clone(),
        address: input.address.clone(),
        ..Default::default()
    };
    let valid =
        parcel::validate(conn, &lookups, &merged, Some(row))?.map_err(AppError::Validation)?;
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
            actor_id,
        },
        now,
    )?;
    activities::log(conn, actor_id, "parcel.address_changed", "parcel", &row.key)
}

/// The delivery person confirms he saw the new address.
pub fn acknowledge_address(
    conn: &mut DbConnection,
    actor_id: UserId,
    parcel_key: &str,
) -> AppResult<ParcelView> {
    immediate_transaction(conn, |conn| {
        // The route admits delivery people only: the actor is one.
        let scope = Scope::DeliveryPerson(DeliveryPersonId::new(actor_id.get()));
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
        parcel::view(conn, Role::DeliveryPerson, row)
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
    actor_id: UserId,
    delivery_person_key: &str,
    input: &ReassignInput,
) -> AppResult<Vec<ParcelView>> {
    if input.parcels.is_empty() {
        return Err(AppError::validation("parcels", "Choisissez des colis."));
    }
    immediate_transaction(conn, |conn| {
        let (delivery_person_id, delivery_person_name): (DeliveryPersonId, String) = users::table
            .filter(users::key.eq(delivery_person_key))
            .filter(users::role.eq(Role::DeliveryPerson.as_str()))
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
            if row.delivery_person_id == Some(delivery_person_id) {
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
                parcels::delivery_person_id.eq(delivery_person_id),
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
            let reassigned =
                Note::new(NoteCode::Reassigned).with("courier", delivery_person_name.trim());
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
