//! Sliding-window throttling: sign-in (more than 5 failures for one e-mail or one address within
//! a minute and the next attempts answer 429 until the oldest leaves the window) and the public
//! tracking page (requests per address). Kept in memory: one gateway process per database is the
//! supported deployment (see docs/decisions.md).

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct Throttle {
    window: Duration,
    max_failures: usize,
    failures: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl Default for Throttle {
    /// The sign-in limit: 5 failures a minute.
    fn default() -> Self {
        Self::new(5, Duration::from_secs(60))
    }
}

impl Throttle {
    /// The public tracking page: 30 look-ups a minute per address.
    pub fn tracking() -> Self {
        Self::new(30, Duration::from_secs(60))
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

    pub fn email_key(email: &str) -> String {
        format!("email:{}", email.trim().to_lowercase())
    }

    pub fn address_key(address: &str) -> String {
        format!("addr:{address}")
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
        let throttle = Throttle::default();
        let keys = vec![Throttle::email_key("A@b.ma")];
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
        let email = vec![Throttle::email_key("x@y.ma")];
        let address = vec![Throttle::address_key("10.0.0.1")];
        throttle.record(&email);
        assert!(throttle.check(&email).is_err());
        assert!(throttle.check(&address).is_ok());
        throttle.clear(&email[0]);
        assert!(throttle.check(&email).is_ok());
    }
}
