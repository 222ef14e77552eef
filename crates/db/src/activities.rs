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
