//! The one way lists are paged: a count and a page of rows from the same filters.

use colivra_core::{AppResult, ListResponse, PageRequest};
use diesel::QueryResult;

use crate::connection::DbConnection;
use crate::error::MapDbErr;

diesel::define_sql_function! {
    /// Lower-case text, the same on both backends (PostgreSQL's LIKE is case-sensitive).
    fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

diesel::define_sql_function! {
    /// [`lower`] for a nullable column.
    #[sql_name = "lower"]
    fn lower_opt(x: diesel::sql_types::Nullable<diesel::sql_types::Text>) -> diesel::sql_types::Nullable<diesel::sql_types::Text>;
}

/// `expr COLLATE fold`: text ordered as people read it, accents and case aside ("Aïn Harrouda"
/// before "Azrou", "Fès" before "Fquih Ben Salah"), ties broken by accents then case. PostgreSQL
/// gets `fold` from a migration (ICU's root collation); each SQLite connection registers it
/// (see `connection`). For ORDER BY only: filters keep the column's own comparison.
#[derive(Debug, Clone, Copy, diesel::expression::ValidGrouping, diesel::query_builder::QueryId)]
pub struct Folded<E>(E);

pub fn fold<E>(expr: E) -> Folded<E>
where
    E: diesel::Expression<SqlType = diesel::sql_types::Text>,
{
    Folded(expr)
}

impl<E: diesel::Expression> diesel::Expression for Folded<E> {
    type SqlType = E::SqlType;
}

impl<E, DB> diesel::query_builder::QueryFragment<DB> for Folded<E>
where
    DB: diesel::backend::Backend,
    E: diesel::query_builder::QueryFragment<DB>,
{
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, DB>,
    ) -> QueryResult<()> {
        self.0.walk_ast(out.reborrow())?;
        out.push_sql(" COLLATE fold");
        Ok(())
    }
}

impl<E, QS> diesel::AppearsOnTable<QS> for Folded<E> where E: diesel::AppearsOnTable<QS> {}

impl<E, QS> diesel::SelectableExpression<QS> for Folded<E> where E: diesel::SelectableExpression<QS> {}

/// The SQLite side of `fold`: letters compared without their accents and case first.
pub fn fold_order(a: &str, b: &str) -> std::cmp::Ordering {
    let key = |s: &str| -> String { s.chars().flat_map(fold_char).collect() };
    key(a)
        .cmp(&key(b))
        .then_with(|| a.to_lowercase().cmp(&b.to_lowercase()))
        .then_with(|| a.cmp(b))
}

/// A letter without its accent, lower-cased (Latin letters of French and Moroccan names).
fn fold_char(c: char) -> impl Iterator<Item = char> {
    let base = match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' => 'a',
        'ç' | 'Ç' => 'c',
        'è' | 'é' | 'ê' | 'ë' | 'È' | 'É' | 'Ê' | 'Ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' | 'Ì' | 'Í' | 'Î' | 'Ï' => 'i',
        'ñ' | 'Ñ' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' => 'o',
        'ù' | 'ú' | 'û' | 'ü' | 'Ù' | 'Ú' | 'Û' | 'Ü' => 'u',
        'ý' | 'ÿ' | 'Ý' => 'y',
        other => other,
    };
    let ligature = match c {
        'œ' | 'Œ' => Some("oe"),
        'æ' | 'Æ' => Some("ae"),
        'ß' => Some("ss"),
        _ => None,
    };
    let folded: Vec<char> = match ligature {
        Some(text) => text.chars().collect(),
        None => base.to_lowercase().collect(),
    };
    folded.into_iter()
}

/// Runs `count` and `rows(limit, offset)` (both built from the same filters by the caller) and
/// wraps them as `{data, meta}`.
pub fn paginate<T>(
    conn: &mut DbConnection,
    page: PageRequest,
    count: impl FnOnce(&mut DbConnection) -> QueryResult<i64>,
    rows: impl FnOnce(&mut DbConnection, i64, i64) -> QueryResult<Vec<T>>,
) -> AppResult<ListResponse<T>> {
    let total = count(conn).map_db_err()?;
    let data = rows(conn, page.per_page(), page.offset()).map_db_err()?;
    Ok(ListResponse {
        data,
        meta: page.meta(total),
    })
}

/// Orders a boxed query by a [`colivra_core::Sort`] already checked against the resource's
/// sortable names, then by a tie-breaker so pages are stable:
///
/// ```ignore
/// order_by!(query, sort, then cities::name; "name" => cities::name, "delivery_fee" => cities::delivery_fee)
/// ```
///
/// The first pair is also the fallback. A new list only names its columns here.
#[macro_export]
macro_rules! order_by {
    ($query:expr, $sort:expr, then $tie:expr; $first_name:literal => $first:expr $(, $name:literal => $column:expr)* $(,)?) => {{
        let sort = $sort;
        let query = $query;
        let query = match sort.column {
            $( $name => if sort.descending { query.order($column.desc()) } else { query.order($column.asc()) }, )*
            _ => if sort.descending { query.order($first.desc()) } else { query.order($first.asc()) },
        };
        query.then_order_by($tie.asc())
    }};
}

#[cfg(test)]
mod fold_tests {
    use super::fold_order;

    #[test]
    fn names_sort_as_people_read_them() {
        let mut names = vec![
            "Fquih Ben Salah",
            "Azrou",
            "Fès",
            "Aïn Harrouda",
            "agadir",
            "Été",
            "Ouarzazate",
        ];
        names.sort_by(|a, b| fold_order(a, b));
        assert_eq!(
            names,
            vec![
                "agadir",
                "Aïn Harrouda",
                "Azrou",
                "Été",
                "Fès",
                "Fquih Ben Salah",
                "Ouarzazate"
            ]
        );
    }
}
