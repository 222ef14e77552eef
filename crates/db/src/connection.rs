use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use diesel::connection::{AnsiTransactionManager, SimpleConnection, TransactionManager};
use diesel::prelude::*;
use diesel::{PgConnection, SqliteConnection};

use colivra_core::{AppError, AppResult};

use crate::error::{app_error_from_diesel, DbError, MapDbErr};
use crate::lost;

/// One connection type for both backends, chosen by the URL scheme.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Pg(PgConnection),
    Sqlite(SqliteConnection),
}

impl DbConnection {
    pub fn backend(&self) -> Backend {
        match self {
            DbConnection::Pg(_) => Backend::Postgres,
            DbConnection::Sqlite(_) => Backend::Sqlite,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A parsed `DATABASE_URL`: `sqlite://relative/path.db`, `sqlite:///absolute/path.db`, or
/// `postgres://user@host:port/name` (also `postgresql://`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    Sqlite(PathBuf),
    Postgres(String),
}

impl DatabaseUrl {
    pub fn parse(url: &str) -> Result<Self, DbError> {
        if let Some(path) = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
        {
            if path.is_empty() {
                return Err(DbError::InvalidUrl(format!("'{url}' names no SQLite file")));
            }
            return Ok(DatabaseUrl::Sqlite(PathBuf::from(path)));
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(DatabaseUrl::Postgres(url.to_owned()));
        }
        Err(DbError::InvalidUrl(format!(
            "'{url}' is neither sqlite://PATH nor postgres://USER@HOST/NAME"
        )))
    }

    pub fn backend(&self) -> Backend {
        match self {
            DatabaseUrl::Sqlite(_) => Backend::Sqlite,
            DatabaseUrl::Postgres(_) => Backend::Postgres,
        }
    }

    /// The URL with any password masked, for logs.
    pub fn redacted(&self) -> String {
        match self {
            DatabaseUrl::Sqlite(path) => format!("sqlite://{}", path.display()),
            DatabaseUrl::Postgres(url) => redact_password(url),
        }
    }

    /// Opens one connection. PostgreSQL gets a short connect timeout so a server that is down
    /// is reported in seconds; a SQLite file's folder is created on first use.
    pub fn establish(&self, connect_timeout: Duration) -> Result<DbConnection, DbError> {
        match self {
            DatabaseUrl::Sqlite(path) => {
                if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                    std::fs::create_dir_all(parent).map_err(|e| {
                        DbError::Connection(format!("cannot create {}: {e}", parent.display()))
                    })?;
                }
                let mut conn = SqliteConnection::establish(&path.to_string_lossy())
                    .map_err(|e| DbError::Connection(e.to_string()))?;
                conn.batch_execute(
                    "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                     PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON;",
                )?;
                // `COLLATE fold` (see `collation`); PostgreSQL has it from a migration.
                // diesel 2.3 hands the callback SQLite's two strings in reverse order: swap them
                // back (the cities test fails in reverse if this ever changes).
                conn.register_collation("fold", |a, b| crate::collation::fold_order(b, a))?;
                Ok(DbConnection::Sqlite(conn))
            }
            DatabaseUrl::Postgres(url) => {
                let url = with_connect_timeout(url, connect_timeout);
                let conn = PgConnection::establish(&url)
                    .map_err(|e| DbError::Connection(e.to_string().trim().replace('\n', " ")))?;
                Ok(DbConnection::Pg(conn))
            }
        }
    }
}

fn with_connect_timeout(url: &str, timeout: Duration) -> String {
    if url.contains("connect_timeout=") {
        return url.to_owned();
    }
    let separator = if url.contains('?') { '&' } else { '?' };
    format!(
        "{url}{separator}connect_timeout={}",
        timeout.as_secs().max(1)
    )
}

fn redact_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let Some((credentials, host)) = rest.split_once('@') else {
        return url.to_owned();
    };
    match credentials.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_owned(),
    }
}

/// r2d2 manager that picks the backend from the URL itself, so a PostgreSQL that is down reports
/// its real error at once instead of diesel's multi-connection fallback and a 30 s wait.
pub struct ConnectionManager {
    url: DatabaseUrl,
    connect_timeout: Duration,
}

impl r2d2::ManageConnection for ConnectionManager {
    type Connection = DbConnection;
    type Error = DbError;

