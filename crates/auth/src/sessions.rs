//! Server-side sessions. The cookie carries a random key; the table stores its SHA-256, the
//! session state, the user it belongs to (so logout, deactivation and a password change end it
//! at once), a public key the user sees, the device and address it was opened from, when it was
//! last used and its expiry: idle timeout per role (30 min for admins, 2 h for others by
//! default), absolute 12 h.

use chrono::{Duration, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, Role, UserId};
use colivra_db::activities;
use colivra_db::schema::{sessions, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use crate::users::User;

pub const ABSOLUTE_TIMEOUT_HOURS: i64 = 12;
/// Sliding the idle expiry is a write: do it at most once a minute per session.
const SLIDE_GRANULARITY_SECONDS: i64 = 60;
/// Device strings are the browser's User-Agent, cut to this many characters.
pub const DEVICE_MAX_CHARS: usize = 300;

/// Idle timeouts: admins (full and staff) hold the most sensitive powers (ASVS level 2 asks
/// 30 minutes or less for them); merchants and delivery people work in long stretches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IdleTimeouts {
    pub admin_minutes: i64,
    pub other_minutes: i64,
}

impl Default for IdleTimeouts {
    fn default() -> Self {
        IdleTimeouts {
            admin_minutes: 30,
            other_minutes: 120,
        }
    }
}

impl IdleTimeouts {
    pub fn for_role(&self, role: Option<Role>) -> Duration {
        Duration::minutes(match role {
            Some(Role::Admin) => self.admin_minutes,
            _ => self.other_minutes,
        })
    }
}

/// What the session store knows of a session beyond its state, set when it is first stored.
#[derive(Debug, Clone, Default)]
pub struct Origin {
    pub public_key: String,
    pub device: Option<String>,
    pub address: Option<String>,
}

pub fn hash_key(session_key: &str) -> String {
    hex::encode(Sha256::digest(session_key.as_bytes()))
}

pub fn new_public_key() -> String {
    format!("s_{}", colivra_core::key::random_secret(22))
}

fn idle_expiry(created_at: NaiveDateTime, now: NaiveDateTime, idle: Duration) -> NaiveDateTime {
    (now + idle).min(created_at + Duration::hours(ABSOLUTE_TIMEOUT_HOURS))
}

/// A live session as read: its state, its user, and the write that moves its idle expiry
/// forward when one is due (at most one a minute).
pub struct LoadedSession {
    pub state: String,
    pub user: Option<User>,
    pub slide: Option<Slide>,
}

/// A session's idle expiry to move forward ([`slide`]). Apart from the read because the gateway
/// reads SQLite sessions on its async workers, where no write may wait for the write lock.
pub struct Slide {
    id: String,
    expires_at: NaiveDateTime,
    seen_at: NaiveDateTime,
}

/// The state of a live session and the user it belongs to, in one query: every signed-in
/// request pays this lookup, so it is also how the caller is resolved. Reads only: the slide it
/// may return is for [`slide`].
pub fn load_with_user(
    conn: &mut DbConnection,
    session_key: &str,
    timeouts: &IdleTimeouts,
) -> AppResult<Option<LoadedSession>> {
    let id = hash_key(session_key);
    let now = time::now();
    type Row = (
        String,
        NaiveDateTime,
        NaiveDateTime,
        Option<NaiveDateTime>,
        Option<User>,
    );
    // By its id alone, the expiries checked here: PostgreSQL then plans the statement once for
    // good (with the times bound it planned it again at every request, as it could not tell
    // how many rows the comparisons keep).
    let row: Option<Row> = sessions::table
        .left_join(users::table)
        .filter(sessions::id.eq(&id))
        .select((
            sessions::state,
            sessions::created_at,
            sessions::expires_at,
            sessions::last_seen_at,
            Option::<User>::as_select(),
        ))
        .get_result(conn)
        .optional()
        .map_db_err()?;
    let Some((state, created_at, expires_at, last_seen_at, user)) = row else {
        return Ok(None);
    };
    if expires_at <= now || created_at <= now - Duration::hours(ABSOLUTE_TIMEOUT_HOURS) {
        return Ok(None);
    }
    let idle = timeouts.for_role(user.as_ref().map(User::role));
    let last_seen = last_seen_at.unwrap_or(created_at);
    // The role's timeout, even if the stored expiry was set under a longer one.
    if now - last_seen > idle {
        return Ok(None);
    }
    let slide = (now - last_seen > Duration::seconds(SLIDE_GRANULARITY_SECONDS)).then(|| Slide {
        id,
        expires_at: idle_expiry(created_at, now, idle),
        seen_at: now,
    });
    Ok(Some(LoadedSession { state, user, slide }))
}

/// Moves a session's idle expiry forward, as [`load_with_user`] found due.
pub fn slide(conn: &mut DbConnection, slide: &Slide) -> AppResult<()> {
    diesel::update(sessions::table.find(&slide.id))
        .set((
            sessions::expires_at.eq(slide.expires_at),
            sessions::last_seen_at.eq(slide.seen_at),
        ))
        .execute(conn)
        .map_db_err()?;
    Ok(())
}

fn role_of(conn: &mut DbConnection, user_id: Option<UserId>) -> AppResult<Option<Role>> {
    let Some(user_id) = user_id else {
        return Ok(None);
    };
    let role: Option<String> = users::table
        .find(user_id)
        .select(users::role)
        .first(conn)
        .optional()
        .map_db_err()?;
    Ok(role.and_then(|r| Role::parse(&r)))
}

