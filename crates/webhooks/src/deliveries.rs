//! Deliveries: each event to each endpoint subscribed when it happened, sent until a 2xx comes
//! back or 24 hours pass (then the endpoint is paused and the merchant told). One endpoint gets
//! one object's events in order: a delivery waits while an earlier one of the same object to the
//! same endpoint is still pending (waiting, being sent, or failing and waiting for its retry).
//! Senders lease what they take for a short while and renew the lease while the send is in
//! flight (several server processes share the work; PostgreSQL skips rows another sender is
//! claiming), so an event is never being sent twice at once, and what a process that died had
//! taken is taken again within [`LEASE_SECONDS`]; it may arrive twice (at least once), always
//! with the same event id. Every attempt is kept in the log (`webhook_delivery_attempts`).

use chrono::{Duration, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, MerchantId, Page, Paginated, UserId};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::paginate;
use colivra_db::outbox;
use colivra_db::schema::{
    webhook_deliveries as deliveries, webhook_delivery_attempts as attempts_log,
    webhook_endpoints as endpoints,
};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

use colivra_db::queue::truncate;
pub use colivra_db::queue::{backoff, LEASE_SECONDS, RENEW_SECONDS};

/// Events are kept this long, then pruned with their deliveries.
pub const KEPT_DAYS: i64 = 30;
/// The most of a receiver's answer kept in the log.
pub const RESPONSE_KEPT_BYTES: usize = 500;

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeliveryStatus {
    Pending,
    Delivered,
    Failed,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DeliveryView {
    pub key: String,
    /// The event's id (`Colivra-Event-Id`): the same on every attempt.
    pub event_id: String,
    /// The event's type.
    pub event: String,
    /// What the event is about: the parcel's tracking code (or the invoice's, the ticket's key).
    pub subject_key: Option<String>,
    #[schema(value_type = DeliveryStatus)]
    pub status: String,
    pub attempts: i32,
    pub last_status_code: Option<i32>,
    /// Why the last attempt failed when no status came back (timeout, refused address…).
    pub last_error: Option<String>,
    /// The first bytes of the receiver's last answer.
    pub last_response: Option<String>,
    pub last_latency_ms: Option<i32>,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub last_attempt_at: Option<NaiveDateTime>,
    /// When it is tried next (pending only).
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub next_attempt_at: Option<NaiveDateTime>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    /// Every attempt, oldest first (kept with the delivery, 30 days).
    pub history: Vec<AttemptView>,
}

/// One attempt of a delivery.
#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[diesel(table_name = attempts_log)]
pub struct AttemptView {
    #[serde(skip)]
    pub delivery_id: i64,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub attempted_at: NaiveDateTime,
    /// The receiver's HTTP status, when it answered.
    pub status_code: Option<i32>,
    /// Why nothing came back (timeout, refused address…).
    pub error: Option<String>,
    /// The first bytes of the receiver's answer.
    pub response: Option<String>,
    /// From the request's start to the answer's end (or the failure).
    pub latency_ms: i32,
}

/// A delivery row as the log shows it.
#[derive(Queryable, Selectable)]
#[diesel(table_name = deliveries)]
struct ViewRow {
    id: i64,
    key: String,
    event_id: String,
    event_type: String,
    subject_key: Option<String>,
    status: String,
    attempts: i32,
    last_status_code: Option<i32>,
    last_error: Option<String>,
    last_response: Option<String>,
    last_latency_ms: Option<i32>,
    last_attempt_at: Option<NaiveDateTime>,
    next_attempt_at: NaiveDateTime,
    created_at: NaiveDateTime,
}

impl From<ViewRow> for DeliveryView {
    fn from(row: ViewRow) -> Self {
        // The next attempt means something only while one is to come.
        let pending = row.status == "pending";
        DeliveryView {
            key: row.key,
            event_id: row.event_id,
            event: row.event_type,
            subject_key: row.subject_key,
            status: row.status,
            attempts: row.attempts,
            last_status_code: row.last_status_code,
            last_error: row.last_error,
            last_response: row.last_response,
            last_latency_ms: row.last_latency_ms,
            last_attempt_at: row.last_attempt_at,
            next_attempt_at: pending.then_some(row.next_attempt_at),
            created_at: row.created_at,
            history: Vec::new(),
        }
    }
}

/// `GET webhooks/{key}/deliveries`: the endpoint's deliveries, newest first.
pub fn list(
    conn: &mut DbConnection,
    merchant_id: MerchantId,
    endpoint_key: &str,
    page: &Page,
) -> AppResult<Paginated<DeliveryView>> {
    let endpoint = crate::endpoints::get(conn, merchant_id, endpoint_key)?;
    let of_endpoint = || deliveries::table.filter(deliveries::endpoint_id.eq(endpoint.id));
    let found = paginate(
        conn,
        page,
        |conn| of_endpoint().count().get_result(conn),
        |conn, limit, offset| {
            of_endpoint()
                .order(deliveries::id.desc())
                .select(ViewRow::as_select())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )?;
    // The page's attempts in one read, by the deliveries' ids.
    let ids: Vec<i64> = found.data.iter().map(|row| row.id).collect();
    let mut history: std::collections::HashMap<i64, Vec<AttemptView>> = Default::default();
    for attempt in attempts_log::table
        .filter(attempts_log::delivery_id.eq_any(&ids))
        .order(attempts_log::id)
        .select(AttemptView::as_select())
        .load::<AttemptView>(conn)
        .map_db_err()?
    {
        history
            .entry(attempt.delivery_id)
            .or_default()
            .push(attempt);
    }
    Ok(found.map(|row| {
        let id = row.id;
        let mut view = DeliveryView::from(row);
        view.history = history.remove(&id).unwrap_or_default();
        view
    }))
}

/// `POST webhooks/{key}/test`: a `ping` for this endpoint alone, sent like any event; the
/// delivery to follow in its log.
pub fn send_test(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_id: MerchantId,
    key: &str,
) -> AppResult<DeliveryView> {
    immediate_transaction(conn, |conn| {
        let row = crate::endpoints::get(conn, merchant_id, key)?;
        let now = time::now();
        outbox::enqueue(
            conn,
            &outbox::Event {
                merchant_id,
                event_type: outbox::PING,
                subject_key: None,
                data: serde_json::to_value(colivra_core::webhook_events::PingEventData {
                    webhook: row.key.clone(),
                    url: row.url.clone(),
                })
                .map_err(AppError::internal)?,
            },
            &[row.id],
            now,
        )
        .map_db_err()?;
        crate::endpoints::record(conn, actor_id, "webhook.tested", key, &row.url)?;
        latest_of(conn, row.id)
    })
}

/// The endpoint's newest delivery (the ping just queued).
pub(crate) fn latest_of(conn: &mut DbConnection, endpoint_id: i64) -> AppResult<DeliveryView> {
    let id: i64 = deliveries::table
        .filter(deliveries::endpoint_id.eq(endpoint_id))
        .order(deliveries::id.desc())
        .select(deliveries::id)
        .first(conn)
        .map_db_err()?;
    view_of(conn, id)
}

/// One delivery with its attempts.
fn view_of(conn: &mut DbConnection, id: i64) -> AppResult<DeliveryView> {
    let row: ViewRow = deliveries::table
        .find(id)
        .select(ViewRow::as_select())
        .first(conn)
        .map_db_err()?;
    let mut view = DeliveryView::from(row);
    view.history = attempts_log::table
        .filter(attempts_log::delivery_id.eq(id))
        .order(attempts_log::id)
        .select(AttemptView::as_select())
        .load(conn)
        .map_db_err()?;
    Ok(view)
}

/// `POST webhooks/deliveries/{key}/retry`: sent again now, and retried for another 24 hours.
pub fn retry(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_id: MerchantId,
    delivery_key: &str,
) -> AppResult<DeliveryView> {
    immediate_transaction(conn, |conn| {
        let found: Option<(i64, i64)> = deliveries::table
            .inner_join(endpoints::table)
            .filter(deliveries::key.eq(delivery_key))
            .filter(endpoints::merchant_id.eq(merchant_id))
            .select((deliveries::id, endpoints::id))
            .first(conn)
            .optional()
            .map_db_err()?;
        let (id, _) = found.ok_or(AppError::NotFound)?;
        let now = time::now();
        diesel::update(deliveries::table.find(id))
            .set((
                deliveries::status.eq("pending"),
                deliveries::next_attempt_at.eq(now),
                deliveries::give_up_at.eq(now + Duration::hours(colivra_db::outbox::RETRY_HOURS)),
                deliveries::leased_until.eq(None::<NaiveDateTime>),
            ))
            .execute(conn)
            .map_db_err()?;
        outbox::work_for_senders(conn).map_db_err()?;
        activities::log(
            conn,
            Some(actor_id),
            "webhook.redelivered",
            "webhook_delivery",
            delivery_key,
        )?;
        view_of(conn, id)
    })
}

/// What a sender needs to send one delivery.
#[derive(Debug, Clone, Queryable)]
pub struct Due {
    pub id: i64,
    pub url: String,
    pub secret: String,
    pub event_id: String,
    pub event_type: String,
    pub body: String,
}

/// Pending deliveries whose time has come, of endpoints that are on, none behind an earlier
/// pending one of the same object, nobody else's lease on them.
/// The endpoints come first (a paused endpoint's backlog is not read at all), then their due rows
/// through the partial indexes of pending deliveries. No ORDER BY: the scan stops at the limit
/// instead of sorting the whole backlog (9,000 pending rows made each claim read them all); the
/// order that matters, one object's events, is kept by the NOT EXISTS.
const DUE: &str = "SELECT d.id FROM webhook_deliveries d \
    WHERE d.endpoint_id IN (SELECT e.id FROM webhook_endpoints e \
        WHERE e.active AND e.paused_at IS NULL) \
    AND d.status = 'pending' AND d.next_attempt_at <= $1 \
    AND (d.leased_until IS NULL OR d.leased_until < $1) \
    AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p WHERE p.endpoint_id = d.endpoint_id \
        AND p.subject_key = d.subject_key AND p.status = 'pending' AND p.id < d.id) \
    LIMIT $2";

/// When the next delivery falls due, if any is waiting: the earliest retry or lease's end among
/// the pending deliveries of endpoints that are on and not behind an earlier one of their object
/// (those follow that one). One statement, no transaction: what an idle sender asks, rarely.
const NEXT_DUE: &str = "SELECT MIN(CASE WHEN d.leased_until IS NOT NULL \
        AND d.leased_until > d.next_attempt_at THEN d.leased_until ELSE d.next_attempt_at END) AS due \
    FROM webhook_deliveries d \
    WHERE d.endpoint_id IN (SELECT e.id FROM webhook_endpoints e \
        WHERE e.active AND e.paused_at IS NULL) \
    AND d.status = 'pending' \
    AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p WHERE p.endpoint_id = d.endpoint_id \
        AND p.subject_key = d.subject_key AND p.status = 'pending' AND p.id < d.id)";

/// When a sender with nothing to do should look again (see [`NEXT_DUE`]); `None`: nothing is
/// waiting, only new events (which wake it) will give it work.
pub fn next_due(conn: &mut DbConnection) -> AppResult<Option<NaiveDateTime>> {
    colivra_db::queue::next_due(conn, NEXT_DUE).map_db_err()
}

/// Extends this sender's leases on `ids` still being sent (those not yet recorded); one
/// statement.
pub fn renew_leases(conn: &mut DbConnection, ids: &[i64], now: NaiveDateTime) -> AppResult<usize> {
    if ids.is_empty() {
        return Ok(0);
    }
    diesel::update(
        deliveries::table
            .filter(deliveries::id.eq_any(ids))
            .filter(deliveries::status.eq("pending"))
            .filter(deliveries::leased_until.is_not_null()),
    )
    .set(deliveries::leased_until.eq(now + Duration::seconds(LEASE_SECONDS)))
    .execute(conn)
    .map_db_err()
}

/// Takes up to `limit` due deliveries for this sender (leased for [`LEASE_SECONDS`], which the
/// sender renews while it sends them).
pub fn claim_due(conn: &mut DbConnection, now: NaiveDateTime, limit: i64) -> AppResult<Vec<Due>> {
    immediate_transaction(conn, |conn| {
        let ids = colivra_db::queue::due_ids(conn, DUE, "FOR UPDATE OF d SKIP LOCKED", now, limit)
            .map_db_err()?;
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        diesel::update(deliveries::table.filter(deliveries::id.eq_any(&ids)))
            .set(deliveries::leased_until.eq(now + Duration::seconds(LEASE_SECONDS)))
            .execute(conn)
            .map_db_err()?;
        deliveries::table
            .inner_join(endpoints::table)
            .filter(deliveries::id.eq_any(&ids))
            .order(deliveries::id)
            .select((
                deliveries::id,
                endpoints::url,
                endpoints::secret,
                deliveries::event_id,
                deliveries::event_type,
                deliveries::body,
            ))
            .load::<Due>(conn)
            .map_db_err()
    })
}

/// How one attempt went.
#[derive(Debug, Clone)]
pub struct Attempt {
    /// The receiver's status, when it answered.
    pub status_code: Option<u16>,
    /// Why there was no answer (timeout, connection refused, private address…).
    pub error: Option<String>,
    /// The start of the receiver's answer.
    pub response: Option<String>,
    pub latency_ms: i64,
}

impl Attempt {
    pub fn delivered(&self) -> bool {
        self.status_code
            .is_some_and(|code| (200..300).contains(&code))
    }
}

/// Records attempts of deliveries (`(id, attempt)`), as the sender has them, in one transaction
/// (one commit for several answers): each delivered, or tried again later, or given up after its
/// 24 hours (the endpoint is then paused and the merchant sees it). A crash before the commit
/// sends them again: delivery is at least once, with the same event id.
pub fn record_attempts(
    conn: &mut DbConnection,
    attempts: &[(i64, Attempt)],
    now: NaiveDateTime,
) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        for (id, attempt) in attempts {
            record_one(conn, *id, attempt, now)?;
        }
        Ok(())
    })
}

