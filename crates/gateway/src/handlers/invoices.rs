//! Client and delivery invoices: thin handlers over `colivra_invoicing`. The list, show, lines
//! and PDF handlers serve both families: `F` is `MerchantInvoices` or `DeliveryInvoices`.

use actix_web::web;
use colivra_invoicing::delivery::{
    self, DeliveryInvoiceInput, DeliveryInvoiceUpdate, UnpaidDeliveryPerson,
};
use colivra_invoicing::lines::{self, InvoiceLines};
use colivra_invoicing::merchant::{
    self, MerchantInvoiceInput, MerchantInvoiceUpdate, TransferFilters, UnpaidShop,
    UnpaidShopFilters,
};
use colivra_invoicing::view::{self, Family};
use colivra_invoicing::{DeliveryInvoiceView, InvoiceFilters, MerchantInvoiceView};

use crate::api::query::{InvoiceSort, Listing, Unsorted};
use crate::api::{Bare, Created, Csv, Db, File, NoContent, Paged, Pdf, Reply};
use crate::error::ApiResult;
use crate::extract::{Caller, DocumentLanguage, Scoped};
use crate::middleware::edge::Json;
use crate::state::AppState;

pub async fn unpaid_shops(
    db: Db,
    invoice_type: web::Path<String>,
    query: web::Query<Listing<Unsorted>>,
    filters: web::Query<UnpaidShopFilters>,
) -> ApiResult<Paged<UnpaidShop>> {
    let (invoice_type, query, filters) = (
        invoice_type.into_inner(),
        query.into_inner().into_inner(),
        filters.into_inner(),
    );
    db.run(move |conn| merchant::unpaid_shops(conn, &invoice_type, &query, &filters))
        .await
        .map(Paged)
}

pub async fn unpaid_shop_lines(
    db: Db,
    path: web::Path<(String, String)>,
) -> ApiResult<Bare<InvoiceLines>> {
    let (invoice_type, shop) = path.into_inner();
    db.run(move |conn| merchant::unpaid_lines(conn, &invoice_type, &shop))
        .await
        .map(|found| Bare(found.into()))
}

pub async fn create_merchant_invoice(
    db: Db,
    caller: Caller,
    input: Json<MerchantInvoiceInput>,
) -> ApiResult<Created<MerchantInvoiceView>> {
    let input = input.into_inner();
    db.run(move |conn| merchant::create(conn, caller.user.id, &input))
        .await
        .map(Created)
}

pub async fn update_merchant_invoice(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
    input: Json<MerchantInvoiceUpdate>,
) -> ApiResult<Reply<MerchantInvoiceView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| merchant::update(conn, caller.user.id, &key, &input))
        .await
        .map(Reply)
}

pub async fn delete_merchant_invoice(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<NoContent> {
    let key = key.into_inner();
    db.run(move |conn| merchant::delete(conn, caller.user.id, &key))
        .await
        .map(|()| NoContent)
}

/// The family's invoices in the caller's scope.
pub async fn list<F: Family>(
    db: Db,
    caller: Scoped,
    DocumentLanguage(reader): DocumentLanguage,
    query: web::Query<Listing<InvoiceSort>>,
    filters: web::Query<InvoiceFilters>,
) -> ApiResult<Paged<F::View>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    db.read(move |conn| view::list_of::<F>(conn, caller.scope, &query, &filters, reader))
        .await
        .map(Paged)
}

pub async fn show<F: Family>(
    db: Db,
    caller: Scoped,
    DocumentLanguage(reader): DocumentLanguage,
    key: web::Path<String>,
) -> ApiResult<Reply<F::View>> {
    let key = key.into_inner();
    db.run(move |conn| view::show_of::<F>(conn, caller.scope, &key, reader))
        .await
        .map(Reply)
}

pub async fn invoice_lines<F: Family>(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<Bare<InvoiceLines>> {
    let key = key.into_inner();
    db.run(move |conn| lines::invoice_lines(conn, caller.scope, F::MERCHANT, &key))
        .await
        .map(Bare)
}

pub async fn print<F: Family>(
    state: web::Data<AppState>,
    db: Db,
    caller: Scoped,
    DocumentLanguage(reader): DocumentLanguage,
    key: web::Path<String>,
) -> ApiResult<File<Pdf>> {
    let key = key.into_inner();
    let company = state.settings.app_name.clone();
    let file_name = format!("{}.pdf", key.trim().to_uppercase());
    let bytes = db
        .run(move |conn| {
            colivra_invoicing::pdf::invoice_pdf(
                conn,
                caller.scope,
                F::MERCHANT,
                &key,
                &company,
                reader,
            )
        })
        .await?;
    Ok(File::inline(bytes, "application/pdf", &file_name))
}

/// The bank-transfer batch as a CSV download; `X-Skipped-Invoices` counts those without a RIB,
/// `X-Blocked-Invoices` those of merchants who owe the company.
pub async fn transfers(db: Db, filters: web::Query<TransferFilters>) -> ApiResult<File<Csv>> {
    let filters = filters.into_inner();
    let batch = db
        .run(move |conn| merchant::transfers(conn, &filters))
        .await?;
    Ok(File::attachment(
        batch.csv.into_bytes(),
        "text/csv; charset=utf-8",
        "virements-clients.csv",
    )
    .header("x-skipped-invoices", batch.skipped.to_string())
    .header("x-blocked-invoices", batch.blocked.to_string()))
}

pub async fn unpaid_delivery_people(
    db: Db,
    query: web::Query<Listing<Unsorted>>,
) -> ApiResult<Paged<UnpaidDeliveryPerson>> {
    let query = query.into_inner().into_inner();
    db.run(move |conn| delivery::unpaid_delivery_people(conn, &query))
        .await
        .map(Paged)
}

pub async fn unpaid_delivery_lines(
    db: Db,
    caller: Scoped,
    delivery_person: web::Path<String>,
) -> ApiResult<Bare<InvoiceLines>> {
    let delivery_person = delivery_person.into_inner();
    db.run(move |conn| delivery::unpaid_lines(conn, caller.scope, &delivery_person))
        .await
        .map(|found| Bare(found.into()))
}

pub async fn create_delivery_invoice(
    db: Db,
    caller: Scoped,
    input: Json<DeliveryInvoiceInput>,
) -> ApiResult<Created<DeliveryInvoiceView>> {
    let input = input.into_inner();
    db.run(move |conn| delivery::create(conn, caller.user.id, caller.scope, &input))
        .await
        .map(Created)
}

pub async fn update_delivery_invoice(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
    input: Json<DeliveryInvoiceUpdate>,
) -> ApiResult<Reply<DeliveryInvoiceView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| delivery::update(conn, caller.user.id, &key, &input))
        .await
        .map(Reply)
}

pub async fn remove_delivery_parcel(
    db: Db,
    caller: Scoped,
    parcel: web::Path<String>,
) -> ApiResult<Reply<DeliveryInvoiceView>> {
    let parcel = parcel.into_inner();
    db.run(move |conn| delivery::remove_parcel(conn, caller.user.id, caller.scope, &parcel))
        .await
        .map(Reply)
}

pub async fn delete_delivery_invoice(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<NoContent> {
    let key = key.into_inner();
    db.run(move |conn| delivery::delete(conn, caller.user.id, caller.scope, &key))
        .await
        .map(|()| NoContent)
}
