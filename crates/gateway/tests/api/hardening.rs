//! Issue 12's mechanisms, over HTTP on both databases: control characters refused at the edge,
//! headers on every response whichever layer answered, 405 with Allow, the XSRF token bound to
//! the session, per-role idle timeouts, one's sessions, token abilities, and sign-in throttling
//! kept in the database.

use crate::support::{TestApp, TestClient, PASSWORD};
use colivra_core::{Role, UserId};
use serde_json::json;

const SECURITY_HEADERS: [&str; 6] = [
    "x-request-id",
    "content-security-policy",
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
    "permissions-policy",
];

#[track_caller]
fn assert_headers(res: &crate::support::Response, what: &str) {
    for name in SECURITY_HEADERS {
        assert!(res.header(name).is_some(), "{name} missing on {what}");
    }
}

#[actix_rt::test]
async fn a_nul_or_control_character_anywhere_is_a_422_naming_the_field() {
    let app = TestApp::spawn().await;
    let anonymous = app.client();
    let login = anonymous
        .post(
            "/api/login",
            json!({"email": "a\u{0}@b.ma", "password": "x"}),
        )
        .await;
    login.assert_status(422);
    assert!(!login.field_errors("email").is_empty(), "{}", login.text);
    let register = anonymous
        .post(
            "/api/clients",
            json!({"first_name": "Na\u{0}dia", "last_name": "Tazi", "email": "n@t.ma",
                   "phone": "0661234567", "password": "Colis-Rapides-77",
                   "password_confirmation": "Colis-Rapides-77", "company": "\u{1b}[31m"}),
        )
        .await;
    register.assert_status(422);
    assert!(!register.field_errors("first_name").is_empty());
    assert!(!register.field_errors("company").is_empty());
    anonymous
        .get("/api/tracking/CLV%00X")
        .await
        .assert_status(422);

    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let city = admin
        .post(
            "/api/cities",
            json!({"name": "Fès\u{0}", "delivery_fee": 2000, "return_fee": 1000, "refusal_fee": 500}),
        )
        .await;
    city.assert_status(422);
    assert!(!city.field_errors("name").is_empty());
    let listed = admin.get("/api/parcels?q=ab%00c").await;
    listed.assert_status(422);
    assert!(!listed.field_errors("q").is_empty(), "{}", listed.text);
    assert_headers(&listed, "an edge 422");

    let (merchant, _) = app.signed_in(Role::Merchant, true).await;
    let nested = merchant
        .post(
            "/api/pickup-vouchers",
            json!({"parcels": ["CLV1", "CLV\u{7f}2"]}),
        )
        .await;
    nested.assert_status(422);
    assert!(
        !nested.field_errors("parcels.1").is_empty(),
        "{}",
        nested.text
    );
    // Nothing of the refused requests reached the database.
    use diesel::prelude::*;
    let cities: i64 = colivra_db::schema::cities::table
        .filter(colivra_db::schema::cities::name.like("Fès%"))
        .count()
        .get_result(&mut *app.conn())
        .unwrap();
    assert_eq!(cities, 0);
}

#[actix_rt::test]
async fn every_layer_answers_with_the_headers_and_405_names_the_allowed_methods() {
    let app = TestApp::spawn().await;
    let client = app.client();
    let unknown = client.get("/api/no-such-thing").await;
    unknown.assert_status(404);
    assert_headers(&unknown, "a 404 of an unknown path");

    let wrong_method = client.delete("/api/login").await;
    wrong_method.assert_status(405);
    assert_eq!(wrong_method.header("allow"), Some("POST"));
    assert_headers(&wrong_method, "a 405");
    let with_key = client
        .request(actix_web::http::Method::PATCH, "/api/parcels/CLV123", None)
        .await;
    with_key.assert_status(405);
    assert_eq!(with_key.header("allow"), Some("DELETE, GET, PUT"));

    let (merchant, _) = app.signed_in(Role::Merchant, true).await;
    let too_big = merchant
        .post_bytes(
            "/api/parcels/import",
            vec![b'a'; colivra_gateway::app::FILE_LIMIT_BYTES + 1],
            "text/csv",
        )
        .await;
    too_big.assert_status(413);
    assert_headers(&too_big, "a 413");
    assert!(too_big.body["message"].is_string(), "{}", too_big.text);
}

