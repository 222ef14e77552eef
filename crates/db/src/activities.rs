//! The audit trail: who did what, on which key, when. Written inside the caller's transaction.

use diesel::prelude::*;

use crate::connection::DbConnection;
use crate::error::MapDbErr;
use crate::schema::activities;

#[derive(Debug, Clone, Default)]
pub struct NewActivity<'a> {
    pub user_id: Option<i64>,
    pub action: &'a str,
    pub subject_type: Option<&'a str>,
    pub subject_key: Option<&'a str>,
    pub details: Option<serde_json::Value>,
}

/// Records `user_id` did `action` on the `subject_type` with `subject_key`, without details.
pub fn log(
    conn: &mut DbConnection,
    user_id: Option<i64>,
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
    diesel::insert_into(activities::table)
        .values((
            activities::user_id.eq(activity.user_id),
            activities::action.eq(activity.action),
            activities::subject_type.eq(activity.subject_type),
            activities::subject_key.eq(activity.subject_key),
            activities::details.eq(activity.details.map(|d| d.to_string())),
            activities::created_at.eq(colivra_core::time::now()),
        ))
        .execute(conn)?;
    Ok(())
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = activities)]
pub struct Activity {
    pub id: i64,
    pub user_id: Option<i64>,
    pub action: String,
    pub subject_type: Option<String>,
    pub subject_key: Option<String>,
    pub details: Option<String>,
    pub created_at: chrono::NaiveDateTime,
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
    Users(Vec<i64>),
}

/// The filters of the activity log; `user` is a user's id (the caller resolves keys).
#[derive(Debug, Clone, Default)]
pub struct ActivityFilter {
    pub user: Option<i64>,
    pub action: Option<String>,
    pub subject_key: Option<String>,
    /// On or after this moment.
    pub from: Option<chrono::NaiveDateTime>,
    /// Before this moment.
    pub until: Option<chrono::NaiveDateTime>,
}

/// A page of activities `audit` lets the reader see, newest first (each filter has its index:
/// `activities_user`, `activities_action`, `activities_subject_key`, `activities_created_at`).
pub fn list(
    conn: &mut DbConnection,
    audit: &Audit,
    filter: &ActivityFilter,
    page: colivra_core::PageRequest,
) -> colivra_core::AppResult<colivra_core::ListResponse<Activity>> {
    let filtered = || {
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
        if let Some(key) = &filter.subject_key {
            q = q.filter(activities::subject_key.eq(key.clone()));
        }
        if let Some(from) = filter.from {
            q = q.filter(activities::created_at.ge(from));
        }
        if let Some(until) = filter.until {
            q = q.filter(activities::created_at.lt(until));
        }
        q
    };
    crate::listing::paginate(
        conn,
        page,
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            filtered()
                .order(activities::id.desc())
                .select(Activity::as_select())
                .limit(limit)
                .offset(offset)
                .load(conn)
        },
    )
}
