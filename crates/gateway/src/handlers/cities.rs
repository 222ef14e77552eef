use crate::middleware::edge::Json;
use actix_web::{web, HttpResponse};
use colivra_core::{ListQuery, Role};
use colivra_parcels::cities::{self, CityFilters, CityInput};

use super::Data;
use crate::error::ApiResult;
use crate::extract::Caller;
use crate::state::AppState;

/// Admins see every city; merchants and delivery people only the active ones they can choose.
pub async fn list_cities(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<ListQuery>,
    filters: web::Query<CityFilters>,
) -> ApiResult<HttpResponse> {
    let only_active = caller.user.role() != Role::Admin;
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let list = crate::db::run(&state.pool, move |conn| {
        cities::list(conn, &query, &filters, only_active)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

pub async fn create_city(
    state: web::Data<AppState>,
    caller: Caller,
    input: Json<CityInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let city = crate::db::run(&state.pool, move |conn| {
        cities::create(conn, caller.user.id, input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(city)))
}

pub async fn update_city(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
    input: Json<CityInput>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let city = crate::db::run(&state.pool, move |conn| {
        cities::update(conn, caller.user.id, &key, input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(city)))
}

pub async fn delete_city(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    crate::db::run(&state.pool, move |conn| {
        cities::delete(conn, caller.user.id, &key)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct CityList {
    pub data: Vec<cities::City>,
    pub meta: colivra_core::PageMeta,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct CityResponse {
    pub data: cities::City,
}
