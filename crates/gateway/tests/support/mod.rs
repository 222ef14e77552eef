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
        Self::spawn_with(colivra_auth::throttle::Throttle::default(), false).await
    }

    /// For tests that sign in many times from one address on purpose.
    pub async fn spawn_with_throttle(throttle: colivra_auth::throttle::Throttle) -> TestApp {
        Self::spawn_with(throttle, false).await
    }

    /// As deployed behind HTTPS (`COLIVRA_SECURE_COOKIES=true`).
    pub async fn spawn_secure() -> TestApp {
        Self::spawn_with(colivra_auth::throttle::Throttle::default(), true).await
    }

    async fn spawn_with(
        throttle: colivra_auth::throttle::Throttle,
        secure_cookies: bool,
    ) -> TestApp {
        let (db, pool) = TestDatabase::migrated();
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
        let mut state = colivra_gateway::cli::app_state(
            pool,
            static_dir.clone(),
            "Colivra Test".into(),
            secure_cookies,
        )
        .unwrap();
        state.throttle = std::sync::Arc::new(throttle);
        let app_state = state.clone();
        let server =
            actix_web::HttpServer::new(move || colivra_gateway::app::build(app_state.clone()))
                .workers(1)
                .disable_signals()
                .bind("127.0.0.1:0")
                .unwrap();
        let port = server.addrs()[0].port();
        let server = server.run();
        let handle = server.handle();
        actix_rt::spawn(server);
        TestApp {
            base: format!("http://127.0.0.1:{port}"),
            state,
            db,
            static_dir,
            server: handle,
        }
    }

    pub fn client(&self) -> TestClient {
        TestClient::new(&self.base)
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

impl Drop for TestApp {
    fn drop(&mut self) {
        drop(self.server.stop(false));
        let _ = std::fs::remove_dir_all(&self.static_dir);
    }
}

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

pub struct TestClient {
    base: String,
    http: awc::Client,
    pub cookies: RefCell<BTreeMap<String, String>>,
    pub bearer: RefCell<Option<String>>,
    pub send_csrf: RefCell<bool>,
}

impl TestClient {
    pub fn new(base: &str) -> Self {
        TestClient {
            base: base.to_owned(),
            http: awc::Client::builder()
                .timeout(std::time::Duration::from_secs(30))
                .finish(),
            cookies: RefCell::new(BTreeMap::new()),
            bearer: RefCell::new(None),
            send_csrf: RefCell::new(true),
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
    pub async fn post_bytes(&self, path: &str, bytes: Vec<u8>, content_type: &str) -> Response {
        self.send(
            Method::POST,
            path,
            Some(Body::Bytes(bytes, content_type.to_owned())),
        )
        .await
    }

    async fn send(&self, method: Method, path: &str, body: Option<Body>) -> Response {
        let unsafe_method = !matches!(method, Method::GET | Method::HEAD);
        if unsafe_method
            && *self.send_csrf.borrow()
            && self.cookie("XSRF-TOKEN").is_none()
            && self.bearer.borrow().is_none()
        {
            Box::pin(self.send(Method::GET, "/sanctum/csrf-cookie", None))
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
