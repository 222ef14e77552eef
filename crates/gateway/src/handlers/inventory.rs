//! Stock (issue 14): thin handlers over `colivra_inventory`.

use actix_web::web;
use colivra_inventory::merchants::{
    self, InventoryMerchantView, MerchantDecision, MerchantFilters,
};
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

use crate::api::query::{Listing, MovementSort, ProductSort, Unsorted};
use crate::api::{
    Created, Csv, Db, File, Items, Localized, New, NoContent, Paged, Pdf, Reply, SheetOrForm,
    Upload,
};
use crate::error::ApiResult;
use crate::extract::{DocumentLanguage, Lang, Scoped};
use crate::middleware::edge::Json;
use crate::state::AppState;

/// What a product import created.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductImportResult {
    pub created: usize,
}

pub async fn types() -> Items<Labelled> {
    Items(colivra_inventory::labelled(colivra_inventory::TYPES))
}

pub async fn states() -> Items<Labelled> {
    Items(colivra_inventory::labelled(colivra_inventory::STATES))
}

pub async fn list_merchants(
    db: Db,
    caller: Scoped,
    query: web::Query<Listing<Unsorted>>,
    filters: web::Query<MerchantFilters>,
) -> ApiResult<Paged<InventoryMerchantView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    db.run(move |conn| merchants::list(conn, caller.scope, &query, &filters))
        .await
        .map(Paged)
}

pub async fn request_service(db: Db, caller: Scoped) -> ApiResult<Created<InventoryMerchantView>> {
    db.run(move |conn| merchants::request(conn, caller.user.id, caller.merchant()?))
        .await
        .map(Created)
}

pub async fn decide_merchant(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<MerchantDecision>,
) -> ApiResult<Reply<InventoryMerchantView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| merchants::decide(conn, caller.user.id, &key, &input))
        .await
        .map(Reply)
}

pub async fn list_products(
    db: Db,
    caller: Scoped,
    query: web::Query<Listing<ProductSort>>,
    filters: web::Query<InventoryFilters>,
) -> ApiResult<Paged<InventoryView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    db.read(move |conn| products::list(conn, caller.scope, &query, &filters))
        .await
        .map(Paged)
}

pub async fn create_product(
    db: Db,
    caller: Scoped,
    input: New<InventoryInput>,
) -> ApiResult<Created<InventoryView>> {
    let input = input.into_inner();
    db.run(move |conn| products::create(conn, caller.user.id, caller.merchant()?, &input))
        .await
        .map(Created)
}

pub async fn update_product(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<InventoryInput>,
) -> ApiResult<Reply<InventoryView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| products::update(conn, caller.user.id, caller.merchant()?, &key, &input))
        .await
        .map(Reply)
}

pub async fn show_product(
    db: Db,
    caller: Scoped,
    Lang(language): Lang,
    key: web::Path<String>,
) -> ApiResult<Localized<Reply<InventoryDetail>>> {
    let key = key.into_inner();
    db.run(move |conn| products::show(conn, caller.user.id, caller.scope, &key, language))
        .await
        .map(|detail| Localized(Reply(detail)))
}

/// The file: the `file` part of a multipart form, or the raw body (CSV or xlsx).
pub async fn import_products(
    db: Db,
    caller: Scoped,
    upload: Upload<SheetOrForm>,
) -> ApiResult<Created<ProductImportResult>> {
    let file = upload.file()?;
    db.run(move |conn| products::import(conn, caller.user.id, caller.merchant()?, &file))
        .await
        .map(|created| Created(ProductImportResult { created }))
}

pub async fn import_template() -> File<Csv> {
    // A BOM so Excel reads the accents as UTF-8.
    let csv = format!("\u{feff}{}", products::TEMPLATE_CSV).into_bytes();
    File::attachment(csv, "text/csv; charset=utf-8", "modele-import-produits.csv")
}

pub async fn list_movements(
    db: Db,
    caller: Scoped,
    query: web::Query<Listing<MovementSort>>,
    filters: web::Query<MovementFilters>,
) -> ApiResult<Paged<MovementView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    db.read(move |conn| movements::list(conn, caller.user.id, caller.scope, &query, &filters))
        .await
        .map(Paged)
}

pub async fn create_movement(
    db: Db,
    caller: Scoped,
    input: Json<MovementInput>,
) -> ApiResult<Created<MovementView>> {
    let input = input.into_inner();
    db.run(move |conn| movements::create(conn, caller.user.id, caller.scope, &input))
        .await
        .map(Created)
}

pub async fn decide_movement(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<MovementDecision>,
) -> ApiResult<Reply<MovementView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| movements::decide(conn, caller.user.id, &key, &input))
        .await
        .map(Reply)
}

pub async fn delete_movement(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<NoContent> {
    let key = key.into_inner();
    db.run(move |conn| movements::delete(conn, caller.user.id, caller.scope, &key))
        .await
        .map(|()| NoContent)
}

pub async fn create_entries(
    db: Db,
    caller: Scoped,
    input: Json<EntrySlipInput>,
) -> ApiResult<Created<EntrySlipView>> {
    let input = input.into_inner();
    db.run(move |conn| movements::create_slip(conn, caller.user.id, caller.merchant()?, &input))
        .await
        .map(Created)
}

pub async fn print_entries(
    state: web::Data<AppState>,
    db: Db,
    caller: Scoped,
    DocumentLanguage(language): DocumentLanguage,
    key: web::Path<String>,
) -> ApiResult<File<Pdf>> {
    let key = key.into_inner();
    let company = state.settings.app_name.clone();
    let file_name = format!(
        "{}-{}.pdf",
        language.pick("bon-entree", "entry-slip", "وصل-دخول"),
        key.trim()
    );
    let pdf = db
        .run(move |conn| {
            colivra_inventory::pdf::entry_slip_pdf(
                conn,
                caller.user.id,
                caller.scope,
                &key,
                &company,
                language,
            )
        })
        .await?;
    Ok(File::inline(pdf, "application/pdf", &file_name))
}
