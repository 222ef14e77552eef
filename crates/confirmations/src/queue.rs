//! The agents' queue: the next parcel to call, leased to one agent, and the call's outcome.

use chrono::{Duration, NaiveDateTime};
use colivra_core::phone::{normalize_moroccan_phone, PHONE_MESSAGE};
use colivra_core::{
    time, AppError, AppResult, Centimes, FieldErrors, ParcelId, Role, Scope, UserId,
};
use colivra_db::schema::{confirmation_attempts, confirmation_queue as queue, parcels, users};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Timestamp};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use colivra_parcels::moves::{self, Move};
use colivra_parcels::note::{Note, NoteCode};
use colivra_parcels::parcel::{self, ParcelRow, ParcelView};
use colivra_parcels::recipients::{self, GivenUp};
use colivra_parcels::status::{Mover, Status};
use colivra_parcels::stock::StockHooks;

/// How long a parcel taken stays with its agent without a call recorded: past it, another
/// agent may take it (the first one's phone died, he went home).
pub const LEASE_MINUTES: i64 = 10;
/// How far ahead an agent may set the next call.
const RETRY_DAYS_MAX: i64 = 7;
/// How far an agent may change the cash to collect at confirmation (a recipient who agreed a
/// discount, a forgotten item), in percent of the merchant's amount either way; more is the
/// merchant's to change.
pub const AMOUNT_CHANGE_PERCENT: i64 = 20;

/// What a call ended in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ConfirmationOutcome {
    /// The recipient wants it: the parcel becomes new, ready for pickup.
    Confirmed,
    /// The recipient does not want it (the reason in `comment`): cancelled.
    Cancelled,
    /// Nobody answered: called again at `retry_at`, given up after the company's tries.
    NoAnswer,
    /// The number is not the recipient's: given up.
    WrongNumber,
}

impl ConfirmationOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            ConfirmationOutcome::Confirmed => "confirmed",
            ConfirmationOutcome::Cancelled => "cancelled",
            ConfirmationOutcome::NoAnswer => "no_answer",
            ConfirmationOutcome::WrongNumber => "wrong_number",
        }
    }

    pub fn parse(value: &str) -> Option<ConfirmationOutcome> {
        [
            ConfirmationOutcome::Confirmed,
            ConfirmationOutcome::Cancelled,
            ConfirmationOutcome::NoAnswer,
            ConfirmationOutcome::WrongNumber,
        ]
        .into_iter()
        .find(|o| o.as_str() == value)
    }
}

/// `PUT confirmations/{parcel}`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ConfirmationInput {
    #[schema(value_type = ConfirmationOutcome, required = true)]
    pub outcome: Option<ConfirmationOutcome>,
    /// No answer: when to call again, RFC 3339 (within 7 days; the company's delay when left
    /// out).
    #[schema(value_type = Option<String>, format = DateTime)]
    pub retry_at: Option<String>,
    /// A cancellation's reason (required then); a note otherwise.
    #[schema(max_length = 500)]
    pub comment: Option<String>,
    /// Confirmed: the recipient's phone, corrected.
    #[schema(schema_with = colivra_core::phone::optional_schema)]
    pub recipient_phone: Option<String>,
    /// Confirmed: the address, corrected.
    #[schema(min_length = 1, max_length = 255)]
    pub address: Option<String>,
    /// Confirmed: the cash to collect, corrected (centimes), within 20 % of the merchant's
    /// amount; the merchant reads it in the parcel's history.
    #[schema(minimum = 0)]
    pub cod_amount: Option<i64>,
}

/// One call recorded on a parcel.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CallView {
    pub outcome: ConfirmationOutcome,
    pub comment: Option<String>,
    /// The agent's name.
    pub agent: String,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub retry_at: Option<NaiveDateTime>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub at: NaiveDateTime,
}

/// A parcel an agent holds: what to say on the phone, and the calls before his.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ConfirmationTask {
    pub parcel: ParcelView,
    /// Unanswered calls so far.
    pub tries: i64,
    /// The company's tries before an order is given up.
    pub max_tries: i64,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub queued_at: NaiveDateTime,
    /// Until when this agent holds it without a call recorded.
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub leased_until: NaiveDateTime,
    /// The calls before, oldest first.
    pub calls: Vec<CallView>,
}

/// What recording a call leaves.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ConfirmationResult {
    pub outcome: ConfirmationOutcome,
    /// The parcel after the call (`new` confirmed, `cancelled`, still `to_confirm` to call
    /// again, or `new` back to its merchant).
    pub parcel: ParcelView,
    /// Unanswered calls, this one included.
    pub tries: i64,
    /// When it will be called again; null once decided.
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub retry_at: Option<NaiveDateTime>,
}

