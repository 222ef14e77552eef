//! Sign-in, registration, activation, profile, sessions and tokens, over HTTP.

use crate::support::{TestApp, PASSWORD};
use colivra_core::Role;
use serde_json::json;

fn registration(email: &str) -> serde_json::Value {
    json!({
        "first_name": "Nadia", "last_name": "Tazi", "email": email, "phone": "+212 6 61 23 45 67",
        "password": "Colis-Rapides-77", "password_confirmation": "Colis-Rapides-77",
        "company": "Tazi Cosmetics", "city": "Rabat"
    })
}

#[actix_rt::test]
async fn csrf_cookie_then_every_write_needs_the_matching_header() {
    let app = TestApp::spawn().await;
    app.serve_city("Rabat");
    let client = app.client();
    let res = client.get("/sanctum/csrf-cookie").await;
    res.assert_status(204);
    let cookie = res.header("set-cookie").unwrap().to_owned();
    assert!(
        cookie.starts_with("XSRF-TOKEN=") && !cookie.contains("HttpOnly"),
        "{cookie}"
    );

    *client.send_csrf.borrow_mut() = false;
    client
        .post("/api/login", json!({"email": "a@b.ma", "password": "x"}))
        .await
        .assert_status(419);
    client
        .post("/api/clients", registration("nadia@tazi.ma"))
        .await
        .assert_status(419);
    // A header that does not match the cookie is refused too.
    let res = awc::Client::default()
        .post(format!("{}/api/login", app.base))
        .insert_header((
            "Cookie",
            format!("XSRF-TOKEN={}", client.cookie("XSRF-TOKEN").unwrap()),
        ))
        .insert_header(("X-XSRF-TOKEN", "forged"))
        .send_json(&json!({"email": "a@b.ma", "password": "x"}))
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 419);
}

#[actix_rt::test]
async fn registration_creates_an_inactive_signed_in_merchant() {
    let app = TestApp::spawn().await;
    app.serve_city("Rabat");
    app.serve_city("Marrakech");
    let client = app.client();
    // The form's list of cities: anyone may read it, names only, no fees.
    let served = client.get("/api/cities/served").await;
    served.assert_status(200);
    let names: Vec<&str> = served.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Marrakech", "Rabat"]);
    assert!(served.body["data"][0].get("delivery_fee").is_none());
    // A city the company does not serve (a half-typed one) is refused under its field.
    let mut typed = registration("Nadia@Tazi.ma");
    typed["city"] = json!("Marrak");
    let res = client.post("/api/clients", typed.clone()).await;
    res.assert_status(422);
    assert!(!res.field_errors("city").is_empty(), "{}", res.text);
    // Its letter case does not matter: kept as the company spells it.
    typed["city"] = json!(" rabat ");
    let res = client.post("/api/clients", typed).await;
    res.assert_status(201);
    assert_eq!(res.body["user_data"]["city"], "Rabat");
    assert_eq!(res.body["active"], false);
    assert_eq!(res.body["user_role"], "client");
    assert_eq!(res.body["user_data"]["email"], "nadia@tazi.ma");
    assert_eq!(res.body["user_data"]["phone"], "0661234567");
    assert_eq!(res.body["user_data"]["permissions"][0], "dashboard");

    // Signed in but inactive: only user, users and logout answer.
    client.get("/api/user").await.assert_status(200);
    client.get("/api/tokens").await.assert_status(403);
    client
        .post("/api/tokens", json!({"name": "x"}))
        .await
        .assert_status(403);
    client
        .put("/api/users", json!({"first_name": "Nadia B."}))
        .await
        .assert_status(200);

    // His language follows his account: none until he chooses, then the one he chose; only
    // fr, en or ar.
    assert_eq!(
        client.get("/api/user").await.body["language"],
        serde_json::Value::Null
    );
    client
        .put("/api/users/language", json!({"language": "ar"}))
        .await
        .assert_status(204);
    assert_eq!(client.get("/api/user").await.body["language"], "ar");
    for bad in [
        json!({"language": "de"}),
        json!({"language": null}),
        json!({}),
    ] {
        let res = client.put("/api/users/language", bad.clone()).await;
        res.assert_status(422);
        assert!(
            !res.field_errors("language").is_empty(),
            "{bad}: {}",
            res.text
        );
    }
    assert_eq!(client.get("/api/user").await.body["language"], "ar");

    let stored: String = {
        use diesel::prelude::*;
        colivra_db::schema::users::table
            .filter(colivra_db::schema::users::email.eq("nadia@tazi.ma"))
            .select(colivra_db::schema::users::password_hash)
            .first(&mut *app.conn())
            .unwrap()
    };
    assert!(stored.starts_with("$argon2id$"));

    let again = app
        .client()
        .post("/api/clients", registration("nadia@tazi.ma"))
        .await;
    again.assert_status(422);
    assert!(!again.field_errors("email").is_empty());
}

