//! Delivery people (role `delivery-admin`) and the cities each serves, with his commission per
//! delivered and per refused parcel there.

use chrono::NaiveDateTime;
use colivra_core::{key, time, AppError, AppResult, FieldErrors, ListQuery, Paginated, Role};
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{cities, delivery_admin_cities as served, users};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::account_fields::{self, AccountFields, Names};
use crate::accounts::{insert_user, NewUser};
use crate::users::{self as user_repo, User};

/// The highest commission accepted: 1,000 DH, far above any real one, to catch typing slips.
pub const MAX_COMMISSION_CENTIMES: i64 = 100_000;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DeliveryCityView {
    pub key: String,
    /// City key.
    pub city: String,
    pub city_name: String,
    pub delivered_commission: i64,
    pub refused_commission: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DeliveryAdminView {
    pub key: String,
    pub full_name: String,
    pub email: String,
    pub phone: String,
    pub national_id: Option<String>,
    pub vehicle: Option<String>,
    pub active: bool,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    /// The cities he serves, by name.
    pub cities: Vec<DeliveryCityView>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct DeliveryAdminInput {
    #[schema(min_length = 1, max_length = 150)]
    pub full_name: Option<String>,
    #[schema(format = Email, max_length = 190)]
    pub email: Option<String>,
    #[schema(schema_with = colivra_core::phone::optional_schema)]
    pub phone: Option<String>,
    /// Required on creation; on edit, empty or absent keeps the current one.
    #[schema(max_length = 128)]
    pub password: Option<String>,
    /// National identity card number (CIN); required on creation.
    #[schema(max_length = 20)]
    pub national_id: Option<String>,
    /// Empty clears it.
    #[schema(max_length = 100)]
    pub vehicle: Option<String>,
    pub active: Option<bool>,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct DeliveryAdminFilters {
    pub active: Option<bool>,
    /// A city key: only those who serve it.
    pub city: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct DeliveryCityInput {
    /// The delivery person's key (creation only).
    pub delivery_admin: Option<String>,
    /// City key (creation only).
    pub city: Option<String>,
    /// Centimes, 0 to 1,000 DH.
    #[schema(minimum = 0, maximum = 100000)]
    pub delivered_commission: Option<i64>,
    /// Centimes, 0 to 1,000 DH.
    #[schema(minimum = 0, maximum = 100000)]
    pub refused_commission: Option<i64>,
}

pub const SORTABLE: &[&str] = &["full_name", "created_at"];

fn views(conn: &mut DbConnection, people: Vec<User>) -> AppResult<Vec<DeliveryAdminView>> {
    let ids: Vec<i64> = people.iter().map(|u| u.id).collect();
    let settings: Vec<(i64, String, String, String, i64, i64)> = served::table
        .inner_join(cities::table)
        .filter(served::delivery_admin_id.eq_any(&ids))
        .order(colivra_db::listing::fold(cities::name).asc())
        .select((
            served::delivery_admin_id,
            served::key,
            cities::key,
            cities::name,
            served::delivered_commission,
            served::refused_commission,
        ))
        .load(conn)
        .map_db_err()?;
    Ok(people
        .into_iter()
        .map(|user| DeliveryAdminView {
            cities: settings
                .iter()
                .filter(|row| row.0 == user.id)
                .map(|row| DeliveryCityView {
                    key: row.1.clone(),
                    city: row.2.clone(),
                    city_name: row.3.clone(),
                    delivered_commission: row.4,
                    refused_commission: row.5,
                })
                .collect(),
            full_name: user.full_name(),
            key: user.key,
            email: user.email,
            phone: user.phone,
            national_id: user.national_id,
            vehicle: user.vehicle,
            active: user.active,
            created_at: user.created_at,
        })
        .collect())
}

pub fn view(conn: &mut DbConnection, user: User) -> AppResult<DeliveryAdminView> {
    Ok(views(conn, vec![user])?.remove(0))
}

pub fn list(
    conn: &mut DbConnection,
    query: &ListQuery,
    filters: &DeliveryAdminFilters,
) -> AppResult<Paginated<DeliveryAdminView>> {
    let search = query.search()?;
    let sort = query.sort(SORTABLE)?;
    let filtered = || {
        let mut q = users::table
            .filter(users::role.eq(Role::DeliveryAdmin.as_str()))
            .into_boxed();
        if let Some(active) = filters.active {
            q = q.filter(users::active.eq(active));
        }
        if let Some(city) = &filters.city {
            q = q.filter(
                users::id.eq_any(
                    served::table
                        .inner_join(cities::table)
                        .filter(cities::key.eq(city.clone()))
                        .select(served::delivery_admin_id),
                ),
            );
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            q = q.filter(
                lower(users::first_name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(users::last_name).like(pattern.clone()).escape('\\'))
                    .or(
                        lower(users::first_name.concat(" ").concat(users::last_name))
                            .like(pattern.clone())
                            .escape('\\'),
                    )
                    .or(users::email.like(pattern.clone()).escape('\\'))
                    .or(users::phone.like(pattern.clone()).escape('\\'))
                    .or(lower(users::national_id.assume_not_null())
                        .like(pattern)
                        .escape('\\')),
            );
        }
        q
    };
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = colivra_db::order_by!(filtered(), sort, then users::id;
                "full_name" => colivra_db::listing::fold(users::first_name),
                "created_at" => users::id);
            q.select(User::as_select())
                .limit(limit)
                .offset(offset)
                .load(conn)
        },
    )?;
    Ok(Paginated {
        meta: page.meta,
        data: views(conn, page.data)?,
    })
}

fn optional_text(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<&str>,
    current: Option<&str>,
    max: usize,
) -> Option<String> {
    match value.map(str::trim) {
        Some("") => None,
        Some(v) if v.chars().count() > max => {
            errors.add(field, format!("{max} caractères au plus."));
            None
        }
        Some(v) => Some(v.to_owned()),
        None => current.map(str::to_owned),
    }
}

fn fields(input: &DeliveryAdminInput) -> AccountFields<'_> {
    AccountFields {
        names: Names::Full(input.full_name.as_deref()),
        email: input.email.as_deref(),
        phone: input.phone.as_deref(),
        phone_required: true,
        password: input.password.as_deref(),
    }
}

pub fn create(
    conn: &mut DbConnection,
    actor_id: i64,
    input: DeliveryAdminInput,
) -> AppResult<DeliveryAdminView> {
    immediate_transaction(conn, |conn| {
        let mut errors = FieldErrors::new();
        let values = account_fields::check(conn, &mut errors, &fields(&input), None)?;
        let national_id = optional_text(
            &mut errors,
            "national_id",
            input.national_id.as_deref(),
            None,
            20,
        );
        if national_id.is_none() && !errors.contains("national_id") {
            errors.add("national_id", "Le numéro de CIN est obligatoire.");
        }
        let vehicle = optional_text(&mut errors, "vehicle", input.vehicle.as_deref(), None, 100);
        errors.into_result()?;
        let user = insert_user(
            conn,
            NewUser {
                role: Role::DeliveryAdmin,
                first_name: &values.first_name,
                last_name: &values.last_name,
                email: &values.email,
                phone: &values.phone,
                company: None,
                city: None,
                password: values.new_password.as_deref().unwrap_or_default(),
                active: input.active.unwrap_or(true),
                permissions: None,
            },
        )?;
        diesel::update(users::table.find(user.id))
            .set((
                users::national_id.eq(&national_id),
                users::vehicle.eq(&vehicle),
            ))
            .execute(conn)
            .map_db_err()?;
        activities::log(
            conn,
            Some(actor_id),
            "delivery_admin.created",
            "user",
            &user.key,
        )?;
        let user = user_repo::find_by_id(conn, user.id)?.ok_or(AppError::NotFound)?;
        view(conn, user)
    })
}

pub fn update(
    conn: &mut DbConnection,
    actor_id: i64,
    key: &str,
    input: DeliveryAdminInput,
) -> AppResult<DeliveryAdminView> {
    immediate_transaction(conn, |conn| {
        let person = user_repo::get_by_key_and_role(conn, key, Role::DeliveryAdmin)?;
        let mut errors = FieldErrors::new();
        let values = account_fields::check(conn, &mut errors, &fields(&input), Some(&person))?;
        let national_id = optional_text(
            &mut errors,
            "national_id",
            input.national_id.as_deref(),
            person.national_id.as_deref(),
            20,
        );
        if national_id.is_none() && !errors.contains("national_id") {
            errors.add("national_id", "Le numéro de CIN est obligatoire.");
        }
        let vehicle = optional_text(
            &mut errors,
            "vehicle",
            input.vehicle.as_deref(),
            person.vehicle.as_deref(),
            100,
        );
        errors.into_result()?;
        let active = input.active.unwrap_or(person.active);
        account_fields::apply(conn, &person, &values, active)?;
        diesel::update(users::table.find(person.id))
            .set((
                users::national_id.eq(&national_id),
                users::vehicle.eq(&vehicle),
            ))
            .execute(conn)
            .map_db_err()?;
        let action = match (person.active, active) {
            (true, false) => "delivery_admin.deactivated",
            (false, true) => "delivery_admin.activated",
            _ => "delivery_admin.updated",
        };
        activities::log(conn, Some(actor_id), action, "user", &person.key)?;
        let person = user_repo::find_by_id(conn, person.id)?.ok_or(AppError::NotFound)?;
        view(conn, person)
    })
}

pub fn delete(conn: &mut DbConnection, actor: &User, key: &str) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let person = user_repo::get_by_key_and_role(conn, key, Role::DeliveryAdmin)?;
        let parcels: i64 = colivra_db::schema::parcels::table
            .filter(colivra_db::schema::parcels::delivery_admin_id.eq(person.id))
            .count()
            .get_result(conn)
            .map_db_err()?;
        if parcels > 0 {
            return Err(AppError::Conflict(format!(
                "Ce livreur a eu {parcels} colis : désactivez-le plutôt."
            )));
        }
        account_fields::delete_user(conn, actor, &person)?;
        activities::log(
            conn,
            Some(actor.id),
            "delivery_admin.deleted",
            "user",
            &person.key,
        )
    })
}

