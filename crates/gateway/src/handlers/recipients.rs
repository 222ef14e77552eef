//! Recipients' history across every merchant, and the company's policy on it (issue 40).

use actix_web::web;
use colivra_parcels::recipients::{self, RecipientHistoryView, RecipientPolicy};

use crate::api::{Db, Reply};
use crate::error::ApiResult;
use crate::extract::{Caller, Scoped};
use crate::middleware::edge::Json;

/// `GET recipients/{phone}/history`: the counts, and the caller's own parcels to that phone.
pub async fn history(
    db: Db,
    caller: Scoped,
    phone: web::Path<String>,
) -> ApiResult<Reply<RecipientHistoryView>> {
    let phone = phone.into_inner();
    db.run(move |conn| recipients::history(conn, caller.scope, &phone))
        .await
        .map(Reply)
}

pub async fn policy(db: Db) -> ApiResult<Reply<RecipientPolicy>> {
    db.run(recipients::policy).await.map(Reply)
}

pub async fn update_policy(
    db: Db,
    caller: Caller,
    input: Json<RecipientPolicy>,
) -> ApiResult<Reply<RecipientPolicy>> {
    let input = input.0;
    db.run(move |conn| recipients::update_policy(conn, caller.user.id, &input))
        .await
        .map(Reply)
}
