//! Every parcel list of every role: one query builder with the caller's scope, the view, filters,
//! search and keyset pagination, so a deep page costs what the first one costs.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{AppError, AppResult, ListQuery, Page, Paginated};
use colivra_db::listing::lower;
use colivra_db::schema::{cities, invoices, parcels, shops, users, voucher_parcels};
use colivra_db::{DbBackend, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::parcel::{self, ParcelRow, ParcelView};
use crate::status::{Status, View};
use colivra_core::Scope;

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
    pub client: Option<String>,
    /// Delivery person key (admins).
    pub delivery_admin: Option<String>,
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

/// The ids behind the keys a filter names; `Some(None)` when a key matches nothing (the list is
/// then empty, not an error: a stale link shows no rows).
fn resolve(conn: &mut DbConnection, filters: &ParcelFilters) -> AppResult<Resolved> {
    fn one<Q>(
        conn: &mut DbConnection,
        key: &Option<String>,
        query: impl FnOnce(String) -> Q,
    ) -> AppResult<Option<Option<i64>>>
    where
        Q: diesel::query_dsl::methods::LoadQuery<'static, DbConnection, i64>,
    {
        match key.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
            Some(key) => Ok(Some(
                query(key.to_owned())
                    .get_result(conn)
                    .optional()
                    .map_db_err()?,
            )),
            None => Ok(None),
        }
    }
    Ok(Resolved {
        city: one(conn, &filters.city, |k| {
            cities::table.filter(cities::key.eq(k)).select(cities::id)
        })?,
        shop: one(conn, &filters.shop, |k| {
            shops::table.filter(shops::key.eq(k)).select(shops::id)
        })?,
        client: one(conn, &filters.client, |k| {
            users::table.filter(users::key.eq(k)).select(users::id)
        })?,
        delivery_admin: one(conn, &filters.delivery_admin, |k| {
            users::table.filter(users::key.eq(k)).select(users::id)
        })?,
    })
}

struct Resolved {
    city: Option<Option<i64>>,
    shop: Option<Option<i64>>,
    client: Option<Option<i64>>,
    delivery_admin: Option<Option<i64>>,
}

/// How a search text is read: a tracking code, a phone number, or a name/reference.
#[derive(Debug, PartialEq, Eq)]
enum Search {
    Key(String),
    /// The start of a tracking code (4 to 11 characters from "CL"): a range on the key's index,
    /// or a name or reference that happens to look like one ("Clara").
    KeyPrefix(String),
    Phone(String),
    Text(String),
}

const KEY_ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The smallest key-alphabet string of the same length after every string starting with
/// `prefix` ("CLVD96" → "CLVD97", "CLZZ" → "CM00"); `None` past the last one. Digits sort
/// before capitals in both databases' collations (byte order, and C.UTF-8 or the ICU ones).
fn after_prefix(prefix: &str) -> Option<String> {
    let mut bytes = prefix.as_bytes().to_vec();
    for i in (0..bytes.len()).rev() {
        let at = KEY_ALPHABET.iter().position(|b| *b == bytes[i])?;
        if at + 1 < KEY_ALPHABET.len() {
            bytes[i] = KEY_ALPHABET[at + 1];
            return String::from_utf8(bytes).ok();
        }
        bytes[i] = KEY_ALPHABET[0];
    }
    None
}

fn classify(q: &str) -> Search {
    let upper = q.trim().to_uppercase();
    if upper.len() == 12
        && upper.starts_with("CL")
        && upper.bytes().all(|b| b.is_ascii_alphanumeric())
    {
        return Search::Key(upper);
    }
    if (4..12).contains(&upper.len())
        && upper.starts_with("CL")
        && upper
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase())
    {
        return Search::KeyPrefix(upper);
    }
    let digits: String = q
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.' | '+'))
        .collect();
    if digits.len() >= 4 && digits.bytes().all(|b| b.is_ascii_digit()) {
        let national = digits
            .strip_prefix("00212")
            .or_else(|| digits.strip_prefix("212"))
            .map(|rest| format!("0{rest}"))
            .unwrap_or(digits);
        return Search::Phone(national);
    }
    Search::Text(q.trim().to_owned())
}

