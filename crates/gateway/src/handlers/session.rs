use crate::middleware::edge::Json;
use actix_session::Session;
use actix_web::{web, HttpRequest, HttpResponse};
use colivra_auth::throttle::SignInThrottle;
use colivra_auth::{accounts, sessions};
use colivra_core::AppError;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, ApiResult};
use crate::extract::Caller;
use crate::middleware::authorize::SESSION_USER_ID;
use crate::middleware::authorize::{SESSION_ADDRESS, SESSION_DEVICE, SESSION_PUBLIC_KEY};
use crate::middleware::csrf::{self, csrf_cookie};
use crate::middleware::session_cookie::BrowserSessionCookie;
use crate::state::AppState;

/// `GET /sanctum/csrf-cookie`: 204 and the session's `XSRF-TOKEN` cookie (a new session and
/// token for a first visit).
pub async fn csrf_token_cookie(
    state: web::Data<AppState>,
    session: Session,
) -> ApiResult<HttpResponse> {
    if session.contains_key(crate::middleware::authorize::SESSION_UNAVAILABLE) {
        return Err(ApiError(AppError::Unavailable(
            "session store unavailable".to_owned(),
        )));
    }
    let token = csrf::session_token(&session)?;
    Ok(HttpResponse::NoContent()
        .cookie(csrf_cookie(token, state.settings.secure_cookies))
        .finish())
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

pub fn peer_address(req: &HttpRequest) -> String {
    req.peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_else(|| "unknown".to_owned())
}

pub async fn login(
    state: web::Data<AppState>,
    session: Session,
    req: HttpRequest,
    input: Json<LoginInput>,
) -> ApiResult<HttpResponse> {
    let LoginInput {
        email,
        password,
        remember,
    } = input.into_inner();
    let throttle = state.throttle;
    let account_key = SignInThrottle::account_key(&email);
    let address = peer_address(&req);
    let address_key = SignInThrottle::address_key(&address);
    let (checked_account, checked_address) = (account_key.clone(), address_key.clone());
    let allowed = crate::db::run(&state.pool, move |conn| {
        throttle.check(conn, &checked_account, &checked_address)
    })
    .await?;
    if let Err(retry_after_seconds) = allowed {
        tracing::warn!(target: "colivra::auth", event = "sign_in_throttled", email = %email.trim().to_lowercase());
        return Err(ApiError(AppError::TooManyAttempts {
            retry_after_seconds,
        }));
    }
    let attempt_email = email.clone();
    let outcome = crate::db::run(&state.pool, move |conn| {
        match accounts::authenticate(conn, &attempt_email, &password) {
            Err(AppError::Validation(errors)) => {
                throttle.record(conn, &[&account_key, &address_key])?;
                Err(AppError::Validation(errors))
            }
            Ok(user) => {
                throttle.clear(conn, &account_key)?;
                Ok(user)
            }
            Err(other) => Err(other),
        }
    })
    .await;
    let user = match outcome {
        Ok(user) => user,
        Err(ApiError(AppError::Validation(errors))) => {
            tracing::warn!(target: "colivra::auth", event = "sign_in_failed", email = %email.trim().to_lowercase());
            return Err(ApiError(AppError::Validation(errors)));
        }
        Err(other) => return Err(other),
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
    let mut response = HttpResponse::Ok()
        .cookie(csrf_cookie(token, state.settings.secure_cookies))
        .json(user.view());
    if !remember {
        response.extensions_mut().insert(BrowserSessionCookie);
    }
    Ok(response)
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

pub async fn logout(state: web::Data<AppState>, session: Session, caller: Caller) -> HttpResponse {
    session.purge();
    tracing::info!(target: "colivra::auth", event = "signed_out", user = %caller.user.key);
    HttpResponse::NoContent()
        .cookie(csrf::removal_cookie(state.settings.secure_cookies))
        .finish()
}

fn current_session(session: &Session) -> Option<String> {
    session.get::<String>(SESSION_PUBLIC_KEY).ok().flatten()
}

/// `{data: [...]}`: one's live sessions.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionList {
    pub data: Vec<sessions::SessionView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct EndedSessions {
    /// How many sessions were ended.
    pub ended: usize,
}

pub async fn list_sessions(
    state: web::Data<AppState>,
    session: Session,
    caller: Caller,
) -> ApiResult<HttpResponse> {
    let current = current_session(&session);
    let user_id = caller.user.id;
    let data = crate::db::run(&state.pool, move |conn| {
        sessions::list_for_user(conn, user_id, current.as_deref())
    })
    .await?;
    Ok(HttpResponse::Ok().json(SessionList { data }))
}

pub async fn end_session(
    state: web::Data<AppState>,
    session: Session,
    caller: Caller,
    key: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let key = key.into_inner();
    let user_id = caller.user.id;
    let current = current_session(&session).is_some_and(|c| c == key);
    crate::db::run(&state.pool, move |conn| sessions::end(conn, user_id, &key)).await?;
    let mut response = HttpResponse::NoContent();
    if current {
        session.purge();
        response.cookie(csrf::removal_cookie(state.settings.secure_cookies));
    }
    Ok(response.finish())
}

pub async fn end_other_sessions(
    state: web::Data<AppState>,
    session: Session,
    caller: Caller,
) -> ApiResult<HttpResponse> {
    let current = current_session(&session);
    let user_id = caller.user.id;
    let ended = crate::db::run(&state.pool, move |conn| {
        sessions::end_others(conn, user_id, current.as_deref())
    })
    .await?;
    Ok(HttpResponse::Ok().json(EndedSessions { ended }))
}

pub async fn current_user(caller: Caller) -> HttpResponse {
    HttpResponse::Ok().json(caller.user.view())
}