#[actix_rt::test]
async fn registration_reports_every_bad_field() {
    let app = TestApp::spawn().await;
    let res = app
        .client()
        .post(
            "/api/clients",
            json!({"first_name": "", "email": "not-an-email", "phone": "0412345678",
                   "password": "password123", "password_confirmation": "other", "city": ""}),
        )
        .await;
    res.assert_status(422);
    for field in [
        "first_name",
        "last_name",
        "email",
        "phone",
        "password",
        "password_confirmation",
        "city",
    ] {
        assert!(
            !res.field_errors(field).is_empty(),
            "no error for {field}: {}",
            res.text
        );
    }
    let short = app
        .client()
        .post(
            "/api/clients",
            json!({"password": "Ab1!", "password_confirmation": "Ab1!"}),
        )
        .await;
    assert!(short.field_errors("password")[0].contains('8'));
    let body = app
        .client()
        .post("/api/clients", json!("not an object"))
        .await;
    body.assert_status(422);
}

#[actix_rt::test]
async fn login_answers_one_vague_message_and_rotates_the_session() {
    let app = TestApp::spawn().await;
    let user = app.create_user(Role::Merchant, "amine@shop.ma", true, None);
    let client = app.client();
    let wrong_password = client.login("amine@shop.ma", "nope").await;
    wrong_password.assert_status(422);
    let unknown_email = client.login("nobody@shop.ma", PASSWORD).await;
    unknown_email.assert_status(422);
    assert_eq!(
        wrong_password.body, unknown_email.body,
        "the message must not tell which part was wrong"
    );

    let res = client.login("AMINE@shop.ma", PASSWORD).await;
    res.assert_status(200);
    assert_eq!(res.body["user_data"]["key"], user.key);
    let set_cookie = res.headers["set-cookie"]
        .iter()
        .find(|c| c.starts_with("colivra_session="))
        .unwrap()
        .clone();
    assert!(
        set_cookie.contains("HttpOnly") && set_cookie.contains("SameSite=Lax"),
        "{set_cookie}"
    );
    assert!(
        !set_cookie.contains("Secure"),
        "no Secure flag without COLIVRA_SECURE_COOKIES"
    );
    let first = client.cookie("colivra_session").unwrap();
    client.get("/api/user").await.assert_status(200);

    client
        .login("amine@shop.ma", PASSWORD)
        .await
        .assert_status(200);
    let second = client.cookie("colivra_session").unwrap();
    assert_ne!(first, second, "session id rotated at sign-in");
    let stale = app.client();
    stale.set_cookie("colivra_session", &first);
    stale.get("/api/user").await.assert_status(401);
}

#[actix_rt::test]
async fn remember_false_gives_a_browser_session_cookie() {
    let app = TestApp::spawn().await;
    app.create_user(Role::Merchant, "r@shop.ma", true, None);
    let client = app.client();
    let res = client
        .post(
            "/api/login",
            json!({"email": "r@shop.ma", "password": PASSWORD, "remember": false}),
        )
        .await;
    res.assert_status(200);
    let cookie = res.headers["set-cookie"]
        .iter()
        .find(|c| c.starts_with("colivra_session="))
        .unwrap();
    assert!(
        !cookie.contains("Max-Age") && !cookie.contains("Expires"),
        "{cookie}"
    );
    let res = app
        .client()
        .post(
            "/api/login",
            json!({"email": "r@shop.ma", "password": PASSWORD, "remember": true}),
        )
        .await;
    let cookie = res.headers["set-cookie"]
        .iter()
        .find(|c| c.starts_with("colivra_session="))
        .unwrap();
    assert!(cookie.contains("Max-Age=43200"), "{cookie}");
    client.get("/api/user").await.assert_status(200);
}

