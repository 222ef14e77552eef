//! Failed attempts decided (issue 40, « Fewer returns »). After « pas de réponse »,
//! « injoignable », « numéro erroné », « reporté » or a refusal at the door, the parcel waits for
//! a decision: its merchant's (`PUT parcels/{key}/decision`: another attempt on a date, a new
//! phone or address with it, or its return), its recipient's from the public tracking page with
//! the last four digits of his phone (another day, or he cancels), else the company's default
//! once the policy's delay has passed ([`apply_due_defaults`]: another attempt the next day; a
//! refusal goes back). Re-attempts are « programmé » on their date, so they are on the delivery
//! person's round that day.
//!
//! One open row per parcel in `parcel_decisions`. The state machine opens it ([`opening::open`], from
//! `moves::apply`, with a `parcel.decision_needed` webhook event) and drops it when the parcel
//! moves otherwise (`moves::record::write_move`); a decision claims the open row before it moves
//! the parcel, so two decisions at once leave one (the other: 409).

use chrono::{Duration, NaiveDate, NaiveDateTime};
use colivra_core::phone::normalize_moroccan_phone;
use colivra_core::{time, AppError, AppResult, FieldErrors, ParcelId, Role, Scope, UserId};
use colivra_db::schema::{parcel_decisions as decisions, parcels};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub(crate) mod opening;

pub use opening::needs_decision;

use crate::moves::{self, Move};
use crate::note::{Note, NoteCode};
use crate::parcel::{self, ParcelRow, ParcelView};
use crate::status::{Mover, Status};
use crate::stock::StockHooks;

/// How far ahead a re-attempt may be set.
const REATTEMPT_DAYS_MAX: i64 = 14;

/// What a merchant (or an admin) decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DecisionAction {
    /// Another attempt on `date` (tomorrow when left out).
    Reattempt,
    /// Another attempt with a new `recipient_phone` or `address` (the delivery person sees the
    /// change flagged).
    Update,
    /// Bring it back to the merchant.
    Return,
}

/// `PUT parcels/{key}/decision`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct DecisionInput {
    #[schema(value_type = DecisionAction, required = true)]
    pub action: Option<DecisionAction>,
    /// The re-attempt's day, `YYYY-MM-DD`: today to 14 days ahead (tomorrow when left out).
    #[schema(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "colivra_core::time::optional_day")]
    pub date: Option<NaiveDate>,
    #[schema(schema_with = colivra_core::phone::optional_schema)]
    pub recipient_phone: Option<String>,
    #[schema(min_length = 1, max_length = 255)]
    pub address: Option<String>,
    #[schema(max_length = 500)]
    pub comment: Option<String>,
}

/// What the recipient decides on the tracking page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RecipientAction {
    /// Delivered another day (`date`; tomorrow when left out).
    Reattempt,
    /// He no longer wants it.
    Cancel,
}

/// `POST tracking/{code}/decision`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct RecipientDecisionInput {
    /// The last four digits of the recipient's phone.
    #[schema(required = true, pattern = "^\\d{4}$")]
    pub phone_last4: Option<String>,
    #[schema(value_type = RecipientAction, required = true)]
    pub action: Option<RecipientAction>,
    /// `YYYY-MM-DD`, today to 14 days ahead.
    #[schema(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "colivra_core::time::optional_day")]
    pub date: Option<NaiveDate>,
    /// For the delivery person (a landmark, a time of day), at most 300 characters.
    #[schema(max_length = 300)]
    pub note: Option<String>,
}

/// An open decision as a parcel's reader sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OpenDecision {
    /// The outcome waiting for a decision.
    pub outcome: Status,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub opened_at: NaiveDateTime,
    /// When the company's default applies.
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub due_at: NaiveDateTime,
}

/// One parcel of `GET parcels/decisions`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DecisionView {
    pub parcel: ParcelView,
    pub decision: OpenDecision,
}

/// `GET parcels/decisions`: the caller's parcels waiting for a decision (the parcel list's view
/// `decisions`, with its filters, sorting and pages), each with its open decision.
pub fn list(
    conn: &mut DbConnection,
    scope: Scope,
    query: &colivra_core::ListQuery,
    filters: &crate::list::ParcelFilters,
    memory: &crate::list::ListMemory,
) -> AppResult<colivra_core::Paginated<DecisionView>> {
    let filters = crate::list::ParcelFilters {
        view: Some(crate::status::View::Decisions),
        ..filters.clone()
    };
    let page = crate::list::list(conn, scope, query, &filters, memory)?;
    let keys: Vec<String> = page.data.iter().map(|p| p.key.clone()).collect();
    let mut open = open_of(conn, &keys)?;
    // A parcel decided between the two statements is left out of the page.
    let data = page
        .data
        .into_iter()
        .filter_map(|parcel| {
            let decision = open.remove(&parcel.key)?;
            Some(DecisionView { parcel, decision })
        })
        .collect();
    Ok(colivra_core::Paginated {
        data,
        meta: page.meta,
    })
}