#[derive(QueryableByName)]
struct Found {
    #[diesel(sql_type = BigInt)]
    parcel_id: i64,
}

/// The open row this agent still holds, else the first callable one nobody holds; leased to
/// him for [`LEASE_MINUTES`]. PostgreSQL skips the rows another agent's transaction is taking
/// (`SKIP LOCKED`), SQLite runs one writer at a time: either way a row goes to one agent.
const CALLABLE: &str = "SELECT q.parcel_id FROM confirmation_queue q \
     WHERE q.closed_at IS NULL AND q.due_at <= $1 \
       AND (q.leased_until IS NULL OR q.leased_until < $1) \
     ORDER BY q.due_at, q.parcel_id LIMIT 1";

/// `POST confirmations/next`: the parcel this agent holds, or the next one to call (leased to
/// him); `None` when nothing is waiting.
pub fn next(conn: &mut DbConnection, agent_id: UserId) -> AppResult<Option<ConfirmationTask>> {
    let now = time::now();
    let leased_until = now + Duration::minutes(LEASE_MINUTES);
    let taken = immediate_transaction(conn, |conn| {
        let held: Option<ParcelId> = queue::table
            .filter(queue::agent_id.eq(agent_id))
            .filter(queue::closed_at.is_null())
            .filter(queue::leased_until.ge(now))
            .select(queue::parcel_id)
            .first(conn)
            .optional()
            .map_db_err()?;
        let parcel_id = match held {
            Some(id) => id,
            None => {
                let found: Option<Found> = match conn {
                    DbConnection::Pg(pg) => {
                        diesel::sql_query(format!("{CALLABLE} FOR UPDATE SKIP LOCKED"))
                            .bind::<Timestamp, _>(now)
                            .get_result(pg)
                            .optional()
                    }
                    DbConnection::Sqlite(lite) => diesel::sql_query(CALLABLE)
                        .bind::<Timestamp, _>(now)
                        .get_result(lite)
                        .optional(),
                }
                .map_db_err()?;
                let Some(found) = found else {
                    return Ok(None);
                };
                ParcelId::new(found.parcel_id)
            }
        };
        // Taking it (or keeping it: an agent asking again is still at work on it).
        diesel::update(queue::table.find(parcel_id))
            .set((
                queue::agent_id.eq(agent_id),
                queue::leased_until.eq(leased_until),
            ))
            .execute(conn)
            .map_db_err()?;
        Ok(Some(parcel_id))
    })?;
    match taken {
        Some(parcel_id) => task(conn, parcel_id).map(Some),
        None => Ok(None),
    }
}

/// The task an agent holds on `parcel_id`.
fn task(conn: &mut DbConnection, parcel_id: ParcelId) -> AppResult<ConfirmationTask> {
    let (tries, queued_at, leased_until): (i64, NaiveDateTime, Option<NaiveDateTime>) =
        queue::table
            .find(parcel_id)
            .select((queue::tries, queue::queued_at, queue::leased_until))
            .first(conn)
            .map_db_err()?;
    let row: ParcelRow = parcels::table
        .find(parcel_id)
        .select(ParcelRow::as_select())
        .first(conn)
        .map_db_err()?;
    let policy = recipients::policy(conn)?;
    let calls = calls_of(conn, parcel_id)?;
    Ok(ConfirmationTask {
        parcel: parcel::view(conn, Role::Admin, row)?,
        tries,
        max_tries: policy.confirmation_tries,
        queued_at,
        leased_until: leased_until.unwrap_or(queued_at),
        calls,
    })
}

/// A parcel's calls, oldest first.
pub fn calls_of(conn: &mut DbConnection, parcel_id: ParcelId) -> AppResult<Vec<CallView>> {
    type CallRow = (
        String,
        Option<String>,
        String,
        String,
        Option<NaiveDateTime>,
        NaiveDateTime,
    );
    let rows: Vec<CallRow> = confirmation_attempts::table
        .inner_join(users::table.on(users::id.eq(confirmation_attempts::agent_id)))
        .filter(confirmation_attempts::parcel_id.eq(parcel_id))
        .order(confirmation_attempts::id)
        .select((
            confirmation_attempts::outcome,
            confirmation_attempts::comment,
            users::first_name,
            users::last_name,
            confirmation_attempts::retry_at,
            confirmation_attempts::at,
        ))
        .load(conn)
        .map_db_err()?;
    Ok(rows
        .into_iter()
        .filter_map(|(outcome, comment, first, last, retry_at, at)| {
            Some(CallView {
                outcome: ConfirmationOutcome::parse(&outcome)?,
                comment,
                agent: format!("{first} {last}").trim().to_owned(),
                retry_at,
                at,
            })
        })
        .collect())
}