    fn connect(&self) -> Result<DbConnection, DbError> {
        let mut conn = self.url.establish(self.connect_timeout)?;
        // Every statement a pooled connection sends is counted on the thread that sends it
        // ([`statements_here`]): how the gateway tells what a request cost.
        let count = |event: diesel::connection::InstrumentationEvent<'_>| {
            if let diesel::connection::InstrumentationEvent::StartQuery { query, .. } = event {
                if std::env::var_os("DEBUG_SQL").is_some() {
                    eprintln!(
                        "SQL {}",
                        query.to_string().chars().take(200).collect::<String>()
                    );
                }
                STATEMENTS.with(|n| n.set(n.get().wrapping_add(1)));
            }
        };
        match &mut conn {
            DbConnection::Pg(pg) => pg.set_instrumentation(count),
            DbConnection::Sqlite(sqlite) => sqlite.set_instrumentation(count),
        }
        Ok(conn)
    }

    /// Called on every check-out, but sends `SELECT 1` only while a lost connection was seen
    /// lately ([`lost::note_connection_lost`]): otherwise a check-out costs no round trip. A SQLite
    /// connection is a file in this process, which nobody can close under it.
    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), DbError> {
        if matches!(conn, DbConnection::Sqlite(_)) {
            return Ok(());
        }
        if !lost::take_suspect_checkout() {
            return Ok(());
        }
        conn.batch_execute("SELECT 1").map_err(DbError::from)
    }

    /// The connection a query on this thread found closed is not put back.
    fn has_broken(&self, _conn: &mut DbConnection) -> bool {
        std::thread::panicking() || lost::take_connection_lost()
    }
}

