//! The outbox's rows as the sender works them: taken when due (leased, renewed while in flight;
//! PostgreSQL skips rows another sender is claiming), each attempt recorded, retried with the
//! shared backoff for 24 hours, then given up. A message may reach its server twice (a process
//! that died after sending, before recording), never zero times while it is pending.

use chrono::{Duration, NaiveDateTime};
use colivra_core::AppResult;
use colivra_db::queue::{self, backoff, truncate, LEASE_SECONDS};
use colivra_db::schema::{
    outbound_message_attempts as attempts_log, outbound_messages as messages,
};
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;

/// What the sender needs to send one message.
#[derive(Debug, Clone, Queryable)]
pub struct Due {
    pub id: i64,
    pub channel: String,
    pub kind: String,
    pub language: String,
    pub recipient: String,
    pub subject: Option<String>,
    pub body_text: String,
    pub body_html: Option<String>,
}

const DUE: &str = "SELECT id FROM outbound_messages \
    WHERE status = 'pending' AND next_attempt_at <= $1 \
    AND (leased_until IS NULL OR leased_until < $1) \
    ORDER BY next_attempt_at LIMIT $2";

/// Takes up to `limit` due messages for this sender; those whose 24 hours passed before they
/// could be tried (no SMTP server was set) are given up instead.
pub fn claim_due(conn: &mut DbConnection, now: NaiveDateTime, limit: i64) -> AppResult<Vec<Due>> {
    immediate_transaction(conn, |conn| {
        let ids = queue::due_ids(conn, DUE, "FOR UPDATE SKIP LOCKED", now, limit).map_db_err()?;
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        diesel::update(
            messages::table
                .filter(messages::id.eq_any(&ids))
                .filter(messages::give_up_at.le(now)),
        )
        .set((
            messages::status.eq("failed"),
            messages::last_error.eq("abandonné : pas envoyé dans les 24 heures"),
        ))
        .execute(conn)
        .map_db_err()?;
        diesel::update(
            messages::table
                .filter(messages::id.eq_any(&ids))
                .filter(messages::status.eq("pending")),
        )
        .set(messages::leased_until.eq(now + Duration::seconds(LEASE_SECONDS)))
        .execute(conn)
        .map_db_err()?;
        messages::table
            .filter(messages::id.eq_any(&ids))
            .filter(messages::status.eq("pending"))
            .order(messages::id)
            .select((
                messages::id,
                messages::channel,
                messages::kind,
                messages::language,
                messages::recipient,
                messages::subject,
                messages::body_text,
                messages::body_html,
            ))
            .load::<Due>(conn)
            .map_db_err()
    })
}

const NEXT_DUE: &str = "SELECT MIN(CASE WHEN leased_until IS NOT NULL \
        AND leased_until > next_attempt_at THEN leased_until ELSE next_attempt_at END) AS due \
    FROM outbound_messages WHERE status = 'pending'";

/// When the next message falls due (a retry, a lease's end), if any is waiting.
pub fn next_due(conn: &mut DbConnection) -> AppResult<Option<NaiveDateTime>> {
    queue::next_due(conn, NEXT_DUE).map_db_err()
}

/// Extends this sender's leases on `ids` still being sent.
pub fn renew_leases(conn: &mut DbConnection, ids: &[i64], now: NaiveDateTime) -> AppResult<usize> {
    if ids.is_empty() {
        return Ok(0);
    }
    diesel::update(
        messages::table
            .filter(messages::id.eq_any(ids))
            .filter(messages::status.eq("pending"))
            .filter(messages::leased_until.is_not_null()),
    )
    .set(messages::leased_until.eq(now + Duration::seconds(LEASE_SECONDS)))
    .execute(conn)
    .map_db_err()
}

/// How one attempt went: `None` the server took it, else why not.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub error: Option<String>,
    pub latency_ms: i64,
}

/// Records attempts (`(id, attempt)`) in one transaction: each sent, or tried again later, or
/// given up after its 24 hours.
pub fn record_attempts(
    conn: &mut DbConnection,
    attempts: &[(i64, Attempt)],
    now: NaiveDateTime,
) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        for (id, attempt) in attempts {
            let found: Option<(i32, NaiveDateTime)> = messages::table
                .find(id)
                .select((messages::attempts, messages::give_up_at))
                .first(conn)
                .optional()
                .map_db_err()?;
            let Some((count, give_up_at)) = found else {
                continue;
            };
            let count = count + 1;
            let error = attempt.error.as_deref().map(|e| truncate(e, 500));
            let (status, next) = match &error {
                None => ("sent", now),
                Some(_) if now >= give_up_at => ("failed", now),
                Some(_) => ("pending", now + backoff(count)),
            };
            let latency_ms = i32::try_from(attempt.latency_ms).unwrap_or(i32::MAX);
            diesel::insert_into(attempts_log::table)
                .values((
                    attempts_log::message_id.eq(id),
                    attempts_log::attempted_at.eq(now),
                    attempts_log::error.eq(&error),
                    attempts_log::latency_ms.eq(latency_ms),
                ))
                .execute(conn)
                .map_db_err()?;
            diesel::update(messages::table.find(id))
                .set((
                    messages::status.eq(status),
                    messages::attempts.eq(count),
                    messages::last_error.eq(&error),
                    messages::next_attempt_at.eq(next),
                    messages::leased_until.eq(None::<NaiveDateTime>),
                    messages::sent_at.eq((status == "sent").then_some(now)),
                ))
                .execute(conn)
                .map_db_err()?;
        }
        Ok(())
    })
}

/// Messages are kept this long in the admins' log, then pruned with their attempts.
pub const KEPT_DAYS: i64 = 90;

/// Forgets the messages older than [`KEPT_DAYS`], a thousand at a time from the oldest (ids grow
/// with time: the scan stops at the first young one, no index on the date to keep up); how many.
pub fn prune(conn: &mut DbConnection, now: NaiveDateTime) -> AppResult<usize> {
    let before = now - Duration::days(KEPT_DAYS);
    let mut pruned = 0;
    loop {
        let old: Vec<i64> = messages::table
            .filter(messages::created_at.lt(before))
            .order(messages::id)
            .limit(1_000)
            .select(messages::id)
            .load(conn)
            .map_db_err()?;
        if old.is_empty() {
            return Ok(pruned);
        }
        pruned += immediate_transaction(conn, |conn| {
            diesel::delete(messages::table.filter(messages::id.eq_any(&old)))
                .execute(conn)
                .map_db_err()
        })?;
    }
}
