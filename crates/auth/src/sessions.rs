//! Server-side sessions. The cookie carries a random key; the table stores its SHA-256, the
//! session state, the user it belongs to (so logout, deactivation and a password change end it
//! at once) and its expiry: idle timeout 2 h, absolute 12 h.

use chrono::{Duration, NaiveDateTime};
use colivra_core::{time, AppResult};
use colivra_db::schema::{sessions, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use sha2::{Digest, Sha256};

use crate::users::User;

pub const IDLE_TIMEOUT_MINUTES: i64 = 120;
pub const ABSOLUTE_TIMEOUT_HOURS: i64 = 12;
/// Sliding the idle expiry is a write: do it at most once a minute per session.
const SLIDE_GRANULARITY_SECONDS: i64 = 60;

pub fn hash_key(session_key: &str) -> String {
    hex::encode(Sha256::digest(session_key.as_bytes()))
}

fn idle_expiry(created_at: NaiveDateTime, now: NaiveDateTime) -> NaiveDateTime {
    (now + Duration::minutes(IDLE_TIMEOUT_MINUTES))
        .min(created_at + Duration::hours(ABSOLUTE_TIMEOUT_HOURS))
}

/// The state of a live session, sliding its idle expiry forward.
pub fn load(conn: &mut DbConnection, session_key: &str) -> AppResult<Option<String>> {
    Ok(load_with_user(conn, session_key)?.map(|(state, _)| state))
}

/// The state of a live session and the user it belongs to, in one query: every signed-in
/// request pays this lookup, so it is also how the caller is resolved.
pub fn load_with_user(
    conn: &mut DbConnection,
    session_key: &str,
) -> AppResult<Option<(String, Option<User>)>> {
    let id = hash_key(session_key);
    let now = time::now();
    let row: Option<(String, NaiveDateTime, NaiveDateTime, Option<User>)> = sessions::table
        .left_join(users::table)
        .filter(sessions::id.eq(&id))
        .filter(sessions::expires_at.gt(now))
        .filter(sessions::created_at.gt(now - Duration::hours(ABSOLUTE_TIMEOUT_HOURS)))
        .select((
            sessions::state,
            sessions::created_at,
            sessions::expires_at,
            Option::<User>::as_select(),
        ))
        .first(conn)
        .optional()
        .map_db_err()?;
    let Some((state, created_at, expires_at, user)) = row else {
        return Ok(None);
    };
    let slid = idle_expiry(created_at, now);
    if slid - expires_at > Duration::seconds(SLIDE_GRANULARITY_SECONDS) {
        diesel::update(sessions::table.find(&id))
            .set(sessions::expires_at.eq(slid))
            .execute(conn)
            .map_db_err()?;
    }
    Ok(Some((state, user)))
}

/// Stores a new session under `session_key`.
pub fn insert(
    conn: &mut DbConnection,
    session_key: &str,
    state: &str,
    user_id: Option<i64>,
) -> AppResult<()> {
    let now = time::now();
    diesel::insert_into(sessions::table)
        .values((
            sessions::id.eq(hash_key(session_key)),
            sessions::user_id.eq(user_id),
            sessions::state.eq(state),
            sessions::created_at.eq(now),
            sessions::expires_at.eq(idle_expiry(now, now)),
        ))
        .execute(conn)
        .map_db_err()?;
    Ok(())
}

/// Replaces the state of a live session; `false` when it no longer exists.
pub fn update(
    conn: &mut DbConnection,
    session_key: &str,
    state: &str,
    user_id: Option<i64>,
) -> AppResult<bool> {
    let changed = diesel::update(sessions::table.find(hash_key(session_key)))
        .filter(sessions::expires_at.gt(time::now()))
        .set((sessions::state.eq(state), sessions::user_id.eq(user_id)))
        .execute(conn)
        .map_db_err()?;
    Ok(changed > 0)
}

pub fn delete(conn: &mut DbConnection, session_key: &str) -> AppResult<()> {
    diesel::delete(sessions::table.find(hash_key(session_key)))
        .execute(conn)
        .map_db_err()?;
    Ok(())
}

pub fn delete_for_user(conn: &mut DbConnection, user_id: i64) -> AppResult<usize> {
    diesel::delete(sessions::table.filter(sessions::user_id.eq(user_id)))
        .execute(conn)
        .map_db_err()
}

/// Removes expired sessions; returns how many.
pub fn purge_expired(conn: &mut DbConnection) -> AppResult<usize> {
    let now = time::now();
    diesel::delete(
        sessions::table.filter(
            sessions::expires_at
                .le(now)
                .or(sessions::created_at.le(now - Duration::hours(ABSOLUTE_TIMEOUT_HOURS))),
        ),
    )
    .execute(conn)
    .map_db_err()
}

pub fn count_for_user(conn: &mut DbConnection, user_id: i64) -> AppResult<i64> {
    sessions::table
        .filter(sessions::user_id.eq(user_id))
        .count()
        .get_result(conn)
        .map_db_err()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idle_expiry_never_passes_the_absolute_limit() {
        let created = time::now();
        assert_eq!(
            idle_expiry(created, created),
            created + Duration::minutes(IDLE_TIMEOUT_MINUTES)
        );
        let late = created + Duration::hours(11);
        assert_eq!(
            idle_expiry(created, late),
            created + Duration::hours(ABSOLUTE_TIMEOUT_HOURS)
        );
    }

    #[test]
    fn stores_only_a_hash_of_the_key() {
        let hashed = hash_key("secret-cookie-value");
        assert_eq!(hashed.len(), 64);
        assert!(!hashed.contains("secret"));
    }
}
