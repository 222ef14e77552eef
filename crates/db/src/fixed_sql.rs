//! SQL text fixed in the source, as `diesel::dsl::sql` writes it, but kept prepared.
//!
//! diesel never keeps a statement holding `sql(…)` prepared: it cannot know the text is the same
//! each time. PostgreSQL then parses and plans that statement for every request (issue 23: the
//! phone search's page was planned again on each of its thousand requests a second). A
//! `&'static str` is the same each time, so a statement holding one is cached by its text like
//! any boxed query.

use std::marker::PhantomData;

use diesel::backend::Backend;
use diesel::expression::{
    is_aggregate, AppearsOnTable, Expression, SelectableExpression, TypedExpressionType,
    ValidGrouping,
};
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::QueryResult;

/// An expression of type `ST` written as `text` (see the module).
#[derive(Debug, Clone, Copy)]
pub struct FixedSql<ST> {
    text: &'static str,
    sql_type: PhantomData<ST>,
}

/// `text` as an expression of type `ST`, for a statement diesel may keep prepared.
pub fn fixed_sql<ST>(text: &'static str) -> FixedSql<ST> {
    FixedSql {
        text,
        sql_type: PhantomData,
    }
}

impl<ST: TypedExpressionType> Expression for FixedSql<ST> {
    type SqlType = ST;
}

impl<ST, DB: Backend> QueryFragment<DB> for FixedSql<ST> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql(self.text);
        Ok(())
    }
}

// Not a static id: two texts of one type are two statements (cached by their text).
impl<ST> QueryId for FixedSql<ST> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<ST, QS> AppearsOnTable<QS> for FixedSql<ST> where FixedSql<ST>: Expression {}

impl<ST, QS> SelectableExpression<QS> for FixedSql<ST> where FixedSql<ST>: Expression {}

impl<ST, GB> ValidGrouping<GB> for FixedSql<ST> {
    type IsAggregate = is_aggregate::Never;
}

/// A query's `LIMIT` written into its text, not bound, and `OFFSET` only when it is not 0.
///
/// A bound `LIMIT` costs a plan on every execution in both databases: PostgreSQL's generic plan
/// for `LIMIT $1` assumes a tenth of the table is wanted, finds it dearer than a custom plan
/// and plans each execution again (0.14 ms of a 0.26 ms page); SQLite's planner reads a bound
/// `LIMIT` and so prepares the statement again at every binding. Written in, the limit makes
/// one statement per page size (a hundred at most), each planned once. The offset stays bound:
/// one statement per page number would grow the statement cache without end.
#[derive(Debug, Clone, Copy)]
pub struct FixedLimit<Q> {
    query: Q,
    limit: i64,
    offset: i64,
}

/// `.fixed_limit(limit, offset)` on any query (see [`FixedLimit`]).
pub trait FixedLimitDsl: Sized {
    fn fixed_limit(self, limit: i64, offset: i64) -> FixedLimit<Self> {
        FixedLimit {
            query: self,
            limit,
            offset,
        }
    }
}

impl<Q> FixedLimitDsl for Q {}

impl<Q: diesel::query_builder::Query> diesel::query_builder::Query for FixedLimit<Q> {
    type SqlType = Q::SqlType;
}

impl<Q, Conn> diesel::RunQueryDsl<Conn> for FixedLimit<Q> {}

impl<Q> QueryId for FixedLimit<Q> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q, DB> QueryFragment<DB> for FixedLimit<Q>
where
    DB: Backend + diesel::sql_types::HasSqlType<diesel::sql_types::BigInt>,
    Q: QueryFragment<DB>,
    i64: diesel::serialize::ToSql<diesel::sql_types::BigInt, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        self.query.walk_ast(out.reborrow())?;
        out.push_sql(" LIMIT ");
        out.push_sql(&self.limit.max(0).to_string());
        if self.offset != 0 {
            out.push_sql(" OFFSET ");
            out.push_bind_param::<diesel::sql_types::BigInt, _>(&self.offset)?;
        }
        Ok(())
    }
}

