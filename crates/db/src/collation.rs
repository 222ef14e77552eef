//! `COLLATE fold`: names ordered as people read them, the same on both backends. Its own module
//! because the connection registers it on every SQLite connection and the lists order by it.

use diesel::QueryResult;

/// `expr COLLATE fold`: text ordered as people read it, accents and case aside ("Aïn Harrouda"
/// before "Azrou", "Fès" before "Fquih Ben Salah"), ties broken by accents then case. PostgreSQL
/// gets `fold` from a migration (ICU's root collation); each SQLite connection registers it
/// (see `connection::DatabaseUrl::establish`). For ORDER BY only: filters keep the column's own
/// comparison.
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
