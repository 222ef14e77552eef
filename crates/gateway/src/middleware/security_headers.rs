//! Security headers on every response, whichever layer produced it: the request log (the
//! outermost layer) adds them last, after errors raised by inner layers became responses.

use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};

/// Scripts only from this origin; styles inline too (MUI injects them at run time); images may
/// be data URLs (profile photos); nobody may frame the app.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
    connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const ALWAYS: [(&str, &str); 5] = [
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "strict-origin-when-cross-origin"),
    ("x-frame-options", "DENY"),
    // The position goes with a proof of delivery (the app's own pages only); the camera is
    // reached through a file input (the phone's camera app), which needs no permission here.
    (
        "permissions-policy",
        "camera=(), microphone=(), geolocation=(self)",
    ),
];

/// Adds the headers a handler did not set itself.
pub fn apply(headers: &mut HeaderMap, secure_cookies: bool) {
    let hsts = secure_cookies.then_some((
        "strict-transport-security",
        "max-age=31536000; includeSubDomains",
    ));
    for (name, value) in ALWAYS.into_iter().chain(hsts) {
        let name = HeaderName::from_static(name);
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    }
}
