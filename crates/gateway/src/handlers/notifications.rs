//! E-mails that reach people: the forgotten password's link and its use, one's notices, and the
//! admins' log of messages; recipients' SMS or WhatsApp messages: the company's switch and the
//! recipient's STOP.

use actix_web::{web, HttpRequest};
use colivra_auth::password_links;
use colivra_notifications::log::{
    self as messages_log, OutboundMessageFilters, OutboundMessageView,
};
use colivra_notifications::preferences::{self, NoticeSetting, NoticeSettingsInput};
use colivra_notifications::recipients::{self, RecipientMessagesInput, RecipientMessagesSetting};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::query::Paging;
use crate::api::{Bare, BareAccepted, Db, Items, Paged, Reply};
use crate::error::ApiResult;
use crate::extract::Caller;
use crate::handlers::session::peer_address;
use crate::middleware::edge::Json;
use crate::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ForgottenPasswordInput {
    /// The account's e-mail address.
    #[serde(default)]
    #[schema(required = true, max_length = 254)]
    pub email: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetPasswordInput {
    /// The link's token (`?jeton=`).
    #[serde(default)]
    #[schema(required = true, max_length = 200)]
    pub token: String,
    #[serde(default)]
    #[schema(required = true, max_length = 128)]
    pub password: String,
    pub password_confirmation: Option<String>,
}

/// What was done, in words.
#[derive(Debug, Serialize, ToSchema)]
pub struct DoneMessage {
    pub message: String,
}

/// `POST /api/password/forgotten`: 202 whether the address is an account or not.
pub async fn forgotten(
    db: Db,
    req: HttpRequest,
    input: Json<ForgottenPasswordInput>,
) -> ApiResult<BareAccepted<DoneMessage>> {
    let (email, address) = (input.into_inner().email, peer_address(&req));
    db.run(move |conn| password_links::request_reset(conn, &email, &address))
        .await?;
    Ok(BareAccepted(DoneMessage {
        message: "Si un compte existe pour cette adresse, un e-mail vient de lui être envoyé."
            .to_owned(),
    }))
}

/// `POST /api/password/reset`: the link's new password.
pub async fn reset(db: Db, input: Json<ResetPasswordInput>) -> ApiResult<Bare<DoneMessage>> {
    let input = input.into_inner();
    db.run(move |conn| {
        password_links::reset(
            conn,
            &input.token,
            &input.password,
            input.password_confirmation.as_deref(),
        )
    })
    .await?;
    Ok(Bare(DoneMessage {
        message: "Mot de passe changé : connectez-vous avec le nouveau.".to_owned(),
    }))
}

/// `GET /api/users/notices`.
pub async fn notices(db: Db, caller: Caller) -> ApiResult<Items<NoticeSetting>> {
    let (user_id, role) = (caller.user.id, caller.user.role());
    db.run(move |conn| preferences::get(conn, user_id, role))
        .await
        .map(|settings| Items(settings.data))
}

/// `PUT /api/users/notices`.
pub async fn set_notices(
    db: Db,
    caller: Caller,
    input: Json<NoticeSettingsInput>,
) -> ApiResult<Items<NoticeSetting>> {
    let input = input.into_inner();
    db.run(move |conn| {
        let user = &caller.user;
        preferences::set(conn, user.id, &user.key, user.role(), &input)
    })
    .await
    .map(|settings| Items(settings.data))
}

/// `GET /api/messages`: the admins' log.
pub async fn list(
    db: Db,
    query: web::Query<Paging>,
    filters: web::Query<OutboundMessageFilters>,
) -> ApiResult<Paged<OutboundMessageView>> {
    let (page, filters) = (query.into_inner().into_inner().page(), filters.into_inner());
    db.read(move |conn| messages_log::list(conn, &filters, &page))
        .await
        .map(Paged)
}

/// `POST /api/messages/{key}/resend`.
pub async fn resend(
    db: Db,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<Reply<OutboundMessageView>> {
    let (actor, key) = (caller.user.id, key.into_inner());
    db.run(move |conn| messages_log::resend(conn, actor, &key))
        .await
        .map(Reply)
}

/// `GET /api/settings/recipient-messages`.
pub async fn recipient_messages(db: Db) -> ApiResult<Reply<RecipientMessagesSetting>> {
    db.run(recipients::setting).await.map(Reply)
}

/// `PUT /api/settings/recipient-messages`.
pub async fn set_recipient_messages(
    db: Db,
    caller: Caller,
    input: Json<RecipientMessagesInput>,
) -> ApiResult<Reply<RecipientMessagesSetting>> {
    let input = input.into_inner();
    db.run(move |conn| recipients::set_setting(conn, caller.user.id, &input))
        .await
        .map(Reply)
}

/// `POST /api/recipient-messages/{key}/stop`: the link at the end of a recipient's message.
pub async fn stop_recipient_messages(
    db: Db,
    state: web::Data<AppState>,
    req: HttpRequest,
    key: web::Path<String>,
) -> ApiResult<Bare<DoneMessage>> {
    crate::handlers::parcels::public_look_up(&state, &req)?;
    let key = key.into_inner();
    db.run(move |conn| recipients::stop(conn, &key)).await?;
    Ok(Bare(DoneMessage {
        message: "Ce numéro ne recevra plus nos messages.".to_owned(),
    }))
}
