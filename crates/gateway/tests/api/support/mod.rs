//! Black-box test harness: the real app on a real socket and a real database (SQLite, or
//! PostgreSQL with COLIVRA_TEST_BACKEND=postgres), and an HTTP client that keeps cookies and
//! echoes the CSRF token like the web app does.
#![allow(dead_code)]

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::PathBuf;

use actix_web::http::Method;
use colivra_auth::accounts::{self, CreateAdmin, NewUser};
use colivra_auth::User;
use colivra_core::Role;
use colivra_db::test_support::TestDatabase;
use colivra_gateway::state::AppState;
use serde_json::{json, Value};

pub mod bucket;
pub mod cluster;
pub mod mail;
pub mod metrics;
pub mod money;
pub mod receiver;

/// The `colivra` binary (the colivra-cli crate), beside this test program in the target folder:
/// the tests that run a server process or a command use it. Built here when missing (as when
/// only this crate's tests were built); COLIVRA_BIN overrides it.
pub fn colivra_bin() -> PathBuf {
    static BIN: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    BIN.get_or_init(|| {
        if let Some(bin) = std::env::var_os("COLIVRA_BIN") {
            return PathBuf::from(bin);
        }
        // target/<profile>/deps/api-<hash> → target/<profile>/colivra
        let exe = std::env::current_exe().expect("the test program's path");
        let bin = exe
            .parent()
            .and_then(|deps| deps.parent())
            .expect("the target folder")
            .join("colivra");
        if !bin.exists() {
            let built = std::process::Command::new(env!("CARGO"))
                .args(["build", "-q", "-p", "colivra-cli", "--bin", "colivra"])
                .status()
                .expect("run cargo build -p colivra-cli");
            assert!(built.success(), "cargo build -p colivra-cli failed");
        }
        bin
    })
    .clone()
}

pub const PASSWORD: &str = "Sup3r-Secret-Pass";