/// The input, checked: 422 naming each wrong field.
struct Checked {
    outcome: ConfirmationOutcome,
    retry_at: Option<NaiveDateTime>,
    comment: Option<String>,
    recipient_phone: Option<String>,
    address: Option<String>,
    cod_amount: Option<Centimes>,
}

fn check(input: &ConfirmationInput, now: NaiveDateTime) -> AppResult<Checked> {
    let mut errors = FieldErrors::new();
    let outcome = input.outcome;
    if outcome.is_none() {
        errors.add("outcome", "Indiquez le résultat de l'appel.");
    }
    let comment = errors.optional_text("comment", input.comment.as_deref(), 500);
    if outcome == Some(ConfirmationOutcome::Cancelled)
        && comment.is_none()
        && !errors.contains("comment")
    {
        errors.add("comment", "Indiquez la raison.");
    }
    let mut retry_at = None;
    if let Some(raw) = input.retry_at.as_deref().filter(|r| !r.trim().is_empty()) {
        match time::parse_rfc3339(raw) {
            None => {
                errors.add(
                    "retry_at",
                    "Date et heure au format RFC 3339 attendues (2026-12-01T14:05:00+01:00).",
                );
            }
            Some(at) if at <= now => {
                errors.add("retry_at", "Choisissez un moment à venir.");
            }
            Some(at) if at > now + Duration::days(RETRY_DAYS_MAX) => {
                errors.add("retry_at", "Dans les 7 jours au plus.");
            }
            Some(at) if outcome == Some(ConfirmationOutcome::NoAnswer) => retry_at = Some(at),
            Some(_) => {
                errors.add("retry_at", "Seulement pour « pas de réponse ».");
            }
        }
    }
    let corrects =
        input.recipient_phone.is_some() || input.address.is_some() || input.cod_amount.is_some();
    if corrects && outcome != Some(ConfirmationOutcome::Confirmed) {
        let field = if input.recipient_phone.is_some() {
            "recipient_phone"
        } else if input.address.is_some() {
            "address"
        } else {
            "cod_amount"
        };
        errors.add(field, "Une correction accompagne une confirmation.");
    }
    let recipient_phone = match input.recipient_phone.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => match normalize_moroccan_phone(raw) {
            Some(phone) => Some(phone),
            None => {
                errors.add("recipient_phone", PHONE_MESSAGE);
                None
            }
        },
    };
    let address = match input.address.as_deref().map(str::trim) {
        None => None,
        Some("") => {
            errors.add("address", "L'adresse ne peut pas être vide.");
            None
        }
        Some(a) if a.chars().count() > 255 => {
            errors.add("address", "255 caractères au plus.");
            None
        }
        Some(a) => Some(a.to_owned()),
    };
    errors.into_result()?;
    Ok(Checked {
        // Checked above.
        outcome: outcome.unwrap_or(ConfirmationOutcome::NoAnswer),
        retry_at,
        comment,
        recipient_phone,
        address,
        cod_amount: input.cod_amount.map(Centimes::new),
    })
}

/// 422 on `cod_amount` when it moves the merchant's amount by more than
/// [`AMOUNT_CHANGE_PERCENT`] (or below zero).
fn check_amount(row: &ParcelRow, amount: Option<Centimes>) -> AppResult<Option<Centimes>> {
    let Some(amount) = amount.filter(|a| *a != row.cod_amount) else {
        return Ok(None);
    };
    let base = row.cod_amount.get();
    let limit = base.abs() * AMOUNT_CHANGE_PERCENT / 100;
    if amount.get() < 0 || (amount.get() - base).abs() > limit {
        return Err(AppError::validation(
            "cod_amount",
            format!(
                "Entre {} et {} : au-delà, le marchand modifie le colis lui-même.",
                Centimes::new((base - limit).max(0)),
                Centimes::new(base + limit)
            ),
        ));
    }
    Ok(Some(amount))
}

/// The queue row as the call finds it.
#[derive(Queryable)]
struct Held {
    tries: i64,
    /// The agent holding it, whose lease may have run out (nobody else took it: his call
    /// counts).
    agent_id: Option<UserId>,
    queued_at: NaiveDateTime,
    closed_at: Option<NaiveDateTime>,
}

