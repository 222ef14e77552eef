//! Health, readiness, security headers, the web app, and the database going away.

use crate::support::TestApp;
use colivra_core::Role;

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
    let user = app.create_user(Role::Merchant, "secure@shop.ma", true, None);
    let client = app.client();
    let csrf = client.get("/sanctum/csrf-cookie").await;
    assert!(csrf.header("set-cookie").unwrap().contains("Secure"));
    assert!(csrf
        .header("strict-transport-security")
        .unwrap()
        .contains("max-age="));
    let res = client.login(&user.email, crate::support::PASSWORD).await;
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
    // The service worker and the manifest, at the root, revalidated on every use.
    std::fs::write(
        app.static_dir.join("sw.js"),
        "self.addEventListener('fetch', () => {});",
    )
    .unwrap();
    std::fs::write(
        app.static_dir.join("manifest.webmanifest"),
        "{\"name\":\"Colivra\"}",
    )
    .unwrap();
    let worker = client.get("/sw.js").await;
    worker.assert_status(200);
    assert_eq!(
        worker.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(worker.header("cache-control"), Some("no-cache"));
    assert!(worker.text.contains("addEventListener"));
    let manifest = client.get("/manifest.webmanifest").await;
    manifest.assert_status(200);
    assert_eq!(
        manifest.header("content-type"),
        Some("application/manifest+json")
    );
    assert_eq!(manifest.body["name"], "Colivra");
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
async fn the_web_app_is_served_on_its_public_pages() {
    let app = TestApp::spawn().await;
    let client = app.client();
    for path in [
        "/mot-de-passe-oublie",
        "/reinitialiser-mot-de-passe?jeton=x",
        "/desinscription/ABC",
    ] {
        let res = client.get(path).await;
        res.assert_status(200);
        assert!(
            res.header("content-type")
                .is_some_and(|value| value.starts_with("text/html")),
            "{path}: {:?}",
            res.header("content-type")
        );
        assert!(res.text.contains("Colivra test shell"), "{path}");
    }
}

#[actix_rt::test]
async fn a_browser_without_a_session_gets_the_sign_in_page_with_its_plain_form() {
    let app = TestApp::spawn().await;
    std::fs::write(
        app.static_dir.join("signin.html"),
        "<!doctype html><title>Colivra sign-in shell</title>",
    )
    .unwrap();
    let anonymous = app.client();
    for (path, page) in [
        ("/", "sign-in"),
        ("/compte/connexion", "sign-in"),
        ("/compte/inscription", "test"),
        ("/compte/tous-les-colis", "test"),
        ("/suivi/K1", "test"),
    ] {
        let res = anonymous.get(path).await;
        res.assert_status(200);
        assert!(
            res.text.contains(&format!("Colivra {page} shell")),
            "{path}: {}",
            res.text
        );
        assert_eq!(res.header("cache-control"), Some("no-cache"), "{path}");
    }
    // A browser that holds a session cookie (signed in, or was): the plain page, which restores it.
    let (merchant, _) = app.signed_in(Role::Merchant, true).await;
    assert!(merchant.cookie("colivra_session").is_some());
    for path in ["/", "/compte/connexion"] {
        let res = merchant.get(path).await;
        assert!(res.text.contains("Colivra test shell"), "{path}");
    }
}

#[actix_rt::test]
async fn writes_are_recorded_as_activities() {
    use diesel::prelude::*;
    let app = TestApp::spawn().await;
    let (client, user) = app.signed_in(Role::Merchant, true).await;
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
    // Each with an opaque key, as every object: no integer id leaves the server.
    let res = client.get("/api/activities?mine=true").await;
    res.assert_status(200);
    let keys: Vec<&str> = res.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["key"].as_str().unwrap())
        .collect();
    assert_eq!(keys.len(), 2, "{}", res.text);
    for key in &keys {
        assert!(key.starts_with("AC") && key.len() >= 12, "{key}");
        assert!(key.parse::<i64>().is_err(), "{key}");
    }
    assert_ne!(keys[0], keys[1]);
}

/// The PostgreSQL server's address and the test database's name; `None` on the SQLite pass, where
/// the database is a file in the process that nobody can take away.
fn postgres_admin(app: &TestApp) -> Option<(String, String)> {
    let admin = app.db.postgres_admin();
    if admin.is_none() {
        assert_eq!(
            colivra_db::test_support::test_backend(),
            colivra_db::Backend::Sqlite
        );
    }
    admin
}

