//! Support tickets, announcements, guides, the activity log and the top bar's search: thin
//! handlers over `colivra_support` (the merchant API guide is written at start-up from the
//! OpenAPI document, see `merchant_guide`).

use actix_web::{web, HttpRequest};
use colivra_core::Language;
use colivra_support::activity_log::{self, ActionKind, ActivityFilters, ActivityView};
use colivra_support::announcements::{self, AnnouncementFilters, AnnouncementInput, Reader};
use colivra_support::guides::{self, GuideInput};
use colivra_support::search::{self, SearchQuery, SearchResults, Searcher};
use colivra_support::tickets::{
    self, Actor, MessageInput, TicketFilters, TicketInput, TicketStatusInput,
};
use colivra_support::{AnnouncementView, GuideView, TicketDetail, TicketView};
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::query::{Listing, Paging, Unsorted};
use crate::api::{Created, Csv, Db, File, Items, Localized, New, NoContent, Paged, Reply};
use crate::error::ApiResult;
use crate::extract::{Lang, Scoped};
use crate::middleware::edge::Json;
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadCount {
    pub count: i64,
}

fn actor(caller: &Scoped) -> Actor {
    Actor {
        user_id: caller.user.id,
        scope: caller.scope,
    }
}

// Tickets.

pub async fn list_tickets(
    db: Db,
    caller: Scoped,
    query: web::Query<Listing<Unsorted>>,
    filters: web::Query<TicketFilters>,
) -> ApiResult<Paged<TicketView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    db.read(move |conn| tickets::list(conn, actor(&caller), &query, &filters))
        .await
        .map(Paged)
}

pub async fn unread_tickets(db: Db, caller: Scoped) -> ApiResult<Reply<UnreadCount>> {
    db.run(move |conn| tickets::unread_count(conn, actor(&caller)))
        .await
        .map(|count| Reply(UnreadCount { count }))
}

pub async fn show_ticket(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<Reply<TicketDetail>> {
    let key = key.into_inner();
    db.run(move |conn| tickets::show(conn, actor(&caller), &key))
        .await
        .map(Reply)
}

pub async fn create_ticket(
    db: Db,
    caller: Scoped,
    input: New<TicketInput>,
) -> ApiResult<Created<TicketDetail>> {
    let input = input.into_inner();
    db.run(move |conn| tickets::create(conn, actor(&caller), &input))
        .await
        .map(Created)
}

pub async fn update_ticket(
    db: Db,
    caller: Scoped,
    input: Json<TicketStatusInput>,
) -> ApiResult<Reply<TicketDetail>> {
    let input = input.into_inner();
    db.run(move |conn| tickets::set_status(conn, actor(&caller), &input))
        .await
        .map(Reply)
}

pub async fn add_message(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<MessageInput>,
) -> ApiResult<Created<TicketDetail>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| tickets::add_message(conn, actor(&caller), &key, &input))
        .await
        .map(Created)
}

pub async fn delete_message(
    db: Db,
    caller: Scoped,
    path: web::Path<(String, String)>,
) -> ApiResult<NoContent> {
    let (ticket, message) = path.into_inner();
    db.run(move |conn| tickets::delete_message(conn, actor(&caller), &ticket, &message))
        .await
        .map(|()| NoContent)
}

// Announcements.

pub async fn list_announcements(
    db: Db,
    caller: Scoped,
    query: web::Query<Paging>,
    filters: web::Query<AnnouncementFilters>,
) -> ApiResult<Paged<AnnouncementView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    let reader = Reader::of(
        caller.user.role(),
        caller.user.holds_any(&["announcements"]),
    );
    db.run(move |conn| announcements::list(conn, reader, &query, &filters))
        .await
        .map(Paged)
}

pub async fn create_announcement(
    db: Db,
    caller: Scoped,
    input: New<AnnouncementInput>,
) -> ApiResult<Created<AnnouncementView>> {
    let input = input.into_inner();
    db.run(move |conn| announcements::create(conn, caller.user.id, &input))
        .await
        .map(Created)
}