/// `PUT confirmations/{parcel}`: records the call of the agent holding the parcel. 409 when
/// another agent holds it, or it was decided (or left « à confirmer ») meanwhile; 404 when it
/// never was in the queue.
pub fn decide(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    agent_id: UserId,
    parcel_key: &str,
    input: &ConfirmationInput,
) -> AppResult<ConfirmationResult> {
    let now = time::now();
    let checked = check(input, now)?;
    immediate_transaction(conn, |conn| {
        let row = parcel::get(conn, Scope::Everyone, parcel_key)?;
        // Taking the row first: on PostgreSQL a second call on it waits here, then sees it
        // decided (or another agent's) and answers 409.
        let claimed = diesel::update(queue::table.find(row.id))
            .set(queue::parcel_id.eq(queue::parcel_id))
            .execute(conn)
            .map_db_err()?;
        if claimed == 0 {
            return Err(AppError::NotFound);
        }
        let held: Held = queue::table
            .find(row.id)
            .select((
                queue::tries,
                queue::agent_id,
                queue::queued_at,
                queue::closed_at,
            ))
            .first(conn)
            .map_db_err()?;
        if held.closed_at.is_some() || row.status() != Status::ToConfirm {
            return Err(AppError::Conflict(
                "Cette commande a déjà été traitée.".to_owned(),
            ));
        }
        if held.agent_id != Some(agent_id) {
            return Err(AppError::Conflict(
                "Un autre agent traite cette commande : prenez la suivante.".to_owned(),
            ));
        }
        let policy = recipients::policy(conn)?;
        let tries = held.tries + i64::from(checked.outcome == ConfirmationOutcome::NoAnswer);
        let given_up = match checked.outcome {
            ConfirmationOutcome::NoAnswer => tries >= policy.confirmation_tries,
            ConfirmationOutcome::WrongNumber => true,
            _ => false,
        };
        diesel::insert_into(confirmation_attempts::table)
            .values((
                confirmation_attempts::parcel_id.eq(row.id),
                confirmation_attempts::merchant_id.eq(row.merchant_id),
                confirmation_attempts::agent_id.eq(agent_id),
                confirmation_attempts::outcome.eq(checked.outcome.as_str()),
                confirmation_attempts::comment.eq(&checked.comment),
                confirmation_attempts::retry_at.eq(checked.retry_at),
                confirmation_attempts::queued_at.eq(held.queued_at),
                confirmation_attempts::at.eq(now),
            ))
            .execute(conn)
            .map_db_err()?;
        activities::record(
            conn,
            activities::NewActivity {
                user_id: Some(agent_id),
                action: "confirmation.recorded",
                subject_type: Some("parcel"),
                subject_key: Some(&row.key),
                details: Some(serde_json::json!({
                    "outcome": checked.outcome.as_str(),
                    "tries": tries,
                })),
            },
        )
        .map_db_err()?;
        let comment = checked.comment.as_deref();
        let mv = |to: Status, note: Option<Note>| Move {
            to,
            comment,
            note,
            date: None,
            mover: Mover::ConfirmationAgent,
            actor_id: Some(agent_id),
            delivery_person_id: None,
            recorded_at: None,
        };
        let mut retry_at = None;
        let moved = match checked.outcome {
            ConfirmationOutcome::Confirmed => {
                let row = correct(conn, agent_id, row, &checked)?;
                let row = moves::apply(
                    conn,
                    stock,
                    &row,
                    mv(Status::New, Some(Note::new(NoteCode::Confirmed))),
                )?;
                charge_fee(conn, &row)?
            }
            ConfirmationOutcome::Cancelled => {
                moves::apply(conn, stock, &row, mv(Status::Cancelled, None))?
            }
            _ if given_up => {
                let called = if checked.outcome == ConfirmationOutcome::WrongNumber {
                    Note::new(NoteCode::ConfirmationWrongNumber)
                } else {
                    Note::new(NoteCode::ConfirmationNoAnswer).with("tries", tries)
                };
                moves::annotate(conn, &row, &called, Some(agent_id))?;
                let note = Note::new(NoteCode::ConfirmationGivenUp).with("tries", tries.max(1));
                let to = match policy.confirmation_given_up {
                    GivenUp::Cancel => Status::Cancelled,
                    GivenUp::Merchant => Status::New,
                };
                let row = parcel::get(conn, Scope::Everyone, &row.key)?;
                moves::apply(conn, stock, &row, mv(to, Some(note)))?
            }
            _ => {
                // Unanswered: called again later; the agent's hold ends with his call.
                let at = checked
                    .retry_at
                    .unwrap_or(now + Duration::minutes(policy.confirmation_retry_minutes));
                retry_at = Some(at);
                diesel::update(queue::table.find(row.id))
                    .set((
                        queue::tries.eq(tries),
                        queue::due_at.eq(at),
                        queue::agent_id.eq(None::<UserId>),
                        queue::leased_until.eq(None::<NaiveDateTime>),
                    ))
                    .execute(conn)
                    .map_db_err()?;
                moves::annotate(
                    conn,
                    &row,
                    &Note::new(NoteCode::ConfirmationNoAnswer).with("tries", tries),
                    Some(agent_id),
                )?;
                parcel::get(conn, Scope::Everyone, &row.key)?
            }
        };
        if retry_at.is_none() {
            // Decided: the move closed the queue row; the count of calls stays on it.
            diesel::update(queue::table.find(moved.id))
                .set(queue::tries.eq(tries))
                .execute(conn)
                .map_db_err()?;
        }
        Ok(ConfirmationResult {
            outcome: checked.outcome,
            parcel: parcel::view(conn, Role::Admin, moved)?,
            tries,
            retry_at,
        })
    })
}