/// `UPDATE table SET changes WHERE filter RETURNING returning`, kept prepared: diesel prepares
/// every `UPDATE` afresh at each execution (the columns a changeset sets may vary, so it never
/// caches one), and on SQLite preparing an `UPDATE` of `parcels` compiles its triggers, a quarter
/// of the outcome call's time; PostgreSQL parses and plans it again. Written here from the same
/// parts diesel writes it from, it is cached by its text like any boxed query. For statements of
/// a fixed text (a changeset of `column.eq(value)` only): one whose text varied would leave one
/// cache entry per variant.
#[derive(Debug, Clone, Copy)]
pub struct KeptUpdate<T, V, W, R> {
    /// The table's `FROM` form (its quoted name).
    table: T,
    changes: V,
    filter: W,
    returning: R,
}

/// See [`KeptUpdate`]: `changes` as `(column.eq(value), …)`, `filter` an expression on `table`,
/// `returning` the columns read back (`Selectable::construct_selection()`).
pub fn kept_update<T, C, W, R>(
    table: T,
    changes: C,
    filter: W,
    returning: R,
) -> KeptUpdate<T::FromClause, C::Changeset, W, R>
where
    T: diesel::Table,
    C: diesel::AsChangeset<Target = T>,
{
    KeptUpdate {
        table: table.from_clause(),
        changes: changes.as_changeset(),
        filter,
        returning,
    }
}

impl<T, V, W, R> diesel::query_builder::Query for KeptUpdate<T, V, W, R>
where
    R: Expression,
    R::SqlType: TypedExpressionType,
{
    type SqlType = R::SqlType;
}

impl<T, V, W, R, Conn> diesel::RunQueryDsl<Conn> for KeptUpdate<T, V, W, R> {}

// Not a static id: cached by its text.
impl<T, V, W, R> QueryId for KeptUpdate<T, V, W, R> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<T, V, W, R, DB> QueryFragment<DB> for KeptUpdate<T, V, W, R>
where
    DB: Backend,
    T: QueryFragment<DB>,
    V: QueryFragment<DB>,
    W: QueryFragment<DB>,
    R: QueryFragment<DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql("UPDATE ");
        self.table.walk_ast(out.reborrow())?;
        out.push_sql(" SET ");
        self.changes.walk_ast(out.reborrow())?;
        out.push_sql(" WHERE ");
        self.filter.walk_ast(out.reborrow())?;
        out.push_sql(" RETURNING ");
        self.returning.walk_ast(out.reborrow())
    }
}

#[cfg(test)]
mod tests {
    use diesel::connection::SimpleConnection;
    use diesel::prelude::*;

    use super::{kept_update, FixedLimitDsl};
    use crate::connection::Backend;
    use crate::test_support::{test_backend, TestDatabase};

    diesel::table! {
        limit_probe (id) {
            id -> BigInt,
            bucket -> Integer,
        }
    }

    #[derive(QueryableByName)]
    struct Plans {
        #[diesel(sql_type = diesel::sql_types::Text)]
        statement: String,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        generic_plans: i64,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        custom_plans: i64,
    }

