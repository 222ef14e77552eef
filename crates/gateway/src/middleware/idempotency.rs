//! `Idempotency-Key` on the writes the route table marks `idempotent`: the same caller sending the
//! same request again under one key gets the first answer again (same status and body, marked
//! `Idempotent-Replayed: true`) and nothing is written twice; the same key with another request
//! is a 422; the same request still being answered is a 409; a request refused before it ran
//! keeps no key ([`keeps_its_key`]). Bodies are compared as JSON (key order and spacing do not
//! matter). Without the header nothing changes.
//! The store and its rules are in [`colivra_db::idempotency`].

use actix_web::body::{self, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, CONTENT_TYPE};
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::{web, Error, HttpMessage, HttpResponse};
use colivra_core::{AppError, UserId};
use colivra_db::idempotency::{self as store, Claim, StoredAnswer};

use crate::error::ApiError;
use crate::extract::Caller;
use crate::state::AppState;

pub const HEADER: &str = "Idempotency-Key";
/// Set on an answer given again.
pub const REPLAYED_HEADER: &str = "Idempotent-Replayed";

pub async fn replay_or_run(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let Some(value) = req.headers().get(HEADER) else {
        return next
            .call(req)
            .await
            .map(ServiceResponse::map_into_boxed_body);
    };
    let Some(key) = value
        .to_str()
        .ok()
        .filter(|key| store::is_valid_key(key))
        .map(str::to_owned)
    else {
        return Ok(req.error_response(ApiError(AppError::validation(
            HEADER,
            "La clé d'idempotence compte de 1 à 255 caractères visibles (lettres, chiffres, signes).",
        ))));
    };
    // The route table puts this behind the caller's authorization: there is always one.
    let Some(user_id) = req
        .extensions()
        .get::<Caller>()
        .map(|caller| caller.user.id)
    else {
        return next
            .call(req)
            .await
            .map(ServiceResponse::map_into_boxed_body);
    };
    let Some(state) = req.app_data::<web::Data<AppState>>().cloned() else {
        return Ok(req.error_response(ApiError(AppError::internal("application state missing"))));
    };
    // The body is read here to be compared, then handed back to the handler untouched.
    let bytes = match req.extract::<web::Bytes>().await {
        Ok(bytes) => bytes,
        Err(error) => return Ok(req.error_response(error)),
    };
    let path_and_query = req
        .uri()
        .path_and_query()
        .map_or_else(|| req.path().to_owned(), |pq| pq.as_str().to_owned());
    let hash = store::request_hash(req.method().as_str(), &path_and_query, &bytes);
    req.set_payload(actix_web::dev::Payload::from(bytes));

    let claimed = {
        let key = key.clone();
        crate::db::run(&state.pool, move |conn| {
            store::claim(conn, user_id, &key, &hash, colivra_core::time::now())
        })
        .await
    };
    match claimed {
        Err(error) => Ok(req.error_response(error)),
        Ok(Claim::Answered(answer)) => Ok(req.into_response(replayed(answer))),
        Ok(Claim::InProgress) => {
            // Named under the header, with `Retry-After`: what tells a client's queue "send it
            // again shortly" from a refusal of the change itself (also a 409).
            let message =
                "Une requête avec la même clé d'idempotence est en cours ; réessayez dans un instant.";
            let response = actix_web::HttpResponse::Conflict()
                .insert_header((actix_web::http::header::RETRY_AFTER, "1"))
                .json(colivra_core::ErrorBody {
                    message: message.to_owned(),
                    errors: Some(colivra_core::FieldErrors::single(HEADER, message)),
                    request_id: None,
                });
            Ok(req.into_response(response))
        }
        Ok(Claim::OtherRequest) => Ok(req.error_response(ApiError(AppError::validation(
            HEADER,
            "Cette clé d'idempotence a déjà servi pour une autre requête.",
        )))),
        Ok(Claim::Claimed) => {
            let outcome = next.call(req).await;
            let response = match outcome {
                Ok(response) if keeps_its_key(response.status()) => response,
                other => {
                    release(&state, user_id, key).await;
                    return other.map(ServiceResponse::map_into_boxed_body);
                }
            };
            let (request, response) = response.into_parts();
            let status = response.status();
            let content_type = response
                .headers()
                .get(CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
            let (head, payload) = response.into_parts();
            let bytes = match body::to_bytes(payload).await {
                Ok(bytes) => bytes,
                Err(_) => {
                    release(&state, user_id, key).await;
                    return Ok(ServiceResponse::new(
                        request,
                        actix_web::ResponseError::error_response(&ApiError(AppError::internal(
                            "answer body unreadable",
                        ))),
                    ));
                }
            };
            match std::str::from_utf8(&bytes) {
                Ok(text) => {
                    let answer = StoredAnswer {
                        status: status.as_u16(),
                        content_type,
                        body: text.to_owned(),
                    };
                    let kept = crate::db::run(&state.pool, move |conn| {
                        store::answer(conn, user_id, &key, &answer)
                    })
                    .await;
                    // The write is done: its answer goes out even if it could not be kept (the
                    // claim then lapses after `ABANDONED_AFTER_SECONDS`).
                    if let Err(error) = kept {
                        tracing::warn!(%error, "idempotency: the answer could not be kept");
                    }
                }
                // Only text answers are kept; another body frees the key.
                Err(_) => release(&state, user_id, key).await,
            }
            Ok(ServiceResponse::new(
                request,
                head.set_body(BoxBody::new(bytes)),
            ))
        }
    }
}

/// Whether an answer is kept under its key. A request refused before it changed anything keeps
/// none, so the same key with a corrected body goes through (the IETF draft's and Stripe's rule,
/// domain.md): malformed (400), not signed in or not allowed (401, 403), nothing to act on (404,
/// 405), too large or of a type not taken (413, 415), invalid input (422), too many requests
/// (429); nor does a failure worth trying again (5xx). An answer of a request that ran (2xx) or
/// that met the state of the data (409: the parcel was cancelled meanwhile) is kept and given
/// again.
pub fn keeps_its_key(status: StatusCode) -> bool {
    let refused_before_running = matches!(
        status.as_u16(),
        400 | 401 | 403 | 404 | 405 | 413 | 415 | 422 | 429
    );
    !status.is_server_error() && !refused_before_running
}

async fn release(state: &AppState, user_id: UserId, key: String) {
    let released =
        crate::db::run(&state.pool, move |conn| store::release(conn, user_id, &key)).await;
    if let Err(error) = released {
        tracing::warn!(%error, "idempotency: the key could not be released");
    }
}

fn replayed(answer: StoredAnswer) -> HttpResponse {
    let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::OK);
    let mut response = HttpResponse::build(status);
    if let Some(content_type) = answer
        .content_type
        .as_deref()
        .and_then(|v| HeaderValue::from_str(v).ok())
    {
        response.insert_header((CONTENT_TYPE, content_type));
    }
    response.insert_header((REPLAYED_HEADER, "true"));
    response.body(answer.body)
}
