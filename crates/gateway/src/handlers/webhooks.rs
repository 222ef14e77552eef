//! A merchant's webhook endpoints and their delivery log.

use actix_web::web;
use colivra_webhooks::deliveries::{self, DeliveryView};
use colivra_webhooks::endpoints::{self, CreatedWebhook, WebhookInput, WebhookView};

use crate::api::query::Paging;
use crate::api::{Accepted, Created, Db, New, NoContent, Paged, Reply};
use crate::error::ApiResult;
use crate::extract::Scoped;
use crate::middleware::edge::Json;
use crate::state::AppState;

pub async fn list(
    db: Db,
    caller: Scoped,
    query: web::Query<Paging>,
) -> ApiResult<Paged<WebhookView>> {
    let (merchant, page) = (caller.merchant()?, query.into_inner().into_inner().page());
    db.run(move |conn| endpoints::list(conn, merchant, &page))
        .await
        .map(Paged)
}

pub async fn create(
    db: Db,
    caller: Scoped,
    state: web::Data<AppState>,
    input: New<WebhookInput>,
) -> ApiResult<Created<CreatedWebhook>> {
    let (merchant, actor, input) = (caller.merchant()?, caller.user.id, input.into_inner());
    let allow_private = state.settings.webhook_allow_private;
    db.run(move |conn| endpoints::create(conn, actor, merchant, &input, allow_private))
        .await
        .map(Created)
}

pub async fn update(
    db: Db,
    caller: Scoped,
    state: web::Data<AppState>,
    key: web::Path<String>,
    input: Json<WebhookInput>,
) -> ApiResult<Reply<WebhookView>> {
    let (merchant, actor) = (caller.merchant()?, caller.user.id);
    let (key, input) = (key.into_inner(), input.into_inner());
    let allow_private = state.settings.webhook_allow_private;
    db.run(move |conn| endpoints::update(conn, actor, merchant, &key, &input, allow_private))
        .await
        .map(Reply)
}

pub async fn delete(db: Db, caller: Scoped, key: web::Path<String>) -> ApiResult<NoContent> {
    let (merchant, actor, key) = (caller.merchant()?, caller.user.id, key.into_inner());
    db.run(move |conn| endpoints::delete(conn, actor, merchant, &key))
        .await
        .map(|()| NoContent)
}

pub async fn send_test(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<Accepted<DeliveryView>> {
    let (merchant, actor, key) = (caller.merchant()?, caller.user.id, key.into_inner());
    db.run(move |conn| deliveries::send_test(conn, actor, merchant, &key))
        .await
        .map(Accepted)
}

pub async fn deliveries(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
    query: web::Query<Paging>,
) -> ApiResult<Paged<DeliveryView>> {
    let (merchant, key) = (caller.merchant()?, key.into_inner());
    let page = query.into_inner().into_inner().page();
    db.run(move |conn| deliveries::list(conn, merchant, &key, &page))
        .await
        .map(Paged)
}

pub async fn retry(
    db: Db,
    caller: Scoped,
    key: web::Path<String>,
) -> ApiResult<Accepted<DeliveryView>> {
    let (merchant, actor, key) = (caller.merchant()?, caller.user.id, key.into_inner());
    db.run(move |conn| deliveries::retry(conn, actor, merchant, &key))
        .await
        .map(Accepted)
}