pub async fn delete_announcement(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<NoContent> {
    let key = key.into_inner();
    db.run(move |conn| announcements::delete(conn, caller.user.id, &key))
        .await
        .map(|()| NoContent)
}

// Guides.

/// The guides the product ships: the merchant API guide, its examples naming the address the
/// caller reached, and the delivery people's round guide in the reader's language.
fn built_in_guides(state: &AppState, req: &HttpRequest, language: Language) -> Vec<GuideView> {
    let info = req.connection_info();
    let base_url = format!("{}://{}", info.scheme(), info.host());
    let at = chrono::NaiveDate::from_ymd_opt(2026, 11, 26)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .unwrap_or_default();
    vec![
        guides::built_in(
            crate::merchant_guide::title(language),
            state.merchant_guide.for_base(language, &base_url),
            at,
        ),
        guides::round_guide(language, at),
    ]
}

pub async fn list_guides(
    state: web::Data<AppState>,
    db: Db,
    caller: Scoped,
    Lang(language): Lang,
    req: HttpRequest,
) -> ApiResult<Paged<GuideView>> {
    let (role, built_ins) = (caller.user.role(), built_in_guides(&state, &req, language));
    db.run(move |conn| guides::list_with_built_in(conn, role, built_ins))
        .await
        .map(Paged)
}

pub async fn show_guide(
    state: web::Data<AppState>,
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    Lang(language): Lang,
    req: HttpRequest,
) -> ApiResult<Reply<GuideView>> {
    let (key, role, built_ins) = (
        key.into_inner(),
        caller.user.role(),
        built_in_guides(&state, &req, language),
    );
    db.run(move |conn| guides::show(conn, role, &key, || built_ins))
        .await
        .map(Reply)
}

pub async fn create_guide(
    db: Db,
    caller: Scoped,
    input: New<GuideInput>,
) -> ApiResult<Created<GuideView>> {
    let input = input.into_inner();
    db.run(move |conn| guides::create(conn, caller.user.id, &input))
        .await
        .map(Created)
}

pub async fn update_guide(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<GuideInput>,
) -> ApiResult<Reply<GuideView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| guides::update(conn, caller.user.id, &key, &input))
        .await
        .map(Reply)
}

pub async fn delete_guide(db: Db, caller: Scoped, key: web::Path<String>) -> ApiResult<NoContent> {
    let key = key.into_inner();
    db.run(move |conn| guides::delete(conn, caller.user.id, &key))
        .await
        .map(|()| NoContent)
}

// Activities.

pub async fn list_activities(
    db: Db,
    caller: Scoped,
    Lang(header): Lang,
    query: web::Query<Paging>,
    filters: web::Query<ActivityFilters>,
) -> ApiResult<Localized<Paged<ActivityView>>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    let language = filters.language(header);
    let (role, holds_dashboard) = (caller.user.role(), caller.user.holds_any(&["dashboard"]));
    db.read(move |conn| {
        let audit = activity_log::reader_audit(
            conn,
            caller.user.id,
            caller.scope,
            role,
            holds_dashboard,
            filters.mine == Some(true),
        )?;
        activity_log::list(conn, &audit, &query, &filters, language)
    })
    .await
    .map(|page| Localized(Paged(page)))
}

pub async fn activity_kinds(Lang(language): Lang) -> Localized<Items<ActionKind>> {
    Localized(Items(activity_log::kinds(language)))
}

/// `GET activities/export`: the filtered log as CSV, streamed. The filters are checked first (a
/// 422 before any byte), then the rows follow chunk by chunk.
pub async fn export_activities(
    db: Db,
    caller: Scoped,
    Lang(header): Lang,
    filters: web::Query<ActivityFilters>,
) -> ApiResult<Localized<File<Csv>>> {
    let filters = filters.into_inner();
    let language = filters.language(header);
    let (role, holds_dashboard) = (caller.user.role(), caller.user.holds_any(&["dashboard"]));
    let (audit, filter) = db
        .read(move |conn| {
            let audit = activity_log::reader_audit(
                conn,
                caller.user.id,
                caller.scope,
                role,
                holds_dashboard,
                filters.mine == Some(true),
            )?;
            Ok((audit, activity_log::filter(conn, &filters)?))
        })
        .await?;
    let body = crate::api::stream::chunked(
        db.database_for_reading(),
        activity_log::export_header(language),
        move |conn, before| activity_log::export_chunk(conn, &audit, &filter, before, language),
    );
    Ok(Localized(File::streamed_attachment(
        body,
        "text/csv; charset=utf-8",
        &activity_log::export_file_name(language),
    )))
}

// Search.

pub async fn search(
    state: web::Data<AppState>,
    db: Db,
    caller: Scoped,
    query: web::Query<SearchQuery>,
) -> ApiResult<Reply<SearchResults>> {
    let (query, memory) = (query.into_inner(), state.list_memory.clone());
    db.read(move |conn| {
        let who = Searcher {
            role: caller.user.role(),
            scope: caller.scope,
            holds_any: &|names| caller.user.holds_any(names),
        };
        search::search(conn, &who, &query, &memory)
    })
    .await
    .map(Reply)
}
