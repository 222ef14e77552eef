use actix_web::{web, HttpResponse};
use colivra_auth::users::merchant_id;
use colivra_core::{ListQuery, Role};
use colivra_parcels::shops::{self, ShopFilters, ShopInput, ShopScope, ShopView};

use super::Data;
use crate::error::ApiResult;
use crate::extract::Caller;
use crate::state::AppState;

fn scope(
    conn: &mut colivra_db::DbConnection,
    caller: &Caller,
) -> colivra_core::AppResult<ShopScope> {
    Ok(match caller.user.role() {
        Role::Admin => ShopScope::Everyone,
        _ => ShopScope::Merchant(merchant_id(conn, &caller.user)?),
    })
}

pub async fn list_shops(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<ListQuery>,
    filters: web::Query<ShopFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let list = crate::db::run(&state.pool, move |conn| {
        let scope = scope(conn, &caller)?;
        shops::list(conn, scope, &query, &filters)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

pub async fn create_shop(
    state: web::Data<AppState>,
    caller: Caller,
    input: web::Json<ShopInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let shop = crate::db::run(&state.pool, move |conn| {
        let merchant = merchant_id(conn, &caller.user)?;
        shops::create(conn, caller.user.id, merchant, input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(shop)))
}

pub async fn update_shop(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
    input: web::Json<ShopInput>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let shop = crate::db::run(&state.pool, move |conn| {
        let scope = scope(conn, &caller)?;
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
