pub mod authorize;
pub mod compress;
pub mod csrf;
pub mod edge;
pub mod idempotency;
pub mod request_log;
pub mod security_headers;
pub mod session_cookie;
