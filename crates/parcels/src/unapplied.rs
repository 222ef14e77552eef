//! Refused outcomes kept on record (domain rules, « A refused outcome stays on record »).
//!
//! An outcome the delivery person's phone sends from its offline queue (it carries
//! `recorded_at`) may reach a parcel that changed meanwhile: cancelled, declared lost, given to
//! someone else. The server refuses it as before (409, 404 or 422), and keeps what was sent, with
//! the cash it implies (a refused « Livré » means he may hold that COD), as an unapplied outcome.
//! The office resolves it: applies it anyway where the state machine allows, records the cash
//! returned, or dismisses it with a reason; each an activity. It is never deleted: the phone may
//! only mark it seen.

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{
    key, time, AppError, AppResult, Centimes, DeliveryPersonId, ListQuery, Paginated, ParcelId,
    Scope, UserId,
};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::paginate;
use colivra_db::schema::{parcels, unapplied_outcomes as unapplied, users};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::moves::{apply, Move, StateInput};
use crate::parcel::ParcelRow;
use crate::status::{Mover, Status};
use crate::stock::StockHooks;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = unapplied)]
struct UnappliedRow {
    id: i64,
    key: String,
    parcel_id: ParcelId,
    delivery_person_id: DeliveryPersonId,
    status: String,
    comment: Option<String>,
    date: Option<NaiveDate>,
    had_proof: bool,
    recorded_at: NaiveDateTime,
    received_at: NaiveDateTime,
    reason: String,
    cash_at_stake: Centimes,
    state: String,
    resolution: Option<String>,
    resolution_comment: Option<String>,
    resolved_by: Option<UserId>,
    resolved_at: Option<NaiveDateTime>,
    seen_at: Option<NaiveDateTime>,
}

/// How the office settled an unapplied outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Resolution {
    /// The outcome was applied after all (the state machine allowing it).
    Apply,
    /// The delivery person brought back the cash it implied.
    CashReturned,
    /// Nothing to do, with the reason.
    Dismiss,
}

impl Resolution {
    fn parse(value: &str) -> Option<Resolution> {
        match value {
            "apply" => Some(Resolution::Apply),
            "cash_returned" => Some(Resolution::CashReturned),
            "dismiss" => Some(Resolution::Dismiss),
            _ => None,
        }
    }

    fn as_str(self) -> &'static str {
        match self {
            Resolution::Apply => "apply",
            Resolution::CashReturned => "cash_returned",
            Resolution::Dismiss => "dismiss",
        }
    }
}

/// Whether an unapplied outcome still waits for the office.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum UnappliedState {
    Open,
    Resolved,
}

/// The parcel an unapplied outcome was sent for, as it is now.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UnappliedParcel {
    pub key: String,
    pub status: Status,
    pub status_label: &'static str,
    pub recipient_name: String,
    #[schema(value_type = i64)]
    pub cod_amount: Centimes,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UnappliedDeliveryPerson {
    pub key: String,
    pub full_name: String,
}

/// An outcome the server refused, as sent and as resolved.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UnappliedOutcomeView {
    pub key: String,
    pub parcel: UnappliedParcel,
    #[serde(rename = "delivery_admin")]
    pub delivery_person: UnappliedDeliveryPerson,
    /// The outcome he recorded (a status key) and its label.
    pub outcome: Status,
    pub outcome_label: &'static str,
    pub comment: Option<String>,
    #[schema(value_type = Option<String>)]
    pub date: Option<NaiveDate>,
    /// A proof of delivery came with it (not kept: the parcel did not move).
    pub had_proof: bool,
    /// When he recorded it on his phone.
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub recorded_at: NaiveDateTime,
    /// When the server refused it.
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub received_at: NaiveDateTime,
    /// Why the server refused it.
    pub reason: String,
    /// The cash it implies in centimes: the COD of a refused « Livré » (a refund: negative,
    /// paid out), else 0.
    #[schema(value_type = i64)]
    pub cash_at_stake: Centimes,
    pub state: UnappliedState,
    pub resolution: Option<Resolution>,
    pub resolution_comment: Option<String>,
    pub resolved_by_name: Option<String>,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub resolved_at: Option<NaiveDateTime>,
    /// When the delivery person marked it seen on his phone.
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub seen_at: Option<NaiveDateTime>,
}

