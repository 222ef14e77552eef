//! `remember: false` at sign-in: the session cookie lives only as long as the browser window.
//! actix-session sets one lifetime for every cookie, so the sign-in handler marks its response
//! and this layer drops the cookie's Max-Age and Expires.

use actix_web::body::MessageBody;
use actix_web::cookie::Cookie;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, SET_COOKIE};
use actix_web::middleware::Next;
use actix_web::Error;

pub const SESSION_COOKIE_NAME: &str = "colivra_session";

/// Response extension set by the sign-in handler when `remember` is false.
#[derive(Debug, Clone, Copy)]
pub struct BrowserSessionCookie;

pub async fn browser_session_cookie(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let mut res = next.call(req).await?;
    if res
        .response()
        .extensions()
        .get::<BrowserSessionCookie>()
        .is_none()
    {
        return Ok(res);
    }
    let headers = res.headers_mut();
    let rewritten: Vec<HeaderValue> = headers
        .get_all(SET_COOKIE)
        .filter_map(|value| {
            let text = value.to_str().ok()?;
            let mut cookie = Cookie::parse(text.to_owned()).ok()?;
            if cookie.name() == SESSION_COOKIE_NAME && !cookie.value().is_empty() {
                cookie.set_max_age(None);
                cookie.set_expires(actix_web::cookie::Expiration::Session);
            }
            HeaderValue::from_str(&cookie.to_string()).ok()
        })
        .collect();
    headers.remove(SET_COOKIE);
    for value in rewritten {
        headers.append(SET_COOKIE, value);
    }
    Ok(res)
}
