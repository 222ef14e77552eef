//! Sanctum-style CSRF: `GET /sanctum/csrf-cookie` sets a JavaScript-readable `XSRF-TOKEN`
//! cookie; every cookie-authenticated POST/PUT/PATCH/DELETE (and `GET /api/logout`) must echo it
//! in `X-XSRF-TOKEN`, else 419. Bearer-token calls carry no cookie to forge and are exempt.

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

pub fn token_matches(req: &ServiceRequest) -> bool {
    let Some(cookie) = req.cookie(COOKIE_NAME) else {
        return false;
    };
    let Some(header) = req.headers().get(HEADER_NAME).and_then(|h| h.to_str().ok()) else {
        return false;
    };
    // The header holds the cookie value as JavaScript read it (URL-encoded).
    let header = header
        .replace("%3D", "=")
        .replace("%2F", "/")
        .replace("%2B", "+");
    !cookie.value().is_empty() && bool::from(cookie.value().as_bytes().ct_eq(header.as_bytes()))
}

pub async fn verify_csrf<B: MessageBody>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, Error> {
    if requires_token(&req) && !token_matches(&req) {
        return Ok(req
            .error_response(ApiError(AppError::CsrfMismatch))
            .map_into_right_body());
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