fn check_commissions(errors: &mut FieldErrors, input: &DeliveryCityInput) -> (i64, i64) {
    let mut commission = |field: &str, value: Option<i64>| match value {
        Some(v) if (0..=MAX_COMMISSION_CENTIMES).contains(&v) => v,
        Some(_) => {
            errors.add(
                field,
                format!(
                    "Entre 0 et {}.",
                    colivra_core::money::format_dirhams(MAX_COMMISSION_CENTIMES)
                ),
            );
            0
        }
        None => {
            errors.add(field, "Cette commission est obligatoire.");
            0
        }
    };
    (
        commission("delivered_commission", input.delivered_commission),
        commission("refused_commission", input.refused_commission),
    )
}

/// Adds a city to those a delivery person serves.
pub fn add_city(
    conn: &mut DbConnection,
    actor_id: i64,
    input: DeliveryCityInput,
) -> AppResult<DeliveryAdminView> {
    immediate_transaction(conn, |conn| {
        let mut errors = FieldErrors::new();
        let person = match input.delivery_admin.as_deref() {
            Some(key) => match user_repo::get_by_key_and_role(conn, key, Role::DeliveryAdmin) {
                Ok(person) => Some(person),
                Err(AppError::NotFound) => None,
                Err(other) => return Err(other),
            },
            None => None,
        };
        if person.is_none() {
            errors.add("delivery_admin", "Choisissez un livreur.");
        }
        let city: Option<(i64, String)> = cities::table
            .filter(cities::key.eq(input.city.as_deref().unwrap_or_default()))
            .filter(cities::active.eq(true))
            .select((cities::id, cities::name))
            .first(conn)
            .optional()
            .map_db_err()?;
        if city.is_none() {
            errors.add("city", "Choisissez une ville desservie.");
        }
        let (delivered, refused) = check_commissions(&mut errors, &input);
        if let (Some(person), Some((city_id, city_name))) = (&person, &city) {
            let already: i64 = served::table
                .filter(served::delivery_admin_id.eq(person.id))
                .filter(served::city_id.eq(city_id))
                .count()
                .get_result(conn)
                .map_db_err()?;
            if already > 0 {
                errors.add("city", format!("{city_name} est déjà dans ses villes."));
            }
        }
        errors.into_result()?;
        let (Some(person), Some((city_id, _))) = (person, city) else {
            return Err(AppError::NotFound);
        };
        let now = time::now();
        let setting_key = key::prefixed_key("DC", 10);
        diesel::insert_into(served::table)
            .values((
                served::key.eq(&setting_key),
                served::delivery_admin_id.eq(person.id),
                served::city_id.eq(city_id),
                served::delivered_commission.eq(delivered),
                served::refused_commission.eq(refused),
                served::created_at.eq(now),
                served::updated_at.eq(now),
            ))
            .execute(conn)
            .map_err(|error| {
                if colivra_db::error::is_unique_violation(&error) {
                    AppError::validation("city", "Cette ville est déjà dans ses villes.")
                } else {
                    colivra_db::error::app_error_from_diesel(error)
                }
            })?;
        activities::log(
            conn,
            Some(actor_id),
            "delivery_admin.city_added",
            "delivery_admin_city",
            &setting_key,
        )?;
        view(conn, person)
    })
}

