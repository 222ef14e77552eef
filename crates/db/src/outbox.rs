//! The webhook outbox: an event a merchant's endpoints subscribed to is written in the caller's
//! transaction, beside the change that causes it, so no change commits without its event and no
//! event without its change: one delivery row per subscribed endpoint, holding the event, which
//! the sender works through (`colivra_webhooks::deliveries`).

use chrono::{Duration, NaiveDateTime};
use colivra_core::MerchantId;
use diesel::prelude::*;
use serde_json::{json, Value};

use crate::connection::DbConnection;
use crate::schema::{webhook_deliveries, webhook_endpoints};

/// The events an endpoint can subscribe to (domain.md), `ping` aside: it goes to one endpoint,
/// on demand.
pub const EVENT_TYPES: &[&str] = &[
    PARCEL_CREATED,
    PARCEL_STATUS_CHANGED,
    PARCEL_OUTCOME_RECORDED,
    PARCEL_DECISION_NEEDED,
    INVOICE_VALIDATED,
    INVOICE_PAID,
    TICKET_ANSWERED,
];
pub const PARCEL_CREATED: &str = "parcel.created";
pub const PARCEL_STATUS_CHANGED: &str = "parcel.status_changed";
pub const PARCEL_OUTCOME_RECORDED: &str = "parcel.outcome_recorded";
/// A failed attempt waits for the merchant's decision (issue 40).
pub const PARCEL_DECISION_NEEDED: &str = "parcel.decision_needed";
pub const INVOICE_VALIDATED: &str = "invoice.validated";
pub const INVOICE_PAID: &str = "invoice.paid";
pub const TICKET_ANSWERED: &str = "ticket.answered";
pub const PING: &str = "ping";

/// How long a delivery is retried before it is given up (and its endpoint paused).
pub const RETRY_HOURS: i64 = 24;

/// Tells the senders, once the caller's transaction commits, that deliveries may be due: new
/// ones, a manual retry, an endpoint turned on again.
pub fn work_for_senders(conn: &mut DbConnection) -> QueryResult<()> {
    crate::queue::work_written(conn, crate::queue::Queue::Webhooks)
}

/// One event about one of `merchant_id`'s objects.
pub struct Event<'a> {
    pub merchant_id: MerchantId,
    pub event_type: &'a str,
    /// The object it is about (a parcel's key): its events reach each endpoint in order.
    pub subject_key: Option<&'a str>,
    /// The object's public view.
    pub data: Value,
}

/// Writes `event` for every active endpoint of its merchant subscribed to its type; nothing when
/// none is (one indexed read: the merchant's endpoints).
pub fn record(conn: &mut DbConnection, event: Event<'_>) -> QueryResult<()> {
    record_all(conn, &[event])
}

/// A merchant's active endpoints: each one's id and the events it subscribes to.
pub type Endpoints = Vec<(i64, String)>;

/// `merchant_id`'s active endpoints (one indexed read).
pub fn active_endpoints(
    conn: &mut DbConnection,
    merchant_id: MerchantId,
) -> QueryResult<Endpoints> {
    webhook_endpoints::table
        .filter(webhook_endpoints::merchant_id.eq(merchant_id))
        .filter(webhook_endpoints::active.eq(true))
        .select((webhook_endpoints::id, webhook_endpoints::events))
        .load(conn)
}

