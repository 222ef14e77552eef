//! The parcels list query: what a search means, the filters applied.

use chrono::NaiveDateTime;
use colivra_core::{AppError, AppResult};
use colivra_db::listing::lower;
use colivra_db::schema::{cities, invoices, parcels, shops, users, voucher_parcels};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::status::{Status, View};
use colivra_core::Scope;

use super::{Boxed, ParcelFilters};

/// The ids behind the keys a filter names; `Some(None)` when a key matches nothing (the list is
/// then empty, not an error: a stale link shows no rows).
pub(super) fn resolve(conn: &mut DbConnection, filters: &ParcelFilters) -> AppResult<Resolved> {
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
        merchant: one(conn, &filters.merchant, |k| {
            users::table.filter(users::key.eq(k)).select(users::id)
        })?,
        delivery_person: one(conn, &filters.delivery_person, |k| {
            users::table.filter(users::key.eq(k)).select(users::id)
        })?,
    })
}

pub(super) struct Resolved {
    city: Option<Option<i64>>,
    shop: Option<Option<i64>>,
    merchant: Option<Option<i64>>,
    delivery_person: Option<Option<i64>>,
}

/// How a search text is read: a tracking code, a phone number, or a name/reference.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Search {
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

pub(super) fn classify(q: &str) -> Search {
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

pub(super) fn filtered<'a>(
    scope: Scope,
    filters: &ParcelFilters,
    resolved: &Resolved,
    statuses: Option<Vec<&'static str>>,
    search: Option<&Search>,
) -> AppResult<Boxed<'a>> {
    let mut q = parcels::table.into_boxed();
    match scope {
        Scope::Merchant(id) => q = q.filter(parcels::merchant_id.eq(id)),
        Scope::DeliveryPerson(id) => q = q.filter(parcels::delivery_person_id.eq(id)),
        Scope::Everyone => {}
    }
    if let Some(statuses) = statuses {
        q = q.filter(parcels::status.eq_any(statuses));
    }
    match filters.view {
        Some(View::Refunds) => q = q.filter(parcels::kind.eq("refund")),
        Some(View::Exchanges) => q = q.filter(parcels::kind.eq("exchange")),
        Some(View::ChangeAddress) => q = q.filter(parcels::address_change_pending.eq(true)),
        Some(View::Unpaid) => q = q.filter(parcels::merchant_completed_invoice_id.is_null()),
        Some(View::Reimbursed) => {
            let paid = invoices::table
                .filter(invoices::status.eq("paid"))
                .select(invoices::id.nullable());
            q = q.filter(
                parcels::merchant_completed_invoice_id
                    .eq_any(paid)
                    .or(parcels::merchant_returned_invoice_id.eq_any(paid)),
            )
        }
        Some(View::Decisions) => {
            use colivra_db::schema::parcel_decisions;
            q = q.filter(diesel::dsl::exists(
                parcel_decisions::table
                    .filter(parcel_decisions::parcel_id.eq(parcels::id))
                    .filter(parcel_decisions::decided_at.is_null()),
            ))
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
            q = q.filter(parcels::delivery_person_id.is_not_null()).filter(
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
    if let Some(id) = resolved.merchant {
        q = q.filter(parcels::merchant_id.eq(id.unwrap_or(none)));
    }
    if let Some(id) = resolved.delivery_person {
        q = q.filter(parcels::delivery_person_id.eq(id.unwrap_or(none)));
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
        // Four digits (thousands of parcels at a million): their first four digits, which
        // `parcels_phone_head` indexes with the id, so the newest page is the first entries of
        // one range instead of a walk over every parcel from the newest (issue 23: the search's
        // p99). The numbers are in the text so that the planner matches the indexed expression;
        // the range is left out there, as the planner would take both conditions for
        // independent and expect a few rows. Longer: a range instead of LIKE 'x%', which both
        // databases serve from `parcels_phone`.
        Some(Search::Phone(prefix)) if prefix.len() == 4 => {
            q = q.filter(
                colivra_db::fixed_sql::fixed_sql::<diesel::sql_types::Text>(
                    "substr(parcels.recipient_phone, 1, 4)",
                )
                .eq(prefix.clone()),
            )
        }
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

pub(super) fn statuses(filters: &ParcelFilters) -> AppResult<Option<Vec<&'static str>>> {
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
}
