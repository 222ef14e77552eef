//! Account life cycle: registration, sign-in, profile, activation, admin creation.

use colivra_core::phone::{normalize_moroccan_phone, PHONE_MESSAGE};
use colivra_core::{key, time, AppError, AppResult, FieldErrors, Role};
use colivra_db::activities::{self, NewActivity};
use colivra_db::listing::fold;
use colivra_db::schema::users;
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;
use validator::Validate;

use crate::passwords;
use crate::users::{self as user_repo, email_taken, normalize_email, User};

const NAME_MESSAGE: &str = "Ce champ est obligatoire (100 caractères au plus).";
/// A resized profile photo fits easily; anything larger is not a photo the UI sent.
pub const MAX_AVATAR_LENGTH: usize = 400_000;

#[derive(Debug, Clone, Deserialize, Validate, ToSchema)]
pub struct RegisterClient {
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

/// Creates an inactive merchant account; an admin activates it later.
pub fn register_client(conn: &mut DbConnection, input: RegisterClient) -> AppResult<User> {
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
        std::mem::take(&mut errors).into_result()?;
        let user = insert_user(
            conn,
            NewUser {
                role: Role::Client,
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
        .get_result::<i64>(conn)
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

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct UpdateProfile {
    #[schema(min_length = 1, max_length = 100)]
    pub first_name: Option<String>,
    #[schema(min_length = 1, max_length = 100)]
    pub last_name: Option<String>,
    #[schema(schema_with = colivra_core::phone::optional_schema)]
    pub phone: Option<String>,
    /// A `data:image/png|jpeg|webp;base64,...` URL; `null` removes the photo; absent keeps it.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>, max_length = 400000, pattern = "^data:image/(png|jpeg|webp);base64,")]
    pub avatar: Option<Option<String>>,
    pub current_password: Option<String>,
    pub password: Option<String>,
    pub password_confirmation: Option<String>,
    /// A merchant's ICE, 15 digits (spaces allowed); empty clears it, absent keeps it. Merchant
    /// accounts only (their staff and other roles: 422).
    #[schema(pattern = "^\\s*(\\d\\s*){15}$|^\\s*$", max_length = 40)]
    pub ice: Option<String>,
}

fn double_option<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Option<String>>, D::Error> {
    Ok(Some(Option::<String>::deserialize(d)?))
}

pub struct ProfileUpdated {
    pub user: User,
    /// When true every session and token of the user was ended; the caller renews its own.
    pub password_changed: bool,
}

/// Updates the signed-in user's own profile. Changing the password needs the current one and
/// ends every session and token of the user.
pub fn update_profile(
    conn: &mut DbConnection,
    user_id: i64,
    input: UpdateProfile,
) -> AppResult<ProfileUpdated> {
    immediate_transaction(conn, |conn| {
        let user = user_repo::find_by_id(conn, user_id)?.ok_or(AppError::Unauthenticated)?;
        let mut errors = FieldErrors::new();
        let first_name = input
            .first_name
            .as_deref()
            .map(str::trim)
            .unwrap_or(&user.first_name)
            .to_owned();
        let last_name = input
            .last_name
            .as_deref()
            .map(str::trim)
            .unwrap_or(&user.last_name)
            .to_owned();
        for (field, value) in [("first_name", &first_name), ("last_name", &last_name)] {
            if value.is_empty() || value.chars().count() > 100 {
                errors.add(field, NAME_MESSAGE);
            }
        }
        let phone = match input.phone.as_deref() {
            Some(raw) => normalize_moroccan_phone(raw).unwrap_or_else(|| {
                errors.add("phone", PHONE_MESSAGE);
                String::new()
            }),
            None => user.phone.clone(),
        };
        let avatar = match input.avatar {
            Some(Some(data_url)) => {
                if !is_image_data_url(&data_url) {
                    errors.add(
                        "avatar",
                        "La photo doit être une image PNG, JPEG ou WebP de 300 Ko au plus.",
                    );
                }
                Some(data_url)
            }
            Some(None) => None,
            None => user.avatar.clone(),
        };
        let ice = match input.ice.as_deref() {
            Some(_) if !is_merchant_account(conn, &user)? => {
                errors.add("ice", "L'ICE appartient au compte du client.");
                user.ice.clone()
            }
            raw => crate::legal::read_ice(&mut errors, "ice", raw, user.ice.clone()),
        };
        let new_password = input.password.as_deref().filter(|p| !p.is_empty());
        if let Some(password) = new_password {
            match input.current_password.as_deref() {
                Some(current) if passwords::verify(current, &user.password_hash) => {}
                _ => {
                    errors.add("current_password", "Le mot de passe actuel est incorrect.");
                }
            }
            passwords::check_new_password(
                &mut errors,
                "password",
                password,
                input.password_confirmation.as_deref(),
                &[&first_name, &last_name, &user.email],
            );
        }
        errors.into_result()?;

        let password_hash = match new_password {
            Some(password) => passwords::hash(password)?,
            None => user.password_hash.clone(),
        };
        diesel::update(users::table.find(user.id))
            .set((
                users::first_name.eq(&first_name),
                users::last_name.eq(&last_name),
                users::phone.eq(&phone),
                users::avatar.eq(&avatar),
                users::password_hash.eq(&password_hash),
                users::ice.eq(&ice),
                users::updated_at.eq(time::now()),
            ))
            .execute(conn)
            .map_db_err()?;
        if new_password.is_some() {
            end_all_access(conn, user.id)?;
        }
        activities::record(
            conn,
            NewActivity {
                user_id: Some(user.id),
                action: if new_password.is_some() {
                    "user.password_changed"
                } else {
                    "user.profile_updated"
                },
                subject_type: Some("user"),
                subject_key: Some(&user.key),
                details: ice_change(&user.ice, &ice),
            },
        )
        .map_db_err()?;
        let user = user_repo::find_by_id(conn, user.id)?.ok_or(AppError::NotFound)?;
        Ok(ProfileUpdated {
            user,
            password_changed: new_password.is_some(),
        })
    })
}

/// A merchant account itself (not one of his staff): the one whose ICE his invoices print.
fn is_merchant_account(conn: &mut DbConnection, user: &User) -> AppResult<bool> {
    Ok(user.role() == Role::Client && user_repo::merchant_id(conn, user)? == user.id)
}

/// The activity details of an ICE change (`{"ice": {"old", "new"}}`), or none when it stayed.
pub(crate) fn ice_change(old: &Option<String>, new: &Option<String>) -> Option<serde_json::Value> {
    (old != new).then(|| json!({ "ice": { "old": old, "new": new } }))
}

fn is_image_data_url(value: &str) -> bool {
    value.len() <= MAX_AVATAR_LENGTH
        && [
            "data:image/png;base64,",
            "data:image/jpeg;base64,",
            "data:image/webp;base64,",
        ]
        .iter()
        .any(|prefix| value.starts_with(prefix))
        && value
            .split_once(',')
            .map(|(_, data)| {
                data.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='))
            })
            .unwrap_or(false)
}

/// Ends every session and personal token of a user at once.
pub fn end_all_access(conn: &mut DbConnection, user_id: i64) -> AppResult<()> {
    crate::sessions::delete_for_user(conn, user_id)?;
    crate::tokens::delete_for_user(conn, user_id)?;
    Ok(())
}

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

#[cfg(test)]
mod tests {
    use super::is_image_data_url;

    #[test]
    fn accepts_only_small_image_data_urls() {
        assert!(is_image_data_url("data:image/png;base64,iVBORw0KGgo="));
        assert!(!is_image_data_url("data:text/html;base64,PHNjcmlwdD4="));
        assert!(!is_image_data_url("data:image/png;base64,<script>"));
        assert!(!is_image_data_url("https://example.com/a.png"));
        let huge = format!(
            "data:image/png;base64,{}",
            "A".repeat(super::MAX_AVATAR_LENGTH)
        );
        assert!(!is_image_data_url(&huge));
    }
}

#[derive(Debug, Clone, Copy, Default, Deserialize, utoipa::ToSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ClientStatus {
    /// Awaiting activation.
    New,
    Activated,
    #[default]
    All,
}

#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
pub struct ClientFilters {
    /// `new` (awaiting activation), `activated`, or `all` (default).
    #[param(inline)]
    pub status: Option<ClientStatus>,
}

pub const CLIENT_SORTABLE: &[&str] = &["created_at", "last_name", "company", "email"];

/// Merchant accounts (not their staff), searched by name, e-mail, phone or company.
pub fn list_clients(
    conn: &mut DbConnection,
    query: &colivra_core::ListQuery,
    filters: &ClientFilters,
) -> AppResult<colivra_core::Paginated<User>> {
    use colivra_db::listing::{lower, paginate};
    use colivra_db::schema::client_staff;
    let search = query.search()?;
    let sort = query.sort(CLIENT_SORTABLE)?;
    let status = filters.status.unwrap_or_default();
    let filtered = || {
        let mut q = users::table
            .left_join(client_staff::table.on(client_staff::user_id.eq(users::id)))
            .filter(users::role.eq(Role::Client.as_str()))
            .filter(client_staff::user_id.is_null())
            .into_boxed();
        match status {
            ClientStatus::New => q = q.filter(users::active.eq(false)),
            ClientStatus::Activated => q = q.filter(users::active.eq(true)),
            ClientStatus::All => {}
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            q = q.filter(
                lower(users::last_name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(users::first_name).like(pattern.clone()).escape('\\'))
                    // "Rachid Amrani" or "Amrani Rachid" as typed in the search box.
                    .or(
                        lower(users::first_name.concat(" ").concat(users::last_name))
                            .like(pattern.clone())
                            .escape('\\'),
                    )
                    .or(
                        lower(users::last_name.concat(" ").concat(users::first_name))
                            .like(pattern.clone())
                            .escape('\\'),
                    )
                    .or(users::email.like(pattern.clone()).escape('\\'))
                    .or(users::phone.like(pattern.clone()).escape('\\'))
                    .or(lower(users::company.assume_not_null())
                        .like(pattern)
                        .escape('\\')),
            );
        }
        q
    };
    paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = filtered();
            let q = match (sort.column, sort.descending) {
                ("last_name", false) => {
                    q.order((fold(users::last_name).asc(), fold(users::first_name).asc()))
                }
                ("last_name", true) => q.order((
                    fold(users::last_name).desc(),
                    fold(users::first_name).desc(),
                )),
                ("company", false) => q.order(fold(users::company.assume_not_null()).asc()),
                ("company", true) => q.order(fold(users::company.assume_not_null()).desc()),
                ("email", false) => q.order(users::email.asc()),
                ("email", true) => q.order(users::email.desc()),
                // Newest first unless asked otherwise: the "new" tab is a queue to work through.
                ("created_at", false) if query.sort.is_some() => q.order(users::id.asc()),
                _ => q.order(users::id.desc()),
            };
            q.select(User::as_select())
                .limit(limit)
                .offset(offset)
                .load(conn)
        },
    )
}