fn filtered<'a>(
    scope: Scope,
    filters: &ParcelFilters,
    resolved: &Resolved,
    statuses: Option<Vec<&'static str>>,
    search: Option<&Search>,
) -> AppResult<Boxed<'a>> {
    let mut q = parcels::table.into_boxed();
    match scope {
        Scope::Merchant(id) => q = q.filter(parcels::client_id.eq(id)),
        Scope::DeliveryPerson(id) => q = q.filter(parcels::delivery_admin_id.eq(id)),
        Scope::Everyone => {}
    }
    if let Some(statuses) = statuses {
        q = q.filter(parcels::status.eq_any(statuses));
    }
    match filters.view {
        Some(View::Refunds) => q = q.filter(parcels::kind.eq("refund")),
        Some(View::Exchanges) => q = q.filter(parcels::kind.eq("exchange")),
        Some(View::ChangeAddress) => q = q.filter(parcels::address_change_pending.eq(true)),
        Some(View::Unpaid) => q = q.filter(parcels::client_completed_invoice_id.is_null()),
        Some(View::Reimbursed) => {
            let paid = invoices::table
                .filter(invoices::status.eq("paid"))
                .select(invoices::id.nullable());
            q = q.filter(
                parcels::client_completed_invoice_id
                    .eq_any(paid)
                    .or(parcels::client_returned_invoice_id.eq_any(paid)),
            )
        }
        Some(View::ToBeReturned) => {
            // Refused or cancelled parcels a delivery person still holds (a return voucher
            // makes them returning), and delivered exchanges and refunds whose collected item
            // is on no return voucher yet.
            let on_return_voucher = diesel::dsl::exists(
                voucher_parcels::table
                    .filter(voucher_parcels::parcel_id.eq(parcels::id))
                    .filter(voucher_parcels::kind.eq("return")),
            );
            q = q.filter(parcels::delivery_admin_id.is_not_null()).filter(
                parcels::status
                    .eq_any([Status::Refused.as_str(), Status::Cancelled.as_str()])
                    .or(parcels::status
                        .eq(Status::Delivered.as_str())
                        .and(parcels::kind.eq_any(["exchange", "refund"]))
                        .and(diesel::dsl::not(on_return_voucher))),
            )
        }
        _ => {}
    }
    let none = -1i64;
    if let Some(id) = resolved.city {
        q = q.filter(parcels::city_id.eq(id.unwrap_or(none)));
    }
    if let Some(id) = resolved.shop {
        q = q.filter(parcels::shop_id.eq(id.unwrap_or(none)));
    }
    if let Some(id) = resolved.client {
        q = q.filter(parcels::client_id.eq(id.unwrap_or(none)));
    }
    if let Some(id) = resolved.delivery_admin {
        q = q.filter(parcels::delivery_admin_id.eq(id.unwrap_or(none)));
    }
    if let Some(from) = filters.from {
        q = q.filter(parcels::created_at.ge(from.and_hms_opt(0, 0, 0).unwrap_or_default()));
    }
    if let Some(to) = filters.to {
        let end: NaiveDateTime = to
            .succ_opt()
            .unwrap_or(to)
            .and_hms_opt(0, 0, 0)
            .unwrap_or_default();
        q = q.filter(parcels::created_at.lt(end));
    }
    match search {
        Some(Search::Key(key)) => q = q.filter(parcels::key.eq(key.clone())),
        Some(Search::KeyPrefix(prefix)) => {
            let name = lower(parcels::recipient_name)
                .like(colivra_core::pagination::like_pattern(prefix))
                .escape('\\')
                .or(parcels::reference.eq(prefix.clone()));
            q = match after_prefix(prefix) {
                Some(end) => q.filter(
                    parcels::key
                        .ge(prefix.clone())
                        .and(parcels::key.lt(end))
                        .or(name),
                ),
                None => q.filter(parcels::key.ge(prefix.clone()).or(name)),
            };
        }
        // A range instead of LIKE 'x%': both databases use the index for it.
        Some(Search::Phone(prefix)) => {
            q = q.filter(
                parcels::recipient_phone
                    .ge(prefix.clone())
                    .and(parcels::recipient_phone.lt(format!("{prefix}~"))),
            )
        }
        Some(Search::Text(text)) => {
            q = q.filter(
                lower(parcels::recipient_name)
                    .like(colivra_core::pagination::like_pattern(text))
                    .escape('\\')
                    .or(parcels::reference.eq(text.clone())),
            )
        }
        None => {}
    }
    Ok(q)
}