    /// PostgreSQL plans a page with its limit written in once and reuses the plan; with the
    /// limit bound it plans every execution again (what made a page cost twice its execution).
    #[test]
    fn a_written_limit_lets_postgresql_reuse_its_plan() {
        if test_backend() != Backend::Postgres {
            return; // SQLite has no plan cache to observe from SQL
        }
        let (_db, pool) = TestDatabase::migrated();
        let mut conn = pool.get().expect("a connection");
        conn.batch_execute(
            "CREATE TABLE limit_probe (id BIGINT PRIMARY KEY, bucket INTEGER NOT NULL); \
             INSERT INTO limit_probe SELECT n, n % 50 FROM generate_series(1, 20000) AS n; \
             CREATE INDEX limit_probe_bucket ON limit_probe (bucket, id); ANALYZE limit_probe;",
        )
        .expect("the probe table");
        for run in 0..12 {
            let bucket = run % 7;
            let written: Vec<i64> = limit_probe::table
                .filter(limit_probe::bucket.eq(bucket))
                .order(limit_probe::id.desc())
                .select(limit_probe::id)
                .fixed_limit(26, 0)
                .load(&mut conn)
                .expect("the page with its limit written in");
            let bound: Vec<i64> = limit_probe::table
                .filter(limit_probe::bucket.eq(bucket))
                .order(limit_probe::id.desc())
                .select(limit_probe::id)
                .limit(26)
                .load(&mut conn)
                .expect("the page with its limit bound");
            assert_eq!(written, bound);
            assert_eq!(written.len(), 26);
            assert!(written.iter().all(|id| id % 50 == bucket as i64));
        }
        let plans: Vec<Plans> = diesel::sql_query(
            "SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements \
             WHERE statement LIKE '%limit_probe%'",
        )
        .load(&mut conn)
        .expect("the connection's prepared statements");
        let written = plans
            .iter()
            .find(|p| p.statement.contains("LIMIT 26"))
            .expect("the written-limit statement is kept prepared");
        let bound = plans
            .iter()
            .find(|p| !p.statement.contains("LIMIT 26"))
            .expect("the bound-limit statement is kept prepared");
        // Five custom plans, then the generic one for good.
        assert!(written.custom_plans <= 5, "{}", written.custom_plans);
        assert!(written.generic_plans >= 7, "{}", written.generic_plans);
        assert_eq!(
            bound.custom_plans, 12,
            "bound LIMIT: planned at every execution"
        );
    }

    /// An `UPDATE` diesel would send unprepared each time is prepared once as a kept update:
    /// the connection's prepared statements hold it, executed as many times as it was sent,
    /// and it changed the rows it names and read them back.
    #[test]
    fn a_kept_update_is_prepared_once() {
        if test_backend() != Backend::Postgres {
            return; // SQLite's prepared statements cannot be listed from SQL
        }
        let (_db, pool) = TestDatabase::migrated();
        let mut conn = pool.get().expect("a connection");
        conn.batch_execute(
            "CREATE TABLE limit_probe (id BIGINT PRIMARY KEY, bucket INTEGER NOT NULL); \
             INSERT INTO limit_probe SELECT n, 0 FROM generate_series(1, 10) AS n;",
        )
        .expect("the probe table");
        for run in 1..=10_i64 {
            let back: Option<(i64, i32)> = kept_update(
                limit_probe::table,
                limit_probe::bucket.eq(run as i32),
                limit_probe::id.eq(run).and(limit_probe::bucket.eq(0)),
                (limit_probe::id, limit_probe::bucket),
            )
            .get_result(&mut conn)
            .optional()
            .expect("the kept update");
            assert_eq!(back, Some((run, run as i32)));
            diesel::update(limit_probe::table.find(run))
                .set(limit_probe::bucket.eq(run as i32 + 100))
                .execute(&mut conn)
                .expect("the plain update");
        }
        let none: Option<(i64, i32)> = kept_update(
            limit_probe::table,
            limit_probe::bucket.eq(7),
            limit_probe::id.eq(1).and(limit_probe::bucket.eq(0)),
            (limit_probe::id, limit_probe::bucket),
        )
        .get_result(&mut conn)
        .optional()
        .expect("the kept update that finds no row");
        assert_eq!(none, None);
        let plans: Vec<Plans> = diesel::sql_query(
            "SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements \
             WHERE statement LIKE 'UPDATE%limit_probe%'",
        )
        .load(&mut conn)
        .expect("the connection's prepared statements");
        assert_eq!(plans.len(), 1, "only the kept update is prepared");
        assert_eq!(plans[0].generic_plans + plans[0].custom_plans, 11);
        let buckets: Vec<i32> = limit_probe::table
            .order(limit_probe::id)
            .select(limit_probe::bucket)
            .load(&mut conn)
            .expect("the buckets");
        assert_eq!(buckets, (101..=110).collect::<Vec<_>>());
    }
}