/// Keeps an outcome the server just refused (`reason`, its message), in a transaction of its
/// own: only one sent from the phone's queue (`recorded_at`) by a delivery person, and only for
/// a parcel that exists. The same outcome refused twice is kept once.
pub fn keep_refused(
    conn: &mut DbConnection,
    actor_id: UserId,
    scope: Scope,
    input: &StateInput,
    reason: &str,
) -> AppResult<()> {
    let (Scope::DeliveryPerson(_), Some(recorded_at)) = (scope, input.recorded_at.as_deref())
    else {
        return Ok(());
    };
    let Some(recorded_at) = time::parse_timestamp(recorded_at.trim()) else {
        return Ok(());
    };
    let Some(status) = input.status.as_deref().and_then(Status::parse) else {
        return Ok(());
    };
    let key = input.parcel.as_deref().unwrap_or_default();
    let Some(parcel) = parcels::table
        .filter(parcels::key.eq(key.trim().to_uppercase()))
        .select(ParcelRow::as_select())
        .first(conn)
        .optional()
        .map_db_err()?
    else {
        return Ok(());
    };
    let cash_at_stake = match status {
        Status::Delivered if parcel.kind == "refund" => -parcel.cod_amount,
        Status::Delivered => parcel.cod_amount,
        _ => Centimes::ZERO,
    };
    let kept_key = key::prefixed_key("RN", 8);
    // When he recorded it, never after now (a phone's clock ahead).
    let recorded_at = recorded_at.min(time::now());
    let kept = immediate_transaction(conn, |conn| {
        let already: i64 = unapplied::table
            .filter(unapplied::parcel_id.eq(parcel.id))
            .filter(unapplied::delivery_person_id.eq(actor_id))
            .filter(unapplied::status.eq(status.as_str()))
            .filter(unapplied::recorded_at.eq(recorded_at))
            .count()
            .get_result(conn)
            .map_db_err()?;
        if already > 0 {
            return Ok(());
        }
        let inserted = match diesel::insert_into(unapplied::table)
            .values((
                unapplied::key.eq(&kept_key),
                unapplied::parcel_id.eq(parcel.id),
                unapplied::delivery_person_id.eq(actor_id),
                unapplied::status.eq(status.as_str()),
                unapplied::comment.eq(input.comment.as_deref().map(str::trim)),
                unapplied::date.eq(input.date),
                unapplied::had_proof.eq(input.proof.is_some()),
                unapplied::recorded_at.eq(recorded_at),
                unapplied::received_at.eq(time::now()),
                unapplied::reason.eq(reason),
                unapplied::cash_at_stake.eq(cash_at_stake),
                unapplied::state.eq("open"),
            ))
            .execute(conn)
        {
            // Kept by another request at this very moment (the unique index): nothing to add.
            Err(error) if colivra_db::error::is_unique_violation(&error) => {
                return Err(AppError::Conflict(String::new()))
            }
            other => other.map_db_err()?,
        };
        if inserted == 1 {
            activities::record(
                conn,
                activities::NewActivity {
                    user_id: Some(actor_id),
                    action: "parcel.outcome_unapplied",
                    subject_type: Some("parcel"),
                    subject_key: Some(&parcel.key),
                    details: Some(serde_json::json!({
                        "status": status.as_str(),
                        "reason": reason,
                        "cash_at_stake": cash_at_stake,
                    })),
                },
            )
            .map_db_err()?;
        }
        Ok(())
    });
    match kept {
        Err(AppError::Conflict(_)) => Ok(()),
        other => other,
    }
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct UnappliedFilters {
    /// `open` (the work queue, oldest first) or `resolved`; all when left out (newest first).
    #[param(value_type = Option<UnappliedState>, inline)]
    pub status: Option<String>,
    /// One parcel's (its tracking code).
    pub parcel: Option<String>,
}

/// `GET parcels/outcomes/unapplied`: the admin's all, a delivery person's his own.
pub fn list(
    conn: &mut DbConnection,
    scope: Scope,
    query: &ListQuery,
    filters: &UnappliedFilters,
) -> AppResult<Paginated<UnappliedOutcomeView>> {
    let state = match filters.status.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(state @ ("open" | "resolved")) => Some(state.to_owned()),
        Some(_) => {
            return Err(AppError::validation(
                "status",
                "Statut inconnu : open ou resolved.",
            ))
        }
    };
    let parcel = filters
        .parcel
        .as_deref()
        .map(|code| code.trim().to_uppercase())
        .filter(|code| !code.is_empty());
    let filtered = || {
        let mut q = unapplied::table.into_boxed();
        match scope {
            Scope::DeliveryPerson(id) => q = q.filter(unapplied::delivery_person_id.eq(id)),
            Scope::Merchant(_) => q = q.filter(unapplied::id.eq(-1)),
            Scope::Everyone => {}
        }
        if let Some(state) = &state {
            q = q.filter(unapplied::state.eq(state.clone()));
        }
        if let Some(code) = &parcel {
            q = q.filter(
                unapplied::parcel_id.eq_any(
                    parcels::table
                        .filter(parcels::key.eq(code.clone()))
                        .select(parcels::id),
                ),
            );
        }
        q
    };
    let oldest_first = state.as_deref() == Some("open");
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = if oldest_first {
                filtered().order(unapplied::id.asc())
            } else {
                filtered().order(unapplied::id.desc())
            };
            q.select(UnappliedRow::as_select())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )?;
    Ok(Paginated {
        data: views(conn, page.data)?,
        meta: page.meta,
    })
}

