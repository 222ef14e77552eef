//! Vouchers through the API: pickup (create, add, remove, delete, receive in part), exit (ship,
//! cities served, force) and return vouchers (refused parcels and exchange items), their lists and
//! details in each role's scope, their PDFs, and the races the database must settle.

use crate::support::money::{world_of, MoneyWorld, WorldSpec};
use crate::support::TestClient;
use actix_web::http::Method;
use colivra_core::Role;
use serde_json::{json, Value};

/// The shared world ([`crate::support::money`]): Casablanca (20 DH) and Rabat (25 DH), a
/// merchant's shop, two delivery people serving Casablanca only; and a second shop.
struct World {
    base: MoneyWorld,
    second_shop: String,
}

impl std::ops::Deref for World {
    type Target = MoneyWorld;
    fn deref(&self) -> &MoneyWorld {
        &self.base
    }
}

async fn world() -> World {
    let base = world_of(WorldSpec {
        delivery_people: 2,
        bank_account: None,
        delivery_people_in_rabat: false,
    })
    .await;
    let res = base
        .merchant
        .post("/api/shops", json!({"name": "Souk Déco", "phone": "0522334455", "address": "1 rue A", "city": base.casa}))
        .await;
    res.assert_status(201);
    let second_shop = key(&res.body["data"]);
    World { base, second_shop }
}

fn key(value: &Value) -> String {
    value["key"].as_str().unwrap().to_owned()
}

fn keys(values: &Value) -> Vec<String> {
    values.as_array().unwrap().iter().map(key).collect()
}

/// A new parcel of `shop` in `city` for 100 DH + `n` centimes.
async fn parcel_in(w: &World, shop: &str, city: &str, n: i64) -> String {
    let res = w
        .merchant
        .post(
            "/api/parcels",
            json!({
                "shop": shop, "recipient_name": format!("Client {n}"),
                "recipient_phone": "0612345678", "city": city, "address": "5 avenue Hassan II",
                "cod_amount": 10_000 + n, "product": "Robe"
            }),
        )
        .await;
    res.assert_status(201);
    key(&res.body["data"])
}

async fn parcel(w: &World, n: i64) -> String {
    parcel_in(w, &w.shop, &w.casa, n).await
}

async fn status_of(client: &TestClient, parcel: &str) -> String {
    let res = client.get(&format!("/api/parcels/{parcel}")).await;
    res.assert_status(200);
    res.body["data"]["status"].as_str().unwrap().to_owned()
}