#[actix_rt::test]
async fn too_many_failures_for_one_email_answer_429() {
    let app = TestApp::spawn().await;
    app.create_user(Role::Merchant, "victim@shop.ma", true, None);
    let client = app.client();
    for _ in 0..5 {
        client
            .login("victim@shop.ma", "guess")
            .await
            .assert_status(422);
    }
    let blocked = client.login("victim@shop.ma", PASSWORD).await;
    blocked.assert_status(429);
    let retry_after: u64 = blocked.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=15 * 60).contains(&retry_after), "{retry_after}");
    // Another address would be blocked too: the e-mail itself is throttled.
    app.client()
        .login("victim@shop.ma", PASSWORD)
        .await
        .assert_status(429);
}

#[actix_rt::test]
async fn logout_ends_the_server_side_session() {
    let app = TestApp::spawn().await;
    let (client, _) = app.signed_in(Role::Merchant, true).await;
    let cookie = client.cookie("colivra_session").unwrap();
    client
        .post("/api/logout", json!({}))
        .await
        .assert_status(204);
    client.get("/api/user").await.assert_status(401);
    let replay = app.client();
    replay.set_cookie("colivra_session", &cookie);
    replay.get("/api/user").await.assert_status(401);

    // GET /api/logout works only with the header, so a link elsewhere cannot sign anyone out.
    let (client, _) = app.signed_in(Role::Admin, true).await;
    *client.send_csrf.borrow_mut() = false;
    client.get("/api/logout").await.assert_status(419);
    client.get("/api/user").await.assert_status(200);
    *client.send_csrf.borrow_mut() = true;
    client.get("/api/logout").await.assert_status(204);
    client.get("/api/user").await.assert_status(401);
}

#[actix_rt::test]
async fn sessions_expire_when_idle_or_too_old() {
    use colivra_db::schema::sessions;
    use diesel::prelude::*;
    let app = TestApp::spawn().await;
    let (client, user) = app.signed_in(Role::Merchant, true).await;
    client.get("/api/user").await.assert_status(200);
    let past = colivra_core::time::now() - chrono::Duration::minutes(1);
    diesel::update(sessions::table.filter(sessions::user_id.eq(user.id)))
        .set(sessions::expires_at.eq(past))
        .execute(&mut *app.conn())
        .unwrap();
    client.get("/api/user").await.assert_status(401);

    let (client, user) = app.signed_in(Role::Merchant, true).await;
    let thirteen_hours_ago = colivra_core::time::now() - chrono::Duration::hours(13);
    diesel::update(sessions::table.filter(sessions::user_id.eq(user.id)))
        .set(sessions::created_at.eq(thirteen_hours_ago))
        .execute(&mut *app.conn())
        .unwrap();
    client.get("/api/user").await.assert_status(401);
}

#[actix_rt::test]
async fn user_shape_and_permissions_follow_the_role() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let body = admin.get("/api/user").await.body;
    assert_eq!(body["user_role"], "admin");
    let permissions = body["user_data"]["permissions"].as_array().unwrap();
    assert_eq!(permissions.len(), Role::Admin.route_names().len());
    assert_eq!(permissions[0], "dashboard");
    for field in [
        "key",
        "first_name",
        "last_name",
        "full_name",
        "email",
        "phone",
        "avatar",
        "permissions",
    ] {
        assert!(
            body["user_data"].get(field).is_some(),
            "user_data.{field} missing"
        );
    }
    let (delivery_person, _) = app.signed_in(Role::DeliveryPerson, true).await;
    let body = delivery_person.get("/api/user").await.body;
    assert_eq!(body["user_role"], "delivery-admin");
    assert_eq!(body["user_data"]["full_name"], "Test delivery-admin");

    app.create_admin_staff("staff@colivra.ma", &["cities", "dashboard"]);
    let staff = app.client();
    staff
        .login("staff@colivra.ma", PASSWORD)
        .await
        .assert_status(200);
    assert_eq!(
        staff.get("/api/user").await.body["user_data"]["permissions"],
        json!(["dashboard", "cities"])
    );
}

