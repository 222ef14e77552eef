//! The senders of the outboxes (webhook deliveries, messages), inside each server process: the
//! gateway starts one per outbox with [`spawn`], lending its database through [`Db`]. Each takes
//! what is due (leased, so several server processes share the work without sending one row twice
//! at once; the lease renewed while the send is in flight), hands it to its [`Outbox`] to send and
//! record, and looks again.
//!
//! It works when there is work, not on a timer (issue 37: an idle server polled twice a second,
//! taking SQLite's write lock each time): a commit that wrote rows wakes it (in this process
//! through [`wake`], called by the host's database runner with what
//! `colivra_db::queue::take_written` names; from other processes through PostgreSQL's `NOTIFY`,
//! which a listening connection hears), and otherwise it sleeps until the next retry or lease
//! falls due, looking again at most once a minute for what it could not hear of.

use std::future::Future;
use std::sync::LazyLock;
use std::time::Duration;

use chrono::NaiveDateTime;
use colivra_core::AppResult;
use colivra_db::connection::DatabaseUrl;
use colivra_db::queue::{Queue, RENEW_SECONDS};
use colivra_db::DbConnection;
use tokio::sync::watch;

/// What a sender asks of its host: to run a piece of database work off the async workers (on a
/// blocking thread, with a pooled connection) and hand back its result.
pub trait Db: Clone + 'static {
    fn run<T, F>(&self, work: F) -> impl Future<Output = AppResult<T>>
    where
        F: FnOnce(&mut DbConnection) -> AppResult<T> + Send + 'static,
        T: Send + 'static;
}

/// One outbox: how its due rows are taken, renewed and sent.
pub trait Outbox<D: Db>: 'static {
    /// A row taken to be sent.
    type Item: Send + 'static;
    /// Which queue's wake-ups it hears.
    const QUEUE: Queue;
    /// Rows taken at once.
    const BATCH: i64 = 50;

    /// Takes up to `limit` due rows, leased to this sender for `colivra_db::queue::LEASE_SECONDS`.
    fn claim(conn: &mut DbConnection, now: NaiveDateTime, limit: i64)
        -> AppResult<Vec<Self::Item>>;
    /// When the next row falls due (a retry, a lease's end), if any is waiting.
    fn next_due(conn: &mut DbConnection) -> AppResult<Option<NaiveDateTime>>;
    /// Extends this sender's leases on `ids` still being sent.
    fn renew(conn: &mut DbConnection, ids: &[i64], now: NaiveDateTime) -> AppResult<usize>;
    fn id(item: &Self::Item) -> i64;
    /// Sends the rows and records how each went (their leases end with the record).
    fn send(&self, db: &D, items: Vec<Self::Item>) -> impl Future<Output = ()>;
}

/// A counter per queue every sender of this process watches (a test process runs several
/// servers, each with its senders; each wakes, finds its own work or none).
static WAKE: LazyLock<[watch::Sender<u64>; 2]> =
    LazyLock::new(|| [watch::channel(0).0, watch::channel(0).0]);

fn waker(queue: Queue) -> &'static watch::Sender<u64> {
    &WAKE[match queue {
        Queue::Webhooks => 0,
        Queue::Messages => 1,
    }]
}

/// Rows of `queue` were committed: its senders in this process look at once.
pub fn wake(queue: Queue) {
    waker(queue).send_modify(|count| *count = count.wrapping_add(1));
}

/// Wakes the senders of every queue written on this thread since the last look.
pub fn wake_written() {
    colivra_db::queue::take_written().for_each(wake);
}

/// The longest sleep with nothing due: what was written where no wake reaches (a SQLite file
/// written by another process) waits at most this.
const AT_MOST_ASLEEP: Duration = Duration::from_secs(60);
/// The wait after the database failed.
const AFTER_ERROR: Duration = Duration::from_secs(2);

