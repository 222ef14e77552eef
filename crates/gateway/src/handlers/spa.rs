//! The single-page app: `index.html` for `/`, every `/compte/*` path and the public tracking
//! page `/suivi/*`, hashed assets under `/assets` with a long cache lifetime, each sent as the
//! brotli or gzip copy the build wrote beside it when the browser accepts one.

use actix_files::NamedFile;
use actix_web::http::header::{CacheControl, CacheDirective};
use actix_web::{web, HttpRequest, HttpResponse};

use crate::state::AppState;

pub async fn index(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    let path = state.settings.static_dir.join("index.html");
    match NamedFile::open(&path) {
        Ok(file) => {
            let mut response = file.use_etag(false).use_last_modified(false).into_response(&req);
            response.headers_mut().insert(
                actix_web::http::header::CACHE_CONTROL,
                actix_web::http::header::HeaderValue::from_static("no-cache"),
            );
            response
        }
        Err(_) => HttpResponse::ServiceUnavailable()
            .content_type("text/plain; charset=utf-8")
            .body(format!(
                "The web app is not built: {} is missing. Run `just build` (or set COLIVRA_STATIC_DIR).",
                path.display()
            )),
    }
}

pub fn mount(cfg: &mut web::ServiceConfig, static_dir: &std::path::Path) {
    cfg.route("/", web::get().to(index))
        .route("/compte", web::get().to(index))
        .route("/compte/{tail:.*}", web::get().to(index))
        .route("/suivi", web::get().to(index))
        .route("/suivi/{tail:.*}", web::get().to(index))
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
