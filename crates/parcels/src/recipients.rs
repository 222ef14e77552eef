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
use colivra_core::{AppError, AppResult, FieldErrors, UserId};
use colivra_db::raw::{self, placeholder, SqlParam};
use colivra_db::schema::settings;
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
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

    /// The earliest outcome the history counts.
    fn since(&self, now: NaiveDateTime) -> NaiveDateTime {
        now - Duration::days(self.months_kept * 30)
    }

    fn check(&self) -> AppResult<()> {
        let mut errors = FieldErrors::new();
        let mut within = |field: &str, value: i64, low: i64, high: i64| {
            if !(low..=high).contains(&value) {
                errors.add(field, format!("Entre {low} et {high}."));
            }
        };
        within("to_confirm_percent", self.to_confirm_percent, 1, 100);
        within("risky_percent", self.risky_percent, 1, 100);
        within("risky_min_failed", self.risky_min_failed, 1, 1000);
        within("months_kept", self.months_kept, 1, 60);
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
}

/// The company's policy (the defaults until an admin saves one).
pub fn policy(conn: &mut DbConnection) -> AppResult<RecipientPolicy> {
    let stored = colivra_db::settings::get(conn, SETTING).map_db_err()?;
    Ok(stored
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_default())
}

/// Saves the policy; the activity names each value that changed.
pub fn update_policy(
    conn: &mut DbConnection,
    actor_id: UserId,
    new: &RecipientPolicy,
) -> AppResult<RecipientPolicy> {
    new.check()?;
    immediate_transaction(conn, |conn| {
        colivra_db::settings::get_or_init(conn, SETTING, || "null".to_owned()).map_db_err()?;
        // Take the row first: two admins saving at once record each other's change in turn.
        diesel::update(settings::table.find(SETTING))
            .set(settings::value.eq(settings::value))
            .execute(conn)
            .map_db_err()?;
        let old = policy(conn)?;
        let json = serde_json::to_string(new).map_err(AppError::internal)?;
        diesel::update(settings::table.find(SETTING))
            .set(settings::value.eq(json))
            .execute(conn)
            .map_db_err()?;
        let (old_json, new_json) = (
            serde_json::to_value(&old).map_err(AppError::internal)?,
            serde_json::to_value(new).map_err(AppError::internal)?,
        );
        let changed: serde_json::Map<String, serde_json::Value> = new_json
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(field, value)| old_json.get(field.as_str()) != Some(value))
            .map(|(field, value)| {
                let before = old_json.get(field.as_str()).cloned().unwrap_or_default();
                (
                    field.clone(),
                    serde_json::json!({"old": before, "new": value}),
                )
            })
            .collect();
        activities::record(
            conn,
            activities::NewActivity {
                user_id: Some(actor_id),
                action: "settings.recipients_updated",
                subject_type: Some("settings"),
                subject_key: Some("recipients"),
                details: Some(serde_json::Value::Object(changed)),
            },
        )
        .map_db_err()?;
        Ok(new.clone())
    })
}

/// The counts of `phones` (normalised) within the policy's months, phones without history left
/// out. One statement through the phone index.
fn counts(
    conn: &mut DbConnection,
    policy: &RecipientPolicy,
    phones: &[&str],
    now: NaiveDateTime,
) -> AppResult<HashMap<String, Counts>> {
    let mut found = HashMap::new();
    for chunk in phones.chunks(500) {
        let since_at = placeholder(conn, 1);
        // A text compared as text on SQLite (diesel's timestamps are ISO text there); a
        // timestamp on PostgreSQL.
        let since = match conn {
            DbConnection::Pg(_) => format!("CAST({since_at} AS TIMESTAMP)"),
            DbConnection::Sqlite(_) => since_at,
        };
        let listed: Vec<String> = (0..chunk.len())
            .map(|n| placeholder(conn, n + 2))
            .collect();
        let sql = format!(
            "SELECT phone, CAST(SUM(delivered) AS BIGINT) AS delivered, \
                    CAST(SUM(failed) AS BIGINT) AS failed, \
                    CAST(SUM(unreached) AS BIGINT) AS unreached \
             FROM recipient_history_entries \
             WHERE phone IN ({}) AND at >= {since} \
             GROUP BY phone",
            listed.join(", ")
        );
        let mut params = vec![SqlParam::Text(
            policy
                .since(now)
                .format("%Y-%m-%d %H:%M:%S")
                .to_string(),
        )];
        params.extend(chunk.iter().map(|p| SqlParam::Text((*p).to_owned())));
        let rows: Vec<Counts> = raw::load(conn, &sql, &params).map_db_err()?;
        for row in rows {
            found.insert(row.phone.clone(), row);
        }
    }
    Ok(found)
}

