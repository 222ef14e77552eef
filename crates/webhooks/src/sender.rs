//! Sends the webhook deliveries the outbox queued, inside each server process: the shared
//! sender loop (`colivra_worker`) takes what is due and hands it here; each event is posted
//! signed and how it went recorded. The rules (order per object, retries, pauses) are
//! [`crate::deliveries`]'.

use std::time::{Duration, Instant};

use chrono::NaiveDateTime;
use colivra_core::AppResult;
use colivra_db::connection::DatabaseUrl;
use colivra_db::queue::Queue;
use colivra_db::DbConnection;
pub use colivra_worker::Db as SenderDb;

use crate::deliveries::{self, Attempt, Due};
use crate::signature;

/// Requests in flight to one endpoint at a time: a merchant's shop is no load balancer.
const PER_ENDPOINT: usize = 8;
/// A receiver answers within this, or the attempt failed.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// Deliveries were committed: the senders of this process look at once.
pub fn wake() {
    colivra_worker::wake(Queue::Webhooks);
}

/// The webhook outbox as the shared sender loop works it.
struct Webhooks {
    client: awc::Client,
    allow_private: bool,
}

impl<D: SenderDb> colivra_worker::Outbox<D> for Webhooks {
    type Item = Due;
    const QUEUE: Queue = Queue::Webhooks;

    fn claim(conn: &mut DbConnection, now: NaiveDateTime, limit: i64) -> AppResult<Vec<Due>> {
        deliveries::claim_due(conn, now, limit)
    }

    fn next_due(conn: &mut DbConnection) -> AppResult<Option<NaiveDateTime>> {
        deliveries::next_due(conn)
    }

    fn renew(conn: &mut DbConnection, ids: &[i64], now: NaiveDateTime) -> AppResult<usize> {
        deliveries::renew_leases(conn, ids, now)
    }

    fn id(item: &Due) -> i64 {
        item.id
    }

    async fn send(&self, db: &D, items: Vec<Due>) {
        send_batch(&self.client, db, self.allow_private, items).await
    }
}

/// Starts the webhook sender on the current actix runtime (see `colivra_worker::spawn`).
pub fn spawn<D: SenderDb>(
    pool: D,
    allow_private: bool,
    listen: Option<DatabaseUrl>,
) -> actix_rt::task::JoinHandle<()> {
    let webhooks = Webhooks {
        client: client(),
        allow_private,
    };
    colivra_worker::spawn(pool, webhooks, listen)
}

/// Sends a batch: endpoints side by side, at most [`PER_ENDPOINT`] requests to each at once; the
/// answers are recorded as they come, those that came together in one transaction.
async fn send_batch(
    client: &awc::Client,
    pool: &impl SenderDb,
    allow_private: bool,
    due: Vec<Due>,
) {
    use futures_util::stream::{self, StreamExt};
    let mut by_endpoint: std::collections::BTreeMap<String, Vec<Due>> = Default::default();
    for delivery in due {
        by_endpoint
            .entry(delivery.url.clone())
            .or_default()
            .push(delivery);
    }
    let endpoints = by_endpoint.into_values().map(|deliveries| {
        stream::iter(deliveries)
            .map(|due| async move { (due.id, send(client, allow_private, &due).await) })
            .buffer_unordered(PER_ENDPOINT)
            .ready_chunks(PER_ENDPOINT * 2)
            .for_each(|attempts| record(pool, attempts))
    });
    futures_util::future::join_all(endpoints).await;
}

async fn record(pool: &impl SenderDb, attempts: Vec<(i64, Attempt)>) {
    let now = colivra_core::time::now();
    let count = attempts.len();
    let recorded = pool
        .run(move |conn| deliveries::record_attempts(conn, &attempts, now))
        .await;
    if let Err(error) = recorded {
        // The leases lapse and the deliveries are tried again: at least once.
        tracing::warn!(%error, count, "webhooks: the attempts could not be recorded");
    }
}

fn client() -> awc::Client {
    colivra_worker::http_client("Colivra-Webhooks/1", TIMEOUT)
}

async fn send(client: &awc::Client, allow_private: bool, due: &Due) -> Attempt {
    let started = Instant::now();
    let failed = |error: String| Attempt {
        status_code: None,
        error: Some(error),
        response: None,
        latency_ms: elapsed_ms(started),
    };
    if !allow_private {
        // The lookup has the receiver's time limit too (a resolver may hang).
        match actix_rt::time::timeout(TIMEOUT, public_only(&due.url)).await {
            Ok(Ok(())) => {}
            Ok(Err(error)) => return failed(error),
            Err(_) => return failed("délai de résolution du nom dépassé".to_owned()),
        }
    }
    let timestamp = chrono::Utc::now().timestamp();
    let request = client
        .post(&due.url)
        .insert_header(("Content-Type", "application/json"))
        .insert_header((signature::EVENT_ID_HEADER, due.event_id.as_str()))
        .insert_header((signature::EVENT_TYPE_HEADER, due.event_type.as_str()))
        .insert_header((
            signature::HEADER,
            signature::sign(&due.secret, timestamp, &due.body),
        ));
    match request.send_body(due.body.clone()).await {
        Ok(mut response) => {
            let status = response.status().as_u16();
            let body = response.body().limit(64 * 1024).await.ok();
            Attempt {
                status_code: Some(status),
                error: None,
                response: body.map(|b| String::from_utf8_lossy(&b).into_owned()),
                latency_ms: elapsed_ms(started),
            }
        }
        Err(error) => failed(error.to_string()),
    }
}

/// Refuses a URL whose host resolves to a private, loopback or link-local address now (a name
/// that was public when the endpoint was registered may not be any more).
async fn public_only(url: &str) -> Result<(), String> {
    let parsed = url::Url::parse(url).map_err(|_| "adresse invalide".to_owned())?;
    let host = parsed.host_str().ok_or("adresse sans hôte")?.to_owned();
    let port = parsed.port_or_known_default().unwrap_or(443);
    let host = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_owned();
    let addresses = tokio::net::lookup_host((host.as_str(), port))
        .await
        .map_err(|e| format!("nom introuvable : {e}"))?;
    let mut any = false;
    for address in addresses {
        any = true;
        if !crate::address::is_public(address.ip()) {
            return Err("adresse privée ou locale refusée".to_owned());
        }
    }
    if any {
        Ok(())
    } else {
        Err("nom introuvable".to_owned())
    }
}

fn elapsed_ms(started: Instant) -> i64 {
    i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX)
}
