use crate::middleware::edge::Json;
use actix_web::{web, HttpResponse};
use colivra_auth::tokens::{self, CreateToken, TokenView};
use colivra_core::{ListQuery, Paginated};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ApiResult;
use crate::extract::Caller;
use crate::state::AppState;

pub async fn create_token(
    state: web::Data<AppState>,
    caller: Caller,
    input: Json<CreateToken>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let created = crate::db::run(&state.pool, move |conn| {
        tokens::create(conn, &caller.user, input)
    })
    .await?;
    Ok(HttpResponse::Created().json(created))
}

/// `{data: [...], meta}` of personal tokens.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenList {
    pub data: Vec<TokenView>,
    pub meta: colivra_core::PageMeta,
}

pub async fn list_tokens(
    state: web::Data<AppState>,
    caller: Caller,
    query: web::Query<ListQuery>,
) -> ApiResult<HttpResponse> {
    let page = query.page();
    let user_id = caller.user.id;
    let list: Paginated<TokenView> =
        crate::db::run(&state.pool, move |conn| tokens::list(conn, user_id, &page)).await?;
    Ok(HttpResponse::Ok().json(list))
}

pub async fn revoke_token(
    state: web::Data<AppState>,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let user_id = caller.user.id;
    let key = key.into_inner();
    crate::db::run(&state.pool, move |conn| tokens::revoke(conn, user_id, &key)).await?;
    Ok(HttpResponse::NoContent().finish())
}
