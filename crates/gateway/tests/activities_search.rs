//! The activity log (scope, filters, pages, labels) and the top bar's search (parcels, people,
//! tickets, each within the caller's rights).

mod support;

use colivra_core::Role;
use diesel::prelude::*;
use serde_json::{json, Value};
use support::TestApp;

fn actions(list: &Value) -> Vec<String> {
    list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].as_str().unwrap().to_owned())
        .collect()
}

#[actix_rt::test]
async fn each_caller_reads_the_activities_of_his_scope_newest_first() {
    let app = TestApp::spawn().await;
    let (admin, admin_user) = app.signed_in(Role::Admin, true).await;
    let city = admin
        .post(
            "/api/cities",
            json!({"name": "Rabat", "delivery_fee": 2000, "return_fee": 1000, "refusal_fee": 1500}),
        )
        .await;
    let city = city.body["data"]["key"].as_str().unwrap().to_owned();
    let (merchant, owner) = app.signed_in(Role::Client, true).await;
    let shop = merchant
        .post(
            "/api/shops",
            json!({"name": "Atlas", "phone": "0522334455", "address": "1 rue A", "city": city}),
        )
        .await;
    shop.assert_status(201);
    let shop_key = shop.body["data"]["key"].as_str().unwrap().to_owned();
    // His staff member's actions are his too.
    let member = app.create_user(Role::Client, "aide@atlas.ma", true, None);
    diesel::insert_into(colivra_db::schema::client_staff::table)
        .values((
            colivra_db::schema::client_staff::user_id.eq(member.id),
            colivra_db::schema::client_staff::owner_id.eq(owner.id),
        ))
        .execute(&mut *app.conn())
        .unwrap();
    let team = app.client();
    team.login("aide@atlas.ma", support::PASSWORD)
        .await
        .assert_status(200);
    team.post(
        "/api/tickets",
        json!({"subject": "Question", "category": "other", "message": "Bonjour"}),
    )
    .await
    .assert_status(201);
    let (other, _) = app.signed_in(Role::Client, true).await;
    let (courier, courier_user) = app.signed_in(Role::DeliveryAdmin, true).await;

    let mine = merchant.get("/api/activities").await;
    mine.assert_status(200);
    assert_eq!(
        actions(&mine.body),
        vec![
            "ticket.opened",
            "user.signed_in",
            "shop.created",
            "user.signed_in"
        ]
    );
    assert_eq!(mine.body["data"][0]["action_label"], "Ticket ouvert");
    assert_eq!(mine.body["data"][0]["user"]["key"], member.key.as_str());
    assert_eq!(mine.body["data"][2]["subject_key"], shop_key.as_str());
    assert_eq!(mine.body["data"][0]["details"]["category"], "other");
    assert_eq!(
        actions(&other.get("/api/activities").await.body),
        vec!["user.signed_in"]
    );
    let own = courier.get("/api/activities").await;
    assert_eq!(actions(&own.body), vec!["user.signed_in"]);
    assert_eq!(
        own.body["data"][0]["user"]["key"],
        courier_user.key.as_str()
    );

    // Staff holding the dashboard: everything, filtered and paged; `mine`: their own.
    let all = admin.get("/api/activities?per_page=2").await;
    assert_eq!(all.body["meta"]["total"], 8, "{}", all.text);
    assert_eq!(all.body["meta"]["last_page"], 4);
    assert_eq!(actions(&all.body), vec!["user.signed_in", "user.signed_in"]);
    let created = admin.get("/api/activities?action=shop.created").await;
    assert_eq!(created.body["meta"]["total"], 1);
    let by_key = admin
        .get(&format!("/api/activities?subject_key={shop_key}"))
        .await;
    assert_eq!(actions(&by_key.body), vec!["shop.created"]);
    let by_user = admin
        .get(&format!("/api/activities?user={}", admin_user.key))
        .await;
    assert_eq!(
        actions(&by_user.body),
        vec!["city.created", "user.signed_in"]
    );
    let own_only = admin.get("/api/activities?mine=true").await;
    assert_eq!(own_only.body["meta"]["total"], 2);
    let today = chrono::Utc::now().date_naive();
    let dated = admin
        .get(&format!("/api/activities?from={today}&to={today}"))
        .await;
    assert_eq!(dated.body["meta"]["total"], 8);
    let yesterday = today.pred_opt().unwrap();
    let before = admin.get(&format!("/api/activities?to={yesterday}")).await;
    assert_eq!(before.body["meta"]["total"], 0);
    admin
        .get(&format!("/api/activities?from={today}&to={yesterday}"))
        .await
        .assert_status(422);
    admin
        .get("/api/activities?from=2026-13-40")
        .await
        .assert_status(422);
    // A merchant's filter never widens his scope.
    let widened = other
        .get(&format!("/api/activities?user={}", admin_user.key))
        .await;
    assert_eq!(widened.body["meta"]["total"], 0);

    let kinds = merchant.get("/api/activities/actions").await;
    kinds.assert_status(200);
    let kinds = kinds.body["data"].as_array().unwrap().clone();
    assert!(kinds
        .iter()
        .any(|k| k["key"] == "parcel.created" && k["label"] == "Colis créé"));
    assert!(kinds.iter().any(|k| k["key"] == "ticket.closed"));
}

