//! The `Idempotency-Key` store: the first answer to a write, kept per caller and key, so the same
//! request sent again (a phone's offline queue after a lost answer, a shop's plugin after a
//! timeout) gets that answer again and writes nothing.
//!
//! A key is claimed before the write runs (a row without an answer), answered after it, or
//! released when the write failed in a way worth trying again (5xx, 429). Two requests with one
//! key at once: the unique (caller, key) index lets one claim it; the other is told the first is
//! still being answered.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use sha2::{Digest, Sha256};

use crate::connection::{immediate_transaction, DbConnection};
use crate::error::{is_unique_violation, MapDbErr};
use crate::schema::idempotency_keys as keys;
use colivra_core::{AppResult, UserId};

/// How long an answer is kept: longer than the 24 hours promised, so a phone that stayed offline
/// for days still gets its outcomes applied once.
pub const KEPT_DAYS: i64 = 7;
/// A claim older than this without an answer was left by a server that stopped mid-request: the
/// key may be claimed again (no request runs that long).
pub const ABANDONED_AFTER_SECONDS: i64 = 120;
/// The longest key accepted (visible ASCII characters, at least one).
pub const MAX_KEY_LENGTH: usize = 255;

/// Whether `key` is a usable key: 1 to 255 visible ASCII characters.
pub fn is_valid_key(key: &str) -> bool {
    !key.is_empty() && key.len() <= MAX_KEY_LENGTH && key.bytes().all(|b| b.is_ascii_graphic())
}

/// What identifies one request under a key: its method, its path with the query, and its body; a
/// JSON body by its meaning (keys sorted at every depth, no spacing), so the same object written
/// with its keys in another order or other spacing is the same request (domain.md); any other
/// body (a CSV file) byte for byte.
pub fn request_hash(method: &str, path_and_query: &str, body: &[u8]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(method.as_bytes());
    hasher.update([0]);
    hasher.update(path_and_query.as_bytes());
    hasher.update([0]);
    match serde_json::from_slice::<serde_json::Value>(body) {
        Ok(value) => {
            hasher.update(b"json\0");
            let mut canonical = String::with_capacity(body.len());
            write_canonical(&value, &mut canonical);
            hasher.update(canonical.as_bytes());
        }
        Err(_) => {
            hasher.update(b"raw\0");
            hasher.update(body);
        }
    }
    hex::encode(hasher.finalize())
}

