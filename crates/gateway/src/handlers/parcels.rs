//! Parcels: lists of every role, the merchant's writes, states, import, tracking, statistics.

use actix_web::body::BoxBody;
use actix_web::{web, HttpRequest, HttpResponse, Responder};
use colivra_core::AppError;
use colivra_parcels::import::{self, ImportOutcome, ImportPreview, ImportRefused, ImportResult};
use colivra_parcels::list::{self, ParcelFilters};
use colivra_parcels::moves::{
    self, AddressInput, CancelInput, ReassignInput, StateInput, StateView,
};
use colivra_parcels::parcel::{self, ParcelInput, ParcelView};
use colivra_parcels::status::StatusInfo;
use colivra_parcels::tracking::TrackingView;
use colivra_parcels::unapplied::{self, ResolveInput, UnappliedFilters, UnappliedOutcomeView};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::query::{Listing, Paging, ParcelSort};
use crate::api::reply::{other_answer, XLSX};
use crate::api::{
    Created, Db, DescribeReply, File, Items, Localized, New, NoContent, OperationDoc, Paged, Pdf,
    Reply, Sheet, SheetBody, Upload,
};
use crate::error::{ApiError, ApiResult};
use crate::extract::{Caller, DocumentLanguage, Lang, Scoped};
use crate::middleware::edge::Json;
use crate::state::AppState;

/// The dashboard: parcel and money figures, and the stock figures (admins and merchants).
#[derive(Debug, Serialize, ToSchema)]
pub struct DashboardFigures {
    #[serde(flatten)]
    pub figures: colivra_invoicing::dashboard::Dashboard,
    pub stock: Option<colivra_inventory::dashboard::StockFigures>,
}

pub async fn list(
    state: web::Data<AppState>,
    db: Db,
    caller: Scoped,
    query: web::Query<Listing<ParcelSort>>,
    filters: web::Query<ParcelFilters>,
) -> ApiResult<Paged<ParcelView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    let memory = state.list_memory.clone();
    db.read(move |conn| list::list(conn, caller.scope, &query, &filters, &memory))
        .await
        .map(Paged)
}

pub async fn show(db: Db, caller: Scoped, key: web::Path<String>) -> ApiResult<Reply<ParcelView>> {
    let key = key.into_inner();
    db.run(move |conn| {
        let row = parcel::get(conn, caller.scope, &key)?;
        colivra_parcels::undo::view(conn, caller.user.id, caller.scope, row, None)
    })
    .await
    .map(Reply)
}

pub async fn create(
    state: web::Data<AppState>,
    db: Db,
    caller: Scoped,
    input: New<ParcelInput>,
) -> ApiResult<Created<ParcelView>> {
    let (input, stock, memory) = (input.into_inner(), db.stock(), state.list_memory.clone());
    db.run(move |conn| {
        let merchant = caller.merchant()?;
        parcel::create(
            conn,
            &*stock,
            caller.user.id,
            merchant,
            &input,
            Some(&memory.names),
        )
    })
    .await
    .map(Created)
}

pub async fn update(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<ParcelInput>,
) -> ApiResult<Reply<ParcelView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| parcel::update(conn, caller.user.id, caller.merchant()?, &key, &input))
        .await
        .map(Reply)
}

pub async fn delete(db: Db, caller: Scoped, key: web::Path<String>) -> ApiResult<NoContent> {
    let (key, stock) = (key.into_inner(), db.stock());
    db.run(move |conn| parcel::delete(conn, &*stock, caller.user.id, caller.merchant()?, &key))
        .await
        .map(|()| NoContent)
}

/// The parcel's history, its labels and notes in the reader's language.
pub async fn states(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    Lang(language): Lang,
) -> ApiResult<Localized<Items<StateView>>> {
    let key = key.into_inner();
    db.run(move |conn| moves::states(conn, caller.scope, &key, language))
        .await
        .map(|states| Localized(Items(states)))
}

