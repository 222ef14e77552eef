//! Cities: the admin's directory of cities served and their fees.

use crate::support::{TestApp, PASSWORD};
use colivra_core::{MerchantId, Role};
use serde_json::json;

fn city(name: &str, delivery: i64) -> serde_json::Value {
    json!({"name": name, "delivery_fee": delivery, "return_fee": 1000, "refusal_fee": 1500})
}

#[actix_rt::test]
async fn admins_create_edit_deactivate_and_delete_cities() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let created = admin.post("/api/cities", city("Tinghir", 4500)).await;
    created.assert_status(201);
    let key = created.body["data"]["key"].as_str().unwrap().to_owned();
    assert_eq!(created.body["data"]["delivery_fee"], 4500);
    assert_eq!(created.body["data"]["active"], true);
    assert!(
        created.body["data"].get("id").is_none(),
        "internal ids never leave the server"
    );

    let edited = admin
        .put(&format!("/api/cities/{key}"), json!({"delivery_fee": 5000}))
        .await;
    edited.assert_status(200);
    assert_eq!(edited.body["data"]["delivery_fee"], 5000);
    assert_eq!(edited.body["data"]["name"], "Tinghir");
    let off = admin
        .put(&format!("/api/cities/{key}"), json!({"active": false}))
        .await;
    assert_eq!(off.body["data"]["active"], false);

    admin
        .delete(&format!("/api/cities/{key}"))
        .await
        .assert_status(204);
    admin
        .put(&format!("/api/cities/{key}"), json!({"active": true}))
        .await
        .assert_status(404);
}

#[actix_rt::test]
async fn bad_cities_answer_422_per_field() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let res = admin
        .post(
            "/api/cities",
            json!({"name": " ", "delivery_fee": -1, "refusal_fee": 100_001}),
        )
        .await;
    res.assert_status(422);
    for field in ["name", "delivery_fee", "return_fee", "refusal_fee"] {
        assert!(!res.field_errors(field).is_empty(), "{field}: {}", res.text);
    }
    // A missing name and a long one say different things.
    assert_eq!(res.field_errors("name"), ["Le nom est obligatoire."]);
    let long = admin
        .post("/api/cities", city(&"é".repeat(101), 4000))
        .await;
    long.assert_status(422);
    assert_eq!(
        long.field_errors("name"),
        ["100 caractères au plus (101 saisis)."]
    );
    admin
        .post("/api/cities", city("Tata", 4000))
        .await
        .assert_status(201);
    let duplicate = admin.post("/api/cities", city("TATA", 4000)).await;
    duplicate.assert_status(422);
    assert!(!duplicate.field_errors("name").is_empty());
    // Non-ASCII capitals (which SQLite's lower() leaves as they are): the same name again is
    // still a 422, not the unique index's error.
    admin
        .post("/api/cities", city("Ksar Él Kébir", 4000))
        .await
        .assert_status(201);
    let again = admin.post("/api/cities", city("Ksar Él Kébir", 4000)).await;
    again.assert_status(422);
    assert!(!again.field_errors("name").is_empty());
    admin
        .post("/api/cities", json!({"name": "X", "delivery_fee": "vingt"}))
        .await
        .assert_status(422);
}

#[actix_rt::test]
async fn a_city_in_use_cannot_be_deleted() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let key = admin.post("/api/cities", city("Midelt", 4500)).await.body["data"]["key"]
        .as_str()
        .unwrap()
        .to_owned();
    let merchant = app.create_user(Role::Merchant, "m@shop.ma", true, None);
    let city_id = colivra_parcels::cities::id_by_name(&mut app.conn(), "Midelt")
        .unwrap()
        .unwrap();
    colivra_parcels::shops::ensure_shop(
        &mut app.conn(),
        colivra_parcels::shops::NewShop {
            merchant_id: MerchantId::new(merchant.id.get()),
            name: "Atlas",
            phone: "0612345678",
            address: "1 rue",
            city_id,
            bank_account: None,
        },
    )
    .unwrap();
    let refused = admin.delete(&format!("/api/cities/{key}")).await;
    refused.assert_status(409);
    assert!(
        refused.body["message"]
            .as_str()
            .unwrap()
            .contains("désactivez"),
        "{}",
        refused.text
    );
    admin
        .put(&format!("/api/cities/{key}"), json!({"active": false}))
        .await
        .assert_status(200);
}