pub struct TestApp {
    pub base: String,
    pub state: AppState,
    pub db: TestDatabase,
    pub static_dir: PathBuf,
    server: actix_web::dev::ServerHandle,
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        Self::spawn_with(colivra_auth::throttle::SignInThrottle::default(), false).await
    }

    /// For tests that sign in many times from one address on purpose.
    pub async fn spawn_with_throttle(throttle: colivra_auth::throttle::SignInThrottle) -> TestApp {
        Self::spawn_with(throttle, false).await
    }

    /// As deployed behind HTTPS (`COLIVRA_SECURE_COOKIES=true`).
    pub async fn spawn_secure() -> TestApp {
        Self::spawn_with(colivra_auth::throttle::SignInThrottle::default(), true).await
    }

    async fn spawn_with(
        throttle: colivra_auth::throttle::SignInThrottle,
        secure_cookies: bool,
    ) -> TestApp {
        Self::spawn_configured(secure_cookies, |state| state.throttle = throttle).await
    }

    /// Behind a load balancer at `proxies` (`COLIVRA_TRUSTED_PROXIES`), with this throttle.
    pub async fn spawn_behind_proxy(
        proxies: &str,
        throttle: colivra_auth::throttle::SignInThrottle,
    ) -> TestApp {
        let trusted = colivra_gateway::client_address::TrustedProxies::parse(proxies).unwrap();
        Self::spawn_configured(false, |state| {
            state.throttle = throttle;
            std::sync::Arc::make_mut(&mut state.settings).trusted_proxies = trusted;
        })
        .await
    }

    /// With webhooks allowed to loopback receivers (`COLIVRA_WEBHOOK_ALLOW_PRIVATE=true`).
    pub async fn spawn_for_webhooks() -> TestApp {
        Self::spawn_configured(false, |state| {
            std::sync::Arc::make_mut(&mut state.settings).webhook_allow_private = true;
        })
        .await
    }

    /// With `/metrics` behind this bearer token (`COLIVRA_METRICS_TOKEN`).
    pub async fn spawn_with_metrics_token(token: &str) -> TestApp {
        let token = token.to_owned();
        Self::spawn_configured(false, move |state| {
            std::sync::Arc::make_mut(&mut state.settings).metrics_token = Some(token);
        })
        .await
    }

    /// With its proofs of delivery kept in `store` (an S3-compatible bucket).
    pub async fn spawn_with_proofs(store: colivra_parcels::proof::ProofStore) -> TestApp {
        Self::spawn_configured(false, |state| state.proofs = std::sync::Arc::new(store)).await
    }

    async fn spawn_configured(
        secure_cookies: bool,
        configure: impl FnOnce(&mut colivra_gateway::state::AppState),
    ) -> TestApp {
        let (db, pool) = TestDatabase::migrated();
        Self::spawn_on(db, pool, secure_cookies, configure).await
    }

    /// On a database of the test's choosing (a cluster it started).
    pub async fn spawn_on(
        db: TestDatabase,
        pool: colivra_db::DbPool,
        secure_cookies: bool,
        configure: impl FnOnce(&mut colivra_gateway::state::AppState),
    ) -> TestApp {
        let static_dir = std::env::temp_dir().join(format!(
            "colivra-static-{}",
            colivra_core::key::random_secret(10)
        ));
        std::fs::create_dir_all(static_dir.join("assets")).unwrap();
        std::fs::write(
            static_dir.join("index.html"),
            "<!doctype html><title>Colivra test shell</title>",
        )
        .unwrap();
        std::fs::write(static_dir.join("assets/app.js"), "console.log('app')").unwrap();
        let mut state = colivra_gateway::server::app_state(
            pool,
            static_dir.clone(),
            "Colivra Test".into(),
            secure_cookies,
        )
        .unwrap();
        state.proofs = std::sync::Arc::new(colivra_parcels::proof::ProofStore::new(
            static_dir.join("proofs"),
        ));
        configure(&mut state);
        let (base, handle) = serve(state.clone());
        TestApp {
            base,
            state,
            db,
            static_dir,
            server: handle,
        }
    }

    pub fn client(&self) -> TestClient {
        TestClient::new(&self.base)
    }

    /// Another server process on the same database: fresh memory, shared tables. Returns its
    /// base URL; it stops when the handle is dropped and stopped.
    pub async fn second_process(&self) -> (String, actix_web::dev::ServerHandle) {
        let mut state = colivra_gateway::server::app_state(
            (*self.state.pool).clone(),
            self.static_dir.clone(),
            "Colivra Test".into(),
            false,
        )
        .unwrap();
        state.proofs = self.state.proofs.clone();
        serve(state)
    }

    pub fn conn(&self) -> r2d2::PooledConnection<colivra_db::connection::ConnectionManager> {
        self.state.pool.get().unwrap()
    }

    pub fn create_user(
        &self,
        role: Role,
        email: &str,
        active: bool,
        permissions: Option<Vec<&'static str>>,
    ) -> User {
        let (user, _) = accounts::ensure_account(
            &mut self.conn(),
            NewUser {
                role,
                first_name: "Test",
                last_name: role.as_str(),
                email,
                phone: "0612345678",
                company: None,
                city: Some("Casablanca"),
                password: PASSWORD,
                active,
                permissions,
            },
        )
        .unwrap();
        user
    }

    /// The company serves `name` (fees 20, 10 and 15 DH): a merchant may register there.
    pub fn serve_city(&self, name: &str) {
        let admin = self.create_user(Role::Admin, "cities@colivra.test", true, None);
        colivra_parcels::cities::create(
            &mut self.conn(),
            admin.id,
            colivra_parcels::cities::CityInput {
                name: Some(name.into()),
                delivery_fee: Some(2000),
                return_fee: Some(1000),
                refusal_fee: Some(1500),
                ..Default::default()
            },
        )
        .unwrap();
    }

    pub fn create_admin_staff(&self, email: &str, permissions: &[&str]) -> User {
        accounts::create_admin(
            &mut self.conn(),
            CreateAdmin {
                email: email.into(),
                password: PASSWORD.into(),
                first_name: "Staff".into(),
                last_name: "Member".into(),
                permissions: Some(permissions.iter().map(|p| p.to_string()).collect()),
            },
        )
        .unwrap()
    }

    /// A signed-in client for a new user of `role`.
    pub async fn signed_in(&self, role: Role, active: bool) -> (TestClient, User) {
        let email = format!(
            "{}-{}@test.ma",
            role.as_str(),
            colivra_core::key::random_secret(8).to_lowercase()
        );
        let user = self.create_user(role, &email, active, None);
        let client = self.client();
        client.login(&email, PASSWORD).await.assert_status(200);
        (client, user)
    }
}

