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

    pub fn offset(&self) -> i64 {
        (self.page() - 1) * self.per_page()
    }

    pub fn meta(&self, total: i64) -> PageMeta {
        PageMeta {
            page: self.page(),
            per_page: self.per_page(),
            total,
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
                total: 42
            }
        );
    }
}
