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
        other => AppError::internal(other),
    }
}

pub fn is_unique_violation(error: &DieselError) -> bool {
    matches!(
        error,
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)
    )
}
