//! actix-session storage in the database (see `colivra_auth::sessions`).

use colivra_core::UserId;
use std::collections::HashMap;

use actix_session::storage::{LoadError, SaveError, SessionKey, SessionStore, UpdateError};
use actix_web::cookie::time::Duration;
use colivra_auth::sessions;

use crate::db::Database;
use crate::middleware::authorize::{
    SESSION_ADDRESS, SESSION_CALLER, SESSION_DEVICE, SESSION_PUBLIC_KEY, SESSION_UNAVAILABLE,
    SESSION_USER_ID,
};
use crate::middleware::request_log::DATABASE_UNAVAILABLE;

type State = HashMap<String, String>;

#[derive(Clone)]
pub struct DbSessionStore {
    pool: Database,
    timeouts: sessions::IdleTimeouts,
}

impl DbSessionStore {
    pub fn new(pool: Database, timeouts: sessions::IdleTimeouts) -> Self {
        Self { pool, timeouts }
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut colivra_db::DbConnection) -> colivra_core::AppResult<T> + Send + 'static,
    ) -> anyhow::Result<T> {
        crate::db::run(&self.pool, work)
            .await
            .map_err(|e| anyhow::anyhow!("{DATABASE_UNAVAILABLE}: {e}"))
    }
}

fn user_id(state: &State) -> Option<UserId> {
    state
        .get(SESSION_USER_ID)
        .and_then(|v| v.parse().ok())
        .map(UserId::new)
}

/// The state as stored: without the user loaded alongside it.
fn persisted(mut state: State) -> State {
    state.remove(SESSION_CALLER);
    state.remove(SESSION_UNAVAILABLE);
    state
}

/// Where a new session comes from, taken out of the state the sign-in handler filled (the store
/// sees no request); the public key stays in the state so handlers know the current session.
fn origin(state: &mut State) -> sessions::Origin {
    let public_key = state
        .get(SESSION_PUBLIC_KEY)
        .and_then(|v| serde_json::from_str::<String>(v).ok())
        .unwrap_or_else(sessions::new_public_key);
    if let Ok(json) = serde_json::to_string(&public_key) {
        state.insert(SESSION_PUBLIC_KEY.to_owned(), json);
    }
    let mut take = |name: &str| {
        state
            .remove(name)
            .and_then(|v| serde_json::from_str::<String>(&v).ok())
    };
    sessions::Origin {
        public_key,
        device: take(SESSION_DEVICE),
        address: take(SESSION_ADDRESS),
    }
}

fn new_key() -> String {
    colivra_core::key::random_secret(64)
}

impl SessionStore for DbSessionStore {
    async fn load(&self, session_key: &SessionKey) -> Result<Option<State>, LoadError> {
        let key = session_key.as_ref().to_owned();
        let timeouts = self.timeouts;
        let loaded = async {
            let mut loaded = crate::db::read_here(&self.pool, move |conn| {
                sessions::load_with_user(conn, &key, &timeouts)
            })
            .await
            .map_err(|e| anyhow::anyhow!("{DATABASE_UNAVAILABLE}: {e}"))?;
            // The idle expiry's write, when due (at most once a minute), on the blocking pool.
            if let Some(slide) = loaded.as_mut().and_then(|loaded| loaded.slide.take()) {
                self.run(move |conn| sessions::slide(conn, &slide)).await?;
            }
            anyhow::Ok(loaded)
        }
        .await;
        let stored = match loaded {
            Ok(stored) => stored,
            Err(error) => {
                // Failing here would make the session layer raise an error outside every other
                // layer (no headers, no error shape); the marker lets the CSRF and authorization
                // layers answer 503 as ordinary responses instead.
                tracing::warn!(%error, "session load failed");
                return Ok(Some(State::from([(
                    SESSION_UNAVAILABLE.to_owned(),
                    "true".to_owned(),
                )])));
            }
        };
        let Some(sessions::LoadedSession {
            state: json, user, ..
        }) = stored
        else {
            return Ok(None);
        };
        let mut state: State =
            serde_json::from_str(&json).map_err(|e| LoadError::Deserialization(e.into()))?;
        // The user rides along in memory so authorization needs no second query; `persisted`
        // strips it before anything is written.
        if let Some(user) = user {
            let user = serde_json::to_string(&user).map_err(|e| LoadError::Other(e.into()))?;
            state.insert(SESSION_CALLER.to_owned(), user);
        }
        Ok(Some(state))
    }

    async fn save(&self, state: State, _ttl: &Duration) -> Result<SessionKey, SaveError> {
        let mut state = persisted(state);
        let origin = origin(&mut state);
        let json = serde_json::to_string(&state).map_err(|e| SaveError::Serialization(e.into()))?;
        let key = new_key();
        let stored_key = key.clone();
        let uid = user_id(&state);
        let timeouts = self.timeouts;
        self.run(move |conn| sessions::insert(conn, &stored_key, &json, uid, &origin, &timeouts))
            .await
            .map_err(SaveError::Other)?;
        SessionKey::try_from(key).map_err(|e| SaveError::Other(e.into()))
    }

    async fn update(
        &self,
        session_key: SessionKey,
        state: State,
        ttl: &Duration,
    ) -> Result<SessionKey, UpdateError> {
        if state.contains_key(SESSION_UNAVAILABLE) {
            // Never write back a state that was not loaded: it would replace the real one.
            return Ok(session_key);
        }
        let mut state = persisted(state);
        // Only a new session records where it comes from.
        state.remove(SESSION_DEVICE);
        state.remove(SESSION_ADDRESS);
        let json =
            serde_json::to_string(&state).map_err(|e| UpdateError::Serialization(e.into()))?;
        let key = session_key.as_ref().to_owned();
        let uid = user_id(&state);
        let updated = self
            .run(move |conn| sessions::update(conn, &key, &json, uid))
            .await
            .map_err(UpdateError::Other)?;
        if updated {
            Ok(session_key)
        } else {
            // Expired meanwhile: start a new session rather than revive the old key.
            self.save(state, ttl)
                .await
                .map_err(|e| UpdateError::Other(anyhow::anyhow!("{e}")))
        }
    }

    async fn update_ttl(
        &self,
        _session_key: &SessionKey,
        _ttl: &Duration,
    ) -> Result<(), anyhow::Error> {
        // Idle expiry slides on load (at most one write a minute); nothing to do here.
        Ok(())
    }

    async fn delete(&self, session_key: &SessionKey) -> Result<(), anyhow::Error> {
        let key = session_key.as_ref().to_owned();
        self.run(move |conn| sessions::delete(conn, &key)).await
    }
}
