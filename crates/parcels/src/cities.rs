//! Cities served, each with a delivery, a return and a refusal fee (centimes).

use colivra_core::{key, time, AppResult, Centimes, CityId, UserId};
use colivra_db::schema::cities;
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};

use crate::fees::Fees;
use colivra_db::fixed_sql::FixedLimitDsl;
use diesel::prelude::*;

/// The Moroccan cities served out of the box, with fees in dirhams.
pub const MOROCCAN_CITIES_CSV: &str = include_str!("../data/moroccan-cities.csv");

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CityFees {
    pub name: String,
    pub fees: Fees,
}

/// Rows of a `name,delivery_fee,return_fee,refusal_fee` file (fees in dirhams, header first).
/// Errors name the line.
pub fn parse_cities_csv(text: &str) -> Result<Vec<CityFees>, String> {
    let mut rows = Vec::new();
    for (index, line) in text.lines().enumerate().skip(1) {
        let line_number = index + 1;
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let [name, delivery, ret, refusal] = fields.as_slice() else {
            return Err(format!(
                "line {line_number}: expected 4 columns, found {}",
                fields.len()
            ));
        };
        let fee = |value: &str, column: &str| {
            Centimes::parse(value).ok_or(format!(
                "line {line_number}: {column} '{value}' is not an amount"
            ))
        };
        if name.is_empty() {
            return Err(format!("line {line_number}: the name is empty"));
        }
        rows.push(CityFees {
            name: (*name).to_owned(),
            fees: Fees {
                delivery: fee(delivery, "delivery_fee")?,
                return_fee: fee(ret, "return_fee")?,
                refusal: fee(refusal, "refusal_fee")?,
            },
        });
    }
    Ok(rows)
}

/// Inserts the cities that do not exist yet (by name); returns how many were added.
pub fn ensure_cities(conn: &mut DbConnection, rows: &[CityFees]) -> AppResult<usize> {
    immediate_transaction(conn, |conn| {
        let mut added = 0;
        for row in rows {
            let exists: i64 = cities::table
                .filter(cities::name.eq(&row.name))
                .count()
                .get_result(conn)
                .map_db_err()?;
            if exists > 0 {
                continue;
            }
            let now = time::now();
            diesel::insert_into(cities::table)
                .values((
                    cities::key.eq(key::prefixed_key("C", 9)),
                    cities::name.eq(&row.name),
                    row.fees.city_columns(),
                    cities::active.eq(true),
                    cities::created_at.eq(now),
                    cities::updated_at.eq(now),
                ))
                .execute(conn)
                .map_db_err()?;
            added += 1;
        }
        Ok(added)
    })
}

pub fn id_by_name(conn: &mut DbConnection, name: &str) -> AppResult<Option<CityId>> {
    cities::table
        .filter(cities::name.eq(name))
        .select(cities::id)
        .first(conn)
        .optional()
        .map_db_err()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_list_covers_the_largest_cities() {
        let rows = parse_cities_csv(MOROCCAN_CITIES_CSV).unwrap();
        assert!(rows.len() >= 60, "{} cities", rows.len());
        let casablanca = rows.iter().find(|r| r.name == "Casablanca").unwrap();
        assert_eq!(casablanca.fees.delivery, Centimes::dirhams(20));
        let mut names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), rows.len(), "duplicate city names");
    }

    #[test]
    fn reports_the_bad_line() {
        let error = parse_cities_csv("name,a,b,c\nRabat,20,5,x\n").unwrap_err();
        assert!(error.contains("line 2"), "{error}");
        assert!(parse_cities_csv("name,a,b,c\nRabat,20\n").is_err());
    }
}

pub use crate::fees::MAX_FEE_CENTIMES;

#[derive(Debug, Clone, Queryable, Selectable, serde::Serialize, utoipa::ToSchema)]
#[diesel(table_name = cities)]
pub struct City {
    #[serde(skip)]
    pub id: CityId,
    pub key: String,
    pub name: String,
    /// Centimes.
    #[schema(value_type = i64)]
    pub delivery_fee: Centimes,
    #[schema(value_type = i64)]
    pub return_fee: Centimes,
    #[schema(value_type = i64)]
    pub refusal_fee: Centimes,
    pub active: bool,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: chrono::NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub updated_at: chrono::NaiveDateTime,
}

