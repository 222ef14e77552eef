//! Diesel is synchronous: every database call from a handler runs on the blocking pool.

use actix_web::web;
use colivra_core::{AppError, AppResult};
use colivra_db::{DbConnection, DbPool};

use crate::error::ApiError;

/// Runs `work` with a pooled connection off the async workers. No connection within the pool's
/// checkout timeout is a 503.
pub async fn run<T, F>(pool: &DbPool, work: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut DbConnection) -> AppResult<T> + Send + 'static,
    T: Send + 'static,
{
    let pool = pool.clone();
    web::block(move || {
        let mut conn = pool
            .get()
            .map_err(|e| AppError::Unavailable(e.to_string()))?;
        work(&mut conn)
    })
    .await
    .map_err(|e| ApiError(AppError::internal(e)))?
    .map_err(ApiError)
}