/// The summaries of `phones` (normalised), every phone answered (no history: zeros, reliable).
pub fn summaries(
    conn: &mut DbConnection,
    phones: &[&str],
) -> AppResult<HashMap<String, RecipientHistorySummary>> {
    if phones.is_empty() {
        return Ok(HashMap::new());
    }
    let policy = policy(conn)?;
    let mut wanted: Vec<&str> = phones.to_vec();
    wanted.sort_unstable();
    wanted.dedup();
    let found = counts(conn, &policy, &wanted, colivra_core::time::now())?;
    Ok(wanted
        .into_iter()
        .map(|phone| {
            let (delivered, failed) = found
                .get(phone)
                .map(|c| (c.delivered.max(0), c.failed.max(0)))
                .unwrap_or((0, 0));
            (
                phone.to_owned(),
                RecipientHistorySummary {
                    delivered,
                    failed,
                    band: policy.band(delivered, failed),
                },
            )
        })
        .collect())
}

/// `GET recipients/{phone}/history`: 422 when the phone is not a Moroccan number.
pub fn history(conn: &mut DbConnection, phone: &str) -> AppResult<RecipientHistoryView> {
    let Some(phone) = normalize_moroccan_phone(phone) else {
        return Err(AppError::validation("phone", PHONE_MESSAGE));
    };
    let policy = policy(conn)?;
    let found = counts(conn, &policy, &[&phone], colivra_core::time::now())?;
    let (delivered, failed, unreached) = found
        .get(&phone)
        .map(|c| (c.delivered.max(0), c.failed.max(0), c.unreached.max(0)))
        .unwrap_or((0, 0, 0));
    let band = policy.band(delivered, failed);
    Ok(RecipientHistoryView {
        phone,
        delivered,
        failed,
        unreached,
        band,
        action: policy.action(band),
        months: policy.months_kept,
    })
}

/// The message of a parcel refused for its recipient's band.
pub fn refusal_message(phone: &str, band: Band) -> String {
    let band = match band {
        Band::Reliable => "fiable",
        Band::ToConfirm => "à confirmer",
        Band::Risky => "risqué",
    };
    format!(
        "Le destinataire {phone} est « {band} » : la politique de l'entreprise refuse de nouveaux colis pour lui."
    )
}

/// For each of `phones` (one per parcel, normalised; `None` where the parcel has none), in
/// order: the message of the policy's refusal, if it refuses him (for the field
/// `recipient_phone`). Nothing more is read when the policy refuses no band.
pub fn check_creations(
    conn: &mut DbConnection,
    phones: &[Option<&str>],
) -> AppResult<Vec<Option<String>>> {
    let policy = policy(conn)?;
    let refuses = policy.to_confirm_action == BandAction::Refuse
        || policy.risky_action == BandAction::Refuse;
    if !refuses {
        return Ok(vec![None; phones.len()]);
    }
    let mut wanted: Vec<&str> = phones.iter().flatten().copied().collect();
    wanted.sort_unstable();
    wanted.dedup();
    let found = counts(conn, &policy, &wanted, colivra_core::time::now())?;
    Ok(phones
        .iter()
        .map(|phone| {
            let phone = (*phone)?;
            let counts = found.get(phone)?;
            let band = policy.band(counts.delivered.max(0), counts.failed.max(0));
            (policy.action(band) == Some(BandAction::Refuse))
                .then(|| refusal_message(phone, band))
        })
        .collect())
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
        assert!(matches!(lower.check(), Err(AppError::Validation(e)) if e.contains("risky_percent")));
    }
}
