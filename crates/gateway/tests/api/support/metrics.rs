//! `/metrics` read back with a Prometheus text-format parser (a reader this project did not
//! write), for the tests of the app's and of a gateway's own listener.

use prometheus_parse::{Scrape, Value};

/// The scrape, or the test fails saying the text is not in the Prometheus format.
pub fn parse(text: &str) -> Scrape {
    Scrape::parse(text.lines().map(|line| Ok(line.to_owned()))).expect("the Prometheus format")
}

/// The value of the first sample of `name` carrying `labels` (a histogram: its count).
pub fn value(scrape: &Scrape, name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    scrape
        .samples
        .iter()
        .find(|sample| {
            sample.metric == name && labels.iter().all(|(k, v)| sample.labels.get(k) == Some(*v))
        })
        .map(|sample| match &sample.value {
            Value::Counter(v) | Value::Gauge(v) | Value::Untyped(v) => *v,
            Value::Histogram(buckets) => buckets.last().map_or(0.0, |b| b.count),
            Value::Summary(_) => f64::NAN,
        })
}

/// Whether some sample of `name` was labelled with `route`.
pub fn has_route(scrape: &Scrape, name: &str, route: &str) -> bool {
    scrape
        .samples
        .iter()
        .any(|s| s.metric == name && s.labels.get("route") == Some(route))
}
