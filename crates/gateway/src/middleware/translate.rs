//! Error answers in the reader's language. The domain writes its refusals in French; here, for
//! an answer of status 400 or more with a JSON body, `message` and every string under `errors`
//! go through [`colivra_messages::translate`] when `Accept-Language` prefers English or Arabic.
//! What the catalogue does not know stays French. Such answers say `Content-Language` (the
//! language of their text) and `Vary: Accept-Language`.
//!
//! In a successful JSON answer, only the labels are: every string under a key `label` or ending in
//! `_label` (a status, a ticket's category, a movement's type: the domain writes them in French)
//! goes through [`colivra_messages::label`] (issue 38: the cash declaration listed « Livré » to an
//! Arabic reader); names, addresses and the rest are the data's own. A body that is streamed,
//! larger than [`MAX_BODY_BYTES`] or not the JSON expected is sent as it is; nothing here fails a
//! request. Placed outside the request log (which shapes the errors other
//! layers raise into the JSON body) and inside compression (which must see the final text).

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{
    HeaderMap, HeaderValue, ACCEPT_LANGUAGE, CONTENT_LANGUAGE, CONTENT_TYPE, VARY,
};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::Error;
use colivra_core::Language;
use serde::{Deserialize, Serialize};

use colivra_messages::translate;

/// An error body above this is left in French (a file import's refusal with thousands of rows).
pub const MAX_BODY_BYTES: u64 = 2 * 1024 * 1024;

pub async fn translate_errors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    // Read as the `Lang` extractor reads it.
    let language = req
        .headers()
        .get(ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map(Language::from_accept_language)
        .unwrap_or_default();
    let mut res = next.call(req).await?.map_into_boxed_body();
    if !is_json(res.headers()) {
        return Ok(res);
    }
    if res.status().as_u16() < 400 {
        if res.status().is_success() {
            if language != Language::Fr {
                res = res.map_body(|_, body| relabel(body, language));
            }
            // Its labels depend on the reader: a cache keeps one copy per language.
            let headers = res.headers_mut();
            if !varies_by_language(headers) {
                headers.append(VARY, HeaderValue::from_static("Accept-Language"));
            }
        }
        return Ok(res);
    }
    let written = if language == Language::Fr {
        Written::French
    } else {
        let mut written = Written::French;
        res = res.map_body(|_, body| {
            let (body, outcome) = rewrite(body, language);
            written = outcome;
            body
        });
        written
    };
    let headers = res.headers_mut();
    headers.insert(
        CONTENT_LANGUAGE,
        HeaderValue::from_static(match (written, language) {
            (Written::French, _) => "fr",
            (Written::Partly, Language::Ar) => "ar, fr",
            (Written::Partly, _) => "en, fr",
            (Written::Wholly, Language::Ar) => "ar",
            (Written::Wholly, _) => "en",
        }),
    );
    if !varies_by_language(headers) {
        headers.append(VARY, HeaderValue::from_static("Accept-Language"));
    }
    Ok(res)
}

/// How much of a body's text is in the reader's language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Written {
    French,
    Partly,
    Wholly,
}

/// The error body as the middleware reads it: `message` first, as written, the rest kept.
#[derive(Deserialize, Serialize)]
struct ErrorBody {
    message: serde_json::Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    errors: Option<serde_json::Value>,
    #[serde(flatten)]
    rest: serde_json::Map<String, serde_json::Value>,
}

/// The body with its texts translated, or as it was when it cannot be read as an error body.
fn rewrite(body: BoxBody, language: Language) -> (BoxBody, Written) {
    if !matches!(body.size(), BodySize::Sized(n) if n > 0 && n <= MAX_BODY_BYTES) {
        return (body, Written::French);
    }
    let bytes = match body.try_into_bytes() {
        Ok(bytes) => bytes,
        Err(body) => return (body, Written::French),
    };
    match translated(&bytes, language) {
        Some((text, written)) => (BoxBody::new(text), written),
        None => (BoxBody::new(bytes), Written::French),
    }
}

/// The translated JSON, when anything was; `None` leaves the body as it is.
fn translated(bytes: &Bytes, language: Language) -> Option<(Vec<u8>, Written)> {
    let mut body: ErrorBody = serde_json::from_slice(bytes).ok()?;
    let mut count = Count::default();
    translate_strings(&mut body.message, language, &mut count);
    if let Some(errors) = body.errors.as_mut() {
        translate_strings(errors, language, &mut count);
    }
    if count.translated == 0 {
        return None;
    }
    let written = if count.translated == count.texts {
        Written::Wholly
    } else {
        Written::Partly
    };
    Some((serde_json::to_vec(&body).ok()?, written))
}

/// A successful answer's body with its labels in `language`, or as it was.
fn relabel(body: BoxBody, language: Language) -> BoxBody {
    if !matches!(body.size(), BodySize::Sized(n) if n > 0 && n <= MAX_BODY_BYTES) {
        return body;
    }
    let bytes = match body.try_into_bytes() {
        Ok(bytes) => bytes,
        Err(body) => return body,
    };
    let Ok(mut value) = serde_json::from_slice::<serde_json::Value>(&bytes) else {
        return BoxBody::new(bytes);
    };
    if translate_labels(&mut value, language) == 0 {
        return BoxBody::new(bytes);
    }
    match serde_json::to_vec(&value) {
        Ok(text) => BoxBody::new(text),
        Err(_) => BoxBody::new(bytes),
    }
}

