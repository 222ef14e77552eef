//! Creating staff accounts.

use colivra_core::{AppResult, Role};
use colivra_db::activities::{self, NewActivity};
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use serde_json::json;
use validator::Validate;

use crate::passwords;
use crate::users::{email_taken, User};

use super::{insert_user, validation_errors, NewUser};

#[derive(Debug, Clone, Validate)]
pub struct CreateAdmin {
    #[validate(email(message = "Adresse e-mail invalide."))]
    pub email: String,
    pub password: String,
    #[validate(length(
        min = 1,
        max = 100,
        message = "Ce champ est obligatoire (100 caractères au plus)."
    ))]
    pub first_name: String,
    #[validate(length(
        min = 1,
        max = 100,
        message = "Ce champ est obligatoire (100 caractères au plus)."
    ))]
    pub last_name: String,
    /// Route names for a staff member; `None` makes a full admin.
    pub permissions: Option<Vec<String>>,
}

/// Creates an active admin (full, or staff with a subset of the admin route names).
pub fn create_admin(conn: &mut DbConnection, input: CreateAdmin) -> AppResult<User> {
    let mut errors = validation_errors(&input);
    passwords::check_new_password(
        &mut errors,
        "password",
        &input.password,
        Some(&input.password),
        &[&input.email],
    );
    let permissions = match &input.permissions {
        Some(names) => {
            let (known, unknown) = colivra_core::role::normalize_permissions(
                Role::Admin,
                names.iter().map(String::as_str),
            );
            if !unknown.is_empty() {
                errors.add(
                    "permissions",
                    format!("Permissions inconnues : {}.", unknown.join(", ")),
                );
            }
            if known.is_empty() {
                errors.add("permissions", "Choisissez au moins une permission.");
            }
            Some(known)
        }
        None => None,
    };
    immediate_transaction(conn, |conn| {
        if !errors.contains("email") && email_taken(conn, &input.email)? {
            errors.add("email", "Cette adresse e-mail est déjà utilisée.");
        }
        std::mem::take(&mut errors).into_result()?;
        let user = insert_user(
            conn,
            NewUser {
                role: Role::Admin,
                first_name: input.first_name.trim(),
                last_name: input.last_name.trim(),
                email: &input.email,
                phone: "",
                company: None,
                city: None,
                password: &input.password,
                active: true,
                permissions,
            },
        )?;
        activities::record(
            conn,
            NewActivity {
                user_id: None,
                action: "admin.created",
                subject_type: Some("user"),
                subject_key: Some(&user.key),
                details: Some(json!({ "permissions": user.permissions() })),
            },
        )
        .map_db_err()?;
        Ok(user)
    })
}