/// A small delivery company: an admin, Casablanca (delivery 20 DH, return 10, refusal 15), a
/// merchant with one shop there, and a delivery person serving it (15 DH per delivered parcel,
/// 5 per refused one). Parcels go from creation to the delivery person's round through the API.
pub struct Hub {
    pub admin: TestClient,
    pub merchant: TestClient,
    pub merchant_user: User,
    pub shop: String,
    pub city: String,
    pub delivery_person: TestClient,
    pub delivery_person_user: User,
}

fn data_key(response: &Response) -> String {
    response.body["data"]["key"].as_str().unwrap().to_owned()
}

impl TestApp {
    pub async fn hub(&self) -> Hub {
        let (admin, _) = self.signed_in(Role::Admin, true).await;
        let res = admin
            .post(
                "/api/cities",
                json!({"name": "Casablanca", "delivery_fee": 2000, "return_fee": 1000, "refusal_fee": 1500}),
            )
            .await;
        res.assert_status(201);
        let city = data_key(&res);
        let (merchant, merchant_user) = self.signed_in(Role::Merchant, true).await;
        let res = merchant
            .post(
                "/api/shops",
                json!({"name": "Atlas Mode", "phone": "0522334455", "address": "1 rue A", "city": city}),
            )
            .await;
        res.assert_status(201);
        let shop = data_key(&res);
        let (delivery_person, delivery_person_user) =
            self.signed_in(Role::DeliveryPerson, true).await;
        admin
            .post(
                "/api/delivery-admins/cities",
                json!({"delivery_admin": delivery_person_user.key, "city": city, "delivered_commission": 1500, "refused_commission": 500}),
            )
            .await
            .assert_status(201);
        Hub {
            admin,
            merchant,
            merchant_user,
            shop,
            city,
            delivery_person,
            delivery_person_user,
        }
    }
}

impl Hub {
    /// A new parcel of the merchant's shop (`extra` fields added to the body): its code.
    pub async fn parcel(&self, cod_amount: i64, extra: Value) -> String {
        let mut body = json!({
            "shop": self.shop, "recipient_name": "Amina Benali", "recipient_phone": "0612345678",
            "city": self.city, "address": "5 avenue Hassan II", "cod_amount": cod_amount,
            "product": "Robe"
        });
        if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
            body.extend(extra.clone());
        }
        let res = self.merchant.post("/api/parcels", body).await;
        res.assert_status(201);
        data_key(&res)
    }

    /// The parcels on a pickup voucher, received at the hub, then out for delivery with the
    /// delivery person: the pickup voucher's and the exit voucher's codes.
    pub async fn ship(&self, parcels: &[&str]) -> (String, String) {
        let res = self
            .merchant
            .post("/api/pickup-vouchers", json!({ "parcels": parcels }))
            .await;
        res.assert_status(201);
        let pickup = data_key(&res);
        self.admin
            .put(
                "/api/pickup-vouchers/pickup",
                json!({"voucher": pickup, "parcels": parcels}),
            )
            .await
            .assert_status(200);
        let res = self
            .admin
            .put(
                "/api/parcels/delivery",
                json!({"delivery_admin": self.delivery_person_user.key, "parcels": parcels}),
            )
            .await;
        res.assert_status(201);
        (pickup, data_key(&res))
    }

    /// The delivery person delivers the parcels.
    pub async fn deliver(&self, parcels: &[&str]) {
        for parcel in parcels {
            self.delivery_person
                .post(
                    "/api/parcels/states",
                    json!({"parcel": parcel, "status": "delivered"}),
                )
                .await
                .assert_status(200);
        }
    }

    /// The delivery person calls the recipient from his round, now (`POST parcels/{key}/calls`).
    pub async fn call(&self, parcel: &str) {
        let now = colivra_core::time::now().and_utc().to_rfc3339();
        self.delivery_person
            .post(
                &format!("/api/parcels/{parcel}/calls"),
                json!({"started_at": now, "duration_seconds": 20}),
            )
            .await
            .assert_status(201);
    }

    /// The delivery person records an outcome at the door (`extra` fields added to the body),
    /// calling the recipient first, as the round screen does.
    pub async fn attempt(&self, parcel: &str, status: &str, extra: Value) {
        self.call(parcel).await;
        let mut body = json!({"parcel": parcel, "status": status});
        if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
            body.extend(extra.clone());
        }
        self.delivery_person
            .post("/api/parcels/states", body)
            .await
            .assert_status(200);
    }

    /// The delivery person hands over the cash he holds (his delivery invoice counted and
    /// validated): his delivered parcels become payable to the merchant.
    pub async fn hand_over_cash(&self) {
        money::hand_over_cash(&self.admin, &self.delivery_person_user.key).await;
    }
}