thread_local! {
    /// Statements sent by pooled connections on this thread, ever (wrapping).
    static STATEMENTS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Statements sent by pooled connections on this thread so far (wrapping): the difference
/// between two readings around some work is what it sent.
pub fn statements_here() -> u32 {
    STATEMENTS.with(|n| n.get())
}

pub type DbPool = r2d2::Pool<ConnectionManager>;

/// A connection checked out of a [`DbPool`], given back when dropped.
pub type PooledConnection = r2d2::PooledConnection<ConnectionManager>;

#[derive(Debug, Clone)]
pub struct PoolOptions {
    pub max_size: u32,
    /// How long a request waits for a connection before the caller gets a 503.
    pub checkout_timeout: Duration,
    pub connect_timeout: Duration,
}

impl PoolOptions {
    pub fn for_backend(backend: Backend) -> Self {
        Self {
            // SQLite has one writer at a time; a few readers are enough with WAL. PostgreSQL
            // runs a process per connection: past about two per core (plus a couple waiting on
            // I/O) they only take turns, and the slowest requests get slower (measured in
            // docs/performance.md: 16 connections on 2 cores tripled p99 against 6).
            max_size: match backend {
                Backend::Sqlite => 8,
                Backend::Postgres => {
                    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
                    (2 * cores as u32 + 2).clamp(4, 32)
                }
            },
            checkout_timeout: Duration::from_secs(3),
            connect_timeout: Duration::from_secs(3),
        }
    }
}

/// Opens one connection first (so a bad URL or a server that is down fails at once, with its
/// real message), then builds the pool without waiting for it to fill.
pub fn connect_pool(url: &DatabaseUrl, options: &PoolOptions) -> Result<DbPool, DbError> {
    let probe = url.establish(options.connect_timeout)?;
    drop(probe);
    Ok(lazy_pool(url, options))
}

/// A pool that connects when asked: for a server that may come up later (a read replica).
pub fn lazy_pool(url: &DatabaseUrl, options: &PoolOptions) -> DbPool {
    let manager = ConnectionManager {
        url: url.clone(),
        connect_timeout: options.connect_timeout,
    };
    r2d2::Pool::builder()
        .max_size(options.max_size)
        .min_idle(Some(1))
        .connection_timeout(options.checkout_timeout)
        .test_on_check_out(true) // is_valid: a round trip only after a lost connection
        .build_unchecked(manager)
}

/// Runs `work` in one transaction that takes the write lock up front on SQLite (`BEGIN
/// IMMEDIATE`, after this process's turn for that file, see [`sqlite_writer`]), so two
/// concurrent writers queue instead of one failing with "database is locked" when it upgrades; on PostgreSQL a plain transaction (row locks or
/// constraints inside `work` settle races). Any error rolls everything back.
pub fn immediate_transaction<T, F>(conn: &mut DbConnection, work: F) -> AppResult<T>
where
    F: FnOnce(&mut DbConnection) -> AppResult<T>,
{
    match conn {
        DbConnection::Pg(_) => conn
            .transaction(|conn| work(conn).map_err(TransactionError::App))
            .map_err(TransactionError::into_app),
        DbConnection::Sqlite(inner) => {
            let writer = sqlite_writer(inner);
            let _turn = writer
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            AnsiTransactionManager::begin_transaction_sql(inner, "BEGIN IMMEDIATE").map_db_err()?;
            let outcome = work(conn);
            let DbConnection::Sqlite(inner) = conn else {
                unreachable!("backend cannot change")
            };
            match outcome {
                Ok(value) => {
                    <AnsiTransactionManager as TransactionManager<SqliteConnection>>::commit_transaction(inner)
                        .map_db_err()?;
                    Ok(value)
                }
                Err(error) => {
                    <AnsiTransactionManager as TransactionManager<SqliteConnection>>::rollback_transaction(inner)
                        .map_db_err()?;
                    Err(error)
                }
            }
        }
    }
}

/// The lock this process's writers of one SQLite file take turns on. SQLite has one writer at a
/// time, and writers that wait on `busy_timeout` sleep between tries in steps growing to 100 ms:
/// at 32 connections that was creation's tail (p99 684 ms). Waiting here instead, the next writer
/// starts the moment the one before commits; `busy_timeout` still covers other processes. One
/// lock per file, so the tests' many databases in one process do not wait on each other.
fn sqlite_writer(conn: &mut SqliteConnection) -> Arc<Mutex<()>> {
    static WRITERS: OnceLock<Mutex<HashMap<String, Arc<Mutex<()>>>>> = OnceLock::new();
    let file = diesel::select(crate::fixed_sql::fixed_sql::<diesel::sql_types::Text>(
        "(SELECT file FROM pragma_database_list WHERE name = 'main')",
    ))
    .get_result::<String>(conn)
    .unwrap_or_default();
    let mut writers = WRITERS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    writers.entry(file).or_default().clone()
}

/// diesel's `transaction` wants an error it can build from its own; this carries ours through.
enum TransactionError {
    App(AppError),
    Db(diesel::result::Error),
}

impl From<diesel::result::Error> for TransactionError {
    fn from(error: diesel::result::Error) -> Self {
        TransactionError::Db(error)
    }
}

impl TransactionError {
    fn into_app(self) -> AppError {
        match self {
            TransactionError::App(error) => error,
            TransactionError::Db(error) => app_error_from_diesel(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bundled SQLite keeps a statement's plan whatever is bound to it (`.cargo/config.toml`
    /// builds it so): without that, every execution of a statement whose bound value the STAT4
    /// planner reads is prepared again (docs/decisions.md, « Writes kept prepared »).
    #[test]
    fn the_bundled_sqlite_keeps_its_plans_whatever_is_bound() {
        #[derive(diesel::QueryableByName)]
        struct Used {
            #[diesel(sql_type = diesel::sql_types::Integer)]
            used: i32,
        }
        let mut conn = SqliteConnection::establish(":memory:").expect("an in-memory database");
        let option = |conn: &mut SqliteConnection, name: &str| {
            diesel::sql_query(format!(
                "SELECT sqlite_compileoption_used('{name}') AS used"
            ))
            .get_result::<Used>(conn)
            .expect("the compile option")
            .used
        };
        assert_eq!(option(&mut conn, "ENABLE_STAT4"), 1, "STAT4 is still there");
        assert_eq!(
            option(&mut conn, "ENABLE_QPSG"),
            1,
            "LIBSQLITE3_FLAGS lost: see .cargo/config.toml"
        );
    }

    #[test]
    fn parses_both_schemes() {
        assert_eq!(
            DatabaseUrl::parse("sqlite://data/colivra.db").unwrap(),
            DatabaseUrl::Sqlite(PathBuf::from("data/colivra.db"))
        );
        assert_eq!(
            DatabaseUrl::parse("sqlite:///tmp/x.db").unwrap(),
            DatabaseUrl::Sqlite(PathBuf::from("/tmp/x.db"))
        );
        assert_eq!(
            DatabaseUrl::parse("postgres://u@h/db").unwrap().backend(),
            Backend::Postgres
        );
        assert!(DatabaseUrl::parse("mysql://u@h/db").is_err());
        assert!(DatabaseUrl::parse("sqlite://").is_err());
    }

    #[test]
    fn hides_passwords_and_adds_a_connect_timeout() {
        let url = DatabaseUrl::parse("postgres://app:s3cret@db:5432/colivra").unwrap();
        assert_eq!(url.redacted(), "postgres://app:***@db:5432/colivra");
        assert_eq!(
            with_connect_timeout("postgres://h/db", Duration::from_secs(3)),
            "postgres://h/db?connect_timeout=3"
        );
        assert_eq!(
            with_connect_timeout("postgres://h/db?sslmode=disable", Duration::from_secs(2)),
            "postgres://h/db?sslmode=disable&connect_timeout=2"
        );
    }

    #[test]
    fn a_postgres_that_is_down_fails_within_seconds() {
        let url = DatabaseUrl::parse("postgres://postgres@127.0.0.1:1/none").unwrap();
        let started = std::time::Instant::now();
        let Err(error) = connect_pool(&url, &PoolOptions::for_backend(Backend::Postgres)) else {
            panic!("connected to a closed port")
        };
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "took {:?}",
            started.elapsed()
        );
        assert!(error.to_string().contains("cannot connect"), "{error}");
    }
}
