//! What the outboxes worked by background senders share (the webhook deliveries, the messages):
//! the wake-up a committed write gives the senders, the lease a sender holds on what it took, and
//! the wait between tries. The senders' loop itself is `colivra_worker`'s.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Timestamp};

use crate::connection::DbConnection;

/// An outbox a sender works through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Queue {
    Webhooks,
    Messages,
}

impl Queue {
    pub const ALL: [Queue; 2] = [Queue::Webhooks, Queue::Messages];

    /// The PostgreSQL channel told when its rows were written: `NOTIFY` in the writing
    /// transaction reaches the listeners at its commit (never before, never for a rollback), in
    /// every server process, so senders sleep until there is work instead of polling.
    pub fn channel(self) -> &'static str {
        match self {
            Queue::Webhooks => "colivra_webhooks",
            Queue::Messages => "colivra_messages",
        }
    }

    fn bit(self) -> u8 {
        match self {
            Queue::Webhooks => 1,
            Queue::Messages => 2,
        }
    }
}

/// How long a sender's hold on what it took lasts unless renewed: the sender renews it every
/// [`RENEW_SECONDS`] while the send is in flight, so what a process that died held is free again
/// within this (issue 37: a 180 s lease held one object's later events back for three minutes
/// after a crash).
pub const LEASE_SECONDS: i64 = 30;
/// How often a sender renews its leases while sending.
pub const RENEW_SECONDS: u64 = 10;

thread_local! {
    /// The queues written on this thread since [`take_written`] last looked: the caller (the
    /// gateway's database runner, once the call's transaction is over) wakes its process's
    /// senders. A rolled-back write only wakes them for nothing.
    static WRITTEN: std::cell::Cell<u8> = const { std::cell::Cell::new(0) };
}

/// Tells `queue`'s senders, once the caller's transaction commits, that work may be due: new
/// rows, a manual retry, an endpoint turned on again.
pub fn work_written(conn: &mut DbConnection, queue: Queue) -> QueryResult<()> {
    WRITTEN.with(|flags| flags.set(flags.get() | queue.bit()));
    if let DbConnection::Pg(pg) = conn {
        diesel::sql_query(format!("NOTIFY {}", queue.channel())).execute(pg)?;
    }
    Ok(())
}

/// The queues written on this thread since the last look (and forgets them).
pub fn take_written() -> impl Iterator<Item = Queue> {
    let flags = WRITTEN.with(|flags| flags.replace(0));
    Queue::ALL
        .into_iter()
        .filter(move |queue| flags & queue.bit() != 0)
}

#[derive(QueryableByName)]
struct DueId {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

/// The ids an outbox's `due` query selects (`$1`: now, `$2`: the most to take: PostgreSQL's
/// placeholders, and SQLite's named ones, the same name the same value), in the caller's
/// transaction; on PostgreSQL locked with `pg_lock` (`FOR UPDATE SKIP LOCKED`, `… OF d …`) so
/// that senders claiming at once skip each other's rows (SQLite's write lock serialises them).
pub fn due_ids(
    conn: &mut DbConnection,
    due: &str,
    pg_lock: &str,
    now: NaiveDateTime,
    limit: i64,
) -> QueryResult<Vec<i64>> {
    let rows = match conn {
        DbConnection::Pg(pg) => diesel::sql_query(format!("{due} {pg_lock}"))
            .bind::<Timestamp, _>(now)
            .bind::<BigInt, _>(limit)
            .load::<DueId>(pg),
        DbConnection::Sqlite(sqlite) => diesel::sql_query(due)
            .bind::<Timestamp, _>(now)
            .bind::<BigInt, _>(limit)
            .load::<DueId>(sqlite),
    }?;
    Ok(rows.into_iter().map(|row| row.id).collect())
}

#[derive(QueryableByName)]
struct NextDue {
    #[diesel(sql_type = Nullable<Timestamp>)]
    due: Option<NaiveDateTime>,
}

/// When an outbox's next row falls due, from its query selecting `… AS due` (one row, one
/// statement, no transaction: what an idle sender asks, rarely).
pub fn next_due(conn: &mut DbConnection, query: &str) -> QueryResult<Option<NaiveDateTime>> {
    let found = match conn {
        DbConnection::Pg(pg) => diesel::sql_query(query).get_result::<NextDue>(pg),
        DbConnection::Sqlite(sqlite) => diesel::sql_query(query).get_result::<NextDue>(sqlite),
    }?;
    Ok(found.due)
}

/// The wait before try `attempts + 1`: 30 s, doubling, at most an hour.
pub fn backoff(attempts: i32) -> Duration {
    let doublings = u32::try_from(attempts.saturating_sub(1).clamp(0, 7)).unwrap_or(0);
    Duration::seconds((30 * 2_i64.pow(doublings)).min(3_600))
}

/// At most `max` bytes of `text`, cut on a character boundary (what a log keeps of an answer).
pub fn truncate(text: &str, max: usize) -> String {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_longer_each_time_up_to_an_hour() {
        let waits: Vec<i64> = (1..=10).map(|n| backoff(n).num_seconds()).collect();
        assert_eq!(waits, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    }

    #[test]
    fn answers_are_cut_on_a_character_boundary() {
        assert_eq!(truncate("مرحبا", 3), "م");
        assert_eq!(truncate("ok", 500), "ok");
    }

    #[test]
    fn each_queue_written_is_taken_once() {
        WRITTEN.with(|flags| flags.set(Queue::Messages.bit()));
        assert_eq!(take_written().collect::<Vec<_>>(), [Queue::Messages]);
        assert_eq!(take_written().count(), 0);
    }
}
