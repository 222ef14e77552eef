//! Diesel is synchronous: every database call from a handler runs on the blocking pool.

use std::cell::RefCell;
use std::ops::Deref;
use std::sync::Arc;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::web;
use colivra_core::{AppError, AppResult};
use colivra_db::{Backend, DbConnection, DbPool};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;

/// The connection pool with a first-come, first-served queue in front of it. r2d2 wakes the
/// threads waiting for a connection in no particular order, so under load some requests waited
/// many times the median; waiting for a permit here instead (one per connection, a fair queue)
/// keeps the slowest requests close to the others.
#[derive(Clone)]
pub struct Database {
    pool: DbPool,
    queue: Arc<Semaphore>,
    /// Short reads may run on the async worker itself ([`read_here`]): SQLite only.
    reads_here: bool,
    /// `COLIVRA_READ_DATABASE_URL`: where lists, searches, dashboards and exports may read.
    replica: Option<Arc<ReadReplica>>,
    /// This is the read replica's pool (answers say so in `Server-Timing`).
    on_replica: bool,
}

impl Database {
    /// The pool's connections: (open, idle).
    pub fn pool_state(&self) -> (u32, u32) {
        let state = self.pool.state();
        (state.connections, state.idle_connections)
    }

    pub fn new(pool: DbPool, backend: Backend) -> Self {
        let permits = pool.max_size() as usize;
        Database {
            pool,
            queue: Arc::new(Semaphore::new(permits)),
            reads_here: backend == Backend::Sqlite,
            replica: None,
            on_replica: false,
        }
    }

    /// A read replica's pool (PostgreSQL), for [`ReadReplica`].
    pub fn of_replica(pool: DbPool) -> Self {
        Database {
            on_replica: true,
            ..Database::new(pool, Backend::Postgres)
        }
    }

    /// With a read replica for the reads that decide no write.
    pub fn with_replica(mut self, replica: Arc<ReadReplica>) -> Self {
        self.replica = Some(replica);
        self
    }

    pub fn replica(&self) -> Option<&Arc<ReadReplica>> {
        self.replica.as_ref()
    }

    /// Where a read that decides no write (a list, a search, a dashboard, an export) goes for a
    /// caller whose last write was answered at `wrote_at` (ms since the epoch): the replica when
    /// it is fresh enough and holds that write, else this database.
    pub fn for_reading(&self, wrote_at: Option<i64>) -> Database {
        match &self.replica {
            Some(replica) if replica.freshness.serves(wrote_at) => replica.database.clone(),
            _ => self.clone(),
        }
    }
}

/// A read replica (`COLIVRA_READ_DATABASE_URL`): its pool and how fresh it is
/// ([`crate::replica`], kept by [`watch_replica`]).
pub struct ReadReplica {
    pub database: Database,
    pub freshness: crate::replica::Freshness,
}

/// Asks the primary, then the replica, where they are, for as long as the server runs (every
/// [`crate::replica::WATCH_EVERY`]). A round that fails (either server down) takes the replica
/// out until one succeeds. Nothing to do without a replica.
pub async fn watch_replica(primary: Database) {
    let Some(replica) = primary.replica.clone() else {
        return;
    };
    let freshness = &replica.freshness;
    let mut samples = colivra_db::replica::Samples::default();
    // Samples older than twice the bound are of no use: past the bound the replica serves nothing.
    let keep_ms = freshness.max_lag_ms().saturating_mul(2).max(1_000);
    let mut every = actix_web::rt::time::interval(crate::replica::WATCH_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let at = crate::replica::now_ms();
        let round = async {
            let position = run(&primary, colivra_db::replica::primary_position)
                .await
                .ok()?;
            let replayed = run(&replica.database, colivra_db::replica::replayed_position)
                .await
                .ok()?;
            Some((position, replayed))
        };
        let Some((position, replayed)) = round.await else {
            freshness.set_caught_up_to(0);
            crate::metrics::replica(false, None);
            continue;
        };
        samples.record(at, position, keep_ms);
        let caught_up_to = samples.caught_up_to(replayed).unwrap_or(0);
        freshness.set_caught_up_to(caught_up_to);
        let lag_ms = if caught_up_to > 0 {
            crate::replica::now_ms() - caught_up_to
        } else {
            keep_ms
        };
        crate::metrics::replica(
            caught_up_to > 0 && lag_ms <= freshness.max_lag_ms(),
            Some(lag_ms as f64 / 1000.0),
        );
    }
}

/// A write request's caller, remembered once it is answered (with a read replica only).
struct Writer {
    replica: Arc<ReadReplica>,
    caller: Option<u64>,
}