/// Starts `outbox`'s sender on the current actix runtime; it runs until the runtime stops (or
/// the handle is aborted). With a PostgreSQL `listen` URL, a connection of its own listens for
/// the rows other processes commit.
pub fn spawn<D: Db, O: Outbox<D>>(
    db: D,
    outbox: O,
    listen: Option<DatabaseUrl>,
) -> actix_rt::task::JoinHandle<()> {
    let queue = O::QUEUE;
    if let Some(url) = listen.filter(|url| matches!(url, DatabaseUrl::Postgres(_))) {
        std::thread::Builder::new()
            .name(format!("{}-listen", queue.channel()))
            .spawn(move || listen_for_work(&url, queue))
            .expect("a thread for the outbox listener");
    }
    let mut woken = waker(queue).subscribe();
    actix_rt::spawn(async move {
        loop {
            // What wakes from here on is seen by the next wait, even while this round works.
            woken.borrow_and_update();
            let now = colivra_core::time::now();
            let due = db.run(move |conn| O::claim(conn, now, O::BATCH)).await;
            let wait = match due {
                Ok(due) if !due.is_empty() => {
                    send_renewing(&db, &outbox, due).await;
                    continue;
                }
                Ok(_) => until_next_due::<D, O>(&db).await,
                Err(error) => {
                    tracing::warn!(%error, queue = queue.channel(), "could not take the due rows");
                    AFTER_ERROR
                }
            };
            let _ = actix_rt::time::timeout(wait, woken.changed()).await;
        }
    })
}

/// How long to sleep when nothing is due: until the next retry or lease's end (at least a
/// moment, at most [`AT_MOST_ASLEEP`]).
async fn until_next_due<D: Db, O: Outbox<D>>(db: &D) -> Duration {
    match db.run(O::next_due).await {
        Ok(Some(at)) => (at - colivra_core::time::now())
            .to_std()
            .unwrap_or_default()
            .clamp(Duration::from_millis(20), AT_MOST_ASLEEP),
        Ok(None) => AT_MOST_ASLEEP,
        Err(error) => {
            tracing::warn!(%error, queue = O::QUEUE.channel(), "could not read the next due row");
            AFTER_ERROR
        }
    }
}

/// Sends a batch, renewing its leases every [`RENEW_SECONDS`] until every answer is recorded: a
/// slow receiver keeps what it was given; a dead process's hold lapses quickly.
async fn send_renewing<D: Db, O: Outbox<D>>(db: &D, outbox: &O, due: Vec<O::Item>) {
    let ids: Vec<i64> = due.iter().map(O::id).collect();
    let renew = async {
        let every = Duration::from_secs(RENEW_SECONDS);
        loop {
            actix_rt::time::sleep(every).await;
            let ids = ids.clone();
            let now = colivra_core::time::now();
            if let Err(error) = db.run(move |conn| O::renew(conn, &ids, now)).await {
                tracing::warn!(%error, queue = O::QUEUE.channel(), "the leases could not be renewed");
            }
        }
    };
    let send = outbox.send(db, due);
    futures_util::pin_mut!(renew, send);
    futures_util::future::select(send, renew).await;
}

/// Listens on `queue`'s PostgreSQL channel for rows committed by any process and wakes this
/// process's senders. The connection is its own (a pooled one would be lent to requests);
/// reading what arrived costs no statement. Connects again after a loss, waking once (what was
/// committed meanwhile was not heard).
fn listen_for_work(url: &DatabaseUrl, queue: Queue) {
    loop {
        let listening = url
            .establish(Duration::from_secs(10))
            .map_err(|error| error.to_string())
            .and_then(|conn| match conn {
                DbConnection::Pg(mut pg) => {
                    use diesel::RunQueryDsl;
                    diesel::sql_query(format!("LISTEN {}", queue.channel()))
                        .execute(&mut pg)
                        .map(|_| pg)
                        .map_err(|error| error.to_string())
                }
                DbConnection::Sqlite(_) => Err("not PostgreSQL".to_owned()),
            });
        match listening {
            Ok(mut pg) => {
                wake(queue);
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
                        wake(queue);
                    }
                    if let Some(error) = lost {
                        tracing::warn!(%error, queue = queue.channel(), "the listening connection was lost");
                        break;
                    }
                    // The socket is read every 50 ms: what was heard is acted on within that.
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
            Err(error) => {
                tracing::warn!(%error, queue = queue.channel(), "cannot listen for work; trying again");
            }
        }
        std::thread::sleep(Duration::from_secs(5));
    }
}

/// The HTTP client an outbox posts with (made on the sender's runtime: it is not `Send`): https
/// with the system's CA certificates (a receiver's certificate must be valid), no redirects
/// followed, `timeout` for connecting and for the whole answer.
pub fn http_client(user_agent: &'static str, timeout: Duration) -> awc::Client {
    let mut tls = openssl::ssl::SslConnector::builder(openssl::ssl::SslMethod::tls_client())
        .expect("OpenSSL client context");
    let _ = tls.set_default_verify_paths();
    awc::Client::builder()
        .connector(awc::Connector::new().openssl(tls.build()).timeout(timeout))
        .timeout(timeout)
        .disable_redirects()
        .add_default_header(("User-Agent", user_agent))
        .finish()
}