#[actix_rt::test]
async fn profile_update_validates_and_returns_the_new_user_data() {
    let app = TestApp::spawn().await;
    let (client, user) = app.signed_in(Role::Merchant, true).await;
    let photo = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==";
    let res = client.put("/api/users", json!({"first_name": "Karim", "last_name": "Idrissi", "phone": "0700112233", "avatar": photo})).await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["full_name"], "Karim Idrissi");
    assert_eq!(res.body["data"]["phone"], "0700112233");
    assert_eq!(res.body["data"]["avatar"], photo);
    let me = client.get("/api/user").await;
    assert_eq!(me.body["user_data"]["first_name"], "Karim");
    // The session's copy of the user leaves the photo out; the profile adds it back.
    assert_eq!(me.body["user_data"]["avatar"], photo);
    // A change that does not name the photo keeps it.
    let renamed = client
        .put("/api/users", json!({"first_name": "Karima"}))
        .await;
    renamed.assert_status(200);
    assert_eq!(renamed.body["data"]["avatar"], photo);
    let elsewhere = app.client();
    let signed_in = elsewhere.login(&user.email, PASSWORD).await;
    signed_in.assert_status(200);
    assert_eq!(signed_in.body["user_data"]["avatar"], photo);
    assert_eq!(signed_in.body["user_data"]["first_name"], "Karima");

    let bad = client
        .put(
            "/api/users",
            json!({"first_name": "", "phone": "123", "avatar": "javascript:alert(1)"}),
        )
        .await;
    bad.assert_status(422);
    for field in ["first_name", "phone", "avatar"] {
        assert!(!bad.field_errors(field).is_empty(), "{field}: {}", bad.text);
    }
    let removed = client.put("/api/users", json!({"avatar": null})).await;
    removed.assert_status(200);
    assert!(removed.body["data"]["avatar"].is_null());
}

