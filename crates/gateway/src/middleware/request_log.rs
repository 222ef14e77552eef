//! The outermost layer: one log line per request (request id, method, path, status, time, user
//! key); every API error answered in the one JSON error shape, including errors raised outside
//! our handlers (unknown routes, oversized bodies, the session layer losing the database); and on
//! every response, whichever layer produced it, the security headers and `X-Request-Id`.

use std::time::Instant;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, CONTENT_TYPE};
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::{web, Error, HttpMessage, HttpResponse};
use colivra_core::AppError;

use crate::error::REQUEST_ID;
use crate::extract::Caller;
use crate::state::AppState;

/// The marker our session store puts in its errors, so a lost database reads as 503, not 500.
pub const DATABASE_UNAVAILABLE: &str = "database unavailable";

pub async fn log_requests(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let request_id = colivra_core::key::random_secret(16);
    let started = Instant::now();
    let method = req.method().to_string();
    // The path only: query strings may carry search terms or tokens.
    let path = req.path().to_owned();
    let api = path.starts_with("/api") || path.starts_with("/sanctum");
    let secure_cookies = req
        .app_data::<web::Data<AppState>>()
        .is_some_and(|state| state.settings.secure_cookies);
    let outcome = REQUEST_ID.scope(request_id.clone(), next.call(req)).await;
    let mut res = match outcome {
        Ok(res) => res.map_into_boxed_body(),
        Err(error) => {
            // Raised by a middleware with no request left to answer on (our layers answer their
            // refusals as responses, and the session store turns a lost database into one, so
            // this is the session layer failing to write back): log it, let the framework render.
            let error = if error.to_string().contains(DATABASE_UNAVAILABLE) {
                crate::error::ApiError(AppError::Unavailable(error.to_string())).into()
            } else {
                error
            };
            let status = error.as_response_error().status_code().as_u16();
            let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
            tracing::info!(target: "colivra::http", request_id, method, path, status, elapsed_ms, user = "-", "request");
            return Err(error);
        }
    };
    if api && res.status().as_u16() >= 400 && !is_json(&res) {
        res = REQUEST_ID.sync_scope(request_id.clone(), || shape_error(res));
    }
    let user = res
        .request()
        .extensions()
        .get::<Caller>()
        .map(|c| c.user.key.clone());
    crate::middleware::security_headers::apply(res.headers_mut(), secure_cookies);
    if let Ok(value) = HeaderValue::from_str(&request_id) {
        res.headers_mut().insert(
            actix_web::http::header::HeaderName::from_static("x-request-id"),
            value,
        );
    }
    let status = res.status().as_u16();
    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
    // By route template (`/api/parcels/{key}`), not path: one series per route, not per parcel.
    let route = res.request().match_pattern();
    crate::metrics::request(
        route.as_deref().unwrap_or("unmatched"),
        &method,
        status,
        elapsed_ms / 1000.0,
    );
    let user = user.as_deref().unwrap_or("-");
    if status >= 500 {
        tracing::warn!(target: "colivra::http", request_id, method, path, status, elapsed_ms, user, "request");
    } else {
        tracing::info!(target: "colivra::http", request_id, method, path, status, elapsed_ms, user, "request");
    }
    Ok(res)
}

fn is_json(res: &ServiceResponse<BoxBody>) -> bool {
    res.headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

fn shape_error(res: ServiceResponse<BoxBody>) -> ServiceResponse<BoxBody> {
    let status = res.status();
    let cause = res
        .response()
        .error()
        .map(|e| e.to_string())
        .unwrap_or_default();
    let error = match status {
        StatusCode::INTERNAL_SERVER_ERROR if cause.contains(DATABASE_UNAVAILABLE) => {
            AppError::Unavailable(cause)
        }
        StatusCode::NOT_FOUND => AppError::NotFound,
        StatusCode::METHOD_NOT_ALLOWED => AppError::MethodNotAllowed,
        StatusCode::PAYLOAD_TOO_LARGE => AppError::PayloadTooLarge,
        StatusCode::UNAUTHORIZED => AppError::Unauthenticated,
        StatusCode::FORBIDDEN => AppError::forbidden(),
        s if s.is_server_error() => AppError::internal(if cause.is_empty() {
            s.to_string()
        } else {
            cause
        }),
        _ => {
            let message = if cause.is_empty() {
                status.canonical_reason().unwrap_or("Erreur").to_owned()
            } else {
                cause
            };
            let (req, _) = res.into_parts();
            let body = colivra_core::ErrorBody {
                message,
                errors: None,
                request_id: None,
            };
            return ServiceResponse::new(req, HttpResponse::build(status).json(body));
        }
    };
    let (req, _) = res.into_parts();
    let response = actix_web::ResponseError::error_response(&crate::error::ApiError(error));
    ServiceResponse::new(req, response)
}