fn statuses(filters: &ParcelFilters) -> AppResult<Option<Vec<&'static str>>> {
    let from_view = filters.view.and_then(View::statuses);
    let asked = match filters
        .status
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(list) => {
            let mut statuses = Vec::new();
            for name in list.split(',') {
                match Status::parse(name.trim()) {
                    Some(status) => statuses.push(status),
                    None => {
                        return Err(AppError::validation(
                            "status",
                            format!("Statut inconnu : {name}."),
                        ))
                    }
                }
            }
            Some(statuses)
        }
        None => None,
    };
    Ok(match (from_view, asked) {
        (Some(view), Some(asked)) => Some(asked.into_iter().filter(|s| view.contains(s)).collect()),
        (view, asked) => view.or(asked),
    }
    .map(|list: Vec<Status>| list.into_iter().map(Status::as_str).collect()))
}

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
        filters.client,
        filters.delivery_admin,
        filters.from,
        filters.to,
        search
    );
    let (total, total_capped) = if cursor.is_some() {
        (None, false)
    } else if capped.knows(&list_key) {
        (Some(COUNT_CAP), true)
    } else {
        let ids: Vec<i64> = build()?
            .select(parcels::id)
            .limit(COUNT_CAP + 1)
            .load(conn)
            .map_db_err()?;
        let count = ids.len() as i64;
        if count > COUNT_CAP {
            capped.remember(list_key);
        }
        (Some(count.min(COUNT_CAP)), count > COUNT_CAP)
    };

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
    if cursor.is_none() {
        q = q.offset(page.offset());
    }
    let mut rows: Vec<ParcelRow> = q
        .select(ParcelRow::as_select())
        .limit(per_page + 1)
        .load(conn)
        .map_db_err()?;
    let has_more = rows.len() as i64 > per_page;
    rows.truncate(per_page as usize);
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

/// The position after the last row of a page: its sort value and id.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Cursor {
    value: i64,
    id: i64,
}

impl Cursor {
    fn of(row: &ParcelRow, column: &str) -> Cursor {
        let value = match column {
            "cod_amount" => row.cod_amount,
            "status_changed_at" => row.status_changed_at.and_utc().timestamp_micros(),
            _ => row.id,
        };
        Cursor { value, id: row.id }
    }

    fn encode(&self) -> String {
        format!("{}_{}", self.value, self.id)
    }

    fn parse(raw: &str) -> Option<Cursor> {
        let (value, id) = raw.split_once('_')?;
        Some(Cursor {
            value: value.parse().ok()?,
            id: id.parse().ok()?,
        })
    }

    fn after<'a>(&self, q: Boxed<'a>, column: &str, descending: bool) -> Boxed<'a> {
        let id = self.id;
        match (column, descending) {
            ("cod_amount", true) => q.filter(
                parcels::cod_amount
                    .lt(self.value)
                    .or(parcels::cod_amount.eq(self.value).and(parcels::id.lt(id))),
            ),
            ("cod_amount", false) => q.filter(
                parcels::cod_amount
                    .gt(self.value)
                    .or(parcels::cod_amount.eq(self.value).and(parcels::id.gt(id))),
            ),
            ("status_changed_at", _) => {
                let at = chrono::DateTime::from_timestamp_micros(self.value)
                    .map(|t| t.naive_utc())
                    .unwrap_or_default();
                if descending {
                    q.filter(
                        parcels::status_changed_at
                            .lt(at)
                            .or(parcels::status_changed_at.eq(at).and(parcels::id.lt(id))),
                    )
                } else {
                    q.filter(
                        parcels::status_changed_at
                            .gt(at)
                            .or(parcels::status_changed_at.eq(at).and(parcels::id.gt(id))),
                    )
                }
            }
            (_, true) => q.filter(parcels::id.lt(id)),
            (_, false) => q.filter(parcels::id.gt(id)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_reads_codes_phones_and_names() {
        assert_eq!(classify("cl23456789ab"), Search::Key("CL23456789AB".into()));
        assert_eq!(classify("+212 612-345"), Search::Phone("0612345".into()));
        assert_eq!(classify("0612 34"), Search::Phone("061234".into()));
        assert_eq!(classify("Amina"), Search::Text("Amina".into()));
        assert_eq!(classify("clvd96"), Search::KeyPrefix("CLVD96".into()));
        assert_eq!(classify("CLV"), Search::Text("CLV".into()));
        assert_eq!(after_prefix("CLVD96").as_deref(), Some("CLVD97"));
        assert_eq!(after_prefix("CLV9").as_deref(), Some("CLVA"));
        assert_eq!(after_prefix("CLZZ").as_deref(), Some("CM00"));
        assert_eq!(after_prefix("ZZZZ"), None);
        assert_eq!(classify("12"), Search::Text("12".into()));
    }

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

    #[test]
    fn cursors_round_trip_and_reject_garbage() {
        let cursor = Cursor { value: -5, id: 42 };
        assert_eq!(Cursor::parse(&cursor.encode()), Some(cursor));
        assert_eq!(Cursor::parse("abc"), None);
        assert_eq!(Cursor::parse("1_x"), None);
    }
}