/// Writes events of one merchant (a move's status change and outcome), his endpoints read once.
pub fn record_all(conn: &mut DbConnection, events: &[Event<'_>]) -> QueryResult<()> {
    let Some(merchant_id) = events.first().map(|event| event.merchant_id) else {
        return Ok(());
    };
    let endpoints = active_endpoints(conn, merchant_id)?;
    record_all_to(conn, &endpoints, events)
}

/// [`record_all`] with the merchant's endpoints already read in this transaction (a creation
/// reads them with its look-ups, an import once for the whole file).
pub fn record_all_to(
    conn: &mut DbConnection,
    endpoints: &[(i64, String)],
    events: &[Event<'_>],
) -> QueryResult<()> {
    if endpoints.is_empty() {
        return Ok(());
    }
    let now = colivra_core::time::now();
    let mut rows = Vec::new();
    for event in events {
        let subscribed: Vec<i64> = endpoints
            .iter()
            .filter(|(_, types)| subscribes(types, event.event_type))
            .map(|(id, _)| *id)
            .collect();
        rows.extend(delivery_rows(event, &subscribed, now));
    }
    insert_deliveries(conn, rows)
}

/// Writes `event` for the given endpoints (a `ping` to one endpoint), whatever they subscribe to.
pub fn enqueue(
    conn: &mut DbConnection,
    event: &Event<'_>,
    endpoint_ids: &[i64],
    now: NaiveDateTime,
) -> QueryResult<()> {
    insert_deliveries(conn, delivery_rows(event, endpoint_ids, now))
}

/// One delivery row of an event to one endpoint, the event in it.
#[derive(Insertable)]
#[diesel(table_name = webhook_deliveries)]
// NULL, not DEFAULT, for no subject: diesel writes a SQLite batch holding a DEFAULT as one
// statement per row.
#[diesel(treat_none_as_null = true)]
struct NewDelivery {
    key: String,
    endpoint_id: i64,
    event_id: String,
    event_type: String,
    body: String,
    subject_key: Option<String>,
    status: &'static str,
    next_attempt_at: NaiveDateTime,
    give_up_at: NaiveDateTime,
    created_at: NaiveDateTime,
}

/// `event`'s rows for `endpoint_ids`: one event id and one body, the same on every endpoint.
fn delivery_rows(event: &Event<'_>, endpoint_ids: &[i64], now: NaiveDateTime) -> Vec<NewDelivery> {
    if endpoint_ids.is_empty() {
        return Vec::new();
    }
    let event_id = colivra_core::key::prefixed_key("evt_", 20);
    let body = json!({
        "id": event_id,
        "type": event.event_type,
        "created_at": colivra_core::time::to_rfc3339(&now),
        "data": event.data,
    })
    .to_string();
    endpoint_ids
        .iter()
        .map(|endpoint_id| NewDelivery {
            key: colivra_core::key::time_ordered_key(6),
            endpoint_id: *endpoint_id,
            event_id: event_id.clone(),
            event_type: event.event_type.to_owned(),
            body: body.clone(),
            subject_key: event.subject_key.map(str::to_owned),
            status: "pending",
            next_attempt_at: now,
            give_up_at: now + Duration::hours(RETRY_HOURS),
            created_at: now,
        })
        .collect()
}

/// Every row in one statement (a move's two events: one write in the change's transaction, not
/// two). Per backend: the multi-backend connection has no multi-row insert. One row and two rows
/// (one endpoint: an event, a move's two) keep a statement of fixed shape, prepared once per
/// connection; any other count is prepared each time.
fn insert_deliveries(conn: &mut DbConnection, rows: Vec<NewDelivery>) -> QueryResult<()> {
    macro_rules! insert {
        ($values:expr) => {{
            let insert = diesel::insert_into(webhook_deliveries::table).values($values);
            match conn {
                DbConnection::Pg(pg) => insert.execute(pg)?,
                DbConnection::Sqlite(lite) => insert.execute(lite)?,
            }
        }};
    }
    let written = match <[NewDelivery; 2]>::try_from(rows) {
        Ok(pair) => insert!(pair),
        Err(rows) if rows.len() > 2 => insert!(rows),
        Err(rows) => match rows.into_iter().next() {
            Some(one) => insert!(one),
            None => 0,
        },
    };
    if written > 0 {
        work_for_senders(conn)?;
    }
    Ok(())
}

/// Whether the stored event list (a JSON array) holds `event_type`.
pub fn subscribes(stored_events: &str, event_type: &str) -> bool {
    serde_json::from_str::<Vec<String>>(stored_events)
        .map(|events| events.iter().any(|e| e == event_type))
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endpoint_subscribes_to_the_events_it_lists() {
        let stored = r#"["parcel.created","invoice.paid"]"#;
        assert!(subscribes(stored, PARCEL_CREATED));
        assert!(subscribes(stored, INVOICE_PAID));
        assert!(!subscribes(stored, PARCEL_STATUS_CHANGED));
        assert!(!subscribes("not json", PARCEL_CREATED));
    }
}
