//! Stock (issue 14): thin handlers over `colivra_inventory`.

use crate::middleware::edge::Json;
use actix_web::{web, HttpRequest, HttpResponse};
use colivra_core::{AppError, ListQuery, PageMeta, Scope};
use colivra_inventory::clients::{self, ClientDecision, ClientFilters, InventoryClientView};
use colivra_inventory::movements::{
    self, EntrySlipInput, EntrySlipView, MovementDecision, MovementFilters, MovementInput,
    MovementView,
};
use colivra_inventory::products::{
    self, InventoryDetail, InventoryFilters, InventoryInput, InventoryView,
};
use colivra_inventory::Labelled;
use serde::Serialize;
use utoipa::ToSchema;

use super::parcels::pdf_response;
use super::Data;
use crate::error::{ApiError, ApiResult};
use crate::extract::Scoped;
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct LabelledList {
    pub data: Vec<Labelled>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InventoryClientList {
    pub data: Vec<InventoryClientView>,
    pub meta: PageMeta,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InventoryClientResponse {
    pub data: InventoryClientView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InventoryList {
    pub data: Vec<InventoryView>,
    pub meta: PageMeta,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InventoryResponse {
    pub data: InventoryView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct InventoryDetailResponse {
    pub data: InventoryDetail,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MovementList {
    pub data: Vec<MovementView>,
    pub meta: PageMeta,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MovementResponse {
    pub data: MovementView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EntrySlipResponse {
    pub data: EntrySlipView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProductImportResult {
    pub created: usize,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProductImportResponse {
    pub data: ProductImportResult,
}

pub async fn types() -> HttpResponse {
    HttpResponse::Ok().json(Data::new(colivra_inventory::labelled(
        colivra_inventory::TYPES,
    )))
}

pub async fn states() -> HttpResponse {
    HttpResponse::Ok().json(Data::new(colivra_inventory::labelled(
        colivra_inventory::STATES,
    )))
}

pub async fn list_clients(
    state: web::Data<AppState>,
    caller: Scoped,
    query: web::Query<ListQuery>,
    filters: web::Query<ClientFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let page = crate::db::run(&state.pool, move |conn| {
        clients::list(conn, caller.scope, &query, &filters)
    })
    .await?;
    Ok(HttpResponse::Ok().json(page))
}

pub async fn request_service(
    state: web::Data<AppState>,
    caller: Scoped,
) -> ApiResult<HttpResponse> {
    let row = crate::db::run(&state.pool, move |conn| {
        clients::request(conn, caller.user.id, caller.merchant()?)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(row)))
}

pub async fn decide_client(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<ClientDecision>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let row = crate::db::run(&state.pool, move |conn| {
        clients::decide(conn, caller.user.id, &key, &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(row)))
}

pub async fn list_products(
    state: web::Data<AppState>,
    caller: Scoped,
    query: web::Query<ListQuery>,
    filters: web::Query<InventoryFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let page = crate::db::run(&state.pool, move |conn| {
        products::list(conn, caller.scope, &query, &filters)
    })
    .await?;
    Ok(HttpResponse::Ok().json(page))
}

pub async fn create_product(
    state: web::Data<AppState>,
    caller: Scoped,
    input: Json<InventoryInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let product = crate::db::run(&state.pool, move |conn| {
        products::create(conn, caller.user.id, caller.merchant()?, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(product)))
}

pub async fn update_product(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<InventoryInput>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let product = crate::db::run(&state.pool, move |conn| {
        products::update(conn, caller.user.id, caller.merchant()?, &key, &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(product)))
}

pub async fn show_product(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let detail = crate::db::run(&state.pool, move |conn| {
        products::show(conn, caller.user.id, caller.scope, &key)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(detail)))
}

/// The file: the `file` part of a multipart form, or the raw body (CSV or xlsx).
pub async fn import_products(
    state: web::Data<AppState>,
    caller: Scoped,
    req: HttpRequest,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    let file = uploaded_file(&req, &body).map_err(ApiError)?;
    let created = crate::db::run(&state.pool, move |conn| {
        products::import(conn, caller.user.id, caller.merchant()?, &file)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(ProductImportResult { created })))
}

pub async fn import_template() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            "attachment; filename=\"modele-import-produits.csv\"",
        ))
        // A BOM so Excel reads the accents as UTF-8.
        .body(format!("\u{feff}{}", products::TEMPLATE_CSV))
}

pub async fn list_movements(
    state: web::Data<AppState>,
    caller: Scoped,
    query: web::Query<ListQuery>,
    filters: web::Query<MovementFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let page = crate::db::run(&state.pool, move |conn| {
        movements::list(conn, caller.user.id, caller.scope, &query, &filters)
    })
    .await?;
    Ok(HttpResponse::Ok().json(page))
}

pub async fn create_movement(
    state: web::Data<AppState>,
    caller: Scoped,
    input: Json<MovementInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let movement = crate::db::run(&state.pool, move |conn| {
        movements::create(conn, caller.user.id, caller.scope, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(movement)))
}

pub async fn decide_movement(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<MovementDecision>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let movement = crate::db::run(&state.pool, move |conn| {
        movements::decide(conn, caller.user.id, &key, &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(movement)))
}

pub async fn delete_movement(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    crate::db::run(&state.pool, move |conn| {
        movements::delete(conn, caller.user.id, caller.scope, &key)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

pub async fn create_entries(
    state: web::Data<AppState>,
    caller: Scoped,
    input: Json<EntrySlipInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let slip = crate::db::run(&state.pool, move |conn| {
        movements::create_slip(conn, caller.user.id, caller.merchant()?, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(slip)))
}

pub async fn print_entries(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let company = state.settings.app_name.clone();
    let file_name = format!("bon-entree-{}.pdf", key.trim());
    let pdf = crate::db::run(&state.pool, move |conn| {
        let scope: Scope = caller.scope;
        colivra_inventory::pdf::entry_slip_pdf(conn, caller.user.id, scope, &key, &company)
    })
    .await?;
    Ok(pdf_response(pdf, &file_name))
}

/// The uploaded file: the `file` part of a `multipart/form-data` body, else the body itself.
fn uploaded_file(req: &HttpRequest, body: &[u8]) -> Result<Vec<u8>, AppError> {
    let content_type = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if !content_type
        .to_ascii_lowercase()
        .starts_with("multipart/form-data")
    {
        return Ok(body.to_vec());
    }
    let missing =
        || AppError::validation("file", "Joignez un fichier CSV ou Excel (champ « file »).");
    let boundary = content_type
        .split(';')
        .map(str::trim)
        .find_map(|p| p.strip_prefix("boundary="))
        .map(|b| b.trim_matches('"'))
        .filter(|b| !b.is_empty())
        .ok_or_else(missing)?;
    let delimiter = format!("--{boundary}").into_bytes();
    for part in split(body, &delimiter) {
        let Some(end) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let headers = String::from_utf8_lossy(&part[..end]).to_ascii_lowercase();
        let named_file = headers.lines().any(|line| {
            line.starts_with("content-disposition")
                && (line.contains("name=\"file\"") || line.contains("name=file"))
        });
        if named_file {
            let content = &part[end + 4..];
            let content = content.strip_suffix(b"\r\n").unwrap_or(content);
            return Ok(content.to_vec());
        }
    }
    Err(missing())
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The parts between multipart delimiters.
fn split<'a>(body: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut parts = Vec::new();
    let mut rest = body;
    while let Some(start) = find(rest, delimiter) {
        rest = &rest[start + delimiter.len()..];
        let end = find(rest, delimiter).unwrap_or(rest.len());
        let part = &rest[..end];
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        if !part.starts_with(b"--") && !part.is_empty() {
            parts.push(part);
        }
        if end == rest.len() {
            break;
        }
    }
    parts
}
