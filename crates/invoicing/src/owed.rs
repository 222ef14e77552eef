//! The unpaid lists' pages read from the figures kept as parcels change
//! ([`colivra_parcels::figures::owed_source`]): a few rows per shop or delivery person instead of
//! every eligible parcel (issue 23: 2.2 s p99 at 8 connections on a million parcels).

use colivra_core::{AppResult, Page, Paginated};
use colivra_db::listing::paginate;
use colivra_db::raw::{self, placeholder, SqlParam};
use colivra_db::DbConnection;
use colivra_parcels::figures::{owed_source, Owed};
use diesel::sql_types::BigInt;
use diesel::QueryableByName;

/// A statement over the owed rows (`f`: `owner_id`, `parcels`, `cod`, `fees`) joined to what
/// names them, with its conditions; the count and the page share it.
pub(crate) struct OwedQuery {
    owed: Owed,
    joins: &'static str,
    conditions: Vec<String>,
    params: Vec<SqlParam>,
}

/// An owner's parcels, cash and fees as the owed rows give them (embedded in each list's row).
pub(crate) type OwedFigures = colivra_parcels::figures::Figures;

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

impl OwedQuery {
    /// `joins` joins the names to `f` (e.g. `JOIN users ON users.id = f.owner_id`).
    pub(crate) fn new(owed: Owed, joins: &'static str) -> Self {
        OwedQuery {
            owed,
            joins,
            conditions: Vec::new(),
            params: Vec::new(),
        }
    }

    /// Keeps the rows where `condition` holds; `condition` names the value as `{}` (it may do so
    /// more than once: one parameter, bound once).
    pub(crate) fn filter(&mut self, conn: &DbConnection, condition: &str, value: SqlParam) {
        self.params.push(value);
        let parameter = placeholder(conn, self.params.len());
        self.conditions.push(condition.replace("{}", &parameter));
    }

    fn source_and_conditions(&self) -> String {
        let mut sql = format!("FROM ({}) AS f {}", owed_source(self.owed), self.joins);
        if !self.conditions.is_empty() {
            sql.push_str(" WHERE ");
            sql.push_str(&self.conditions.join(" AND "));
        }
        sql
    }

    /// The page of `T` rows (`columns` selected, in `order` then by owner), with the count of all.
    pub(crate) fn page<T>(
        &self,
        conn: &mut DbConnection,
        page: &Page,
        columns: &str,
        order: &str,
    ) -> AppResult<Paginated<T>>
    where
        T: QueryableByName<diesel::pg::Pg> + QueryableByName<diesel::sqlite::Sqlite> + 'static,
    {
        let from_where = self.source_and_conditions();
        paginate(
            conn,
            page,
            |conn| {
                let sql = format!("SELECT CAST(COUNT(*) AS BIGINT) AS n {from_where}");
                let counts: Vec<Count> = raw::load(conn, &sql, &self.params)?;
                Ok(counts.first().map_or(0, |c| c.n))
            },
            |conn, limit, offset| {
                // Limit and offset are numbers the page computed, not the caller's text.
                let sql = format!(
                    "SELECT {columns} {from_where} ORDER BY {order}, f.owner_id ASC \
                     LIMIT {limit} OFFSET {offset}"
                );
                raw::load(conn, &sql, &self.params)
            },
        )
    }
}