/// The real app on a free local port, one worker: its base URL and its handle.
fn serve(state: AppState) -> (String, actix_web::dev::ServerHandle) {
    let server = actix_web::HttpServer::new(move || colivra_gateway::app::build(state.clone()))
        .workers(1)
        .disable_signals()
        .bind("127.0.0.1:0")
        .unwrap();
    let port = server.addrs()[0].port();
    let server = server.run();
    let handle = server.handle();
    actix_rt::spawn(server);
    (format!("http://127.0.0.1:{port}"), handle)
}

impl Drop for TestApp {
    fn drop(&mut self) {
        drop(self.server.stop(false));
        let _ = std::fs::remove_dir_all(&self.static_dir);
        // Every kind of activity a test's flows wrote has its French and English labels (the
        // kinds put together at run time included), so no log shows a raw kind.
        if !std::thread::panicking() {
            use diesel::prelude::*;
            let kinds: Vec<String> = colivra_db::schema::activities::table
                .select(colivra_db::schema::activities::action)
                .distinct()
                .load(&mut self.conn())
                .unwrap_or_default();
            let unlabelled: Vec<&String> = kinds
                .iter()
                .filter(|kind| {
                    !colivra_support::activity_log::ACTIONS
                        .iter()
                        .any(|(key, ..)| key == kind)
                })
                .collect();
            assert!(
                unlabelled.is_empty(),
                "activity kinds without labels in colivra_support::activity_log::ACTIONS: {unlabelled:?}"
            );
        }
    }
}

#[derive(Clone)]
pub enum Body {
    Json(Value),
    Bytes(Vec<u8>, String),
}

#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: BTreeMap<String, Vec<String>>,
    pub body: Value,
    pub bytes: Vec<u8>,
    pub text: String,
}

impl Response {
    #[track_caller]
    pub fn assert_status(&self, expected: u16) -> &Self {
        assert_eq!(
            self.status, expected,
            "unexpected status; body: {}",
            self.text
        );
        self
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .get(&name.to_ascii_lowercase())
            .and_then(|v| v.first())
            .map(String::as_str)
    }

    pub fn field_errors(&self, field: &str) -> Vec<String> {
        self.body["errors"][field]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|m| m.as_str().unwrap_or_default().to_owned())
                    .collect()
            })
            .unwrap_or_default()
    }
}

thread_local! {
    /// One HTTP client per test (each test runs on a thread of its own, in its own runtime),
    /// shared by its callers, who keep their cookies and headers apart (`TestClient`). A new
    /// awc connector builds an OpenSSL context and reads the system's certificates (awc's
    /// `openssl` feature, which the webhook sender needs): once per caller, that was a fifth of
    /// the API tests' time.
    ///
    /// Idle connections are dropped after 2 s, before the server's 5 s keep-alive closes them: a
    /// connection the server closed while the client picked it up from the pool failed a request
    /// now and then on a loaded machine (Connect(Disconnected)).
    static HTTP_CLIENT: awc::Client = http_client();
}

