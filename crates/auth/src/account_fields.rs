//! What every account form shares (names, e-mail, phone, password, active, permissions),
//! validated and written once for merchants, delivery people and staff.

use colivra_core::phone::{normalize_moroccan_phone, PHONE_MESSAGE};
use colivra_core::{time, AppError, AppResult, FieldErrors, Permission, Role};
use colivra_db::schema::users;
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use validator::ValidateEmail;

use crate::accounts::end_all_access;
use crate::passwords;
use crate::users::{self as user_repo, normalize_email, User};

const NAME_MESSAGE: &str = "Ce champ est obligatoire (100 caractères au plus).";
const FULL_NAME_MESSAGE: &str = "Le nom complet est obligatoire (150 caractères au plus).";
const EMAIL_MESSAGE: &str = "Adresse e-mail invalide.";
const EMAIL_TAKEN: &str = "Cette adresse e-mail est déjà utilisée.";

/// How a form names the person.
pub(crate) enum Names<'a> {
    /// `first_name` and `last_name` fields.
    Split {
        first: Option<&'a str>,
        last: Option<&'a str>,
    },
    /// One `full_name` field (delivery people); stored split at the first space.
    Full(Option<&'a str>),
}

/// Raw values of an account form; `None` keeps the current value on edit and is missing on
/// creation.
pub(crate) struct AccountFields<'a> {
    pub names: Names<'a>,
    pub email: Option<&'a str>,
    pub phone: Option<&'a str>,
    pub phone_required: bool,
    /// Required on creation unless [`Self::invitation`]; on edit, empty or absent keeps the
    /// current one.
    pub password: Option<&'a str>,
    /// Created without a password, the account is sent a link to choose one (staff).
    pub invitation: bool,
}

/// Checked values, ready to write.
pub(crate) struct AccountValues {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub new_password: Option<String>,
}

fn given(value: Option<&str>) -> Option<String> {
    value.map(|v| v.trim().to_owned())
}

/// Validates `fields` against `existing` (None on creation), adding every problem to `errors`.
pub(crate) fn check(
    conn: &mut DbConnection,
    errors: &mut FieldErrors,
    fields: &AccountFields<'_>,
    existing: Option<&User>,
) -> AppResult<AccountValues> {
    let (first_name, last_name) = match fields.names {
        Names::Split { first, last } => {
            let first_name = given(first)
                .or_else(|| existing.map(|u| u.first_name.clone()))
                .unwrap_or_default();
            let last_name = given(last)
                .or_else(|| existing.map(|u| u.last_name.clone()))
                .unwrap_or_default();
            for (field, value) in [("first_name", &first_name), ("last_name", &last_name)] {
                if value.is_empty() || value.chars().count() > 100 {
                    errors.add(field, NAME_MESSAGE);
                }
            }
            (first_name, last_name)
        }
        Names::Full(full) => {
            let full_name = given(full)
                .map(|v| v.split_whitespace().collect::<Vec<_>>().join(" "))
                .or_else(|| existing.map(User::full_name))
                .unwrap_or_default();
            if full_name.is_empty() || full_name.chars().count() > 150 {
                errors.add("full_name", FULL_NAME_MESSAGE);
            }
            match full_name.split_once(' ') {
                Some((first, last)) => (first.to_owned(), last.to_owned()),
                None => (full_name, String::new()),
            }
        }
    };

    let email = given(fields.email)
        .map(|e| normalize_email(&e))
        .or_else(|| existing.map(|u| u.email.clone()))
        .unwrap_or_default();
    if email.is_empty() || email.len() > 190 || !email.validate_email() {
        errors.add("email", EMAIL_MESSAGE);
    } else if existing.is_none_or(|u| u.email != email) && user_repo::email_taken(conn, &email)? {
        errors.add("email", EMAIL_TAKEN);
    }

    let phone = match given(fields.phone) {
        Some(raw) if !raw.is_empty() => normalize_moroccan_phone(&raw).unwrap_or_else(|| {
            errors.add("phone", PHONE_MESSAGE);
            raw
        }),
        Some(_) => String::new(),
        None => existing.map(|u| u.phone.clone()).unwrap_or_default(),
    };
    if phone.is_empty() && fields.phone_required && !errors.contains("phone") {
        errors.add("phone", PHONE_MESSAGE);
    }

    let new_password = fields.password.filter(|p| !p.is_empty()).map(str::to_owned);
    match &new_password {
        Some(password) => passwords::check_new_password(
            errors,
            "password",
            password,
            Some(password),
            &[&first_name, &last_name, &email],
        ),
        None if existing.is_none() && !fields.invitation => {
            errors.add("password", "Le mot de passe est obligatoire.");
        }
        None => {}
    }
    Ok(AccountValues {
        first_name,
        last_name,
        email,
        phone,
        new_password,
    })
}

