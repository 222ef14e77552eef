//! Delivery people and the cities each serves (admin `deliverymen` screen).

use actix_web::web;
use colivra_auth::couriers::{
    self, DeliveryAdminFilters, DeliveryAdminInput, DeliveryAdminView, DeliveryCityInput,
};

use crate::api::query::{DeliveryAdminSort, Listing};
use crate::api::{Created, Db, New, NoContent, Paged, Reply};
use crate::error::ApiResult;
use crate::extract::Caller;
use crate::middleware::edge::Json;

pub async fn list(
    db: Db,
    query: web::Query<Listing<DeliveryAdminSort>>,
    filters: web::Query<DeliveryAdminFilters>,
) -> ApiResult<Paged<DeliveryAdminView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    db.run(move |conn| couriers::list(conn, &query, &filters))
        .await
        .map(Paged)
}

pub async fn create(
    db: Db,
    caller: Caller,
    input: New<DeliveryAdminInput>,
) -> ApiResult<Created<DeliveryAdminView>> {
    let input = input.into_inner();
    db.run(move |conn| couriers::create(conn, caller.user.id, input))
        .await
        .map(Created)
}

pub async fn update(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
    input: Json<DeliveryAdminInput>,
) -> ApiResult<Reply<DeliveryAdminView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| couriers::update(conn, caller.user.id, &key, input))
        .await
        .map(Reply)
}

pub async fn delete(db: Db, caller: Caller, key: web::Path<String>) -> ApiResult<NoContent> {
    let key = key.into_inner();
    db.run(move |conn| couriers::delete(conn, &caller.user, &key))
        .await
        .map(|()| NoContent)
}

pub async fn add_city(
    db: Db,
    caller: Caller,
    input: New<DeliveryCityInput>,
) -> ApiResult<Created<DeliveryAdminView>> {
    let input = input.into_inner();
    db.run(move |conn| couriers::add_city(conn, caller.user.id, input))
        .await
        .map(Created)
}

pub async fn update_city(
    db: Db,
    caller: Caller,
    path: web::Path<(String, String)>,
    input: Json<DeliveryCityInput>,
) -> ApiResult<Reply<DeliveryAdminView>> {
    let ((person, city), input) = (path.into_inner(), input.into_inner());
    db.run(move |conn| couriers::update_city(conn, caller.user.id, &person, &city, input))
        .await
        .map(Reply)
}

pub async fn remove_city(
    db: Db,
    caller: Caller,
    path: web::Path<(String, String)>,
) -> ApiResult<NoContent> {
    let (person, city) = path.into_inner();
    db.run(move |conn| couriers::remove_city(conn, caller.user.id, &person, &city))
        .await
        .map(|()| NoContent)
}
