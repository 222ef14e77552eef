//! `GET /metrics` (see `crate::metrics`): the figures read from the database when scraped, then
//! the Prometheus text format.

use actix_web::{web, HttpRequest, HttpResponse};

use crate::metrics::handle;
use crate::state::AppState;

/// `GET /metrics`: the Prometheus text format, the scrape-time figures read first.
pub async fn render(state: web::Data<AppState>) -> HttpResponse {
    let handle = handle();
    let (size, idle) = state.pool.pool_state();
    metrics::gauge!("colivra_db_pool_connections", "state" => "idle").set(f64::from(idle));
    metrics::gauge!("colivra_db_pool_connections", "state" => "in_use")
        .set(f64::from(size.saturating_sub(idle)));
    match crate::db::run(&state.pool, colivra_db::gauges::scrape).await {
        Ok(scraped) => {
            let now = colivra_core::time::now();
            for (outbox, backlog) in scraped.backlogs {
                metrics::gauge!("colivra_outbox_pending", "outbox" => outbox)
                    .set(backlog.pending as f64);
                let age = backlog.oldest.map_or(0.0, |at| {
                    (now - at).num_milliseconds().max(0) as f64 / 1000.0
                });
                metrics::gauge!("colivra_outbox_oldest_pending_seconds", "outbox" => outbox)
                    .set(age);
            }
            for (name, value) in scraped.counts {
                metrics::gauge!(name).set(value as f64);
            }
        }
        Err(error) => {
            tracing::warn!(error = %error.0, "metrics: the database figures could not be read")
        }
    }
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(handle.render())
}

/// `/metrics` on the app: only with the bearer token (compared in constant time).
pub async fn render_with_token(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    use subtle::ConstantTimeEq;
    let expected = state.settings.metrics_token.as_deref().unwrap_or_default();
    let given = req
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .unwrap_or_default();
    if expected.is_empty() || !bool::from(given.as_bytes().ct_eq(expected.as_bytes())) {
        return HttpResponse::Unauthorized()
            .insert_header(("WWW-Authenticate", "Bearer"))
            .json(serde_json::json!({"message": "Non authentifié."}));
    }
    render(state).await
}
