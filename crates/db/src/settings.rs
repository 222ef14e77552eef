//! Server-wide values kept in the database so every gateway process shares them.

use diesel::prelude::*;

use crate::connection::DbConnection;
use crate::schema::settings;

pub fn get(conn: &mut DbConnection, name: &str) -> QueryResult<Option<String>> {
    settings::table
        .find(name)
        .select(settings::value)
        .first(conn)
        .optional()
}

/// The value stored under `name`, or `generate()` stored now. Two processes racing settle on
/// the first one written. `ON CONFLICT DO NOTHING` rather than catching the unique violation,
/// because on PostgreSQL a failed statement aborts the caller's whole transaction.
pub fn get_or_init(
    conn: &mut DbConnection,
    name: &str,
    generate: impl FnOnce() -> String,
) -> QueryResult<String> {
    if let Some(value) = get(conn, name)? {
        return Ok(value);
    }
    let row = (settings::name.eq(name), settings::value.eq(generate()));
    // the multi-backend connection has no ON CONFLICT: each backend's own connection does
    match conn {
        DbConnection::Pg(pg) => diesel::insert_into(settings::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(pg)?,
        DbConnection::Sqlite(sqlite) => diesel::insert_into(settings::table)
            .values(row)
            .on_conflict_do_nothing()
            .execute(sqlite)?,
    };
    get(conn, name)?.ok_or(diesel::result::Error::NotFound)
}

/// A setting kept as a JSON object, replaced whole by an admin.
pub struct RecordedChange<'a> {
    pub name: &'a str,
    pub new: &'a serde_json::Value,
    /// What the setting is taken to be before anyone saved it (its defaults), for the activity.
    pub unset: serde_json::Value,
    pub actor_id: colivra_core::UserId,
    /// The activity's action, its subject being `settings` / `subject_key`.
    pub action: &'a str,
    pub subject_key: &'a str,
}

/// Replaces a JSON setting within the caller's transaction and records the activity naming each
/// field that changed, `{"<field>": {"old", "new"}}`. The row is taken first: two admins saving
/// at once queue here, and each records the change from what the other left.
pub fn replace_recorded(conn: &mut DbConnection, change: RecordedChange<'_>) -> QueryResult<()> {
    get_or_init(conn, change.name, || "null".to_owned())?;
    diesel::update(settings::table.find(change.name))
        .set(settings::value.eq(settings::value))
        .execute(conn)?;
    let old = get(conn, change.name)?
        .and_then(|json| serde_json::from_str::<serde_json::Value>(&json).ok())
        .filter(serde_json::Value::is_object)
        .unwrap_or(change.unset);
    diesel::update(settings::table.find(change.name))
        .set(settings::value.eq(change.new.to_string()))
        .execute(conn)?;
    let changed: serde_json::Map<String, serde_json::Value> = change
        .new
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(field, value)| {
            old.get(field.as_str()).unwrap_or(&serde_json::Value::Null) != *value
        })
        .map(|(field, value)| {
            let before = old.get(field.as_str()).cloned().unwrap_or_default();
            (
                field.clone(),
                serde_json::json!({"old": before, "new": value}),
            )
        })
        .collect();
    crate::activities::record(
        conn,
        crate::activities::NewActivity {
            user_id: Some(change.actor_id),
            action: change.action,
            subject_type: Some("settings"),
            subject_key: Some(change.subject_key),
            details: Some(serde_json::Value::Object(changed)),
        },
    )
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use diesel::connection::SimpleConnection;
    use diesel::Connection;

    use super::*;
    use crate::connection::Backend;
    use crate::test_support::{test_backend, TestDatabase};

    /// A first read inside a PostgreSQL transaction while another connection writes the same
    /// setting: the reader gets the other's value and its transaction stays usable.
    #[test]
    fn racing_first_reads_settle_on_one_value_and_leave_the_transaction_usable() {
        if test_backend() != Backend::Postgres {
            return; // SQLite serialises writers: the interleaving below cannot happen there
        }
        let (_db, pool) = TestDatabase::migrated();
        let mut writer = pool.get().expect("writer connection");
        writer.batch_execute("BEGIN").expect("begin");
        diesel::insert_into(settings::table)
            .values((
                settings::name.eq("race_probe"),
                settings::value.eq("writer"),
            ))
            .execute(&mut writer)
            .expect("uncommitted insert");

        let (done, finished) = mpsc::channel();
        let reader_pool = pool.clone();
        let reader = std::thread::spawn(move || {
            let mut conn = reader_pool.get().expect("reader connection");
            let outcome = conn.transaction::<_, diesel::result::Error, _>(|conn| {
                // blocks on the writer's uncommitted row until it commits
                let value = get_or_init(conn, "race_probe", || "reader".to_string())?;
                let again = get(conn, "race_probe")?;
                Ok((value, again))
            });
            done.send(()).ok();
            outcome
        });
        // the reader must be waiting on the writer's row, not finished
        assert!(finished.recv_timeout(Duration::from_millis(300)).is_err());
        writer.batch_execute("COMMIT").expect("commit");
        let (value, again) = reader
            .join()
            .expect("reader thread")
            .expect("reader transaction");
        assert_eq!(value, "writer");
        assert_eq!(again.as_deref(), Some("writer"));
    }
}
