//! Pickup, exit and return vouchers: thin handlers over `colivra_vouchers`.

use crate::middleware::edge::Json;
use actix_web::{web, HttpResponse};
use colivra_core::{ListQuery, Paginated};
use colivra_vouchers::exit::{self, ShipInput};
use colivra_vouchers::pickup::{self, PickupInput, ReceiveInput};
use colivra_vouchers::returns::{self, ReturnInput};
use colivra_vouchers::{list, pdf, view, Kind, VoucherDetail, VoucherFilters, VoucherView};
use serde::Serialize;
use utoipa::ToSchema;

use super::parcels::pdf_response;
use super::Data;
use crate::error::ApiResult;
use crate::extract::{Caller, Scoped};
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct VoucherResponse {
    pub data: VoucherView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VoucherDetailResponse {
    pub data: VoucherDetail,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VoucherList {
    pub data: Vec<VoucherView>,
    pub meta: colivra_core::PageMeta,
}

/// The list of one kind of voucher in the caller's scope; `KIND` is 0 pickup, 1 exit, 2 return
/// (const generics take no enums), so one handler serves the three routes.
pub async fn list<const KIND: u8>(
    state: web::Data<AppState>,
    caller: Scoped,
    query: web::Query<ListQuery>,
    filters: web::Query<VoucherFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let page: Paginated<VoucherView> = crate::db::run(&state.pool, move |conn| {
        let scope = caller.scope;
        list::list(conn, scope, kind(KIND), &query, &filters)
    })
    .await?;
    Ok(HttpResponse::Ok().json(VoucherList {
        data: page.data,
        meta: page.meta,
    }))
}

const fn kind(n: u8) -> Kind {
    match n {
        0 => Kind::Pickup,
        1 => Kind::Exit,
        _ => Kind::Return,
    }
}

pub const PICKUP: u8 = 0;
pub const EXIT: u8 = 1;
pub const RETURN: u8 = 2;

pub async fn show<const KIND: u8>(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let detail = crate::db::run(&state.pool, move |conn| {
        let scope = caller.scope;
        view::show(conn, scope, kind(KIND), &key)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(detail)))
}

pub async fn print<const KIND: u8>(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let company = state.settings.app_name.clone();
    let file_name = format!("{}.pdf", key.trim().to_uppercase());
    let bytes = crate::db::run(&state.pool, move |conn| {
        let scope = caller.scope;
        pdf::voucher_pdf(conn, scope, kind(KIND), &key, &company)
    })
    .await?;
    Ok(pdf_response(bytes, &file_name))
}

pub async fn create_pickup(
    state: web::Data<AppState>,
    caller: Scoped,
    input: Json<PickupInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let voucher = crate::db::run(&state.pool, move |conn| {
        let merchant = caller.merchant()?;
        pickup::create(conn, caller.user.id, merchant, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(voucher)))
}

pub async fn add_to_pickup(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<PickupInput>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let detail = crate::db::run(&state.pool, move |conn| {
        let merchant = caller.merchant()?;
        pickup::add(conn, caller.user.id, merchant, &key, &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(detail)))
}

pub async fn remove_from_pickup(
    state: web::Data<AppState>,
    caller: Scoped,
    parcel: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let parcel = parcel.into_inner();
    let voucher = crate::db::run(&state.pool, move |conn| {
        let merchant = caller.merchant()?;
        pickup::remove_parcel(conn, caller.user.id, merchant, &parcel)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(voucher)))
}

pub async fn delete_pickup(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    crate::db::run(&state.pool, move |conn| {
        let merchant = caller.merchant()?;
        pickup::delete(conn, caller.user.id, merchant, &key)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

pub async fn receive_pickup(
    state: web::Data<AppState>,
    caller: Caller,
    input: Json<ReceiveInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let detail = crate::db::run(&state.pool, move |conn| {
        pickup::receive(conn, caller.user.id, &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(detail)))
}

pub async fn ship(
    state: web::Data<AppState>,
    caller: Caller,
    input: Json<ShipInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let detail = crate::db::run(&state.pool, move |conn| {
        exit::ship(conn, caller.user.id, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(detail)))
}

pub async fn create_return(
    state: web::Data<AppState>,
    caller: Scoped,
    input: Json<ReturnInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let detail = crate::db::run(&state.pool, move |conn| {
        let scope = caller.scope;
        returns::create(conn, caller.user.id, scope, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(detail)))
}

pub async fn receive_return(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let detail = crate::db::run(&state.pool, move |conn| {
        returns::receive(conn, caller.user.id, &key)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(detail)))
}