#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::ToSchema)]
pub struct CityInput {
    #[schema(min_length = 1, max_length = 100)]
    pub name: Option<String>,
    /// Centimes.
    #[schema(minimum = 0, maximum = 100000)]
    pub delivery_fee: Option<i64>,
    /// Centimes.
    #[schema(minimum = 0, maximum = 100000)]
    pub return_fee: Option<i64>,
    /// Centimes.
    #[schema(minimum = 0, maximum = 100000)]
    pub refusal_fee: Option<i64>,
    pub active: Option<bool>,
}

#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::IntoParams)]
pub struct CityFilters {
    /// Only active (true) or inactive (false) cities.
    pub active: Option<bool>,
}

struct ValidCity {
    name: String,
    fees: Fees,
}

fn validate(input: &CityInput) -> AppResult<ValidCity> {
    let mut errors = colivra_core::FieldErrors::new();
    let name = input.name.as_deref().unwrap_or_default().trim().to_owned();
    errors.check_text("name", &name, 100, "Le nom est obligatoire.");
    let fees = Fees::check(
        &mut errors,
        input.delivery_fee,
        input.return_fee,
        input.refusal_fee,
    );
    errors.into_result()?;
    Ok(ValidCity { name, fees })
}

/// Whether another city has this name, in any case. SQLite's `lower` folds ASCII letters only,
/// so the same name is also looked up as it is (the column is unique).
fn name_taken(conn: &mut DbConnection, name: &str, except_id: Option<CityId>) -> AppResult<bool> {
    use colivra_db::listing::lower;
    let mut query = cities::table
        .filter(
            cities::name
                .eq(name.to_owned())
                .or(lower(cities::name).eq(name.to_lowercase())),
        )
        .into_boxed();
    if let Some(id) = except_id {
        query = query.filter(cities::id.ne(id));
    }
    Ok(query.count().get_result::<i64>(conn).map_db_err()? > 0)
}

/// The unique name, taken by a concurrent writer between the check and the write: still a 422.
fn name_conflict(error: diesel::result::Error) -> colivra_core::AppError {
    if colivra_db::error::is_unique_violation(&error) {
        colivra_core::AppError::validation("name", "Cette ville existe déjà.")
    } else {
        colivra_db::error::app_error_from_diesel(error)
    }
}

fn get_by_key(conn: &mut DbConnection, key: &str) -> AppResult<City> {
    cities::table
        .filter(cities::key.eq(key))
        .select(City::as_select())
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(colivra_core::AppError::NotFound)
}

pub const SORTABLE: &[&str] = &[
    "name",
    "delivery_fee",
    "return_fee",
    "refusal_fee",
    "created_at",
];

/// A served city as anyone may read it (the registration form's list): no fees.
#[derive(Debug, Clone, serde::Serialize, Queryable, utoipa::ToSchema)]
pub struct ServedCity {
    pub key: String,
    pub name: String,
}

/// Cities a registration may name: the active ones, by name (a company serves tens, not
/// thousands).
pub fn served(conn: &mut DbConnection) -> AppResult<Vec<ServedCity>> {
    cities::table
        .filter(cities::active.eq(true))
        .order(cities::name.asc())
        .select((cities::key, cities::name))
        .load(conn)
        .map_db_err()
}

/// The cities a reader of `role` may choose from: admins see every city; merchants and delivery
/// people only the active ones.
pub fn list_for(
    conn: &mut DbConnection,
    role: colivra_core::Role,
    query: &colivra_core::ListQuery,
    filters: &CityFilters,
) -> AppResult<colivra_core::Paginated<City>> {
    list(conn, query, filters, role != colivra_core::Role::Admin)
}

pub fn list(
    conn: &mut DbConnection,
    query: &colivra_core::ListQuery,
    filters: &CityFilters,
    only_active: bool,
) -> AppResult<colivra_core::Paginated<City>> {
    use colivra_db::listing::{lower, paginate};
    let search = query.search()?;
    let sort = query.sort(SORTABLE)?;
    let active = if only_active {
        Some(true)
    } else {
        filters.active
    };
    let filtered = || {
        let mut q = cities::table.into_boxed();
        if let Some(text) = &search {
            q = q.filter(
                lower(cities::name)
                    .like(colivra_core::pagination::like_pattern(text))
                    .escape('\\'),
            );
        }
        if let Some(active) = active {
            q = q.filter(cities::active.eq(active));
        }
        q
    };
    paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = colivra_db::order_by!(filtered(), sort, then cities::name;
                "name" => colivra_db::listing::fold(cities::name),
                "delivery_fee" => cities::delivery_fee,
                "return_fee" => cities::return_fee,
                "refusal_fee" => cities::refusal_fee,
                "created_at" => cities::id);
            q.select(City::as_select())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )
}