/// The open decisions of the parcels `parcel_keys`, by key.
pub fn open_of(
    conn: &mut DbConnection,
    parcel_keys: &[String],
) -> AppResult<std::collections::HashMap<String, OpenDecision>> {
    let rows: Vec<(String, String, NaiveDateTime, NaiveDateTime)> = decisions::table
        .inner_join(parcels::table)
        .filter(parcels::key.eq_any(parcel_keys))
        .filter(decisions::decided_at.is_null())
        .select((
            parcels::key,
            decisions::outcome,
            decisions::opened_at,
            decisions::due_at,
        ))
        .load(conn)
        .map_db_err()?;
    Ok(rows
        .into_iter()
        .filter_map(|(key, outcome, opened_at, due_at)| {
            Some((
                key,
                OpenDecision {
                    outcome: Status::parse(&outcome)?,
                    opened_at,
                    due_at,
                },
            ))
        })
        .collect())
}

/// Who decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    Merchant(UserId),
    Admin(UserId),
    Recipient,
    Default,
}

impl Source {
    fn as_str(self) -> &'static str {
        match self {
            Source::Merchant(_) => "merchant",
            Source::Admin(_) => "admin",
            Source::Recipient => "recipient",
            Source::Default => "default",
        }
    }

    fn actor(self) -> Option<UserId> {
        match self {
            Source::Merchant(id) | Source::Admin(id) => Some(id),
            Source::Recipient | Source::Default => None,
        }
    }
}

/// What a decision does to the parcel, checked.
struct Plan {
    action: &'static str,
    date: Option<NaiveDate>,
    comment: Option<String>,
    phone: Option<String>,
    address: Option<String>,
}

/// A re-attempt's day: today to [`REATTEMPT_DAYS_MAX`] days ahead, tomorrow when left out.
fn reattempt_day(errors: &mut FieldErrors, date: Option<NaiveDate>, today: NaiveDate) -> NaiveDate {
    let tomorrow = today + Duration::days(1);
    match date {
        None => tomorrow,
        Some(day) if day < today => {
            errors.add("date", "Choisissez aujourd'hui ou un jour à venir.");
            tomorrow
        }
        Some(day) if day > today + Duration::days(REATTEMPT_DAYS_MAX) => {
            errors.add("date", "Dans les 14 jours au plus.");
            tomorrow
        }
        Some(day) => day,
    }
}

/// New details come with `update` only: 422 on the field given.
fn details_only_with_update(
    errors: &mut FieldErrors,
    phone: &Option<String>,
    address: &Option<String>,
) {
    let field = match (phone, address) {
        (Some(_), _) => "recipient_phone",
        (None, Some(_)) => "address",
        (None, None) => return,
    };
    errors.add(field, "De nouvelles coordonnées vont avec « update ».");
}

fn plan_of(input: &DecisionInput, today: NaiveDate) -> AppResult<Plan> {
    let mut errors = FieldErrors::new();
    let comment = errors.optional_text("comment", input.comment.as_deref(), 500);
    let Some(action) = input.action else {
        errors.add(
            "action",
            "Choisissez : nouvelle tentative, nouvelles coordonnées ou retour.",
        );
        return Err(AppError::Validation(errors));
    };
    let phone = match input.recipient_phone.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => match normalize_moroccan_phone(raw) {
            Some(phone) => Some(phone),
            None => {
                errors.add("recipient_phone", colivra_core::phone::PHONE_MESSAGE);
                None
            }
        },
    };
    let address = match input.address.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(a) if a.chars().count() > 255 => {
            errors.add("address", "255 caractères au plus.");
            None
        }
        Some(a) => Some(a.to_owned()),
    };
    let plan = match action {
        DecisionAction::Reattempt | DecisionAction::Update => {
            if action == DecisionAction::Update
                && phone.is_none()
                && address.is_none()
                && !errors.contains("recipient_phone")
                && !errors.contains("address")
            {
                errors.add(
                    "address",
                    "Indiquez la nouvelle adresse ou le nouveau téléphone.",
                );
            }
            if action == DecisionAction::Reattempt {
                details_only_with_update(&mut errors, &phone, &address);
            }
            let date = reattempt_day(&mut errors, input.date, today);
            Plan {
                action: if action == DecisionAction::Update {
                    "update"
                } else {
                    "reattempt"
                },
                date: Some(date),
                comment,
                phone,
                address,
            }
        }
        DecisionAction::Return => {
            if input.date.is_some() {
                errors.add("date", "Un retour n'a pas de date.");
            }
            details_only_with_update(&mut errors, &phone, &address);
            Plan {
                action: "return",
                date: None,
                comment,
                phone: None,
                address: None,
            }
        }
    };
    errors.into_result()?;
    Ok(plan)
}

