//! Merchant price overrides (admin `couts`) and the merchant's effective prices (`pricing`).

use crate::support::{TestApp, TestClient, PASSWORD};
use colivra_core::Role;
use serde_json::json;

async fn city(admin: &TestClient, name: &str, delivery: i64) -> String {
    let res = admin.post("/api/cities", json!({"name": name, "delivery_fee": delivery, "return_fee": 1000, "refusal_fee": 1500})).await;
    res.assert_status(201);
    res.body["data"]["key"].as_str().unwrap().to_owned()
}

#[actix_rt::test]
async fn an_override_changes_only_that_merchants_price_for_that_city() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let casa = city(&admin, "Casablanca", 2000).await;
    city(&admin, "Rabat", 2500).await;
    let off = city(&admin, "Tata", 4500).await;
    admin
        .put(&format!("/api/cities/{off}"), json!({"active": false}))
        .await
        .assert_status(200);
    let (merchant, merchant_user) = app.signed_in(Role::Merchant, true).await;
    let (other, _) = app.signed_in(Role::Merchant, true).await;

    let created = admin
        .post("/api/costs", json!({"client": merchant_user.key, "city": casa, "delivery_fee": 1500, "return_fee": 500, "refusal_fee": 800}))
        .await;
    created.assert_status(201);
    assert_eq!(created.body["data"]["client"], merchant_user.key);
    assert_eq!(created.body["data"]["city_name"], "Casablanca");
    let cost_key = created.body["data"]["key"].as_str().unwrap().to_owned();

    let prices = merchant.get("/api/pricing").await;
    prices.assert_status(200);
    assert_eq!(
        prices.body["meta"]["total"], 2,
        "inactive cities are not offered"
    );
    assert_eq!(
        prices.body["data"][0],
        json!({"city": casa, "city_name": "Casablanca", "delivery_fee": 1500, "return_fee": 500, "refusal_fee": 800, "overridden": true})
    );
    assert_eq!(prices.body["data"][1]["delivery_fee"], 2500);
    assert_eq!(prices.body["data"][1]["overridden"], false);
    let others = other.get("/api/pricing?q=casa").await;
    assert_eq!(others.body["data"][0]["delivery_fee"], 2000);
    assert_eq!(others.body["data"][0]["overridden"], false);

    admin
        .put(
            &format!("/api/costs/{cost_key}"),
            json!({"delivery_fee": 1200}),
        )
        .await
        .assert_status(200);
    assert_eq!(
        merchant.get("/api/pricing?q=casa").await.body["data"][0]["delivery_fee"],
        1200
    );
    let listed = admin
        .get(&format!("/api/costs?client={}", merchant_user.key))
        .await;
    assert_eq!(listed.body["meta"]["total"], 1);
    admin
        .delete(&format!("/api/costs/{cost_key}"))
        .await
        .assert_status(204);
    assert_eq!(
        merchant.get("/api/pricing?q=casa").await.body["data"][0]["delivery_fee"],
        2000
    );
}

#[actix_rt::test]
async fn bad_overrides_answer_422_per_field() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let casa = city(&admin, "Casablanca", 2000).await;
    let res = admin
        .post(
            "/api/costs",
            json!({"client": "NOBODY", "city": "NOWHERE", "delivery_fee": -5}),
        )
        .await;
    res.assert_status(422);
    for field in [
        "client",
        "city",
        "delivery_fee",
        "return_fee",
        "refusal_fee",
    ] {
        assert!(!res.field_errors(field).is_empty(), "{field}: {}", res.text);
    }
    let (_, merchant) = app.signed_in(Role::Merchant, true).await;
    let body = json!({"client": merchant.key, "city": casa, "delivery_fee": 1, "return_fee": 1, "refusal_fee": 1});
    admin
        .post("/api/costs", body.clone())
        .await
        .assert_status(201);
    let twice = admin.post("/api/costs", body).await;
    twice.assert_status(422);
    assert!(!twice.field_errors("city").is_empty());
    // An admin is not a merchant.
    let (_, other_admin) = app.signed_in(Role::Admin, true).await;
    let wrong = admin.post("/api/costs", json!({"client": other_admin.key, "city": casa, "delivery_fee": 1, "return_fee": 1, "refusal_fee": 1})).await;
    assert!(!wrong.field_errors("client").is_empty());
}

#[actix_rt::test]
async fn only_holders_of_merchant_costs_and_pricing_reach_prices() {
    let app = TestApp::spawn().await;
    app.create_admin_staff("desk@colivra.ma", &["dashboard", "cities"]);
    let staff = app.client();
    staff
        .login("desk@colivra.ma", PASSWORD)
        .await
        .assert_status(200);
    staff.get("/api/costs").await.assert_status(403);
    staff.post("/api/costs", json!({})).await.assert_status(403);
    let (merchant, _) = app.signed_in(Role::Merchant, true).await;
    merchant.get("/api/costs").await.assert_status(403);
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    admin.get("/api/pricing").await.assert_status(403);
}
