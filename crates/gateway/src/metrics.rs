//! Prometheus metrics (issue 42): what an operator watches (the recorder and what the layers
//! record here; `/metrics` itself is `handlers::metrics`). Requests by route template, method
//! and status, their latency, the statements and database time each cost, the wait for a pooled
//! connection (recorded as they happen, through the `metrics` facade and its Prometheus
//! exporter); the pool's size and use, the outboxes' backlogs and oldest age, webhook deliveries
//! given up, outcomes the office must settle, live sessions (read when scraped, from the database,
//! so every process reports the same backlog). `GET /metrics` on `COLIVRA_METRICS_ADDR` (a
//! listener of its own, for the internal network) or on the app behind `COLIVRA_METRICS_TOKEN`
//! (`Authorization: Bearer …`); neither: no `/metrics` at all.

use std::sync::OnceLock;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Latency buckets in seconds: a millisecond to ten seconds.
const SECONDS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];
/// Statements a request sends.
const STATEMENTS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0];

/// The process's recorder, installed on first use (a test process runs several servers: they
/// share it, as the `metrics` macros write to one global recorder).
pub fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let builder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), SECONDS)
            .and_then(|b| {
                b.set_buckets_for_metric(
                    Matcher::Full("colivra_http_request_statements".into()),
                    STATEMENTS,
                )
            })
            .expect("fixed, non-empty buckets");
        let recorder = builder.build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("a metrics recorder was already installed: /metrics shows nothing");
        }
        describe();
        metrics::gauge!("colivra_build_info", "version" => env!("CARGO_PKG_VERSION")).set(1.0);
        handle
    })
}

fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram, Unit};
    describe_counter!(
        "colivra_http_requests_total",
        "Requests answered, by route template, method and status"
    );
    describe_histogram!(
        "colivra_http_request_duration_seconds",
        Unit::Seconds,
        "Time from a request's arrival to its answer, by route template and method"
    );
    describe_histogram!(
        "colivra_http_request_statements",
        "SQL statements a request sent"
    );
    describe_histogram!(
        "colivra_db_time_seconds",
        Unit::Seconds,
        "Time a request spent in the database"
    );
    describe_histogram!(
        "colivra_db_pool_wait_seconds",
        Unit::Seconds,
        "Wait for a pooled connection"
    );
    describe_gauge!(
        "colivra_db_pool_connections",
        "Connections of the pool, by state (idle, in_use)"
    );
    describe_gauge!(
        "colivra_outbox_pending",
        "Rows waiting to be sent, by outbox (webhooks, messages)"
    );
    describe_gauge!(
        "colivra_outbox_oldest_pending_seconds",
        Unit::Seconds,
        "Age of the oldest row waiting, by outbox"
    );
    describe_gauge!(
        "colivra_webhook_deliveries_failed",
        "Webhook deliveries given up after 24 hours (kept 30 days)"
    );
    describe_gauge!(
        "colivra_messages_failed",
        "Messages given up after 24 hours (kept 90 days)"
    );
    describe_gauge!(
        "colivra_unapplied_outcomes",
        "Offline outcomes refused and waiting for the office"
    );
    describe_gauge!("colivra_sessions_active", "Browser sessions alive");
    describe_counter!(
        "colivra_replica_requests_total",
        "Requests the read replica answered (COLIVRA_READ_DATABASE_URL)"
    );
    describe_gauge!(
        "colivra_replica_up",
        "1 while the read replica answers and is within its lag bound, else 0 (reads go to the primary)"
    );
    describe_gauge!(
        "colivra_replica_lag_seconds",
        Unit::Seconds,
        "How far behind the primary the read replica was when last asked"
    );
    describe_gauge!("colivra_build_info", "The running version (value 1)");
}

/// Records one answered request (the outermost layer calls it).
pub fn request(route: &str, method: &str, status: u16, seconds: f64) {
    let labels = [
        ("route", route.to_owned()),
        ("method", method.to_owned()),
        ("status", status.to_string()),
    ];
    metrics::counter!("colivra_http_requests_total", &labels).increment(1);
    metrics::histogram!(
        "colivra_http_request_duration_seconds",
        "route" => route.to_owned(),
        "method" => method.to_owned()
    )
    .record(seconds);
}

/// What a request cost the database (statements, time): the database layer calls it.
pub fn database(statements: u32, seconds: f64, on_replica: bool) {
    metrics::histogram!("colivra_http_request_statements").record(f64::from(statements));
    metrics::histogram!("colivra_db_time_seconds").record(seconds);
    if on_replica {
        metrics::counter!("colivra_replica_requests_total").increment(1);
    }
}

/// The read replica's state as last measured: serving or not, and its lag (`None`: unknown).
pub fn replica(serving: bool, lag_seconds: Option<f64>) {
    metrics::gauge!("colivra_replica_up").set(if serving { 1.0 } else { 0.0 });
    if let Some(lag) = lag_seconds {
        metrics::gauge!("colivra_replica_lag_seconds").set(lag);
    }
}

/// A wait for a pooled connection.
pub fn pool_wait(seconds: f64) {
    metrics::histogram!("colivra_db_pool_wait_seconds").record(seconds);
}
