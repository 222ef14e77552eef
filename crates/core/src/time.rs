//! Time in UTC. Timestamps are stored as naive UTC (both databases) with microsecond precision
//! set from Rust, so SQLite and PostgreSQL hold the same values.
//!
//! Every business timestamp comes from [`now`]. The demo seed (`colivra seed-demo --week`) alone
//! moves it, with [`with_clock_at`], to write a week of activity on the days it happened.

use std::cell::Cell;
use std::time::Instant;

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, SubsecRound, Utc};
use serde::{Deserialize, Deserializer, Serializer};

thread_local! {
    /// This thread's simulated clock: the time it was set at, and when (monotonic).
    static SIMULATED: Cell<Option<(NaiveDateTime, Instant)>> = const { Cell::new(None) };
}

/// The current time, UTC, to the microsecond: the system's, or this thread's simulated clock
/// inside [`with_clock_at`].
pub fn now() -> NaiveDateTime {
    let at = match SIMULATED.with(Cell::get) {
        Some((at, set)) => {
            at + chrono::Duration::from_std(set.elapsed()).unwrap_or(chrono::Duration::zero())
        }
        None => Utc::now().naive_utc(),
    };
    at.trunc_subsecs(6)
}

/// Runs `work` with [`now`] answering `at` plus the real time elapsed since this call (a
/// monotonic clock, so what `work` writes keeps its order), on this thread only; the clock is
/// put back as it was when `work` returns or panics, and calls nest.
///
/// For the demo seed only (`colivra seed-demo --week`: one thread, one synchronous connection),
/// which writes a past week through the domain services so each row carries the day it
/// happened. Never in a server: actix workers and the blocking pool run on other threads, where
/// the clock stays the system's.
pub fn with_clock_at<T>(at: NaiveDateTime, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<(NaiveDateTime, Instant)>);
    impl Drop for Restore {
        fn drop(&mut self) {
            SIMULATED.with(|clock| clock.set(self.0));
        }
    }
    let _restore = Restore(SIMULATED.with(|clock| clock.replace(Some((at, Instant::now())))));
    work()
}

/// An RFC 3339 date and time from a request (`2026-12-01T14:05:00+01:00`), in UTC to the
/// microsecond; `None` when it is not one.
pub fn parse_rfc3339(raw: &str) -> Option<NaiveDateTime> {
    DateTime::parse_from_rfc3339(raw.trim())
        .ok()
        .map(|at| at.with_timezone(&Utc).naive_utc().trunc_subsecs(6))
}

pub fn to_rfc3339(at: &NaiveDateTime) -> String {
    DateTime::<Utc>::from_naive_utc_and_offset(*at, Utc)
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// serde helper: `#[serde(serialize_with = "colivra_core::time::rfc3339")]`.
pub fn rfc3339<S: Serializer>(at: &NaiveDateTime, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&to_rfc3339(at))
}

/// serde helper for optional timestamps.
pub fn rfc3339_opt<S: Serializer>(
    at: &Option<NaiveDateTime>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match at {
        Some(at) => serializer.serialize_str(&to_rfc3339(at)),
        None => serializer.serialize_none(),
    }
}

/// serde helper for a `YYYY-MM-DD` day a request sends (`#[serde(default, deserialize_with =
/// "colivra_core::time::optional_day")]`): years 1 to 9999 only, the days both databases hold
/// (PostgreSQL stops at 4713 BC), anything else is the input's error (a 422).
pub fn optional_day<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<NaiveDate>, D::Error> {
    let day = Option::<NaiveDate>::deserialize(deserializer)?;
    match day {
        Some(day) if !(1..=9999).contains(&day.year()) => Err(serde::de::Error::custom(
            "date hors de la plage 0001-01-01 à 9999-12-31",
        )),
        day => Ok(day),
    }
}

/// Parses an RFC 3339 timestamp or a plain `YYYY-MM-DD` date (end of that day, UTC).
pub fn parse_timestamp(input: &str) -> Option<NaiveDateTime> {
    if let Ok(at) = DateTime::parse_from_rfc3339(input) {
        return Some(at.with_timezone(&Utc).naive_utc());
    }
    chrono::NaiveDate::parse_from_str(input, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.and_hms_opt(23, 59, 59))
}

