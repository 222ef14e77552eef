//! The user row, its public shape (`GET /api/user`), and lookups.

use chrono::NaiveDateTime;
use colivra_core::{
    AppError, AppResult, DeliveryPersonId, Language, MerchantId, Permission, Role, Scope, UserId,
};
use colivra_db::schema::users;
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Serde lets the session store hand the user it loaded with the session to the authorization
/// middleware (see `SESSION_CALLER` in the gateway); it is never sent to clients. The photo is
/// not part of it: every request loads this row, and a photo of up to 300 KB read, encoded and
/// decoded on each of them made its owner's every request several times slower (see
/// [`profile`], which adds it where it is shown).
#[derive(Debug, Clone, Queryable, Selectable, Serialize, Deserialize)]
#[diesel(table_name = users)]
pub struct User {
    pub id: UserId,
    pub key: String,
    pub role: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub company: Option<String>,
    pub city: Option<String>,
    pub password_hash: String,
    pub active: bool,
    pub permissions: Option<String>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// Delivery people only.
    pub national_id: Option<String>,
    pub vehicle: Option<String>,
    /// Merchant accounts: the ICE printed on their invoices.
    #[serde(default)]
    pub ice: Option<String>,
    /// The web app's language he chose (`fr`, `en`, `ar`); `None` until he chooses.
    #[serde(default)]
    pub language: Option<String>,
    /// Merchant accounts: his new parcels wait « à confirmer » for the company's agents.
    #[serde(default)]
    pub confirmation_required: bool,
    /// Merchant accounts: what each confirmed parcel costs him (centimes, TVA included like the fees it is added to).
    #[serde(default)]
    pub confirmation_fee: i64,
}

impl User {
    pub fn role(&self) -> Role {
        // The column has a CHECK constraint on the three names.
        Role::parse(&self.role).unwrap_or(Role::Merchant)
    }

    pub fn full_name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
            .trim()
            .to_owned()
    }

    /// Route names this user holds, in menu order: the role's whole set unless a subset was
    /// stored (staff members).
    pub fn permissions(&self) -> Vec<Permission> {
        let role = self.role();
        match (&self.permissions, role.has_permission_subsets()) {
            (Some(stored), true) => {
                let names: Vec<String> = serde_json::from_str(stored).unwrap_or_default();
                colivra_core::role::normalize_permissions(role, names.iter().map(String::as_str)).0
            }
            _ => role.route_names().to_vec(),
        }
    }

    pub fn holds_any(&self, wanted: &[Permission]) -> bool {
        if !self.role().has_permission_subsets() || self.permissions.is_none() {
            return true;
        }
        let held = self.permissions();
        wanted.iter().any(|name| held.contains(name))
    }

    pub fn holds_all(&self, wanted: &[Permission]) -> bool {
        let held = self.permissions();
        wanted.iter().all(|name| held.contains(name))
    }

    /// What `GET /api/user` says of him, with his photo (see [`avatar`]).
    pub fn data(&self, avatar: Option<String>) -> UserData {
        UserData {
            key: self.key.clone(),
            first_name: self.first_name.clone(),
            last_name: self.last_name.clone(),
            full_name: self.full_name(),
            email: self.email.clone(),
            phone: self.phone.clone(),
            avatar,
            company: self.company.clone(),
            city: self.city.clone(),
            ice: self.ice.clone(),
            permissions: self.permissions().into_iter().map(str::to_owned).collect(),
        }
    }

    pub fn view(&self, avatar: Option<String>) -> UserView {
        UserView {
            active: self.active,
            user_role: self.role(),
            user_data: self.data(avatar),
            language: self.language.as_deref().and_then(Language::parse),
        }
    }
}

/// `user_data` of the session object.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserData {
    pub key: String,
    pub first_name: String,
    pub last_name: String,
    pub full_name: String,
    pub email: String,
    pub phone: String,
    /// A `data:image/...` URL, or null.
    pub avatar: Option<String>,
    pub company: Option<String>,
    pub city: Option<String>,
    /// A merchant's ICE (15 digits), printed on his invoices; null when none (or not a merchant).
    pub ice: Option<String>,
    /// Route names, in menu order.
    pub permissions: Vec<String>,
}

/// The session object of `GET /api/user` and `POST /api/login`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserView {
    pub active: bool,
    pub user_role: Role,
    pub user_data: UserData,
    /// The web app's language he chose, kept with the account; null until he chooses one.
    pub language: Option<Language>,
}

/// `PUT /api/users/language`: `{language: fr|en|ar}`. Read as text so that a wrong value is
/// refused under its field, not as a malformed body.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LanguageSetting {
    #[serde(default)]
    #[schema(value_type = Language)]
    pub language: Option<String>,
}

/// Keeps the language `user_id` chose for the web app with his account (a preference, not an
/// activity of the log).
pub fn set_language(
    conn: &mut DbConnection,
    user_id: UserId,
    setting: LanguageSetting,
) -> AppResult<()> {
    let Some(language) = setting.language.as_deref().and_then(Language::parse) else {
        return Err(AppError::validation(
            "language",
            "Langue inconnue : fr, en ou ar.",
        ));
    };
    diesel::update(users::table.find(user_id))
        .set(users::language.eq(language.as_str()))
        .execute(conn)
        .map_db_err()?;
    Ok(())
}

