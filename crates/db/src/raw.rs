//! Statements written as SQL text (the figures' unions and the reports over them, which diesel's
//! query builder cannot express as a subquery in FROM), run on either backend with their
//! parameters bound, never spliced into the text.

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::BoxedSqlQuery;
use diesel::sql_types::{BigInt, Text};
use diesel::sqlite::Sqlite;

use crate::connection::DbConnection;

/// A parameter of a statement: numbered in the text as [`placeholder`] names it.
#[derive(Debug, Clone)]
pub enum SqlParam {
    Int(i64),
    Text(String),
}

/// The `n`-th parameter (from 1) as the connection's backend names it: numbered, so that a
/// statement may use one twice.
pub fn placeholder(conn: &DbConnection, n: usize) -> String {
    match conn {
        DbConnection::Pg(_) => format!("${n}"),
        DbConnection::Sqlite(_) => format!("?{n}"),
    }
}

fn bind_all<'f, DB>(
    mut query: BoxedSqlQuery<'f, DB, diesel::query_builder::SqlQuery>,
    params: &[SqlParam],
) -> BoxedSqlQuery<'f, DB, diesel::query_builder::SqlQuery>
where
    DB: diesel::backend::Backend
        + diesel::sql_types::HasSqlType<BigInt>
        + diesel::sql_types::HasSqlType<Text>,
    i64: diesel::serialize::ToSql<BigInt, DB>,
    String: diesel::serialize::ToSql<Text, DB>,
{
    for param in params {
        query = match param {
            SqlParam::Int(value) => query.bind::<BigInt, _>(*value),
            SqlParam::Text(value) => query.bind::<Text, _>(value.clone()),
        };
    }
    query
}

/// Runs `sql` with `params` bound in order and loads its rows.
pub fn load<T>(conn: &mut DbConnection, sql: &str, params: &[SqlParam]) -> QueryResult<Vec<T>>
where
    T: QueryableByName<Pg> + QueryableByName<Sqlite> + 'static,
{
    match conn {
        DbConnection::Pg(pg) => {
            bind_all(diesel::sql_query(sql).into_boxed::<Pg>(), params).load(pg)
        }
        DbConnection::Sqlite(sqlite) => {
            bind_all(diesel::sql_query(sql).into_boxed::<Sqlite>(), params).load(sqlite)
        }
    }
}

/// A statement of fixed text (`parts`, a parameter between each two) that diesel keeps
/// prepared, cached by its text: [`load`]'s statements are prepared again at each execution
/// (diesel cannot know a text built at run time is the same each time), which PostgreSQL then
/// parses and plans and SQLite compiles again. The parameters are numbered by the backend.
struct KeptSql<'a> {
    parts: &'a [&'static str],
    params: &'a [SqlParam],
}

impl diesel::query_builder::QueryFragment<Pg> for KeptSql<'_> {
    fn walk_ast<'b>(&'b self, out: diesel::query_builder::AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        walk_kept(self, out)
    }
}

impl diesel::query_builder::QueryFragment<Sqlite> for KeptSql<'_> {
    fn walk_ast<'b>(
        &'b self,
        out: diesel::query_builder::AstPass<'_, 'b, Sqlite>,
    ) -> QueryResult<()> {
        walk_kept(self, out)
    }
}

fn walk_kept<'b, DB>(
    kept: &'b KeptSql<'_>,
    mut out: diesel::query_builder::AstPass<'_, 'b, DB>,
) -> QueryResult<()>
where
    DB: diesel::backend::Backend
        + diesel::sql_types::HasSqlType<BigInt>
        + diesel::sql_types::HasSqlType<Text>,
    i64: diesel::serialize::ToSql<BigInt, DB>,
    String: diesel::serialize::ToSql<Text, DB>,
{
    for (n, part) in kept.parts.iter().enumerate() {
        out.push_sql(part);
        match kept.params.get(n) {
            Some(SqlParam::Int(value)) => out.push_bind_param::<BigInt, i64>(value)?,
            Some(SqlParam::Text(value)) => out.push_bind_param::<Text, String>(value)?,
            None => {}
        }
    }
    Ok(())
}

// Not a static id: cached by its text.
impl diesel::query_builder::QueryId for KeptSql<'_> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl diesel::query_builder::Query for KeptSql<'_> {
    type SqlType = diesel::sql_types::Untyped;
}

impl<Conn> RunQueryDsl<Conn> for KeptSql<'_> {}

/// Runs the statement of fixed text `parts` (the backend's own: PostgreSQL's, SQLite's), with
/// `params[n]` between `parts[n]` and `parts[n + 1]`, kept prepared (see [`KeptSql`]), and
/// loads its rows.
pub fn load_kept<T>(
    conn: &mut DbConnection,
    parts: (&[&'static str], &[&'static str]),
    params: &[SqlParam],
) -> QueryResult<Vec<T>>
where
    T: QueryableByName<Pg> + QueryableByName<Sqlite> + 'static,
{
    match conn {
        DbConnection::Pg(pg) => KeptSql {
            parts: parts.0,
            params,
        }
        .load(pg),
        DbConnection::Sqlite(sqlite) => KeptSql {
            parts: parts.1,
            params,
        }
        .load(sqlite),
    }
}

#[cfg(test)]
mod tests {
    use diesel::sql_types::{BigInt, Text};

    use super::*;
    use crate::connection::Backend;
    use crate::test_support::{test_backend, TestDatabase};

    #[derive(QueryableByName, Debug, PartialEq)]
    struct Row {
        #[diesel(sql_type = BigInt)]
        n: i64,
        #[diesel(sql_type = Text)]
        word: String,
    }

    #[derive(QueryableByName)]
    struct Prepared {
        #[diesel(sql_type = BigInt)]
        executions: i64,
    }

    /// A kept statement binds its parameters where its parts meet, on both backends, and on
    /// PostgreSQL it is prepared once for every execution (what [`load`] cannot do).
    #[test]
    fn a_kept_statement_binds_between_its_parts_and_stays_prepared() {
        let (_db, pool) = TestDatabase::migrated();
        let mut conn = pool.get().expect("a connection");
        let parts: &[&'static str] = &["SELECT CAST(", " AS BIGINT) * 2 AS n, ", " AS word"];
        for n in 1..=4_i64 {
            let rows: Vec<Row> = load_kept(
                &mut conn,
                (parts, parts),
                &[SqlParam::Int(n), SqlParam::Text(format!("mot {n}"))],
            )
            .expect("the kept statement");
            assert_eq!(
                rows,
                vec![Row {
                    n: n * 2,
                    word: format!("mot {n}")
                }]
            );
        }
        if test_backend() == Backend::Postgres {
            let prepared: Vec<Prepared> = diesel::sql_query(
                "SELECT generic_plans + custom_plans AS executions FROM pg_prepared_statements \
                 WHERE statement LIKE '%AS word'",
            )
            .load(&mut conn)
            .expect("the connection's prepared statements");
            assert_eq!(prepared.len(), 1, "prepared once");
            assert_eq!(prepared[0].executions, 4);
        }
    }
}
