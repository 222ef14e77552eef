//! Sanctum-style CSRF, bound to the session: `GET /sanctum/csrf-cookie` keeps a random token in
//! the server-side session and sets it in a JavaScript-readable `XSRF-TOKEN` cookie; every
//! cookie-authenticated POST/PUT/PATCH/DELETE (and `GET /api/logout`) must echo it in
//! `X-XSRF-TOKEN`, else 419. The header is compared with the session's token, not with the
//! cookie, so a self-chosen cookie and header pair is worthless; sign-in rotates the token and
//! sign-out ends it with the session. Bearer-token calls carry no cookie to forge and are exempt.

use actix_session::{Session, SessionExt};
use actix_web::body::{EitherBody, MessageBody};
use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::Error;
use colivra_core::AppError;
use subtle::ConstantTimeEq;

use crate::error::ApiError;

pub const COOKIE_NAME: &str = "XSRF-TOKEN";
pub const HEADER_NAME: &str = "X-XSRF-TOKEN";

pub fn requires_token(req: &ServiceRequest) -> bool {
    let unsafe_method = matches!(
        *req.method(),
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    );
    let logout_link = *req.method() == Method::GET && req.path() == "/api/logout";
    (unsafe_method || logout_link) && crate::middleware::authorize::bearer_token(req).is_none()
}

/// The session key holding the token.
pub const SESSION_TOKEN: &str = "csrf";

pub fn token_matches(req: &ServiceRequest) -> bool {
    let Some(header) = req.headers().get(HEADER_NAME).and_then(|h| h.to_str().ok()) else {
        return false;
    };
    // The header may hold the cookie value as JavaScript read it (URL-encoded).
    let header = percent_encoding::percent_decode_str(header).decode_utf8_lossy();
    let Ok(Some(expected)) = req.get_session().get::<String>(SESSION_TOKEN) else {
        return false;
    };
    !expected.is_empty() && bool::from(expected.as_bytes().ct_eq(header.as_bytes()))
}

/// The session's token, made now if it has none (several tabs share one).
pub fn session_token(session: &Session) -> Result<String, AppError> {
    match session.get::<String>(SESSION_TOKEN) {
        Ok(Some(token)) if !token.is_empty() => Ok(token),
        _ => rotate(session),
    }
}

/// A new token for the session (sign-in).
pub fn rotate(session: &Session) -> Result<String, AppError> {
    let token = colivra_core::key::random_secret(40);
    session
        .insert(SESSION_TOKEN, &token)
        .map_err(AppError::internal)?;
    Ok(token)
}

/// Clears the cookie (sign-out: the token died with the session).
pub fn removal_cookie(secure: bool) -> Cookie<'static> {
    let mut cookie = csrf_cookie(String::new(), secure);
    cookie.make_removal();
    cookie
}

pub async fn verify_csrf<B: MessageBody>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, Error> {
    if requires_token(&req) && !token_matches(&req) {
        let error = crate::middleware::authorize::session_unavailable(&req)
            .unwrap_or(ApiError(AppError::CsrfMismatch));
        return Ok(req.error_response(error).map_into_right_body());
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

pub fn csrf_cookie(value: String, secure: bool) -> Cookie<'static> {
    Cookie::build(COOKIE_NAME, value)
        .path("/")
        .same_site(SameSite::Lax)
        .secure(secure)
        .http_only(false)
        .max_age(actix_web::cookie::time::Duration::hours(12))
        .finish()
}
