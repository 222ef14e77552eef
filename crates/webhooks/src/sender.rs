//! Sends the webhook deliveries the outbox queued, inside each server process (the gateway
//! starts it with [`spawn`], lending its database through [`SenderDb`]): takes what is due
//! (leased, so several server processes share the work without sending one delivery twice at
//! once; the lease renewed while the send is in flight), posts each event signed, records how it
//! went. The rules (order per object, retries, pauses) are [`crate::deliveries`]'.
//!
//! It works when there is work, not on a timer (issue 37: an idle server polled twice a second,
//! taking SQLite's write lock each time): a commit that wrote deliveries wakes it (in this process
//! through [`wake`], called by the host's database runner; from other processes through
//! PostgreSQL's `NOTIFY`, which a listening connection hears), and otherwise it sleeps until the
//! next retry or lease falls due, looking again at most once a minute for what it could not hear
//! of.

use std::future::Future;
use std::sync::LazyLock;
use std::time::{Duration, Instant};

use colivra_core::AppResult;
use colivra_db::connection::DatabaseUrl;
use colivra_db::DbConnection;
use tokio::sync::watch;

use crate::deliveries::{self, Attempt, Due};
use crate::signature;

/// What the sender asks of its host: to run a piece of database work off the async workers (on
/// a blocking thread, with a pooled connection) and hand back its result.
pub trait SenderDb: Clone + 'static {
    fn run<T, F>(&self, work: F) -> impl Future<Output = AppResult<T>>
    where
        F: FnOnce(&mut DbConnection) -> AppResult<T> + Send + 'static,
        T: Send + 'static;
}

/// A counter every sender of this process watches (a test process runs several servers, each
/// with its sender; each wakes, finds its own work or none).
static WAKE: LazyLock<watch::Sender<u64>> = LazyLock::new(|| watch::channel(0).0);

/// Deliveries were committed: the senders of this process look at once.
pub fn wake() {
    WAKE.send_modify(|count| *count = count.wrapping_add(1));
}

/// Deliveries taken at once.
const BATCH: i64 = 50;
/// Requests in flight to one endpoint at a time: a merchant's shop is no load balancer.
const PER_ENDPOINT: usize = 8;
/// The longest sleep with nothing due: what was written where no wake reaches (a SQLite file
/// written by another process) waits at most this.
const AT_MOST_ASLEEP: Duration = Duration::from_secs(60);
/// The wait after the database failed.
const AFTER_ERROR: Duration = Duration::from_secs(2);
/// A receiver answers within this, or the attempt failed.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// Starts the sender on the current actix runtime; it runs until the runtime stops (or the
/// handle is aborted). With a PostgreSQL `listen` URL, a connection of its own listens for the
/// deliveries other processes commit.
pub fn spawn<D: SenderDb>(
    pool: D,
    allow_private: bool,
    listen: Option<DatabaseUrl>,
) -> actix_rt::task::JoinHandle<()> {
    if let Some(url) = listen.filter(|url| matches!(url, DatabaseUrl::Postgres(_))) {
        std::thread::Builder::new()
            .name("webhook-listen".to_owned())
            .spawn(move || listen_for_deliveries(&url))
            .expect("a thread for the webhook listener");
    }
    let mut woken = WAKE.subscribe();
    actix_rt::spawn(async move {
        let client = client();
        loop {
            // What wakes from here on is seen by the next wait, even while this round works.
            woken.borrow_and_update();
            let now = colivra_core::time::now();
            let due = pool
                .run(move |conn| deliveries::claim_due(conn, now, BATCH))
                .await;
            let wait = match due {
                Ok(due) if !due.is_empty() => {
                    send_renewing(&client, &pool, allow_private, due).await;
                    continue;
                }
                Ok(_) => until_next_due(&pool).await,
                Err(error) => {
                    tracing::warn!(%error, "webhooks: could not take the due deliveries");
                    AFTER_ERROR
                }
            };
            let _ = actix_rt::time::timeout(wait, woken.changed()).await;
        }
    })
}

