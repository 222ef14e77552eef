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
