//! The audit trail: who did what, on which key, when. Written inside the caller's transaction.
//!
//! Each row also keeps `subject_code`, the code people see for its subject (a parcel's or a
//! voucher's code, an invoice's number, a movement's or a ticket's code; the key itself when the
//! object has no other): the log shows it and its key filter searches it by prefix.

use crate::fixed_sql::FixedLimitDsl;
use colivra_core::UserId;
use diesel::prelude::*;

use crate::connection::DbConnection;
use crate::error::MapDbErr;
use crate::schema::{
    activities, delivery_person_balance_entries, inventory_movements, invoices,
    merchant_balance_entries, tickets,
};

#[derive(Debug, Clone, Default)]
pub struct NewActivity<'a> {
    pub user_id: Option<UserId>,
    pub action: &'a str,
    pub subject_type: Option<&'a str>,
    pub subject_key: Option<&'a str>,
    /// Public keys, codes and numbers only, never internal ids; money in centimes under `amount`,
    /// `total`, `difference`, `balance` or a key ending in `_amount` / `_total`; a change as
    /// `{"<field>": {"old": v, "new": v}}` (see `colivra_support::activity_log`).
    pub details: Option<serde_json::Value>,
}

/// Records `user_id` did `action` on the `subject_type` with `subject_key`, without details.
pub fn log(
    conn: &mut DbConnection,
    user_id: Option<UserId>,
    action: &str,
    subject_type: &str,
    subject_key: &str,
) -> colivra_core::AppResult<()> {
    record(
        conn,
        NewActivity {
            user_id,
            action,
            subject_type: Some(subject_type),
            subject_key: Some(subject_key),
            details: None,
        },
    )
    .map_db_err()
}

pub fn record(conn: &mut DbConnection, activity: NewActivity<'_>) -> QueryResult<()> {
    let code = subject_code(conn, activity.subject_type, activity.subject_key)?;
    diesel::insert_into(activities::table)
        .values((
            activities::user_id.eq(activity.user_id),
            activities::action.eq(activity.action),
            activities::subject_type.eq(activity.subject_type),
            activities::subject_key.eq(activity.subject_key),
            activities::subject_code.eq(&code),
            activities::details.eq(activity.details.map(|d| d.to_string())),
            activities::created_at.eq(colivra_core::time::now()),
            activities::key.eq(format!("AC{}", colivra_core::key::time_ordered_key(7))),
        ))
        .execute(conn)?;
    // An invoice gets its number at validation: from then on its earlier activities (created,
    // updated, counted) are found by that number too.
    if let (Some("client_invoice" | "delivery_invoice"), Some(key), Some(code)) =
        (activity.subject_type, activity.subject_key, &code)
    {
        if key != code {
            diesel::update(
                activities::table
                    .filter(activities::subject_key.eq(key))
                    .filter(activities::subject_type.eq(activity.subject_type))
                    .filter(activities::subject_code.eq(key)),
            )
            .set(activities::subject_code.eq(code))
            .execute(conn)?;
        }
    }
    Ok(())
}

/// The code people see for a subject (see the module's comment).
fn subject_code(
    conn: &mut DbConnection,
    subject_type: Option<&str>,
    key: Option<&str>,
) -> QueryResult<Option<String>> {
    let Some(key) = key else {
        return Ok(None);
    };
    let found: Option<String> = match subject_type {
        Some("client_invoice" | "delivery_invoice") => invoices::table
            .filter(invoices::key.eq(key))
            .select(invoices::number)
            .first::<Option<String>>(conn)
            .optional()?
            .flatten(),
        Some("inventory_movement") => inventory_movements::table
            .filter(inventory_movements::key.eq(key))
            .select(inventory_movements::code)
            .first(conn)
            .optional()?,
        // A balance entry posted by an invoice is found by that invoice's number.
        Some("courier_balance") => delivery_person_balance_entries::table
            .inner_join(invoices::table)
            .filter(delivery_person_balance_entries::key.eq(key))
            .select(invoices::number)
            .first::<Option<String>>(conn)
            .optional()?
            .flatten(),
        Some("merchant_account") => merchant_balance_entries::table
            .inner_join(invoices::table)
            .filter(merchant_balance_entries::key.eq(key))
            .select(invoices::number)
            .first::<Option<String>>(conn)
            .optional()?
            .flatten(),
        Some("ticket") => tickets::table
            .filter(tickets::key.eq(key))
            .select(tickets::code)
            .first(conn)
            .optional()?,
        _ => return Ok(Some(key.to_owned())),
    };
    let found = match found {
        Some(code) => Some(code),
        // Deleted in this very transaction (a movement): the code its earlier activities knew.
        None => activities::table
            .filter(activities::subject_key.eq(key))
            .filter(activities::subject_type.eq(subject_type))
            .order(activities::id.desc())
            .select(activities::subject_code)
            .first::<Option<String>>(conn)
            .optional()?
            .flatten(),
    };
    Ok(Some(found.unwrap_or_else(|| key.to_owned())))
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = activities)]
pub struct Activity {
    pub id: i64,
    pub user_id: Option<UserId>,
    pub action: String,
    pub subject_type: Option<String>,
    pub subject_key: Option<String>,
    pub subject_code: Option<String>,
    pub details: Option<String>,
    pub created_at: chrono::NaiveDateTime,
    /// Its opaque public key (null only on rows written in bulk outside [`record`]).
    pub key: Option<String>,
}