fn record_one(
    conn: &mut DbConnection,
    id: i64,
    attempt: &Attempt,
    now: NaiveDateTime,
) -> AppResult<()> {
    let found: Option<(i32, NaiveDateTime, i64)> = deliveries::table
        .find(id)
        .select((
            deliveries::attempts,
            deliveries::give_up_at,
            deliveries::endpoint_id,
        ))
        .first(conn)
        .optional()
        .map_db_err()?;
    // Gone with its endpoint, deleted while it was being sent: nothing to record, and the
    // answers recorded with it still count.
    let Some((attempts, give_up_at, endpoint_id)) = found else {
        return Ok(());
    };
    let attempts = attempts + 1;
    let (status, next) = if attempt.delivered() {
        ("delivered", now)
    } else if now >= give_up_at {
        ("failed", now)
    } else {
        ("pending", now + backoff(attempts))
    };
    let response = attempt
        .response
        .as_deref()
        .map(|text| truncate(text, RESPONSE_KEPT_BYTES));
    let error = attempt.error.as_deref().map(|e| truncate(e, 300));
    let latency_ms = i32::try_from(attempt.latency_ms).unwrap_or(i32::MAX);
    let status_code = attempt.status_code.map(i32::from);
    diesel::insert_into(attempts_log::table)
        .values((
            attempts_log::delivery_id.eq(id),
            attempts_log::attempted_at.eq(now),
            attempts_log::status_code.eq(status_code),
            attempts_log::error.eq(&error),
            attempts_log::response.eq(&response),
            attempts_log::latency_ms.eq(latency_ms),
        ))
        .execute(conn)
        .map_db_err()?;
    diesel::update(deliveries::table.find(id))
        .set((
            deliveries::status.eq(status),
            deliveries::attempts.eq(attempts),
            deliveries::last_status_code.eq(status_code),
            deliveries::last_error.eq(error),
            deliveries::last_response.eq(response),
            deliveries::last_latency_ms.eq(latency_ms),
            deliveries::last_attempt_at.eq(now),
            deliveries::next_attempt_at.eq(next),
            deliveries::leased_until.eq(None::<NaiveDateTime>),
        ))
        .execute(conn)
        .map_db_err()?;
    if status == "failed" {
        pause(conn, endpoint_id, now)?;
    }
    Ok(())
}

