//! Sliding-window throttling. Sign-in failures are stored in the database ([`SignInThrottle`]):
//! shared by every process and kept across restarts, counted per account and per address with
//! separate limits, so one office behind one address is not locked out by a colleague's typos.
//! The public tracking page's look-ups per address stay in memory ([`Throttle`]): losing them
//! at a restart costs nothing, and a write per anonymous look-up would.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use colivra_core::{time, AppResult};
use colivra_db::schema::sign_in_failures;
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

/// Sign-in failures in the database: `check` before checking the password, `record` a failure,
/// `clear` the account's failures after a success.
#[derive(Debug, Clone, Copy)]
pub struct SignInThrottle {
    /// Failures of one account (e-mail) within the window.
    pub per_account: i64,
    /// Failures from one address within the window, over every account.
    pub per_address: i64,
    pub window_seconds: i64,
}

impl Default for SignInThrottle {
    /// 5 failures per account and 50 per address in 15 minutes.
    fn default() -> Self {
        SignInThrottle {
            per_account: 5,
            per_address: 50,
            window_seconds: 15 * 60,
        }
    }
}

impl SignInThrottle {
    pub fn account_key(email: &str) -> String {
        format!("email:{}", email.trim().to_lowercase())
    }

    pub fn address_key(address: &str) -> String {
        format!("addr:{address}")
    }

    fn window(&self) -> chrono::Duration {
        chrono::Duration::seconds(self.window_seconds)
    }

    /// `Err(seconds to wait)` when the account or the address already has its maximum of
    /// failures in the window: until the oldest of those leaves it.
    pub fn check(
        &self,
        conn: &mut DbConnection,
        account: &str,
        address: &str,
    ) -> AppResult<Result<(), u64>> {
        let now = time::now();
        let since = now - self.window();
        let mut wait = chrono::Duration::zero();
        for (key, limit) in [(account, self.per_account), (address, self.per_address)] {
            // The limit-th most recent failure: when it leaves the window, one more try is allowed.
            let nth: Option<chrono::NaiveDateTime> = sign_in_failures::table
                .filter(sign_in_failures::key.eq(key))
                .filter(sign_in_failures::failed_at.gt(since))
                .order(sign_in_failures::failed_at.desc())
                .select(sign_in_failures::failed_at)
                .offset(limit.max(1) - 1)
                .first(conn)
                .optional()
                .map_db_err()?;
            if let Some(at) = nth {
                wait = wait.max(at + self.window() - now);
            }
        }
        Ok(if wait <= chrono::Duration::zero() {
            Ok(())
        } else {
            Err(wait.num_seconds().max(1) as u64)
        })
    }

    pub fn record(&self, conn: &mut DbConnection, keys: &[&str]) -> AppResult<()> {
        let now = time::now();
        // Old failures are worth nothing: drop them as new ones come (indexed on failed_at).
        diesel::delete(
            sign_in_failures::table.filter(sign_in_failures::failed_at.le(now - self.window())),
        )
        .execute(conn)
        .map_db_err()?;
        for key in keys {
            diesel::insert_into(sign_in_failures::table)
                .values((
                    sign_in_failures::key.eq(*key),
                    sign_in_failures::failed_at.eq(now),
                ))
                .execute(conn)
                .map_db_err()?;
        }
        Ok(())
    }

    pub fn clear(&self, conn: &mut DbConnection, key: &str) -> AppResult<()> {
        diesel::delete(sign_in_failures::table.filter(sign_in_failures::key.eq(key)))
            .execute(conn)
            .map_db_err()?;
        Ok(())
    }
}

pub struct Throttle {
    window: Duration,
    max_failures: usize,
    failures: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl Throttle {
    /// The public tracking page: 30 look-ups a minute per address.
    pub fn tracking() -> Self {
        Self::new(30, Duration::from_secs(60))
    }

    /// A recipient's decision on the tracking page: 5 wrong codes or phone digits in 15
    /// minutes, per address and per code (the last 4 digits are 10,000 guesses).
    pub fn tracking_decision() -> Self {
        Self::new(5, Duration::from_secs(15 * 60))
    }
}

impl Throttle {
    pub fn new(max_failures: usize, window: Duration) -> Self {
        Self {
            window,
            max_failures,
            failures: Mutex::new(HashMap::new()),
        }
    }

    /// `Err(seconds to wait)` when any of `keys` already has the maximum failures in the window.
    pub fn check(&self, keys: &[String]) -> Result<(), u64> {
        self.check_at(keys, Instant::now())
    }

    fn check_at(&self, keys: &[String], now: Instant) -> Result<(), u64> {
        let mut failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let mut wait = Duration::ZERO;
        for key in keys {
            if let Some(times) = failures.get_mut(key) {
                prune(times, now, self.window);
                if times.len() >= self.max_failures {
                    let oldest = times[times.len() - self.max_failures];
                    wait = wait.max(self.window.saturating_sub(now - oldest));
                }
            }
        }
        if wait.is_zero() {
            Ok(())
        } else {
            Err(wait.as_secs().max(1))
        }
    }

    pub fn record(&self, keys: &[String]) {
        self.record_at(keys, Instant::now())
    }

    fn record_at(&self, keys: &[String], now: Instant) {
        let mut failures = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        // Bound memory under a spray of addresses: drop keys with nothing left in the window.
        if failures.len() > 10_000 {
            let window = self.window;
            failures.retain(|_, times| {
                prune(times, now, window);
                !times.is_empty()
            });
        }
        for key in keys {
            let times = failures.entry(key.clone()).or_default();
            prune(times, now, self.window);
            times.push_back(now);
        }
    }

    pub fn clear(&self, key: &str) {
        self.failures
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(key);
    }
}

fn prune(times: &mut VecDeque<Instant>, now: Instant, window: Duration) {
    while times
        .front()
        .is_some_and(|t| now.duration_since(*t) >= window)
    {
        times.pop_front();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_after_five_failures_and_frees_after_the_window() {
        let throttle = Throttle::new(5, Duration::from_secs(60));
        let keys = vec!["email:a@b.ma".to_owned()];
        let start = Instant::now();
        for i in 0..5 {
            assert!(throttle.check_at(&keys, start).is_ok(), "attempt {i}");
            throttle.record_at(&keys, start);
        }
        let wait = throttle
            .check_at(&keys, start + Duration::from_secs(10))
            .unwrap_err();
        assert_eq!(wait, 50);
        assert!(throttle
            .check_at(&keys, start + Duration::from_secs(61))
            .is_ok());
    }

    #[test]
    fn keys_are_independent_and_clearable() {
        let throttle = Throttle::new(1, Duration::from_secs(60));
        let email = vec!["email:x@y.ma".to_owned()];
        let address = vec!["addr:10.0.0.1".to_owned()];
        throttle.record(&email);
        assert!(throttle.check(&email).is_err());
        assert!(throttle.check(&address).is_ok());
        throttle.clear(&email[0]);
        assert!(throttle.check(&email).is_ok());
    }
}
