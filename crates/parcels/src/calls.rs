//! Attempts that can be checked: the calls a delivery person places from his round, whether a
//! failed attempt followed one, where the phone was when an outcome was recorded, and per
//! delivery person the share of failed attempts recorded without a call.

use chrono::{Duration, NaiveDateTime};
use colivra_core::time::{self, Days, Period};
use colivra_core::{AppError, AppResult, FieldErrors, ParcelId, Scope, UserId};
use colivra_db::schema::{parcel_calls, parcel_states};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamp};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::parcel;
use crate::proof::{CheckedPosition, PositionInput};
use crate::status::Status;

/// A failed attempt counts as checked when the delivery person called within this time before
/// recording it.
pub const CALL_WINDOW_MINUTES: i64 = 15;
/// A call placed just after the outcome was tapped (the phone's clock, the dialer opening late)
/// still counts.
const CALL_GRACE: Duration = Duration::minutes(1);
/// How far ahead of the server's clock a phone's may run.
const AHEAD: Duration = Duration::minutes(5);
/// How old a call may reach the server (as an outcome: a phone offline over a long weekend).
const OLDEST_HOURS: i64 = 72;
/// The longest call kept, in seconds.
pub const MAX_CALL_SECONDS: i64 = 7200;
/// The longest reason for recording a failed attempt without a call.
pub const MAX_REASON_CHARS: usize = 300;

/// `POST parcels/{key}/calls`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ParcelCallInput {
    /// When he placed the call, RFC 3339: at most 5 minutes ahead of the server's clock, at
    /// most 72 hours ago.
    #[schema(value_type = String, format = DateTime, required = true)]
    pub started_at: Option<String>,
    /// How long it lasted, when the phone can tell (0 to 7,200).
    #[schema(minimum = 0, maximum = 7200)]
    pub duration_seconds: Option<i64>,
}

/// A call as kept.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ParcelCallView {
    /// The parcel's tracking code.
    pub parcel: String,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub started_at: NaiveDateTime,
    pub duration_seconds: Option<i32>,
}

/// Keeps a call the delivery person placed to the recipient of a parcel he holds: 404 outside
/// his parcels, 409 once it left his round, 422 on a time or duration out of bounds.
pub fn record(
    conn: &mut DbConnection,
    actor_id: UserId,
    scope: Scope,
    parcel_key: &str,
    input: &ParcelCallInput,
) -> AppResult<ParcelCallView> {
    let now = time::now();
    let mut errors = FieldErrors::new();
    let started_at = match input.started_at.as_deref().map(str::trim) {
        None | Some("") => {
            errors.add("started_at", "Indiquez l'heure de l'appel.");
            None
        }
        Some(raw) => match time::parse_rfc3339(raw) {
            None => {
                errors.add(
                    "started_at",
                    "Date et heure au format RFC 3339 attendues (2026-12-01T14:05:00+01:00).",
                );
                None
            }
            Some(at) if at > now + AHEAD => {
                errors.add(
                    "started_at",
                    "L'heure de l'appel est dans le futur : vérifiez l'heure du téléphone.",
                );
                None
            }
            Some(at) if at < now - Duration::hours(OLDEST_HOURS) => {
                errors.add("started_at", "Appel de plus de 72 heures.");
                None
            }
            Some(at) => Some(at.min(now)),
        },
    };
    let duration = match input.duration_seconds {
        Some(seconds) if !(0..=MAX_CALL_SECONDS).contains(&seconds) => {
            errors.add("duration_seconds", "Une durée de 0 à 7 200 secondes.");
            None
        }
        other => other.map(|s| s as i32),
    };
    errors.into_result()?;
    let started_at = started_at.unwrap_or(now);
    let row = parcel::get(conn, scope, parcel_key)?;
    if !row.status().is_with_delivery_person() {
        return Err(AppError::Conflict(
            "Ce colis n'est plus dans votre tournée.".into(),
        ));
    }
    diesel::insert_into(parcel_calls::table)
        .values((
            parcel_calls::parcel_id.eq(row.id),
            parcel_calls::user_id.eq(actor_id),
            parcel_calls::started_at.eq(started_at),
            parcel_calls::duration_seconds.eq(duration),
            parcel_calls::created_at.eq(now),
        ))
        .execute(conn)
        .map_db_err()?;
    Ok(ParcelCallView {
        parcel: row.key,
        started_at,
        duration_seconds: duration,
    })
}