fn get_setting(
    conn: &mut DbConnection,
    person_key: &str,
    city_key: &str,
) -> AppResult<(User, i64, String)> {
    let person = user_repo::get_by_key_and_role(conn, person_key, Role::DeliveryAdmin)?;
    let (id, key) = served::table
        .inner_join(cities::table)
        .filter(served::delivery_admin_id.eq(person.id))
        .filter(cities::key.eq(city_key))
        .select((served::id, served::key))
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)?;
    Ok((person, id, key))
}

/// Changes a delivery person's commissions in one of his cities.
pub fn update_city(
    conn: &mut DbConnection,
    actor_id: i64,
    person_key: &str,
    city_key: &str,
    input: DeliveryCityInput,
) -> AppResult<DeliveryAdminView> {
    immediate_transaction(conn, |conn| {
        let (person, id, setting_key) = get_setting(conn, person_key, city_key)?;
        let mut errors = FieldErrors::new();
        let (delivered, refused) = check_commissions(&mut errors, &input);
        errors.into_result()?;
        diesel::update(served::table.find(id))
            .set((
                served::delivered_commission.eq(delivered),
                served::refused_commission.eq(refused),
                served::updated_at.eq(time::now()),
            ))
            .execute(conn)
            .map_db_err()?;
        activities::log(
            conn,
            Some(actor_id),
            "delivery_admin.city_updated",
            "delivery_admin_city",
            &setting_key,
        )?;
        view(conn, person)
    })
}

