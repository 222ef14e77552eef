//! One paging vocabulary for every list: a [`Page`] in (`?page=&per_page=`, or `?cursor=` on the
//! keyset list of parcels), a [`Paginated`] `{data, meta}` out.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub const DEFAULT_PER_PAGE: i64 = 25;
pub const MAX_PER_PAGE: i64 = 100;

/// Which rows of a list to answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Page {
    /// The `page`-th run of `per_page` rows (1-based).
    Number { page: i64, per_page: i64 },
    /// The `per_page` rows after the row a keyset cursor names (the `next_cursor` of the page
    /// before).
    Cursor { after: String, per_page: i64 },
}

impl Page {
    /// A numbered page from what the query said: page at least 1, 1 to 100 rows (25 unsaid).
    pub fn number(page: Option<i64>, per_page: Option<i64>) -> Page {
        Page::Number {
            page: page.unwrap_or(1).max(1),
            per_page: clamp_per_page(per_page),
        }
    }

    /// The rows after `cursor`, as many as a numbered page would hold.
    pub fn cursor(after: impl Into<String>, per_page: Option<i64>) -> Page {
        Page::Cursor {
            after: after.into(),
            per_page: clamp_per_page(per_page),
        }
    }

    pub fn per_page(&self) -> i64 {
        match self {
            Page::Number { per_page, .. } | Page::Cursor { per_page, .. } => *per_page,
        }
    }

    /// The page number; 0 on a cursor page, whose place in the list is unknown.
    pub fn number_or_zero(&self) -> i64 {
        match self {
            Page::Number { page, .. } => *page,
            Page::Cursor { .. } => 0,
        }
    }

    /// Rows before a numbered page (a page far past the end saturates instead of overflowing);
    /// 0 on a cursor page, which starts where its cursor says.
    pub fn offset(&self) -> i64 {
        match self {
            Page::Number { page, per_page } => (page - 1).saturating_mul(*per_page),
            Page::Cursor { .. } => 0,
        }
    }

    /// The cursor of a cursor page.
    pub fn after(&self) -> Option<&str> {
        match self {
            Page::Number { .. } => None,
            Page::Cursor { after, .. } => Some(after),
        }
    }

    /// The `meta` of a numbered page of a list of `total` rows.
    pub fn meta(&self, total: i64) -> PageMeta {
        let per_page = self.per_page();
        PageMeta {
            page: self.number_or_zero(),
            per_page,
            total: Some(total),
            // An empty one-page list (per_page 0) has one page too.
            last_page: Some(((total + per_page - 1) / per_page.max(1)).max(1)),
            total_capped: None,
            next_cursor: None,
        }
    }

    /// The `meta` of a keyset page: `total` counted up to a cap (`None` on cursor pages), and
    /// where the next page starts.
    pub fn keyset_meta(
        &self,
        total: Option<i64>,
        total_capped: bool,
        next_cursor: Option<String>,
    ) -> PageMeta {
        PageMeta {
            page: self.number_or_zero(),
            per_page: self.per_page(),
            total,
            last_page: None,
            total_capped: Some(total_capped),
            next_cursor: Some(next_cursor),
        }
    }
}

impl Default for Page {
    fn default() -> Self {
        Page::number(None, None)
    }
}

fn clamp_per_page(per_page: Option<i64>) -> i64 {
    per_page.unwrap_or(DEFAULT_PER_PAGE).clamp(1, MAX_PER_PAGE)
}

/// Where a page sits in its list. Numbered lists answer `{page, per_page, total, last_page}`;
/// the keyset list of parcels `{page, per_page, total, total_capped, next_cursor}`: each list's
/// JSON leaves out the other kind's fields.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
pub struct PageMeta {
    /// 1-based; 0 on a cursor page.
    pub page: i64,
    pub per_page: i64,
    /// Matching rows. Keyset lists count up to a cap (see `total_capped`) and say `null` on
    /// cursor pages.
    #[schema(required = true)]
    pub total: Option<i64>,
    /// Numbered lists only: the last page, at least 1 even for an empty list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_page: Option<i64>,
    /// Keyset lists only: true when there are more than `total`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_capped: Option<bool>,
    /// Keyset lists only: pass as `cursor` for the next page; `null` on the last page.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub next_cursor: Option<Option<String>>,
}

/// A page of a list: `{data, meta}`.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
pub struct Paginated<T> {
    pub data: Vec<T>,
    pub meta: PageMeta,
}

