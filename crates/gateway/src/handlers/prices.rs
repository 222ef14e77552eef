//! Merchants' own prices per city, and a merchant's effective price list.

use actix_web::web;
use colivra_parcels::prices::{self, CostFilters, CostInput, CostView, EffectivePrice};

use crate::api::query::{CostSort, Listing, PriceSort};
use crate::api::{Created, Db, New, NoContent, Paged, Reply};
use crate::error::ApiResult;
use crate::extract::{Caller, Scoped};
use crate::middleware::edge::Json;

pub async fn list_costs(
    db: Db,
    query: web::Query<Listing<CostSort>>,
    filters: web::Query<CostFilters>,
) -> ApiResult<Paged<CostView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    db.run(move |conn| prices::list_costs(conn, &query, &filters))
        .await
        .map(Paged)
}

pub async fn create_cost(
    db: Db,
    caller: Caller,
    input: New<CostInput>,
) -> ApiResult<Created<CostView>> {
    let input = input.into_inner();
    db.run(move |conn| prices::create_cost_for_merchant(conn, caller.user.id, input))
        .await
        .map(Created)
}

pub async fn update_cost(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
    input: Json<CostInput>,
) -> ApiResult<Reply<CostView>> {
    let (key, input) = (key.into_inner(), input.into_inner());
    db.run(move |conn| prices::update_cost(conn, caller.user.id, &key, input))
        .await
        .map(Reply)
}

pub async fn delete_cost(db: Db, caller: Caller, key: web::Path<String>) -> ApiResult<NoContent> {
    let key = key.into_inner();
    db.run(move |conn| prices::delete_cost(conn, caller.user.id, &key))
        .await
        .map(|()| NoContent)
}

/// The caller's merchant account's effective price for every active city.
pub async fn my_pricing(
    db: Db,
    caller: Scoped,
    query: web::Query<Listing<PriceSort>>,
) -> ApiResult<Paged<EffectivePrice>> {
    let query = query.into_inner().into_inner();
    db.run(move |conn| prices::effective_prices(conn, caller.merchant()?, &query))
        .await
        .map(Paged)
}