/// Writes checked values to an existing account. A new password or a deactivation ends every
/// session and token of the account at once.
pub(crate) fn apply(
    conn: &mut DbConnection,
    user: &User,
    values: &AccountValues,
    active: bool,
) -> AppResult<()> {
    let password_hash = match &values.new_password {
        Some(password) => passwords::hash(password)?,
        None => user.password_hash.clone(),
    };
    diesel::update(users::table.find(user.id))
        .set((
            users::first_name.eq(&values.first_name),
            users::last_name.eq(&values.last_name),
            users::email.eq(&values.email),
            users::phone.eq(&values.phone),
            users::password_hash.eq(&password_hash),
            users::active.eq(active),
            users::updated_at.eq(time::now()),
        ))
        .execute(conn)
        .map_err(email_conflict)?;
    if values.new_password.is_some() || (user.active && !active) {
        end_all_access(conn, user.id)?;
    }
    Ok(())
}

/// A concurrent duplicate e-mail still ends as a 422 thanks to the unique index.
pub(crate) fn email_conflict(error: diesel::result::Error) -> AppError {
    if colivra_db::error::is_unique_violation(&error) {
        AppError::validation("email", EMAIL_TAKEN)
    } else {
        colivra_db::error::app_error_from_diesel(error)
    }
}

/// The route names of `requested` for `role`, refusing unknown names (422), an empty set (422)
/// and, when `granter` is of the same role, any name the granter does not hold himself (403).
pub(crate) fn grantable_permissions(
    errors: &mut FieldErrors,
    granter: &User,
    role: Role,
    requested: &[String],
) -> AppResult<Vec<Permission>> {
    let (known, unknown) =
        colivra_core::role::normalize_permissions(role, requested.iter().map(String::as_str));
    if !unknown.is_empty() {
        errors.add(
            "permissions",
            format!("Permissions inconnues : {}.", unknown.join(", ")),
        );
    }
    if known.is_empty() {
        errors.add("permissions", "Choisissez au moins une permission.");
    }
    if granter.role() == role {
        let held = granter.permissions();
        let lacking: Vec<&str> = known
            .iter()
            .copied()
            .filter(|name| !held.contains(name))
            .collect();
        if !lacking.is_empty() {
            return Err(AppError::Forbidden(format!(
                "Vous ne pouvez pas accorder une permission que vous n'avez pas : {}.",
                lacking.join(", ")
            )));
        }
    }
    Ok(known)
}

/// Refuses to let `actor` change an account holding permissions he lacks (a manager editing a
/// broader manager would otherwise strip or take over rights he was never given).
pub(crate) fn check_may_manage(actor: &User, target: &User) -> AppResult<()> {
    if actor.role() != target.role() {
        return Ok(());
    }
    let held = actor.permissions();
    if target.permissions().iter().all(|name| held.contains(name)) {
        Ok(())
    } else {
        Err(AppError::Forbidden(
            "Ce compte a des permissions que vous n'avez pas.".to_owned(),
        ))
    }
}

pub(crate) fn permissions_json(permissions: &[Permission]) -> String {
    serde_json::to_string(permissions).unwrap_or_default()
}

/// Deletes an account; sessions, tokens and the rows that belong only to it go with it
/// (foreign keys cascade), activities keep their history without the author.
pub(crate) fn delete_user(conn: &mut DbConnection, actor: &User, target: &User) -> AppResult<()> {
    if actor.id == target.id {
        return Err(AppError::Conflict(
            "Vous ne pouvez pas supprimer votre propre compte.".to_owned(),
        ));
    }
    diesel::delete(users::table.find(target.id))
        .execute(conn)
        .map_db_err()?;
    Ok(())
}
