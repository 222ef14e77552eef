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
