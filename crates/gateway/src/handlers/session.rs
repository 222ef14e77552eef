use actix_session::Session;
use actix_web::{web, HttpRequest, HttpResponse};
use colivra_auth::accounts;
use colivra_auth::throttle::Throttle;
use colivra_core::AppError;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::{ApiError, ApiResult};
use crate::extract::Caller;
use crate::middleware::authorize::SESSION_USER_ID;
use crate::middleware::csrf::csrf_cookie;
use crate::middleware::session_cookie::BrowserSessionCookie;
use crate::state::AppState;

/// `GET /sanctum/csrf-cookie`: 204 and a fresh `XSRF-TOKEN` cookie.
pub async fn csrf_token_cookie(state: web::Data<AppState>) -> HttpResponse {
    let token = colivra_core::key::random_secret(40);
    HttpResponse::NoContent()
        .cookie(csrf_cookie(token, state.settings.secure_cookies))
        .finish()
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginInput {
    #[serde(default)]
    pub email: String,
    #[serde(default)]
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
    input: web::Json<LoginInput>,
) -> ApiResult<HttpResponse> {
    let LoginInput {
        email,
        password,
        remember,
    } = input.into_inner();
    let email_key = Throttle::email_key(&email);
    let keys = [
        email_key.clone(),
        Throttle::address_key(&peer_address(&req)),
    ];
    if let Err(retry_after_seconds) = state.throttle.check(&keys) {
        tracing::warn!(target: "colivra::auth", event = "sign_in_throttled", email = %email.trim().to_lowercase());
        return Err(ApiError(AppError::TooManyAttempts {
            retry_after_seconds,
        }));
    }
    let attempt_email = email.clone();
    let outcome = crate::db::run(&state.pool, move |conn| {
        accounts::authenticate(conn, &attempt_email, &password)
    })
    .await;
    let user = match outcome {
        Ok(user) => user,
        Err(ApiError(AppError::Validation(errors))) => {
            state.throttle.record(&keys);
            tracing::warn!(target: "colivra::auth", event = "sign_in_failed", email = %email.trim().to_lowercase());
            return Err(ApiError(AppError::Validation(errors)));
        }
        Err(other) => return Err(other),
    };
    state.throttle.clear(&email_key);
    // A new session id at every sign-in: a planted cookie never becomes a signed-in session.
    session.renew();
    session
        .insert(SESSION_USER_ID, user.id)
        .map_err(AppError::internal)?;
    tracing::info!(target: "colivra::auth", event = "signed_in", user = %user.key, role = user.role().as_str());
    let mut response = HttpResponse::Ok().json(user.view());
    if !remember {
        response.extensions_mut().insert(BrowserSessionCookie);
    }
    Ok(response)
}

pub async fn logout(session: Session, caller: Caller) -> HttpResponse {
    session.purge();
    tracing::info!(target: "colivra::auth", event = "signed_out", user = %caller.user.key);
    HttpResponse::NoContent().finish()
}

pub async fn current_user(caller: Caller) -> HttpResponse {
    HttpResponse::Ok().json(caller.user.view())
}