fn http_client() -> awc::Client {
    awc::Client::builder()
        .connector(awc::Connector::new().conn_keep_alive(std::time::Duration::from_secs(2)))
        .timeout(std::time::Duration::from_secs(30))
        .finish()
}

pub struct TestClient {
    base: String,
    http: awc::Client,
    pub cookies: RefCell<BTreeMap<String, String>>,
    pub bearer: RefCell<Option<String>>,
    pub send_csrf: RefCell<bool>,
    /// Sent as `Accept-Language` when set.
    pub language: RefCell<Option<String>>,
    /// `X-Forwarded-For`, as a load balancer in front of the server would add it.
    pub forwarded_for: RefCell<Option<String>>,
    /// Sent with every request (an `Idempotency-Key`…).
    pub extra_headers: RefCell<Vec<(String, String)>>,
}

impl TestClient {
    pub fn new(base: &str) -> Self {
        TestClient {
            base: base.to_owned(),
            http: HTTP_CLIENT.with(Clone::clone),
            cookies: RefCell::new(BTreeMap::new()),
            bearer: RefCell::new(None),
            send_csrf: RefCell::new(true),
            language: RefCell::new(None),
            forwarded_for: RefCell::new(None),
            extra_headers: RefCell::new(Vec::new()),
        }
    }

    /// A caller whose requests never share a connection with another caller's (a test that
    /// counts the connections a load balancer sees).
    pub fn with_own_connections(base: &str) -> Self {
        TestClient {
            http: http_client(),
            ..TestClient::new(base)
        }
    }

    pub fn cookie(&self, name: &str) -> Option<String> {
        self.cookies.borrow().get(name).cloned()
    }

    pub fn set_cookie(&self, name: &str, value: &str) {
        self.cookies
            .borrow_mut()
            .insert(name.to_owned(), value.to_owned());
    }

    pub async fn request(&self, method: Method, path: &str, body: Option<Value>) -> Response {
        self.send(method, path, body.map(Body::Json)).await
    }

    /// Posts raw bytes (an import file) with their content type.
    pub async fn put_bytes(&self, path: &str, bytes: Vec<u8>, content_type: &str) -> Response {
        self.send(
            Method::PUT,
            path,
            Some(Body::Bytes(bytes, content_type.to_owned())),
        )
        .await
    }

    pub async fn post_bytes(&self, path: &str, bytes: Vec<u8>, content_type: &str) -> Response {
        self.send(
            Method::POST,
            path,
            Some(Body::Bytes(bytes, content_type.to_owned())),
        )
        .await
    }

    /// Like the web app: a 419 (the session, and its token, ended meanwhile) fetches a fresh
    /// token and tries once more.
    async fn send(&self, method: Method, path: &str, body: Option<Body>) -> Response {
        let first = self.send_once(method.clone(), path, body.clone()).await;
        if first.status != 419 || !*self.send_csrf.borrow() || self.bearer.borrow().is_some() {
            return first;
        }
        self.send_once(Method::GET, "/sanctum/csrf-cookie", None)
            .await
            .assert_status(204);
        self.send_once(method, path, body).await
    }