#[actix_rt::test]
async fn changing_the_password_needs_the_current_one_and_ends_other_access() {
    let app = TestApp::spawn().await;
    let user = app.create_user(Role::Merchant, "pw@shop.ma", true, None);
    let first = app.client();
    first.login("pw@shop.ma", PASSWORD).await.assert_status(200);
    let second = app.client();
    second
        .login("pw@shop.ma", PASSWORD)
        .await
        .assert_status(200);
    let token = first.post("/api/tokens", json!({"name": "erp"})).await.body["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let api = app.client();
    *api.bearer.borrow_mut() = Some(token);
    api.get("/api/user").await.assert_status(200);

    let wrong = first
        .put("/api/users", json!({"current_password": "wrong", "password": "Nouveau-Secret-42", "password_confirmation": "Nouveau-Secret-42"}))
        .await;
    wrong.assert_status(422);
    assert!(!wrong.field_errors("current_password").is_empty());
    second.get("/api/user").await.assert_status(200);

    first
        .put("/api/users", json!({"current_password": PASSWORD, "password": "Nouveau-Secret-42", "password_confirmation": "Nouveau-Secret-42"}))
        .await
        .assert_status(200);
    first.get("/api/user").await.assert_status(200);
    second.get("/api/user").await.assert_status(401);
    api.get("/api/user").await.assert_status(401);
    app.client()
        .login("pw@shop.ma", PASSWORD)
        .await
        .assert_status(422);
    app.client()
        .login("pw@shop.ma", "Nouveau-Secret-42")
        .await
        .assert_status(200);
    assert_eq!(
        colivra_auth::sessions::count_for_user(&mut app.conn(), user.id).unwrap(),
        2
    );
}

#[actix_rt::test]
async fn personal_tokens_are_shown_once_hashed_and_revocable() {
    let app = TestApp::spawn().await;
    let (client, _) = app.signed_in(Role::Merchant, true).await;
    let in_200_days = (chrono::Utc::now() + chrono::Duration::days(200)).date_naive();
    let created = client
        .post(
            "/api/tokens",
            json!({"name": "Shopify", "expires_at": in_200_days.to_string()}),
        )
        .await;
    created.assert_status(201);
    let token = created.body["token"].as_str().unwrap().to_owned();
    let key = created.body["data"]["key"].as_str().unwrap().to_owned();
    assert_eq!(
        created.body["data"]["expires_at"],
        format!("{in_200_days}T23:59:59Z")
    );

    let listed = client.get("/api/tokens").await;
    listed.assert_status(200);
    assert_eq!(listed.body["meta"]["total"], 1);
    assert!(
        !listed.text.contains(&token),
        "the list never shows the token"
    );
    let stored: Vec<String> = {
        use diesel::prelude::*;
        colivra_db::schema::personal_tokens::table
            .select(colivra_db::schema::personal_tokens::token_hash)
            .load(&mut *app.conn())
            .unwrap()
    };
    assert!(stored.iter().all(|h| h != &token && h.len() == 64));

    // The token authenticates without cookies or CSRF.
    let api = app.client();
    *api.bearer.borrow_mut() = Some(token.clone());
    *api.send_csrf.borrow_mut() = false;
    api.get("/api/user").await.assert_status(200);
    // A token cannot make more tokens: that needs the browser session.
    api.post("/api/tokens", json!({"name": "second"}))
        .await
        .assert_status(403);
    let bad = app.client();
    *bad.bearer.borrow_mut() = Some("clv_not-a-real-token".into());
    bad.get("/api/user").await.assert_status(401);

    let (other, _) = app.signed_in(Role::Merchant, true).await;
    other
        .delete(&format!("/api/tokens/{key}"))
        .await
        .assert_status(404);
    let refused = client
        .post(
            "/api/tokens",
            json!({"name": "", "expires_at": "2001-01-01"}),
        )
        .await;
    refused.assert_status(422);
    assert!(
        refused.field_errors("name").is_empty(),
        "a blank name is named"
    );
    assert_eq!(refused.field_errors("expires_at").len(), 1);
    // The specification's payload is optional: no body at all makes a read-write token named
    // after its day, for the default lifetime.
    let unnamed = client
        .post_bytes("/api/tokens", Vec::new(), "application/json")
        .await;
    unnamed.assert_status(201);
    let today = chrono::Utc::now().format("%d/%m/%Y").to_string();
    assert_eq!(unnamed.body["data"]["name"], format!("Jeton du {today}"));
    assert_eq!(unnamed.body["data"]["abilities"], json!(["read", "write"]));
    assert!(unnamed.body["token"].as_str().is_some());
    // A body that is there is read as JSON: not JSON is refused.
    client
        .post_bytes("/api/tokens", b"name=x".to_vec(), "application/json")
        .await
        .assert_status(422);
    client
        .delete(&format!("/api/tokens/{key}"))
        .await
        .assert_status(204);
    api.get("/api/user").await.assert_status(401);
}

#[actix_rt::test]
async fn an_expired_token_no_longer_authenticates() {
    use diesel::prelude::*;
    let app = TestApp::spawn().await;
    let (client, _) = app.signed_in(Role::Merchant, true).await;
    let token = client
        .post("/api/tokens", json!({"name": "short"}))
        .await
        .body["token"]
        .as_str()
        .unwrap()
        .to_owned();
    diesel::update(colivra_db::schema::personal_tokens::table)
        .set(colivra_db::schema::personal_tokens::expires_at.eq(Some(
            colivra_core::time::now() - chrono::Duration::seconds(1),
        )))
        .execute(&mut *app.conn())
        .unwrap();
    let api = app.client();
    *api.bearer.borrow_mut() = Some(token);
    api.get("/api/user").await.assert_status(401);
}

#[actix_rt::test]
async fn admins_activate_and_deactivate_merchants() {
    let app = TestApp::spawn().await;
    app.serve_city("Rabat");
    let merchant = app.client();
    let key = merchant
        .post("/api/clients", registration("shop@atlas.ma"))
        .await
        .body["user_data"]["key"]
        .as_str()
        .unwrap()
        .to_owned();
    merchant.get("/api/tokens").await.assert_status(403);

    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let res = admin
        .put(&format!("/api/clients/{key}"), json!({"active": true}))
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["active"], true);
    merchant.get("/api/tokens").await.assert_status(200);
    assert_eq!(merchant.get("/api/user").await.body["active"], true);
    let token = merchant
        .post("/api/tokens", json!({"name": "erp"}))
        .await
        .body["token"]
        .as_str()
        .unwrap()
        .to_owned();

    admin
        .put(&format!("/api/clients/{key}"), json!({"active": false}))
        .await
        .assert_status(200);
    merchant.get("/api/user").await.assert_status(401);
    let api = app.client();
    *api.bearer.borrow_mut() = Some(token);
    api.get("/api/user").await.assert_status(401);
    // He may still sign in, and lands on the activation screen.
    merchant
        .login("shop@atlas.ma", "Colis-Rapides-77")
        .await
        .assert_status(200);
    assert_eq!(merchant.get("/api/user").await.body["active"], false);

    admin
        .put("/api/clients/UNKNOWNKEY", json!({"active": true}))
        .await
        .assert_status(404);
    let (other_admin_target, _) = app.signed_in(Role::Admin, true).await;
    let admin_key = other_admin_target.get("/api/user").await.body["user_data"]["key"]
        .as_str()
        .unwrap()
        .to_owned();
    admin
        .put(
            &format!("/api/clients/{admin_key}"),
            json!({"active": false}),
        )
        .await
        .assert_status(404);
    admin
        .put(&format!("/api/clients/{key}"), json!({"active": "yes"}))
        .await
        .assert_status(422);
}

