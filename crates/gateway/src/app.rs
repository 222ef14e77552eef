//! The application: middleware order, system routes, the route table, the web app.

use actix_session::config::{CookieContentSecurity, PersistentSession};
use actix_session::SessionMiddleware;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::cookie::{Key, SameSite};
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::error::JsonPayloadError;
use actix_web::middleware::from_fn;
use actix_web::{web, App, Error};

use crate::error::ApiError;
use crate::handlers::{session, spa, system};
use crate::middleware::{compress, csrf, edge, request_log, session_cookie, translate};
use crate::session_store::DbSessionStore;
use crate::state::AppState;

/// JSON bodies above this are refused (a profile photo is the largest JSON sent).
pub const JSON_LIMIT_BYTES: usize = 1024 * 1024;
/// Raw bodies (parcel import files) above this are refused: 10,000 rows fit well within.
pub const FILE_LIMIT_BYTES: usize = 12 * 1024 * 1024;

pub fn build(
    state: AppState,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = Error,
        InitError = (),
    >,
> {
    let settings = state.settings.clone();
    let sessions = SessionMiddleware::builder(
        DbSessionStore::new(state.pool.clone(), settings.idle_timeouts),
        Key::from(&settings.cookie_key),
    )
    .cookie_name(session_cookie::SESSION_COOKIE_NAME.to_owned())
    .cookie_http_only(true)
    .cookie_same_site(SameSite::Lax)
    .cookie_secure(settings.secure_cookies)
    .cookie_content_security(CookieContentSecurity::Signed)
    .session_lifecycle(PersistentSession::default().session_ttl(
        actix_web::cookie::time::Duration::hours(colivra_auth::sessions::ABSOLUTE_TIMEOUT_HOURS),
    ))
    .build();
    let json_config = web::JsonConfig::default()
        .limit(JSON_LIMIT_BYTES)
        .error_handler(|error, _req| {
            if matches!(
                error,
                JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. }
            ) {
                let body = colivra_core::ErrorBody {
                    message: "Le corps de la requête est trop volumineux.".to_owned(),
                    errors: None,
                    request_id: None,
                };
                let response = actix_web::HttpResponse::PayloadTooLarge().json(body);
                return actix_web::error::InternalError::from_response(error, response).into();
            }
            // Malformed or mistyped JSON is a validation error, not a bare 400.
            ApiError(colivra_core::AppError::validation(
                "body",
                format!("Corps JSON invalide : {error}"),
            ))
            .into()
        });
    let query_config = web::QueryConfig::default().error_handler(|error, _req| {
        ApiError(colivra_core::AppError::validation(
            "query",
            format!("Paramètres invalides : {error}"),
        ))
        .into()
    });
    let static_dir = settings.static_dir.clone();
    // Middleware runs outside-in from the last `wrap`: compression of large text answers →
    // error answers in the reader's language → log and headers → edge input check → session
    // cookie → no session where none is used → one connection per read → sessions → CSRF.
    App::new()
        .app_data(web::Data::new(state.pool.clone()))
        .app_data(web::Data::new(state))
        .app_data(json_config)
        .app_data(query_config)
        .app_data(web::PayloadConfig::new(FILE_LIMIT_BYTES))
        .wrap(from_fn(csrf::verify_csrf))
        .wrap(sessions)
        .wrap(from_fn(crate::db::one_connection_per_read))
        .wrap(from_fn(session_cookie::skip_session_where_unused))
        .wrap(from_fn(session_cookie::browser_session_cookie))
        .wrap(from_fn(edge::reject_control_characters))
        .wrap(from_fn(request_log::log_requests))
        .wrap(from_fn(translate::translate_errors))
        .wrap(from_fn(compress::compress_answers))
        .route("/health", web::get().to(system::health))
        .route("/ready", web::get().to(system::ready))
        .route(
            "/metrics",
            web::get().to(crate::handlers::metrics::render_with_token),
        )
        .route("/app-config.js", web::get().to(system::app_config_script))
        .route("/favicon.ico", web::get().to(system::favicon))
        .route(
            "/sanctum/csrf-cookie",
            web::get().to(session::csrf_token_cookie),
        )
        .service(
            utoipa_swagger_ui::SwaggerUi::new("/api/docs/{_:.*}")
                .url("/api/openapi.json", crate::openapi::document()),
        )
        .route("/api/docs", web::get().to(docs_redirect))
        .configure(crate::routes::mount)
        .configure(|cfg| spa::mount(cfg, &static_dir))
        .default_service(web::to(no_route))
}

async fn docs_redirect() -> actix_web::HttpResponse {
    actix_web::HttpResponse::Found()
        .insert_header(("Location", "/api/docs/"))
        .finish()
}

/// No route took the request: 405 with `Allow` when the path is known under other methods,
/// else 404.
async fn no_route(req: actix_web::HttpRequest) -> actix_web::HttpResponse<BoxBody> {
    let allowed = crate::routes::methods_for(req.path());
    if allowed.is_empty() {
        return actix_web::ResponseError::error_response(&ApiError(
            colivra_core::AppError::NotFound,
        ));
    }
    let mut response = actix_web::ResponseError::error_response(&ApiError(
        colivra_core::AppError::MethodNotAllowed,
    ));
    if let Ok(value) = actix_web::http::header::HeaderValue::from_str(&allowed.join(", ")) {
        response
            .headers_mut()
            .insert(actix_web::http::header::ALLOW, value);
    }
    response
}
