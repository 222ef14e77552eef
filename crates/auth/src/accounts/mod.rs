//! Account life cycle: registration, sign-in, profile, activation, admin creation.

use colivra_core::{key, time, AppError, AppResult, FieldErrors, Role, UserId};
use colivra_db::activities;
use colivra_db::schema::users;
use colivra_db::{immediate_transaction, DbConnection};
use diesel::prelude::*;
use validator::Validate;

use crate::passwords;
use crate::users::{self as user_repo, normalize_email, User};

mod admins;
mod merchants;
mod profile;
mod register;

pub use admins::{create_admin, CreateAdmin};
pub use merchants::{list_merchants, MerchantFilters, MerchantStatus, MERCHANT_SORTABLE};
pub(crate) use profile::ice_change;
pub use profile::{update_profile, ProfileUpdated, UpdateProfile};
pub use register::{register_merchant, RegisterMerchant};

const NAME_MESSAGE: &str = "Ce champ est obligatoire (100 caractères au plus).";
/// A resized profile photo fits easily; anything larger is not a photo the UI sent.
pub const MAX_AVATAR_LENGTH: usize = 400_000;

fn validation_errors(input: &impl Validate) -> FieldErrors {
    input
        .validate()
        .err()
        .map(FieldErrors::from)
        .unwrap_or_default()
}

fn trimmed(value: &str) -> String {
    value.trim().to_owned()
}

fn non_blank(value: Option<&str>) -> Option<String> {
    value
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

pub struct NewUser<'a> {
    pub role: Role,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    pub company: Option<&'a str>,
    pub city: Option<&'a str>,
    pub password: &'a str,
    pub active: bool,
    /// Route names for staff; `None` for the role's whole set.
    pub permissions: Option<Vec<&'static str>>,
}

/// Inserts a user; the caller validated the fields. A concurrent duplicate e-mail still ends as
/// a 422 thanks to the unique index.
pub fn insert_user(conn: &mut DbConnection, new: NewUser<'_>) -> AppResult<User> {
    let now = time::now();
    let hash = passwords::hash(new.password)?;
    let permissions = new
        .permissions
        .map(|p| serde_json::to_string(&p).unwrap_or_default());
    diesel::insert_into(users::table)
        .values((
            users::key.eq(key::prefixed_key("U", 11)),
            users::role.eq(new.role.as_str()),
            users::first_name.eq(new.first_name),
            users::last_name.eq(new.last_name),
            users::email.eq(normalize_email(new.email)),
            users::phone.eq(new.phone),
            users::company.eq(new.company),
            users::city.eq(new.city),
            users::password_hash.eq(hash),
            users::active.eq(new.active),
            users::permissions.eq(permissions),
            users::created_at.eq(now),
            users::updated_at.eq(now),
        ))
        .returning(users::id)
        .get_result::<UserId>(conn)
        .map_err(|error| {
            if colivra_db::error::is_unique_violation(&error) {
                AppError::validation("email", "Cette adresse e-mail est déjà utilisée.")
            } else {
                colivra_db::error::app_error_from_diesel(error)
            }
        })
        .and_then(|id| user_repo::find_by_id(conn, id)?.ok_or(AppError::NotFound))
}

/// The user with these credentials. The one error message does not say which part was wrong.
/// Sign-in: refused while the account or the address has failed too often lately (429), else the
/// password is checked; a failure counts against both, a success clears the account's.
pub fn sign_in(
    conn: &mut DbConnection,
    throttle: &crate::throttle::SignInThrottle,
    email: &str,
    password: &str,
    address: &str,
) -> AppResult<User> {
    use crate::throttle::SignInThrottle;
    let account_key = SignInThrottle::account_key(email);
    let address_key = SignInThrottle::address_key(address);
    if let Err(retry_after_seconds) = throttle.check(conn, &account_key, &address_key)? {
        return Err(AppError::TooManyAttempts {
            retry_after_seconds,
        });
    }
    match authenticate(conn, email, password) {
        Err(AppError::Validation(errors)) => {
            throttle.record(conn, &[&account_key, &address_key])?;
            Err(AppError::Validation(errors))
        }
        Ok(user) => {
            throttle.clear(conn, &account_key)?;
            Ok(user)
        }
        Err(other) => Err(other),
    }
}

pub fn authenticate(conn: &mut DbConnection, email: &str, password: &str) -> AppResult<User> {
    let refused =
        || AppError::validation("email", "Ces identifiants ne correspondent à aucun compte.");
    match user_repo::find_by_email(conn, email)? {
        Some(user) if passwords::verify(password, &user.password_hash) => {
            activities::log(conn, Some(user.id), "user.signed_in", "user", &user.key)?;
            Ok(user)
        }
        Some(_) => Err(refused()),
        None => {
            passwords::verify_against_dummy(password);
            Err(refused())
        }
    }
}

/// Ends every session and personal token of a user at once.
pub fn end_all_access(conn: &mut DbConnection, user_id: UserId) -> AppResult<()> {
    crate::sessions::delete_for_user(conn, user_id)?;
    crate::tokens::delete_for_user(conn, user_id)?;
    Ok(())
}

/// The account with this e-mail, created active with `new` when missing (demo data).
pub fn ensure_account(conn: &mut DbConnection, new: NewUser<'_>) -> AppResult<(User, bool)> {
    immediate_transaction(conn, |conn| {
        if let Some(existing) = user_repo::find_by_email(conn, new.email)? {
            return Ok((existing, false));
        }
        let user = insert_user(conn, new)?;
        Ok((user, true))
    })
}