impl Writer {
    /// `None` without a replica: nothing to remember. The database is the app's (`app.rs`
    /// registers it beside the state).
    fn of(req: &actix_web::HttpRequest) -> Option<Writer> {
        let database = req.app_data::<web::Data<Database>>()?;
        Some(Writer {
            replica: database.replica()?.clone(),
            caller: crate::replica::caller_key(req),
        })
    }

    fn wrote(&self, res: &mut actix_web::HttpResponse<impl Sized>) {
        self.replica.freshness.wrote(self.caller, res);
    }
}

impl Deref for Database {
    type Target = DbPool;

    fn deref(&self) -> &DbPool {
        &self.pool
    }
}

/// A checked-out connection with its place in the queue.
struct Held {
    conn: colivra_db::connection::PooledConnection,
    _permit: OwnedSemaphorePermit,
    /// The queue of the database it came from.
    origin: Arc<Semaphore>,
}

/// What the request being served holds and has spent of the database.
#[derive(Default)]
struct RequestDb {
    /// Keep the connection between calls (reads only, see [`one_connection_per_read`]).
    keeps: bool,
    held: Option<Held>,
    statements: u32,
    checkouts: u32,
    busy: std::time::Duration,
    /// The read replica answered some of it.
    replica: bool,
}

/// A request that may have written reached the database since [`take_wrote`] last looked: what
/// tells the figures' fold there may be something to fold (an idle server then runs no
/// statement for it).
static WROTE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether a write request used the database since the last look (and forgets it).
pub fn take_wrote() -> bool {
    WROTE.swap(false, std::sync::atomic::Ordering::Relaxed)
}

tokio::task_local! {
    static REQUEST_DB: RefCell<RequestDb>;
}

/// Reads (GET and HEAD: no body to wait for) keep the connection the session layer checked out
/// for the handler and give it back when the answer is ready: one check-out and one queue wait
/// per request instead of two (issue 23's fixed cost). Writes check out per call, so that a slow
/// client sending its body never holds a connection. Every answer then says what it cost the
/// database in a `Server-Timing` header (`db;dur=…;desc="N statements, M connections"`), which a
/// browser's developer tools show and the tests read.
pub async fn one_connection_per_read(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let read_only = matches!(*req.method(), Method::GET | Method::HEAD);
    // With a read replica, a caller's writes are remembered so that his next reads see them.
    let writer = (!read_only).then(|| Writer::of(req.request())).flatten();
    let request = RefCell::new(RequestDb {
        keeps: read_only,
        ..RequestDb::default()
    });
    let (mut res, request) = REQUEST_DB
        .scope(request, async move {
            let res = next.call(req).await;
            // The connection goes back as soon as the answer is ready, before it is sent.
            let spent = REQUEST_DB.with(|request| {
                let mut request = request.borrow_mut();
                request.held = None;
                (
                    request.statements,
                    request.checkouts,
                    request.busy,
                    request.replica,
                )
            });
            (res, spent)
        })
        .await;
    let (statements, checkouts, busy, on_replica) = request;
    if checkouts > 0 {
        crate::metrics::database(statements, busy.as_secs_f64(), on_replica);
    }
    if checkouts > 0 && !read_only {
        WROTE.store(true, std::sync::atomic::Ordering::Relaxed);
        if let (Some(writer), Ok(res)) = (&writer, res.as_mut()) {
            writer.wrote(res.response_mut());
        }
    }
    if let Ok(res) = res.as_mut() {
        if checkouts > 0 {
            let timing = format!(
                "db;dur={:.2};desc=\"{statements} statements, {checkouts} connections{}\"",
                busy.as_secs_f64() * 1000.0,
                if on_replica { ", read replica" } else { "" }
            );
            if let Ok(value) = actix_web::http::header::HeaderValue::from_str(&timing) {
                res.headers_mut().insert(
                    actix_web::http::header::HeaderName::from_static("server-timing"),
                    value,
                );
            }
        }
    }
    res
}