#[actix_rt::test]
async fn the_search_finds_parcels_people_and_tickets_within_the_callers_rights() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let city = admin
        .post(
            "/api/cities",
            json!({"name": "Rabat", "delivery_fee": 2000, "return_fee": 1000, "refusal_fee": 1500}),
        )
        .await;
    let city = city.body["data"]["key"].as_str().unwrap().to_owned();
    let merchant_user = app.create_user(Role::Client, "benali@atlas.ma", true, None);
    let merchant = app.client();
    merchant
        .login("benali@atlas.ma", support::PASSWORD)
        .await
        .assert_status(200);
    let shop = merchant
        .post(
            "/api/shops",
            json!({"name": "Atlas", "phone": "0522334455", "address": "1 rue A", "city": city}),
        )
        .await;
    let parcel = merchant
        .post(
            "/api/parcels",
            json!({
                "shop": shop.body["data"]["key"], "recipient_name": "Amina Benali",
                "recipient_phone": "0612345678", "city": city, "address": "5 avenue Hassan II",
                "cod_amount": 24900, "product": "Robe", "quantity": 1
            }),
        )
        .await;
    parcel.assert_status(201);
    let code = parcel.body["data"]["key"].as_str().unwrap().to_owned();
    let ticket = merchant
        .post(
            "/api/tickets",
            json!({"subject": "Benali injoignable", "category": "parcel", "parcel": code, "message": "?"}),
        )
        .await;
    ticket.assert_status(201);
    let (courier, _) = app.signed_in(Role::DeliveryAdmin, true).await;

    let found = merchant.get("/api/search?q=benali").await;
    found.assert_status(200);
    let data = &found.body["data"];
    assert_eq!(data["parcels"][0]["code"], code.as_str());
    assert_eq!(data["parcels"][0]["name"], "Amina Benali");
    assert_eq!(data["parcels"][0]["status"], "new");
    assert_eq!(data["people"], json!([]), "people are for staff");
    assert_eq!(data["tickets"][0]["subject"], "Benali injoignable");
    assert_eq!(data["tickets"][0]["status"], "open");

    let staff = admin.get("/api/search?q=BENALI").await;
    let people = staff.body["data"]["people"].as_array().unwrap();
    assert_eq!(people.len(), 1, "{}", staff.text);
    assert_eq!(people[0]["key"], merchant_user.key.as_str());
    assert_eq!(people[0]["role"], "client");
    assert_eq!(staff.body["data"]["parcels"].as_array().unwrap().len(), 1);
    assert_eq!(staff.body["data"]["tickets"].as_array().unwrap().len(), 1);
    // By tracking code too.
    let by_code = admin.get(&format!("/api/search?q={code}")).await;
    assert_eq!(by_code.body["data"]["parcels"][0]["code"], code.as_str());

    // The delivery person: none of these parcels are his, no people, no tickets.
    let nothing = courier.get("/api/search?q=benali").await;
    nothing.assert_status(200);
    assert_eq!(
        nothing.body["data"],
        json!({"parcels": [], "people": [], "tickets": []})
    );
    // A staff member holding only the dashboard finds nothing either.
    app.create_admin_staff("tableau@colivra.ma", &["dashboard"]);
    let reader = app.client();
    reader
        .login("tableau@colivra.ma", support::PASSWORD)
        .await
        .assert_status(200);
    assert_eq!(
        reader.get("/api/search?q=benali").await.body["data"],
        json!({"parcels": [], "people": [], "tickets": []})
    );
    for q in ["", "b", "%20b%20"] {
        let short = admin.get(&format!("/api/search?q={q}")).await;
        short.assert_status(422);
        assert!(!short.field_errors("q").is_empty());
    }
    admin.get("/api/search").await.assert_status(422);
    let long = "x".repeat(101);
    admin
        .get(&format!("/api/search?q={long}"))
        .await
        .assert_status(422);
}