/// Stops a delivery person serving a city.
pub fn remove_city(
    conn: &mut DbConnection,
    actor_id: i64,
    person_key: &str,
    city_key: &str,
) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let (_, id, setting_key) = get_setting(conn, person_key, city_key)?;
        diesel::delete(served::table.find(id))
            .execute(conn)
            .map_db_err()?;
        activities::log(
            conn,
            Some(actor_id),
            "delivery_admin.city_removed",
            "delivery_admin_city",
            &setting_key,
        )
    })
}

/// What a delivery person earns in one city: per delivered and per refused parcel (centimes).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Commission {
    pub delivered: i64,
    pub refused: i64,
}

/// The delivery person's commission in that city: the one place it is looked up (parcels take a
/// snapshot of it when their outcome is recorded). A city he does not serve (a parcel forced
/// there) earns nothing.
pub fn commission(
    conn: &mut DbConnection,
    delivery_admin_id: i64,
    city_id: i64,
) -> AppResult<Commission> {
    let found: Option<(i64, i64)> = served::table
        .filter(served::delivery_admin_id.eq(delivery_admin_id))
        .filter(served::city_id.eq(city_id))
        .select((served::delivered_commission, served::refused_commission))
        .first(conn)
        .optional()
        .map_db_err()?;
    Ok(found
        .map(|(delivered, refused)| Commission { delivered, refused })
        .unwrap_or_default())
}