/// Claims the parcel's open decision for `source` (false when there is none any more: decided
/// meanwhile, or the parcel moved).
fn claim(
    conn: &mut DbConnection,
    row: &ParcelRow,
    source: Source,
    plan: &Plan,
    now: NaiveDateTime,
) -> AppResult<bool> {
    let claimed = diesel::update(
        decisions::table
            .filter(decisions::parcel_id.eq(row.id))
            .filter(decisions::decided_at.is_null()),
    )
    .set((
        decisions::decided_at.eq(now),
        decisions::source.eq(source.as_str()),
        decisions::decided_by.eq(source.actor()),
        decisions::action.eq(plan.action),
        decisions::date.eq(plan.date),
        decisions::comment.eq(&plan.comment),
    ))
    .execute(conn)
    .map_db_err()?;
    Ok(claimed > 0)
}

fn nothing_to_decide() -> AppError {
    AppError::Conflict("Ce colis n'attend plus de décision.".to_owned())
}

/// Carries the decision out on the parcel: a re-attempt « programmé » on its day (with the new
/// details flagged for the delivery person), a return (cancelled, to be brought back; a refused
/// parcel is on its way back already), the recipient's cancellation (refused).
fn carry_out(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    row: &ParcelRow,
    source: Source,
    plan: &Plan,
) -> AppResult<ParcelRow> {
    let move_to = |to: Status, note: NoteCode| Move {
        to,
        comment: plan.comment.as_deref(),
        note: Some(Note::new(note)),
        date: if to == Status::Scheduled {
            plan.date
        } else {
            None
        },
        mover: Mover::Decision,
        actor_id: source.actor(),
        delivery_person_id: None,
        recorded_at: None,
    };
    match plan.action {
        "reattempt" | "update" => {
            let note = match source {
                Source::Recipient => NoteCode::ReattemptByRecipient,
                Source::Default => NoteCode::ReattemptByDefault,
                Source::Merchant(_) | Source::Admin(_) => NoteCode::ReattemptRequested,
            };
            let moved = moves::apply(conn, stock, row, move_to(Status::Scheduled, note))?;
            if plan.phone.is_none() && plan.address.is_none() {
                return Ok(moved);
            }
            let input = moves::AddressInput {
                recipient_phone: plan.phone.clone(),
                address: plan.address.clone(),
                ..Default::default()
            };
            moves::change_address_of(conn, source.actor(), &moved, &input)?;
            parcel::get(conn, Scope::Everyone, &row.key)
        }
        // Refused: already to be brought back; the decision is on record, nothing moves.
        "return" if row.status() == Status::Refused => Ok(row.clone()),
        "return" => moves::apply(
            conn,
            stock,
            row,
            move_to(Status::Cancelled, NoteCode::ReturnRequested),
        ),
        _ => moves::apply(
            conn,
            stock,
            row,
            move_to(Status::Refused, NoteCode::CancelledByRecipient),
        ),
    }
}

/// `PUT parcels/{key}/decision`: the merchant's (or an admin's) decision on a failed attempt;
/// 409 when the parcel waits for none (decided meanwhile, or it moved on).
pub fn decide(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    actor: UserId,
    role: Role,
    scope: Scope,
    parcel_key: &str,
    input: &DecisionInput,
) -> AppResult<ParcelView> {
    let now = time::now();
    let plan = plan_of(input, now.date())?;
    let source = if role == Role::Admin {
        Source::Admin(actor)
    } else {
        Source::Merchant(actor)
    };
    immediate_transaction(conn, |conn| {
        let row = parcel::get(conn, scope, parcel_key)?;
        if !claim(conn, &row, source, &plan, now)? {
            return Err(nothing_to_decide());
        }
        let moved = carry_out(conn, stock, &row, source, &plan)?;
        activities::record(
            conn,
            activities::NewActivity {
                user_id: Some(actor),
                action: "parcel.decided",
                subject_type: Some("parcel"),
                subject_key: Some(&row.key),
                details: Some(serde_json::json!({"action": plan.action, "date": plan.date})),
            },
        )
        .map_db_err()?;
        parcel::view(conn, role, moved)
    })
}

/// Whether `last4` are the last four digits of the parcel's recipient's phone (or of his other
/// phone).
fn phone_matches(row: &ParcelRow, last4: &str) -> bool {
    [Some(&row.recipient_phone), row.recipient_phone_alt.as_ref()]
        .into_iter()
        .flatten()
        .any(|phone| phone.len() >= 4 && phone.ends_with(last4))
}

