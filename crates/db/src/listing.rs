//! The one way lists are paged: a count and a page of rows from the same filters.

use colivra_core::{AppError, AppResult, Page, Paginated};
use diesel::QueryResult;

pub use crate::collation::{fold, Folded};
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

/// The ids of the people (users) whose full name or company is like `$pattern` (a `&String`,
/// lower-case, `\` escaping, as `like_pattern` makes it): how a list's free-text search finds its
/// rows by their merchant or delivery person (`column.eq_any(people_named_like!(&pattern))`).
/// A macro, not a function: a boxed subquery would be bound to `MultiBackend` alone, while the
/// lists' queries need it on each backend.
#[macro_export]
macro_rules! people_named_like {
    ($pattern:expr) => {{
        use $crate::listing::{lower, lower_opt};
        use $crate::schema::users;
        let pattern: &String = $pattern;
        users::table
            .filter(
                lower(users::first_name.concat(" ").concat(users::last_name))
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower_opt(users::company).like(pattern.clone()).escape('\\')),
            )
            .select(users::id.nullable())
    }};
}

/// The ids of the shops whose name is like `$pattern` (see [`people_named_like!`]).
#[macro_export]
macro_rules! shops_named_like {
    ($pattern:expr) => {{
        use $crate::listing::lower;
        use $crate::schema::shops;
        let pattern: &String = $pattern;
        shops::table
            .filter(lower(shops::name).like(pattern.clone()).escape('\\'))
            .select(shops::id.nullable())
    }};
}

/// How a typed code prefix is searched on an indexed text column: `lower <= code < upper` for the
/// index, and `code LIKE pattern` for exactness. Codes are upper-case letters and digits with
/// hyphens (CLVD96…, BR…, FC-2026-000001, MV…, TK…), so the text is upper-cased.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodePrefix {
    pub lower: String,
    /// `None` when no bound can be given (a prefix ending in Z…, or of other characters).
    pub upper: Option<String>,
    /// `PREFIX%`, LIKE's wildcards escaped (use `ESCAPE '\'`).
    pub pattern: String,
}

/// The bounds of every code starting with `text`. The range runs from the prefix without its
/// trailing punctuation to the next string of digits and capitals ("FC-2026-0" → "FC-2026-1",
/// "CLZZ" → "CM00", "FL-" → "FL".."FM"): digits sort before capitals and the hyphen before both in
/// byte order and in the C, ICU and glibc collations (the latter ignore it), so the range holds
/// every match whatever the database's collation; the LIKE drops what else it holds.
pub fn code_prefix(text: &str) -> CodePrefix {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let upper_text = text.trim().to_uppercase();
    let pattern = format!(
        "{}%",
        upper_text
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    );
    let lower = upper_text
        .trim_end_matches(|c: char| !c.is_ascii_alphanumeric())
        .to_owned();
    let mut bytes = lower.as_bytes().to_vec();
    let mut upper = None;
    for i in (0..bytes.len()).rev() {
        let Some(at) = ALPHABET.iter().position(|b| *b == bytes[i]) else {
            break;
        };
        if at + 1 < ALPHABET.len() {
            bytes[i] = ALPHABET[at + 1];
            upper = String::from_utf8(bytes).ok();
            break;
        }
        bytes[i] = ALPHABET[0];
    }
    CodePrefix {
        lower,
        upper,
        pattern,
    }
}

/// Keeps the rows of a boxed query whose `column` starts with a [`CodePrefix`]:
///
/// ```ignore
/// let q = code_prefix_filter!(vouchers::table.into_boxed(), vouchers::key, &code_prefix(text));
/// ```
#[macro_export]
macro_rules! code_prefix_filter {
    ($query:expr, $column:expr, $prefix:expr) => {{
        let prefix: &$crate::listing::CodePrefix = $prefix;
        let query = $query
            .filter($column.ge(prefix.lower.clone()))
            .filter($column.like(prefix.pattern.clone()).escape('\\'));
        match prefix.upper.clone() {
            Some(upper) => query.filter($column.lt(upper)),
            None => query,
        }
    }};
}

/// The one way a numbered list is paged: runs `count` and `rows(limit, offset)` (both built from
/// the same filters by the caller, both in SQL) and wraps them as `{data, meta}`. Cursor pages
/// belong to the keyset list of parcels; any other list refuses them. `rows` pages its query
/// with `.fixed_limit(limit, offset)` (see [`crate::fixed_sql::FixedLimit`]: planned once).
pub fn paginate<T>(
    conn: &mut DbConnection,
    page: &Page,
    count: impl FnOnce(&mut DbConnection) -> QueryResult<i64>,
    rows: impl FnOnce(&mut DbConnection, i64, i64) -> QueryResult<Vec<T>>,
) -> AppResult<Paginated<T>> {
    if page.after().is_some() {
        return Err(AppError::validation(
            "cursor",
            "Cette liste se parcourt par numéro de page.",
        ));
    }
    let total = count(conn).map_db_err()?;
    let data = rows(conn, page.per_page(), page.offset()).map_db_err()?;
    Ok(Paginated {
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
mod code_prefix_tests {
    use super::code_prefix;

    #[test]
    fn a_code_prefix_is_a_range_and_a_pattern() {
        let p = code_prefix(" fc-2026-0 ");
        assert_eq!(p.lower, "FC-2026-0");
        assert_eq!(p.upper.as_deref(), Some("FC-2026-1"));
        assert_eq!(p.pattern, "FC-2026-0%");
        let p = code_prefix("CLZZ");
        assert_eq!(p.upper.as_deref(), Some("CM00"));
        let p = code_prefix("FL-");
        assert_eq!((p.lower.as_str(), p.upper.as_deref()), ("FL", Some("FM")));
        assert_eq!(p.pattern, "FL-%");
        assert_eq!(code_prefix("BR9").upper.as_deref(), Some("BRA"));
        assert_eq!(code_prefix("ZZ").upper, None);
        assert_eq!(code_prefix("A-Z").upper, None);
        assert_eq!(code_prefix("50%_x").pattern, "50\\%\\_X%");
    }
}