    async fn send_once(&self, method: Method, path: &str, body: Option<Body>) -> Response {
        let unsafe_method = !matches!(method, Method::GET | Method::HEAD);
        if unsafe_method
            && *self.send_csrf.borrow()
            && self.cookie("XSRF-TOKEN").is_none()
            && self.bearer.borrow().is_none()
        {
            Box::pin(self.send_once(Method::GET, "/sanctum/csrf-cookie", None))
                .await
                .assert_status(204);
        }
        let mut request = self
            .http
            .request(method.clone(), format!("{}{path}", self.base));
        let cookie_header: Vec<String> = self
            .cookies
            .borrow()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        if !cookie_header.is_empty() {
            request = request.insert_header(("Cookie", cookie_header.join("; ")));
        }
        if *self.send_csrf.borrow() {
            if let Some(token) = self.cookie("XSRF-TOKEN") {
                request = request.insert_header(("X-XSRF-TOKEN", token));
            }
        }
        if let Some(token) = self.bearer.borrow().as_ref() {
            request = request.insert_header(("Authorization", format!("Bearer {token}")));
        }
        if let Some(language) = self.language.borrow().as_ref() {
            request = request.insert_header(("Accept-Language", language.as_str()));
        }
        if let Some(chain) = self.forwarded_for.borrow().as_ref() {
            request = request.insert_header(("X-Forwarded-For", chain.as_str()));
        }
        for (name, value) in self.extra_headers.borrow().iter() {
            request = request.insert_header((name.as_str(), value.as_str()));
        }
        let mut response = match body {
            Some(Body::Json(body)) => request.send_json(&body).await,
            Some(Body::Bytes(bytes, content_type)) => {
                request
                    .insert_header(("Content-Type", content_type))
                    .send_body(bytes)
                    .await
            }
            None => request.send().await,
        }
        .expect("request sent");
        let mut headers: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (name, value) in response.headers() {
            headers
                .entry(name.as_str().to_owned())
                .or_default()
                .push(value.to_str().unwrap_or_default().to_owned());
        }
        for set_cookie in headers.get("set-cookie").cloned().unwrap_or_default() {
            let cookie = actix_web::cookie::Cookie::parse(set_cookie).unwrap();
            let expired = cookie
                .max_age()
                .is_some_and(|age| age.is_zero() || age.is_negative());
            if expired || cookie.value().is_empty() {
                self.cookies.borrow_mut().remove(cookie.name());
            } else {
                self.set_cookie(cookie.name(), cookie.value());
            }
        }
        let bytes = response
            .body()
            .limit(4 * 1024 * 1024)
            .await
            .expect("response body");
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Response {
            status: response.status().as_u16(),
            headers,
            body,
            text,
            bytes: bytes.to_vec(),
        }
    }

    /// Sends `value` as `name` with every request from now on (replacing an earlier value).
    pub fn set_header(&self, name: &str, value: &str) {
        let mut headers = self.extra_headers.borrow_mut();
        headers.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
        headers.push((name.to_owned(), value.to_owned()));
    }

    pub async fn get(&self, path: &str) -> Response {
        self.request(Method::GET, path, None).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Response {
        self.request(Method::POST, path, Some(body)).await
    }

    pub async fn put(&self, path: &str, body: Value) -> Response {
        self.request(Method::PUT, path, Some(body)).await
    }

    pub async fn delete(&self, path: &str) -> Response {
        self.request(Method::DELETE, path, None).await
    }

    pub async fn login(&self, email: &str, password: &str) -> Response {
        self.post(
            "/api/login",
            json!({ "email": email, "password": password, "remember": true }),
        )
        .await
    }
}

/// One request of a race, sent as the client it was taken from would send it: its cookies, its
/// bearer token, its CSRF header.
pub struct Racer {
    base: String,
    cookies: BTreeMap<String, String>,
    bearer: Option<String>,
    send_csrf: bool,
    extra_headers: Vec<(String, String)>,
    method: Method,
    path: String,
    body: Option<Value>,
}

impl TestClient {
    /// This request, to be sent by [`race`] at the same moment as others.
    pub fn racer(&self, method: Method, path: &str, body: Option<Value>) -> Racer {
        assert!(
            method == Method::GET
                || !*self.send_csrf.borrow()
                || self.bearer.borrow().is_some()
                || self.cookie("XSRF-TOKEN").is_some(),
            "sign the client in (or fetch its CSRF cookie) before it races"
        );
        Racer {
            base: self.base.clone(),
            cookies: self.cookies.borrow().clone(),
            bearer: self.bearer.borrow().clone(),
            send_csrf: *self.send_csrf.borrow(),
            extra_headers: self.extra_headers.borrow().clone(),
            method,
            path: path.to_owned(),
            body,
        }
    }
}

/// The answers of a race, in the order of its racers, and when each request left and came back.
pub struct Race {
    pub responses: Vec<Response>,
    sent: Vec<std::time::Instant>,
    answered: Vec<std::time::Instant>,
}

impl Race {
    pub fn statuses(&self) -> Vec<u16> {
        self.responses.iter().map(|r| r.status).collect()
    }

