use crate::middleware::edge::Json;
use actix_web::{web, HttpResponse};
use colivra_auth::users::merchant_account_id;
use colivra_core::ListQuery;
use colivra_parcels::prices::{self, CostFilters, CostInput, CostView, EffectivePrice};

use super::Data;
use crate::error::ApiResult;
use crate::extract::{Caller, Scoped};
use crate::state::AppState;

pub async fn list_costs(
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
    filters: web::Query<CostFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let list = crate::db::run(&state.pool, move |conn| {
        prices::list_costs(conn, &query, &filters)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

pub async fn create_cost(
    state: web::Data<AppState>,
    caller: Caller,
    input: Json<CostInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let cost = crate::db::run(&state.pool, move |conn| {
        let client_id = merchant_account_id(conn, input.client.as_deref().unwrap_or_default())?;
        prices::create_cost(conn, caller.user.id, client_id, input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(cost)))
}

pub async fn update_cost(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
    input: Json<CostInput>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let cost = crate::db::run(&state.pool, move |conn| {
        prices::update_cost(conn, caller.user.id, &key, input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(cost)))
}

pub async fn delete_cost(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    crate::db::run(&state.pool, move |conn| {
        prices::delete_cost(conn, caller.user.id, &key)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The caller's merchant account's effective price for every active city.
pub async fn my_pricing(
    state: web::Data<AppState>,
    caller: Scoped,
    query: web::Query<ListQuery>,
) -> ApiResult<HttpResponse> {
    let query = query.into_inner();
    let list = crate::db::run(&state.pool, move |conn| {
        let merchant = caller.merchant()?;
        prices::effective_prices(conn, merchant, &query)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct CostList {
    pub data: Vec<CostView>,
    pub meta: colivra_core::PageMeta,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct CostResponse {
    pub data: CostView,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct PriceList {
    pub data: Vec<EffectivePrice>,
    pub meta: colivra_core::PageMeta,
}
