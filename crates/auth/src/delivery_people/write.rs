//! Creating, editing and deleting delivery people.

use colivra_core::{AppError, AppResult, FieldErrors, Role, UserId};
use colivra_db::schema::users;
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::account_fields::{self, AccountFields, Names};
use crate::accounts::{insert_user, NewUser};
use crate::users::{self as user_repo, User};

use super::{view, DeliveryPersonInput, DeliveryPersonView};

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

fn fields(input: &DeliveryPersonInput) -> AccountFields<'_> {
    AccountFields {
        names: Names::Full(input.full_name.as_deref()),
        email: input.email.as_deref(),
        phone: input.phone.as_deref(),
        phone_required: true,
        invitation: false,
        password: input.password.as_deref(),
    }
}

pub fn create(
    conn: &mut DbConnection,
    actor_id: UserId,
    input: DeliveryPersonInput,
) -> AppResult<DeliveryPersonView> {
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
                role: Role::DeliveryPerson,
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
    actor_id: UserId,
    key: &str,
    input: DeliveryPersonInput,
) -> AppResult<DeliveryPersonView> {
    immediate_transaction(conn, |conn| {
        let person = user_repo::get_by_key_and_role(conn, key, Role::DeliveryPerson)?;
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
        let person = user_repo::get_by_key_and_role(conn, key, Role::DeliveryPerson)?;
        let parcels: i64 = colivra_db::schema::parcels::table
            .filter(colivra_db::schema::parcels::delivery_person_id.eq(person.id))
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