/// Whether `user_id` called about the parcel in the [`CALL_WINDOW_MINUTES`] before `at`.
pub fn called_before(
    conn: &mut DbConnection,
    parcel_id: ParcelId,
    user_id: UserId,
    at: NaiveDateTime,
) -> AppResult<bool> {
    let first: Option<i64> = parcel_calls::table
        .filter(parcel_calls::parcel_id.eq(parcel_id))
        .filter(parcel_calls::user_id.eq(user_id))
        .filter(parcel_calls::started_at.ge(at - Duration::minutes(CALL_WINDOW_MINUTES)))
        .filter(parcel_calls::started_at.le(at + CALL_GRACE))
        .select(parcel_calls::id)
        .first(conn)
        .optional()
        .map_db_err()?;
    Ok(first.is_some())
}

/// What an outcome keeps beside its history row: where the phone was, and for a failed attempt
/// recorded by a delivery person whether he called first, or why not.
#[derive(Debug, Clone, Default)]
pub struct AttemptFacts {
    pub position: Option<CheckedPosition>,
    pub called: Option<bool>,
    pub no_call_reason: Option<String>,
}

impl AttemptFacts {
    /// The facts of an outcome: its position checked (422 under `position.*`), and when
    /// `check_call` (a delivery person's failed attempt) the call before `at`, else a reason
    /// (422 on `no_call_reason` without either).
    pub fn of(
        conn: &mut DbConnection,
        position: Option<&PositionInput>,
        reason: Option<&str>,
        check_call: Option<(ParcelId, UserId, NaiveDateTime)>,
    ) -> AppResult<Self> {
        let mut errors = FieldErrors::new();
        let position = position.and_then(|p| p.checked("position", &mut errors));
        let reason = reason
            .map(|r| r.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|r| !r.is_empty());
        if reason
            .as_ref()
            .is_some_and(|r| r.chars().count() > MAX_REASON_CHARS)
        {
            errors.add("no_call_reason", "300 caractères au plus.");
        }
        errors.into_result()?;
        let called = match check_call {
            Some((parcel_id, user_id, at)) => {
                let called = called_before(conn, parcel_id, user_id, at)?;
                if !called && reason.is_none() {
                    return Err(AppError::validation(
                        "no_call_reason",
                        "Appelez le destinataire depuis la tournée avant d'enregistrer cet échec, \
                         ou dites pourquoi vous n'avez pas pu.",
                    ));
                }
                Some(called)
            }
            None => None,
        };
        Ok(Self {
            position,
            called,
            // A reason is kept only where it explains a missing call.
            no_call_reason: reason.filter(|_| called == Some(false)),
        })
    }

    fn is_empty(&self) -> bool {
        self.position.is_none() && self.called.is_none()
    }

    /// Writes the facts on the newest history row of `status` for the parcel (the outcome the
    /// caller just recorded, in its transaction).
    pub fn keep(
        &self,
        conn: &mut DbConnection,
        parcel_id: ParcelId,
        status: Status,
    ) -> AppResult<()> {
        if self.is_empty() {
            return Ok(());
        }
        let newest: i64 = parcel_states::table
            .filter(parcel_states::parcel_id.eq(parcel_id))
            .filter(parcel_states::status.eq(status.as_str()))
            .select(diesel::dsl::max(parcel_states::id))
            .first::<Option<i64>>(conn)
            .map_db_err()?
            .ok_or(AppError::NotFound)?;
        diesel::update(parcel_states::table.find(newest))
            .set((
                parcel_states::latitude_e6.eq(self.position.map(|p| p.0)),
                parcel_states::longitude_e6.eq(self.position.map(|p| p.1)),
                parcel_states::accuracy_m.eq(self.position.and_then(|p| p.2)),
                parcel_states::called.eq(self.called),
                parcel_states::no_call_reason.eq(&self.no_call_reason),
            ))
            .execute(conn)
            .map_db_err()?;
        Ok(())
    }
}