/// The raw request, as an attacker would build it: cookies and headers of his choosing.
async fn raw_post(app: &TestApp, path: &str, cookie: &str, xsrf: &str) -> u16 {
    awc::Client::default()
        .post(format!("{}{path}", app.base))
        .insert_header(("Cookie", cookie.to_owned()))
        .insert_header(("X-XSRF-TOKEN", xsrf.to_owned()))
        .send_json(&json!({"email": "a@b.ma", "password": "x"}))
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[actix_rt::test]
async fn the_xsrf_token_belongs_to_the_session_and_changes_at_sign_in_and_out() {
    let app = TestApp::spawn().await;
    // A matching cookie and header of one's own choosing is worthless.
    assert_eq!(
        raw_post(&app, "/api/login", "XSRF-TOKEN=chosen", "chosen").await,
        419
    );
    // The token of one session does not work with another session.
    let first = app.client();
    first.get("/sanctum/csrf-cookie").await.assert_status(204);
    let second = app.client();
    second.get("/sanctum/csrf-cookie").await.assert_status(204);
    let cookie = format!(
        "colivra_session={}",
        second.cookie("colivra_session").unwrap()
    );
    assert_eq!(
        raw_post(
            &app,
            "/api/login",
            &cookie,
            &first.cookie("XSRF-TOKEN").unwrap()
        )
        .await,
        419
    );
    assert_eq!(
        raw_post(
            &app,
            "/api/login",
            &cookie,
            &second.cookie("XSRF-TOKEN").unwrap()
        )
        .await,
        422
    );

    // Sign-in rotates it: the token seen before signing in no longer works after.
    let user = app.create_user(Role::Merchant, "rotate@shop.ma", true, None);
    let before = first.cookie("XSRF-TOKEN").unwrap();
    first
        .login("rotate@shop.ma", PASSWORD)
        .await
        .assert_status(200);
    let after = first.cookie("XSRF-TOKEN").unwrap();
    assert_ne!(before, after);
    let session = format!(
        "colivra_session={}",
        first.cookie("colivra_session").unwrap()
    );
    let stale = awc::Client::default()
        .put(format!("{}/api/users", app.base))
        .insert_header(("Cookie", session.clone()))
        .insert_header(("X-XSRF-TOKEN", before))
        .send_json(&json!({"first_name": "Stale"}))
        .await
        .unwrap();
    assert_eq!(stale.status().as_u16(), 419);
    first
        .put("/api/users", json!({"first_name": "Fresh"}))
        .await
        .assert_status(200);

    // Sign-out clears the cookie; the old token dies with the session.
    let out = first.post("/api/logout", json!({})).await;
    out.assert_status(204);
    assert!(first.cookie("XSRF-TOKEN").is_none());
    let replay = awc::Client::default()
        .post(format!("{}/api/logout", app.base))
        .insert_header(("Cookie", session))
        .insert_header(("X-XSRF-TOKEN", after))
        .send()
        .await
        .unwrap();
    assert_eq!(replay.status().as_u16(), 419);
    assert_eq!(
        colivra_auth::sessions::count_for_user(&mut app.conn(), user.id).unwrap(),
        0
    );
}

fn idle_for(app: &TestApp, user_id: UserId, minutes: i64) {
    use colivra_db::schema::sessions;
    use diesel::prelude::*;
    let then = colivra_core::time::now() - chrono::Duration::minutes(minutes);
    diesel::update(sessions::table.filter(sessions::user_id.eq(user_id)))
        .set(sessions::last_seen_at.eq(then))
        .execute(&mut *app.conn())
        .unwrap();
}

/// Minutes since the user's session was last seen, as stored.
fn idle_minutes(app: &TestApp, user_id: UserId) -> i64 {
    use colivra_db::schema::sessions;
    use diesel::prelude::*;
    let seen: Option<chrono::NaiveDateTime> = sessions::table
        .filter(sessions::user_id.eq(user_id))
        .select(sessions::last_seen_at)
        .first(&mut *app.conn())
        .unwrap();
    (colivra_core::time::now() - seen.unwrap()).num_minutes()
}

#[actix_rt::test]
async fn admins_idle_out_after_30_minutes_and_others_after_2_hours() {
    let app = TestApp::spawn().await;
    let (admin, admin_user) = app.signed_in(Role::Admin, true).await;
    let (merchant, merchant_user) = app.signed_in(Role::Merchant, true).await;
    let (delivery_person, delivery_person_user) = app.signed_in(Role::DeliveryPerson, true).await;
    idle_for(&app, admin_user.id, 29);
    admin.get("/api/user").await.assert_status(200);
    // That request slid the idle expiry (a write apart from the session's read).
    assert!(idle_minutes(&app, admin_user.id) < 1);
    idle_for(&app, admin_user.id, 31);
    admin.get("/api/user").await.assert_status(401);

    idle_for(&app, merchant_user.id, 31);
    merchant.get("/api/user").await.assert_status(200);
    idle_for(&app, delivery_person_user.id, 119);
    delivery_person.get("/api/user").await.assert_status(200);
    idle_for(&app, merchant_user.id, 121);
    merchant.get("/api/user").await.assert_status(401);
}

async fn second_sign_in(app: &TestApp, email: &str, device: &str) -> TestClient {
    let client = app.client();
    client.get("/sanctum/csrf-cookie").await.assert_status(204);
    let res = awc::Client::default()
        .post(format!("{}/api/login", app.base))
        .insert_header((
            "Cookie",
            format!(
                "colivra_session={}; XSRF-TOKEN={}",
                client.cookie("colivra_session").unwrap(),
                client.cookie("XSRF-TOKEN").unwrap()
            ),
        ))
        .insert_header(("X-XSRF-TOKEN", client.cookie("XSRF-TOKEN").unwrap()))
        .insert_header(("User-Agent", device.to_owned()))
        .send_json(&json!({"email": email, "password": PASSWORD}))
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    for cookie in res.cookies().unwrap().iter() {
        client.set_cookie(cookie.name(), cookie.value());
    }
    client
}

#[actix_rt::test]
async fn a_user_sees_his_sessions_and_ends_the_others() {
    let app = TestApp::spawn().await;
    let user = app.create_user(Role::Merchant, "two@shop.ma", true, None);
    let laptop = second_sign_in(
        &app,
        "two@shop.ma",
        "Mozilla/5.0 (Windows NT 10.0) Chrome/130",
    )
    .await;
    let phone = second_sign_in(&app, "two@shop.ma", "Mozilla/5.0 (iPhone) Safari/604").await;
    let tablet = second_sign_in(&app, "two@shop.ma", "Tablet/1").await;

    let listed = laptop.get("/api/sessions").await;
    listed.assert_status(200);
    let sessions = listed.body["data"].as_array().unwrap();
    assert_eq!(sessions.len(), 3, "{}", listed.text);
    assert_eq!(sessions[0]["current"], true);
    assert!(sessions[0]["device"].as_str().unwrap().contains("Windows"));
    assert_eq!(sessions[0]["address"], "127.0.0.1");
    assert!(sessions.iter().skip(1).all(|s| s["current"] == false));
    let phone_key = sessions
        .iter()
        .find(|s| s["device"].as_str().unwrap_or("").contains("iPhone"))
        .unwrap()["key"]
        .as_str()
        .unwrap()
        .to_owned();

    // Another user cannot end it, nor see it.
    let (stranger, _) = app.signed_in(Role::Merchant, true).await;
    stranger
        .delete(&format!("/api/sessions/{phone_key}"))
        .await
        .assert_status(404);
    assert_eq!(
        stranger.get("/api/sessions").await.body["data"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    phone.get("/api/user").await.assert_status(200);

    laptop
        .delete(&format!("/api/sessions/{phone_key}"))
        .await
        .assert_status(204);
    phone.get("/api/user").await.assert_status(401);
    tablet.get("/api/user").await.assert_status(200);

    let ended = laptop.delete("/api/sessions").await;
    ended.assert_status(200);
    assert_eq!(ended.body["ended"], 1);
    tablet.get("/api/user").await.assert_status(401);
    laptop.get("/api/user").await.assert_status(200);
    assert_eq!(
        colivra_auth::sessions::count_for_user(&mut app.conn(), user.id).unwrap(),
        1
    );
    let actions: Vec<String> = {
        use colivra_db::schema::activities;
        use diesel::prelude::*;
        activities::table
            .filter(activities::user_id.eq(user.id))
            .filter(activities::action.like("session.%"))
            .select(activities::action)
            .load(&mut *app.conn())
            .unwrap()
    };
    assert_eq!(actions, vec!["session.ended", "session.ended_others"]);
}

async fn token_with(client: &TestClient, abilities: serde_json::Value) -> String {
    let created = client
        .post(
            "/api/tokens",
            json!({"name": "erp", "abilities": abilities}),
        )
        .await;
    created.assert_status(201);
    created.body["token"].as_str().unwrap().to_owned()
}

#[actix_rt::test]
async fn tokens_read_or_write_as_granted_and_never_touch_the_account() {
    let app = TestApp::spawn().await;
    let (merchant, _) = app.signed_in(Role::Merchant, true).await;

    let default = merchant
        .post("/api/tokens", json!({"name": "default"}))
        .await;
    default.assert_status(201);
    assert_eq!(default.body["data"]["abilities"], json!(["read", "write"]));
    let expires: chrono::DateTime<chrono::Utc> = default.body["data"]["expires_at"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let days = (expires - chrono::Utc::now()).num_days();
    assert!((89..=90).contains(&days), "{days}");
    for refused in [
        json!({"name": "x", "abilities": ["admin"]}),
        json!({"name": "x", "abilities": []}),
        json!({"name": "x", "expires_at": (chrono::Utc::now() + chrono::Duration::days(400)).date_naive().to_string()}),
    ] {
        merchant
            .post("/api/tokens", refused)
            .await
            .assert_status(422);
    }

    let reader = app.client();
    *reader.bearer.borrow_mut() = Some(token_with(&merchant, json!(["read"])).await);
    reader.get("/api/shops").await.assert_status(200);
    let refused = reader
        .post("/api/shops", json!({"name": "Via token"}))
        .await;
    refused.assert_status(403);
    assert!(refused.text.contains("write"), "{}", refused.text);

    let writer = app.client();
    *writer.bearer.borrow_mut() = Some(token_with(&merchant, json!(["read", "write"])).await);
    let shop = writer
        .post("/api/shops", json!({"name": "Via token"}))
        .await;
    assert_ne!(shop.status, 403, "{}", shop.text);
    // Never the profile, the password, tokens or sessions: those need the browser session.
    writer
        .put("/api/users", json!({"first_name": "Hijacked"}))
        .await
        .assert_status(403);
    writer
        .put(
            "/api/users",
            json!({"current_password": PASSWORD, "password": "Pris-Par-Jeton-9", "password_confirmation": "Pris-Par-Jeton-9"}),
        )
        .await
        .assert_status(403);
    writer.get("/api/tokens").await.assert_status(403);
    writer.get("/api/sessions").await.assert_status(403);
    assert_ne!(
        merchant.get("/api/user").await.body["user_data"]["first_name"],
        "Hijacked"
    );
}

#[actix_rt::test]
async fn sign_in_throttling_is_in_the_database_per_account_and_per_address() {
    let app = TestApp::spawn().await;
    app.create_user(Role::Merchant, "victim@shop.ma", true, None);
    app.create_user(Role::Merchant, "colleague@shop.ma", true, None);
    let client = app.client();
    for _ in 0..5 {
        client
            .login("victim@shop.ma", "guess")
            .await
            .assert_status(422);
    }
    client
        .login("victim@shop.ma", PASSWORD)
        .await
        .assert_status(429);
    // A colleague behind the same address still signs in.
    app.client()
        .login("colleague@shop.ma", PASSWORD)
        .await
        .assert_status(200);
    // A second process on the same database (or this one restarted) knows the failures.
    let (base, handle) = app.second_process().await;
    let elsewhere = TestClient::new(&base);
    elsewhere
        .login("victim@shop.ma", PASSWORD)
        .await
        .assert_status(429);
    handle.stop(false).await;
    use diesel::prelude::*;
    let stored: i64 = colivra_db::schema::sign_in_failures::table
        .filter(colivra_db::schema::sign_in_failures::key.eq("email:victim@shop.ma"))
        .count()
        .get_result(&mut *app.conn())
        .unwrap();
    assert_eq!(stored, 5);
}

#[actix_rt::test]
async fn one_address_is_stopped_after_many_failures_over_many_accounts() {
    let app = TestApp::spawn_with_throttle(colivra_auth::throttle::SignInThrottle {
        per_account: 5,
        per_address: 8,
        window_seconds: 900,
    })
    .await;
    app.create_user(Role::Merchant, "real@shop.ma", true, None);
    let client = app.client();
    for n in 0..8 {
        client
            .login(&format!("sprayed-{n}@shop.ma"), "guess")
            .await
            .assert_status(422);
    }
    client
        .login("real@shop.ma", PASSWORD)
        .await
        .assert_status(429);
}

/// Behind a trusted load balancer, throttling by address counts the client the balancer saw
/// (the rightmost `X-Forwarded-For` entry), not the balancer; what a client writes further left,
/// or sends without the balancer, is not believed.
#[actix_rt::test]
async fn behind_a_trusted_proxy_throttling_counts_the_forwarded_client() {
    let throttle = colivra_auth::throttle::SignInThrottle {
        per_account: 50,
        per_address: 4,
        window_seconds: 900,
    };
    let app = TestApp::spawn_behind_proxy("127.0.0.1", throttle).await;
    app.create_user(Role::Merchant, "real@shop.ma", true, None);
    let from = |chain: &str| {
        let client = app.client();
        *client.forwarded_for.borrow_mut() = Some(chain.to_owned());
        client
    };
    // An attacker behind the balancer, forging a left part that changes every time.
    for n in 0..4 {
        from(&format!("10.9.9.{n}, 203.0.113.66"))
            .login(&format!("sprayed-{n}@shop.ma"), "guess")
            .await
            .assert_status(422);
    }
    from("203.0.113.66")
        .login("real@shop.ma", PASSWORD)
        .await
        .assert_status(429);
    // Everyone else behind the same balancer still signs in.
    from("198.51.100.20")
        .login("real@shop.ma", PASSWORD)
        .await
        .assert_status(200);

    // Without trusted proxies, the header is ignored: the same failures count against the
    // connection's own address, whatever it claims.
    let plain = TestApp::spawn_with_throttle(throttle).await;
    plain.create_user(Role::Merchant, "real@shop.ma", true, None);
    for n in 0..4 {
        let client = plain.client();
        *client.forwarded_for.borrow_mut() = Some(format!("203.0.113.{n}"));
        client
            .login(&format!("sprayed-{n}@shop.ma"), "guess")
            .await
            .assert_status(422);
    }
    let client = plain.client();
    *client.forwarded_for.borrow_mut() = Some("198.51.100.20".to_owned());
    client
        .login("real@shop.ma", PASSWORD)
        .await
        .assert_status(429);
}

#[actix_rt::test]
async fn fees_have_an_upper_bound() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let huge = admin
        .post(
            "/api/cities",
            json!({"name": "Ifrane", "delivery_fee": 9_223_372_036_854_775_807_i64,
                   "return_fee": 1000, "refusal_fee": 100_001}),
        )
        .await;
    huge.assert_status(422);
    assert!(
        !huge.field_errors("delivery_fee").is_empty(),
        "{}",
        huge.text
    );
    assert!(
        !huge.field_errors("refusal_fee").is_empty(),
        "{}",
        huge.text
    );
    // 1,000 dirhams is the most a fee may be.
    admin
        .post(
            "/api/cities",
            json!({"name": "Ifrane", "delivery_fee": 100_000, "return_fee": 0, "refusal_fee": 0}),
        )
        .await
        .assert_status(201);
}
