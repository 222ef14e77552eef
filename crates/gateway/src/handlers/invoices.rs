//! Client and delivery invoices: thin handlers over `colivra_invoicing`.

use crate::middleware::edge::Json;
use actix_web::{web, HttpResponse};
use colivra_core::{ListQuery, PageMeta, Paginated};
use colivra_invoicing::client::{
    self, ClientInvoiceInput, ClientInvoiceUpdate, TransferFilters, UnpaidShop, UnpaidShopFilters,
};
use colivra_invoicing::delivery::{
    self, DeliveryInvoiceInput, DeliveryInvoiceUpdate, UnpaidDeliveryAdmin,
};
use colivra_invoicing::lines::CarriedLine;
use colivra_invoicing::{ClientInvoiceView, DeliveryInvoiceView, InvoiceFilters, Line};
use serde::Serialize;
use utoipa::ToSchema;

use super::parcels::pdf_response;
use super::Data;
use crate::error::ApiResult;
use crate::extract::{Caller, Scoped};
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientInvoiceResponse {
    pub data: ClientInvoiceView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientInvoiceList {
    pub data: Vec<ClientInvoiceView>,
    pub meta: PageMeta,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryInvoiceResponse {
    pub data: DeliveryInvoiceView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryInvoiceList {
    pub data: Vec<DeliveryInvoiceView>,
    pub meta: PageMeta,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceLines {
    pub data: Vec<Line>,
    /// A delivery invoice carrying the delivery person's earlier balance: that line of its own
    /// (the lines' amounts and this one add up to the total); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carried_balance: Option<CarriedLine>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnpaidShopList {
    pub data: Vec<UnpaidShop>,
    pub meta: PageMeta,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnpaidDeliveryAdminList {
    pub data: Vec<UnpaidDeliveryAdmin>,
    pub meta: PageMeta,
}

fn page<T: Serialize>(list: Paginated<T>) -> HttpResponse {
    HttpResponse::Ok().json(list)
}

fn lines(data: Vec<Line>) -> HttpResponse {
    HttpResponse::Ok().json(InvoiceLines {
        data,
        carried_balance: None,
    })
}

pub async fn unpaid_shops(
    state: web::Data<AppState>,
    invoice_type: web::Path<String>,
    query: web::Query<ListQuery>,
    filters: web::Query<UnpaidShopFilters>,
) -> ApiResult<HttpResponse> {
    let (invoice_type, query, filters) = (
        invoice_type.into_inner(),
        query.into_inner(),
        filters.into_inner(),
    );
    let list = crate::db::run(&state.pool, move |conn| {
        client::unpaid_shops(conn, &invoice_type, &query, &filters)
    })
    .await?;
    Ok(page(list))
}

pub async fn unpaid_shop_lines(
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> ApiResult<HttpResponse> {
    let (invoice_type, shop) = path.into_inner();
    let found = crate::db::run(&state.pool, move |conn| {
        client::unpaid_lines(conn, &invoice_type, &shop)
    })
    .await?;
    Ok(lines(found))
}

pub async fn create_client_invoice(
    state: web::Data<AppState>,
    caller: Caller,
    input: Json<ClientInvoiceInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let invoice = crate::db::run(&state.pool, move |conn| {
        client::create(conn, caller.user.id, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(invoice)))
}

pub async fn update_client_invoice(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
    input: Json<ClientInvoiceUpdate>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let invoice = crate::db::run(&state.pool, move |conn| {
        client::update(conn, caller.user.id, &key, &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(invoice)))
}

pub async fn delete_client_invoice(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    crate::db::run(&state.pool, move |conn| {
        client::delete(conn, caller.user.id, &key)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The family's invoices in the caller's scope; `CLIENT`: client invoices, else delivery
/// invoices, so one handler serves both routes.
pub async fn list<const CLIENT: bool>(
    state: web::Data<AppState>,
    caller: Scoped,
    query: web::Query<ListQuery>,
    filters: web::Query<InvoiceFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let list = crate::db::run(&state.pool, move |conn| {
        colivra_invoicing::view::list(conn, caller.scope, CLIENT, &query, &filters)
    })
    .await?;
    Ok(page(list))
}

pub async fn show<const CLIENT: bool>(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let invoice = crate::db::run(&state.pool, move |conn| {
        colivra_invoicing::view::show(conn, caller.scope, CLIENT, &key)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(invoice)))
}

pub async fn invoice_lines<const CLIENT: bool>(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let (data, carried_balance) = crate::db::run(&state.pool, move |conn| {
        colivra_invoicing::lines::lines_with_carried(conn, caller.scope, CLIENT, &key)
    })
    .await?;
    Ok(HttpResponse::Ok().json(InvoiceLines {
        data,
        carried_balance,
    }))
}

pub async fn print<const CLIENT: bool>(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let company = state.settings.app_name.clone();
    let file_name = format!("{}.pdf", key.trim().to_uppercase());
    let bytes = crate::db::run(&state.pool, move |conn| {
        colivra_invoicing::pdf::invoice_pdf(conn, caller.scope, CLIENT, &key, &company)
    })
    .await?;
    Ok(pdf_response(bytes, &file_name))
}

/// The bank-transfer batch as a CSV download; `X-Skipped-Invoices` counts those without a RIB.
pub async fn transfers(
    state: web::Data<AppState>,
    filters: web::Query<TransferFilters>,
) -> ApiResult<HttpResponse> {
    let filters = filters.into_inner();
    let batch = crate::db::run(&state.pool, move |conn| client::transfers(conn, &filters)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            "attachment; filename=\"virements-clients.csv\"",
        ))
        .insert_header(("Cache-Control", "no-store"))
        .insert_header(("X-Skipped-Invoices", batch.skipped.to_string()))
        .insert_header(("Access-Control-Expose-Headers", "X-Skipped-Invoices"))
        .body(batch.csv))
}

pub async fn unpaid_delivery_admins(
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
) -> ApiResult<HttpResponse> {
    let query = query.into_inner();
    let list = crate::db::run(&state.pool, move |conn| {
        delivery::unpaid_delivery_admins(conn, &query)
    })
    .await?;
    Ok(page(list))
}

pub async fn unpaid_delivery_lines(
    state: web::Data<AppState>,
    caller: Scoped,
    delivery_admin: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let delivery_admin = delivery_admin.into_inner();
    let found = crate::db::run(&state.pool, move |conn| {
        delivery::unpaid_lines(conn, caller.scope, &delivery_admin)
    })
    .await?;
    Ok(lines(found))
}

pub async fn create_delivery_invoice(
    state: web::Data<AppState>,
    caller: Scoped,
    input: Json<DeliveryInvoiceInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let invoice = crate::db::run(&state.pool, move |conn| {
        delivery::create(conn, caller.user.id, caller.scope, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(invoice)))
}

pub async fn update_delivery_invoice(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
    input: Json<DeliveryInvoiceUpdate>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let invoice = crate::db::run(&state.pool, move |conn| {
        delivery::update(conn, caller.user.id, &key, &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(invoice)))
}

pub async fn remove_delivery_parcel(
    state: web::Data<AppState>,
    caller: Scoped,
    parcel: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let parcel = parcel.into_inner();
    let invoice = crate::db::run(&state.pool, move |conn| {
        delivery::remove_parcel(conn, caller.user.id, caller.scope, &parcel)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(invoice)))
}

pub async fn delete_delivery_invoice(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    crate::db::run(&state.pool, move |conn| {
        delivery::delete(conn, caller.user.id, caller.scope, &key)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}