/// `POST tracking/{code}/decision`: the recipient's choice. A code that names no parcel and
/// digits that are not its recipient's answer alike (404), so the page tells nothing to
/// someone guessing; 409 when the parcel waits for no decision.
pub fn decide_as_recipient(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    code: &str,
    input: &RecipientDecisionInput,
) -> AppResult<crate::tracking::TrackingView> {
    let now = time::now();
    let mut errors = FieldErrors::new();
    let last4 = input
        .phone_last4
        .as_deref()
        .map(str::trim)
        .unwrap_or_default();
    if last4.len() != 4 || !last4.bytes().all(|b| b.is_ascii_digit()) {
        errors.add("phone_last4", "Les 4 derniers chiffres de votre téléphone.");
    }
    let note = errors.optional_text("note", input.note.as_deref(), 300);
    let plan = match input.action {
        None => {
            errors.add("action", "Choisissez : un autre jour ou annuler.");
            None
        }
        Some(RecipientAction::Reattempt) => Some(Plan {
            action: "reattempt",
            date: Some(reattempt_day(&mut errors, input.date, now.date())),
            comment: note,
            phone: None,
            address: None,
        }),
        Some(RecipientAction::Cancel) => Some(Plan {
            action: "cancel",
            date: None,
            comment: note,
            phone: None,
            address: None,
        }),
    };
    errors.into_result()?;
    let Some(plan) = plan else {
        return Err(AppError::validation(
            "action",
            "Choisissez : un autre jour ou annuler.",
        ));
    };
    let code = code.trim().to_uppercase();
    immediate_transaction(conn, |conn| {
        let row = match parcel::get(conn, Scope::Everyone, &code) {
            Ok(row) if phone_matches(&row, last4) => row,
            Ok(_) | Err(AppError::NotFound) => return Err(AppError::NotFound),
            Err(other) => return Err(other),
        };
        if !claim(conn, &row, Source::Recipient, &plan, now)? {
            return Err(nothing_to_decide());
        }
        carry_out(conn, stock, &row, Source::Recipient, &plan)?;
        activities::record(
            conn,
            activities::NewActivity {
                user_id: None,
                action: "parcel.decided_by_recipient",
                subject_type: Some("parcel"),
                subject_key: Some(&row.key),
                details: Some(serde_json::json!({"action": plan.action, "date": plan.date})),
            },
        )
        .map_db_err()?;
        crate::tracking::track(conn, &code)
    })
}

/// The company's default on the decisions due at `now`, each in its own transaction (a parcel
/// decided meanwhile is left alone): another attempt the next day, or, for a refusal, its
/// return. Returns how many were applied.
pub fn apply_due_defaults(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    now: NaiveDateTime,
) -> AppResult<usize> {
    let due: Vec<ParcelId> = decisions::table
        .filter(decisions::decided_at.is_null())
        .filter(decisions::due_at.le(now))
        .order(decisions::due_at)
        .select(decisions::parcel_id)
        .limit(500)
        .load(conn)
        .map_db_err()?;
    let mut applied = 0;
    for parcel_id in due {
        let done = immediate_transaction(conn, |conn| {
            let row: ParcelRow = parcels::table
                .find(parcel_id)
                .select(ParcelRow::as_select())
                .first(conn)
                .map_db_err()?;
            let plan = Plan {
                action: if row.status() == Status::Refused {
                    "return"
                } else {
                    "reattempt"
                },
                // Postponed: the day the recipient asked for, when still ahead.
                date: (row.status() != Status::Refused).then(|| {
                    let tomorrow = now.date() + Duration::days(1);
                    row.postponed_to
                        .filter(|day| *day >= tomorrow)
                        .unwrap_or(tomorrow)
                }),
                comment: None,
                phone: None,
                address: None,
            };
            if !claim(conn, &row, Source::Default, &plan, now)? {
                return Ok(false);
            }
            carry_out(conn, stock, &row, Source::Default, &plan)?;
            Ok(true)
        });
        match done {
            Ok(true) => applied += 1,
            Ok(false) => {}
            // A parcel that cannot take the default (an invoice took it meanwhile): the next
            // ones still get theirs.
            Err(AppError::Conflict(_)) => {}
            Err(other) => return Err(other),
        }
    }
    Ok(applied)
}

/// [`apply_due_defaults`] at most once a minute per process (the server's periodic task).
pub fn apply_due_defaults_if_due(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
) -> AppResult<usize> {
    use std::sync::Mutex;
    use std::time::Instant;
    static LAST: Mutex<Option<Instant>> = Mutex::new(None);
    {
        let mut last = LAST.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if last.is_some_and(|at| at.elapsed() < std::time::Duration::from_secs(60)) {
            return Ok(0);
        }
        *last = Some(Instant::now());
    }
    apply_due_defaults(conn, stock, time::now())
}