/// The latest activities about one subject, newest first.
pub fn for_subject(
    conn: &mut DbConnection,
    subject_type: &str,
    subject_key: &str,
    limit: i64,
) -> QueryResult<Vec<Activity>> {
    activities::table
        .filter(activities::subject_type.eq(subject_type))
        .filter(activities::subject_key.eq(subject_key))
        .order(activities::id.desc())
        .limit(limit)
        .select(Activity::as_select())
        .load(conn)
}

/// Whose activities a reader sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audit {
    /// Every activity (staff holding the dashboard).
    Everything,
    /// Those done by these users (a merchant and his staff, a delivery person, oneself).
    Users(Vec<UserId>),
}

/// The filters of the activity log; `user` is a user's id (the caller resolves keys).
#[derive(Debug, Clone, Default)]
pub struct ActivityFilter {
    pub user: Option<UserId>,
    pub action: Option<String>,
    /// The start of a subject's code (parcel code, voucher code, invoice number, movement
    /// code…), or a subject's whole key.
    pub subject: Option<String>,
    /// On or after this moment.
    pub from: Option<chrono::NaiveDateTime>,
    /// Before this moment.
    pub until: Option<chrono::NaiveDateTime>,
}

type Boxed<'a> = activities::BoxedQuery<'a, crate::DbBackend>;

/// The activities `audit` lets the reader see that match `filter` (each filter has its index:
/// `activities_user`, `activities_action`, `activities_subject_code` with
/// `activities_subject_key`, `activities_created_at`).
fn filtered<'a>(audit: &Audit, filter: &ActivityFilter) -> Boxed<'a> {
    let mut q = activities::table.into_boxed::<crate::DbBackend>();
    if let Audit::Users(ids) = audit {
        q = q.filter(activities::user_id.eq_any(ids.clone()));
    }
    if let Some(user) = filter.user {
        q = q.filter(activities::user_id.eq(user));
    }
    if let Some(action) = &filter.action {
        q = q.filter(activities::action.eq(action.clone()));
    }
    if let Some(text) = &filter.subject {
        let prefix = crate::listing::code_prefix(text);
        let by_key = activities::subject_key.eq(text.clone());
        let from = activities::subject_code
            .ge(prefix.lower)
            .and(activities::subject_code.like(prefix.pattern).escape('\\'));
        q = match prefix.upper {
            Some(upper) => q.filter(from.and(activities::subject_code.lt(upper)).or(by_key)),
            None => q.filter(from.or(by_key)),
        };
    }
    if let Some(from) = filter.from {
        q = q.filter(activities::created_at.ge(from));
    }
    if let Some(until) = filter.until {
        q = q.filter(activities::created_at.lt(until));
    }
    q
}

/// A page of activities `audit` lets the reader see, newest first.
pub fn list(
    conn: &mut DbConnection,
    audit: &Audit,
    filter: &ActivityFilter,
    page: &colivra_core::Page,
) -> colivra_core::AppResult<colivra_core::Paginated<Activity>> {
    crate::listing::paginate(
        conn,
        page,
        |conn| filtered(audit, filter).count().get_result(conn),
        |conn, limit, offset| {
            filtered(audit, filter)
                .order(activities::id.desc())
                .select(Activity::as_select())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )
}

/// The next `limit` matching activities below the id `before` (all when `None`), newest first:
/// an export reads the whole filtered log this way, one bounded chunk at a time (the id index
/// makes each chunk as cheap as the first).
pub fn chunk(
    conn: &mut DbConnection,
    audit: &Audit,
    filter: &ActivityFilter,
    before: Option<i64>,
    limit: i64,
) -> QueryResult<Vec<Activity>> {
    let mut q = filtered(audit, filter);
    if let Some(before) = before {
        q = q.filter(activities::id.lt(before));
    }
    q.order(activities::id.desc())
        .select(Activity::as_select())
        .limit(limit)
        .load(conn)
}
