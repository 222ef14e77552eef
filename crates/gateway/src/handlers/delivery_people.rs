//! Delivery people and the cities each serves (admin `deliverymen` screen).

use actix_web::web;
use colivra_auth::delivery_people::{
    self, DeliveryCityInput, DeliveryPersonFilters, DeliveryPersonInput, DeliveryPersonView,
};

use crate::api::query::{DeliveryPersonSort, Listing};
use crate::api::{Created, Db, New, NoContent, Paged, Reply};
use crate::error::ApiResult;
use crate::extract::Caller;
use crate::middleware::edge::Json;

pub async fn list(
    db: Db,
    query: web::Query<Listing<DeliveryPersonSort>>,
    filters: web::Query<DeliveryPersonFilters>,
) -> ApiResult<Paged<DeliveryPersonView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    db.read(move |conn| delivery_people::list(conn, &query, &filters))
        .await
        .map(Paged)
}

pub async fn create(
    db: Db,
    caller: Caller,
    input: New<DeliveryPersonInput>,
) -> ApiResult<Created<DeliveryPersonView>> {
    let input = input.into_inner();
    db.run(move |conn| delivery_people::create(conn, caller.user.id, input))
        .await
        .map(Created)
}

pub async fn update(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
    input: Json<DeliveryPersonInput>,
) -> ApiResult<Reply<DeliveryPersonView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| delivery_people::update(conn, caller.user.id, &key, input))
        .await
        .map(Reply)
}

pub async fn delete(db: Db, caller: Caller, key: web::Path<String>) -> ApiResult<NoContent> {
    let key = key.into_inner();
    db.run(move |conn| delivery_people::delete(conn, &caller.user, &key))
        .await
        .map(|()| NoContent)
}

pub async fn add_city(
    db: Db,
    caller: Caller,
    input: New<DeliveryCityInput>,
) -> ApiResult<Created<DeliveryPersonView>> {
    let input = input.into_inner();
    db.run(move |conn| delivery_people::add_city(conn, caller.user.id, input))
        .await
        .map(Created)
}

pub async fn update_city(
    db: Db,
    caller: Caller,
    path: web::Path<(String, String)>,
    input: Json<DeliveryCityInput>,
) -> ApiResult<Reply<DeliveryPersonView>> {
    let ((person, city), input) = (path.into_inner(), input.into_inner());
    db.run(move |conn| delivery_people::update_city(conn, caller.user.id, &person, &city, input))
        .await
        .map(Reply)
}

pub async fn remove_city(
    db: Db,
    caller: Caller,
    path: web::Path<(String, String)>,
) -> ApiResult<NoContent> {
    let (person, city) = path.into_inner();
    db.run(move |conn| delivery_people::remove_city(conn, caller.user.id, &person, &city))
        .await
        .map(|()| NoContent)
}

/// `GET delivery-admins/calls`: per delivery person, the failed attempts of a period recorded
/// without a call first.
pub async fn call_checks(
    db: Db,
    period: web::Query<colivra_core::time::Period>,
) -> ApiResult<Reply<colivra_parcels::calls::CallChecks>> {
    let period = period.into_inner();
    db.read(move |conn| colivra_parcels::calls::call_checks(conn, &period))
        .await
        .map(Reply)
}