async fn history(client: &TestClient, parcel: &str) -> Vec<(String, String)> {
    let res = client.get(&format!("/api/parcels/{parcel}/states")).await;
    res.assert_status(200);
    res.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["status"].as_str().unwrap().to_owned(),
                s["text"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

async fn pickup_voucher(w: &World, parcels: &[&String]) -> String {
    let res = w
        .merchant
        .post("/api/pickup-vouchers", json!({ "parcels": parcels }))
        .await;
    res.assert_status(201);
    key(&res.body["data"])
}

/// Parcels through a pickup voucher received whole: picked up at the hub.
async fn picked_up(w: &World, parcels: &[&String]) -> String {
    let voucher = pickup_voucher(w, parcels).await;
    w.admin
        .put(
            "/api/pickup-vouchers/pickup",
            json!({"voucher": voucher, "parcels": parcels}),
        )
        .await
        .assert_status(200);
    voucher
}

async fn ship(w: &World, delivery_person: &str, parcels: &[&String]) -> Value {
    let res = w
        .admin
        .put(
            "/api/parcels/delivery",
            json!({"delivery_admin": delivery_person, "parcels": parcels}),
        )
        .await;
    res.assert_status(201);
    res.body["data"].clone()
}

fn activities(w: &World, subject_type: &str, subject_key: &str) -> Vec<String> {
    let mut actions: Vec<String> =
        colivra_db::activities::for_subject(&mut w.app.conn(), subject_type, subject_key, 50)
            .unwrap()
            .into_iter()
            .map(|a| a.action)
            .collect();
    actions.reverse();
    actions
}

#[actix_rt::test]
async fn merchants_group_new_parcels_of_one_shop_on_pickup_vouchers() {
    let w = world().await;
    let a = parcel(&w, 1).await;
    let b = parcel(&w, 2).await;
    let c = parcel(&w, 3).await;
    let other_shop = parcel_in(&w, &w.second_shop, &w.casa, 4).await;

    let res = w
        .merchant
        .post("/api/pickup-vouchers", json!({"parcels": [a, b]}))
        .await;
    res.assert_status(201);
    let voucher = &res.body["data"];
    let code = key(voucher);
    assert!(code.starts_with("BR") && code.len() == 10, "{code}");
    assert_eq!(voucher["kind"], "pickup");
    assert_eq!(voucher["status"], "new");
    assert_eq!(voucher["status_label"], "Nouveau");
    assert_eq!(voucher["client"]["key"], w.merchant_key);
    assert_eq!(voucher["shop"]["key"], w.shop);
    assert_eq!(voucher["shop"]["name"], "Atlas Mode");
    assert_eq!(voucher["delivery_admin"], Value::Null);
    assert_eq!(voucher["parcels_count"], 2);
    assert_eq!(voucher["cod_total"], 20_003);
    assert_eq!(voucher["received_at"], Value::Null);
    assert!(voucher["created_by"]["key"].is_string());
    assert_eq!(status_of(&w.merchant, &a).await, "awaiting_pickup");
    assert_eq!(
        history(&w.merchant, &a).await.last().unwrap(),
        &(
            "awaiting_pickup".to_owned(),
            format!("Bon de ramassage {code}")
        )
    );

    // Refusals, each on `parcels` and naming the codes.
    let none = w
        .merchant
        .post("/api/pickup-vouchers", json!({"parcels": []}))
        .await;
    none.assert_status(422);
    assert!(!none.field_errors("parcels").is_empty());
    let mixed = w
        .merchant
        .post("/api/pickup-vouchers", json!({"parcels": [c, other_shop]}))
        .await;
    mixed.assert_status(422);
    assert!(mixed.field_errors("parcels")[0].contains(&other_shop));
    let taken = w
        .merchant
        .post("/api/pickup-vouchers", json!({"parcels": [a, c]}))
        .await;
    taken.assert_status(422);
    assert!(taken.field_errors("parcels")[0].contains(&a));
    let (stranger, _) = w.app.signed_in(Role::Merchant, true).await;
    let not_his = stranger
        .post("/api/pickup-vouchers", json!({"parcels": [c]}))
        .await;
    not_his.assert_status(422);
    assert!(not_his.field_errors("parcels")[0].contains(&c));
    assert_eq!(status_of(&w.merchant, &c).await, "new");

    // Adding: same shop, new parcels only; the detail lists them as the parcel list does.
    let path = format!("/api/pickup-vouchers/{code}");
    w.merchant
        .put(&path, json!({"parcels": [other_shop]}))
        .await
        .assert_status(422);
    let added = w.merchant.put(&path, json!({"parcels": [c]})).await;
    added.assert_status(200);
    assert_eq!(added.body["data"]["parcels_count"], 3);
    assert_eq!(
        keys(&added.body["data"]["parcels"]),
        vec![a.clone(), b.clone(), c.clone()]
    );
    assert_eq!(
        added.body["data"]["parcels"][0]["status"],
        "awaiting_pickup"
    );
    assert_eq!(added.body["data"]["parcels"][0]["city_name"], "Casablanca");

    // Removing one: back to new, off the voucher; twice is a 404.
    let removed = w
        .merchant
        .put(&format!("/api/pickup-vouchers/parcels/{b}"), json!({}))
        .await;
    removed.assert_status(200);
    assert_eq!(removed.body["data"]["key"], code);
    assert_eq!(removed.body["data"]["parcels_count"], 2);
    assert_eq!(status_of(&w.merchant, &b).await, "new");
    w.merchant
        .put(&format!("/api/pickup-vouchers/parcels/{b}"), json!({}))
        .await
        .assert_status(404);
    // Removed parcels can come back on it.
    let back = w.merchant.put(&path, json!({"parcels": [b]})).await;
    back.assert_status(200);
    assert_eq!(back.body["data"]["parcels_count"], 3);
    // Cancelling an awaiting parcel takes it off its voucher.
    w.merchant
        .put(
            &format!("/api/parcels/{c}/cancel"),
            json!({"comment": "Client injoignable"}),
        )
        .await
        .assert_status(200);
    let shown = w.merchant.get(&path).await;
    assert_eq!(
        keys(&shown.body["data"]["parcels"]),
        vec![a.clone(), b.clone()]
    );

    // Another merchant, a delivery person: not theirs.
    stranger.get(&path).await.assert_status(404);
    stranger
        .put(&path, json!({"parcels": [other_shop]}))
        .await
        .assert_status(404);
    stranger.delete(&path).await.assert_status(404);
    stranger
        .put(&format!("/api/pickup-vouchers/parcels/{a}"), json!({}))
        .await
        .assert_status(404);
    w.delivery_people[0]
        .client
        .get(&path)
        .await
        .assert_status(403);
    assert_eq!(
        stranger.get("/api/pickup-vouchers").await.body["meta"]["total"],
        0
    );

    // Deleting: its parcels go back to new; the voucher is gone.
    let second = pickup_voucher(&w, &[&other_shop]).await;
    w.merchant.delete(&path).await.assert_status(204);
    w.merchant.get(&path).await.assert_status(404);
    assert_eq!(status_of(&w.merchant, &a).await, "new");
    assert_eq!(status_of(&w.merchant, &b).await, "new");
    let mine = w.merchant.get("/api/pickup-vouchers").await;
    mine.assert_status(200);
    assert_eq!(mine.body["meta"]["total"], 1);
    assert_eq!(mine.body["data"][0]["key"], second);
    assert_eq!(
        activities(&w, "pickup_voucher", &code),
        [
            "pickup_voucher.created",
            "pickup_voucher.parcels_added",
            "pickup_voucher.parcel_removed",
            "pickup_voucher.parcels_added",
            "pickup_voucher.deleted"
        ]
    );
}

#[actix_rt::test]
async fn admins_receive_pickup_vouchers_with_the_parcels_actually_collected() {
    let w = world().await;
    let a = parcel(&w, 1).await;
    let b = parcel(&w, 2).await;
    let c = parcel(&w, 3).await;
    let code = pickup_voucher(&w, &[&a, &b, &c]).await;
    let stray = parcel(&w, 4).await;

    // Lists: new vouchers for the admin, searchable by key, shop and merchant.
    let new = w.admin.get("/api/pickup-vouchers?status=new").await;
    new.assert_status(200);
    assert_eq!(new.body["meta"]["total"], 1);
    assert_eq!(
        new.body["meta"],
        json!({"page": 1, "per_page": 25, "total": 1, "last_page": 1})
    );
    for q in [
        code.to_lowercase(),
        "atlas".to_owned(),
        "test client".to_owned(),
    ] {
        let found = w
            .admin
            .get(&format!("/api/pickup-vouchers?q={}", q.replace(' ', "%20")))
            .await;
        assert_eq!(found.body["meta"]["total"], 1, "q={q}");
    }
    assert_eq!(
        w.admin
            .get("/api/pickup-vouchers?q=nothing-like-it")
            .await
            .body["meta"]["total"],
        0
    );
    assert_eq!(
        w.admin
            .get(&format!("/api/pickup-vouchers?client={}", w.merchant_key))
            .await
            .body["meta"]["total"],
        1
    );
    w.admin
        .get("/api/pickup-vouchers?status=lost")
        .await
        .assert_status(422);

    // Refusals before anything moves.
    let receive = |body: Value| w.admin.put("/api/pickup-vouchers/pickup", body);
    let res = receive(json!({"parcels": [a]})).await;
    res.assert_status(422);
    assert!(!res.field_errors("voucher").is_empty());
    let res = receive(json!({"voucher": code, "parcels": []})).await;
    assert!(!res.field_errors("parcels").is_empty());
    let res = receive(json!({"voucher": code, "parcels": [a, stray]})).await;
    res.assert_status(422);
    assert!(res.field_errors("parcels")[0].contains(&stray));
    receive(json!({"voucher": "BRNOTHING", "parcels": [a]}))
        .await
        .assert_status(404);
    w.merchant
        .put(
            "/api/pickup-vouchers/pickup",
            json!({"voucher": code, "parcels": [a]}),
        )
        .await
        .assert_status(403);

    // Two of three collected: they are picked up, the third goes back to new.
    let res = receive(json!({"voucher": code, "parcels": [a, c.to_lowercase()]})).await;
    res.assert_status(200);
    let voucher = &res.body["data"];
    assert_eq!(voucher["status"], "received");
    assert_eq!(voucher["status_label"], "Réceptionné");
    assert_eq!(voucher["parcels_count"], 2);
    assert_eq!(keys(&voucher["parcels"]), vec![a.clone(), c.clone()]);
    assert!(voucher["received_at"].is_string());
    assert!(voucher["received_by"]["key"].is_string());
    assert_eq!(status_of(&w.merchant, &a).await, "picked_up");
    assert_eq!(status_of(&w.merchant, &c).await, "picked_up");
    assert_eq!(status_of(&w.merchant, &b).await, "new");
    let b_history = history(&w.merchant, &b).await;
    assert_eq!(
        b_history
            .iter()
            .map(|(s, _)| s.as_str())
            .collect::<Vec<_>>(),
        ["new", "awaiting_pickup", "new"]
    );
    assert!(b_history[2].1.contains("Non ramassé"));

    // Once received, nothing changes it.
    receive(json!({"voucher": code, "parcels": [a]}))
        .await
        .assert_status(409);
    let path = format!("/api/pickup-vouchers/{code}");
    w.merchant
        .put(&path, json!({"parcels": [b]}))
        .await
        .assert_status(409);
    w.merchant.delete(&path).await.assert_status(409);
    w.merchant
        .put(&format!("/api/pickup-vouchers/parcels/{a}"), json!({}))
        .await
        .assert_status(409);
    // The parcel left behind is free for another voucher.
    pickup_voucher(&w, &[&b]).await;
    assert_eq!(
        w.admin
            .get("/api/pickup-vouchers?status=received")
            .await
            .body["meta"]["total"],
        1
    );
    // The specification's word for it (« pickup vouchers (new, validated) ») answers the same.
    let validated = w.admin.get("/api/pickup-vouchers?status=validated").await;
    validated.assert_status(200);
    assert_eq!(validated.body["meta"]["total"], 1);
    assert_eq!(validated.body["data"][0]["status"], "received");
    w.admin
        .get("/api/pickup-vouchers?status=shipped")
        .await
        .assert_status(422);
    assert_eq!(
        activities(&w, "pickup_voucher", &code),
        ["pickup_voucher.created", "pickup_voucher.received"]
    );

    // A parcel cancelled by the merchant since the voucher was made is not on it any more.
    let d = parcel(&w, 5).await;
    let e = parcel(&w, 6).await;
    let later = pickup_voucher(&w, &[&d, &e]).await;
    w.merchant
        .put(&format!("/api/parcels/{d}/cancel"), json!({}))
        .await
        .assert_status(200);
    let res = receive(json!({"voucher": later, "parcels": [d, e]})).await;
    res.assert_status(409);
    assert!(res.body["message"].as_str().unwrap().contains(&d));
    assert_eq!(status_of(&w.merchant, &e).await, "awaiting_pickup");
}

#[actix_rt::test]
async fn shipping_hands_picked_up_parcels_to_a_delivery_person_on_an_exit_voucher() {
    let w = world().await;
    let a = parcel(&w, 1).await;
    let b = parcel(&w, 2).await;
    let in_rabat = parcel_in(&w, &w.shop, &w.rabat, 3).await;
    let fresh = parcel(&w, 4).await;
    picked_up(&w, &[&a, &b, &in_rabat]).await;

    let send = |body: Value| w.admin.put("/api/parcels/delivery", body);
    // Not picked up: 409 naming it.
    let res =
        send(json!({"delivery_admin": w.delivery_people[0].key, "parcels": [a, fresh]})).await;
    res.assert_status(409);
    assert!(res.body["message"].as_str().unwrap().contains(&fresh));
    // A city he does not serve: 422 naming it, unless forced.
    let res =
        send(json!({"delivery_admin": w.delivery_people[0].key, "parcels": [a, in_rabat]})).await;
    res.assert_status(422);
    assert!(res.field_errors("parcels")[0].contains(&in_rabat));
    assert!(!res.field_errors("parcels")[0].contains(&a));
    // Who: an active delivery person.
    let res = send(json!({"delivery_admin": w.merchant_key, "parcels": [a]})).await;
    assert!(!res.field_errors("delivery_admin").is_empty());
    let res = send(json!({"parcels": [a]})).await;
    assert!(!res.field_errors("delivery_admin").is_empty());
    let res =
        send(json!({"delivery_admin": w.delivery_people[0].key, "parcels": ["CLUNKNOWN000"]}))
            .await;
    assert!(res.field_errors("parcels")[0].contains("CLUNKNOWN000"));
    w.merchant
        .put(
            "/api/parcels/delivery",
            json!({"delivery_admin": w.delivery_people[0].key, "parcels": [a]}),
        )
        .await
        .assert_status(403);
    assert_eq!(status_of(&w.admin, &a).await, "picked_up");

    let res =
        send(json!({"delivery_admin": w.delivery_people[0].key, "parcels": [a, in_rabat], "force": true}))
            .await;
    res.assert_status(201);
    let voucher = &res.body["data"];
    let code = key(voucher);
    assert!(code.starts_with("BS") && code.len() == 10);
    assert_eq!(voucher["kind"], "exit");
    assert_eq!(voucher["status"], "issued");
    assert_eq!(voucher["status_label"], "Remis au livreur");
    assert_eq!(voucher["delivery_admin"]["key"], w.delivery_people[0].key);
    assert_eq!(voucher["delivery_admin"]["phone"], "0612345678");
    assert_eq!(voucher["client"], Value::Null);
    assert_eq!(voucher["parcels_count"], 2);
    assert_eq!(voucher["cod_total"], 20_004);
    assert_eq!(keys(&voucher["parcels"]), vec![a.clone(), in_rabat.clone()]);
    assert_eq!(voucher["parcels"][0]["status"], "out_for_delivery");
    assert_eq!(
        voucher["parcels"][0]["delivery_admin"],
        w.delivery_people[0].key
    );
    assert!(history(&w.admin, &in_rabat)
        .await
        .last()
        .unwrap()
        .1
        .contains("forcé"));
    // The history keeps the voucher as a code and its values, rendered in the reader's
    // language: French by default, English when asked.
    let shipped = w.admin.get(&format!("/api/parcels/{a}/states")).await;
    let row = shipped.body["data"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(row["status_label"], "Mis en distribution");
    assert_eq!(
        row["note"],
        json!({"code": "exit_voucher", "values": {"voucher": code}})
    );
    assert_eq!(row["comment"], Value::Null);
    assert_eq!(row["text"], format!("Bon de sortie {code}"));
    *w.admin.language.borrow_mut() = Some("en-GB,en;q=0.9,fr;q=0.8".to_owned());
    let english = w.admin.get(&format!("/api/parcels/{a}/states")).await;
    assert!(
        english.headers["vary"]
            .iter()
            .any(|v| v.to_ascii_lowercase().contains("accept-language")),
        "{:?}",
        english.headers
    );
    let row = english.body["data"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(row["status_label"], "Out for delivery");
    assert_eq!(row["text"], format!("Exit voucher {code}"));
    let forced = history(&w.admin, &in_rabat).await;
    assert_eq!(
        forced.last().unwrap().1,
        format!("Exit voucher {code} (outside his cities, forced)")
    );
    // Earlier rows too: the pickup voucher's, in English.
    assert!(forced
        .iter()
        .any(|(status, text)| status == "picked_up" && text.starts_with("Picked up (voucher BR")));
    *w.admin.language.borrow_mut() = None;
    let second = key(&ship(&w, &w.delivery_people[1].key, &[&b]).await);

    // He sees his parcels and his vouchers; the other delivery person his own only.
    let sent = w.delivery_people[0]
        .client
        .get("/api/parcels?view=sent")
        .await;
    assert_eq!(sent.body["meta"]["total"], 2);
    let path = format!("/api/exit-vouchers/{code}");
    let mine = w.delivery_people[0].client.get(&path).await;
    mine.assert_status(200);
    assert_eq!(mine.body["data"]["parcels"][0]["actions"], json!(["state"]));
    let listed = w.delivery_people[0].client.get("/api/exit-vouchers").await;
    assert_eq!(listed.body["meta"]["total"], 1);
    assert_eq!(listed.body["data"][0]["key"], code);
    w.delivery_people[1]
        .client
        .get(&path)
        .await
        .assert_status(404);
    w.merchant.get(&path).await.assert_status(403);
    w.merchant
        .get("/api/exit-vouchers")
        .await
        .assert_status(403);
    // The admin sees every one, newest first, or one delivery person's.
    let all = w.admin.get("/api/exit-vouchers").await;
    assert_eq!(all.body["meta"]["total"], 2);
    assert_eq!(all.body["data"][0]["key"], second);
    let one = w
        .admin
        .get(&format!(
            "/api/exit-vouchers?delivery_admin={}",
            w.delivery_people[1].key
        ))
        .await;
    assert_eq!(keys(&one.body["data"]), vec![second.clone()]);
    let oldest = w.admin.get("/api/exit-vouchers?sort=created_at").await;
    assert_eq!(oldest.body["data"][0]["key"], code);
    let paged = w.admin.get("/api/exit-vouchers?per_page=1&page=2").await;
    assert_eq!(keys(&paged.body["data"]), vec![code.clone()]);
    assert_eq!(
        paged.body["meta"],
        json!({"page": 2, "per_page": 1, "total": 2, "last_page": 2})
    );
    w.admin
        .get("/api/exit-vouchers?sort=password")
        .await
        .assert_status(422);
    // Shipped already: shipping again is a 409.
    send(json!({"delivery_admin": w.delivery_people[0].key, "parcels": [b]}))
        .await
        .assert_status(409);
    assert_eq!(
        activities(&w, "exit_voucher", &code),
        ["exit_voucher.created"]
    );
}

#[actix_rt::test]
async fn return_vouchers_bring_back_refused_parcels_and_the_items_exchanges_collect() {
    let w = world().await;
    // An exchange needs a delivered original.
    let original = parcel(&w, 1).await;
    picked_up(&w, &[&original]).await;
    ship(&w, &w.delivery_people[0].key, &[&original]).await;
    w.delivery_people[0]
        .client
        .post(
            "/api/parcels/states",
            json!({"parcel": original, "status": "delivered"}),
        )
        .await
        .assert_status(200);
    let res = w
        .merchant
        .post(
            "/api/parcels",
            json!({
                "shop": w.shop, "recipient_name": "Client 1", "recipient_phone": "0612345678",
                "city": w.casa, "address": "5 avenue Hassan II", "cod_amount": 0,
                "product": "Robe taille M", "kind": "exchange", "original_parcel": original,
                "item_to_collect": "Robe taille S"
            }),
        )
        .await;
    res.assert_status(201);
    let exchange = key(&res.body["data"]);
    let refused = parcel(&w, 2).await;
    let delivered = parcel(&w, 3).await;
    let elsewhere = parcel(&w, 4).await;
    picked_up(&w, &[&exchange, &refused, &delivered, &elsewhere]).await;
    ship(
        &w,
        &w.delivery_people[0].key,
        &[&exchange, &refused, &delivered],
    )
    .await;
    ship(&w, &w.delivery_people[1].key, &[&elsewhere]).await;

    // His round: the exchange delivered (item collected), one refused, one delivered.
    for (parcel, outcome) in [(&exchange, "delivered"), (&delivered, "delivered")] {
        w.delivery_people[0]
            .client
            .post(
                "/api/parcels/states",
                json!({"parcel": parcel, "status": outcome}),
            )
            .await
            .assert_status(200);
    }
    w.delivery_people[0]
        .client
        .post(
            "/api/parcels/states",
            json!({"parcel": refused, "status": "refused", "comment": "Refusé à la porte"}),
        )
        .await
        .assert_status(200);
    w.delivery_people[1]
        .client
        .post(
            "/api/parcels/states",
            json!({"parcel": elsewhere, "status": "refused", "comment": "Absent"}),
        )
        .await
        .assert_status(200);

    // To be returned: the refused parcel and the collected item, his only.
    let due = w.delivery_people[0]
        .client
        .get("/api/parcels?view=to-be-returned")
        .await;
    due.assert_status(200);
    let mut due_keys = keys(&due.body["data"]);
    due_keys.sort();
    let mut expected = vec![exchange.clone(), refused.clone()];
    expected.sort();
    assert_eq!(due_keys, expected);
    let for_admin = w
        .admin
        .get(&format!(
            "/api/parcels?view=to-be-returned&delivery_admin={}",
            w.delivery_people[0].key
        ))
        .await;
    assert_eq!(for_admin.body["meta"]["total"], 2);
    assert_eq!(
        w.admin.get("/api/parcels?view=to-be-returned").await.body["meta"]["total"],
        3
    );

    // Refusals: not to be returned (409), not his (422), whom for (422).
    let create = |client: &'static str, body: Value| {
        let client = match client {
            "admin" => &w.admin,
            _ => &w.delivery_people[0].client,
        };
        client.post("/api/return-vouchers", body)
    };
    let res = create("courier", json!({"parcels": [refused, delivered]})).await;
    res.assert_status(409);
    assert!(res.body["message"].as_str().unwrap().contains(&delivered));
    let res = create("courier", json!({"parcels": [refused, elsewhere]})).await;
    res.assert_status(422);
    assert!(res.field_errors("parcels")[0].contains(&elsewhere));
    let res = create("admin", json!({"parcels": [refused]})).await;
    assert!(!res.field_errors("delivery_admin").is_empty());
    let res = create(
        "admin",
        json!({"parcels": [refused], "delivery_admin": w.delivery_people[1].key}),
    )
    .await;
    res.assert_status(422);
    w.merchant
        .post("/api/return-vouchers", json!({"parcels": [refused]}))
        .await
        .assert_status(403);
    assert_eq!(
        status_of(&w.delivery_people[0].client, &refused).await,
        "refused"
    );

    // He makes his return voucher: the refused parcel goes returning, the exchange stays
    // delivered with its item on the voucher.
    let res = create(
        "courier",
        json!({"parcels": [refused, exchange], "delivery_admin": w.delivery_people[1].key}),
    )
    .await;
    res.assert_status(201);
    let voucher = &res.body["data"];
    let code = key(voucher);
    assert!(code.starts_with("BT") && code.len() == 10);
    assert_eq!(voucher["kind"], "return");
    assert_eq!(voucher["status"], "new");
    assert_eq!(voucher["delivery_admin"]["key"], w.delivery_people[0].key);
    assert_eq!(voucher["parcels_count"], 2);
    assert_eq!(
        status_of(&w.delivery_people[0].client, &refused).await,
        "returning"
    );
    assert_eq!(
        status_of(&w.delivery_people[0].client, &exchange).await,
        "delivered"
    );
    assert_eq!(
        w.delivery_people[0]
            .client
            .get("/api/parcels?view=to-be-returned")
            .await
            .body["meta"]["total"],
        0
    );
    // Neither can go on a second voucher.
    create("courier", json!({"parcels": [exchange]}))
        .await
        .assert_status(409);

    // The admin also makes one for the other delivery person.
    let res = create(
        "admin",
        json!({"parcels": [elsewhere], "delivery_admin": w.delivery_people[1].key}),
    )
    .await;
    res.assert_status(201);
    let theirs = key(&res.body["data"]);

    // Lists and details in scope.
    let path = format!("/api/return-vouchers/{code}");
    w.delivery_people[0]
        .client
        .get(&path)
        .await
        .assert_status(200);
    w.delivery_people[1]
        .client
        .get(&path)
        .await
        .assert_status(404);
    w.merchant.get(&path).await.assert_status(403);
    assert_eq!(
        keys(
            &w.delivery_people[0]
                .client
                .get("/api/return-vouchers")
                .await
                .body["data"]
        ),
        vec![code.clone()]
    );
    assert_eq!(
        keys(
            &w.delivery_people[1]
                .client
                .get("/api/return-vouchers")
                .await
                .body["data"]
        ),
        vec![theirs.clone()]
    );
    assert_eq!(
        w.admin.get("/api/return-vouchers?status=new").await.body["meta"]["total"],
        2
    );
    let found = w
        .admin
        .get(&format!(
            "/api/return-vouchers?delivery_admin={}",
            w.delivery_people[0].key
        ))
        .await;
    assert_eq!(keys(&found.body["data"]), vec![code.clone()]);

    // Received at the hub: returned, and the exchange's item is back.
    w.delivery_people[0]
        .client
        .put(&format!("{path}/receive"), json!({}))
        .await
        .assert_status(403);
    let res = w.admin.put(&format!("{path}/receive"), json!({})).await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["status"], "received");
    assert!(res.body["data"]["received_at"].is_string());
    assert_eq!(status_of(&w.admin, &refused).await, "returned");
    assert_eq!(status_of(&w.admin, &exchange).await, "delivered");
    let item = history(&w.admin, &exchange).await;
    assert_eq!(
        item.last().unwrap(),
        &(
            "delivered".to_owned(),
            format!("Article repris rendu au dépôt (bon {code})")
        )
    );
    assert!(item
        .iter()
        .any(|(_, c)| c.contains("Article repris sur le bon de retour")));
    w.admin
        .put(&format!("{path}/receive"), json!({}))
        .await
        .assert_status(409);
    w.admin
        .put("/api/return-vouchers/BTNOTHING/receive", json!({}))
        .await
        .assert_status(404);
    assert_eq!(
        w.admin
            .get("/api/return-vouchers?status=received")
            .await
            .body["meta"]["total"],
        1
    );
    // The item came back once: it is not to be returned again.
    assert_eq!(
        w.admin.get("/api/parcels?view=to-be-returned").await.body["meta"]["total"],
        0
    );
    assert_eq!(
        activities(&w, "return_voucher", &code),
        ["return_voucher.created", "return_voucher.received"]
    );
}

#[actix_rt::test]
async fn every_voucher_prints_as_a_pdf_holding_its_parcels_tracking_codes() {
    let w = world().await;
    let a = parcel(&w, 1).await;
    let b = parcel(&w, 2).await;
    let pickup = picked_up(&w, &[&a, &b]).await;
    let exit = key(&ship(&w, &w.delivery_people[0].key, &[&a, &b]).await);
    w.delivery_people[0]
        .client
        .post(
            "/api/parcels/states",
            json!({"parcel": a, "status": "refused", "comment": "Refusé"}),
        )
        .await
        .assert_status(200);
    let res = w.delivery_people[0]
        .client
        .post("/api/return-vouchers", json!({"parcels": [a]}))
        .await;
    res.assert_status(201);
    let back = key(&res.body["data"]);

    let read = |client: &'static str, path: String| {
        let client = match client {
            "merchant" => &w.merchant,
            "courier" => &w.delivery_people[0].client,
            _ => &w.admin,
        };
        async move {
            let res = client.get(&path).await;
            res.assert_status(200);
            assert_eq!(res.header("content-type"), Some("application/pdf"));
            assert_eq!(res.header("cache-control"), Some("no-store"));
            colivra_documents::extract_text(&res.bytes).unwrap()
        }
    };
    let text = read("merchant", format!("/api/pickup-vouchers/{pickup}/pdf")).await;
    for expected in [
        pickup.as_str(),
        a.as_str(),
        b.as_str(),
        "Bon de ramassage",
        "Atlas Mode",
        "Client 1",
        "200,03 DH",
        "Signature du client",
    ] {
        assert!(text.contains(expected), "{expected} missing from:\n{text}");
    }
    let text = read("courier", format!("/api/exit-vouchers/{exit}/pdf")).await;
    for expected in [
        exit.as_str(),
        a.as_str(),
        b.as_str(),
        "Bon de sortie",
        "Signature du livreur",
    ] {
        assert!(text.contains(expected), "{expected} missing from:\n{text}");
    }
    let text = read("admin", format!("/api/return-vouchers/{back}/pdf")).await;
    for expected in [back.as_str(), a.as_str(), "Bon de retour", "En retour"] {
        assert!(text.contains(expected), "{expected} missing from:\n{text}");
    }
    assert!(!text.contains(&b));

    // In the language each reader chose in the web app (kept with his account: a PDF opens in
    // its own window, without the app's Accept-Language), else his browser's.
    let courier = &w.delivery_people[0].client;
    courier
        .put("/api/users/language", json!({"language": "en"}))
        .await
        .assert_status(204);
    let text = read("courier", format!("/api/exit-vouchers/{exit}/pdf")).await;
    for expected in [
        exit.as_str(),
        "Exit voucher",
        "Delivery person's signature",
        "Tracking code",
        "Page 1 / 1",
    ] {
        assert!(text.contains(expected), "{expected} missing from:\n{text}");
    }
    assert!(!text.contains("Bon de sortie"), "{text}");
    courier
        .put("/api/users/language", json!({"language": "ar"}))
        .await
        .assert_status(204);
    let res = courier.get(&format!("/api/exit-vouchers/{exit}/pdf")).await;
    res.assert_status(200);
    let text = crate::support::pdftotext_pages(&res.bytes).join("\n");
    for expected in [
        "وصل الخروج",
        "رمز التتبع",
        "توقيع عامل التوصيل",
        exit.as_str(),
    ] {
        assert!(text.contains(expected), "{expected} missing from:\n{text}");
    }
    *w.admin.language.borrow_mut() = Some("en-US,en;q=0.9".to_owned());
    let text = read("admin", format!("/api/return-vouchers/{back}/pdf")).await;
    assert!(
        text.contains("Return voucher") && text.contains("Returning"),
        "{text}"
    );
    *w.admin.language.borrow_mut() = None;

    // Out of scope: 404, as for the details.
    let (stranger, _) = w.app.signed_in(Role::Merchant, true).await;
    stranger
        .get(&format!("/api/pickup-vouchers/{pickup}/pdf"))
        .await
        .assert_status(404);
    w.delivery_people[1]
        .client
        .get(&format!("/api/exit-vouchers/{exit}/pdf"))
        .await
        .assert_status(404);
    w.delivery_people[1]
        .client
        .get(&format!("/api/return-vouchers/{back}/pdf"))
        .await
        .assert_status(404);
    // A voucher key of another kind is not found either.
    w.admin
        .get(&format!("/api/exit-vouchers/{pickup}/pdf"))
        .await
        .assert_status(404);
}

/// The parcel's row in the database: (status, delivery person's key).
fn parcel_row(w: &World, parcel: &str) -> (String, Option<String>) {
    use colivra_db::schema::{parcels, users};
    use diesel::prelude::*;
    let (status, holder): (String, Option<i64>) = parcels::table
        .filter(parcels::key.eq(parcel))
        .select((parcels::status, parcels::delivery_person_id))
        .first(&mut w.app.conn())
        .unwrap();
    let holder = holder.map(|id| {
        users::table
            .find(id)
            .select(users::key)
            .first(&mut w.app.conn())
            .unwrap()
    });
    (status, holder)
}

/// The parcel's links to vouchers of `kind`: (voucher key, open, removed).
fn links(w: &World, parcel: &str, kind: &str) -> Vec<(String, bool, bool)> {
    use colivra_db::schema::{parcels, voucher_parcels, vouchers};
    use diesel::prelude::*;
    voucher_parcels::table
        .inner_join(parcels::table)
        .inner_join(vouchers::table)
        .filter(parcels::key.eq(parcel))
        .filter(voucher_parcels::kind.eq(kind))
        .select((
            vouchers::key,
            voucher_parcels::open,
            voucher_parcels::removed_at.is_not_null(),
        ))
        .load(&mut w.app.conn())
        .unwrap()
}

/// The statuses the parcel's history holds, oldest first, straight from the database.
fn stored_history(w: &World, parcel: &str) -> Vec<String> {
    use colivra_db::schema::{parcel_states, parcels};
    use diesel::prelude::*;
    parcel_states::table
        .inner_join(parcels::table)
        .filter(parcels::key.eq(parcel))
        .order(parcel_states::id.asc())
        .select(parcel_states::status)
        .load(&mut w.app.conn())
        .unwrap()
}

fn vouchers_of_kind(w: &World, kind: &str) -> Vec<(String, String, Option<i64>)> {
    use colivra_db::schema::vouchers;
    use diesel::prelude::*;
    vouchers::table
        .filter(vouchers::kind.eq(kind))
        .order(vouchers::id.asc())
        .select((
            vouchers::key,
            vouchers::status,
            vouchers::delivery_person_id,
        ))
        .load(&mut w.app.conn())
        .unwrap()
}

#[actix_rt::test]
async fn two_admins_shipping_the_same_parcel_at_once_leave_it_on_one_exit_voucher() {
    let w = world().await;
    let (second_admin, _) = w.app.signed_in(Role::Admin, true).await;
    let rounds = 5;
    let mut together = 0;
    for round in 0..rounds {
        let parcel = parcel(&w, round).await;
        picked_up(&w, &[&parcel]).await;
        let race = crate::support::race(vec![
            w.admin.racer(
                Method::PUT,
                "/api/parcels/delivery",
                Some(json!({"delivery_admin": w.delivery_people[0].key, "parcels": [parcel]})),
            ),
            second_admin.racer(
                Method::PUT,
                "/api/parcels/delivery",
                Some(json!({"delivery_admin": w.delivery_people[1].key, "parcels": [parcel]})),
            ),
        ])
        .await;
        let winner = race.one_winner(201, &[409]);
        if race.in_flight_together() == 2 {
            together += 1;
        }
        let voucher = key(&winner.body["data"]);
        let delivery_person = winner.body["data"]["delivery_admin"]["key"]
            .as_str()
            .unwrap()
            .to_owned();
        // The database: out for delivery with the winner's courier, on the winner's voucher
        // only, one move in its history, and no voucher left behind by the loser.
        assert_eq!(
            parcel_row(&w, &parcel),
            ("out_for_delivery".to_owned(), Some(delivery_person))
        );
        assert_eq!(links(&w, &parcel, "exit"), [(voucher.clone(), true, false)]);
        assert_eq!(
            stored_history(&w, &parcel),
            ["new", "awaiting_pickup", "picked_up", "out_for_delivery"]
        );
        let exits = vouchers_of_kind(&w, "exit");
        assert_eq!(exits.len() as i64, round + 1, "one exit voucher per round");
        assert_eq!(exits.last().unwrap().0, voucher);
        let moves = history(&w.admin, &parcel)
            .await
            .iter()
            .filter(|(s, _)| s == "out_for_delivery")
            .count();
        assert_eq!(moves, 1, "one move in the history the API shows");
    }
    assert!(
        together > 0,
        "in no round were both requests in flight together: the test did not race"
    );
    assert_eq!(
        w.admin.get("/api/exit-vouchers").await.body["meta"]["total"],
        rounds
    );
}

#[actix_rt::test]
async fn a_removal_racing_with_the_reception_leaves_one_outcome_and_a_409() {
    let w = world().await;
    let mut together = 0;
    for round in 0..6 {
        let a = parcel(&w, 2 * round).await;
        let b = parcel(&w, 2 * round + 1).await;
        let code = pickup_voucher(&w, &[&a, &b]).await;
        let race = crate::support::race(vec![
            w.merchant.racer(
                Method::PUT,
                &format!("/api/pickup-vouchers/parcels/{a}"),
                Some(json!({})),
            ),
            w.admin.racer(
                Method::PUT,
                "/api/pickup-vouchers/pickup",
                Some(json!({"voucher": code, "parcels": [a, b]})),
            ),
        ])
        .await;
        race.one_winner(200, &[409]);
        if race.in_flight_together() == 2 {
            together += 1;
        }
        let removed = &race.responses[0];
        let voucher_status = vouchers_of_kind(&w, "pickup")
            .into_iter()
            .find(|(key, _, _)| *key == code)
            .unwrap()
            .1;
        let voucher = w.admin.get(&format!("/api/pickup-vouchers/{code}")).await;
        if removed.status == 200 {
            // The removal won: the parcel is new and off the voucher, which is still new.
            assert_eq!(parcel_row(&w, &a).0, "new");
            assert_eq!(parcel_row(&w, &b).0, "awaiting_pickup");
            assert_eq!(voucher_status, "new");
            assert_eq!(links(&w, &a, "pickup"), [(code.clone(), false, true)]);
            assert_eq!(links(&w, &b, "pickup"), [(code.clone(), true, false)]);
            assert_eq!(stored_history(&w, &a), ["new", "awaiting_pickup", "new"]);
            assert_eq!(keys(&voucher.body["data"]["parcels"]), vec![b.clone()]);
        } else {
            // The reception won: both picked up, on the received voucher.
            assert_eq!(parcel_row(&w, &a).0, "picked_up");
            assert_eq!(parcel_row(&w, &b).0, "picked_up");
            assert_eq!(voucher_status, "received");
            for p in [&a, &b] {
                assert_eq!(links(&w, p, "pickup"), [(code.clone(), false, false)]);
                assert_eq!(
                    stored_history(&w, p),
                    ["new", "awaiting_pickup", "picked_up"]
                );
            }
            assert_eq!(
                keys(&voucher.body["data"]["parcels"]),
                vec![a.clone(), b.clone()]
            );
        }
    }
    assert!(
        together > 0,
        "in no round were both requests in flight together: the test did not race"
    );
}
