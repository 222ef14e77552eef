//! Registration, one's profile, and the admin's merchant accounts.

use actix_session::Session;
use actix_web::web;
use colivra_auth::accounts::{self, RegisterMerchant, UpdateProfile};
use colivra_auth::merchants::{self, MerchantInput, MerchantView};
use colivra_auth::users::{self, LanguageSetting};
use colivra_auth::{UserData, UserView};
use colivra_core::AppError;

use crate::api::query::{Listing, MerchantSort};
use crate::api::{BareCreated, Db, NoContent, Paged, Reply};
use crate::error::ApiResult;
use crate::extract::Caller;
use crate::middleware::authorize::SESSION_USER_ID;
use crate::middleware::edge::Json;

/// Registration signs the new merchant in (inactive: he lands on the activation screen).
pub async fn register_merchant(
    db: Db,
    session: Session,
    input: Json<RegisterMerchant>,
) -> ApiResult<BareCreated<UserView>> {
    let input = input.into_inner();
    let user = db
        .run(move |conn| accounts::register_merchant(conn, input))
        .await?;
    session.renew();
    session
        .insert(SESSION_USER_ID, user.id)
        .map_err(AppError::internal)?;
    tracing::info!(target: "colivra::auth", event = "client_registered", user = %user.key);
    // A new account has no photo yet.
    Ok(BareCreated(user.view(None)))
}

pub async fn update_profile(
    db: Db,
    session: Session,
    caller: Caller,
    input: Json<UpdateProfile>,
) -> ApiResult<Reply<UserData>> {
    let (input, user_id) = (input.into_inner(), caller.user.id);
    let updated = db
        .run(move |conn| accounts::update_profile(conn, user_id, input))
        .await?;
    if updated.password_changed {
        // Every session of the user is gone; this one continues under a new id.
        session.renew();
        tracing::info!(target: "colivra::auth", event = "password_changed", user = %updated.user.key);
    }
    Ok(Reply(updated.data))
}

/// Keeps the web app's language with the caller's account (it follows him to another device).
pub async fn set_language(
    db: Db,
    caller: Caller,
    input: Json<LanguageSetting>,
) -> ApiResult<NoContent> {
    let (user_id, setting) = (caller.user.id, input.into_inner());
    db.run(move |conn| users::set_language(conn, user_id, setting))
        .await
        .map(|()| NoContent)
}

/// Edits a merchant: activation, details, permissions.
pub async fn update_merchant(
    db: Db,
    caller: Caller,
    merchant: web::Path<String>,
    input: Json<MerchantInput>,
) -> ApiResult<Reply<MerchantView>> {
    let (merchant, input) = (merchant.into_inner(), input.into_inner());
    db.run(move |conn| merchants::update_merchant(conn, &caller.user, &merchant, input))
        .await
        .map(|user| Reply(MerchantView::from(user)))
}

pub async fn delete_merchant(
    db: Db,
    caller: Caller,
    merchant: web::Path<String>,
) -> ApiResult<NoContent> {
    let merchant = merchant.into_inner();
    db.run(move |conn| merchants::delete_merchant(conn, &caller.user, &merchant))
        .await
        .map(|()| NoContent)
}

/// Merchant accounts for the admin `clients` screen: tabs `?status=new|activated|all`.
pub async fn list_merchants(
    db: Db,
    query: web::Query<Listing<MerchantSort>>,
    filters: web::Query<accounts::MerchantFilters>,
) -> ApiResult<Paged<MerchantView>> {
    let (query, filters) = (query.into_inner().into_inner(), filters.into_inner());
    db.read(move |conn| merchants::list(conn, &query, &filters))
        .await
        .map(Paged)
}