impl<T> Paginated<T> {
    /// The same page with each row turned into another shape.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Paginated<U> {
        Paginated {
            data: self.data.into_iter().map(f).collect(),
            meta: self.meta,
        }
    }

    /// The same page with its rows turned into another shape all at once (a step that may fail,
    /// or that looks up what the whole page refers to in one query).
    pub fn try_map_all<U, E>(
        self,
        f: impl FnOnce(Vec<T>) -> Result<Vec<U>, E>,
    ) -> Result<Paginated<U>, E> {
        Ok(Paginated {
            data: f(self.data)?,
            meta: self.meta,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamps_page_and_size() {
        let page = Page::number(Some(0), Some(1000));
        assert_eq!(page.number_or_zero(), 1);
        assert_eq!(page.per_page(), MAX_PER_PAGE);
        let page = Page::number(Some(3), Some(10));
        assert_eq!(page.offset(), 20);
        assert_eq!(
            page.meta(42),
            PageMeta {
                page: 3,
                per_page: 10,
                total: Some(42),
                last_page: Some(5),
                total_capped: None,
                next_cursor: None,
            }
        );
        assert_eq!(page.meta(0).last_page, Some(1));
        let far = Page::number(Some(i64::MAX), Some(100));
        assert_eq!(far.offset(), i64::MAX);
        assert_eq!(
            Page::default(),
            Page::number(Some(1), Some(DEFAULT_PER_PAGE))
        );
        assert_eq!(Page::cursor("5_9", Some(0)).per_page(), 1);
    }

    #[test]
    fn an_empty_page_of_size_zero_is_one_page_not_a_division_by_zero() {
        let meta = Page::Number {
            page: 1,
            per_page: 0,
        }
        .meta(0);
        assert_eq!(meta.last_page, Some(1));
        assert_eq!(meta.total, Some(0));
    }

    #[test]
    fn each_list_keeps_its_meta_shape() {
        let numbered = serde_json::to_value(Page::number(Some(2), Some(10)).meta(11)).unwrap();
        assert_eq!(
            numbered,
            serde_json::json!({"page": 2, "per_page": 10, "total": 11, "last_page": 2})
        );
        let first = Page::number(None, Some(10)).keyset_meta(Some(1000), true, Some("7_7".into()));
        assert_eq!(
            serde_json::to_value(first).unwrap(),
            serde_json::json!({"page": 1, "per_page": 10, "total": 1000, "total_capped": true,
                "next_cursor": "7_7"})
        );
        let after = Page::cursor("7_7", Some(10)).keyset_meta(None, false, None);
        assert_eq!(
            serde_json::to_value(after).unwrap(),
            serde_json::json!({"page": 0, "per_page": 10, "total": null, "total_capped": false,
                "next_cursor": null})
        );
    }
}

/// The query parameters every list shares: `?page=&per_page=&sort=&q=`.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct ListQuery {
    pub page: Option<i64>,
    pub per_page: Option<i64>,
    /// A column name, `-name` for descending.
    pub sort: Option<String>,
    /// Free-text search.
    pub q: Option<String>,
}

impl ListQuery {
    /// The numbered page asked for.
    pub fn page(&self) -> Page {
        Page::number(self.page, self.per_page)
    }

    /// The search text, trimmed, or `None` when blank. Longer than 100 characters is a 422.
    pub fn search(&self) -> crate::AppResult<Option<String>> {
        match self.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
            Some(q) if q.chars().count() > 100 => {
                Err(crate::AppError::validation("q", "100 caractères au plus."))
            }
            Some(q) => Ok(Some(q.to_owned())),
            None => Ok(None),
        }
    }

    /// The sort column among `allowed` (the first is the default, ascending).
    pub fn sort(&self, allowed: &[&'static str]) -> crate::AppResult<Sort> {
        let Some(raw) = self
            .sort
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        else {
            return Ok(Sort {
                column: allowed[0],
                descending: false,
            });
        };
        let (name, descending) = match raw.strip_prefix('-') {
            Some(name) => (name, true),
            None => (raw, false),
        };
        allowed
            .iter()
            .find(|column| **column == name)
            .map(|column| Sort { column, descending })
            .ok_or_else(|| {
                crate::AppError::validation(
                    "sort",
                    format!("Tri possible par : {}.", allowed.join(", ")),
                )
            })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sort {
    pub column: &'static str,
    pub descending: bool,
}

/// `%text%` for a LIKE comparison, with LIKE's own wildcards escaped (use `ESCAPE '\'`).
pub fn like_pattern(text: &str) -> String {
    let escaped = text
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{}%", escaped.to_lowercase())
}

#[cfg(test)]
mod list_tests {
    use super::*;

    #[test]
    fn sort_accepts_only_listed_columns() {
        let query = ListQuery {
            sort: Some("-name".into()),
            ..Default::default()
        };
        assert_eq!(
            query.sort(&["id", "name"]).unwrap(),
            Sort {
                column: "name",
                descending: true
            }
        );
        assert_eq!(
            ListQuery::default().sort(&["id", "name"]).unwrap(),
            Sort {
                column: "id",
                descending: false
            }
        );
        let bad = ListQuery {
            sort: Some("password_hash".into()),
            ..Default::default()
        };
        assert!(bad.sort(&["id"]).is_err());
    }

    #[test]
    fn search_is_trimmed_bounded_and_escaped() {
        let query = ListQuery {
            q: Some("  Fès ".into()),
            ..Default::default()
        };
        assert_eq!(query.search().unwrap().as_deref(), Some("Fès"));
        assert_eq!(
            ListQuery {
                q: Some("   ".into()),
                ..Default::default()
            }
            .search()
            .unwrap(),
            None
        );
        assert!(ListQuery {
            q: Some("x".repeat(101)),
            ..Default::default()
        }
        .search()
        .is_err());
        assert_eq!(like_pattern("50%_OFF"), "%50\\%\\_off%");
    }
}
