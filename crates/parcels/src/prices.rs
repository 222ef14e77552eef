//! What a merchant pays: each city's fees, unless the merchant has its own price for that city
//! (a "cost", set by admins on `couts`). The merchant's `pricing` screen shows the result.

use chrono::NaiveDateTime;
use colivra_core::{
    key, time, AppError, AppResult, Centimes, CityId, FieldErrors, ListQuery, MerchantId,
    Paginated, UserId,
};
use colivra_db::error::is_unique_violation;
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{cities, merchant_costs, users};
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::fees::{city_price_columns, effective_fees, CityPrice, Fees};

#[derive(Debug, Clone, Queryable, Serialize, ToSchema)]
pub struct CostView {
    pub key: String,
    /// The merchant's key.
    #[serde(rename = "client")]
    pub merchant: String,
    /// The merchant's last and first names.
    #[serde(rename = "client_name")]
    pub merchant_name: String,
    #[serde(rename = "client_company")]
    pub merchant_company: Option<String>,
    /// City key.
    pub city: String,
    pub city_name: String,
    #[schema(value_type = i64)]
    pub delivery_fee: Centimes,
    #[schema(value_type = i64)]
    pub return_fee: Centimes,
    #[schema(value_type = i64)]
    pub refusal_fee: Centimes,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct CostInput {
    /// The merchant's key (creation only).
    #[serde(rename = "client")]
    pub merchant: Option<String>,
    /// City key (creation only).
    pub city: Option<String>,
    /// Centimes.
    #[schema(minimum = 0, maximum = 100000)]
    pub delivery_fee: Option<i64>,
    /// Centimes.
    #[schema(minimum = 0, maximum = 100000)]
    pub return_fee: Option<i64>,
    /// Centimes.
    #[schema(minimum = 0, maximum = 100000)]
    pub refusal_fee: Option<i64>,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct CostFilters {
    /// One merchant's prices (merchant key).
    #[serde(rename = "client")]
    pub merchant: Option<String>,
}

type CostColumns = (
    merchant_costs::key,
    users::key,
    diesel::dsl::Concat<diesel::dsl::Concat<users::last_name, &'static str>, users::first_name>,
    users::company,
    cities::key,
    cities::name,
    merchant_costs::delivery_fee,
    merchant_costs::return_fee,
    merchant_costs::refusal_fee,
    merchant_costs::updated_at,
);

fn cost_columns() -> CostColumns {
    (
        merchant_costs::key,
        users::key,
        users::last_name.concat(" ").concat(users::first_name),
        users::company,
        cities::key,
        cities::name,
        merchant_costs::delivery_fee,
        merchant_costs::return_fee,
        merchant_costs::refusal_fee,
        merchant_costs::updated_at,
    )
}

pub const COST_SORTABLE: &[&str] = &["city", "delivery_fee", "updated_at"];

pub fn list_costs(
    conn: &mut DbConnection,
    query: &ListQuery,
    filters: &CostFilters,
) -> AppResult<Paginated<CostView>> {
    let search = query.search()?;
    let sort = query.sort(COST_SORTABLE)?;
    let filtered = || {
        let mut q = merchant_costs::table
            .inner_join(cities::table)
            .inner_join(users::table)
            .into_boxed();
        if let Some(merchant) = &filters.merchant {
            q = q.filter(users::key.eq(merchant.clone()));
        }
        if let Some(text) = &search {
            let pattern = colivra_core::pagination::like_pattern(text);
            q = q.filter(
                lower(cities::name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower(users::last_name).like(pattern.clone()).escape('\\'))
                    .or(lower(users::email).like(pattern).escape('\\')),
            );
        }
        q
    };
    paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            let q = colivra_db::order_by!(filtered(), sort, then cities::name;
                "city" => colivra_db::listing::fold(cities::name),
                "delivery_fee" => merchant_costs::delivery_fee,
                "updated_at" => merchant_costs::updated_at);
            q.select(cost_columns())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )
}

fn get_cost(conn: &mut DbConnection, cost_key: &str) -> AppResult<(i64, CostView)> {
    merchant_costs::table
        .inner_join(cities::table)
        .inner_join(users::table)
        .filter(merchant_costs::key.eq(cost_key))
        .select((merchant_costs::id, cost_columns()))
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)
}

fn check_fees(errors: &mut FieldErrors, input: &CostInput) -> Fees {
    Fees::check(
        errors,
        input.delivery_fee,
        input.return_fee,
        input.refusal_fee,
    )
}

/// A merchant's own price for one city. `merchant_id` is the merchant account the caller resolved
/// from `input.merchant` (`None` when that key is not a merchant's).
/// `POST costs`: the merchant named by `input.merchant` (his key) gets his own price for a city.
pub fn create_cost_for_merchant(
    conn: &mut DbConnection,
    actor_id: UserId,
    input: CostInput,
) -> AppResult<CostView> {
    let merchant_id = colivra_auth::users::merchant_account_id(
        conn,
        input.merchant.as_deref().unwrap_or_default(),
    )?;
    create_cost(conn, actor_id, merchant_id, input)
}

