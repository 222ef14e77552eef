use actix_web::{web, HttpResponse};
use serde_json::json;

use crate::state::AppState;

/// Liveness: the process answers.
pub async fn health() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "status": "ok" }))
}

/// Readiness: the database answers too.
pub async fn ready(state: web::Data<AppState>) -> HttpResponse {
    match crate::db::run(&state.pool, colivra_db::ping).await {
        Ok(()) => HttpResponse::Ok().json(json!({ "status": "ready", "database": "ok" })),
        Err(error) => {
            tracing::warn!(%error, "readiness check failed");
            HttpResponse::ServiceUnavailable()
                .insert_header(("Retry-After", "5"))
                .json(json!({ "status": "unavailable", "database": "unreachable", "message": "La base de données ne répond pas." }))
        }
    }
}

/// Settings the web app reads before it starts (a script file, so the CSP needs no inline code).
pub async fn app_config_script(state: web::Data<AppState>) -> HttpResponse {
    let config = json!({ "appName": state.settings.app_name });
    HttpResponse::Ok()
        .content_type("application/javascript; charset=utf-8")
        .insert_header(("Cache-Control", "no-cache"))
        .body(format!("window.__COLIVRA__ = {config};\n"))
}

/// The app's mark, the same as the web app's `<link rel="icon">`: browsers and crawlers that ask
/// for `/favicon.ico` by habit get it instead of a 404.
pub async fn favicon() -> HttpResponse {
    const ICON: &str = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'>\
        <rect width='64' height='64' rx='14' fill='#15B9E1'/>\
        <path d='M16 24 32 16l16 8v16L32 48 16 40z' fill='none' stroke='white' stroke-width='4' \
        stroke-linejoin='round'/></svg>";
    HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header(("Cache-Control", "public, max-age=86400"))
        .body(ICON)
}
