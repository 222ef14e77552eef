//! Personal API tokens (shown once, stored hashed).

use actix_web::web;
use colivra_auth::tokens::{self, CreateToken, CreatedToken, TokenView};

use crate::api::query::Paging;
use crate::api::{BareCreated, Db, NoContent, Paged};
use crate::error::ApiResult;
use crate::extract::Caller;
use crate::middleware::edge::OptionalJson;

pub async fn create_token(
    db: Db,
    caller: Caller,
    input: OptionalJson<CreateToken>,
) -> ApiResult<BareCreated<CreatedToken>> {
    let input = input.into_inner();
    db.run(move |conn| tokens::create(conn, &caller.user, input))
        .await
        .map(BareCreated)
}

pub async fn list_tokens(
    db: Db,
    caller: Caller,
    query: web::Query<Paging>,
) -> ApiResult<Paged<TokenView>> {
    let (page, user_id) = (query.into_inner().into_inner().page(), caller.user.id);
    db.run(move |conn| tokens::list(conn, user_id, &page))
        .await
        .map(Paged)
}

pub async fn revoke_token(db: Db, caller: Caller, key: web::Path<String>) -> ApiResult<NoContent> {
    let (user_id, key) = (caller.user.id, key.into_inner());
    db.run(move |conn| tokens::revoke(conn, user_id, &key))
        .await
        .map(|()| NoContent)
}