/// How long to sleep when nothing is due: until the next retry or lease's end (at least a
/// moment, at most [`AT_MOST_ASLEEP`]).
async fn until_next_due(pool: &impl SenderDb) -> Duration {
    match pool.run(deliveries::next_due).await {
        Ok(Some(at)) => (at - colivra_core::time::now())
            .to_std()
            .unwrap_or_default()
            .clamp(Duration::from_millis(20), AT_MOST_ASLEEP),
        Ok(None) => AT_MOST_ASLEEP,
        Err(error) => {
            tracing::warn!(%error, "webhooks: could not read the next due delivery");
            AFTER_ERROR
        }
    }
}

/// Sends a batch, renewing its leases every [`deliveries::RENEW_SECONDS`] until every answer is
/// recorded: a slow receiver keeps what it was given; a dead process's hold lapses quickly.
async fn send_renewing(
    client: &awc::Client,
    pool: &impl SenderDb,
    allow_private: bool,
    due: Vec<Due>,
) {
    let ids: Vec<i64> = due.iter().map(|delivery| delivery.id).collect();
    let renew = async {
        let every = Duration::from_secs(deliveries::RENEW_SECONDS);
        loop {
            actix_rt::time::sleep(every).await;
            let ids = ids.clone();
            let now = colivra_core::time::now();
            let renewed = pool
                .run(move |conn| deliveries::renew_leases(conn, &ids, now))
                .await;
            if let Err(error) = renewed {
                tracing::warn!(%error, "webhooks: the leases could not be renewed");
            }
        }
    };
    let send = send_batch(client, pool, allow_private, due);
    futures_util::pin_mut!(renew, send);
    futures_util::future::select(send, renew).await;
}

/// Listens on PostgreSQL's channel for deliveries committed by any process and wakes this
/// process's senders. The connection is its own (a pooled one would be lent to requests);
/// reading what arrived costs no statement. Connects again after a loss, waking once (what was
/// committed meanwhile was not heard).
fn listen_for_deliveries(url: &DatabaseUrl) {
    loop {
        let listening = url
            .establish(Duration::from_secs(10))
            .map_err(|error| error.to_string())
            .and_then(|conn| match conn {
                DbConnection::Pg(mut pg) => {
                    use diesel::RunQueryDsl;
                    diesel::sql_query(format!("LISTEN {}", colivra_db::outbox::CHANNEL))
                        .execute(&mut pg)
                        .map(|_| pg)
                        .map_err(|error| error.to_string())
                }
                DbConnection::Sqlite(_) => Err("not PostgreSQL".to_owned()),
            });
        match listening {
            Ok(mut pg) => {
                wake();
                loop {
                    let mut heard = false;
                    let mut lost = None;
                    for notification in pg.notifications_iter() {
                        match notification {
                            Ok(_) => heard = true,
                            Err(error) => {
                                lost = Some(error);
                                break;
                            }
                        }
                    }
                    if heard {
                        wake();
                    }
                    if let Some(error) = lost {
                        tracing::warn!(%error, "webhooks: the listening connection was lost");
                        break;
                    }
                    // The socket is read every 50 ms: what was heard is acted on within that.
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
            Err(error) => {
                tracing::warn!(%error, "webhooks: cannot listen for deliveries; trying again");
            }
        }
        std::thread::sleep(Duration::from_secs(5));
    }
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
    let mut tls = openssl::ssl::SslConnector::builder(openssl::ssl::SslMethod::tls_client())
        .expect("OpenSSL client context");
    // The system's CA certificates; a receiver's certificate must be valid.
    let _ = tls.set_default_verify_paths();
    awc::Client::builder()
        .connector(awc::Connector::new().openssl(tls.build()).timeout(TIMEOUT))
        .timeout(TIMEOUT)
        .disable_redirects()
        .add_default_header(("User-Agent", "Colivra-Webhooks/1"))
        .finish()
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