#[actix_rt::test]
async fn lists_search_sort_filter_and_page_on_the_server() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    for (name, fee) in [
        ("Agadir", 3500),
        ("Asilah", 3000),
        ("Azrou", 4000),
        ("Berkane", 4200),
        ("Fès", 3000),
    ] {
        admin
            .post("/api/cities", city(name, fee))
            .await
            .assert_status(201);
    }
    let key = admin.get("/api/cities?q=berk").await.body["data"][0]["key"]
        .as_str()
        .unwrap()
        .to_owned();
    admin
        .put(&format!("/api/cities/{key}"), json!({"active": false}))
        .await
        .assert_status(200);

    let page = admin.get("/api/cities?per_page=2&page=2&sort=name").await;
    page.assert_status(200);
    assert_eq!(
        page.body["meta"],
        json!({"page": 2, "per_page": 2, "total": 5, "last_page": 3})
    );
    assert_eq!(page.body["data"][0]["name"], "Azrou");
    // Accents and case aside, as people read them, on both databases.
    for (name, fee) in [
        ("Aïn Harrouda", 2500),
        ("Fquih Ben Salah", 3000),
        ("el jadida", 3000),
    ] {
        admin
            .post("/api/cities", city(name, fee))
            .await
            .assert_status(201);
    }
    let sorted = admin.get("/api/cities?sort=name&per_page=100").await;
    let names: Vec<&str> = sorted.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        vec![
            "Agadir",
            "Aïn Harrouda",
            "Asilah",
            "Azrou",
            "Berkane",
            "el jadida",
            "Fès",
            "Fquih Ben Salah"
        ]
    );
    let searched = admin.get("/api/cities?q=A").await;
    assert_eq!(
        searched.body["meta"]["total"], 7,
        "case-insensitive search on both databases"
    );
    let accents = admin.get("/api/cities?q=f%C3%A8s").await;
    assert_eq!(accents.body["data"][0]["name"], "Fès");
    let by_fee = admin.get("/api/cities?sort=-delivery_fee").await;
    assert_eq!(by_fee.body["data"][0]["name"], "Berkane");
    let inactive = admin.get("/api/cities?active=false").await;
    assert_eq!(inactive.body["meta"]["total"], 1);
    admin
        .get("/api/cities?sort=password")
        .await
        .assert_status(422);
    admin.get("/api/cities?q=%25").await.assert_status(200);
    assert_eq!(
        admin.get("/api/cities?q=%25").await.body["meta"]["total"],
        0,
        "LIKE wildcards are escaped"
    );

    // Merchants see only the active cities they can choose.
    let (merchant, _) = app.signed_in(Role::Merchant, true).await;
    let visible = merchant.get("/api/cities?active=false&per_page=100").await;
    visible.assert_status(200);
    assert_eq!(visible.body["meta"]["total"], 7, "the 8 cities but Berkane");
}

#[actix_rt::test]
async fn staff_without_the_cities_permission_get_403_on_every_cities_call() {
    let app = TestApp::spawn().await;
    app.create_admin_staff("desk@colivra.ma", &["dashboard", "clients"]);
    let staff = app.client();
    staff
        .login("desk@colivra.ma", PASSWORD)
        .await
        .assert_status(200);
    staff.get("/api/cities").await.assert_status(403);
    staff
        .post("/api/cities", city("Tata", 4000))
        .await
        .assert_status(403);
    staff
        .put("/api/cities/ANY", json!({}))
        .await
        .assert_status(403);
    staff.delete("/api/cities/ANY").await.assert_status(403);

    app.create_admin_staff("geo@colivra.ma", &["cities"]);
    let geo = app.client();
    geo.login("geo@colivra.ma", PASSWORD)
        .await
        .assert_status(200);
    geo.post("/api/cities", city("Tata", 4000))
        .await
        .assert_status(201);
}
