//! Shops, their RIB changes, and the company's legal identity.

use actix_web::web;
use colivra_parcels::company::{self, CompanyInput, CompanyView};
use colivra_parcels::shops::{
    self, BankAccountChangeView, BankAccountDecisionInput, ChangeFilters, ShopFilters, ShopInput,
    ShopView,
};

use crate::api::query::{Listing, Paging, ShopSort};
use crate::api::{
    Certificate, CertificateBody, Created, Db, File, New, OkOrAccepted, Paged, Reply, Upload,
};
use crate::error::ApiResult;
use crate::extract::{Caller, Scoped};
use crate::middleware::edge::Json;

pub async fn list_shops(
    db: Db,
    caller: Scoped,
    query: web::Query<Listing<ShopSort>>,
    filters: web::Query<ShopFilters>,
) -> ApiResult<Paged<ShopView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    db.run(move |conn| shops::list(conn, caller.scope, &query, &filters))
        .await
        .map(Paged)
}

pub async fn create_shop(
    db: Db,
    caller: Scoped,
    input: New<ShopInput>,
) -> ApiResult<Created<ShopView>> {
    let input = input.into_inner();
    db.run(move |conn| shops::create(conn, caller.user.id, caller.merchant()?, input))
        .await
        .map(Created)
}

/// A merchant's new RIB waits for an admin: 202 with the shop and its pending change.
pub async fn update_shop(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<ShopInput>,
) -> ApiResult<OkOrAccepted<ShopView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let updated = db
        .run(move |conn| shops::update(conn, caller.user.id, caller.scope, &key, input))
        .await?;
    Ok(match updated.change_requested {
        true => OkOrAccepted::Accepted(updated.shop),
        false => OkOrAccepted::Done(updated.shop),
    })
}

/// The admin's list of RIB changes (`?status=pending`: the work queue).
pub async fn list_bank_account_changes(
    db: Db,
    query: web::Query<Paging>,
    filters: web::Query<ChangeFilters>,
) -> ApiResult<Paged<BankAccountChangeView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    db.run(move |conn| shops::list_changes(conn, &query, &filters))
        .await
        .map(Paged)
}

/// The shop's merchant attaches the bank's certificate to his pending RIB change (the body: a
/// PDF, JPEG or PNG of 2 MB at most).
pub async fn attach_bank_account_certificate(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    file: Upload<CertificateBody>,
) -> ApiResult<Reply<BankAccountChangeView>> {
    let (key, store) = (key.into_inner(), db.proofs());
    let merchant = caller.merchant()?;
    db.run(move |conn| {
        let bytes = file.file()?;
        shops::attach_certificate(conn, &store, merchant, caller.user.id, &key, &bytes)
    })
    .await
    .map(Reply)
}

/// A RIB change's certificate, for the shop's merchant and admins (never cached).
pub async fn bank_account_certificate(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<File<Certificate>> {
    let (key, store) = (key.into_inner(), db.proofs());
    let name = format!("attestation-rib-{key}");
    db.run(move |conn| shops::certificate(conn, &store, caller.scope, &key))
        .await
        .map(|(bytes, media_type)| File::inline(bytes, media_type, &name))
}

/// An admin approves or refuses a pending RIB change.
pub async fn decide_bank_account_change(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
    input: Json<BankAccountDecisionInput>,
) -> ApiResult<Reply<BankAccountChangeView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| shops::decide(conn, caller.user.id, &key, &input))
        .await
        .map(Reply)
}

/// The company's legal identity, as the admin's settings screen edits it.
pub async fn company_settings(db: Db) -> ApiResult<Reply<CompanyView>> {
    db.run(|conn| company::identity(conn).map(CompanyView::from))
        .await
        .map(Reply)
}

pub async fn update_company_settings(
    db: Db,
    caller: Caller,
    input: Json<CompanyInput>,
) -> ApiResult<Reply<CompanyView>> {
    let input = input.into_inner();
    db.run(move |conn| company::update(conn, caller.user.id, &input))
        .await
        .map(Reply)
}
