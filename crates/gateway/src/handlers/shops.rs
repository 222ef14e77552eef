use crate::middleware::edge::Json;
use actix_web::{web, HttpResponse};
use colivra_core::ListQuery;
use colivra_parcels::company::{CompanyInput, CompanyView};
use colivra_parcels::shops::{
    self, BankAccountChangeView, BankAccountDecisionInput, ChangeFilters, ShopFilters, ShopInput,
    ShopView,
};

use super::Data;
use crate::error::ApiResult;
use crate::extract::{Caller, Scoped};
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
    let updated = crate::db::run(&state.pool, move |conn| {
        let scope = caller.scope;
        shops::update(conn, caller.user.id, scope, &key, input)
    })
    .await?;
    // 202: the merchant's new RIB waits for an admin (the shop answers with the pending change).
    let mut response = match updated.change_requested {
        true => HttpResponse::Accepted(),
        false => HttpResponse::Ok(),
    };
    Ok(response.json(Data::new(updated.shop)))
}

/// The admin's list of RIB changes (`?status=pending`: the work queue).
pub async fn list_bank_account_changes(
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
    filters: web::Query<ChangeFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let list = crate::db::run(&state.pool, move |conn| {
        shops::list_changes(conn, &query, &filters)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

/// An admin approves or refuses a pending RIB change.
pub async fn decide_bank_account_change(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
    input: Json<BankAccountDecisionInput>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let change = crate::db::run(&state.pool, move |conn| {
        shops::decide(conn, caller.user.id, &key, &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(change)))
}

/// The company's legal identity, as the admin's settings screen edits it.
pub async fn company_settings(state: web::Data<AppState>) -> ApiResult<HttpResponse> {
    let identity = crate::db::run(&state.pool, colivra_parcels::company::identity).await?;
    Ok(HttpResponse::Ok().json(Data::new(CompanyView::from(identity))))
}

pub async fn update_company_settings(
    state: web::Data<AppState>,
    caller: Caller,
    input: Json<CompanyInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let identity = crate::db::run(&state.pool, move |conn| {
        colivra_parcels::company::update(conn, caller.user.id, &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(identity)))
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

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct BankAccountChangeList {
    pub data: Vec<BankAccountChangeView>,
    pub meta: colivra_core::PageMeta,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct BankAccountChangeResponse {
    pub data: BankAccountChangeView,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct CompanyResponse {
    pub data: CompanyView,
}
