//! Sign-in and sign-out, the CSRF cookie, one's sessions and the signed-in user.

use actix_session::Session;
use actix_web::{web, HttpRequest};
use colivra_auth::{accounts, sessions, users, UserView};
use colivra_core::AppError;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::reply::WithCookies;
use crate::api::{Bare, Db, Items, NoContent};
use crate::error::{ApiError, ApiResult};
use crate::extract::Caller;
use crate::middleware::authorize::SESSION_USER_ID;
use crate::middleware::authorize::{SESSION_ADDRESS, SESSION_DEVICE, SESSION_PUBLIC_KEY};
use crate::middleware::csrf::{self, csrf_cookie};
use crate::middleware::edge::Json;
use crate::state::AppState;

/// `GET /sanctum/csrf-cookie`: 204 and the session's `XSRF-TOKEN` cookie (a new session and
/// token for a first visit).
pub async fn csrf_token_cookie(
    state: web::Data<AppState>,
    session: Session,
) -> ApiResult<WithCookies<NoContent>> {
    if session.contains_key(crate::middleware::authorize::SESSION_UNAVAILABLE) {
        return Err(ApiError(AppError::Unavailable(
            "session store unavailable".to_owned(),
        )));
    }
    let token = csrf::session_token(&session)?;
    Ok(WithCookies::new(NoContent).cookie(csrf_cookie(token, state.settings.secure_cookies)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginInput {
    /// Missing or wrong: 422 on `email`, which does not say which part was wrong.
    #[serde(default)]
    #[schema(required = true)]
    pub email: String,
    #[serde(default)]
    #[schema(required = true)]
    pub password: String,
    /// Keep the session cookie after the browser closes (still bounded by the 2 h idle and
    /// 12 h absolute limits).
    #[serde(default)]
    pub remember: bool,
}

/// The client's address as throttling counts it: the connection's peer, or what a trusted proxy
/// says it saw (see `client_address`).
pub fn peer_address(req: &HttpRequest) -> String {
    let forwarded = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|value| value.to_str().ok());
    let peer = req.peer_addr().map(|a| a.ip());
    let address = match req.app_data::<web::Data<AppState>>() {
        Some(state) => state
            .settings
            .trusted_proxies
            .client_address(peer, forwarded),
        None => peer,
    };
    address.map_or_else(|| "unknown".to_owned(), |ip| ip.to_string())
}

pub async fn login(
    state: web::Data<AppState>,
    db: Db,
    session: Session,
    req: HttpRequest,
    input: Json<LoginInput>,
) -> ApiResult<WithCookies<Bare<UserView>>> {
    let LoginInput {
        email,
        password,
        remember,
    } = input.into_inner();
    let (throttle, address) = (state.throttle, peer_address(&req));
    let (attempt_email, attempt_address) = (email.clone(), address.clone());
    let signed_in = db
        .run(move |conn| {
            let user =
                accounts::sign_in(conn, &throttle, &attempt_email, &password, &attempt_address)?;
            let view = users::profile(conn, &user)?;
            Ok((user, view))
        })
        .await;
    let (user, view) = match signed_in {
        Ok(signed_in) => signed_in,
        Err(error) => {
            let email = email.trim().to_lowercase();
            match &error.0 {
                AppError::TooManyAttempts { .. } => {
                    tracing::warn!(target: "colivra::auth", event = "sign_in_throttled", %email)
                }
                AppError::Validation(_) => {
                    tracing::warn!(target: "colivra::auth", event = "sign_in_failed", %email)
                }
                _ => {}
            }
            return Err(error);
        }
    };
    // A new session id at every sign-in: a planted cookie never becomes a signed-in session.
    session.renew();
    session.remove(SESSION_PUBLIC_KEY);
    session
        .insert(SESSION_USER_ID, user.id)
        .map_err(AppError::internal)?;
    session
        .insert(SESSION_ADDRESS, &address)
        .map_err(AppError::internal)?;
    if let Some(device) = device(&req) {
        session
            .insert(SESSION_DEVICE, device)
            .map_err(AppError::internal)?;
    }
    // A new CSRF token with the new session.
    let token = csrf::rotate(&session)?;
    tracing::info!(target: "colivra::auth", event = "signed_in", user = %user.key, role = user.role().as_str());
    let mut reply =
        WithCookies::new(Bare(view)).cookie(csrf_cookie(token, state.settings.secure_cookies));
    reply.browser_session = !remember;
    Ok(reply)
}

/// The browser's User-Agent, printable and cut short, as the session's device.
fn device(req: &HttpRequest) -> Option<String> {
    let agent = req
        .headers()
        .get(actix_web::http::header::USER_AGENT)?
        .to_str()
        .ok()?;
    let device: String = agent
        .chars()
        .filter(|c| !crate::middleware::edge::is_forbidden(*c))
        .take(sessions::DEVICE_MAX_CHARS)
        .collect();
    (!device.trim().is_empty()).then_some(device)
}

pub async fn logout(
    state: web::Data<AppState>,
    session: Session,
    caller: Caller,
) -> WithCookies<NoContent> {
    session.purge();
    tracing::info!(target: "colivra::auth", event = "signed_out", user = %caller.user.key);
    WithCookies::new(NoContent).cookie(csrf::removal_cookie(state.settings.secure_cookies))
}

fn current_session(session: &Session) -> Option<String> {
    session.get::<String>(SESSION_PUBLIC_KEY).ok().flatten()
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EndedSessions {
    /// How many sessions were ended.
    pub ended: usize,
}

pub async fn list_sessions(
    db: Db,
    session: Session,
    caller: Caller,
) -> ApiResult<Items<sessions::SessionView>> {
    let (current, user_id) = (current_session(&session), caller.user.id);
    db.run(move |conn| sessions::list_for_user(conn, user_id, current.as_deref()))
        .await
        .map(Items)
}

pub async fn end_session(
    state: web::Data<AppState>,
    db: Db,
    session: Session,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<WithCookies<NoContent>> {
    let (key, user_id) = (key.into_inner(), caller.user.id);
    let current = current_session(&session).is_some_and(|c| c == key);
    db.run(move |conn| sessions::end(conn, user_id, &key))
        .await?;
    let mut reply = WithCookies::new(NoContent);
    if current {
        session.purge();
        reply = reply.cookie(csrf::removal_cookie(state.settings.secure_cookies));
    }
    Ok(reply)
}

pub async fn end_other_sessions(
    db: Db,
    session: Session,
    caller: Caller,
) -> ApiResult<Bare<EndedSessions>> {
    let (current, user_id) = (current_session(&session), caller.user.id);
    db.run(move |conn| sessions::end_others(conn, user_id, current.as_deref()))
        .await
        .map(|ended| Bare(EndedSessions { ended }))
}

/// The signed-in user with his photo, which the session's copy of him leaves out.
pub async fn current_user(db: Db, caller: Caller) -> ApiResult<Bare<UserView>> {
    let user = caller.user;
    db.run(move |conn| users::profile(conn, &user))
        .await
        .map(Bare)
}
