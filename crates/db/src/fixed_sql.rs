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
