//! Each recipient's history across every merchant (issue 40, « Fewer returns »): by normalised
//! phone, the parcels delivered, the parcels failed (refused at the door or after the attempt
//! limit, or cancelled after a failed attempt) and the failed attempts, with a band the company's
//! thresholds give (« fiable », « à confirmer », « risqué ») and what creation does in each band.
//!
//! The counts are kept by a trigger on `parcels` (migration `000039_recipient_history`): every
//! change of a parcel's outcome, attempts or phone appends what it adds and takes away, so they
//! are exact at every commit, undo and cancellation included. A merchant sees counts only: never
//! another merchant's name or parcels (docs/decisions.md, « Recipient history »).

use std::collections::HashMap;

use chrono::{Duration, NaiveDateTime};
use colivra_core::phone::{normalize_moroccan_phone, PHONE_MESSAGE};
use colivra_core::{AppError, AppResult, FieldErrors, Scope, UserId};
use colivra_db::raw::{self, SqlParam};
use colivra_db::schema::recipient_history_entries;
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The setting the company's policy is kept under (JSON).
const SETTING: &str = "recipient_policy";

/// How much a recipient's past says about the next parcel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Band {
    /// « Fiable »: no failure worth a call (a recipient never seen is here too).
    Reliable,
    /// « À confirmer »: failures enough to call before sending.
    ToConfirm,
    /// « Risqué »: refuses more often than the company accepts.
    Risky,
}

impl Band {
    pub fn as_str(self) -> &'static str {
        match self {
            Band::Reliable => "reliable",
            Band::ToConfirm => "to_confirm",
            Band::Risky => "risky",
        }
    }
}

/// What creating a parcel for a recipient of a band does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BandAction {
    /// Created; the form, the import preview and the lists show the band.
    Warn,
    /// Not created: 422 naming the phone.
    Refuse,
    /// Created « à confirmer »: the company's agents call the recipient before pickup.
    Confirm,
}

/// The company's thresholds and actions (`GET`/`PUT settings/recipients`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct RecipientPolicy {
    /// Failed parcels, in percent of those that ended (delivered or failed), from which a
    /// recipient is « à confirmer » (with at least one failure).
    #[schema(minimum = 1, maximum = 100)]
    pub to_confirm_percent: i64,
    /// The same share from which he is « risqué » (at least `to_confirm_percent`) …
    #[schema(minimum = 1, maximum = 100)]
    pub risky_percent: i64,
    /// … once he has failed at least this many parcels.
    #[schema(minimum = 1, maximum = 1000)]
    pub risky_min_failed: i64,
    pub to_confirm_action: BandAction,
    pub risky_action: BandAction,
    /// The history counts the outcomes of these last months only.
    #[schema(minimum = 1, maximum = 60)]
    pub months_kept: i64,
    /// Confirmation before pickup: the unanswered calls after which an order is given up.
    #[serde(default = "default_confirmation_tries")]
    #[schema(minimum = 1, maximum = 10)]
    pub confirmation_tries: i64,
    /// What an order given up (calls unanswered, wrong number) becomes.
    #[serde(default)]
    pub confirmation_given_up: GivenUp,
    /// When an agent gives no time, an unanswered call is tried again after these minutes.
    #[serde(default = "default_confirmation_retry_minutes")]
    #[schema(minimum = 5, maximum = 2880)]
    pub confirmation_retry_minutes: i64,
    /// After a failed attempt, the hours the merchant and the recipient have to decide before
    /// the company's default applies (another attempt the next day; a refusal goes back).
    #[serde(default = "default_decision_delay_hours")]
    #[schema(minimum = 1, maximum = 168)]
    pub decision_delay_hours: i64,
}

/// What happens to an order the agents could not confirm.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GivenUp {
    /// Cancelled (nothing was picked up: no fee).
    #[default]
    Cancel,
    /// Back to the merchant as a new parcel: he calls, corrects or cancels it himself.
    Merchant,
}

fn default_confirmation_tries() -> i64 {
    3
}

fn default_confirmation_retry_minutes() -> i64 {
    120
}

fn default_decision_delay_hours() -> i64 {
    24
}

impl Default for RecipientPolicy {
    fn default() -> Self {
        RecipientPolicy {
            to_confirm_percent: 25,
            risky_percent: 50,
            risky_min_failed: 2,
            to_confirm_action: BandAction::Warn,
            risky_action: BandAction::Warn,
            months_kept: 12,
            confirmation_tries: default_confirmation_tries(),
            confirmation_given_up: GivenUp::Cancel,
            confirmation_retry_minutes: default_confirmation_retry_minutes(),
            decision_delay_hours: default_decision_delay_hours(),
        }
    }
}

