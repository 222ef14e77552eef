//! Parcels: lists of every role, the merchant's writes, states, import, tracking, statistics.

use crate::middleware::edge::Json;
use actix_web::{web, HttpRequest, HttpResponse};
use colivra_core::{AppError, ListQuery};
use colivra_parcels::import::{self, Imported};
use colivra_parcels::list::{self, ParcelFilters};
use colivra_parcels::moves::{
    self, AddressInput, CancelInput, ReassignInput, StateInput, StateView,
};
use colivra_parcels::parcel::{self, ParcelInput, ParcelView};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Data;
use crate::error::{ApiError, ApiResult};
use crate::extract::{Caller, Lang, Scoped};
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct ParcelResponse {
    pub data: ParcelView,
}

/// `{data: [...], meta}` of a parcel list (a keyset page).
#[derive(Debug, Serialize, ToSchema)]
pub struct ParcelList {
    pub data: Vec<ParcelView>,
    pub meta: colivra_core::PageMeta,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ParcelViews {
    pub data: Vec<ParcelView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StatisticsResponse {
    pub data: DashboardFigures,
}

/// The dashboard: parcel and money figures, and the stock figures (admins and merchants).
#[derive(Debug, Serialize, ToSchema)]
pub struct DashboardFigures {
    #[serde(flatten)]
    pub figures: colivra_invoicing::dashboard::Dashboard,
    pub stock: Option<colivra_inventory::dashboard::StockFigures>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TrackingResponse {
    pub data: colivra_parcels::tracking::TrackingView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StateList {
    pub data: Vec<StateView>,
}

pub async fn list(
    state: web::Data<AppState>,
    caller: Scoped,
    query: web::Query<ListQuery>,
    filters: web::Query<ParcelFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let memory = state.list_memory.clone();
    let page = crate::db::run(&state.pool, move |conn| {
        let scope = caller.scope;
        list::list(conn, scope, &query, &filters, &memory)
    })
    .await?;
    Ok(HttpResponse::Ok().json(page))
}

pub async fn show(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let view = crate::db::run(&state.pool, move |conn| {
        let scope = caller.scope;
        let row = parcel::get(conn, scope, &key)?;
        colivra_parcels::undo::view(conn, caller.user.id, scope, row)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(view)))
}

pub async fn create(
    state: web::Data<AppState>,
    caller: Scoped,
    input: Json<ParcelInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let view = crate::db::run(&state.pool, move |conn| {
        let merchant = caller.merchant()?;
        parcel::create(conn, caller.user.id, merchant, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(view)))
}

pub async fn update(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<ParcelInput>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let view = crate::db::run(&state.pool, move |conn| {
        let merchant = caller.merchant()?;
        parcel::update(conn, caller.user.id, merchant, &key, &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(view)))
}

pub async fn delete(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    crate::db::run(&state.pool, move |conn| {
        let merchant = caller.merchant()?;
        parcel::delete(conn, caller.user.id, merchant, &key)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

pub async fn states(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
    Lang(language): Lang,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let states = crate::db::run(&state.pool, move |conn| {
        let scope = caller.scope;
        moves::states(conn, scope, &key, language)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::VARY, "Accept-Language"))
        .json(StateList { data: states }))
}

pub async fn post_state(
    state: web::Data<AppState>,
    caller: Scoped,
    input: Json<StateInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let view = crate::db::run(&state.pool, move |conn| {
        let scope = caller.scope;
        moves::post_state(conn, caller.user.id, scope, &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(view)))
}

/// The caller takes back the parcel's latest status change (his own, made minutes ago).
pub async fn undo(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let view = crate::db::run(&state.pool, move |conn| {
        colivra_parcels::undo::undo(conn, caller.user.id, caller.scope, &key)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(view)))
}

pub async fn cancel(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
    input: Option<Json<CancelInput>>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let comment = input.and_then(|i| i.into_inner().comment);
    let view = crate::db::run(&state.pool, move |conn| {
        let merchant = caller.merchant()?;
        moves::cancel(conn, caller.user.id, merchant, &key, comment.as_deref())
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(view)))
}

pub async fn change_address(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<AddressInput>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let view = crate::db::run(&state.pool, move |conn| {
        let merchant = caller.merchant()?;
        moves::change_address(conn, caller.user.id, merchant, &key, &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(view)))
}

pub async fn acknowledge_address(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let view = crate::db::run(&state.pool, move |conn| {
        moves::acknowledge_address(conn, caller.user.id, &key)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(view)))
}

pub async fn reassign(
    state: web::Data<AppState>,
    caller: Caller,
    delivery_admin: web::Path<String>,
    input: Json<ReassignInput>,
) -> ApiResult<HttpResponse> {
    let (delivery_admin, input) = (delivery_admin.into_inner(), input.into_inner());
    let views = crate::db::run(&state.pool, move |conn| {
        moves::reassign(conn, caller.user.id, &delivery_admin, &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(ParcelViews { data: views }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ImportQuery {
    /// `true`: check the file and answer the preview without writing anything.
    #[serde(default)]
    pub dry_run: bool,
    /// The shop (key) for rows that name none.
    pub shop: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ImportRefused {
    pub message: String,
    #[serde(flatten)]
    pub preview: import::ImportPreview,
}

/// The file is the request body (CSV or xlsx). A dry run answers the preview; otherwise every
/// row is created (201) or, if any row is wrong, nothing is and the preview comes with a 422.
pub async fn import_file(
    state: web::Data<AppState>,
    caller: Scoped,
    query: web::Query<ImportQuery>,
    body: web::Bytes,
) -> ApiResult<HttpResponse> {
    let query = query.into_inner();
    let dry_run = query.dry_run;
    let outcome = crate::db::run(&state.pool, move |conn| {
        let merchant = caller.merchant()?;
        if query.dry_run {
            import::preview(conn, merchant, query.shop.as_deref(), &body).map(Imported::Refused)
        } else {
            import::import(conn, caller.user.id, merchant, query.shop.as_deref(), &body)
        }
    })
    .await?;
    Ok(match outcome {
        Imported::Created(result) => HttpResponse::Created().json(result),
        Imported::Refused(preview) if dry_run => HttpResponse::Ok().json(preview),
        Imported::Refused(preview) => HttpResponse::UnprocessableEntity().json(ImportRefused {
            message: format!(
                "{} ligne(s) à corriger : aucun colis n'a été créé.",
                preview.error_count
            ),
            preview,
        }),
    })
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct TemplateQuery {
    /// `csv` (default) or `xlsx`.
    pub format: Option<String>,
}

pub async fn import_template(query: web::Query<TemplateQuery>) -> ApiResult<HttpResponse> {
    if query.format.as_deref() == Some("xlsx") {
        let book = import::template_xlsx().map_err(ApiError)?;
        return Ok(HttpResponse::Ok()
            .content_type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
            .insert_header((
                "Content-Disposition",
                "attachment; filename=\"modele-import-colis.xlsx\"",
            ))
            .body(book));
    }
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            "attachment; filename=\"modele-import-colis.csv\"",
        ))
        // A BOM so Excel reads the accents as UTF-8.
        .body(format!("\u{feff}{}", import::TEMPLATE_CSV)))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct LabelsQuery {
    /// Comma-separated tracking codes.
    pub parcels: String,
    /// `a6` (default): one label per page; `a4`: four per page.
    pub layout: Option<String>,
}

/// The labels as a PDF, opened by the web app in a pop-up window.
pub async fn labels(
    state: web::Data<AppState>,
    caller: Scoped,
    query: web::Query<LabelsQuery>,
) -> ApiResult<HttpResponse> {
    let query = query.into_inner();
    let company = state.settings.app_name.clone();
    let pdf = crate::db::run(&state.pool, move |conn| {
        let scope = caller.scope;
        let layout = colivra_parcels::labels::parse_layout(query.layout.as_deref())?;
        let keys: Vec<String> = query
            .parcels
            .split(',')
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .map(str::to_owned)
            .collect();
        colivra_parcels::labels::labels_pdf(conn, scope, &keys, layout, &company)
    })
    .await?;
    Ok(pdf_response(pdf, "etiquettes.pdf"))
}

/// A PDF shown in the browser (not downloaded), never cached: it holds personal data.
pub fn pdf_response(pdf: Vec<u8>, file_name: &str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header(("Content-Disposition", format!("inline; filename=\"{file_name}\"")))
        .insert_header(("Cache-Control", "no-store"))
        // The app's CSP forbids plugins (`object-src 'none'`), which would stop the browser's
        // PDF viewer; a document gets its own, still locked-down policy.
        .insert_header((
            "Content-Security-Policy",
            "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        ))
        .body(pdf)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StatusCatalog {
    pub data: Vec<colivra_parcels::status::StatusInfo>,
}

/// Every status with its label in the reader's language and what posting it needs.
pub async fn statuses(Lang(language): Lang) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((actix_web::http::header::VARY, "Accept-Language"))
        .json(StatusCatalog {
            data: colivra_parcels::status::catalog(language),
        })
}

pub async fn statistics(state: web::Data<AppState>, caller: Scoped) -> ApiResult<HttpResponse> {
    let figures = crate::db::run(&state.pool, move |conn| {
        let scope = caller.scope;
        Ok(DashboardFigures {
            figures: colivra_invoicing::dashboard::figures(conn, scope)?,
            stock: colivra_inventory::dashboard::figures(conn, scope)?,
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(StatisticsResponse { data: figures }))
}

/// The public tracking look-up, limited per address.
pub async fn track(
    state: web::Data<AppState>,
    req: HttpRequest,
    code: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let address = [super::session::peer_address(&req)];
    if let Err(retry_after_seconds) = state.tracking_throttle.check(&address) {
        return Err(ApiError(AppError::TooManyAttempts {
            retry_after_seconds,
        }));
    }
    state.tracking_throttle.record(&address);
    let code = code.into_inner();
    let view = crate::db::run(&state.pool, move |conn| {
        colivra_parcels::tracking::track(conn, &code)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(view)))
}
