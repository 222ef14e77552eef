//! Accounts an admin (or a merchant, for his team) manages: merchants, delivery people with
//! their cities, admin staff, full admins and merchant staff.

use crate::support::{TestApp, TestClient, PASSWORD};
use colivra_core::Role;
use serde_json::json;

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

async fn sign_in(app: &TestApp, email: &str) -> TestClient {
    let client = app.client();
    client.login(email, PASSWORD).await.assert_status(200);
    client
}

fn activity_count(app: &TestApp, action: &str) -> i64 {
    use colivra_db::schema::activities;
    use diesel::prelude::*;
    activities::table
        .filter(activities::action.eq(action))
        .count()
        .get_result(&mut app.conn())
        .unwrap()
}

#[actix_rt::test]
async fn admins_edit_a_merchant_and_restrict_his_permissions() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let (merchant, user) = app.signed_in(Role::Merchant, true).await;
    let path = format!("/api/clients/{}", user.key);

    let edited = admin
        .put(
            &path,
            json!({"first_name": "Salma", "company": "Atlas Mode", "phone": "+212611223344", "email": "Salma@Atlas.ma", "permissions": ["shops", "dashboard", "pricing"]}),
        )
        .await;
    edited.assert_status(200);
    assert_eq!(edited.body["data"]["first_name"], "Salma");
    assert_eq!(edited.body["data"]["last_name"], user.last_name);
    assert_eq!(edited.body["data"]["company"], "Atlas Mode");
    assert_eq!(edited.body["data"]["phone"], "0611223344");
    assert_eq!(edited.body["data"]["email"], "salma@atlas.ma");
    assert_eq!(
        edited.body["data"]["permissions"],
        json!(["dashboard", "shops", "pricing"])
    );
    assert_eq!(activity_count(&app, "client.updated"), 1);

    // The merchant's session now holds only those permissions, and the server enforces them.
    let me = merchant.get("/api/user").await;
    assert_eq!(
        me.body["user_data"]["permissions"],
        json!(["dashboard", "shops", "pricing"])
    );
    merchant.get("/api/shops").await.assert_status(200);
    merchant.get("/api/tokens").await.assert_status(200);
    merchant.get("/api/managers").await.assert_status(403);

    let bad = admin
        .put(
            &path,
            json!({"first_name": " ", "phone": "12", "email": "nope", "permissions": ["cities"]}),
        )
        .await;
    bad.assert_status(422);
    for field in ["first_name", "phone", "email", "permissions"] {
        assert!(!bad.field_errors(field).is_empty(), "{field}: {}", bad.text);
    }
    // Another account's e-mail is refused.
    let (_, other) = app.signed_in(Role::Merchant, true).await;
    let taken = admin.put(&path, json!({"email": other.email})).await;
    assert!(!taken.field_errors("email").is_empty());

    // Deactivation through the same call ends the merchant's session.
    admin
        .put(&path, json!({"active": false}))
        .await
        .assert_status(200);
    merchant.get("/api/user").await.assert_status(401);
    assert_eq!(activity_count(&app, "client.deactivated"), 1);
}

