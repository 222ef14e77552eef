//! Delivery people and the cities each serves (admin `deliverymen` screen).

use crate::middleware::edge::Json;
use actix_web::{web, HttpResponse};
use colivra_auth::couriers::{
    self, DeliveryAdminFilters, DeliveryAdminInput, DeliveryAdminView, DeliveryCityInput,
};
use colivra_core::ListQuery;

use super::Data;
use crate::error::ApiResult;
use crate::extract::Caller;
use crate::state::AppState;

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct DeliveryAdminList {
    pub data: Vec<DeliveryAdminView>,
    pub meta: colivra_core::PageMeta,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct DeliveryAdminResponse {
    pub data: DeliveryAdminView,
}

pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
    filters: web::Query<DeliveryAdminFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let list = crate::db::run(&state.pool, move |conn| {
        couriers::list(conn, &query, &filters)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

pub async fn create(
    state: web::Data<AppState>,
    caller: Caller,
    input: Json<DeliveryAdminInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let person = crate::db::run(&state.pool, move |conn| {
        couriers::create(conn, caller.user.id, input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(person)))
}

pub async fn update(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
    input: Json<DeliveryAdminInput>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let person = crate::db::run(&state.pool, move |conn| {
        couriers::update(conn, caller.user.id, &key, input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(person)))
}

pub async fn delete(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    crate::db::run(&state.pool, move |conn| {
        couriers::delete(conn, &caller.user, &key)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

pub async fn add_city(
    state: web::Data<AppState>,
    caller: Caller,
    input: Json<DeliveryCityInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let person = crate::db::run(&state.pool, move |conn| {
        couriers::add_city(conn, caller.user.id, input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(person)))
}

pub async fn update_city(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(String, String)>,
    input: Json<DeliveryCityInput>,
) -> ApiResult<HttpResponse> {
    let ((person, city), input) = (path.into_inner(), input.into_inner());
    let person = crate::db::run(&state.pool, move |conn| {
        couriers::update_city(conn, caller.user.id, &person, &city, input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(person)))
}

pub async fn remove_city(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<(String, String)>,
) -> ApiResult<HttpResponse> {
    let (person, city) = path.into_inner();
    crate::db::run(&state.pool, move |conn| {
        couriers::remove_city(conn, caller.user.id, &person, &city)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}