/// Translates in place every string under a key `label` or `*_label`; how many.
fn translate_labels(value: &mut serde_json::Value, language: Language) -> usize {
    match value {
        serde_json::Value::Object(map) => map
            .iter_mut()
            .map(|(name, item)| match item {
                serde_json::Value::String(text) if name == "label" || name.ends_with("_label") => {
                    match colivra_messages::label(text, language) {
                        Some(translation) => {
                            *text = translation.to_owned();
                            1
                        }
                        None => 0,
                    }
                }
                _ => translate_labels(item, language),
            })
            .sum(),
        serde_json::Value::Array(items) => items
            .iter_mut()
            .map(|item| translate_labels(item, language))
            .sum(),
        _ => 0,
    }
}

#[derive(Default)]
struct Count {
    texts: usize,
    translated: usize,
}

/// Every string of `value` (arrays and objects walked through) that the catalogue knows,
/// translated in place.
fn translate_strings(value: &mut serde_json::Value, language: Language, count: &mut Count) {
    match value {
        serde_json::Value::String(text) => {
            count.texts += 1;
            if let Some(translation) = translate(text, language) {
                *text = translation;
                count.translated += 1;
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                translate_strings(item, language, count);
            }
        }
        serde_json::Value::Object(map) => {
            for (_, item) in map.iter_mut() {
                translate_strings(item, language, count);
            }
        }
        _ => {}
    }
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            let media_type = v.split(';').next().unwrap_or("").trim();
            media_type == "application/json" || media_type.ends_with("+json")
        })
}

fn varies_by_language(headers: &HeaderMap) -> bool {
    headers.get_all(VARY).any(|value| {
        value.to_str().is_ok_and(|v| {
            v.split(',').any(|name| {
                let name = name.trim();
                name == "*" || name.eq_ignore_ascii_case("accept-language")
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(value: serde_json::Value) -> BoxBody {
        BoxBody::new(serde_json::to_vec(&value).unwrap())
    }

    fn read(body: BoxBody) -> serde_json::Value {
        serde_json::from_slice(&body.try_into_bytes().unwrap()).unwrap()
    }

    #[test]
    fn a_successful_answer_gets_its_labels_translated_and_nothing_else() {
        let answer = serde_json::json!({
            "data": [{
                "status": "delivered", "status_label": "Livré",
                "recipient_name": "Livré", "note": "Livré",
                "lines": [{"label": "Entrée", "category_label": "Colis"}]
            }],
            "meta": {"label": "not a known label"}
        });
        let out = read(relabel(body(answer.clone()), Language::Ar));
        assert_eq!(out["data"][0]["status_label"], "تم التسليم");
        assert_eq!(out["data"][0]["lines"][0]["label"], "دخول");
        assert_eq!(out["data"][0]["lines"][0]["category_label"], "طرد");
        // Data is the data's own, even when it reads like a label.
        assert_eq!(out["data"][0]["recipient_name"], "Livré");
        assert_eq!(out["data"][0]["note"], "Livré");
        assert_eq!(out["meta"]["label"], "not a known label");
        assert_eq!(
            read(relabel(body(answer), Language::En))["data"][0]["status_label"],
            "Delivered"
        );
    }

    #[test]
    fn message_and_field_errors_are_translated_the_rest_kept() {
        let (out, written) = rewrite(
            body(serde_json::json!({
                "message": "Les données envoyées ne sont pas valides.",
                "errors": {
                    "email": ["Adresse e-mail invalide.", "Un texte que personne n'a écrit."],
                    "phone": ["Numéro de téléphone marocain invalide (ex. 0612345678 ou +212612345678)."]
                },
                "request_id": "r-1"
            })),
            Language::En,
        );
        assert_eq!(written, Written::Partly);
        let out = read(out);
        assert_eq!(out["message"], "The data sent is not valid.");
        assert_eq!(out["errors"]["email"][0], "Invalid email address.");
        assert_eq!(
            out["errors"]["email"][1],
            "Un texte que personne n'a écrit."
        );
        assert!(out["errors"]["phone"][0]
            .as_str()
            .unwrap()
            .starts_with("Invalid Moroccan phone number"));
        assert_eq!(out["request_id"], "r-1");
    }

    #[test]
    fn bodies_that_are_not_error_json_are_left_as_they_are() {
        for raw in [
            &b"not json"[..],
            br#"{"no_message": 1}"#,
            br#"[1, 2]"#,
            br#"{"message": "Un texte inconnu."}"#,
        ] {
            let (out, written) = rewrite(BoxBody::new(Bytes::from_static(raw)), Language::Ar);
            assert_eq!(written, Written::French);
            assert_eq!(out.try_into_bytes().unwrap(), Bytes::from_static(raw));
        }
        let (out, written) = rewrite(BoxBody::new(()), Language::En);
        assert_eq!(written, Written::French);
        assert_eq!(out.size(), BodySize::Sized(0));
    }

    #[test]
    fn vary_is_recognised_among_other_names() {
        let mut headers = HeaderMap::new();
        headers.append(VARY, HeaderValue::from_static("Accept-Encoding"));
        assert!(!varies_by_language(&headers));
        headers.append(VARY, HeaderValue::from_static("Origin, accept-language"));
        assert!(varies_by_language(&headers));
        assert!(is_json(&{
            let mut h = HeaderMap::new();
            h.insert(
                CONTENT_TYPE,
                HeaderValue::from_static("application/json; charset=utf-8"),
            );
            h
        }));
    }
}
