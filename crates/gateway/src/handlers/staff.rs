//! Staff accounts: `managers` (admin staff, or a merchant's team) and `admins` (full admins).
//! One set of handlers serves both collections; the route table binds the collection.

use actix_web::web;
use colivra_auth::staff::{self, Collection, StaffInput, StaffView};

use crate::api::query::{Listing, StaffSort};
use crate::api::{Created, Db, New, NoContent, Paged, Reply};
use crate::error::ApiResult;
use crate::extract::Caller;
use crate::middleware::edge::Json;

pub async fn list<const ADMINS: bool>(
    db: Db,
    caller: Caller,
    query: web::Query<Listing<StaffSort>>,
) -> ApiResult<Paged<StaffView>> {
    let query = query.into_inner().into_inner();
    db.run(move |conn| staff::list(conn, &caller.user, collection::<ADMINS>(), &query))
        .await
        .map(Paged)
}

pub async fn create<const ADMINS: bool>(
    db: Db,
    caller: Caller,
    input: New<StaffInput>,
) -> ApiResult<Created<StaffView>> {
    let input = input.into_inner();
    db.run(move |conn| staff::create(conn, &caller.user, collection::<ADMINS>(), input))
        .await
        .map(Created)
}

pub async fn update<const ADMINS: bool>(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
    input: Json<StaffInput>,
) -> ApiResult<Reply<StaffView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| staff::update(conn, &caller.user, collection::<ADMINS>(), &key, input))
        .await
        .map(Reply)
}

pub async fn delete<const ADMINS: bool>(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<NoContent> {
    let key = key.into_inner();
    db.run(move |conn| staff::delete(conn, &caller.user, collection::<ADMINS>(), &key))
        .await
        .map(|()| NoContent)
}

fn collection<const ADMINS: bool>() -> Collection {
    if ADMINS {
        Collection::Admins
    } else {
        Collection::Managers
    }
}