    /// How many requests had left before the first answer came back: all of them when the race
    /// really ran its requests together (a request sent after another's answer could have been
    /// sequential).
    pub fn in_flight_together(&self) -> usize {
        let first_answer = self
            .answered
            .iter()
            .min()
            .expect("a race of one request or more");
        self.sent.iter().filter(|sent| *sent < first_answer).count()
    }

    /// The one answer with `status`, asserting that exactly one request got it and that every
    /// other got `refusal`.
    #[track_caller]
    pub fn one_winner(&self, status: u16, refusals: &[u16]) -> &Response {
        let winners: Vec<&Response> = self
            .responses
            .iter()
            .filter(|r| r.status == status)
            .collect();
        let texts = || {
            self.responses
                .iter()
                .map(|r| format!("{} {}", r.status, r.text))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(
            winners.len(),
            1,
            "exactly one {status} expected:\n{}",
            texts()
        );
        assert!(
            self.responses
                .iter()
                .all(|r| r.status == status || refusals.contains(&r.status)),
            "the others should be refused with {refusals:?}:\n{}",
            texts()
        );
        winners[0]
    }
}

/// Sends every request at the same moment: each from its own thread, runtime and HTTP
/// connection (opened beforehand, so only the request itself is left to send), all released
/// together by one barrier. The server handles each on its own database connection.
pub async fn race(racers: Vec<Racer>) -> Race {
    use std::sync::{Arc, Barrier};
    use std::time::Instant;
    let barrier = Arc::new(Barrier::new(racers.len()));
    let threads: Vec<_> = racers
        .into_iter()
        .map(|racer| {
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                actix_rt::System::new().block_on(async move {
                    let client = TestClient::new(&racer.base);
                    *client.cookies.borrow_mut() = racer.cookies;
                    *client.bearer.borrow_mut() = racer.bearer;
                    *client.send_csrf.borrow_mut() = racer.send_csrf;
                    *client.extra_headers.borrow_mut() = racer.extra_headers;
                    // Open the connection (no cookie: nothing of the session is touched); the
                    // client keeps it for the request.
                    let mut warm = client
                        .http
                        .get(format!("{}/health", racer.base))
                        .send()
                        .await
                        .expect("warm-up request");
                    assert_eq!(warm.status().as_u16(), 200);
                    warm.body().await.expect("warm-up body");
                    barrier.wait();
                    let sent = Instant::now();
                    let response = client.request(racer.method, &racer.path, racer.body).await;
                    (response, sent, Instant::now())
                })
            })
        })
        .collect();
    // Joined off the test's runtime thread, which must stay free meanwhile.
    let results = tokio::task::spawn_blocking(move || {
        threads
            .into_iter()
            .map(|thread| thread.join().expect("a racer panicked"))
            .collect::<Vec<_>>()
    })
    .await
    .unwrap();
    let mut race = Race {
        responses: Vec::new(),
        sent: Vec::new(),
        answered: Vec::new(),
    };
    for (response, sent, answered) in results {
        race.responses.push(response);
        race.sent.push(sent);
        race.answered.push(answered);
    }
    race
}

/// Plays `attempt` (a whole scenario on its own world, ending in a race it has checked) until
/// one attempt's requests were all in flight together, five times at most. On a busy machine
/// one racer's thread can be scheduled only after the other's answer came back: that attempt's
/// outcome is still checked, but it proved nothing about requests running together.
pub async fn until_in_flight_together(mut attempt: impl AsyncFnMut() -> Race) {
    const ATTEMPTS: usize = 5;
    let mut seen = Vec::new();
    for _ in 0..ATTEMPTS {
        let race = attempt().await;
        let together = race.in_flight_together();
        if together == race.responses.len() {
            return;
        }
        seen.push(together);
    }
    panic!(
        "in {ATTEMPTS} attempts the requests never all left before an answer: {seen:?} in flight"
    );
}

