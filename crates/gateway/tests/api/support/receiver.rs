//! A merchant's webhook receiver on loopback: a real HTTP server that keeps every request it
//! gets, answers the statuses it was told to (then 200), and checks signatures with its own
//! HMAC code, as a merchant's shop would.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::{web, HttpRequest, HttpResponse};
use hmac::{Hmac, Mac};
use serde_json::Value;
use sha2::Sha256;

#[derive(Debug, Clone)]
pub struct Hit {
    pub method: String,
    /// The path and query asked for.
    pub path: String,
    pub headers: BTreeMap<String, String>,
    pub body: String,
    pub json: Value,
}

impl Hit {
    pub fn event_id(&self) -> &str {
        self.json["id"].as_str().unwrap_or_default()
    }

    pub fn event_type(&self) -> &str {
        self.json["type"].as_str().unwrap_or_default()
    }

    /// Whether `Colivra-Signature` is `t=…,v1=HMAC-SHA256(secret, "<t>.<body>")`, computed
    /// here, with `t` within five minutes of now.
    pub fn signed_with(&self, secret: &str) -> bool {
        let Some(header) = self.headers.get("colivra-signature") else {
            return false;
        };
        let mut timestamp = None;
        let mut given = None;
        for part in header.split(',') {
            match part.split_once('=') {
                Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
                Some(("v1", value)) => given = hex::decode(value).ok(),
                _ => {}
            }
        }
        let (Some(timestamp), Some(given)) = (timestamp, given) else {
            return false;
        };
        if (chrono::Utc::now().timestamp() - timestamp).abs() > 300 {
            return false;
        }
        let mut mac = <Hmac<Sha256>>::new_from_slice(secret.as_bytes()).unwrap();
        mac.update(format!("{timestamp}.{}", self.body).as_bytes());
        mac.verify_slice(&given).is_ok()
    }
}

#[derive(Default)]
struct Log {
    hits: Vec<Hit>,
    answers: VecDeque<u16>,
    in_flight: HashMap<String, usize>,
    /// An event id received again while an earlier copy was still being answered.
    overlapped: Vec<String>,
}

pub struct Receiver {
    pub url: String,
    log: Arc<Mutex<Log>>,
    _server: actix_web::dev::ServerHandle,
}

impl Receiver {
    /// Listening on loopback; answers `answers` in order, then 200. Each answer takes `hold`
    /// (so copies of one event sent at once would overlap).
    pub fn start(answers: &[u16], hold: Duration) -> Receiver {
        let log = Arc::new(Mutex::new(Log {
            answers: answers.iter().copied().collect(),
            ..Log::default()
        }));
        let shared = log.clone();
        let server = actix_web::HttpServer::new(move || {
            let log = shared.clone();
            actix_web::App::new().default_service(web::to(
                move |req: HttpRequest, body: web::Bytes| {
                    let log = log.clone();
                    async move { answer(&log, &req, &body, hold).await }
                },
            ))
        })
        .workers(2)
        .disable_signals()
        .bind("127.0.0.1:0")
        .unwrap();
        let port = server.addrs()[0].port();
        let server = server.run();
        let handle = server.handle();
        actix_rt::spawn(server);
        Receiver {
            url: format!("http://127.0.0.1:{port}/colivra"),
            log,
            _server: handle,
        }
    }

    pub fn hits(&self) -> Vec<Hit> {
        self.log.lock().unwrap().hits.clone()
    }

    pub fn overlapped(&self) -> Vec<String> {
        self.log.lock().unwrap().overlapped.clone()
    }

    /// Waits until `count` requests came (at most `within`); the requests.
    pub async fn wait_for(&self, count: usize, within: Duration) -> Vec<Hit> {
        let started = Instant::now();
        loop {
            let hits = self.hits();
            if hits.len() >= count || started.elapsed() > within {
                return hits;
            }
            actix_rt::time::sleep(Duration::from_millis(25)).await;
        }
    }
}

async fn answer(
    log: &Mutex<Log>,
    req: &HttpRequest,
    body: &web::Bytes,
    hold: Duration,
) -> HttpResponse {
    let text = String::from_utf8_lossy(body).into_owned();
    let json: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    let id = json["id"].as_str().unwrap_or_default().to_owned();
    let status = {
        let mut log = log.lock().unwrap();
        let headers = req
            .headers()
            .iter()
            .map(|(k, v)| {
                (
                    k.as_str().to_owned(),
                    v.to_str().unwrap_or_default().to_owned(),
                )
            })
            .collect();
        log.hits.push(Hit {
            method: req.method().to_string(),
            path: req.uri().to_string(),
            headers,
            body: text,
            json,
        });
        let in_flight = log.in_flight.entry(id.clone()).or_default();
        *in_flight += 1;
        if *in_flight > 1 {
            log.overlapped.push(id.clone());
        }
        log.answers.pop_front().unwrap_or(200)
    };
    if !hold.is_zero() {
        actix_rt::time::sleep(hold).await;
    }
    if let Some(count) = log.lock().unwrap().in_flight.get_mut(&id) {
        *count -= 1;
    }
    HttpResponse::build(actix_web::http::StatusCode::from_u16(status).unwrap())
        .body(format!("answered {status}"))
}