pub async fn post_state(
    state: web::Data<AppState>,
    db: Db,
    caller: Scoped,
    input: Json<StateInput>,
) -> ApiResult<Reply<ParcelView>> {
    let (input, stock, proofs) = (input.into_inner(), db.stock(), db.proofs());
    let memory = state.list_memory.clone();
    db.run(move |conn| {
        let (user, scope) = (caller.user.id, caller.scope);
        moves::post_state(
            conn,
            &*stock,
            &proofs,
            user,
            scope,
            &input,
            Some(&memory.names),
        )
    })
    .await
    .map(Reply)
}

/// Outcomes the server refused from the phones' queues: the admin's all, a delivery person's
/// his own.
pub async fn list_unapplied_outcomes(
    db: Db,
    caller: Scoped,
    query: web::Query<Paging>,
    filters: web::Query<UnappliedFilters>,
) -> ApiResult<Paged<UnappliedOutcomeView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    db.run(move |conn| unapplied::list(conn, caller.scope, &query, &filters))
        .await
        .map(Paged)
}

/// An admin resolves a refused outcome: applies it, records the cash returned, or dismisses it.
pub async fn resolve_unapplied_outcome(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
    input: Json<ResolveInput>,
) -> ApiResult<Reply<UnappliedOutcomeView>> {
    let (key, input, stock) = (key.into_inner(), input.into_inner(), db.stock());
    db.run(move |conn| unapplied::resolve(conn, &*stock, caller.user.id, &key, &input))
        .await
        .map(Reply)
}

/// The delivery person marks one of his refused outcomes seen (it stays on record).
pub async fn see_unapplied_outcome(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<Reply<UnappliedOutcomeView>> {
    let key = key.into_inner();
    db.run(move |conn| unapplied::mark_seen(conn, caller.user.id, &key))
        .await
        .map(Reply)
}

/// The caller takes back the parcel's latest status change (his own, made minutes ago).
pub async fn undo(db: Db, caller: Scoped, key: web::Path<String>) -> ApiResult<Reply<ParcelView>> {
    let (key, stock) = (key.into_inner(), db.stock());
    db.run(move |conn| {
        colivra_parcels::undo::undo(conn, &*stock, caller.user.id, caller.scope, &key)
    })
    .await
    .map(Reply)
}

pub async fn cancel(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    input: Option<Json<CancelInput>>,
) -> ApiResult<Reply<ParcelView>> {
    let key = key.into_inner();
    let comment = input.and_then(|i| i.into_inner().comment);
    let stock = db.stock();
    db.run(move |conn| {
        moves::cancel(
            conn,
            &*stock,
            caller.user.id,
            caller.merchant()?,
            &key,
            comment.as_deref(),
        )
    })
    .await
    .map(Reply)
}

pub async fn change_address(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<AddressInput>,
) -> ApiResult<Reply<ParcelView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| {
        moves::change_address(conn, caller.user.id, caller.merchant()?, &key, &input)
    })
    .await
    .map(Reply)
}