#[actix_rt::test]
async fn admins_list_merchants_by_tab_and_search() {
    let app = TestApp::spawn().await;
    app.serve_city("Rabat");
    let waiting = app.client();
    waiting
        .post("/api/clients", registration("waiting@atlas.ma"))
        .await
        .assert_status(201);
    let active = app.create_user(Role::Merchant, "active@souk.ma", true, None);
    let member = app.create_user(Role::Merchant, "member@souk.ma", true, None);
    {
        use colivra_db::schema::merchant_staff;
        use diesel::prelude::*;
        diesel::insert_into(merchant_staff::table)
            .values((
                merchant_staff::user_id.eq(member.id),
                merchant_staff::owner_id.eq(active.id),
            ))
            .execute(&mut *app.conn())
            .unwrap();
    }
    let (admin, _) = app.signed_in(Role::Admin, true).await;

    let new = admin.get("/api/clients?status=new").await;
    new.assert_status(200);
    assert_eq!(new.body["meta"]["total"], 1);
    assert_eq!(new.body["data"][0]["email"], "waiting@atlas.ma");
    assert_eq!(new.body["data"][0]["active"], false);
    let activated = admin.get("/api/clients?status=activated").await;
    assert_eq!(
        activated.body["meta"]["total"], 1,
        "staff and admins are not merchants: {}",
        activated.text
    );
    assert_eq!(activated.body["data"][0]["key"], active.key);
    assert_eq!(admin.get("/api/clients").await.body["meta"]["total"], 2);
    let found = admin.get("/api/clients?q=tazi").await;
    assert_eq!(found.body["data"][0]["email"], "waiting@atlas.ma");
    assert_eq!(
        admin.get("/api/clients?q=COSMETICS").await.body["meta"]["total"],
        1
    );
    admin
        .get("/api/clients?status=sleeping")
        .await
        .assert_status(422);
    let (merchant, _) = app.signed_in(Role::Merchant, true).await;
    merchant.get("/api/clients").await.assert_status(403);
}
