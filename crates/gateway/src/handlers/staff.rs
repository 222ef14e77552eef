//! Staff accounts: `managers` (admin staff, or a merchant's team) and `admins` (full admins).
//! One set of handlers serves both collections; the route table binds the collection.

use crate::middleware::edge::Json;
use actix_web::{web, HttpResponse};
use colivra_auth::staff::{self, Collection, StaffInput, StaffView};
use colivra_core::ListQuery;

use super::Data;
use crate::error::ApiResult;
use crate::extract::Caller;
use crate::state::AppState;

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct StaffList {
    pub data: Vec<StaffView>,
    pub meta: colivra_core::PageMeta,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct StaffResponse {
    pub data: StaffView,
}

pub async fn list<const ADMINS: bool>(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<ListQuery>,
) -> ApiResult<HttpResponse> {
    let query = query.into_inner();
    let list = crate::db::run(&state.pool, move |conn| {
        staff::list(conn, &caller.user, collection::<ADMINS>(), &query)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

pub async fn create<const ADMINS: bool>(
    state: web::Data<AppState>,
    caller: Caller,
    input: Json<StaffInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let member = crate::db::run(&state.pool, move |conn| {
        staff::create(conn, &caller.user, collection::<ADMINS>(), input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(member)))
}

pub async fn update<const ADMINS: bool>(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
    input: Json<StaffInput>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let member = crate::db::run(&state.pool, move |conn| {
        staff::update(conn, &caller.user, collection::<ADMINS>(), &key, input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(member)))
}

pub async fn delete<const ADMINS: bool>(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    crate::db::run(&state.pool, move |conn| {
        staff::delete(conn, &caller.user, collection::<ADMINS>(), &key)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

fn collection<const ADMINS: bool>() -> Collection {
    if ADMINS {
        Collection::Admins
    } else {
        Collection::Managers
    }
}
