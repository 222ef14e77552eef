//! Time in UTC. Timestamps are stored as naive UTC (both databases) with microsecond precision
//! set from Rust, so SQLite and PostgreSQL hold the same values.

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, SubsecRound, Utc};
use serde::{Deserialize, Deserializer, Serializer};

pub fn now() -> NaiveDateTime {
    Utc::now().naive_utc().trunc_subsecs(6)
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
