//! Courier balances: thin handlers over `colivra_invoicing::balances`.

use crate::middleware::edge::Json;
use actix_web::{web, HttpResponse};
use colivra_core::{ListQuery, PageMeta};
use colivra_invoicing::balances::{
    self, BalanceFilters, BalanceRow, CourierBalance, SettlementInput,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::Data;
use crate::error::ApiResult;
use crate::extract::{Caller, Scoped};
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct CourierBalanceList {
    pub data: Vec<BalanceRow>,
    pub meta: PageMeta,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CourierBalanceResponse {
    pub data: CourierBalance,
}

pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
    filters: web::Query<BalanceFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let list = crate::db::run(&state.pool, move |conn| {
        balances::list(conn, &query, &filters)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

pub async fn show(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let balance = crate::db::run(&state.pool, move |conn| {
        balances::show(conn, caller.scope, &key)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(balance)))
}

pub async fn settle(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
    input: Json<SettlementInput>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let balance = crate::db::run(&state.pool, move |conn| {
        balances::settle(conn, caller.user.id, &key, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(balance)))
}
