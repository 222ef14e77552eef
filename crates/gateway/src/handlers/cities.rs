//! Cities and their fees.

use actix_web::web;
use colivra_parcels::cities::{self, City, CityFilters, CityInput, ServedCity};

use crate::api::query::{CitySort, Listing};
use crate::api::{Created, Db, Items, New, NoContent, Paged, Reply};
use crate::error::ApiResult;
use crate::extract::Caller;
use crate::middleware::edge::Json;

/// The served cities' names, for the registration form (no fees, no sign-in).
pub async fn served_cities(db: Db) -> ApiResult<Items<ServedCity>> {
    db.run(cities::served).await.map(Items)
}

pub async fn list_cities(
    db: Db,
    caller: Caller,
    query: web::Query<Listing<CitySort>>,
    filters: web::Query<CityFilters>,
) -> ApiResult<Paged<City>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    let role = caller.user.role();
    db.run(move |conn| cities::list_for(conn, role, &query, &filters))
        .await
        .map(Paged)
}

pub async fn create_city(
    db: Db,
    caller: Caller,
    input: New<CityInput>,
) -> ApiResult<Created<City>> {
    let input = input.into_inner();
    db.run(move |conn| cities::create(conn, caller.user.id, input))
        .await
        .map(Created)
}

pub async fn update_city(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
    input: Json<CityInput>,
) -> ApiResult<Reply<City>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| cities::update(conn, caller.user.id, &key, input))
        .await
        .map(Reply)
}

pub async fn delete_city(db: Db, caller: Caller, key: web::Path<String>) -> ApiResult<NoContent> {
    let key = key.into_inner();
    db.run(move |conn| cities::delete(conn, caller.user.id, &key))
        .await
        .map(|()| NoContent)
}