#[actix_rt::test]
async fn deleting_a_merchant_takes_his_shops_prices_and_staff() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let casa = city_key(&admin, "Casablanca").await;
    let (merchant, user) = app.signed_in(Role::Merchant, true).await;
    merchant
        .post(
            "/api/shops",
            json!({"name": "Atlas", "phone": "0522334455", "address": "1 rue A", "city": casa}),
        )
        .await
        .assert_status(201);
    merchant
        .post("/api/managers", json!({"first_name": "Rim", "last_name": "Aziz", "email": "rim@atlas.ma", "password": PASSWORD, "permissions": ["shops"]}))
        .await
        .assert_status(201);
    admin
        .post("/api/costs", json!({"client": user.key, "city": casa, "delivery_fee": 1500, "return_fee": 500, "refusal_fee": 500}))
        .await
        .assert_status(201);

    admin
        .delete(&format!("/api/clients/{}", user.key))
        .await
        .assert_status(204);
    assert_eq!(admin.get("/api/shops").await.body["meta"]["total"], 0);
    assert_eq!(admin.get("/api/costs").await.body["meta"]["total"], 0);
    assert_eq!(
        admin.get("/api/clients?status=all").await.body["meta"]["total"],
        0
    );
    let staff = app.client();
    staff
        .login("rim@atlas.ma", PASSWORD)
        .await
        .assert_status(422);
    merchant.get("/api/user").await.assert_status(401);
    admin
        .delete(&format!("/api/clients/{}", user.key))
        .await
        .assert_status(404);
    // The city is free again.
    admin
        .delete(&format!("/api/cities/{casa}"))
        .await
        .assert_status(204);
}

#[actix_rt::test]
async fn delivery_people_with_the_cities_they_serve() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let casa = city_key(&admin, "Casablanca").await;
    let rabat = city_key(&admin, "Rabat").await;

    let created = admin
        .post(
            "/api/delivery-admins",
            json!({"full_name": "  Youssef   El Amrani ", "email": "youssef@colivra.ma", "phone": "0661000111", "password": PASSWORD, "national_id": "BK123456", "vehicle": "Moto"}),
        )
        .await;
    created.assert_status(201);
    let person = created.body["data"].clone();
    assert_eq!(person["full_name"], "Youssef El Amrani");
    assert_eq!(person["active"], true);
    assert_eq!(person["cities"], json!([]));
    let key = person["key"].as_str().unwrap().to_owned();

    // He can sign in: the delivery person's session object.
    let delivery_person = sign_in(&app, "youssef@colivra.ma").await;
    let me = delivery_person.get("/api/user").await;
    assert_eq!(me.body["user_role"], "delivery-admin");
    assert_eq!(me.body["user_data"]["full_name"], "Youssef El Amrani");

    let served = admin
        .post("/api/delivery-admins/cities", json!({"delivery_admin": key, "city": casa, "delivered_commission": 1500, "refused_commission": 500}))
        .await;
    served.assert_status(201);
    assert_eq!(served.body["data"]["cities"][0]["city_name"], "Casablanca");
    assert_eq!(
        served.body["data"]["cities"][0]["delivered_commission"],
        1500
    );
    admin
        .post("/api/delivery-admins/cities", json!({"delivery_admin": key, "city": rabat, "delivered_commission": 1200, "refused_commission": 0}))
        .await
        .assert_status(201);
    let twice = admin
        .post("/api/delivery-admins/cities", json!({"delivery_admin": key, "city": casa, "delivered_commission": 1, "refused_commission": 1}))
        .await;
    twice.assert_status(422);
    assert!(!twice.field_errors("city").is_empty());
    let bad = admin
        .post(
            "/api/delivery-admins/cities",
            json!({"delivery_admin": "NOBODY", "city": "NOWHERE", "delivered_commission": -1}),
        )
        .await;
    bad.assert_status(422);
    for field in [
        "delivery_admin",
        "city",
        "delivered_commission",
        "refused_commission",
    ] {
        assert!(!bad.field_errors(field).is_empty(), "{field}: {}", bad.text);
    }

    let changed = admin
        .put(
            &format!("/api/delivery-admins/{key}/cities/{rabat}"),
            json!({"delivered_commission": 1300, "refused_commission": 200}),
        )
        .await;
    changed.assert_status(200);
    let rabat_row = changed.body["data"]["cities"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["city"] == rabat.as_str())
        .unwrap()
        .clone();
    assert_eq!(rabat_row["delivered_commission"], 1300);

    // Filters: by city served, by text (name or national id).
    let in_rabat = admin
        .get(&format!("/api/delivery-admins?city={rabat}"))
        .await;
    assert_eq!(in_rabat.body["meta"]["total"], 1);
    assert_eq!(
        admin.get("/api/delivery-admins?q=bk1234").await.body["meta"]["total"],
        1
    );
    assert_eq!(
        admin.get("/api/delivery-admins?q=zzz").await.body["meta"]["total"],
        0
    );
    assert_eq!(
        admin
            .get("/api/delivery-admins?q=youssef%20el%20amr")
            .await
            .body["meta"]["total"],
        1
    );

    // A city he serves cannot be deleted.
    let in_use = admin.delete(&format!("/api/cities/{casa}")).await;
    in_use.assert_status(409);
    assert!(in_use.body["message"].as_str().unwrap().contains("livreur"));

    admin
        .delete(&format!("/api/delivery-admins/{key}/cities/{casa}"))
        .await
        .assert_status(204);
    admin
        .delete(&format!("/api/delivery-admins/{key}/cities/{casa}"))
        .await
        .assert_status(404);

    // Edit: name and vehicle; an empty password keeps the old one.
    let edited = admin
        .put(
            &format!("/api/delivery-admins/{key}"),
            json!({"full_name": "Youssef Amrani", "vehicle": "Voiture", "password": ""}),
        )
        .await;
    edited.assert_status(200);
    assert_eq!(edited.body["data"]["vehicle"], "Voiture");
    sign_in(&app, "youssef@colivra.ma").await;

    // Deactivation ends his sessions.
    admin
        .put(
            &format!("/api/delivery-admins/{key}"),
            json!({"active": false}),
        )
        .await
        .assert_status(200);
    delivery_person.get("/api/user").await.assert_status(401);
    assert_eq!(
        admin.get("/api/delivery-admins?active=false").await.body["meta"]["total"],
        1
    );

    admin
        .delete(&format!("/api/delivery-admins/{key}"))
        .await
        .assert_status(204);
    assert_eq!(
        admin.get("/api/delivery-admins").await.body["meta"]["total"],
        0
    );
    assert_eq!(activity_count(&app, "delivery_admin.created"), 1);
    assert_eq!(activity_count(&app, "delivery_admin.city_added"), 2);
    assert_eq!(activity_count(&app, "delivery_admin.deleted"), 1);
}

