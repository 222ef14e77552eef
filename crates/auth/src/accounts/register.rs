//! A merchant's own sign-up.

use colivra_core::phone::{normalize_moroccan_phone, PHONE_MESSAGE};
use colivra_core::{AppError, AppResult, Role};
use colivra_db::activities;
use colivra_db::schema::users;
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

use crate::passwords;
use crate::users::{self as user_repo, email_taken, normalize_email, User};

use super::{insert_user, non_blank, trimmed, validation_errors, NewUser};

#[derive(Debug, Clone, Deserialize, Validate, ToSchema)]
pub struct RegisterMerchant {
    #[validate(length(
        min = 1,
        max = 100,
        message = "Ce champ est obligatoire (100 caractères au plus)."
    ))]
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 100)]
    pub first_name: String,
    #[validate(length(
        min = 1,
        max = 100,
        message = "Ce champ est obligatoire (100 caractères au plus)."
    ))]
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 100)]
    pub last_name: String,
    #[validate(
        email(message = "Adresse e-mail invalide."),
        length(max = 190, message = "Adresse e-mail invalide.")
    )]
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 190)]
    pub email: String,
    /// A Moroccan mobile number (`0612345678`, `+212 6 12 34 56 78`…).
    #[serde(default)]
    #[schema(required = true)]
    #[schema(schema_with = colivra_core::phone::schema)]
    pub phone: String,
    /// 8 to 128 characters, not a common or easily guessed password.
    #[serde(default)]
    #[schema(required = true, min_length = 8, max_length = 128)]
    pub password: String,
    /// The same as `password`.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub password_confirmation: Option<String>,
    #[validate(length(max = 150, message = "150 caractères au plus."))]
    #[schema(max_length = 150)]
    pub company: Option<String>,
    #[validate(length(
        min = 1,
        max = 100,
        message = "Ce champ est obligatoire (100 caractères au plus)."
    ))]
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 100)]
    pub city: String,
    /// The company's ICE, 15 digits (spaces allowed); optional.
    #[schema(pattern = "^\\s*(\\d\\s*){15}$|^\\s*$", max_length = 40)]
    pub ice: Option<String>,
}

/// The active city named `name` (letter case aside), as the company spells it.
fn served_city_named(conn: &mut DbConnection, name: &str) -> AppResult<Option<String>> {
    use colivra_db::listing::lower;
    use colivra_db::schema::cities;
    cities::table
        .filter(cities::active.eq(true))
        .filter(lower(cities::name).eq(name.to_lowercase()))
        .select(cities::name)
        .first(conn)
        .optional()
        .map_db_err()
}

/// Creates an inactive merchant account; an admin activates it later.
pub fn register_merchant(conn: &mut DbConnection, input: RegisterMerchant) -> AppResult<User> {
    let mut input = input;
    input.first_name = trimmed(&input.first_name);
    input.last_name = trimmed(&input.last_name);
    input.email = normalize_email(&input.email);
    input.city = trimmed(&input.city);
    let mut errors = validation_errors(&input);
    let phone = normalize_moroccan_phone(&input.phone);
    if phone.is_none() {
        errors.add("phone", PHONE_MESSAGE);
    }
    passwords::check_new_password(
        &mut errors,
        "password",
        &input.password,
        input.password_confirmation.as_deref(),
        &[&input.first_name, &input.last_name, &input.email],
    );
    let ice = crate::legal::read_ice(&mut errors, "ice", input.ice.as_deref(), None);
    immediate_transaction(conn, |conn| {
        if !errors.contains("email") && email_taken(conn, &input.email)? {
            errors.add("email", "Cette adresse e-mail est déjà utilisée.");
        }
        // The merchant's city is one the company serves (picked from `GET /api/cities/served`),
        // kept as the company spells it.
        if !errors.contains("city") {
            match served_city_named(conn, &input.city)? {
                Some(name) => input.city = name,
                None => {
                    errors.add("city", "Choisissez une ville desservie dans la liste.");
                }
            }
        }
        std::mem::take(&mut errors).into_result()?;
        let user = insert_user(
            conn,
            NewUser {
                role: Role::Merchant,
                first_name: &input.first_name,
                last_name: &input.last_name,
                email: &input.email,
                phone: phone.as_deref().unwrap_or_default(),
                company: non_blank(input.company.as_deref()).as_deref(),
                city: Some(&input.city),
                password: &input.password,
                active: false,
                permissions: None,
            },
        )?;
        if ice.is_some() {
            diesel::update(users::table.find(user.id))
                .set(users::ice.eq(&ice))
                .execute(conn)
                .map_db_err()?;
        }
        activities::log(conn, Some(user.id), "client.registered", "user", &user.key)?;
        user_repo::find_by_id(conn, user.id)?.ok_or(AppError::NotFound)
    })
}
