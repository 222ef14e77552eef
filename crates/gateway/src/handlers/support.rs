//! Support tickets, announcements, guides, the activity log and the top bar's search: thin
//! handlers over `colivra_support` (the merchant API guide is written here, from the OpenAPI
//! document, see `merchant_guide`).

use crate::middleware::edge::Json;
use actix_web::{web, HttpRequest, HttpResponse};
use colivra_core::{AppError, ListQuery, PageMeta, Role};
use colivra_support::activity_log::{self, ActionKind, ActivityFilters, ActivityView};
use colivra_support::announcements::{self, AnnouncementFilters, AnnouncementInput, Reader};
use colivra_support::guides::{self, GuideInput};
use colivra_support::people::PersonHit;
use colivra_support::search::{InvoiceHit, VoucherHit};
use colivra_support::tickets::{
    self, Actor, MessageInput, TicketFilters, TicketInput, TicketStatusInput,
};
use colivra_support::{AnnouncementView, GuideView, TicketDetail, TicketView};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Data;
use crate::error::ApiResult;
use crate::extract::{Lang, Scoped};
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct TicketList {
    pub data: Vec<TicketView>,
    pub meta: PageMeta,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TicketResponse {
    pub data: TicketDetail,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadCount {
    pub count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadResponse {
    pub data: UnreadCount,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AnnouncementList {
    pub data: Vec<AnnouncementView>,
    pub meta: PageMeta,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AnnouncementResponse {
    pub data: AnnouncementView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GuideList {
    pub data: Vec<GuideView>,
    pub meta: PageMeta,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct GuideResponse {
    pub data: GuideView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityList {
    pub data: Vec<ActivityView>,
    pub meta: PageMeta,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ActionKinds {
    pub data: Vec<ActionKind>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ParcelHit {
    pub key: String,
    pub code: String,
    /// The recipient's name.
    pub name: String,
    pub status: colivra_parcels::status::Status,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TicketHit {
    pub key: String,
    pub code: String,
    pub subject: String,
    pub status: colivra_support::tickets::TicketStatus,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SearchResults {
    /// Parcels of the caller's scope (callers with a parcel screen), 5 at most.
    pub parcels: Vec<ParcelHit>,
    /// Merchants and delivery people (staff holding `clients` or `deliverymen`), 5 at most.
    pub people: Vec<PersonHit>,
    /// Tickets by code prefix, then by subject (callers holding `support`), 5 at most.
    pub tickets: Vec<TicketHit>,
    /// Vouchers by code prefix, of the kinds whose screens the caller holds, 5 at most.
    pub vouchers: Vec<VoucherHit>,
    /// Validated and paid invoices by number prefix (a merchant's or a delivery person's own;
    /// staff, of the families whose screens they hold), 5 at most.
    pub invoices: Vec<InvoiceHit>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SearchResponse {
    pub data: SearchResults,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct SearchQuery {
    pub q: Option<String>,
}

fn actor(caller: &Scoped) -> Actor {
    Actor {
        user_id: caller.user.id,
        scope: caller.scope,
    }
}

// Tickets.

pub async fn list_tickets(
    state: web::Data<AppState>,
    caller: Scoped,
    query: web::Query<ListQuery>,
    filters: web::Query<TicketFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let list = crate::db::run(&state.pool, move |conn| {
        tickets::list(conn, actor(&caller), &query, &filters)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

pub async fn unread_tickets(state: web::Data<AppState>, caller: Scoped) -> ApiResult<HttpResponse> {
    let count = crate::db::run(&state.pool, move |conn| {
        tickets::unread_count(conn, actor(&caller))
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(UnreadCount { count })))
}

pub async fn show_ticket(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let ticket = crate::db::run(&state.pool, move |conn| {
        tickets::show(conn, actor(&caller), &key)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(ticket)))
}

pub async fn create_ticket(
    state: web::Data<AppState>,
    caller: Scoped,
    input: Json<TicketInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let ticket = crate::db::run(&state.pool, move |conn| {
        tickets::create(conn, actor(&caller), &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(ticket)))
}

pub async fn update_ticket(
    state: web::Data<AppState>,
    caller: Scoped,
    input: Json<TicketStatusInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let ticket = crate::db::run(&state.pool, move |conn| {
        tickets::set_status(conn, actor(&caller), &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(ticket)))
}

pub async fn add_message(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<MessageInput>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let ticket = crate::db::run(&state.pool, move |conn| {
        tickets::add_message(conn, actor(&caller), &key, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(ticket)))
}

pub async fn delete_message(
    state: web::Data<AppState>,
    caller: Scoped,
    path: web::Path<(String, String)>,
) -> ApiResult<HttpResponse> {
    let (ticket, message) = path.into_inner();
    crate::db::run(&state.pool, move |conn| {
        tickets::delete_message(conn, actor(&caller), &ticket, &message)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

// Announcements.

pub async fn list_announcements(
    state: web::Data<AppState>,
    caller: Scoped,
    query: web::Query<ListQuery>,
    filters: web::Query<AnnouncementFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let role = caller.user.role();
    let reader = if role == Role::Admin && caller.user.holds_any(&["announcements"]) {
        Reader::Manager
    } else {
        Reader::Member(role)
    };
    let list = crate::db::run(&state.pool, move |conn| {
        announcements::list(conn, reader, &query, &filters)
    })
    .await?;
    Ok(HttpResponse::Ok().json(list))
}

pub async fn create_announcement(
    state: web::Data<AppState>,
    caller: Scoped,
    input: Json<AnnouncementInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let created = crate::db::run(&state.pool, move |conn| {
        announcements::create(conn, caller.user.id, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(created)))
}

pub async fn delete_announcement(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    crate::db::run(&state.pool, move |conn| {
        announcements::delete(conn, caller.user.id, &key)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

// Guides.

/// The server's address as the caller reached it, for the guide's examples.
fn base_url(req: &HttpRequest) -> String {
    let info = req.connection_info();
    format!("{}://{}", info.scheme(), info.host())
}

fn merchant_api_guide(req: &HttpRequest) -> GuideView {
    let at = chrono::NaiveDate::from_ymd_opt(2026, 11, 26)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .unwrap_or_default();
    guides::built_in(crate::merchant_guide::markdown(&base_url(req)), at)
}

pub async fn list_guides(
    state: web::Data<AppState>,
    caller: Scoped,
    req: HttpRequest,
) -> ApiResult<HttpResponse> {
    let role = caller.user.role();
    let stored = crate::db::run(&state.pool, move |conn| guides::list(conn, role)).await?;
    let mut data = vec![merchant_api_guide(&req)];
    data.extend(stored);
    let total = data.len() as i64;
    Ok(HttpResponse::Ok().json(GuideList {
        data,
        meta: PageMeta {
            page: 1,
            per_page: total,
            total: Some(total),
            last_page: Some(1),
            total_capped: None,
            next_cursor: None,
        },
    }))
}

pub async fn show_guide(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
    req: HttpRequest,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    if key.trim() == guides::BUILT_IN_KEY {
        return Ok(HttpResponse::Ok().json(Data::new(merchant_api_guide(&req))));
    }
    let role = caller.user.role();
    let guide = crate::db::run(&state.pool, move |conn| guides::get(conn, role, &key)).await?;
    Ok(HttpResponse::Ok().json(Data::new(guide)))
}

pub async fn create_guide(
    state: web::Data<AppState>,
    caller: Scoped,
    input: Json<GuideInput>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let guide = crate::db::run(&state.pool, move |conn| {
        guides::create(conn, caller.user.id, &input)
    })
    .await?;
    Ok(HttpResponse::Created().json(Data::new(guide)))
}

pub async fn update_guide(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<GuideInput>,
) -> ApiResult<HttpResponse> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let guide = crate::db::run(&state.pool, move |conn| {
        guides::update(conn, caller.user.id, &key, &input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(guide)))
}

pub async fn delete_guide(
    state: web::Data<AppState>,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    crate::db::run(&state.pool, move |conn| {
        guides::delete(conn, caller.user.id, &key)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

// Activities.

/// Staff holding the dashboard read every activity.
fn sees_everything(caller: &Scoped) -> bool {
    caller.user.role() == Role::Admin && caller.user.holds_any(&["dashboard"])
}

pub async fn list_activities(
    state: web::Data<AppState>,
    caller: Scoped,
    Lang(header): Lang,
    query: web::Query<ListQuery>,
    filters: web::Query<ActivityFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let language = filters.language(header);
    let sees_everything = sees_everything(&caller);
    let list = crate::db::run(&state.pool, move |conn| {
        let audit = activity_log::audit(
            conn,
            caller.user.id,
            caller.scope,
            sees_everything,
            filters.mine == Some(true),
        )?;
        activity_log::list(conn, &audit, &query, &filters, language)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::VARY, "Accept-Language"))
        .json(list))
}

pub async fn activity_kinds(Lang(language): Lang) -> ApiResult<HttpResponse> {
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::VARY, "Accept-Language"))
        .json(ActionKinds {
            data: activity_log::kinds(language),
        }))
}

/// Where an export stands: its header, then chunks below a cursor, then done.
enum ExportStep {
    Header,
    Rows(Option<i64>),
    Done,
}

/// `GET activities/export`: the filtered log as CSV, streamed. The filters are checked first (a
/// 422 before any byte); then each chunk of rows is read on the blocking pool (a connection per
/// chunk, so other requests go between) only when the client has taken the previous one: memory
/// stays one chunk whatever the log's size.
pub async fn export_activities(
    state: web::Data<AppState>,
    caller: Scoped,
    Lang(header): Lang,
    filters: web::Query<ActivityFilters>,
) -> ApiResult<HttpResponse> {
    let filters = filters.into_inner();
    let language = filters.language(header);
    let sees_everything = sees_everything(&caller);
    let (audit, filter) = crate::db::run(&state.pool, move |conn| {
        let audit = activity_log::audit(
            conn,
            caller.user.id,
            caller.scope,
            sees_everything,
            filters.mine == Some(true),
        )?;
        Ok((audit, activity_log::filter(conn, &filters)?))
    })
    .await?;
    let db = state.pool.clone();
    let rows = futures_util::stream::unfold(ExportStep::Header, move |step| {
        let (db, audit, filter) = (db.clone(), audit.clone(), filter.clone());
        async move {
            match step {
                ExportStep::Header => Some((
                    Ok(web::Bytes::from(activity_log::export_header(language))),
                    ExportStep::Rows(None),
                )),
                ExportStep::Rows(before) => {
                    let chunk = crate::db::run(&db, move |conn| {
                        activity_log::export_chunk(conn, &audit, &filter, before, language)
                    })
                    .await;
                    match chunk {
                        Ok((bytes, next)) => Some((
                            Ok(web::Bytes::from(bytes)),
                            next.map_or(ExportStep::Done, |id| ExportStep::Rows(Some(id))),
                        )),
                        // The status is sent already: the connection ends without the last
                        // chunk, which the client sees as a cut download.
                        Err(error) => {
                            tracing::error!(error = %error.0, "activity export stopped");
                            Some((
                                Err(std::io::Error::other(error.0.to_string())),
                                ExportStep::Done,
                            ))
                        }
                    }
                }
                ExportStep::Done => None,
            }
        }
    });
    let name = match language {
        colivra_core::Language::Fr => "activites",
        colivra_core::Language::En => "activities",
    };
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!(
                "attachment; filename=\"{name}-{}.csv\"",
                colivra_core::time::now().date()
            ),
        ))
        .insert_header(("Cache-Control", "no-store"))
        .insert_header((actix_web::http::header::VARY, "Accept-Language"))
        .streaming(rows))
}

// Search.

/// Hits of each group.
const HITS: i64 = 5;

pub async fn search(
    state: web::Data<AppState>,
    caller: Scoped,
    query: web::Query<SearchQuery>,
) -> ApiResult<HttpResponse> {
    let text = query.into_inner().q.unwrap_or_default().trim().to_owned();
    let length = text.chars().count();
    if length < 2 {
        return Err(AppError::validation("q", "2 caractères au moins.").into());
    }
    if length > 100 {
        return Err(AppError::validation("q", "100 caractères au plus.").into());
    }
    let user = caller.user.clone();
    let role = user.role();
    let sees_parcels = user.holds_any(crate::routes::PARCEL_SCREENS);
    let sees_tickets = role != Role::DeliveryAdmin && user.holds_any(&["support"]);
    let mut people_roles = Vec::new();
    if role == Role::Admin {
        if user.holds_any(&["clients"]) {
            people_roles.push(Role::Client);
        }
        if user.holds_any(&["deliverymen"]) {
            people_roles.push(Role::DeliveryAdmin);
        }
    }
    // The kinds whose screens (and routes) the caller holds.
    let (merchant_side, delivery_side) = (role != Role::DeliveryAdmin, role != Role::Client);
    let mut voucher_kinds = Vec::new();
    if merchant_side && user.holds_any(crate::routes::PICKUP_VOUCHER_SCREENS) {
        voucher_kinds.push("pickup");
    }
    if delivery_side && user.holds_any(crate::routes::EXIT_VOUCHER_SCREENS) {
        voucher_kinds.push("exit");
    }
    if delivery_side && user.holds_any(crate::routes::RETURN_VOUCHER_SCREENS) {
        voucher_kinds.push("return");
    }
    let mut invoice_kinds = Vec::new();
    if merchant_side && user.holds_any(crate::routes::CLIENT_INVOICE_SCREENS) {
        invoice_kinds.extend(["delivered", "returned"]);
    }
    if delivery_side && user.holds_any(crate::routes::DELIVERY_INVOICE_SCREENS) {
        invoice_kinds.push("delivery");
    }
    let memory = state.list_memory.clone();
    let scope = caller.scope;
    let results = crate::db::run(&state.pool, move |conn| {
        let parcels = if sees_parcels {
            let query = ListQuery {
                q: Some(text.clone()),
                per_page: Some(HITS),
                ..Default::default()
            };
            colivra_parcels::list::list(conn, scope, &query, &Default::default(), &memory)?
                .data
                .into_iter()
                .map(|p| ParcelHit {
                    code: p.key.clone(),
                    key: p.key,
                    name: p.recipient_name,
                    status: p.status,
                })
                .collect()
        } else {
            Vec::new()
        };
        let people = colivra_support::people::search(conn, &text, &people_roles, HITS)?;
        let tickets = if sees_tickets {
            tickets::search(conn, scope, &text, HITS)?
                .into_iter()
                .map(|t| TicketHit {
                    status: t.status(),
                    key: t.key,
                    code: t.code,
                    subject: t.subject,
                })
                .collect()
        } else {
            Vec::new()
        };
        let vouchers = colivra_support::search::vouchers(conn, scope, &voucher_kinds, &text, HITS)?;
        let invoices = colivra_support::search::invoices(conn, scope, &invoice_kinds, &text, HITS)?;
        Ok(SearchResults {
            parcels,
            people,
            tickets,
            vouchers,
            invoices,
        })
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(results)))
}