/// A delivery gave up: the endpoint stops until the merchant turns it on again.
fn pause(conn: &mut DbConnection, endpoint_id: i64, now: NaiveDateTime) -> AppResult<()> {
    let key: String = diesel::update(
        endpoints::table
            .find(endpoint_id)
            .filter(endpoints::paused_at.is_null()),
    )
    .set(endpoints::paused_at.eq(now))
    .returning(endpoints::key)
    .get_result(conn)
    .optional()
    .map_db_err()?
    .unwrap_or_default();
    if key.is_empty() {
        return Ok(());
    }
    activities::log(conn, None, "webhook.paused", "webhook", &key)
}

/// Forgets the deliveries (and their events) older than [`KEPT_DAYS`]; how many. From the oldest
/// by primary key, a thousand at a time: ids grow with time, so no index on the date is kept up
/// at every write for a prune that runs every ten minutes.
pub fn prune(conn: &mut DbConnection, now: NaiveDateTime) -> AppResult<usize> {
    let before = now - Duration::days(KEPT_DAYS);
    let mut pruned = 0;
    loop {
        let oldest: Vec<(i64, NaiveDateTime)> = deliveries::table
            .order(deliveries::id)
            .limit(1_000)
            .select((deliveries::id, deliveries::created_at))
            .load(conn)
            .map_db_err()?;
        let old: Vec<i64> = oldest
            .iter()
            .take_while(|(_, at)| *at < before)
            .map(|(id, _)| *id)
            .collect();
        if old.is_empty() {
            return Ok(pruned);
        }
        let removed = immediate_transaction(conn, |conn| {
            diesel::delete(deliveries::table.filter(deliveries::id.eq_any(&old)))
                .execute(conn)
                .map_db_err()
        })?;
        pruned += removed;
        if old.len() < oldest.len() {
            return Ok(pruned);
        }
    }
}