/// The user's photo (a `data:image/...` URL), read only where it is shown.
pub fn avatar(conn: &mut DbConnection, user_id: UserId) -> AppResult<Option<String>> {
    Ok(users::table
        .find(user_id)
        .select(users::avatar)
        .first::<Option<String>>(conn)
        .optional()
        .map_db_err()?
        .flatten())
}

/// The session object of `GET /api/user` and `POST /api/login`: the user with his photo.
pub fn profile(conn: &mut DbConnection, user: &User) -> AppResult<UserView> {
    Ok(user.view(avatar(conn, user.id)?))
}

pub fn find_by_id(conn: &mut DbConnection, id: UserId) -> AppResult<Option<User>> {
    users::table
        .find(id)
        .select(User::as_select())
        .first(conn)
        .optional()
        .map_db_err()
}

pub fn find_by_email(conn: &mut DbConnection, email: &str) -> AppResult<Option<User>> {
    users::table
        .filter(users::email.eq(normalize_email(email)))
        .select(User::as_select())
        .first(conn)
        .optional()
        .map_db_err()
}

/// The user with `key` and `role`, else 404.
pub fn get_by_key_and_role(conn: &mut DbConnection, key: &str, role: Role) -> AppResult<User> {
    users::table
        .filter(users::key.eq(key))
        .filter(users::role.eq(role.as_str()))
        .select(User::as_select())
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)
}

pub fn email_taken(conn: &mut DbConnection, email: &str) -> AppResult<bool> {
    Ok(find_by_email(conn, email)?.is_some())
}

pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// Whose objects the user sees: everything (admins), the parcels given to him (delivery people),
/// or his merchant account's (merchants and their staff: one look-up).
pub fn scope(conn: &mut DbConnection, user: &User) -> AppResult<Scope> {
    match known_scope(user) {
        Some(scope) => Ok(scope),
        None => Ok(Scope::Merchant(merchant_id(conn, user)?)),
    }
}

/// The scope when it needs no look-up: admins and delivery people (merchants: `None`).
pub fn known_scope(user: &User) -> Option<Scope> {
    match user.role() {
        Role::Admin => Some(Scope::Everyone),
        Role::DeliveryPerson => Some(Scope::DeliveryPerson(DeliveryPersonId::new(user.id.get()))),
        Role::Merchant => None,
    }
}

/// The merchant account a client user works for: his own id, or his owner's for merchant staff.
pub fn merchant_id(conn: &mut DbConnection, user: &User) -> AppResult<MerchantId> {
    use colivra_db::schema::merchant_staff;
    let owner: Option<MerchantId> = merchant_staff::table
        .find(user.id)
        .select(merchant_staff::owner_id)
        .first(conn)
        .optional()
        .map_db_err()?;
    Ok(owner.unwrap_or(MerchantId::new(user.id.get())))
}

/// The id of the merchant account (a client user who is not someone's staff) with this key.
pub fn merchant_account_id(conn: &mut DbConnection, key: &str) -> AppResult<Option<MerchantId>> {
    use colivra_db::schema::merchant_staff;
    users::table
        .left_join(merchant_staff::table.on(merchant_staff::user_id.eq(users::id)))
        .filter(users::key.eq(key))
        .filter(users::role.eq(Role::Merchant.as_str()))
        .filter(merchant_staff::user_id.is_null())
        .select(users::id)
        .first(conn)
        .optional()
        .map_db_err()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(role: &str, permissions: Option<&str>) -> User {
        User {
            id: UserId::new(1),
            key: "USR1".into(),
            role: role.into(),
            first_name: "Amine".into(),
            last_name: "Alaoui".into(),
            email: "a@b.ma".into(),
            phone: "0612345678".into(),
            company: None,
            city: None,
            password_hash: String::new(),
            active: true,
            permissions: permissions.map(str::to_owned),
            created_at: colivra_core::time::now(),
            updated_at: colivra_core::time::now(),
            national_id: None,
            vehicle: None,
            ice: None,
            language: None,
            confirmation_required: false,
            confirmation_fee: 0,
        }
    }

    #[test]
    fn full_roles_hold_their_whole_menu() {
        let admin = user("admin", None);
        assert_eq!(admin.permissions().len(), Role::Admin.route_names().len());
        assert!(admin.holds_any(&["cities"]));
        assert_eq!(admin.data(None).permissions[0], "dashboard");
    }

    #[test]
    fn staff_hold_only_their_subset_in_menu_order() {
        let staff = user("admin", Some(r#"["cities","dashboard","bogus"]"#));
        assert_eq!(staff.permissions(), vec!["dashboard", "cities"]);
        assert!(staff.holds_any(&["cities", "clients"]));
        assert!(!staff.holds_any(&["clients"]));
    }

    #[test]
    fn delivery_people_ignore_stored_subsets() {
        let delivery_person = user("delivery-admin", Some(r#"["home"]"#));
        assert_eq!(
            delivery_person.permissions().len(),
            Role::DeliveryPerson.route_names().len()
        );
        assert!(delivery_person.holds_any(&["anything"]));
    }
}