/// Runs `work` with a pooled connection off the async workers, in arrival order: the request's
/// kept connection when it has one, else one checked out now (and kept when the request keeps
/// one). No connection within the pool's checkout timeout is a 503.
pub async fn run<T, F>(db: &Database, work: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut DbConnection) -> AppResult<T> + Send + 'static,
    T: Send + 'static,
{
    // Outside a request (streamed bodies, background work) nothing is kept or counted.
    let (kept, keeps) = REQUEST_DB
        .try_with(|request| {
            let mut request = request.borrow_mut();
            (request.held.take(), request.keeps)
        })
        .unwrap_or((None, false));
    // A connection kept from the other database (the primary's, when the replica serves a read)
    // goes back to its pool now.
    let kept = kept.filter(|held| Arc::ptr_eq(&held.origin, &db.queue));
    let waiting = std::time::Instant::now();
    let permit = match kept {
        Some(_) => None,
        None => Some(
            db.queue
                .clone()
                .acquire_owned()
                .await
                .map_err(|e| ApiError(AppError::internal(e)))?,
        ),
    };
    let (pool, origin, on_replica) = (db.pool.clone(), db.queue.clone(), db.on_replica);
    let (result, held, spent) = web::block(move || {
        let (mut held, checkouts) = match (kept, permit) {
            (Some(held), _) => (held, 0),
            (None, Some(permit)) => match pool.get() {
                Ok(conn) => (
                    Held {
                        conn: {
                            crate::metrics::pool_wait(waiting.elapsed().as_secs_f64());
                            conn
                        },
                        _permit: permit,
                        origin,
                    },
                    1,
                ),
                Err(e) => {
                    return (
                        Err(AppError::Unavailable(e.to_string())),
                        None,
                        (0, 0, std::time::Duration::ZERO),
                    )
                }
            },
            (None, None) => unreachable!("a permit is taken when no connection is kept"),
        };
        let (result, spent) = measured(work, &mut held, checkouts);
        // A connection found closed goes back from this thread, which drops it.
        let held = (keeps && !colivra_db::lost::connection_lost_here()).then_some(held);
        (result, held, spent)
    })
    .await
    .map_err(|e| ApiError(AppError::internal(e)))?;
    account(held, spent, on_replica);
    result.map_err(ApiError)
}

/// What a call spent: statements sent, check-outs made for it, time.
type Spent = (u32, u32, std::time::Duration);

/// Runs `work` on `held`'s connection and says what it spent: statements sent (counted per
/// thread), check-outs made for it, time.
fn measured<T>(
    work: impl FnOnce(&mut DbConnection) -> AppResult<T>,
    held: &mut Held,
    checkouts: u32,
) -> (AppResult<T>, Spent) {
    let (before, started) = (
        colivra_db::connection::statements_here(),
        std::time::Instant::now(),
    );
    // Outbox rows written by this call wake their senders once its transaction is over.
    let _ = colivra_db::queue::take_written().count();
    let result = work(&mut held.conn);
    colivra_worker::wake_written();
    let spent = (
        colivra_db::connection::statements_here().wrapping_sub(before),
        checkouts,
        started.elapsed(),
    );
    (result, spent)
}

/// What one call spent, added to the request's account, and the connection kept for its next
/// call (unless a call running beside this one already put one back: then this one goes back to
/// the pool).
fn account(held: Option<Held>, spent: Spent, on_replica: bool) {
    let _ = REQUEST_DB.try_with(|request| {
        let mut request = request.borrow_mut();
        request.replica |= on_replica;
        request.statements += spent.0;
        request.checkouts += spent.1;
        request.busy += spent.2;
        if request.held.is_none() {
            request.held = held;
        }
    });
}

/// As [`run`], but a short read runs on the calling async worker when it can start at once: on
/// SQLite (a read of a local file, which under WAL never waits for a writer), with a free place
/// in the queue and an idle connection in the pool. The hand-over to the blocking pool and back
/// cost about as much as the session's own statement (docs/performance.md). Anything else, and
/// anything that may write, goes through [`run`].
pub async fn read_here<T, F>(db: &Database, work: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut DbConnection) -> AppResult<T> + Send + 'static,
    T: Send + 'static,
{
    let idle = || {
        let permit = db.queue.clone().try_acquire_owned().ok()?;
        let conn = db.pool.try_get()?;
        Some(Held {
            conn,
            _permit: permit,
            origin: db.queue.clone(),
        })
    };
    let (nothing_held, keeps) = REQUEST_DB
        .try_with(|request| {
            let request = request.borrow();
            (request.held.is_none(), request.keeps)
        })
        .unwrap_or((true, false));
    let here = if db.reads_here && nothing_held {
        idle()
    } else {
        None
    };
    let Some(mut held) = here else {
        return run(db, work).await;
    };
    let (result, spent) = measured(work, &mut held, 1);
    account(keeps.then_some(held), spent, db.on_replica);
    result.map_err(ApiError)
}

/// The webhook sender's database: the same runner as requests'.
impl colivra_worker::Db for Database {
    async fn run<T, F>(&self, work: F) -> colivra_core::AppResult<T>
    where
        F: FnOnce(&mut DbConnection) -> colivra_core::AppResult<T> + Send + 'static,
        T: Send + 'static,
    {
        run(self, work).await.map_err(|error| error.0)
    }
}
