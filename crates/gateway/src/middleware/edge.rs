//! Input checked once at the edge: text with control characters (NUL and the like, which
//! PostgreSQL refuses and no form can type) answers 422 naming the field, before any handler or
//! database sees it. JSON bodies go through [`Json`]; queries and paths through
//! [`reject_control_characters`].

use std::future::Future;
use std::ops::Deref;
use std::pin::Pin;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{web, Error, FromRequest, HttpRequest};
use colivra_core::{AppError, FieldErrors};
use percent_encoding::percent_decode_str;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

pub const CONTROL_CHARACTER_MESSAGE: &str = "Caractère de contrôle interdit (NUL, …).";

/// Control characters no field accepts: C0 except tab, line feed and carriage return (notes and
/// addresses may span lines), DEL and C1.
pub fn is_forbidden(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{7f}'
}

pub fn has_forbidden(text: &str) -> bool {
    text.chars().any(is_forbidden)
}

/// Adds an error for every string of `value` (object keys included) that holds a forbidden
/// character, named by its path (`parcels.0.name`); the root is `body`.
pub fn check_json(value: &serde_json::Value, path: &str, errors: &mut FieldErrors) {
    let field = |key: &str| {
        if path.is_empty() {
            key.to_owned()
        } else {
            format!("{path}.{key}")
        }
    };
    match value {
        serde_json::Value::String(text) if has_forbidden(text) => {
            errors.add(
                if path.is_empty() { "body" } else { path },
                CONTROL_CHARACTER_MESSAGE,
            );
        }
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                check_json(item, &field(&i.to_string()), errors);
            }
        }
        serde_json::Value::Object(map) => {
            for (key, item) in map {
                if has_forbidden(key) {
                    errors.add(
                        if path.is_empty() { "body" } else { path },
                        CONTROL_CHARACTER_MESSAGE,
                    );
                } else {
                    check_json(item, &field(key), errors);
                }
            }
        }
        _ => {}
    }
}

/// `web::Json` with the edge check: the body is read as JSON (size limit and malformed JSON as
/// the app's `JsonConfig` says), checked for control characters, then turned into `T`.
pub struct Json<T>(pub T);

impl<T> Json<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> Deref for Json<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Json<T> {
    type Error = Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let body = web::Json::<serde_json::Value>::from_request(req, payload);
        Box::pin(async move {
            let value = body.await?.into_inner();
            let mut errors = FieldErrors::new();
            check_json(&value, "", &mut errors);
            if !errors.is_empty() {
                return Err(ApiError(AppError::Validation(errors)).into());
            }
            serde_json::from_value(value).map(Json).map_err(|error| {
                ApiError(AppError::validation(
                    "body",
                    format!("Corps JSON invalide : {error}"),
                ))
                .into()
            })
        })
    }
}

/// A JSON body the specification makes optional (« optional payload, default empty »): a request
/// without a body is `T::default()`; any body is read as [`Json`] reads it.
pub struct OptionalJson<T>(pub T);

impl<T> OptionalJson<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T: DeserializeOwned + Default + 'static> FromRequest for OptionalJson<T> {
    type Error = Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        use actix_web::http::header::{CONTENT_LENGTH, TRANSFER_ENCODING};
        let headers = req.headers();
        let declared = headers
            .get(CONTENT_LENGTH)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.trim().parse::<u64>().ok());
        let bodiless =
            declared == Some(0) || (declared.is_none() && !headers.contains_key(TRANSFER_ENCODING));
        if bodiless {
            return Box::pin(async { Ok(OptionalJson(T::default())) });
        }
        let body = Json::<T>::from_request(req, payload);
        Box::pin(async move { body.await.map(|Json(value)| OptionalJson(value)) })
    }
}

/// The query's and the path's decoded text: a forbidden character answers 422 naming the
/// query parameter (or `path`).
pub fn check_request_line(path: &str, query: &str) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if has_forbidden(&percent_decode_str(path).decode_utf8_lossy()) {
        errors.add("path", CONTROL_CHARACTER_MESSAGE);
    }
    for (name, value) in form_urlencoded::parse(query.as_bytes()) {
        if has_forbidden(&name) {
            errors.add("query", CONTROL_CHARACTER_MESSAGE);
        } else if has_forbidden(&value) {
            errors.add(name.as_ref(), CONTROL_CHARACTER_MESSAGE);
        }
    }
    errors
}

pub async fn reject_control_characters<B: MessageBody>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, Error> {
    let errors = check_request_line(req.path(), req.query_string());
    if !errors.is_empty() {
        return Ok(req
            .error_response(ApiError(AppError::Validation(errors)))
            .map_into_right_body());
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_field_that_holds_a_control_character() {
        let body = serde_json::json!({
            "name": "ok",
            "note": "two\nlines\tand a tab",
            "parcels": [{"name": "a\u{0}b"}],
            "phone": "\u{1b}[31m"
        });
        let mut errors = FieldErrors::new();
        check_json(&body, "", &mut errors);
        let fields: Vec<String> = serde_json::to_value(&errors)
            .unwrap()
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        assert_eq!(fields, vec!["parcels.0.name", "phone"]);
    }

    #[test]
    fn decodes_queries_and_paths_before_looking() {
        assert!(!check_request_line("/api/tracking/AB%00", "").is_empty());
        let errors = check_request_line("/api/parcels", "q=ab%00c&page=1");
        assert_eq!(
            serde_json::to_value(&errors).unwrap(),
            serde_json::json!({"q": [CONTROL_CHARACTER_MESSAGE]})
        );
        assert!(
            check_request_line("/api/parcels", "q=%D9%81%D8%A7%D8%B7%D9%85%D8%A9+x").is_empty()
        );
    }
}
