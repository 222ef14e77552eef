//! `remember: false` at sign-in: the session cookie lives only as long as the browser window.
//! actix-session sets one lifetime for every cookie, so the sign-in handler marks its response
//! and this layer drops the cookie's Max-Age and Expires.

use actix_web::body::MessageBody;
use actix_web::cookie::Cookie;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, COOKIE, SET_COOKIE};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage};

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

/// Whether a request to `path` can use the session: the API (its documentation aside) and the
/// CSRF cookie. The web app's files, its pages, `/health` and `/ready` cannot.
pub fn uses_session(path: &str) -> bool {
    let documentation =
        path == "/api/openapi.json" || path == "/api/docs" || path.starts_with("/api/docs/");
    (path.starts_with("/api/") && !documentation) || path.starts_with("/sanctum/")
}

/// Whether one `name=value` pair of a `Cookie` header is the session cookie.
fn is_session_pair(pair: &str) -> bool {
    pair.split_once('=').map_or(pair, |(name, _)| name).trim() == SESSION_COOKIE_NAME
}

/// Set on a request whose session cookie was taken off by [`skip_session_where_unused`]: the page
/// handler still needs to know a browser holds one (it then sends the page without the plain
/// sign-in form).
#[derive(Debug, Clone, Copy)]
pub struct SessionCookieSent;

/// Whether the browser sent a session cookie (taken off or not).
pub fn session_cookie_sent(req: &actix_web::HttpRequest) -> bool {
    req.extensions().contains::<SessionCookieSent>() || req.cookie(SESSION_COOKIE_NAME).is_some()
}

/// Takes the session cookie off requests that cannot use it, before the session layer would load
/// the session (a database query) for them: a signed-in browser sends it with every file and
/// every `/health` a monitor makes through the same host. Other cookies stay.
pub async fn skip_session_where_unused(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    if !uses_session(req.path()) {
        // Read from the header, not with `req.cookie()`: that keeps the parsed cookies on the
        // request, where the session layer would still find the one taken off below.
        let sent = req.headers().get_all(COOKIE).any(|value| {
            value
                .to_str()
                .is_ok_and(|text| text.split(';').any(is_session_pair))
        });
        if sent {
            req.extensions_mut().insert(SessionCookieSent);
        }
        let headers = req.headers_mut();
        let kept: Vec<HeaderValue> = headers
            .get_all(COOKIE)
            .filter_map(|value| {
                let text = value.to_str().ok()?;
                let others: Vec<&str> = text
                    .split(';')
                    .map(str::trim)
                    .filter(|pair| !is_session_pair(pair))
                    .filter(|pair| !pair.is_empty())
                    .collect();
                (!others.is_empty())
                    .then(|| HeaderValue::from_str(&others.join("; ")).ok())
                    .flatten()
            })
            .collect();
        headers.remove(COOKIE);
        for value in kept {
            headers.append(COOKIE, value);
        }
    }
    next.call(req).await
}

#[cfg(test)]
mod tests {
    use super::uses_session;

    #[test]
    fn only_the_api_and_the_csrf_cookie_use_the_session() {
        for path in [
            "/api/parcels",
            "/api/user",
            "/sanctum/csrf-cookie",
            "/api/docsearch",
        ] {
            assert!(uses_session(path), "{path}");
        }
        for path in [
            "/health",
            "/ready",
            "/assets/main.js",
            "/compte/colis",
            "/",
            "/api/openapi.json",
            "/api/docs/",
            "/app-config.js",
        ] {
            assert!(!uses_session(path), "{path}");
        }
    }
}
