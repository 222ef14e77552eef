//! Every parcel list of every role: one query builder with the caller's scope, the view, filters,
//! search and keyset pagination, so a deep page costs what the first one costs.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use chrono::NaiveDate;
use colivra_core::{AppError, AppResult, ListQuery, Page, Paginated, ParcelId};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::schema::parcels;
use colivra_db::{DbBackend, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::parcel::{self, ParcelRow, ParcelView};
use crate::status::View;
use colivra_core::Scope;

mod cursor;
mod search;

use cursor::Cursor;
use search::{classify, filtered, resolve, statuses};

/// Counting stops here: past it the list says "more than 1,000", which is all a screen needs,
/// and no request pays for counting a million rows.
pub const COUNT_CAP: i64 = 1_000;

/// How long a list known to hold more than [`COUNT_CAP`] parcels skips its count.
const CAPPED_COUNT_MEMORY: Duration = Duration::from_secs(30);

/// What the server remembers between list requests, one per database: lists past the count
/// cap and the names on recent pages.
#[derive(Debug, Default)]
pub struct ListMemory {
    pub capped: CappedCounts,
    pub names: parcel::RecentNames,
}

/// Lists recently counted past the cap, by scope, filters and search: one per database (the
/// server keeps it in its state). Such a list says "more than 1,000" whatever happens within
/// seconds, so its first page need not count again: the busiest lists (an admin's, a big
/// merchant's) then cost one query less. A list under the cap is counted every time, so small
/// lists always show their exact total.
#[derive(Debug, Default)]
pub struct CappedCounts {
    lists: Mutex<HashMap<String, Instant>>,
}

impl CappedCounts {
    fn knows(&self, list: &str) -> bool {
        let lists = self.lists.lock().unwrap_or_else(|e| e.into_inner());
        lists
            .get(list)
            .is_some_and(|at| at.elapsed() < CAPPED_COUNT_MEMORY)
    }

    fn remember(&self, list: String) {
        let mut lists = self.lists.lock().unwrap_or_else(|e| e.into_inner());
        // Bounded: forget what expired, and everything when that is not enough.
        if lists.len() >= 10_000 {
            lists.retain(|_, at| at.elapsed() < CAPPED_COUNT_MEMORY);
            if lists.len() >= 10_000 {
                lists.clear();
            }
        }
        lists.insert(list, Instant::now());
    }
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct ParcelFilters {
    /// A named view: all, new, not-picked-up, pickup, sent, shipped, delivered, canceled,
    /// returned, to-be-returned, refunds, exchanges, change-address, unpaid (delivered, on no
    /// client invoice), reimbursed (on a paid client invoice).
    #[param(value_type = Option<View>, inline)]
    pub view: Option<View>,
    /// Status keys, comma-separated.
    #[param(value_type = Option<Vec<crate::status::Status>>, inline, style = Form, explode = false)]
    pub status: Option<String>,
    /// City key.
    pub city: Option<String>,
    /// Shop key.
    pub shop: Option<String>,
    /// Merchant key (admins).
    #[serde(rename = "client")]
    pub merchant: Option<String>,
    /// Delivery person key (admins).
    #[serde(rename = "delivery_admin")]
    pub delivery_person: Option<String>,
    /// Created on or after this day (`YYYY-MM-DD`).
    #[param(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "colivra_core::time::optional_day")]
    pub from: Option<NaiveDate>,
    /// Created on or before this day.
    #[param(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "colivra_core::time::optional_day")]
    pub to: Option<NaiveDate>,
    /// The `next_cursor` of the previous page: the rows after it (faster than `page`).
    pub cursor: Option<String>,
}

pub const SORTABLE: &[&str] = &["created_at", "cod_amount", "status_changed_at"];

type Boxed<'a> = parcels::BoxedQuery<'a, DbBackend>;

/// A page of parcels within `scope`.
pub fn list(
    conn: &mut DbConnection,
    scope: Scope,
    query: &ListQuery,
    filters: &ParcelFilters,
    memory: &ListMemory,
) -> AppResult<Paginated<ParcelView>> {
    let capped = &memory.capped;
    let search = query.search()?.map(|q| classify(&q));
    let sort = match query.sort.as_deref() {
        None | Some("") => colivra_core::pagination::Sort {
            column: "created_at",
            descending: true,
        },
        Some(_) => query.sort(SORTABLE)?,
    };
    let statuses = statuses(filters)?;
    let resolved = resolve(conn, filters)?;
    let page = match filters.cursor.as_deref().filter(|c| !c.is_empty()) {
        Some(after) => Page::cursor(after, query.per_page),
        None => query.page(),
    };
    let per_page = page.per_page();
    let build = || filtered(scope, filters, &resolved, statuses.clone(), search.as_ref());

    let cursor = match page.after() {
        Some(raw) => Some(Cursor::parse(raw).ok_or_else(|| {
            AppError::validation("cursor", "Curseur invalide : rechargez la liste.")
        })?),
        None => None,
    };
    let list_key = format!(
        "{scope:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}|{:?}",
        filters.view,
        filters.status,
        filters.city,
        filters.shop,
        filters.merchant,
        filters.delivery_person,
        filters.from,
        filters.to,
        search
    );
    let mut q = build()?;
    if let Some(cursor) = &cursor {
        q = cursor.after(q, sort.column, sort.descending);
    }
    q = match (sort.column, sort.descending) {
        ("cod_amount", false) => q.order((parcels::cod_amount.asc(), parcels::id.asc())),
        ("cod_amount", true) => q.order((parcels::cod_amount.desc(), parcels::id.desc())),
        ("status_changed_at", false) => {
            q.order((parcels::status_changed_at.asc(), parcels::id.asc()))
        }
        ("status_changed_at", true) => {
            q.order((parcels::status_changed_at.desc(), parcels::id.desc()))
        }
        (_, false) => q.order(parcels::id.asc()),
        (_, true) => q.order(parcels::id.desc()),
    };
    // A cursor page starts after its cursor, a numbered one at its offset.
    let offset = if cursor.is_none() { page.offset() } else { 0 };
    let mut rows: Vec<ParcelRow> = q
        .select(ParcelRow::as_select())
        .fixed_limit(per_page + 1, offset)
        .load(conn)
        .map_db_err()?;
    let has_more = rows.len() as i64 > per_page;
    rows.truncate(per_page as usize);
    let (total, total_capped) = if cursor.is_some() {
        (None, false)
    } else if page.offset() == 0 && !has_more {
        // The first page holds them all: counted without a statement.
        (Some(rows.len() as i64), false)
    } else if capped.knows(&list_key) {
        (Some(COUNT_CAP), true)
    } else {
        let ids: Vec<ParcelId> = build()?
            .select(parcels::id)
            .fixed_limit(COUNT_CAP + 1, 0)
            .load(conn)
            .map_db_err()?;
        let count = ids.len() as i64;
        if count > COUNT_CAP {
            capped.remember(list_key);
        }
        (Some(count.min(COUNT_CAP)), count > COUNT_CAP)
    };

    let next_cursor = if has_more {
        rows.last().map(|row| Cursor::of(row, sort.column).encode())
    } else {
        None
    };
    Ok(Paginated {
        data: parcel::views_with(conn, scope.role(), rows, Some(&memory.names))?,
        meta: page.keyset_meta(total, total_capped, next_cursor),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_counted_past_the_cap_skip_their_count_for_a_while() {
        let capped = CappedCounts::default();
        let list = "Merchant(42)|test list".to_owned();
        assert!(!capped.knows(&list));
        capped.remember(list.clone());
        assert!(capped.knows(&list));
        assert!(!capped.knows("Merchant(43)|test list"));
        assert!(!CappedCounts::default().knows(&list));
    }
}