/// A Moroccan RIB whose check key is right: the 22 digits of `body` (bank, city, account) and
/// the 2-digit key that makes the whole 0 modulo 97.
pub fn valid_rib(body: &str) -> String {
    assert_eq!(body.len(), 22, "a RIB body is 22 digits");
    let rest = body
        .bytes()
        .fold(0u64, |r, d| (r * 10 + u64::from(d - b'0')) % 97);
    format!("{body}{:02}", 97 - (rest * 100 % 97))
}

/// An active city with this delivery fee (return and refusal fees 10 and 15 DH); its key.
pub async fn create_city(admin: &TestClient, name: &str, delivery_fee: i64) -> String {
    let res = admin
        .post(
            "/api/cities",
            json!({"name": name, "delivery_fee": delivery_fee, "return_fee": 1000, "refusal_fee": 1500}),
        )
        .await;
    res.assert_status(201);
    res.body["data"]["key"].as_str().unwrap().to_owned()
}

/// A delivery person serving `city` (commissions 15 and 5 DH), signed in; with his key.
pub async fn delivery_person_serving(
    app: &TestApp,
    admin: &TestClient,
    city: &str,
) -> (TestClient, String) {
    let (delivery_person, user) = app.signed_in(Role::DeliveryPerson, true).await;
    admin
        .post(
            "/api/delivery-admins/cities",
            json!({"delivery_admin": user.key, "city": city, "delivered_commission": 1500, "refused_commission": 500}),
        )
        .await
        .assert_status(201);
    (delivery_person, user.key)
}

/// Parcels of `shop` with these COD amounts, taken through the whole round as in real life (a
/// pickup voucher received, an exit voucher to the courier, each delivered, the cash handed
/// over); their codes.
pub async fn delivered_parcels(
    admin: &TestClient,
    merchant: &TestClient,
    (delivery_person, delivery_person_key): (&TestClient, &str),
    shop: &str,
    city: &str,
    cods: &[i64],
) -> Vec<String> {
    let mut codes = Vec::new();
    for (n, cod) in cods.iter().enumerate() {
        let res = merchant
            .post(
                "/api/parcels",
                json!({"shop": shop, "recipient_name": format!("Client {n}"), "recipient_phone": "0612345678",
                       "city": city, "address": "5 avenue Hassan II", "cod_amount": cod, "product": "Robe"}),
            )
            .await;
        res.assert_status(201);
        codes.push(res.body["data"]["key"].as_str().unwrap().to_owned());
    }
    let res = merchant
        .post("/api/pickup-vouchers", json!({"parcels": codes}))
        .await;
    res.assert_status(201);
    let voucher = res.body["data"]["key"].as_str().unwrap().to_owned();
    admin
        .put(
            "/api/pickup-vouchers/pickup",
            json!({"voucher": voucher, "parcels": codes}),
        )
        .await
        .assert_status(200);
    admin
        .put(
            "/api/parcels/delivery",
            json!({"delivery_admin": delivery_person_key, "parcels": codes}),
        )
        .await
        .assert_status(201);
    for code in &codes {
        delivery_person
            .post(
                "/api/parcels/states",
                json!({"parcel": code, "status": "delivered"}),
            )
            .await
            .assert_status(200);
    }
    // The cash handed over, as at the end of a real round: the parcels are payable.
    money::hand_over_cash(admin, delivery_person_key).await;
    codes
}

/// A PDF's text read as one line of words: table cells wrap, a sentence may span lines.
pub fn collapsed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text of a PDF as poppler's `pdftotext` reads it (a reader this project did not write),
/// one string per page.
pub fn pdftotext_pages(pdf: &[u8]) -> Vec<String> {
    let path = std::env::temp_dir().join(format!(
        "colivra-{}.pdf",
        colivra_core::key::random_secret(10)
    ));
    std::fs::write(&path, pdf).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args(["-enc", "UTF-8"])
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    let _ = std::fs::remove_file(&path);
    assert!(out.status.success(), "pdftotext failed");
    let text = String::from_utf8(out.stdout).unwrap();
    // Pages end with a form feed.
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_owned).collect();
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}
