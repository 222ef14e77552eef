use colivra_core::AppError;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("DATABASE_URL: {0}")]
    InvalidUrl(String),
    #[error("cannot connect to the database: {0}")]
    Connection(String),
    #[error("database query failed: {0}")]
    Query(#[from] DieselError),
    #[error("migration failed: {0}")]
    Migration(String),
    #[error("no database connection available: {0}")]
    Pool(#[from] r2d2::Error),
}

/// Turns database errors into the one application error: a lost connection is a 503, anything
/// else an internal error whose detail stays in the logs.
pub trait MapDbErr<T> {
    fn map_db_err(self) -> Result<T, AppError>;
}

impl<T> MapDbErr<T> for Result<T, DieselError> {
    fn map_db_err(self) -> Result<T, AppError> {
        self.map_err(app_error_from_diesel)
    }
}

pub fn app_error_from_diesel(error: DieselError) -> AppError {
    match error {
        DieselError::NotFound => AppError::NotFound,
        DieselError::DatabaseError(DatabaseErrorKind::ClosedConnection, info) => {
            crate::lost::note_connection_lost();
            AppError::Unavailable(info.message().to_owned())
        }
        DieselError::BrokenTransactionManager => {
            crate::lost::note_connection_lost();
            AppError::Unavailable(error.to_string())
        }
        // A read replica cancelling a query that replay had to overtake, or a transaction that
        // lost a race: nothing is wrong with the request, it may be sent again.
        DieselError::DatabaseError(DatabaseErrorKind::SerializationFailure, info) => {
            AppError::Unavailable(info.message().to_owned())
        }
        // A server shutting down (a restart, a failover) says so before it closes; a server that
        // is no longer the primary refuses writes. Either way the connection is of no more use.
        DieselError::DatabaseError(_, ref info) if server_going_away(info.message()) => {
            crate::lost::note_connection_lost();
            AppError::Unavailable(info.message().to_owned())
        }
        other => AppError::internal(other),
    }
}

/// PostgreSQL's messages for 57P01-57P03 (administrator shutdown, crash shutdown, cannot connect
/// now) and 25006 (read-only transaction): diesel gives no SQLSTATE for them.
fn server_going_away(message: &str) -> bool {
    [
        "terminating connection",
        "the database system is shutting down",
        "the database system is starting up",
        "the database system is in recovery mode",
        "in a read-only transaction",
    ]
    .iter()
    .any(|known| message.contains(known))
}

pub fn is_unique_violation(error: &DieselError) -> bool {
    matches!(
        error,
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)
    )
}
