//! The cities a delivery person serves, with his commissions there.

use colivra_core::{
    key, time, AppError, AppResult, Centimes, CityId, DeliveryPersonId, FieldErrors, Role, UserId,
};
use colivra_db::schema::{cities, delivery_person_cities as served};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::users::{self as user_repo, User};

use super::{view, DeliveryCityInput, DeliveryPersonView, MAX_COMMISSION_CENTIMES};

pub(super) fn check_commissions(
    errors: &mut FieldErrors,
    input: &DeliveryCityInput,
) -> (Centimes, Centimes) {
    let mut commission = |field: &str, value: Option<i64>| match value {
        Some(v) if (0..=MAX_COMMISSION_CENTIMES).contains(&v) => Centimes::new(v),
        Some(_) => {
            errors.add(
                field,
                format!("Entre 0 et {}.", Centimes::new(MAX_COMMISSION_CENTIMES)),
            );
            Centimes::ZERO
        }
        None => {
            errors.add(field, "Cette commission est obligatoire.");
            Centimes::ZERO
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
    actor_id: UserId,
    input: DeliveryCityInput,
) -> AppResult<DeliveryPersonView> {
    immediate_transaction(conn, |conn| {
        let mut errors = FieldErrors::new();
        let person = match input.delivery_person.as_deref() {
            Some(key) => match user_repo::get_by_key_and_role(conn, key, Role::DeliveryPerson) {
                Ok(person) => Some(person),
                Err(AppError::NotFound) => None,
                Err(other) => return Err(other),
            },
            None => None,
        };
        if person.is_none() {
            errors.add("delivery_admin", "Choisissez un livreur.");
        }
        let city: Option<(CityId, String)> = cities::table
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
                .filter(served::delivery_person_id.eq(person.id))
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
                served::delivery_person_id.eq(person.id),
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

pub(super) fn get_setting(
    conn: &mut DbConnection,
    person_key: &str,
    city_key: &str,
) -> AppResult<(User, i64, String)> {
    let person = user_repo::get_by_key_and_role(conn, person_key, Role::DeliveryPerson)?;
    let (id, key) = served::table
        .inner_join(cities::table)
        .filter(served::delivery_person_id.eq(person.id))
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
    actor_id: UserId,
    person_key: &str,
    city_key: &str,
    input: DeliveryCityInput,
) -> AppResult<DeliveryPersonView> {
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
    actor_id: UserId,
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
    pub delivered: Centimes,
    pub refused: Centimes,
}

/// The delivery person's commission in that city: the one place it is looked up (parcels take a
/// snapshot of it when their outcome is recorded). A city he does not serve (a parcel forced
/// there) earns nothing.
pub fn commission(
    conn: &mut DbConnection,
    delivery_person_id: DeliveryPersonId,
    city_id: CityId,
) -> AppResult<Commission> {
    let found: Option<(Centimes, Centimes)> = served::table
        .filter(served::delivery_person_id.eq(delivery_person_id))
        .filter(served::city_id.eq(city_id))
        .select((served::delivered_commission, served::refused_commission))
        .first(conn)
        .optional()
        .map_db_err()?;
    Ok(found
        .map(|(delivered, refused)| Commission { delivered, refused })
        .unwrap_or_default())
}
