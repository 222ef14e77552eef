//! The single-page app: `index.html` for `/`, every `/compte/*` path, the public tracking page
//! `/suivi/*`, the public password pages (`/mot-de-passe-oublie`, and
//! `/reinitialiser-mot-de-passe?jeton=…`, the e-mails' link) and the recipients' STOP page
//! (`/desinscription/{key}`, the link their SMS or WhatsApp message ends with), hashed assets under `/assets` with a
//! long cache lifetime, each sent as the brotli or gzip copy the build wrote beside it when the
//! browser accepts one.

use actix_files::NamedFile;
use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::{web, HttpRequest, HttpResponse};

use crate::middleware::session_cookie::session_cookie_sent;
use crate::state::AppState;

/// A file of the build answered with `Cache-Control: no-cache`: the browser asks again each time
/// (the page and the root files name the hashed assets of the current build).
fn revalidated(file: NamedFile, req: &HttpRequest) -> HttpResponse {
    let mut response = file.use_last_modified(false).into_response(req);
    response.headers_mut().insert(
        actix_web::http::header::CACHE_CONTROL,
        actix_web::http::header::HeaderValue::from_static("no-cache"),
    );
    response
}

pub async fn index(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    let path = state.settings.static_dir.join("index.html");
    // A build without signin.html (older) still serves its index.html.
    let page = NamedFile::open(state.settings.static_dir.join(page_for(&req)))
        .or_else(|_| NamedFile::open(&path));
    match page {
        Ok(file) => revalidated(file.use_etag(false), &req),
        Err(_) => HttpResponse::ServiceUnavailable()
            .content_type("text/plain; charset=utf-8")
            .body(format!(
                "The web app is not built: {} is missing. Run `just build` (or set COLIVRA_STATIC_DIR).",
                path.display()
            )),
    }
}

/// `signin.html` (the page with the sign-in form in plain HTML, usable before the scripts arrive on
/// a slow network) for the sign-in addresses when the browser holds no session cookie; else
/// `index.html`. A browser with a cookie that no longer signs in gets the plain page, as before.
fn page_for(req: &HttpRequest) -> &'static str {
    let sign_in = matches!(req.path(), "/" | "/compte/connexion" | "/compte/connexion/");
    if sign_in && !session_cookie_sent(req) {
        "signin.html"
    } else {
        "index.html"
    }
}

/// A file of the build served at the site's root, revalidated on every use: the service worker
/// (its scope is the folder it is served from) and the web app manifest.
async fn root_file(
    state: web::Data<AppState>,
    req: HttpRequest,
    name: &'static str,
    content_type: &'static str,
) -> HttpResponse {
    match NamedFile::open(state.settings.static_dir.join(name)) {
        Ok(file) => revalidated(
            file.set_content_type(content_type.parse().expect("a media type")),
            &req,
        ),
        Err(_) => HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("Not built."),
    }
}

async fn service_worker(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    root_file(state, req, "sw.js", "text/javascript; charset=utf-8").await
}

async fn web_manifest(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    root_file(
        state,
        req,
        "manifest.webmanifest",
        "application/manifest+json",
    )
    .await
}

pub fn mount(cfg: &mut web::ServiceConfig, static_dir: &std::path::Path) {
    cfg.route("/", web::get().to(index))
        .route("/sw.js", web::get().to(service_worker))
        .route("/manifest.webmanifest", web::get().to(web_manifest))
        .route("/compte", web::get().to(index))
        .route("/compte/{tail:.*}", web::get().to(index))
        .route("/suivi", web::get().to(index))
        .route("/suivi/{tail:.*}", web::get().to(index))
        .route("/mot-de-passe-oublie", web::get().to(index))
        .route("/reinitialiser-mot-de-passe", web::get().to(index))
        .route("/desinscription/{key}", web::get().to(index))
        .service(
            web::scope("/assets")
                .wrap(
                    actix_web::middleware::DefaultHeaders::new()
                        .add(CacheControl(vec![
                            CacheDirective::Public,
                            CacheDirective::MaxAge(31_536_000),
                            CacheDirective::Extension("immutable".into(), None),
                        ]))
                        // Also on the uncompressed answer: a cache must not give it to a
                        // browser that asked for brotli, nor the reverse.
                        .add((actix_web::http::header::VARY, "Accept-Encoding")),
                )
                .service(actix_files::Files::new("", static_dir.join("assets")).try_compressed()),
        );
}