impl RecipientPolicy {
    /// The band of a recipient with these counts.
    pub fn band(&self, delivered: i64, failed: i64) -> Band {
        let ended = delivered + failed;
        if failed <= 0 || ended <= 0 {
            return Band::Reliable;
        }
        let share = failed * 100 / ended;
        if failed >= self.risky_min_failed && share >= self.risky_percent {
            Band::Risky
        } else if share >= self.to_confirm_percent {
            Band::ToConfirm
        } else {
            Band::Reliable
        }
    }

    pub fn action(&self, band: Band) -> Option<BandAction> {
        match band {
            Band::Reliable => None,
            Band::ToConfirm => Some(self.to_confirm_action),
            Band::Risky => Some(self.risky_action),
        }
    }

    fn check(&self) -> AppResult<()> {
        let mut errors = FieldErrors::new();
        let mut within = |field: &str, value: i64, low: i64, high: i64| {
            if !(low..=high).contains(&value) {
                errors.add(field, format!("Entre {} et {}.", low, high));
            }
        };
        within("to_confirm_percent", self.to_confirm_percent, 1, 100);
        within("risky_percent", self.risky_percent, 1, 100);
        within("risky_min_failed", self.risky_min_failed, 1, 1000);
        within("months_kept", self.months_kept, 1, 60);
        within("confirmation_tries", self.confirmation_tries, 1, 10);
        within(
            "confirmation_retry_minutes",
            self.confirmation_retry_minutes,
            5,
            2880,
        );
        within("decision_delay_hours", self.decision_delay_hours, 1, 168);
        if self.risky_percent < self.to_confirm_percent && !errors.contains("risky_percent") {
            errors.add(
                "risky_percent",
                "Au moins le seuil « à confirmer » : un destinataire risqué est d'abord à confirmer.",
            );
        }
        errors.into_result()
    }
}

/// A recipient's counts and band, as a parcel view carries them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct RecipientHistorySummary {
    pub delivered: i64,
    /// Parcels refused (at the door or after the attempt limit) or cancelled after a failed
    /// attempt.
    pub failed: i64,
    pub band: Band,
}

/// `GET recipients/{phone}/history`: counts only, whoever's parcels they come from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct RecipientHistoryView {
    /// The phone, normalised (`0612345678`).
    pub phone: String,
    pub delivered: i64,
    pub failed: i64,
    /// Failed attempts (no answer, unreachable, wrong number), on any parcel.
    pub unreached: i64,
    pub band: Band,
    /// What creating a parcel for him does now: null when nothing (« fiable »).
    pub action: Option<BandAction>,
    /// The months the counts cover.
    pub months: i64,
    /// The caller's own parcels to this phone, newest first (at most 20): a merchant's, or
    /// every merchant's for an admin. Never another merchant's for a merchant.
    pub parcels: Vec<RecipientParcel>,
}

/// One of the caller's parcels to a recipient, to open it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct RecipientParcel {
    /// The tracking code.
    pub key: String,
    pub status: crate::status::Status,
    pub status_label: &'static str,
    #[serde(serialize_with = "colivra_core::time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

/// The newest parcels of `scope` to `phone`.
fn parcels_of(
    conn: &mut DbConnection,
    scope: Scope,
    phone: &str,
) -> AppResult<Vec<RecipientParcel>> {
    use colivra_db::schema::parcels;
    let mut query = parcels::table
        .filter(parcels::recipient_phone.eq(phone))
        .select((parcels::key, parcels::status, parcels::created_at))
        .order(parcels::id.desc())
        .limit(20)
        .into_boxed();
    match scope {
        Scope::Merchant(id) => query = query.filter(parcels::merchant_id.eq(id)),
        Scope::DeliveryPerson(id) => query = query.filter(parcels::delivery_person_id.eq(id)),
        Scope::Everyone => {}
    }
    let rows: Vec<(String, String, NaiveDateTime)> = query.load(conn).map_db_err()?;
    Ok(rows
        .into_iter()
        .filter_map(|(key, status, created_at)| {
            let status = crate::status::Status::parse(&status)?;
            Some(RecipientParcel {
                key,
                status,
                status_label: status.label(),
                created_at,
            })
        })
        .collect())
}

#[derive(Debug, Clone, QueryableByName)]
struct Counts {
    #[diesel(sql_type = Text)]
    phone: String,
    #[diesel(sql_type = BigInt)]
    delivered: i64,
    #[diesel(sql_type = BigInt)]
    failed: i64,
    #[diesel(sql_type = BigInt)]
    unreached: i64,
    /// The policy's JSON, on the one row that carries it (`phone` empty).
    #[diesel(sql_type = Nullable<Text>)]
    policy: Option<String>,
}

