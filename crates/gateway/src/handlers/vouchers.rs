//! Pickup, exit and return vouchers: thin handlers over `colivra_vouchers`.

use actix_web::web;
use colivra_vouchers::exit::{self, ShipInput};
use colivra_vouchers::pickup::{self, PickupInput, ReceiveInput};
use colivra_vouchers::returns::{self, ReturnInput};
use colivra_vouchers::{list, pdf, view, Kind, VoucherDetail, VoucherFilters, VoucherView};

use crate::api::query::{Listing, VoucherSort};
use crate::api::{Created, Db, File, NoContent, Paged, Pdf, Reply};
use crate::error::ApiResult;
use crate::extract::{Caller, DocumentLanguage, Scoped};
use crate::middleware::edge::Json;
use crate::state::AppState;

/// The list of one kind of voucher in the caller's scope; `KIND` is 0 pickup, 1 exit, 2 return
/// (const generics take no enums), so one handler serves the three routes.
pub async fn list<const KIND: u8>(
    db: Db,
    caller: Scoped,
    query: web::Query<Listing<VoucherSort>>,
    filters: web::Query<VoucherFilters>,
) -> ApiResult<Paged<VoucherView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    db.read(move |conn| list::list(conn, caller.scope, kind(KIND), &query, &filters))
        .await
        .map(Paged)
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
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<Reply<VoucherDetail>> {
    let key = key.into_inner();
    db.run(move |conn| view::show(conn, caller.scope, kind(KIND), &key))
        .await
        .map(Reply)
}

pub async fn print<const KIND: u8>(
    state: web::Data<AppState>,
    db: Db,
    caller: Scoped,
    DocumentLanguage(language): DocumentLanguage,
    key: web::Path<String>,
) -> ApiResult<File<Pdf>> {
    let key = key.into_inner();
    let company = state.settings.app_name.clone();
    let file_name = format!("{}.pdf", key.trim().to_uppercase());
    let bytes = db
        .run(move |conn| pdf::voucher_pdf(conn, caller.scope, kind(KIND), &key, &company, language))
        .await?;
    Ok(File::inline(bytes, "application/pdf", &file_name))
}

pub async fn create_pickup(
    db: Db,
    caller: Scoped,
    input: Json<PickupInput>,
) -> ApiResult<Created<VoucherView>> {
    let input = input.into_inner();
    let stock = db.stock();
    db.run(move |conn| pickup::create(conn, &*stock, caller.user.id, caller.merchant()?, &input))
        .await
        .map(Created)
}

pub async fn add_to_pickup(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    input: Json<PickupInput>,
) -> ApiResult<Reply<VoucherDetail>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    let stock = db.stock();
    db.run(move |conn| {
        pickup::add(
            conn,
            &*stock,
            caller.user.id,
            caller.merchant()?,
            &key,
            &input,
        )
    })
    .await
    .map(Reply)
}

pub async fn remove_from_pickup(
    db: Db,
    caller: Scoped,
    parcel: web::Path<String>,
) -> ApiResult<Reply<VoucherView>> {
    let parcel = parcel.into_inner();
    let stock = db.stock();
    db.run(move |conn| {
        pickup::remove_parcel(conn, &*stock, caller.user.id, caller.merchant()?, &parcel)
    })
    .await
    .map(Reply)
}

pub async fn delete_pickup(db: Db, caller: Scoped, key: web::Path<String>) -> ApiResult<NoContent> {
    let key = key.into_inner();
    let stock = db.stock();
    db.run(move |conn| pickup::delete(conn, &*stock, caller.user.id, caller.merchant()?, &key))
        .await
        .map(|()| NoContent)
}

pub async fn receive_pickup(
    db: Db,
    caller: Caller,
    input: Json<ReceiveInput>,
) -> ApiResult<Reply<VoucherDetail>> {
    let input = input.into_inner();
    let stock = db.stock();
    db.run(move |conn| pickup::receive(conn, &*stock, caller.user.id, &input))
        .await
        .map(Reply)
}

pub async fn ship(
    db: Db,
    caller: Caller,
    input: Json<ShipInput>,
) -> ApiResult<Created<VoucherDetail>> {
    let input = input.into_inner();
    let stock = db.stock();
    db.run(move |conn| exit::ship(conn, &*stock, caller.user.id, &input))
        .await
        .map(Created)
}

pub async fn create_return(
    db: Db,
    caller: Scoped,
    input: Json<ReturnInput>,
) -> ApiResult<Created<VoucherDetail>> {
    let input = input.into_inner();
    let stock = db.stock();
    db.run(move |conn| returns::create(conn, &*stock, caller.user.id, caller.scope, &input))
        .await
        .map(Created)
}

pub async fn receive_return(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<Reply<VoucherDetail>> {
    let key = key.into_inner();
    let stock = db.stock();
    db.run(move |conn| returns::receive(conn, &*stock, caller.user.id, &key))
        .await
        .map(Reply)
}