fn views(conn: &mut DbConnection, rows: Vec<UnappliedRow>) -> AppResult<Vec<UnappliedOutcomeView>> {
    use std::collections::HashMap;
    let parcel_ids: Vec<ParcelId> = rows.iter().map(|r| r.parcel_id).collect();
    let people_ids: Vec<UserId> = rows
        .iter()
        .flat_map(|r| [Some(r.delivery_person_id.into()), r.resolved_by])
        .flatten()
        .collect();
    let parcels_by_id: HashMap<ParcelId, (String, String, String, Centimes)> = parcels::table
        .filter(parcels::id.eq_any(&parcel_ids))
        .select((
            parcels::id,
            parcels::key,
            parcels::status,
            parcels::recipient_name,
            parcels::cod_amount,
        ))
        .load::<(ParcelId, String, String, String, Centimes)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(id, key, status, name, cod)| (id, (key, status, name, cod)))
        .collect();
    let people: HashMap<UserId, (String, String)> = users::table
        .filter(users::id.eq_any(&people_ids))
        .select((users::id, users::key, users::first_name, users::last_name))
        .load::<(UserId, String, String, String)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(id, key, first, last)| (id, (key, format!("{first} {last}").trim().to_owned())))
        .collect();
    Ok(rows
        .into_iter()
        .map(|row| {
            let (parcel_key, parcel_status, recipient_name, cod_amount) = parcels_by_id
                .get(&row.parcel_id)
                .cloned()
                .unwrap_or_default();
            let parcel_status = Status::parse(&parcel_status).unwrap_or(Status::New);
            let outcome = Status::parse(&row.status).unwrap_or(Status::New);
            let (person_key, full_name) = people
                .get(&row.delivery_person_id.into())
                .cloned()
                .unwrap_or_default();
            UnappliedOutcomeView {
                key: row.key,
                parcel: UnappliedParcel {
                    key: parcel_key,
                    status: parcel_status,
                    status_label: parcel_status.label(),
                    recipient_name,
                    cod_amount,
                },
                delivery_person: UnappliedDeliveryPerson {
                    key: person_key,
                    full_name,
                },
                outcome,
                outcome_label: outcome.label(),
                comment: row.comment,
                date: row.date,
                had_proof: row.had_proof,
                recorded_at: row.recorded_at,
                received_at: row.received_at,
                reason: row.reason,
                cash_at_stake: row.cash_at_stake,
                state: if row.state == "open" {
                    UnappliedState::Open
                } else {
                    UnappliedState::Resolved
                },
                resolution: row.resolution.as_deref().and_then(Resolution::parse),
                resolution_comment: row.resolution_comment,
                resolved_by_name: row
                    .resolved_by
                    .and_then(|id| people.get(&id).map(|(_, name)| name.clone())),
                resolved_at: row.resolved_at,
                seen_at: row.seen_at,
            }
        })
        .collect())
}

fn one(conn: &mut DbConnection, scope: Scope, key: &str) -> AppResult<UnappliedRow> {
    let row: UnappliedRow = unapplied::table
        .filter(unapplied::key.eq(key.trim().to_uppercase()))
        .select(UnappliedRow::as_select())
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)?;
    match scope {
        Scope::Everyone => Ok(row),
        Scope::DeliveryPerson(id) if row.delivery_person_id == id => Ok(row),
        _ => Err(AppError::NotFound),
    }
}

fn view_of(conn: &mut DbConnection, id: i64) -> AppResult<UnappliedOutcomeView> {
    let row = unapplied::table
        .find(id)
        .select(UnappliedRow::as_select())
        .first(conn)
        .map_db_err()?;
    views(conn, vec![row])?.pop().ok_or(AppError::NotFound)
}

