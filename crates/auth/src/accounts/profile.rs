//! Changing one's own profile (name, phone, company, avatar, password).

use colivra_core::phone::{normalize_moroccan_phone, PHONE_MESSAGE};
use colivra_core::{time, AppError, AppResult, FieldErrors, Role, UserId};
use colivra_db::activities::{self, NewActivity};
use colivra_db::schema::users;
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use crate::passwords;
use crate::users::{self as user_repo, User, UserData};

use super::{end_all_access, MAX_AVATAR_LENGTH, NAME_MESSAGE};

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
    /// What the profile screen shows of him now, photo included.
    pub data: UserData,
    /// When true every session and token of the user was ended; the caller renews its own.
    pub password_changed: bool,
}

/// Updates the signed-in user's own profile. Changing the password needs the current one and
/// ends every session and token of the user.
pub fn update_profile(
    conn: &mut DbConnection,
    user_id: UserId,
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
            None => user_repo::avatar(conn, user.id)?,
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
            data: user.data(avatar),
            user,
            password_changed: new_password.is_some(),
        })
    })
}

/// A merchant account itself (not one of his staff): the one whose ICE his invoices print.
fn is_merchant_account(conn: &mut DbConnection, user: &User) -> AppResult<bool> {
    Ok(user.role() == Role::Merchant
        && UserId::from(user_repo::merchant_id(conn, user)?) == user.id)
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
