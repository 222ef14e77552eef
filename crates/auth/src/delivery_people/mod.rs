//! Delivery people (role `delivery-admin`) and the cities each serves, with his commission per
//! delivered and per refused parcel there.

use chrono::NaiveDateTime;
use colivra_core::{time, AppResult, Centimes, ListQuery, Paginated, Role, UserId};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{cities, delivery_person_cities as served, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::users::User;

mod city_settings;
mod write;

pub use city_settings::{add_city, commission, remove_city, update_city, Commission};
pub use write::{create, delete, update};

/// The highest commission accepted: 1,000 DH, far above any real one, to catch typing slips.
pub const MAX_COMMISSION_CENTIMES: i64 = 100_000;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DeliveryCityView {
    pub key: String,
    /// City key.
    pub city: String,
    pub city_name: String,
    #[schema(value_type = i64)]
    pub delivered_commission: Centimes,
    #[schema(value_type = i64)]
    pub refused_commission: Centimes,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DeliveryPersonView {
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
pub struct DeliveryPersonInput {
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
pub struct DeliveryPersonFilters {
    pub active: Option<bool>,
    /// A city key: only those who serve it.
    pub city: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct DeliveryCityInput {
    /// The delivery person's key (creation only).
    #[serde(rename = "delivery_admin")]
    pub delivery_person: Option<String>,
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

fn views(conn: &mut DbConnection, people: Vec<User>) -> AppResult<Vec<DeliveryPersonView>> {
    let ids: Vec<UserId> = people.iter().map(|u| u.id).collect();
    let settings: Vec<(UserId, String, String, String, Centimes, Centimes)> = served::table
        .inner_join(cities::table)
        .filter(served::delivery_person_id.eq_any(&ids))
        .order(colivra_db::listing::fold(cities::name).asc())
        .select((
            served::delivery_person_id,
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
        .map(|user| DeliveryPersonView {
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

pub fn view(conn: &mut DbConnection, user: User) -> AppResult<DeliveryPersonView> {
    Ok(views(conn, vec![user])?.remove(0))
}

pub fn list(
    conn: &mut DbConnection,
    query: &ListQuery,
    filters: &DeliveryPersonFilters,
) -> AppResult<Paginated<DeliveryPersonView>> {
    let search = query.search()?;
    let sort = query.sort(SORTABLE)?;
    let filtered = || {
        let mut q = users::table
            .filter(users::role.eq(Role::DeliveryPerson.as_str()))
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
                        .select(served::delivery_person_id),
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
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )?;
    Ok(Paginated {
        meta: page.meta,
        data: views(conn, page.data)?,
    })
}