fn parse_policy(stored: Option<String>) -> RecipientPolicy {
    stored
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_default()
}

/// The company's policy (the defaults until an admin saves one).
pub fn policy(conn: &mut DbConnection) -> AppResult<RecipientPolicy> {
    Ok(parse_policy(
        colivra_db::settings::get(conn, SETTING).map_db_err()?,
    ))
}

/// Saves the policy; the activity names each value that changed.
pub fn update_policy(
    conn: &mut DbConnection,
    actor_id: UserId,
    new: &RecipientPolicy,
) -> AppResult<RecipientPolicy> {
    new.check()?;
    let json = serde_json::to_value(new).map_err(AppError::internal)?;
    let unset = serde_json::to_value(RecipientPolicy::default()).map_err(AppError::internal)?;
    immediate_transaction(conn, |conn| {
        colivra_db::settings::replace_recorded(
            conn,
            colivra_db::settings::RecordedChange {
                name: SETTING,
                new: &json,
                unset,
                actor_id,
                action: "settings.recipients_updated",
                subject_key: "recipients",
            },
        )
        .map_db_err()?;
        Ok(new.clone())
    })
}

/// A recipient's counts, never below zero (an entry pruned before the one that undid it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Tally {
    delivered: i64,
    failed: i64,
    unreached: i64,
}

/// The policy and the counts of `phones` (normalised; those without history left out), in one
/// statement through the phone index: a list page or a creation pays one round trip for both.
/// The phones go as one JSON array, so that the statement's text is the same for any number of
/// them and stays prepared.
fn counts(
    conn: &mut DbConnection,
    phones: &[&str],
) -> AppResult<(RecipientPolicy, HashMap<String, Tally>)> {
    // The same statement on both backends but for how the array is read.
    macro_rules! counts_where_phone {
        () => {
            "SELECT phone, CAST(SUM(delivered) AS BIGINT) AS delivered, \
             CAST(SUM(failed) AS BIGINT) AS failed, CAST(SUM(unreached) AS BIGINT) AS unreached, \
             CAST(NULL AS TEXT) AS policy FROM recipient_history_entries WHERE phone "
        };
    }
    macro_rules! then_the_policy {
        () => {
            " GROUP BY phone UNION ALL SELECT '' AS phone, CAST(0 AS BIGINT) AS delivered, \
             CAST(0 AS BIGINT) AS failed, CAST(0 AS BIGINT) AS unreached, value AS policy \
             FROM settings WHERE name = 'recipient_policy'"
        };
    }
    const POSTGRES: [&str; 2] = [
        concat!(
            counts_where_phone!(),
            "= ANY(ARRAY(SELECT jsonb_array_elements_text(CAST("
        ),
        concat!(" AS JSONB))))", then_the_policy!()),
    ];
    const SQLITE: [&str; 2] = [
        concat!(counts_where_phone!(), "IN (SELECT value FROM json_each("),
        concat!("))", then_the_policy!()),
    ];
    let listed = serde_json::to_string(phones).map_err(AppError::internal)?;
    let rows: Vec<Counts> =
        raw::load_kept(conn, (&POSTGRES, &SQLITE), &[SqlParam::Text(listed)]).map_db_err()?;
    let mut found = HashMap::new();
    let mut stored = None;
    for row in rows {
        if row.phone.is_empty() {
            stored = row.policy;
            continue;
        }
        found.insert(
            row.phone,
            Tally {
                delivered: row.delivered.max(0),
                failed: row.failed.max(0),
                unreached: row.unreached.max(0),
            },
        );
    }
    Ok((parse_policy(stored), found))
}

/// The recipients of some parcels: the company's policy and each one's summary, read in one
/// statement.
pub struct Recipients {
    pub policy: RecipientPolicy,
    summaries: HashMap<String, RecipientHistorySummary>,
}

impl Recipients {
    /// The recipients of `phones` (normalised).
    pub fn load(conn: &mut DbConnection, phones: &[&str]) -> AppResult<Recipients> {
        let mut wanted: Vec<&str> = phones.to_vec();
        wanted.sort_unstable();
        wanted.dedup();
        let (policy, found) = counts(conn, &wanted)?;
        let summaries = found
            .into_iter()
            .map(|(phone, tally)| {
                let summary = RecipientHistorySummary {
                    delivered: tally.delivered,
                    failed: tally.failed,
                    band: policy.band(tally.delivered, tally.failed),
                };
                (phone, summary)
            })
            .collect();
        Ok(Recipients { policy, summaries })
    }