/// Stores a new session under `session_key`.
pub fn insert(
    conn: &mut DbConnection,
    session_key: &str,
    state: &str,
    user_id: Option<UserId>,
    origin: &Origin,
    timeouts: &IdleTimeouts,
) -> AppResult<()> {
    let now = time::now();
    let idle = timeouts.for_role(role_of(conn, user_id)?);
    diesel::insert_into(sessions::table)
        .values((
            sessions::id.eq(hash_key(session_key)),
            sessions::user_id.eq(user_id),
            sessions::state.eq(state),
            sessions::created_at.eq(now),
            sessions::expires_at.eq(idle_expiry(now, now, idle)),
            sessions::public_key.eq(&origin.public_key),
            sessions::device.eq(&origin.device),
            sessions::address.eq(&origin.address),
            sessions::last_seen_at.eq(now),
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
    user_id: Option<UserId>,
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

pub fn delete_for_user(conn: &mut DbConnection, user_id: UserId) -> AppResult<usize> {
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

/// One of a user's live sessions as he sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SessionView {
    pub key: String,
    /// The session this request came with.
    pub current: bool,
    /// The browser's User-Agent at sign-in.
    pub device: Option<String>,
    /// The address it signed in from.
    pub address: Option<String>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub last_seen_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: NaiveDateTime,
}

/// The user's live sessions, most recently used first.
pub fn list_for_user(
    conn: &mut DbConnection,
    user_id: UserId,
    current: Option<&str>,
) -> AppResult<Vec<SessionView>> {
    let now = time::now();
    type Row = (
        Option<String>,
        Option<String>,
        Option<String>,
        Option<NaiveDateTime>,
        NaiveDateTime,
    );
    let rows: Vec<Row> = sessions::table
        .filter(sessions::user_id.eq(user_id))
        .filter(sessions::expires_at.gt(now))
        .filter(sessions::created_at.gt(now - Duration::hours(ABSOLUTE_TIMEOUT_HOURS)))
        .select((
            sessions::public_key,
            sessions::device,
            sessions::address,
            sessions::last_seen_at,
            sessions::created_at,
        ))
        .load(conn)
        .map_db_err()?;
    let mut views: Vec<SessionView> = rows
        .into_iter()
        .filter_map(|(key, device, address, last_seen_at, created_at)| {
            let key = key?;
            Some(SessionView {
                current: current == Some(key.as_str()),
                key,
                device,
                address,
                last_seen_at: last_seen_at.unwrap_or(created_at),
                created_at,
            })
        })
        .collect();
    views.sort_by(|a, b| {
        b.current
            .cmp(&a.current)
            .then(b.last_seen_at.cmp(&a.last_seen_at))
    });
    Ok(views)
}

/// Ends one of the user's sessions by its public key; another user's or an unknown key is a 404.
pub fn end(conn: &mut DbConnection, user_id: UserId, public_key: &str) -> AppResult<()> {
    let deleted = diesel::delete(
        sessions::table
            .filter(sessions::user_id.eq(user_id))
            .filter(sessions::public_key.eq(public_key)),
    )
    .execute(conn)
    .map_db_err()?;
    if deleted == 0 {
        return Err(AppError::NotFound);
    }
    activities::log(conn, Some(user_id), "session.ended", "session", public_key)
}

/// Ends every session of the user but `current`; returns how many.
pub fn end_others(
    conn: &mut DbConnection,
    user_id: UserId,
    current: Option<&str>,
) -> AppResult<usize> {
    let others = sessions::table
        .filter(sessions::user_id.eq(user_id))
        .filter(
            sessions::public_key
                .ne(current.unwrap_or(""))
                .or(sessions::public_key.is_null()),
        );
    let ended = diesel::delete(others).execute(conn).map_db_err()?;
    if ended > 0 {
        activities::record(
            conn,
            activities::NewActivity {
                user_id: Some(user_id),
                action: "session.ended_others",
                subject_type: Some("user"),
                subject_key: None,
                details: Some(serde_json::json!({ "ended": ended })),
            },
        )
        .map_db_err()?;
    }
    Ok(ended)
}

pub fn count_for_user(conn: &mut DbConnection, user_id: UserId) -> AppResult<i64> {
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
        let idle = Duration::minutes(120);
        assert_eq!(idle_expiry(created, created, idle), created + idle);
        let late = created + Duration::hours(11);
        assert_eq!(
            idle_expiry(created, late, idle),
            created + Duration::hours(ABSOLUTE_TIMEOUT_HOURS)
        );
    }

    #[test]
    fn admins_idle_out_sooner_than_others() {
        let timeouts = IdleTimeouts::default();
        assert_eq!(timeouts.for_role(Some(Role::Admin)), Duration::minutes(30));
        assert_eq!(
            timeouts.for_role(Some(Role::Merchant)),
            Duration::minutes(120)
        );
        assert_eq!(
            timeouts.for_role(Some(Role::DeliveryPerson)),
            Duration::minutes(120)
        );
        assert_eq!(timeouts.for_role(None), Duration::minutes(120));
    }

    #[test]
    fn stores_only_a_hash_of_the_key() {
        let hashed = hash_key("secret-cookie-value");
        assert_eq!(hashed.len(), 64);
        assert!(!hashed.contains("secret"));
    }
}