/// `value` as JSON with every object's keys in byte order and no spacing: one text per meaning
/// (whatever order serde_json's map keeps).
fn write_canonical(value: &serde_json::Value, out: &mut String) {
    use serde_json::Value;
    match value {
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
            out.push('{');
            for (index, (key, item)) in entries.into_iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                write_canonical(item, out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (index, item) in items.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

/// The first answer given under a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAnswer {
    pub status: u16,
    pub content_type: Option<String>,
    pub body: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// The key is this request's: run it, then [`answer`] or [`release`].
    Claimed,
    /// The same request was answered before: give that answer again.
    Answered(StoredAnswer),
    /// The same request is being answered right now.
    InProgress,
    /// The key was used for another request.
    OtherRequest,
}

/// Claims `key` for `user_id`'s request `hash`, or says why not.
pub fn claim(
    conn: &mut DbConnection,
    user_id: UserId,
    key: &str,
    hash: &str,
    now: NaiveDateTime,
) -> AppResult<Claim> {
    match try_claim(conn, user_id, key, hash, now) {
        // Another request claimed it between the read and the insert (PostgreSQL; SQLite's
        // writers take turns): read again what it left.
        Err(Raced) => match existing(conn, user_id, key)? {
            Some(found) if found.request_hash != hash => Ok(Claim::OtherRequest),
            _ => Ok(Claim::InProgress),
        },
        Ok(claim) => claim,
    }
}

/// The insert met another request's claim of the same key.
struct Raced;

fn try_claim(
    conn: &mut DbConnection,
    user_id: UserId,
    key: &str,
    hash: &str,
    now: NaiveDateTime,
) -> Result<AppResult<Claim>, Raced> {
    let mut raced = false;
    let outcome = immediate_transaction(conn, |conn| {
        if let Some(found) = existing(conn, user_id, key)? {
            let expired = found.created_at < now - Duration::days(KEPT_DAYS);
            let abandoned = found.status_code.is_none()
                && found.created_at < now - Duration::seconds(ABANDONED_AFTER_SECONDS);
            if !expired && found.request_hash != hash {
                return Ok(Claim::OtherRequest);
            }
            if !expired && !abandoned {
                return Ok(match (found.status_code, found.body) {
                    (Some(status), Some(body)) => Claim::Answered(StoredAnswer {
                        status: u16::try_from(status).unwrap_or(500),
                        content_type: found.content_type,
                        body,
                    }),
                    _ => Claim::InProgress,
                });
            }
            // Expired or abandoned: the key starts afresh.
            diesel::delete(keys::table.filter(keys::id.eq(found.id)))
                .execute(conn)
                .map_db_err()?;
        }
        let inserted = diesel::insert_into(keys::table)
            .values((
                keys::user_id.eq(user_id),
                keys::key.eq(key),
                keys::request_hash.eq(hash),
                keys::created_at.eq(now),
            ))
            .execute(conn);
        match inserted {
            Ok(_) => Ok(Claim::Claimed),
            Err(error) => {
                raced = is_unique_violation(&error);
                Err(error).map_db_err()
            }
        }
    });
    if raced {
        Err(Raced)
    } else {
        Ok(outcome)
    }
}

/// Keeps `answer` as the one to give again under `key`.
pub fn answer(
    conn: &mut DbConnection,
    user_id: UserId,
    key: &str,
    answer: &StoredAnswer,
) -> AppResult<()> {
    diesel::update(
        keys::table
            .filter(keys::user_id.eq(user_id))
            .filter(keys::key.eq(key))
            .filter(keys::status_code.is_null()),
    )
    .set((
        keys::status_code.eq(i32::from(answer.status)),
        keys::content_type.eq(answer.content_type.as_deref()),
        keys::body.eq(&answer.body),
    ))
    .execute(conn)
    .map_db_err()?;
    Ok(())
}

/// Frees `key` (still unanswered) for another try.
pub fn release(conn: &mut DbConnection, user_id: UserId, key: &str) -> AppResult<()> {
    diesel::delete(
        keys::table
            .filter(keys::user_id.eq(user_id))
            .filter(keys::key.eq(key))
            .filter(keys::status_code.is_null()),
    )
    .execute(conn)
    .map_db_err()?;
    Ok(())
}

/// Forgets the keys older than [`KEPT_DAYS`]; the number forgotten.
pub fn purge_expired(conn: &mut DbConnection, now: NaiveDateTime) -> AppResult<usize> {
    diesel::delete(keys::table.filter(keys::created_at.lt(now - Duration::days(KEPT_DAYS))))
        .execute(conn)
        .map_db_err()
}

#[derive(Queryable)]
struct Found {
    id: i64,
    request_hash: String,
    status_code: Option<i32>,
    content_type: Option<String>,
    body: Option<String>,
    created_at: NaiveDateTime,
}

fn existing(conn: &mut DbConnection, user_id: UserId, key: &str) -> AppResult<Option<Found>> {
    keys::table
        .filter(keys::user_id.eq(user_id))
        .filter(keys::key.eq(key))
        .select((
            keys::id,
            keys::request_hash,
            keys::status_code,
            keys::content_type,
            keys::body,
            keys::created_at,
        ))
        .first::<Found>(conn)
        .optional()
        .map_db_err()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_one_to_255_visible_characters() {
        assert!(is_valid_key("a"));
        assert!(is_valid_key(&"k".repeat(255)));
        assert!(!is_valid_key(""));
        assert!(!is_valid_key(&"k".repeat(256)));
        assert!(!is_valid_key("two words"));
        assert!(!is_valid_key("clé"));
    }

    #[test]
    fn a_json_body_is_compared_by_meaning_not_by_bytes() {
        let hash = |body: &str| request_hash("POST", "/api/parcels", body.as_bytes());
        let base = hash(r#"{"city":"CASA","cod":249,"items":[{"a":1,"b":2}]}"#);
        assert_eq!(
            base,
            hash("{ \"items\": [ {\"b\":2, \"a\":1} ],\n \"cod\": 249, \"city\": \"CASA\" }")
        );
        // The order of an array's items is meaning; so is every value.
        assert_ne!(
            base,
            hash(r#"{"city":"CASA","cod":249,"items":[{"a":2,"b":1}]}"#)
        );
        assert_ne!(
            base,
            hash(r#"{"city":"CASA","cod":"249","items":[{"a":1,"b":2}]}"#)
        );
        // Not JSON: byte for byte (a CSV file).
        assert_ne!(hash("a;b\n1;2\n"), hash("a;b\n1;2"));
    }

    #[test]
    fn the_hash_tells_method_path_and_body_apart() {
        let base = request_hash("POST", "/api/parcels", b"{}");
        assert_eq!(base.len(), 64);
        assert_eq!(base, request_hash("POST", "/api/parcels", b"{}"));
        assert_ne!(base, request_hash("PUT", "/api/parcels", b"{}"));
        assert_ne!(base, request_hash("POST", "/api/parcels?x=1", b"{}"));
        assert_ne!(base, request_hash("POST", "/api/parcels", b"[]"));
        assert_ne!(base, request_hash("POST", "/api/parcels", b"{}x"));
        // The separator keeps the parts from running into each other.
        assert_ne!(
            request_hash("POST", "/a", b"b"),
            request_hash("POST", "/ab", b"")
        );
    }
}
