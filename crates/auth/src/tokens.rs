//! Personal API tokens: shown in plain text once, stored as a SHA-256 hash, sent as
//! `Authorization: Bearer <token>`.

use chrono::{Duration, NaiveDateTime};
use colivra_core::{key, time, AppError, AppResult, FieldErrors, Page, Paginated, UserId};
use colivra_db::activities;
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::paginate;
use colivra_db::schema::{personal_tokens, users};
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use crate::users::User;

const PREFIX: &str = "clv_";
const LAST_USED_GRANULARITY_SECONDS: i64 = 60;
pub const MAX_TOKENS_PER_USER: i64 = 50;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = personal_tokens)]
struct TokenRow {
    key: String,
    name: String,
    abilities: String,
    expires_at: Option<NaiveDateTime>,
    last_used_at: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TokenView {
    pub key: String,
    pub name: String,
    pub abilities: Vec<String>,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub expires_at: Option<NaiveDateTime>,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub last_used_at: Option<NaiveDateTime>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

impl From<TokenRow> for TokenView {
    fn from(row: TokenRow) -> Self {
        TokenView {
            key: row.key,
            name: row.name,
            abilities: serde_json::from_str(&row.abilities).unwrap_or_default(),
            expires_at: row.expires_at,
            last_used_at: row.last_used_at,
            created_at: row.created_at,
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct CreateToken {
    /// Absent or blank: « Jeton du JJ/MM/AAAA » (the day it is made).
    #[serde(default)]
    #[schema(max_length = 100)]
    pub name: String,
    /// `read` (GET calls) and/or `write` (every other method); absent: both.
    pub abilities: Option<Vec<String>>,
    /// RFC 3339 timestamp or `YYYY-MM-DD` (end of that day, UTC), within a year; absent:
    /// [`DEFAULT_LIFETIME_DAYS`] from now.
    pub expires_at: Option<String>,
}

pub const READ: &str = "read";
pub const WRITE: &str = "write";
/// Granted by tokens made before abilities were checked: read and write.
const LEGACY_ALL: &str = "*";
pub const DEFAULT_LIFETIME_DAYS: i64 = 90;
pub const MAX_LIFETIME_DAYS: i64 = 365;

/// What a bearer token may do; the gateway checks it against the request's method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grant {
    pub read: bool,
    pub write: bool,
}

impl Grant {
    fn from_abilities(json: &str) -> Grant {
        let abilities: Vec<String> = serde_json::from_str(json).unwrap_or_default();
        let holds = |name: &str| abilities.iter().any(|a| a == name || a == LEGACY_ALL);
        Grant {
            read: holds(READ),
            write: holds(WRITE),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedToken {
    pub data: TokenView,
    /// The token itself, shown this once.
    pub token: String,
}

fn hash_token(plain: &str) -> String {
    hex::encode(Sha256::digest(plain.as_bytes()))
}

pub fn create(conn: &mut DbConnection, user: &User, input: CreateToken) -> AppResult<CreatedToken> {
    let mut errors = FieldErrors::new();
    // The specification's payload is optional: a token left unnamed is named after its day.
    let name = match input.name.trim() {
        "" => format!("Jeton du {}", time::now().format("%d/%m/%Y")),
        name => name.to_owned(),
    };
    if name.chars().count() > 100 {
        errors.add("name", "Donnez un nom au jeton (100 caractères au plus).");
    }
    let requested = input
        .abilities
        .unwrap_or_else(|| vec![READ.to_owned(), WRITE.to_owned()]);
    // Stored in a fixed order, each once.
    let abilities: Vec<String> = [READ, WRITE]
        .into_iter()
        .filter(|a| requested.iter().any(|r| r == a))
        .map(str::to_owned)
        .collect();
    if abilities.is_empty() || requested.iter().any(|a| a != READ && a != WRITE) {
        errors.add(
            "abilities",
            "Capacités possibles : read (lecture) et write (écriture).",
        );
    }
    let now = time::now();
    let latest = now + Duration::days(MAX_LIFETIME_DAYS);
    let expires_at = match input.expires_at.as_deref().filter(|s| !s.is_empty()) {
        None => Some(now + Duration::days(DEFAULT_LIFETIME_DAYS)),
        Some(raw) => match time::parse_timestamp(raw) {
            Some(at) if at > now && at <= latest + Duration::days(1) => Some(at.min(latest)),
            Some(at) if at > now => {
                errors.add(
                    "expires_at",
                    format!("Un jeton vit {MAX_LIFETIME_DAYS} jours au plus."),
                );
                None
            }
            Some(_) => {
                errors.add(
                    "expires_at",
                    "La date d'expiration doit être dans le futur.",
                );
                None
            }
            None => {
                errors.add("expires_at", "Date invalide (AAAA-MM-JJ).");
                None
            }
        },
    };
    immediate_transaction(conn, |conn| {
        let count: i64 = personal_tokens::table
            .filter(personal_tokens::user_id.eq(user.id))
            .count()
            .get_result(conn)
            .map_db_err()?;
        if count >= MAX_TOKENS_PER_USER {
            errors.add(
                "name",
                format!("{MAX_TOKENS_PER_USER} jetons au plus : révoquez-en un d'abord."),
            );
        }
        std::mem::take(&mut errors).into_result()?;
        let plain = format!("{PREFIX}{}", key::random_secret(48));
        let token_key = key::prefixed_key("T", 11);
        diesel::insert_into(personal_tokens::table)
            .values((
                personal_tokens::key.eq(&token_key),
                personal_tokens::user_id.eq(user.id),
                personal_tokens::name.eq(&name),
                personal_tokens::token_hash.eq(hash_token(&plain)),
                personal_tokens::abilities
                    .eq(serde_json::to_string(&abilities).unwrap_or_default()),
                personal_tokens::expires_at.eq(expires_at),
                personal_tokens::created_at.eq(time::now()),
            ))
            .execute(conn)
            .map_db_err()?;
        activities::log(conn, Some(user.id), "token.created", "token", &token_key)?;
        let row = personal_tokens::table
            .filter(personal_tokens::key.eq(&token_key))
            .select(TokenRow::as_select())
            .first(conn)
            .map_db_err()?;
        Ok(CreatedToken {
            data: row.into(),
            token: plain,
        })
    })
}

pub fn list(
    conn: &mut DbConnection,
    user_id: UserId,
    page: &Page,
) -> AppResult<Paginated<TokenView>> {
    let mine = || personal_tokens::table.filter(personal_tokens::user_id.eq(user_id));
    Ok(paginate(
        conn,
        page,
        |conn| mine().count().get_result(conn),
        |conn, limit, offset| {
            mine()
                .order(personal_tokens::id.desc())
                .select(TokenRow::as_select())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )?
    .map(Into::into))
}

/// Revokes one of the user's own tokens; another user's token is a 404.
pub fn revoke(conn: &mut DbConnection, user_id: UserId, token_key: &str) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let deleted = diesel::delete(
            personal_tokens::table
                .filter(personal_tokens::user_id.eq(user_id))
                .filter(personal_tokens::key.eq(token_key)),
        )
        .execute(conn)
        .map_db_err()?;
        if deleted == 0 {
            return Err(AppError::NotFound);
        }
        activities::log(conn, Some(user_id), "token.revoked", "token", token_key)
    })
}

/// The user a bearer token belongs to and what the token grants, if the token exists and has
/// not expired.
pub fn authenticate(conn: &mut DbConnection, plain: &str) -> AppResult<Option<(User, Grant)>> {
    if !plain.starts_with(PREFIX) {
        return Ok(None);
    }
    let now = time::now();
    type Found = (
        i64,
        String,
        Option<NaiveDateTime>,
        Option<NaiveDateTime>,
        User,
    );
    let found: Option<Found> = personal_tokens::table
        .inner_join(users::table)
        .filter(personal_tokens::token_hash.eq(hash_token(plain)))
        .select((
            personal_tokens::id,
            personal_tokens::abilities,
            personal_tokens::expires_at,
            personal_tokens::last_used_at,
            User::as_select(),
        ))
        .first(conn)
        .optional()
        .map_db_err()?;
    let Some((token_id, abilities, expires_at, last_used_at, user)) = found else {
        return Ok(None);
    };
    if expires_at.is_some_and(|at| at <= now) {
        return Ok(None);
    }
    let stale =
        last_used_at.is_none_or(|at| now - at > Duration::seconds(LAST_USED_GRANULARITY_SECONDS));
    if stale {
        diesel::update(personal_tokens::table.find(token_id))
            .set(personal_tokens::last_used_at.eq(now))
            .execute(conn)
            .map_db_err()?;
    }
    Ok(Some((user, Grant::from_abilities(&abilities))))
}

pub fn delete_for_user(conn: &mut DbConnection, user_id: UserId) -> AppResult<usize> {
    diesel::delete(personal_tokens::table.filter(personal_tokens::user_id.eq(user_id)))
        .execute(conn)
        .map_db_err()
}