#[actix_rt::test]
async fn delivery_people_need_their_fields() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let res = admin
        .post("/api/delivery-admins", json!({"email": "x"}))
        .await;
    res.assert_status(422);
    for field in ["full_name", "email", "phone", "password", "national_id"] {
        assert!(!res.field_errors(field).is_empty(), "{field}: {}", res.text);
    }
    let weak = admin
        .post("/api/delivery-admins", json!({"full_name": "Ali", "email": "ali@colivra.ma", "phone": "0661000111", "password": "password", "national_id": "A1"}))
        .await;
    weak.assert_status(422);
    assert!(!weak.field_errors("password").is_empty());
    // Merchants are not delivery people.
    let (_, merchant) = app.signed_in(Role::Merchant, true).await;
    admin
        .put(
            &format!("/api/delivery-admins/{}", merchant.key),
            json!({"vehicle": "Moto"}),
        )
        .await
        .assert_status(404);
}

#[actix_rt::test]
async fn admin_staff_get_only_permissions_their_creator_holds() {
    let app = TestApp::spawn().await;
    let (admin, admin_user) = app.signed_in(Role::Admin, true).await;

    let created = admin
        .post("/api/managers", json!({"first_name": "Nadia", "last_name": "Berrada", "email": "nadia@colivra.ma", "password": PASSWORD, "permissions": ["cities", "staff", "dashboard"]}))
        .await;
    created.assert_status(201);
    assert_eq!(
        created.body["data"]["permissions"],
        json!(["dashboard", "cities", "staff"])
    );
    let nadia_key = created.body["data"]["key"].as_str().unwrap().to_owned();
    assert_eq!(admin.get("/api/managers").await.body["meta"]["total"], 1);
    // The full admin is listed among admins, not managers.
    let admins = admin.get("/api/admins").await;
    assert_eq!(admins.body["meta"]["total"], 1);
    assert_eq!(admins.body["data"][0]["key"], admin_user.key);

    // Nadia holds cities and staff: she may hand out those, nothing else.
    let nadia = sign_in(&app, "nadia@colivra.ma").await;
    nadia.get("/api/cities").await.assert_status(200);
    nadia.get("/api/clients").await.assert_status(403);
    let refused = nadia
        .post("/api/managers", json!({"first_name": "Omar", "last_name": "Tazi", "email": "omar@colivra.ma", "password": PASSWORD, "permissions": ["cities", "clients"]}))
        .await;
    refused.assert_status(403);
    assert!(refused.body["message"]
        .as_str()
        .unwrap()
        .contains("clients"));
    let omar = nadia
        .post("/api/managers", json!({"first_name": "Omar", "last_name": "Tazi", "email": "omar@colivra.ma", "password": PASSWORD, "permissions": ["cities"]}))
        .await;
    omar.assert_status(201);
    let omar_key = omar.body["data"]["key"].as_str().unwrap().to_owned();
    // Nor can she give them by editing, or make full admins, or touch a broader account.
    nadia
        .put(
            &format!("/api/managers/{omar_key}"),
            json!({"permissions": ["cities", "deliverymen"]}),
        )
        .await
        .assert_status(403);
    nadia
        .post("/api/admins", json!({"first_name": "X", "last_name": "Y", "email": "x@colivra.ma", "password": PASSWORD}))
        .await
        .assert_status(403);
    nadia
        .put(
            &format!("/api/admins/{}", admin_user.key),
            json!({"first_name": "Hacked"}),
        )
        .await
        .assert_status(403);
    nadia.get("/api/admins").await.assert_status(200);
    // She cannot deactivate or delete herself.
    nadia
        .put(
            &format!("/api/managers/{nadia_key}"),
            json!({"active": false}),
        )
        .await
        .assert_status(409);
    nadia
        .delete(&format!("/api/managers/{nadia_key}"))
        .await
        .assert_status(409);

    // The full admin narrows Omar's permissions; the change applies to his next request.
    let omar_merchant = sign_in(&app, "omar@colivra.ma").await;
    omar_merchant.get("/api/cities").await.assert_status(200);
    admin
        .put(
            &format!("/api/managers/{omar_key}"),
            json!({"permissions": ["dashboard"]}),
        )
        .await
        .assert_status(200);
    omar_merchant.get("/api/cities").await.assert_status(403);

    let bad = admin
        .post("/api/managers", json!({"first_name": "", "email": "nadia@colivra.ma", "password": "x", "permissions": ["pricing"]}))
        .await;
    bad.assert_status(422);
    for field in [
        "first_name",
        "last_name",
        "email",
        "password",
        "permissions",
    ] {
        assert!(!bad.field_errors(field).is_empty(), "{field}: {}", bad.text);
    }

    // Full admins: created and deleted by a full admin; a full admin cannot delete himself.
    let full = admin
        .post("/api/admins", json!({"first_name": "Karim", "last_name": "Idrissi", "email": "karim@colivra.ma", "password": PASSWORD}))
        .await;
    full.assert_status(201);
    assert_eq!(
        full.body["data"]["permissions"].as_array().unwrap().len(),
        Role::Admin.route_names().len()
    );
    let karim_key = full.body["data"]["key"].as_str().unwrap().to_owned();
    admin
        .delete(&format!("/api/admins/{}", admin_user.key))
        .await
        .assert_status(409);
    admin
        .delete(&format!("/api/admins/{karim_key}"))
        .await
        .assert_status(204);
    // A manager is not reachable through the admins collection.
    admin
        .delete(&format!("/api/admins/{omar_key}"))
        .await
        .assert_status(404);
    admin
        .delete(&format!("/api/managers/{omar_key}"))
        .await
        .assert_status(204);
    assert_eq!(activity_count(&app, "staff.created"), 3);
    assert_eq!(activity_count(&app, "staff.deleted"), 2);
}

