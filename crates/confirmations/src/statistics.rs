//! `GET confirmations/statistics`: the calls of a period per agent and per merchant, and the
//! queue as it stands.

use chrono::NaiveDate;
use colivra_core::time::{self, Days};
use colivra_core::AppResult;
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Timestamp};
use serde::Serialize;
use utoipa::ToSchema;

/// The period asked for (the last 30 days unless given).
pub type StatisticsPeriod = colivra_core::time::Period;

/// One agent's or one merchant's calls.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CallFigures {
    /// The agent's or the merchant's key.
    pub key: String,
    pub name: String,
    pub calls: i64,
    pub confirmed: i64,
    pub cancelled: i64,
    pub no_answer: i64,
    pub wrong_number: i64,
    /// Confirmed among the calls the recipient answered with a decision (confirmed or
    /// cancelled), in percent rounded down; null without such a call.
    pub confirmation_rate: Option<i64>,
    /// From entering the queue to confirmed, on average (minutes, rounded); null without a
    /// confirmation.
    pub mean_minutes_to_confirm: Option<i64>,
}

/// The queue now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct QueueFigures {
    /// Parcels « à confirmer » in the queue.
    pub waiting: i64,
    /// Of which an agent may take now.
    pub due: i64,
    /// Of which an agent holds.
    pub held: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ConfirmationStatistics {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub queue: QueueFigures,
    /// By calls, most first.
    pub agents: Vec<CallFigures>,
    /// By calls, most first (the first 100).
    pub merchants: Vec<CallFigures>,
}

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = Text)]
    key: String,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = BigInt)]
    calls: i64,
    #[diesel(sql_type = BigInt)]
    confirmed: i64,
    #[diesel(sql_type = BigInt)]
    cancelled: i64,
    #[diesel(sql_type = BigInt)]
    no_answer: i64,
    #[diesel(sql_type = BigInt)]
    wrong_number: i64,
    #[diesel(sql_type = BigInt)]
    confirm_seconds: i64,
}

impl From<Row> for CallFigures {
    fn from(row: Row) -> Self {
        let answered = row.confirmed + row.cancelled;
        CallFigures {
            key: row.key,
            name: row.name.trim().to_owned(),
            calls: row.calls,
            confirmed: row.confirmed,
            cancelled: row.cancelled,
            no_answer: row.no_answer,
            wrong_number: row.wrong_number,
            confirmation_rate: (answered > 0).then(|| row.confirmed * 100 / answered),
            mean_minutes_to_confirm: (row.confirmed > 0)
                .then(|| (row.confirm_seconds as f64 / row.confirmed as f64 / 60.0).round() as i64),
        }
    }
}

#[derive(QueryableByName)]
struct Queue {
    #[diesel(sql_type = BigInt)]
    waiting: i64,
    #[diesel(sql_type = BigInt)]
    due: i64,
    #[diesel(sql_type = BigInt)]
    held: i64,
}

/// The calls grouped by `{who}` (the agent or the merchant), with `{name}` from `users u`.
fn grouped(who: &str, name: &str, seconds: &str) -> String {
    format!(
        "SELECT u.key AS key, {name} AS name, \
                CAST(COUNT(*) AS BIGINT) AS calls, \
                CAST(SUM(CASE WHEN a.outcome = 'confirmed' THEN 1 ELSE 0 END) AS BIGINT) AS confirmed, \
                CAST(SUM(CASE WHEN a.outcome = 'cancelled' THEN 1 ELSE 0 END) AS BIGINT) AS cancelled, \
                CAST(SUM(CASE WHEN a.outcome = 'no_answer' THEN 1 ELSE 0 END) AS BIGINT) AS no_answer, \
                CAST(SUM(CASE WHEN a.outcome = 'wrong_number' THEN 1 ELSE 0 END) AS BIGINT) AS wrong_number, \
                CAST(COALESCE(SUM(CASE WHEN a.outcome = 'confirmed' THEN {seconds} ELSE 0 END), 0) AS BIGINT) AS confirm_seconds \
         FROM confirmation_attempts a JOIN users u ON u.id = a.{who} \
         WHERE a.at >= $1 AND a.at < $2 \
         GROUP BY u.id, u.key, u.first_name, u.last_name, u.company \
         ORDER BY calls DESC, u.key LIMIT 100"
    )
}

const QUEUE: &str = "SELECT CAST(COUNT(*) AS BIGINT) AS waiting, \
        CAST(COALESCE(SUM(CASE WHEN due_at <= $1 AND (leased_until IS NULL OR leased_until < $1) \
                               THEN 1 ELSE 0 END), 0) AS BIGINT) AS due, \
        CAST(COALESCE(SUM(CASE WHEN leased_until >= $1 THEN 1 ELSE 0 END), 0) AS BIGINT) AS held \
     FROM confirmation_queue WHERE closed_at IS NULL";

const AGENT_NAME: &str = "u.first_name || ' ' || u.last_name";
const MERCHANT_NAME: &str = "COALESCE(NULLIF(u.company, ''), u.first_name || ' ' || u.last_name)";

/// The figures of `period` (422 when it ends before it starts).
pub fn statistics(
    conn: &mut DbConnection,
    period: &StatisticsPeriod,
) -> AppResult<ConfirmationStatistics> {
    let now = time::now();
    let Days {
        from,
        to,
        start,
        end,
    } = period.days(now.date())?;
    // Seconds between two timestamps: each database has its own words for it.
    let seconds = match conn {
        DbConnection::Pg(_) => "EXTRACT(EPOCH FROM (a.at - a.queued_at))",
        DbConnection::Sqlite(_) => "(julianday(a.at) - julianday(a.queued_at)) * 86400.0",
    };
    let by_agent = grouped("agent_id", AGENT_NAME, seconds);
    let by_merchant = grouped("merchant_id", MERCHANT_NAME, seconds);
    macro_rules! load {
        ($conn:expr) => {{
            let agents: Vec<Row> = diesel::sql_query(&by_agent)
                .bind::<Timestamp, _>(start)
                .bind::<Timestamp, _>(end)
                .load($conn)
                .map_db_err()?;
            let merchants: Vec<Row> = diesel::sql_query(&by_merchant)
                .bind::<Timestamp, _>(start)
                .bind::<Timestamp, _>(end)
                .load($conn)
                .map_db_err()?;
            let queue: Queue = diesel::sql_query(QUEUE)
                .bind::<Timestamp, _>(now)
                .get_result($conn)
                .map_db_err()?;
            (agents, merchants, queue)
        }};
    }
    let (agents, merchants, queue) = match conn {
        DbConnection::Pg(pg) => load!(pg),
        DbConnection::Sqlite(lite) => load!(lite),
    };
    Ok(ConfirmationStatistics {
        from,
        to,
        queue: QueueFigures {
            waiting: queue.waiting,
            due: queue.due,
            held: queue.held,
        },
        agents: agents.into_iter().map(CallFigures::from).collect(),
        merchants: merchants.into_iter().map(CallFigures::from).collect(),
    })
}