/// A period of days asked for in a query (`?from=&to=`): the last 30 days unless given.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
pub struct Period {
    /// On or after this day (`YYYY-MM-DD`).
    #[param(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "optional_day")]
    pub from: Option<NaiveDate>,
    /// On or before this day.
    #[param(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "optional_day")]
    pub to: Option<NaiveDate>,
}

/// A [`Period`] resolved against today: its first and last days, and the instants that bound it
/// (`start` included, `end` excluded: the day after `to` at midnight).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Days {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub start: NaiveDateTime,
    pub end: NaiveDateTime,
}

impl Period {
    /// The days meant (422 on `to` when the period ends before it starts).
    pub fn days(&self, today: NaiveDate) -> crate::AppResult<Days> {
        let to = self.to.unwrap_or(today);
        let from = self.from.unwrap_or(to - chrono::Duration::days(29));
        if from > to {
            return Err(crate::AppError::validation(
                "to",
                "La fin précède le début.",
            ));
        }
        let next = to.succ_opt().unwrap_or(to);
        Ok(Days {
            from,
            to,
            start: from.and_time(chrono::NaiveTime::MIN),
            end: next.and_time(chrono::NaiveTime::MIN),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_parses_utc() {
        let at = parse_timestamp("2026-03-04T10:20:30+01:00").unwrap();
        assert_eq!(to_rfc3339(&at), "2026-03-04T09:20:30Z");
        let day = parse_timestamp("2026-03-04").unwrap();
        assert_eq!(to_rfc3339(&day), "2026-03-04T23:59:59Z");
        assert!(parse_timestamp("tomorrow").is_none());
    }

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap()
    }

    #[test]
    fn a_simulated_clock_runs_from_its_start_and_ends_with_its_work() {
        let monday = at("2026-03-02 09:00:00");
        let real = now();
        let (first, second, nested, after_nested) = with_clock_at(monday, || {
            let first = now();
            std::thread::sleep(std::time::Duration::from_millis(5));
            let second = now();
            let nested = with_clock_at(at("2026-03-03 10:00:00"), now);
            (first, second, nested, now())
        });
        // It starts at `at` and moves forward with real time, in order.
        assert!(first >= monday && first < monday + chrono::Duration::seconds(1));
        assert!(
            second >= first + chrono::Duration::milliseconds(5),
            "{first} {second}"
        );
        assert!(nested >= at("2026-03-03 10:00:00"));
        // The outer clock comes back after a nested one.
        assert!(after_nested >= second && after_nested < monday + chrono::Duration::seconds(1));
        // Outside it, the system's clock again.
        assert!(now() >= real);
        assert!(now() - real < chrono::Duration::minutes(1));
    }

    #[test]
    fn a_simulated_clock_stays_on_its_thread_and_is_put_back_after_a_panic() {
        let monday = at("2026-03-02 09:00:00");
        let elsewhere = with_clock_at(monday, || std::thread::spawn(now).join().unwrap());
        assert!(
            elsewhere > monday + chrono::Duration::days(30),
            "{elsewhere}"
        );
        let outcome = std::panic::catch_unwind(|| with_clock_at(monday, || panic!("seed failed")));
        assert!(outcome.is_err());
        assert!(now() > monday + chrono::Duration::days(30));
    }

    #[derive(Debug, serde::Deserialize)]
    struct Dated {
        #[serde(default, deserialize_with = "optional_day")]
        day: Option<NaiveDate>,
    }

    #[test]
    fn request_days_stay_within_years_1_to_9999() {
        let parse = |json: &str| serde_json::from_str::<Dated>(json).map(|d| d.day);
        assert_eq!(
            parse(r#"{"day": "2026-03-04"}"#).unwrap(),
            NaiveDate::from_ymd_opt(2026, 3, 4)
        );
        assert_eq!(parse(r#"{}"#).unwrap(), None);
        assert_eq!(parse(r#"{"day": null}"#).unwrap(), None);
        assert!(parse(r#"{"day": "-200000-01-01"}"#).is_err());
        assert!(parse(r#"{"day": "+10000-01-01"}"#).is_err());
    }
}