#[actix_rt::test]
async fn merchant_staff_work_on_their_merchant_data_only() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let casa = city_key(&admin, "Casablanca").await;
    let (merchant, owner) = app.signed_in(Role::Merchant, true).await;
    let (other_merchant, _) = app.signed_in(Role::Merchant, true).await;
    merchant
        .post(
            "/api/shops",
            json!({"name": "Atlas", "phone": "0522334455", "address": "1 rue A", "city": casa}),
        )
        .await
        .assert_status(201);
    other_merchant
        .post(
            "/api/shops",
            json!({"name": "Other", "phone": "0522334455", "address": "2 rue B", "city": casa}),
        )
        .await
        .assert_status(201);

    let created = merchant
        .post("/api/managers", json!({"first_name": "Rim", "last_name": "Aziz", "email": "rim@atlas.ma", "phone": "0611000222", "password": PASSWORD, "permissions": ["shops"]}))
        .await;
    created.assert_status(201);
    let rim_key = created.body["data"]["key"].as_str().unwrap().to_owned();
    // Client menu names only; admin names are unknown here.
    let unknown = merchant
        .post("/api/managers", json!({"first_name": "A", "last_name": "B", "email": "ab@atlas.ma", "password": PASSWORD, "permissions": ["cities"]}))
        .await;
    unknown.assert_status(422);
    assert!(!unknown.field_errors("permissions").is_empty());

    let rim = sign_in(&app, "rim@atlas.ma").await;
    let me = rim.get("/api/user").await;
    assert_eq!(me.body["user_role"], "client");
    assert_eq!(me.body["user_data"]["permissions"], json!(["shops"]));
    // She sees her merchant's shops, not the other merchant's, and creates shops for him.
    let shops = rim.get("/api/shops").await;
    assert_eq!(shops.body["meta"]["total"], 1);
    assert_eq!(shops.body["data"][0]["client"], owner.key);
    let made = rim
        .post(
            "/api/shops",
            json!({"name": "Atlas 2", "phone": "0522334455", "address": "3 rue C", "city": casa}),
        )
        .await;
    made.assert_status(201);
    assert_eq!(made.body["data"]["client"], owner.key);
    rim.get("/api/pricing").await.assert_status(403);
    rim.get("/api/managers").await.assert_status(403);

    // Staff are not merchants: absent from the admin's merchant list.
    assert_eq!(
        admin.get("/api/clients?status=all").await.body["meta"]["total"],
        2
    );
    // Another merchant neither sees nor touches this team.
    assert_eq!(
        other_merchant.get("/api/managers").await.body["meta"]["total"],
        0
    );
    other_merchant
        .put(
            &format!("/api/managers/{rim_key}"),
            json!({"first_name": "X"}),
        )
        .await
        .assert_status(404);
    other_merchant
        .delete(&format!("/api/managers/{rim_key}"))
        .await
        .assert_status(404);
    // Admins see admin staff only under managers.
    assert_eq!(admin.get("/api/managers").await.body["meta"]["total"], 0);

    let listed = merchant.get("/api/managers?q=aziz").await;
    assert_eq!(listed.body["meta"]["total"], 1);
    for full_name in ["rim%20aziz", "Aziz%20Rim"] {
        let found = merchant.get(&format!("/api/managers?q={full_name}")).await;
        assert_eq!(found.body["meta"]["total"], 1, "{full_name}");
    }
    merchant
        .put(
            &format!("/api/managers/{rim_key}"),
            json!({"active": false}),
        )
        .await
        .assert_status(200);
    rim.get("/api/user").await.assert_status(401);
    merchant
        .delete(&format!("/api/managers/{rim_key}"))
        .await
        .assert_status(204);
}
