//! Merchants' shops: created and edited by the merchant, seen per merchant by admins.

use crate::support::{TestApp, TestClient};
use colivra_core::Role;
use serde_json::json;

fn valid_rib() -> String {
    let body = "1810101234567890123456";
    let rest = body
        .bytes()
        .fold(0u64, |r, d| (r * 10 + u64::from(d - b'0')) % 97);
    format!("{body}{:02}", 97 - (rest * 100 % 97))
}

async fn city_key(admin: &TestClient, name: &str) -> String {
    let res = admin
        .post(
            "/api/cities",
            json!({"name": name, "delivery_fee": 3000, "return_fee": 1000, "refusal_fee": 1000}),
        )
        .await;
    res.assert_status(201);
    res.body["data"]["key"].as_str().unwrap().to_owned()
}

fn wrong_rib() -> String {
    let mut rib = valid_rib().into_bytes();
    rib[23] = if rib[23] == b'9' { b'0' } else { rib[23] + 1 };
    String::from_utf8(rib).unwrap()
}

#[actix_rt::test]
async fn merchants_create_and_edit_their_shops() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let casa = city_key(&admin, "Casablanca").await;
    let rabat = city_key(&admin, "Rabat").await;
    let (merchant, user) = app.signed_in(Role::Merchant, true).await;
    let created = merchant
        .post("/api/shops", json!({"name": "Atlas Mode", "phone": "+212522334455", "address": "12 bd Anfa", "city": casa, "bank_account": valid_rib()}))
        .await;
    created.assert_status(201);
    assert_eq!(created.body["data"]["phone"], "0522334455");
    assert_eq!(created.body["data"]["city_name"], "Casablanca");
    assert_eq!(created.body["data"]["client"], user.key);
    let key = created.body["data"]["key"].as_str().unwrap().to_owned();

    let moved = merchant
        .put(
            &format!("/api/shops/{key}"),
            json!({"city": rabat, "name": "Atlas Mode Rabat"}),
        )
        .await;
    moved.assert_status(200);
    assert_eq!(moved.body["data"]["city_name"], "Rabat");
    assert_eq!(moved.body["data"]["address"], "12 bd Anfa");
    let listed = merchant.get("/api/shops").await;
    assert_eq!(listed.body["meta"]["total"], 1);
    assert_eq!(listed.body["data"][0]["name"], "Atlas Mode Rabat");
}

#[actix_rt::test]
async fn bad_shops_answer_422_per_field() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let tata = city_key(&admin, "Tata").await;
    admin
        .put(&format!("/api/cities/{tata}"), json!({"active": false}))
        .await
        .assert_status(200);
    let (merchant, _) = app.signed_in(Role::Merchant, true).await;
    let res = merchant
        .post("/api/shops", json!({"name": "", "phone": "12", "address": " ", "city": tata, "bank_account": wrong_rib()}))
        .await;
    res.assert_status(422);
    for field in ["name", "phone", "address", "city", "bank_account"] {
        assert!(!res.field_errors(field).is_empty(), "{field}: {}", res.text);
    }
}

#[actix_rt::test]
async fn a_merchant_never_sees_another_merchants_shops() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let casa = city_key(&admin, "Casablanca").await;
    let (first, first_user) = app.signed_in(Role::Merchant, true).await;
    let key = first
        .post(
            "/api/shops",
            json!({"name": "One", "phone": "0612345678", "address": "a", "city": casa}),
        )
        .await
        .body["data"]["key"]
        .as_str()
        .unwrap()
        .to_owned();
    let (second, _) = app.signed_in(Role::Merchant, true).await;
    assert_eq!(second.get("/api/shops").await.body["meta"]["total"], 0);
    second
        .put(&format!("/api/shops/{key}"), json!({"name": "Mine now"}))
        .await
        .assert_status(404);
    let filtered = second
        .get(&format!("/api/shops?client={}", first_user.key))
        .await;
    assert_eq!(
        filtered.body["meta"]["total"], 0,
        "a filter never widens a merchant's scope"
    );

    // A member of the first merchant's team works on the first merchant's shops.
    let member = app.create_user(Role::Merchant, "team@one.ma", true, None);
    {
        use diesel::prelude::*;
        diesel::insert_into(colivra_db::schema::merchant_staff::table)
            .values((
                colivra_db::schema::merchant_staff::user_id.eq(member.id),
                colivra_db::schema::merchant_staff::owner_id.eq(first_user.id),
            ))
            .execute(&mut *app.conn())
            .unwrap();
    }
    let team = app.client();
    team.login("team@one.ma", crate::support::PASSWORD)
        .await
        .assert_status(200);
    assert_eq!(team.get("/api/shops").await.body["data"][0]["key"], key);

    // Admins see every merchant's shops, or one merchant's.
    assert_eq!(admin.get("/api/shops").await.body["meta"]["total"], 1);
    let per_merchant = admin
        .get(&format!("/api/shops?client={}", first_user.key))
        .await;
    assert_eq!(per_merchant.body["data"][0]["key"], key);
    // ... and edit them (the clients screen).
    let renamed = admin
        .put(
            &format!("/api/shops/{key}"),
            json!({"name": "Renamed by staff"}),
        )
        .await;
    renamed.assert_status(200);
    assert_eq!(renamed.body["data"]["name"], "Renamed by staff");
}