pub fn create(conn: &mut DbConnection, actor_id: UserId, input: CityInput) -> AppResult<City> {
    let valid = validate(&input)?;
    immediate_transaction(conn, |conn| {
        if name_taken(conn, &valid.name, None)? {
            return Err(colivra_core::AppError::validation(
                "name",
                "Cette ville existe déjà.",
            ));
        }
        let now = time::now();
        let city_key = key::prefixed_key("C", 9);
        diesel::insert_into(cities::table)
            .values((
                cities::key.eq(&city_key),
                cities::name.eq(&valid.name),
                valid.fees.city_columns(),
                cities::active.eq(input.active.unwrap_or(true)),
                cities::created_at.eq(now),
                cities::updated_at.eq(now),
            ))
            .execute(conn)
            .map_err(name_conflict)?;
        colivra_db::activities::log(conn, Some(actor_id), "city.created", "city", &city_key)?;
        get_by_key(conn, &city_key)
    })
}

pub fn update(
    conn: &mut DbConnection,
    actor_id: UserId,
    city_key: &str,
    input: CityInput,
) -> AppResult<City> {
    immediate_transaction(conn, |conn| {
        let city = get_by_key(conn, city_key)?;
        // Fields left out keep their value, so `{active: false}` alone deactivates.
        let merged = CityInput {
            name: input.name.clone().or(Some(city.name.clone())),
            delivery_fee: input.delivery_fee.or(Some(city.delivery_fee.get())),
            return_fee: input.return_fee.or(Some(city.return_fee.get())),
            refusal_fee: input.refusal_fee.or(Some(city.refusal_fee.get())),
            active: input.active.or(Some(city.active)),
        };
        let valid = validate(&merged)?;
        if name_taken(conn, &valid.name, Some(city.id))? {
            return Err(colivra_core::AppError::validation(
                "name",
                "Cette ville existe déjà.",
            ));
        }
        diesel::update(cities::table.find(city.id))
            .set((
                cities::name.eq(&valid.name),
                valid.fees.city_columns(),
                cities::active.eq(merged.active.unwrap_or(true)),
                cities::updated_at.eq(time::now()),
            ))
            .execute(conn)
            .map_err(name_conflict)?;
        colivra_db::activities::log(conn, Some(actor_id), "city.updated", "city", &city.key)?;
        get_by_key(conn, &city.key)
    })
}

/// Deletes a city nobody uses; one in use is a 409 that says to deactivate it instead.
pub fn delete(conn: &mut DbConnection, actor_id: UserId, city_key: &str) -> AppResult<()> {
    use colivra_db::schema::{delivery_person_cities, merchant_costs, parcels, shops};
    immediate_transaction(conn, |conn| {
        let city = get_by_key(conn, city_key)?;
        let uses = [
            (
                parcels::table
                    .filter(parcels::city_id.eq(city.id))
                    .count()
                    .get_result::<i64>(conn),
                "colis",
            ),
            (
                shops::table
                    .filter(shops::city_id.eq(city.id))
                    .count()
                    .get_result::<i64>(conn),
                "boutique(s)",
            ),
            (
                merchant_costs::table
                    .filter(merchant_costs::city_id.eq(city.id))
                    .count()
                    .get_result::<i64>(conn),
                "tarif(s) client",
            ),
            (
                delivery_person_cities::table
                    .filter(delivery_person_cities::city_id.eq(city.id))
                    .count()
                    .get_result::<i64>(conn),
                "livreur(s)",
            ),
        ];
        let mut users_of_city = Vec::new();
        for (count, label) in uses {
            let count = count.map_db_err()?;
            if count > 0 {
                users_of_city.push(format!("{count} {label}"));
            }
        }
        if !users_of_city.is_empty() {
            return Err(colivra_core::AppError::Conflict(format!(
                "{} est utilisée par {} : désactivez-la plutôt.",
                city.name,
                users_of_city.join(", ")
            )));
        }
        diesel::delete(cities::table.find(city.id))
            .execute(conn)
            .map_db_err()?;
        colivra_db::activities::log(conn, Some(actor_id), "city.deleted", "city", &city.key)
    })
}