pub async fn acknowledge_address(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<Reply<ParcelView>> {
    let key = key.into_inner();
    db.run(move |conn| moves::acknowledge_address(conn, caller.user.id, &key))
        .await
        .map(Reply)
}

pub async fn reassign(
    db: Db,
    caller: Caller,
    delivery_person: web::Path<String>,
    input: Json<ReassignInput>,
) -> ApiResult<Items<ParcelView>> {
    let (delivery_person, input) = (delivery_person.into_inner(), input.into_inner());
    db.run(move |conn| moves::reassign(conn, caller.user.id, &delivery_person, &input))
        .await
        .map(Items)
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ImportQuery {
    /// `true`: check the file and answer the preview (200) without writing anything.
    #[serde(default)]
    pub dry_run: bool,
    /// The shop (key) for rows that name none.
    pub shop: Option<String>,
}

/// 201 with what was created; 200 with the preview of a dry run; 422 with the preview of a file
/// refused (nothing created).
pub struct ImportAnswer(ImportOutcome);

impl Responder for ImportAnswer {
    type Body = BoxBody;

    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        match self.0 {
            ImportOutcome::Created(result) => HttpResponse::Created().json(result),
            ImportOutcome::Checked(preview) => HttpResponse::Ok().json(preview),
            ImportOutcome::Refused(refused) => HttpResponse::UnprocessableEntity().json(refused),
        }
    }
}

impl DescribeReply for ImportAnswer {
    fn describe(doc: &mut OperationDoc) {
        crate::api::BareCreated::<ImportResult>::describe(doc);
        other_answer::<ImportPreview>(doc, 200, "A dry run: the preview, row by row");
        other_answer::<ImportRefused>(
            doc,
            422,
            "A row is wrong (nothing was created): the preview, row by row",
        );
    }
}

/// The file is the request body (CSV or xlsx).
pub async fn import_file(
    db: Db,
    caller: Scoped,
    query: web::Query<ImportQuery>,
    file: Upload<SheetBody>,
) -> ApiResult<ImportAnswer> {
    let (query, stock) = (query.into_inner(), db.stock());
    db.run(move |conn| {
        import::run(
            conn,
            &*stock,
            caller.user.id,
            caller.merchant()?,
            query.shop.as_deref(),
            &file.bytes,
            query.dry_run,
        )
    })
    .await
    .map(ImportAnswer)
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct TemplateQuery {
    /// `csv` (default; any other value too) or `xlsx`.
    pub format: Option<String>,
}

/// The import template in the reader's language (its headers and example; the import reads the
/// three languages' headers): a download, so the language he chose in the web app first.
pub async fn import_template(
    DocumentLanguage(language): DocumentLanguage,
    query: web::Query<TemplateQuery>,
) -> ApiResult<Localized<File<Sheet>>> {
    let name = language.pick(
        "modele-import-colis",
        "parcel-import-template",
        "نموذج-استيراد-الطرود",
    );
    if query.format.as_deref() == Some("xlsx") {
        let book = import::template_xlsx(language).map_err(ApiError)?;
        return Ok(Localized(File::attachment(
            book,
            XLSX,
            &format!("{name}.xlsx"),
        )));
    }
    // A BOM so Excel reads the accents as UTF-8.
    let csv = format!("\u{feff}{}", import::template_csv(language)).into_bytes();
    Ok(Localized(File::attachment(
        csv,
        "text/csv; charset=utf-8",
        &format!("{name}.csv"),
    )))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct LabelsQuery {
    /// Tracking codes, comma-separated.
    pub parcels: String,
    /// `a6` (default): one label per page; `a4`: four per page (either case; 422 otherwise).
    pub layout: Option<String>,
}

/// The labels as a PDF, opened by the web app in a pop-up window.
pub async fn labels(
    state: web::Data<AppState>,
    db: Db,
    caller: Scoped,
    DocumentLanguage(language): DocumentLanguage,
    query: web::Query<LabelsQuery>,
) -> ApiResult<File<Pdf>> {
    let query = query.into_inner();
    let company = state.settings.app_name.clone();
    let pdf = db
        .run(move |conn| {
            colivra_parcels::labels::labels_for(
                conn,
                caller.scope,
                &query.parcels,
                query.layout.as_deref(),
                &company,
                language,
            )
        })
        .await?;
    let name = language.pick("etiquettes.pdf", "labels.pdf", "ملصقات.pdf");
    Ok(File::inline(pdf, "application/pdf", name))
}

/// Every status with its label in the reader's language and what posting it needs.
pub async fn statuses(Lang(language): Lang) -> Localized<Items<StatusInfo>> {
    Localized(Items(colivra_parcels::status::catalog(language)))
}

pub async fn statistics(db: Db, caller: Scoped) -> ApiResult<Reply<DashboardFigures>> {
    db.read(move |conn| {
        Ok(DashboardFigures {
            figures: colivra_invoicing::dashboard::figures(conn, caller.scope)?,
            stock: colivra_inventory::dashboard::figures(conn, caller.scope)?,
        })
    })
    .await
    .map(Reply)
}

/// The public tracking look-up, limited per address.
/// A public page's look-up (tracking, a recipient's STOP), counted per caller's address: 30 a
/// minute, then 429 (keys are not to be guessed by trying).
pub fn public_look_up(state: &AppState, req: &HttpRequest) -> Result<(), ApiError> {
    let address = [super::session::peer_address(req)];
    if let Err(retry_after_seconds) = state.tracking_throttle.check(&address) {
        return Err(ApiError(AppError::TooManyAttempts {
            retry_after_seconds,
        }));
    }
    state.tracking_throttle.record(&address);
    Ok(())
}

pub async fn track(
    state: web::Data<AppState>,
    db: Db,
    req: HttpRequest,
    code: web::Path<String>,
) -> ApiResult<Reply<TrackingView>> {
    public_look_up(&state, &req)?;
    let code = code.into_inner();
    db.run(move |conn| colivra_parcels::tracking::track(conn, &code))
        .await
        .map(Reply)
}

/// `GET parcels/decisions`: the caller's parcels whose failed attempt waits for a decision,
/// each with its open decision (oldest due first with `?sort=…` as any list).
pub async fn decisions(
    state: web::Data<AppState>,
    db: Db,
    caller: Scoped,
    query: web::Query<Listing<ParcelSort>>,
    filters: web::Query<ParcelFilters>,
) -> ApiResult<Paged<colivra_parcels::decisions::DecisionView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    let memory = state.list_memory.clone();
    db.run(move |conn| {
        colivra_parcels::decisions::list(conn, caller.scope, &query, &filters, &memory)
    })
    .await
    .map(Paged)
}

/// `PUT parcels/{key}/decision`: the merchant's (or an admin's) decision on a failed attempt.
pub async fn decide(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<colivra_parcels::decisions::DecisionInput>,
) -> ApiResult<Reply<ParcelView>> {
    let (key, input, stock) = (key.into_inner(), input.0, db.stock());
    db.run(move |conn| {
        colivra_parcels::decisions::decide(
            conn,
            &*stock,
            caller.user.id,
            caller.user.role(),
            caller.scope,
            &key,
            &input,
        )
    })
    .await
    .map(Reply)
}

/// `POST tracking/{code}/decision`: the recipient's choice. Wrong codes and digits count
/// against the address and the code (5 in 15 minutes), and answer as an unknown code.
pub async fn recipient_decision(
    state: web::Data<AppState>,
    db: Db,
    req: HttpRequest,
    code: web::Path<String>,
    input: Json<colivra_parcels::decisions::RecipientDecisionInput>,
) -> ApiResult<Reply<TrackingView>> {
    let code = code.into_inner();
    let keys = [
        super::session::peer_address(&req),
        format!("code:{}", code.trim().to_uppercase()),
    ];
    if let Err(retry_after_seconds) = state.decision_throttle.check(&keys) {
        return Err(ApiError(AppError::TooManyAttempts {
            retry_after_seconds,
        }));
    }
    let (input, stock) = (input.0, db.stock());
    let decided = db
        .run(move |conn| {
            colivra_parcels::decisions::decide_as_recipient(conn, &*stock, &code, &input)
        })
        .await;
    if matches!(decided, Err(ApiError(AppError::NotFound))) {
        state.decision_throttle.record(&keys);
    }
    decided.map(Reply)
}

/// `POST parcels/{key}/calls`: a call the delivery person placed from his round.
pub async fn record_call(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<colivra_parcels::calls::ParcelCallInput>,
) -> ApiResult<Created<colivra_parcels::calls::ParcelCallView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| {
        colivra_parcels::calls::record(conn, caller.user.id, caller.scope, &key, &input)
    })
    .await
    .map(Created)
}