pub fn create_cost(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_id: Option<MerchantId>,
    input: CostInput,
) -> AppResult<CostView> {
    immediate_transaction(conn, |conn| {
        let mut errors = FieldErrors::new();
        if merchant_id.is_none() {
            errors.add("client", "Choisissez un client.");
        }
        let city_id: Option<CityId> = cities::table
            .filter(cities::key.eq(input.city.clone().unwrap_or_default()))
            .select(cities::id)
            .first(conn)
            .optional()
            .map_db_err()?;
        if city_id.is_none() {
            errors.add("city", "Choisissez une ville.");
        }
        let fees = check_fees(&mut errors, &input);
        errors.into_result()?;
        let (Some(merchant_id), Some(city_id)) = (merchant_id, city_id) else {
            return Err(AppError::NotFound);
        };
        let now = time::now();
        let cost_key = key::prefixed_key("P", 9);
        diesel::insert_into(merchant_costs::table)
            .values((
                merchant_costs::key.eq(&cost_key),
                merchant_costs::merchant_id.eq(merchant_id),
                merchant_costs::city_id.eq(city_id),
                fees.cost_columns(),
                merchant_costs::created_at.eq(now),
                merchant_costs::updated_at.eq(now),
            ))
            .execute(conn)
            .map_err(|error| {
                if is_unique_violation(&error) {
                    AppError::validation(
                        "city",
                        "Ce client a déjà un prix pour cette ville : modifiez-le.",
                    )
                } else {
                    colivra_db::error::app_error_from_diesel(error)
                }
            })?;
        colivra_db::activities::log(conn, Some(actor_id), "cost.created", "cost", &cost_key)?;
        get_cost(conn, &cost_key).map(|(_, view)| view)
    })
}

pub fn update_cost(
    conn: &mut DbConnection,
    actor_id: UserId,
    cost_key: &str,
    input: CostInput,
) -> AppResult<CostView> {
    immediate_transaction(conn, |conn| {
        let (id, current) = get_cost(conn, cost_key)?;
        let merged = CostInput {
            delivery_fee: input.delivery_fee.or(Some(current.delivery_fee.get())),
            return_fee: input.return_fee.or(Some(current.return_fee.get())),
            refusal_fee: input.refusal_fee.or(Some(current.refusal_fee.get())),
            ..CostInput::default()
        };
        let mut errors = FieldErrors::new();
        let fees = check_fees(&mut errors, &merged);
        errors.into_result()?;
        diesel::update(merchant_costs::table.find(id))
            .set((
                fees.cost_columns(),
                merchant_costs::updated_at.eq(time::now()),
            ))
            .execute(conn)
            .map_db_err()?;
        colivra_db::activities::log(conn, Some(actor_id), "cost.updated", "cost", cost_key)?;
        get_cost(conn, cost_key).map(|(_, view)| view)
    })
}

pub fn delete_cost(conn: &mut DbConnection, actor_id: UserId, cost_key: &str) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let (id, _) = get_cost(conn, cost_key)?;
        diesel::delete(merchant_costs::table.find(id))
            .execute(conn)
            .map_db_err()?;
        colivra_db::activities::log(conn, Some(actor_id), "cost.deleted", "cost", cost_key)
    })
}

/// One line of a merchant's price list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EffectivePrice {
    /// City key.
    pub city: String,
    pub city_name: String,
    #[schema(value_type = i64)]
    pub delivery_fee: Centimes,
    #[schema(value_type = i64)]
    pub return_fee: Centimes,
    #[schema(value_type = i64)]
    pub refusal_fee: Centimes,
    /// True when the merchant has its own price for this city.
    pub overridden: bool,
}

/// The merchant's effective price for every active city: its own where one exists, else the
/// city's.
/// Columns the merchant's price list sorts by.
pub const PRICE_SORTABLE: &[&str] = &["city", "delivery_fee"];

pub fn effective_prices(
    conn: &mut DbConnection,
    merchant_id: MerchantId,
    query: &ListQuery,
) -> AppResult<Paginated<EffectivePrice>> {
    let search = query.search()?;
    let sort = query.sort(PRICE_SORTABLE)?;
    let filtered = || {
        let mut q = effective_fees(merchant_id);
        if let Some(text) = &search {
            q = q.filter(
                lower(cities::name)
                    .like(colivra_core::pagination::like_pattern(text))
                    .escape('\\'),
            );
        }
        q
    };
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            // Sorting by fee uses the city's fee: overrides are few and shown marked.
            let q = colivra_db::order_by!(filtered(), sort, then cities::name;
                "city" => colivra_db::listing::fold(cities::name),
                "delivery_fee" => cities::delivery_fee);
            q.select(city_price_columns())
                .fixed_limit(limit, offset)
                .load::<CityPrice>(conn)
        },
    )?;
    Ok(Paginated {
        meta: page.meta,
        data: page
            .data
            .into_iter()
            .map(|price| {
                let fees = price.fees();
                EffectivePrice {
                    overridden: price.own_fees().is_some(),
                    city: price.city_key,
                    city_name: price.city_name,
                    delivery_fee: fees.delivery,
                    return_fee: fees.return_fee,
                    refusal_fee: fees.refusal,
                }
            })
            .collect(),
    })
}
