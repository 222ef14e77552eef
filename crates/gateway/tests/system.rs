//! Health, readiness, security headers, the web app, and the database going away.

mod support;

use colivra_core::Role;
use support::TestApp;

#[actix_rt::test]
async fn health_and_ready_answer() {
    let app = TestApp::spawn().await;
    let client = app.client();
    client.get("/health").await.assert_status(200);
    let ready = client.get("/ready").await;
    ready.assert_status(200);
    assert_eq!(ready.body["database"], "ok");
}

#[actix_rt::test]
async fn every_response_carries_the_security_headers_and_a_request_id() {
    let app = TestApp::spawn().await;
    let client = app.client();
    for path in [
        "/health",
        "/api/user",
        "/api/does-not-exist",
        "/compte/connexion",
    ] {
        let res = client.get(path).await;
        let csp = res
            .header("content-security-policy")
            .unwrap_or_else(|| panic!("no CSP on {path}"));
        assert!(csp.contains("frame-ancestors 'none'"));
        assert_eq!(
            res.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert!(res.header("referrer-policy").is_some(), "{path}");
        assert_eq!(res.header("x-request-id").map(str::len), Some(16), "{path}");
        assert!(
            res.header("strict-transport-security").is_none(),
            "no HSTS without secure cookies"
        );
    }
    let missing = client.get("/api/does-not-exist").await;
    missing.assert_status(404);
    assert!(missing.body["message"].is_string());
}

#[actix_rt::test]
async fn secure_cookies_mode_marks_cookies_secure_and_sends_hsts() {
    let app = TestApp::spawn_secure().await;
    let user = app.create_user(Role::Client, "secure@shop.ma", true, None);
    let client = app.client();
    let csrf = client.get("/sanctum/csrf-cookie").await;
    assert!(csrf.header("set-cookie").unwrap().contains("Secure"));
    assert!(csrf
        .header("strict-transport-security")
        .unwrap()
        .contains("max-age="));
    let res = client.login(&user.email, support::PASSWORD).await;
    res.assert_status(200);
    let session = res.headers["set-cookie"]
        .iter()
        .find(|c| c.starts_with("colivra_session="))
        .unwrap();
    assert!(
        session.contains("Secure") && session.contains("HttpOnly"),
        "{session}"
    );
}

#[actix_rt::test]
async fn the_web_app_is_served_for_root_and_every_compte_path() {
    let app = TestApp::spawn().await;
    let client = app.client();
    for path in [
        "/",
        "/compte",
        "/compte/connexion",
        "/compte/tous-les-colis/deep/link",
    ] {
        let res = client.get(path).await;
        res.assert_status(200);
        assert!(res.text.contains("Colivra test shell"), "{path}");
        assert_eq!(res.header("cache-control"), Some("no-cache"));
    }
    let asset = client.get("/assets/app.js").await;
    asset.assert_status(200);
    assert!(asset.header("cache-control").unwrap().contains("immutable"));
    let config = client.get("/app-config.js").await;
    assert!(
        config.text.contains("\"appName\":\"Colivra Test\""),
        "{}",
        config.text
    );
    let docs = client.get("/api/docs/").await;
    docs.assert_status(200);
    let openapi = client.get("/api/openapi.json").await;
    openapi.assert_status(200);
    assert!(openapi.body["paths"]["/api/login"]["post"].is_object());
}

#[actix_rt::test]
async fn writes_are_recorded_as_activities() {
    use diesel::prelude::*;
    let app = TestApp::spawn().await;
    let (client, user) = app.signed_in(Role::Client, true).await;
    client
        .post("/api/tokens", serde_json::json!({"name": "erp"}))
        .await
        .assert_status(201);
    let actions: Vec<String> = colivra_db::schema::activities::table
        .filter(colivra_db::schema::activities::user_id.eq(user.id))
        .order(colivra_db::schema::activities::id.asc())
        .select(colivra_db::schema::activities::action)
        .load(&mut *app.conn())
        .unwrap();
    assert_eq!(actions, vec!["user.signed_in", "token.created"]);
}

/// PostgreSQL going away while the server runs: /ready and API calls answer 503 within seconds,
/// and everything recovers by itself when the database is back. (SQLite is a file in the process:
/// it cannot go away like this, so this runs on the PostgreSQL pass.)
#[actix_rt::test]
async fn a_lost_postgres_answers_503_and_recovers() {
    use diesel::connection::SimpleConnection;
    use diesel::Connection;
    let app = TestApp::spawn().await;
    let Some((admin_url, name)) = app.db.postgres_admin() else {
        assert_eq!(
            colivra_db::test_support::test_backend(),
            colivra_db::Backend::Sqlite
        );
        return;
    };
    let (client, _) = app.signed_in(Role::Client, true).await;
    client.get("/api/user").await.assert_status(200);
    let mut admin = diesel::PgConnection::establish(&admin_url).unwrap();
    admin
        .batch_execute(&format!(
            "ALTER DATABASE {name} ALLOW_CONNECTIONS false; \
             SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}';"
        ))
        .unwrap();
    let started = std::time::Instant::now();
    let ready = client.get("/ready").await;
    ready.assert_status(503);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let api = client.get("/api/user").await;
    api.assert_status(503);
    assert!(api.body["message"].is_string(), "{}", api.text);
    // Raised by the session layer, outside the handlers: still every header.
    for name in [
        "x-request-id",
        "content-security-policy",
        "x-content-type-options",
        "referrer-policy",
        "x-frame-options",
    ] {
        assert!(api.header(name).is_some(), "{name} missing on the 503");
    }

    admin
        .batch_execute(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true"))
        .unwrap();
    client.get("/ready").await.assert_status(200);
    client.get("/api/user").await.assert_status(200);
}

#[actix_rt::test]
async fn favicon_ico_is_served() {
    let app = TestApp::spawn().await;
    let res = app.client().get("/favicon.ico").await;
    res.assert_status(200);
    assert_eq!(res.header("content-type"), Some("image/svg+xml"));
    assert!(res.text.starts_with("<svg"), "{}", res.text);
}
