//! The figures an operator's metrics read from the database when scraped (the gateway's
//! `/metrics`): the outboxes' backlogs, what was given up, what waits for the office, the live
//! sessions. One statement each, on indexed or small tables; the same from every process.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Timestamp};

use crate::{DbConnection, MapDbErr};

#[derive(QueryableByName)]
pub struct Backlog {
    #[diesel(sql_type = BigInt)]
    pub pending: i64,
    #[diesel(sql_type = Nullable<Timestamp>)]
    pub oldest: Option<chrono::NaiveDateTime>,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// The figures read when scraped: one statement each, on indexed or small tables.
pub struct Scraped {
    pub backlogs: [(&'static str, Backlog); 2],
    pub counts: [(&'static str, i64); 4],
}

pub fn scrape(conn: &mut DbConnection) -> colivra_core::AppResult<Scraped> {
    fn one<
        T: QueryableByName<diesel::pg::Pg> + QueryableByName<diesel::sqlite::Sqlite> + 'static,
    >(
        conn: &mut DbConnection,
        sql: &str,
    ) -> colivra_core::AppResult<T> {
        match conn {
            DbConnection::Pg(pg) => diesel::sql_query(sql).get_result(pg),
            DbConnection::Sqlite(lite) => diesel::sql_query(sql).get_result(lite),
        }
        .map_db_err()
    }
    let backlog = |table: &str| {
        format!("SELECT COUNT(*) AS pending, MIN(created_at) AS oldest FROM {table} WHERE status = 'pending'")
    };
    let count = |sql: &str| format!("SELECT COUNT(*) AS n FROM {sql}");
    let now = colivra_core::time::now();
    Ok(Scraped {
        backlogs: [
            ("webhooks", one(conn, &backlog("webhook_deliveries"))?),
            ("messages", one(conn, &backlog("outbound_messages"))?),
        ],
        counts: [
            (
                "colivra_webhook_deliveries_failed",
                one::<Count>(conn, &count("webhook_deliveries WHERE status = 'failed'"))?.n,
            ),
            (
                "colivra_messages_failed",
                one::<Count>(conn, &count("outbound_messages WHERE status = 'failed'"))?.n,
            ),
            (
                "colivra_unapplied_outcomes",
                one::<Count>(conn, &count("unapplied_outcomes WHERE resolved_at IS NULL"))?.n,
            ),
            (
                "colivra_sessions_active",
                one::<Count>(
                    conn,
                    &count(&format!(
                        "sessions WHERE expires_at > '{}'",
                        now.format("%Y-%m-%d %H:%M:%S")
                    )),
                )?
                .n,
            ),
        ],
    })
}
