//! One pagination vocabulary for every list: `?page=&per_page=` in, `{data, meta}` out.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub const DEFAULT_PER_PAGE: i64 = 25;
pub const MAX_PER_PAGE: i64 = 100;

#[derive(Debug, Clone, Copy, Deserialize, IntoParams)]
pub struct PageRequest {
    /// 1-based page number.
    pub page: Option<i64>,
    /// Rows per page, 1 to 100 (default 25).
    pub per_page: Option<i64>,
}

impl PageRequest {
    pub fn page(&self) -> i64 {
        self.page.unwrap_or(1).max(1)
    }

    pub fn per_page(&self) -> i64 {
        self.per_page
            .unwrap_or(DEFAULT_PER_PAGE)
            .clamp(1, MAX_PER_PAGE)
    }

    /// Rows before the page; a page far past the end saturates instead of overflowing.
    pub fn offset(&self) -> i64 {
        (self.page() - 1).saturating_mul(self.per_page())
    }

    pub fn meta(&self, total: i64) -> PageMeta {
        let per_page = self.per_page();
        PageMeta {
            page: self.page(),
            per_page,
            total,
            last_page: ((total + per_page - 1) / per_page).max(1),
        }
    }
}

impl Default for PageRequest {
    fn default() -> Self {
        Self {
            page: Some(1),
            per_page: Some(DEFAULT_PER_PAGE),
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
pub struct PageMeta {
    pub page: i64,
    pub per_page: i64,
    pub total: i64,
    /// At least 1, even for an empty list.
    pub last_page: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ListResponse<T> {
    pub data: Vec<T>,
    pub meta: PageMeta,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamps_page_and_size() {
        let request = PageRequest {
            page: Some(0),
            per_page: Some(1000),
        };
        assert_eq!(request.page(), 1);
        assert_eq!(request.per_page(), MAX_PER_PAGE);
        let request = PageRequest {
            page: Some(3),
            per_page: Some(10),
        };
        assert_eq!(request.offset(), 20);
        assert_eq!(
            request.meta(42),
            PageMeta {
                page: 3,
                per_page: 10,
                total: 42,
                last_page: 5
            }
        );
        assert_eq!(request.meta(0).last_page, 1);
        let far = PageRequest {
            page: Some(i64::MAX),
            per_page: Some(100),
        };
        assert_eq!(far.offset(), i64::MAX);
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
    pub fn page_request(&self) -> PageRequest {
        PageRequest {
            page: self.page,
            per_page: self.per_page,
        }
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