    /// The summary of `phone` (no history: zeros, reliable).
    pub fn summary(&self, phone: &str) -> RecipientHistorySummary {
        self.summaries
            .get(phone)
            .copied()
            .unwrap_or(RecipientHistorySummary {
                delivered: 0,
                failed: 0,
                band: Band::Reliable,
            })
    }

    /// Whether the policy sends parcels to `phone` to the confirmation agents first.
    pub fn needs_confirmation(&self, phone: &str) -> bool {
        self.policy.action(self.summary(phone).band) == Some(BandAction::Confirm)
    }

    /// The message of the policy's refusal of `phone` (for the field `recipient_phone`), if it
    /// refuses him.
    pub fn refusal(&self, phone: &str) -> Option<String> {
        let band = self.summary(phone).band;
        (self.policy.action(band) == Some(BandAction::Refuse)).then(|| refusal_message(phone, band))
    }
}

/// `GET recipients/{phone}/history`: 422 when the phone is not a Moroccan number.
pub fn history(
    conn: &mut DbConnection,
    scope: Scope,
    phone: &str,
) -> AppResult<RecipientHistoryView> {
    let Some(phone) = normalize_moroccan_phone(phone) else {
        return Err(AppError::validation("phone", PHONE_MESSAGE));
    };
    let (policy, found) = counts(conn, &[&phone])?;
    let tally = found.get(&phone).copied().unwrap_or_default();
    let band = policy.band(tally.delivered, tally.failed);
    let parcels = parcels_of(conn, scope, &phone)?;
    Ok(RecipientHistoryView {
        phone,
        delivered: tally.delivered,
        failed: tally.failed,
        unreached: tally.unreached,
        band,
        action: policy.action(band),
        months: policy.months_kept,
        parcels,
    })
}

/// Deletes the entries older than the policy's months (their parcels' outcomes count no more):
/// once an hour per process, from the server's figures task.
pub fn prune_if_due(conn: &mut DbConnection) -> AppResult<()> {
    use std::sync::Mutex;
    use std::time::Instant;
    static LAST: Mutex<Option<Instant>> = Mutex::new(None);
    {
        let mut last = LAST.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if last.is_some_and(|at| at.elapsed() < std::time::Duration::from_secs(3600)) {
            return Ok(());
        }
        *last = Some(Instant::now());
    }
    prune(conn, colivra_core::time::now())
}

/// Deletes the entries dated before the policy's months, counted back from `now`.
pub fn prune(conn: &mut DbConnection, now: NaiveDateTime) -> AppResult<()> {
    let policy = policy(conn)?;
    let since = now - Duration::days(policy.months_kept * 30);
    diesel::delete(
        recipient_history_entries::table.filter(recipient_history_entries::at.lt(since)),
    )
    .execute(conn)
    .map_db_err()?;
    Ok(())
}

/// The message of a parcel refused for its recipient's band.
pub fn refusal_message(phone: &str, band: Band) -> String {
    match band {
        Band::Risky => format!(
            "Le destinataire {} est « risqué » : la politique de l'entreprise refuse ses nouveaux colis.",
            phone
        ),
        _ => format!(
            "Le destinataire {} est « à confirmer » : la politique de l'entreprise refuse ses nouveaux colis.",
            phone
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_follow_the_share_of_failed_parcels() {
        let policy = RecipientPolicy::default(); // 25 %, 50 % from 2 failures
        assert_eq!(policy.band(0, 0), Band::Reliable);
        assert_eq!(policy.band(9, 0), Band::Reliable);
        assert_eq!(policy.band(4, 1), Band::Reliable); // 20 %
        assert_eq!(policy.band(3, 1), Band::ToConfirm); // 25 %
        assert_eq!(policy.band(1, 1), Band::ToConfirm); // 50 % but one failure only
        assert_eq!(policy.band(2, 2), Band::Risky);
        assert_eq!(policy.band(0, 3), Band::Risky);
    }

    #[test]
    fn a_policy_out_of_bounds_names_its_fields() {
        let policy = RecipientPolicy {
            to_confirm_percent: 0,
            risky_percent: 30,
            months_kept: 61,
            ..RecipientPolicy::default()
        };
        let Err(AppError::Validation(errors)) = policy.check() else {
            panic!("refused");
        };
        assert!(errors.contains("to_confirm_percent") && errors.contains("months_kept"));
        let lower = RecipientPolicy {
            to_confirm_percent: 40,
            risky_percent: 30,
            ..RecipientPolicy::default()
        };
        assert!(
            matches!(lower.check(), Err(AppError::Validation(e)) if e.contains("risky_percent"))
        );
    }
}
