use crate::middleware::edge::Json;
use actix_web::{web, HttpResponse};
use colivra_core::ListQuery;
use colivra_parcels::shops::{self, ShopFilters, ShopInput, ShopView};

use super::Data;
use crate::error::ApiResult;
use crate::extract::Scoped;
use crate::state::AppState;

pub async fn list_shops(
    state: web::Data<AppState>,
    caller: Scoped,
    query: web::Query<ListQuery>,
    filters: web::Query<ShopFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let list = crate::db::run(&state.pool, move |conn| {
        let scope = caller.scope;
        shops::list(conn, scope, &query, &filters)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

pub async fn create_shop(
    state: web::Data<AppState>,
    caller: Scoped,
    input: Json<ShopInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let shop = crate::db::run(&state.pool, move |conn| {
        let merchant = caller.merchant()?;
        shops::create(conn, caller.user.id, merchant, input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(shop)))
}

pub async fn update_shop(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<ShopInput>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let shop = crate::db::run(&state.pool, move |conn| {
        let scope = caller.scope;
        shops::update(conn, caller.user.id, scope, &key, input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(shop)))
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct ShopList {
    pub data: Vec<ShopView>,
    pub meta: colivra_core::PageMeta,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct ShopResponse {
    pub data: ShopView,
}