/// `PUT parcels/outcomes/unapplied/{key}`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ResolveInput {
    /// `apply` (the outcome is recorded now, if the parcel's status lets its delivery person
    /// record it), `cash_returned`
    /// (the delivery person brought the cash back) or `dismiss` (needs a comment).
    #[schema(value_type = Resolution, required = true)]
    pub resolution: Option<String>,
    /// Required to dismiss; at most 500 characters.
    #[schema(max_length = 500)]
    pub comment: Option<String>,
}

/// An admin resolves an open unapplied outcome (409 once resolved, or when applying it is not
/// allowed any more: nothing is then written).
pub fn resolve(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor_id: UserId,
    key: &str,
    input: &ResolveInput,
) -> AppResult<UnappliedOutcomeView> {
    let Some(resolution) = input
        .resolution
        .as_deref()
        .map(str::trim)
        .and_then(Resolution::parse)
    else {
        return Err(AppError::validation(
            "resolution",
            "Choisissez apply, cash_returned ou dismiss.",
        ));
    };
    let comment = input
        .comment
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    if comment.is_some_and(|c| c.chars().count() > 500) {
        return Err(AppError::validation("comment", "500 caractères au plus."));
    }
    if resolution == Resolution::Dismiss && comment.is_none() {
        return Err(AppError::validation(
            "comment",
            "Indiquez pourquoi ce résultat est écarté.",
        ));
    }
    immediate_transaction(conn, |conn| {
        let row = one(conn, Scope::Everyone, key)?;
        let now = time::now();
        // Conditional on `open`: of two admins resolving it at once, one wins, the other 409s.
        let claimed = diesel::update(
            unapplied::table
                .find(row.id)
                .filter(unapplied::state.eq("open")),
        )
        .set((
            unapplied::state.eq("resolved"),
            unapplied::resolution.eq(resolution.as_str()),
            unapplied::resolution_comment.eq(comment),
            unapplied::resolved_by.eq(actor_id),
            unapplied::resolved_at.eq(now),
        ))
        .execute(conn)
        .map_db_err()?;
        if claimed == 0 {
            return Err(AppError::Conflict("Ce résultat est déjà réglé.".to_owned()));
        }
        let parcel_row = parcels::table
            .find(row.parcel_id)
            .select(ParcelRow::as_select())
            .first(conn)
            .map_db_err()?;
        if resolution == Resolution::Apply {
            let to = Status::parse(&row.status).unwrap_or(Status::New);
            let written = comment
                .map(str::to_owned)
                .unwrap_or_else(|| "Résultat du livreur appliqué par le bureau.".to_owned());
            // As the delivery person's own move (the state machine as it allows him, never an
            // admin's forced move), with the office's words; dated when he recorded it unless
            // the parcel moved since.
            let recorded_at =
                Some(row.recorded_at).filter(|at| *at >= parcel_row.status_changed_at);
            apply(
                conn,
                stock,
                &parcel_row,
                Move {
                    to,
                    comment: Some(&written),
                    note: None,
                    date: row.date,
                    mover: Mover::DeliveryPerson,
                    actor_id: Some(actor_id),
                    delivery_person_id: Some(row.delivery_person_id),
                    recorded_at,
                },
            )?;
        }
        activities::record(
            conn,
            activities::NewActivity {
                user_id: Some(actor_id),
                action: "parcel.outcome_resolved",
                subject_type: Some("parcel"),
                subject_key: Some(&parcel_row.key),
                details: Some(serde_json::json!({
                    "status": row.status,
                    "resolution": resolution.as_str(),
                    "comment": comment,
                    "cash_at_stake": row.cash_at_stake,
                })),
            },
        )
        .map_db_err()?;
        view_of(conn, row.id)
    })
}

/// The delivery person marks one of his unapplied outcomes seen (it stays on record).
pub fn mark_seen(
    conn: &mut DbConnection,
    actor_id: UserId,
    key: &str,
) -> AppResult<UnappliedOutcomeView> {
    // The route admits delivery people only: the actor is one.
    let scope = Scope::DeliveryPerson(DeliveryPersonId::new(actor_id.get()));
    let row = one(conn, scope, key)?;
    if row.seen_at.is_none() {
        diesel::update(unapplied::table.find(row.id))
            .set(unapplied::seen_at.eq(time::now()))
            .execute(conn)
            .map_db_err()?;
    }
    view_of(conn, row.id)
}
