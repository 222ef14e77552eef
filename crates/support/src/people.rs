//! The names of the people tickets, announcements and guides refer to, loaded once per page.

use std::collections::HashMap;

use colivra_core::{AppResult, UserId};
use colivra_db::schema::users;
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// Who wrote a message or an announcement.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
pub struct Author {
    pub name: String,
    /// `admin`, `client` or `delivery-admin`.
    pub role: String,
}

#[derive(Debug, Clone)]
pub struct Person {
    pub key: String,
    /// First and last name.
    pub name: String,
    pub company: Option<String>,
    pub role: String,
}

impl Person {
    pub fn author(&self) -> Author {
        Author {
            name: self.name.clone(),
            role: self.role.clone(),
        }
    }
}

/// The people with these ids (unknown ids are left out).
pub fn load(conn: &mut DbConnection, ids: &[UserId]) -> AppResult<HashMap<UserId, Person>> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(users::table
        .filter(users::id.eq_any(&ids))
        .select((
            users::id,
            users::key,
            users::first_name,
            users::last_name,
            users::company,
            users::role,
        ))
        .load::<(UserId, String, String, String, Option<String>, String)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(id, key, first, last, company, role)| {
            (
                id,
                Person {
                    key,
                    name: format!("{first} {last}").trim().to_owned(),
                    company: company.filter(|c| !c.trim().is_empty()),
                    role,
                },
            )
        })
        .collect())
}

/// The names of the people with these public keys (unknown keys are left out): a merchant's
/// company when he has one.
pub fn names_by_key(
    conn: &mut DbConnection,
    keys: &[String],
) -> AppResult<HashMap<String, String>> {
    if keys.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(users::table
        .filter(users::key.eq_any(keys))
        .select((
            users::key,
            users::first_name,
            users::last_name,
            users::company,
        ))
        .load::<(String, String, String, Option<String>)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(key, first, last, company)| {
            let name = company
                .filter(|c| !c.trim().is_empty())
                .unwrap_or_else(|| format!("{first} {last}").trim().to_owned());
            (key, name)
        })
        .collect())
}

/// A person who no longer exists (his account was deleted).
pub fn gone() -> Person {
    Person {
        key: String::new(),
        name: "Compte supprimé".to_owned(),
        company: None,
        role: String::new(),
    }
}

/// A merchant or a delivery person found by the top bar's search.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PersonHit {
    pub key: String,
    pub name: String,
    /// `client` or `delivery-admin`.
    pub role: String,
    pub company: Option<String>,
}

/// Merchant accounts (not their staff) and delivery people of `roles` whose name, company,
/// e-mail or phone contains `text`, by name.
pub fn search(
    conn: &mut DbConnection,
    text: &str,
    roles: &[colivra_core::Role],
    limit: i64,
) -> AppResult<Vec<PersonHit>> {
    use colivra_db::listing::{lower, lower_opt};
    use colivra_db::schema::merchant_staff;
    if roles.is_empty() {
        return Ok(Vec::new());
    }
    let pattern = colivra_core::pagination::like_pattern(text);
    let roles: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
    Ok(users::table
        .left_join(merchant_staff::table.on(merchant_staff::user_id.eq(users::id)))
        .filter(users::role.eq_any(roles))
        .filter(merchant_staff::user_id.is_null())
        .filter(
            lower(users::first_name.concat(" ").concat(users::last_name))
                .like(pattern.clone())
                .escape('\\')
                .or(lower_opt(users::company).like(pattern.clone()).escape('\\'))
                .or(users::email.like(pattern.clone()).escape('\\'))
                .or(users::phone.like(pattern.clone()).escape('\\')),
        )
        .order((
            users::first_name.asc(),
            users::last_name.asc(),
            users::id.asc(),
        ))
        .select((
            users::key,
            users::first_name,
            users::last_name,
            users::role,
            users::company,
        ))
        .limit(limit)
        .load::<(String, String, String, String, Option<String>)>(conn)
        .map_db_err()?
        .into_iter()
        .map(|(key, first, last, role, company)| PersonHit {
            key,
            name: format!("{first} {last}").trim().to_owned(),
            role,
            company: company.filter(|c| !c.trim().is_empty()),
        })
        .collect())
}
