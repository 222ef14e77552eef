//! Database access shared by every domain crate: one schema, one connection type over SQLite and
//! PostgreSQL, the pool, embedded migrations, and per-test databases.

pub mod activities;
pub mod backup;
pub mod claim;
pub mod collation;
pub mod connection;
pub mod error;
pub mod fixed_sql;
pub mod gauges;
pub mod idempotency;
pub mod listing;
pub mod lost;
pub mod migrations;
pub mod outbox;
pub mod queue;
pub mod raw;
pub mod replica;
pub mod schema;
pub mod settings;
pub mod test_support;

pub use connection::{
    connect_pool, immediate_transaction, Backend, DatabaseUrl, DbConnection, DbPool, PoolOptions,
};
pub use error::{DbError, MapDbErr};

/// The backend type of [`DbConnection`], for boxed queries built in one place and reused.
pub type DbBackend = connection::MultiBackend;

/// A trivial query: does the database answer?
pub fn ping(conn: &mut DbConnection) -> colivra_core::AppResult<()> {
    use diesel::connection::SimpleConnection;
    conn.batch_execute("SELECT 1").map_db_err()
}
