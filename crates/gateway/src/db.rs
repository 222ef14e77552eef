//! Diesel is synchronous: every database call from a handler runs on the blocking pool.

use std::ops::Deref;
use std::sync::Arc;

use actix_web::web;
use colivra_core::{AppError, AppResult};
use colivra_db::{DbConnection, DbPool};
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// The connection pool with a first-come, first-served queue in front of it. r2d2 wakes the
/// threads waiting for a connection in no particular order, so under load some requests waited
/// many times the median; waiting for a permit here instead (one per connection, a fair queue)
/// keeps the slowest requests close to the others.
#[derive(Clone)]
pub struct Database {
    pool: DbPool,
    queue: Arc<Semaphore>,
}

impl Database {
    pub fn new(pool: DbPool) -> Self {
        let permits = pool.max_size() as usize;
        Database {
            pool,
            queue: Arc::new(Semaphore::new(permits)),
        }
    }
}

impl Deref for Database {
    type Target = DbPool;

    fn deref(&self) -> &DbPool {
        &self.pool
    }
}

/// Runs `work` with a pooled connection off the async workers, in arrival order. No connection
/// within the pool's checkout timeout is a 503.
pub async fn run<T, F>(db: &Database, work: F) -> Result<T, ApiError>
where
    F: FnOnce(&mut DbConnection) -> AppResult<T> + Send + 'static,
    T: Send + 'static,
{
    let permit = db
        .queue
        .clone()
        .acquire_owned()
        .await
        .map_err(|e| ApiError(AppError::internal(e)))?;
    let pool = db.pool.clone();
    web::block(move || {
        let _permit = permit;
        let mut conn = pool
            .get()
            .map_err(|e| AppError::Unavailable(e.to_string()))?;
        work(&mut conn)
    })
    .await
    .map_err(|e| ApiError(AppError::internal(e)))?
    .map_err(ApiError)
}