/// A confirmation's corrections of the cash to collect (within the limit), the recipient's
/// phone or address, written to the parcel (still « à confirmer ») with history notes its
/// merchant reads.
fn correct(
    conn: &mut DbConnection,
    agent_id: UserId,
    row: ParcelRow,
    checked: &Checked,
) -> AppResult<ParcelRow> {
    let amount = check_amount(&row, checked.cod_amount)?;
    if let Some(amount) = amount {
        diesel::update(
            parcels::table
                .find(row.id)
                .filter(parcels::status.eq(Status::ToConfirm.as_str())),
        )
        .set((
            parcels::cod_amount.eq(amount),
            parcels::updated_at.eq(time::now()),
        ))
        .execute(conn)
        .map_db_err()?;
        let note = Note::new(NoteCode::ConfirmationAmount)
            .with("old", row.cod_amount.to_string())
            .with("new", amount.to_string());
        moves::annotate(conn, &row, &note, Some(agent_id))?;
    }
    let row = parcel::get(conn, Scope::Everyone, &row.key)?;
    let phone = checked
        .recipient_phone
        .clone()
        .filter(|p| *p != row.recipient_phone);
    let address = checked.address.clone().filter(|a| *a != row.address);
    if phone.is_none() && address.is_none() {
        return Ok(row);
    }
    let (new_phone, new_address) = (
        phone.unwrap_or_else(|| row.recipient_phone.clone()),
        address.unwrap_or_else(|| row.address.clone()),
    );
    diesel::update(
        parcels::table
            .find(row.id)
            .filter(parcels::status.eq(Status::ToConfirm.as_str())),
    )
    .set((
        parcels::recipient_phone.eq(&new_phone),
        parcels::address.eq(&new_address),
        parcels::updated_at.eq(time::now()),
    ))
    .execute(conn)
    .map_db_err()?;
    let note = Note::new(NoteCode::ConfirmationCorrected)
        .with("address", new_address)
        .with("phone", new_phone);
    let row = parcel::get(conn, Scope::Everyone, &row.key)?;
    moves::annotate(conn, &row, &note, Some(agent_id))?;
    parcel::get(conn, Scope::Everyone, &row.key)
}

/// The merchant's price of a confirmation, added to the confirmed parcel's fees (every invoice,
/// balance and figure then carries it, with the TVA of the fees) and kept apart to show it.
fn charge_fee(conn: &mut DbConnection, row: &ParcelRow) -> AppResult<ParcelRow> {
    let fee: i64 = users::table
        .find(row.merchant_id)
        .select(users::confirmation_fee)
        .first(conn)
        .map_db_err()?;
    if fee <= 0 || row.confirmation_fee.get() > 0 {
        return Ok(row.clone());
    }
    let fee = Centimes::new(fee);
    diesel::update(parcels::table.find(row.id))
        .set((
            parcels::delivery_fee.eq(row.delivery_fee + fee),
            parcels::return_fee.eq(row.return_fee + fee),
            parcels::refusal_fee.eq(row.refusal_fee + fee),
            parcels::confirmation_fee.eq(fee),
        ))
        .execute(conn)
        .map_db_err()?;
    parcel::get(conn, Scope::Everyone, &row.key)
}
