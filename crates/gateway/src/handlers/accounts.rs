use crate::middleware::edge::Json;
use actix_session::Session;
use actix_web::{web, HttpResponse};
use colivra_auth::accounts::{self, RegisterClient, UpdateProfile};
use colivra_auth::merchants::{self, ClientInput};
use colivra_auth::{User, UserData};
use colivra_core::{AppError, Role};
use serde::Serialize;
use utoipa::ToSchema;

use super::Data;
use crate::error::ApiResult;
use crate::extract::Caller;
use crate::middleware::authorize::SESSION_USER_ID;
use crate::state::AppState;

/// Registration signs the new merchant in (inactive: he lands on the activation screen).
pub async fn register_client(
    state: web::Data<AppState>,
    session: Session,
    input: Json<RegisterClient>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let user = crate::db::run(&state.pool, move |conn| {
        accounts::register_client(conn, input)
    })
    .await?;
    session.renew();
    session
        .insert(SESSION_USER_ID, user.id)
        .map_err(AppError::internal)?;
    tracing::info!(target: "colivra::auth", event = "client_registered", user = %user.key);
    Ok(HttpResponse::Created().json(user.view()))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserDataResponse {
    pub data: UserData,
}

pub async fn update_profile(
    state: web::Data<AppState>,
    session: Session,
    caller: Caller,
    input: Json<UpdateProfile>,
) -> ApiResult<HttpResponse> {
    let input = input.into_inner();
    let user_id = caller.user.id;
    let updated = crate::db::run(&state.pool, move |conn| {
        accounts::update_profile(conn, user_id, input)
    })
    .await?;
    if updated.password_changed {
        // Every session of the user is gone; this one continues under a new id.
        session.renew();
        tracing::info!(target: "colivra::auth", event = "password_changed", user = %updated.user.key);
    }
    Ok(HttpResponse::Ok().json(Data::new(updated.user.data())))
}

/// A merchant account as the admin screens see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientView {
    pub key: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    pub company: Option<String>,
    pub city: Option<String>,
    /// The merchant's ICE (15 digits), printed on his invoices.
    pub ice: Option<String>,
    pub active: bool,
    pub user_role: Role,
    /// Route names of the client menu he may use, in menu order.
    pub permissions: Vec<String>,
    #[serde(serialize_with = "colivra_core::time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: chrono::NaiveDateTime,
}

impl From<User> for ClientView {
    fn from(user: User) -> Self {
        ClientView {
            user_role: user.role(),
            permissions: user.permissions().into_iter().map(str::to_owned).collect(),
            key: user.key,
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email,
            phone: user.phone,
            company: user.company,
            city: user.city,
            ice: user.ice,
            active: user.active,
            created_at: user.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientResponse {
    pub data: ClientView,
}

/// Edits a merchant: activation, details, permissions.
pub async fn update_client(
    state: web::Data<AppState>,
    caller: Caller,
    client: web::Path<String>,
    input: Json<ClientInput>,
) -> ApiResult<HttpResponse> {
    let (client, input) = (client.into_inner(), input.into_inner());
    let user = crate::db::run(&state.pool, move |conn| {
        merchants::update_client(conn, &caller.user, &client, input)
    })
    .await?;
    Ok(HttpResponse::Ok().json(Data::new(ClientView::from(user))))
}

pub async fn delete_client(
    state: web::Data<AppState>,
    caller: Caller,
    client: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let client = client.into_inner();
    crate::db::run(&state.pool, move |conn| {
        merchants::delete_client(conn, &caller.user, &client)
    })
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientList {
    pub data: Vec<ClientView>,
    pub meta: colivra_core::PageMeta,
}

/// Merchant accounts for the admin `clients` screen: tabs `?status=new|activated|all`.
pub async fn list_clients(
    state: web::Data<AppState>,
    query: web::Query<colivra_core::ListQuery>,
    filters: web::Query<accounts::ClientFilters>,
) -> ApiResult<HttpResponse> {
    let (query, filters) = (query.into_inner(), filters.into_inner());
    let page = crate::db::run(&state.pool, move |conn| {
        accounts::list_clients(conn, &query, &filters)
    })
    .await?;
    Ok(HttpResponse::Ok().json(ClientList {
        data: page.data.into_iter().map(ClientView::from).collect(),
        meta: page.meta,
    }))
}