/// PostgreSQL going away while the server runs: /ready and API calls answer 503 within seconds,
/// and everything recovers by itself when the database is back. (SQLite is a file in the process:
/// it cannot go away like this, so this runs on the PostgreSQL pass.)
#[actix_rt::test]
async fn a_lost_postgres_answers_503_and_recovers() {
    use diesel::connection::SimpleConnection;
    use diesel::Connection;
    let app = TestApp::spawn().await;
    let Some((admin_url, name)) = postgres_admin(&app) else {
        return;
    };
    let (client, _) = app.signed_in(Role::Merchant, true).await;
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
    // Liveness needs neither the database nor the session: with the session cookie sent and the
    // database gone, still answered at once (loading the session would wait out the pool's 3 s).
    let started = std::time::Instant::now();
    client.get("/health").await.assert_status(200);
    assert!(
        started.elapsed() < std::time::Duration::from_secs(1),
        "/health took {:?}",
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

/// A check-out sends no `SELECT 1` any more; after PostgreSQL ended every connection (a restart,
/// a failover), one request meets a dead connection and fails, and the pool then checks the
/// others before handing them out: every later request is served.
#[actix_rt::test]
async fn after_postgres_ends_every_connection_one_request_fails_and_the_rest_are_served() {
    use diesel::connection::SimpleConnection;
    use diesel::Connection;
    let app = TestApp::spawn().await;
    let Some((admin_url, name)) = postgres_admin(&app) else {
        return;
    };
    let (client, _) = app.signed_in(Role::Merchant, true).await;
    // Several connections open in the pool: requests at once.
    let together: Vec<_> = (0..6).map(|_| client.get("/api/parcels")).collect();
    for res in futures_util::future::join_all(together).await {
        res.assert_status(200);
    }
    let open: i64 = {
        use diesel::prelude::*;
        let mut admin = diesel::PgConnection::establish(&admin_url).unwrap();
        diesel::sql_query(format!(
            "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM pg_stat_activity WHERE datname = '{name}'"
        ))
        .get_result::<Count>(&mut admin)
        .unwrap()
        .n
    };
    assert!(open >= 2, "{open} connection(s) open");
    let mut admin = diesel::PgConnection::establish(&admin_url).unwrap();
    admin
        .batch_execute(&format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"
        ))
        .unwrap();
    let mut statuses = Vec::new();
    for _ in 0..12 {
        statuses.push(client.get("/api/parcels").await.status);
    }
    let failed = statuses.iter().filter(|status| **status != 200).count();
    assert!(failed <= 1, "{statuses:?}");
    assert!(
        statuses.iter().skip(1).all(|status| *status == 200),
        "{statuses:?}"
    );
    assert!(
        statuses.iter().all(|status| [200, 503].contains(status)),
        "{statuses:?}"
    );
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

#[actix_rt::test]
async fn favicon_ico_is_served() {
    let app = TestApp::spawn().await;
    let res = app.client().get("/favicon.ico").await;
    res.assert_status(200);
    assert_eq!(res.header("content-type"), Some("image/svg+xml"));
    assert!(res.text.starts_with("<svg"), "{}", res.text);
}

/// The raw answer to a GET with this `Accept-Encoding`, not decoded by the client.
async fn raw_get(
    app: &TestApp,
    path: &str,
    accept: Option<&str>,
) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let mut request = awc::Client::default()
        .get(format!("{}{path}", app.base))
        .no_decompress();
    if let Some(accept) = accept {
        request = request.insert_header(("Accept-Encoding", accept));
    }
    let mut response = request.send().await.expect("request sent");
    let headers = response
        .headers()
        .iter()
        .map(|(n, v)| (n.as_str().to_owned(), v.to_str().unwrap_or("").to_owned()))
        .collect();
    let body = response.body().limit(8 << 20).await.expect("body").to_vec();
    (response.status().as_u16(), headers, body)
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Vec<&'a str> {
    headers
        .iter()
        .filter(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
        .collect()
}

#[actix_rt::test]
async fn built_assets_go_out_in_the_precompressed_copy_the_browser_accepts() {
    let app = TestApp::spawn().await;
    let assets = app.static_dir.join("assets");
    let script = "console.log('colivra');\n".repeat(200);
    std::fs::write(assets.join("big.js"), &script).unwrap();
    std::fs::write(
        assets.join("big.js.br"),
        b"brotli bytes as the build wrote them",
    )
    .unwrap();
    std::fs::write(
        assets.join("big.js.gz"),
        b"gzip bytes as the build wrote them",
    )
    .unwrap();

    let (status, headers, body) =
        raw_get(&app, "/assets/big.js", Some("gzip, deflate, br, zstd")).await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-encoding"), ["br"]);
    assert_eq!(body, b"brotli bytes as the build wrote them");
    assert!(header(&headers, "content-type")[0].contains("javascript"));
    assert_eq!(header(&headers, "vary").len(), 1, "{headers:?}");
    assert!(header(&headers, "vary")[0].eq_ignore_ascii_case("accept-encoding"));
    assert!(header(&headers, "cache-control")[0].contains("immutable"));

    let (_, headers, body) = raw_get(&app, "/assets/big.js", Some("gzip")).await;
    assert_eq!(header(&headers, "content-encoding"), ["gzip"]);
    assert_eq!(body, b"gzip bytes as the build wrote them");

    // No (acceptable) encoding: the file itself, still marked as varying.
    for accept in [None, Some("identity"), Some("br;q=0, gzip;q=0")] {
        let (status, headers, body) = raw_get(&app, "/assets/big.js", accept).await;
        assert_eq!(status, 200, "{accept:?}");
        assert!(
            header(&headers, "content-encoding").is_empty(),
            "{accept:?}"
        );
        assert_eq!(body, script.as_bytes(), "{accept:?}");
        assert_eq!(header(&headers, "vary").len(), 1, "{accept:?}: {headers:?}");
    }
}

#[actix_rt::test]
async fn large_json_answers_are_compressed_and_small_ones_are_not() {
    use std::io::Read;
    let app = TestApp::spawn().await;
    // The OpenAPI document: hundreds of kilobytes of JSON.
    let (_, plain_headers, plain) = raw_get(&app, "/api/openapi.json", None).await;
    assert!(header(&plain_headers, "content-encoding").is_empty());
    assert!(plain.len() > 100_000);

    let (status, headers, gzipped) = raw_get(&app, "/api/openapi.json", Some("gzip")).await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-encoding"), ["gzip"]);
    assert!(
        gzipped.len() * 5 < plain.len(),
        "{} vs {}",
        gzipped.len(),
        plain.len()
    );
    let mut decoded = Vec::new();
    flate2::read::GzDecoder::new(gzipped.as_slice())
        .read_to_end(&mut decoded)
        .unwrap();
    assert_eq!(decoded, plain);

    let (_, headers, brotli) = raw_get(&app, "/api/openapi.json", Some("gzip, deflate, br")).await;
    assert_eq!(header(&headers, "content-encoding"), ["br"]);
    assert!(brotli.len() < gzipped.len());

    // A small answer (an error body of a few dozen bytes) is not worth compressing.
    let (status, headers, body) = raw_get(&app, "/api/user", Some("gzip, br")).await;
    assert_eq!(status, 401);
    assert!(header(&headers, "content-encoding").is_empty());
    assert!(serde_json::from_slice::<serde_json::Value>(&body).is_ok());
    assert!(header(&headers, "vary")
        .iter()
        .any(|v| v.to_ascii_lowercase().contains("accept-encoding")));
}

/// What a request cost the database, from its `Server-Timing` header: statements, connections.
fn database_cost(res: &crate::support::Response) -> (u32, u32) {
    let timing = res.header("server-timing").expect("a Server-Timing header");
    let desc = timing
        .split("desc=\"")
        .nth(1)
        .unwrap()
        .trim_end_matches('"');
    let numbers: Vec<u32> = desc
        .split(|c: char| !c.is_ascii_digit())
        .filter(|part| !part.is_empty())
        .map(|part| part.parse().unwrap())
        .collect();
    (numbers[0], numbers[1])
}

/// Issue 23's fixed cost: a list request, once the names on its page were seen, is served on one
/// connection in three statements (the session with its user, the page, the recipients' histories
/// with the company's policy: issue 40); its count comes from the page when the page holds
/// everything, and stock lines are read only for parcels that have some. A creation costs eight
/// statements.
#[actix_rt::test]
async fn a_warm_list_request_costs_one_connection_and_two_statements() {
    use crate::support::money::{money_world, ship_round, End, Planned};
    let w = money_world(1).await;
    let plan: Vec<Planned> = (0..6)
        .map(|n| Planned {
            cod: 10_000 + 100 * n,
            refund: false,
            rabat: false,
            end: End::Delivered,
            delivery_person: 0,
        })
        .collect();
    ship_round(&w, &plan).await;
    let courier = &w.delivery_people[0].client;
    for (who, client) in [
        ("admin", &w.admin),
        ("merchant", &w.merchant),
        ("delivery person", courier),
    ] {
        for path in [
            "/api/parcels?per_page=25",
            "/api/parcels?per_page=25&q=0612",
        ] {
            // The first request of a page may load the names it shows.
            client.get(path).await.assert_status(200);
            let res = client.get(path).await;
            res.assert_status(200);
            assert_eq!(
                res.body["data"].as_array().unwrap().len(),
                6,
                "{who} {path}"
            );
            assert_eq!(res.body["meta"]["total"], 6, "{who} {path}");
            assert_eq!(database_cost(&res), (3, 1), "{who} {path}");
        }
    }
    // A write is not kept waiting on a connection while its body arrives: the session's
    // check-out and the handler's are two.
    let res = w
        .merchant
        .post(
            "/api/parcels",
            serde_json::json!({"shop": w.shop, "recipient_name": "Nouveau", "recipient_phone": "0612345678",
                   "city": w.casa, "address": "1 rue Tarik", "cod_amount": 5_000, "product": "Sac"}),
        )
        .await;
    res.assert_status(201);
    let on_postgres = matches!(*w.app.conn(), colivra_db::DbConnection::Pg(_));
    // The session with its user; then the transaction: begin, the look-ups (the merchant's
    // shops, the city with his fees and his webhook endpoints, in one statement), the
    // recipient's history with the company's policy, the parcel, its first history row, the
    // activity, commit. SQLite adds the look-up of the file whose writer lock the transaction
    // takes (in-process).
    let statements = if on_postgres { 8 } else { 9 };
    assert_eq!(database_cost(&res), (statements, 2));
}

/// `/metrics` (issue 42) read with a Prometheus text-format parser: refused without the token;
/// with it, the requests just made counted under their route template, their latency histogram,
/// the outbox backlog of this database exactly, the pool and the build.
#[actix_rt::test]
async fn metrics_are_scraped_behind_a_token_in_the_prometheus_format() {
    use crate::support::metrics::{has_route, parse as scrape, value};

    const TOKEN: &str = "scrape-token-0123456789";
    let app = TestApp::spawn_with_metrics_token(TOKEN).await;
    let anonymous = app.client();
    anonymous.get("/metrics").await.assert_status(401);
    anonymous.set_header("Authorization", "Bearer wrong-token-0123456789");
    anonymous.get("/metrics").await.assert_status(401);

    let scraper = app.client();
    scraper.set_header("Authorization", &format!("Bearer {TOKEN}"));
    let route = [
        ("route", "/api/users/notices"),
        ("method", "GET"),
        ("status", "200"),
    ];
    let res = scraper.get("/metrics").await;
    res.assert_status(200);
    assert!(res
        .header("content-type")
        .unwrap()
        .starts_with("text/plain"));
    let before = scrape(&res.text);
    let counted_before = value(&before, "colivra_http_requests_total", &route).unwrap_or(0.0);

    // Three known requests, and two e-mails waiting (no sender runs here).
    let (merchant, user) = app.signed_in(Role::Merchant, true).await;
    for _ in 0..3 {
        merchant.get("/api/users/notices").await.assert_status(200);
    }
    for _ in 0..2 {
        colivra_notifications::outbox::queue_email_to(
            &mut app.conn(),
            user.id,
            colivra_notifications::Kind::AccountActivated,
            None,
            Some("/compte/connexion"),
            |_| serde_json::json!({}),
        )
        .unwrap();
    }

    let res = scraper.get("/metrics").await;
    res.assert_status(200);
    let after = scrape(&res.text);
    let counted = value(&after, "colivra_http_requests_total", &route).unwrap();
    assert!(
        counted - counted_before >= 3.0,
        "{counted_before} then {counted}"
    );
    assert!(
        has_route(
            &after,
            "colivra_http_request_duration_seconds",
            "/api/users/notices"
        ),
        "a latency histogram per route"
    );
    assert_eq!(
        value(&after, "colivra_outbox_pending", &[("outbox", "messages")]),
        Some(2.0)
    );
    assert_eq!(
        value(&after, "colivra_outbox_pending", &[("outbox", "webhooks")]),
        Some(0.0)
    );
    assert!(value(&after, "colivra_sessions_active", &[]).unwrap() >= 1.0);
    assert!(value(&after, "colivra_db_pool_connections", &[("state", "idle")]).is_some());
    assert_eq!(
        value(
            &after,
            "colivra_build_info",
            &[("version", env!("CARGO_PKG_VERSION"))]
        ),
        Some(1.0)
    );
    // The Grafana dashboard shipped in deploy/ reads only metrics the server exports.
    let dashboard = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../deploy/grafana-dashboard.json"
    ))
    .unwrap();
    let exported: std::collections::BTreeSet<&str> =
        after.samples.iter().map(|s| s.metric.as_str()).collect();
    for name in regex::Regex::new(r"colivra_[a-z_]+")
        .unwrap()
        .find_iter(&dashboard)
        .map(|m| m.as_str().trim_end_matches("_bucket"))
        .filter(|name| *name != "colivra_gateways")
    {
        assert!(
            exported.contains(name),
            "the dashboard reads {name}, not exported"
        );
    }
    // One series per route template, none per parcel key or query.
    assert!(!after
        .samples
        .iter()
        .any(|s| s.labels.get("route").is_some_and(|r| r.contains('?'))));
}
