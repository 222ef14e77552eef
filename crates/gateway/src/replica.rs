//! A PostgreSQL read replica (`COLIVRA_READ_DATABASE_URL`) for the reads that decide no write:
//! lists, searches, dashboards and exports (handlers ask through `Db::read`). Everything else —
//! writes, numbering, sessions, and every read a write depends on — stays on the primary.
//!
//! Two rules keep what a caller sees true:
//! - **Bounded lag**: every gateway asks both servers where they are a few times a second
//!   (`watch_replica` in the `db` module, `colivra_db::replica`); a replica more than
//!   `COLIVRA_READ_MAX_LAG_MS` behind, or not answering, serves nothing until it catches up.
//! - **Read-your-writes**: a write request's answer carries the time it was answered (the
//!   `colivra_wrote` cookie, and this process's memory for callers that keep no cookies); that
//!   caller's reads go to the primary until the replica holds everything committed before it.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use actix_web::cookie::{Cookie, SameSite};
use actix_web::{HttpRequest, HttpResponse};

/// The cookie that carries a caller's last write (ms since the epoch) to every gateway.
pub const WROTE_COOKIE: &str = "colivra_wrote";

/// How often each gateway asks where the primary and the replica are.
pub const WATCH_EVERY: Duration = Duration::from_millis(200);

/// How fresh the replica is, and what callers wrote lately (the replica's pool is beside it in
/// the `db` module's `ReadReplica`).
pub struct Freshness {
    /// `COLIVRA_READ_MAX_LAG_MS`.
    max_lag_ms: i64,
    /// Up to when (ms since the epoch) the replica holds every commit; 0 while unknown or not
    /// answering.
    caught_up_to: AtomicI64,
    /// Callers' last writes through this process (keyed by their credentials' hash): for API
    /// clients, which keep no cookies.
    writes: Mutex<HashMap<u64, i64>>,
    /// The `colivra_wrote` cookie is `Secure` (`COLIVRA_SECURE_COOKIES`).
    secure_cookies: bool,
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as i64)
}

impl Freshness {
    pub fn new(max_lag: Duration, secure_cookies: bool) -> Self {
        Freshness {
            max_lag_ms: i64::try_from(max_lag.as_millis()).unwrap_or(i64::MAX),
            caught_up_to: AtomicI64::new(0),
            writes: Mutex::default(),
            secure_cookies,
        }
    }

    pub fn max_lag_ms(&self) -> i64 {
        self.max_lag_ms
    }

    /// What the last round of the watch found: the time up to which the replica holds every
    /// commit (0: unknown, not answering).
    pub fn set_caught_up_to(&self, at_ms: i64) {
        self.caught_up_to.store(at_ms, Ordering::Relaxed);
    }

    /// Whether the replica may answer a caller whose last write was answered at `wrote_at`.
    pub fn serves(&self, wrote_at: Option<i64>) -> bool {
        let caught_up_to = self.caught_up_to.load(Ordering::Relaxed);
        caught_up_to > 0
            && now_ms() - caught_up_to <= self.max_lag_ms
            && wrote_at.is_none_or(|wrote_at| caught_up_to >= wrote_at)
    }

    /// When the caller of `req` last wrote, as far as the request and this process know (only
    /// times within the lag bound matter: past it, the replica is either caught up or unused).
    pub fn last_write(&self, req: &HttpRequest) -> Option<i64> {
        let now = now_ms();
        let recent = |at: &i64| *at > now - self.max_lag_ms && *at <= now + 60_000;
        let from_cookie = req
            .cookie(WROTE_COOKIE)
            .and_then(|cookie| cookie.value().parse::<i64>().ok())
            .filter(recent);
        let remembered = caller_key(req).and_then(|key| {
            let writes = self.writes.lock().unwrap_or_else(|e| e.into_inner());
            writes.get(&key).copied().filter(recent)
        });
        from_cookie.max(remembered)
    }

    fn remember(&self, caller: u64, at: i64) {
        let mut writes = self.writes.lock().unwrap_or_else(|e| e.into_inner());
        if writes.len() >= 100_000 {
            let horizon = at - self.max_lag_ms;
            writes.retain(|_, wrote_at| *wrote_at > horizon);
        }
        writes.insert(caller, at);
    }

    /// A request of `caller` wrote and is answered now: his next reads must see it.
    pub fn wrote(&self, caller: Option<u64>, res: &mut HttpResponse<impl Sized>) {
        let at = now_ms();
        if let Some(caller) = caller {
            self.remember(caller, at);
        }
        let cookie = Cookie::build(WROTE_COOKIE, at.to_string())
            .path("/")
            .http_only(true)
            .secure(self.secure_cookies)
            .same_site(SameSite::Lax)
            .max_age(actix_web::cookie::time::Duration::seconds(
                self.max_lag_ms / 1000 + 1,
            ))
            .finish();
        let _ = res.add_cookie(&cookie);
    }
}

/// Who is calling, as a hash of his credentials (bearer token or session cookie).
pub fn caller_key(req: &HttpRequest) -> Option<u64> {
    let credentials = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .map(|value| value.as_bytes().to_vec())
        .or_else(|| {
            req.cookie(crate::middleware::session_cookie::SESSION_COOKIE_NAME)
                .map(|cookie| cookie.value().as_bytes().to_vec())
        })?;
    let mut hasher = std::hash::DefaultHasher::new();
    credentials.hash(&mut hasher);
    Some(hasher.finish())
}