/// One delivery person's failed attempts of the period and how many had no call before them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CallCheckRow {
    /// The delivery person's key.
    pub key: String,
    pub name: String,
    /// « Pas de réponse », « injoignable » and « numéro erroné » he recorded.
    pub failed_attempts: i64,
    /// Of which without a call from the round in the 15 minutes before.
    pub without_call: i64,
    /// `without_call` in percent of `failed_attempts`, rounded down.
    pub without_call_percent: i64,
    /// Calls he placed from his round in the period.
    pub calls: i64,
}

/// `GET delivery-admins/calls`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CallChecks {
    #[schema(value_type = String, format = Date)]
    pub from: chrono::NaiveDate,
    #[schema(value_type = String, format = Date)]
    pub to: chrono::NaiveDate,
    /// Most failed attempts without a call first.
    pub rows: Vec<CallCheckRow>,
}

#[derive(QueryableByName)]
struct CheckRow {
    #[diesel(sql_type = Text)]
    key: String,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = BigInt)]
    failed_attempts: i64,
    #[diesel(sql_type = BigInt)]
    without_call: i64,
    #[diesel(sql_type = BigInt)]
    calls: i64,
}

// The failed attempts a delivery person recorded carry `called` (true or false); the others
// leave it null, so the partial index holds only the rows this reads.
const CHECKS: &str = "SELECT u.key AS key, u.first_name || ' ' || u.last_name AS name, \
        CAST(COUNT(*) AS BIGINT) AS failed_attempts, \
        CAST(COALESCE(SUM(CASE WHEN s.called THEN 0 ELSE 1 END), 0) AS BIGINT) AS without_call, \
        CAST((SELECT COUNT(*) FROM parcel_calls c WHERE c.user_id = u.id \
              AND c.started_at >= $1 AND c.started_at < $2) AS BIGINT) AS calls \
     FROM parcel_states s JOIN users u ON u.id = s.user_id \
     WHERE s.called IS NOT NULL AND s.created_at >= $1 AND s.created_at < $2 \
     GROUP BY u.id, u.key, u.first_name, u.last_name \
     ORDER BY without_call DESC, failed_attempts DESC, u.key";

/// Per delivery person, the failed attempts of the period and the share without a call (422
/// when the period ends before it starts).
pub fn call_checks(conn: &mut DbConnection, period: &Period) -> AppResult<CallChecks> {
    let Days {
        from,
        to,
        start,
        end,
    } = period.days(time::now().date())?;
    // SQLite reads `$1` as a named parameter: each use of it takes the first value bound.
    macro_rules! load {
        ($conn:expr) => {
            diesel::sql_query(CHECKS)
                .bind::<Timestamp, _>(start)
                .bind::<Timestamp, _>(end)
                .load($conn)
        };
    }
    let rows: Vec<CheckRow> = match conn {
        DbConnection::Pg(pg) => load!(pg),
        DbConnection::Sqlite(lite) => load!(lite),
    }
    .map_db_err()?;
    Ok(CallChecks {
        from,
        to,
        rows: rows
            .into_iter()
            .map(|row| CallCheckRow {
                without_call_percent: if row.failed_attempts > 0 {
                    row.without_call * 100 / row.failed_attempts
                } else {
                    0
                },
                key: row.key,
                name: row.name,
                failed_attempts: row.failed_attempts,
                without_call: row.without_call,
                calls: row.calls,
            })
            .collect(),
    })
}
