//! Parcels through the API: creation with the fee snapshot, validation, the merchant's edits,
//! the state machine from each role, lists, history, import, tracking and statistics.

use crate::support::money::{money_world, MoneyWorld};
use crate::support::TestClient;
use actix_web::http::Method;
use colivra_core::{Role, UserId};
use serde_json::{json, Value};

/// A merchant with a shop in Casablanca, Casablanca (20 DH) and Rabat (25 DH), an admin.
type World = MoneyWorld;

async fn world() -> World {
    money_world(0).await
}

fn parcel_body(w: &World, name: &str, phone: &str) -> Value {
    json!({
        "shop": w.shop, "recipient_name": name, "recipient_phone": phone,
        "city": w.rabat, "address": "5 avenue Hassan II", "cod_amount": 24900,
        "product": "Robe", "quantity": 1, "can_open": true, "fragile": true
    })
}

async fn create(w: &World, name: &str, phone: &str) -> Value {
    let res = w
        .merchant
        .post("/api/parcels", parcel_body(w, name, phone))
        .await;
    res.assert_status(201);
    res.body["data"].clone()
}

fn key(parcel: &Value) -> String {
    parcel["key"].as_str().unwrap().to_owned()
}

/// Gives a parcel to a delivery person the way an exit voucher will (issue 6): picked up by an
/// admin's forced move, then assigned and sent out.
async fn hand_to_delivery_person(w: &World, parcel: &str, delivery_person: UserId) {
    w.admin
        .post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "picked_up", "comment": "Reçu au dépôt"}),
        )
        .await
        .assert_status(200);
    {
        use colivra_db::schema::parcels;
        use diesel::prelude::*;
        diesel::update(parcels::table.filter(parcels::key.eq(parcel)))
            .set(parcels::delivery_person_id.eq(delivery_person))
            .execute(&mut w.app.conn())
            .unwrap();
    }
    w.admin
        .post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "out_for_delivery"}),
        )
        .await
        .assert_status(200);
}

#[actix_rt::test]
async fn a_parcel_keeps_the_fees_in_force_when_it_was_created() {
    let w = world().await;
    let first = create(&w, "Amina Benali", "+212612345678").await;
    assert_eq!(first["status"], "new");
    assert_eq!(first["status_label"], "Nouveau colis");
    assert_eq!(first["recipient_phone"], "0612345678");
    assert_eq!(first["city_name"], "Rabat");
    assert_eq!(
        first["fees"],
        json!({"delivery": 2500, "return": 1000, "refusal": 1500})
    );
    assert_eq!(first["client"], w.merchant_key);
    assert!(key(&first).starts_with("CL") && key(&first).len() == 12);
    assert_eq!(
        first["actions"],
        json!(["edit", "delete", "cancel", "change-address"])
    );

    // A merchant price for Rabat applies to the next parcel only.
    w.admin
        .post("/api/costs", json!({"client": w.merchant_key, "city": w.rabat, "delivery_fee": 1800, "return_fee": 500, "refusal_fee": 700}))
        .await
        .assert_status(201);
    let second = create(&w, "Youssef Alami", "0700112233").await;
    assert_eq!(
        second["fees"],
        json!({"delivery": 1800, "return": 500, "refusal": 700})
    );
    let again = w
        .merchant
        .get(&format!("/api/parcels/{}", key(&first)))
        .await;
    assert_eq!(again.body["data"]["fees"]["delivery"], 2500);

    // The city's fee changes later: snapshots do not move.
    w.admin
        .put(
            &format!("/api/cities/{}", w.rabat),
            json!({"delivery_fee": 9900}),
        )
        .await
        .assert_status(200);
    let again = w
        .merchant
        .get(&format!("/api/parcels/{}", key(&first)))
        .await;
    assert_eq!(again.body["data"]["fees"]["delivery"], 2500);

    // History starts with "new"; an activity per creation.
    let states = w
        .merchant
        .get(&format!("/api/parcels/{}/states", key(&first)))
        .await;
    assert_eq!(states.body["data"].as_array().unwrap().len(), 1);
    assert_eq!(states.body["data"][0]["status"], "new");
}

#[actix_rt::test]
async fn bad_parcels_answer_422_on_each_field() {
    let w = world().await;
    let res = w
        .merchant
        .post(
            "/api/parcels",
            json!({"shop": "NOPE", "recipient_name": "", "recipient_phone": "0812345678", "recipient_phone_alt": "12",
                   "city": "Atlantis", "address": " ", "cod_amount": 10_000_001, "product": "", "quantity": 0, "kind": "gift"}),
        )
        .await;
    res.assert_status(422);
    for field in [
        "shop",
        "recipient_name",
        "recipient_phone",
        "recipient_phone_alt",
        "city",
        "address",
        "cod_amount",
        "product",
        "quantity",
        "kind",
    ] {
        assert!(!res.field_errors(field).is_empty(), "{field}: {}", res.text);
    }
    assert_eq!(
        res.field_errors("address"),
        vec!["L'adresse est obligatoire."]
    );
    // Too long is not missing: the message says the limit and what was typed.
    let mut body = parcel_body(&w, "Ali", "0612345678");
    body["address"] = json!("r".repeat(600));
    let res = w.merchant.post("/api/parcels", body).await;
    res.assert_status(422);
    assert_eq!(
        res.field_errors("address"),
        vec!["255 caractères au plus (600 saisis)."]
    );
    // An exchange needs the item to collect, and its original must be a delivered parcel of his.
    let mut body = parcel_body(&w, "Ali", "0612345678");
    body["kind"] = json!("exchange");
    body["original_parcel"] = json!("CLXXXXXXXXXX");
    let res = w.merchant.post("/api/parcels", body).await;
    assert!(!res.field_errors("item_to_collect").is_empty());
    assert!(!res.field_errors("original_parcel").is_empty());
    // A reference is unique per shop.
    let mut body = parcel_body(&w, "Ali", "0612345678");
    body["reference"] = json!("CMD-1");
    w.merchant
        .post("/api/parcels", body.clone())
        .await
        .assert_status(201);
    let twice = w.merchant.post("/api/parcels", body).await;
    assert!(!twice.field_errors("reference").is_empty());
    // Another merchant's shop is not his.
    let (other, _) = w.app.signed_in(Role::Merchant, true).await;
    let res = other
        .post("/api/parcels", parcel_body(&w, "Ali", "0612345678"))
        .await;
    assert!(!res.field_errors("shop").is_empty());
    // City names work too (the import uses them), whatever the case and accents.
    let mut body = parcel_body(&w, "Ali", "0612345678");
    body["city"] = json!("casablanca");
    let res = w.merchant.post("/api/parcels", body).await;
    res.assert_status(201);
    assert_eq!(res.body["data"]["city_name"], "Casablanca");
}

#[actix_rt::test]
async fn merchants_edit_delete_and_cancel_only_while_they_may() {
    let w = world().await;
    let parcel = create(&w, "Amina", "0612345678").await;
    let path = format!("/api/parcels/{}", key(&parcel));
    let edited = w
        .merchant
        .put(
            &path,
            json!({"city": w.casa, "cod_amount": 10000, "note": "Sonner deux fois"}),
        )
        .await;
    edited.assert_status(200);
    assert_eq!(edited.body["data"]["city_name"], "Casablanca");
    assert_eq!(edited.body["data"]["fees"]["delivery"], 2000);
    assert_eq!(edited.body["data"]["recipient_name"], "Amina");
    assert_eq!(edited.body["data"]["note"], "Sonner deux fois");

    // Another merchant, an admin's key guess, a delivery person: 404 on every call.
    let (other, _) = w.app.signed_in(Role::Merchant, true).await;
    other.get(&path).await.assert_status(404);
    other
        .put(&path, json!({"note": "x"}))
        .await
        .assert_status(404);
    other.delete(&path).await.assert_status(404);
    other
        .get(&format!("{path}/states"))
        .await
        .assert_status(404);
    other
        .put(&format!("{path}/cancel"), json!({}))
        .await
        .assert_status(404);
    let (delivery_person, _) = w.app.signed_in(Role::DeliveryPerson, true).await;
    delivery_person.get(&path).await.assert_status(404);
    assert_eq!(other.get("/api/parcels").await.body["meta"]["total"], 0);

    let cancelled = w
        .merchant
        .put(
            &format!("{path}/cancel"),
            json!({"comment": "Client injoignable"}),
        )
        .await;
    cancelled.assert_status(200);
    assert_eq!(cancelled.body["data"]["status"], "cancelled");
    assert_eq!(cancelled.body["data"]["actions"], json!([]));
    let refused = w.merchant.put(&path, json!({"note": "x"})).await;
    refused.assert_status(409);
    assert!(refused.body["message"].as_str().unwrap().contains("Annulé"));
    w.merchant.delete(&path).await.assert_status(409);
    w.merchant
        .put(&format!("{path}/cancel"), json!({}))
        .await
        .assert_status(409);
    let history = w.merchant.get(&format!("{path}/states")).await;
    let statuses: Vec<&str> = history.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["new", "cancelled"]);
    assert_eq!(history.body["data"][1]["comment"], "Client injoignable");

    let other_parcel = create(&w, "Karim", "0612345679").await;
    w.merchant
        .delete(&format!("/api/parcels/{}", key(&other_parcel)))
        .await
        .assert_status(204);
    w.merchant
        .get(&format!("/api/parcels/{}", key(&other_parcel)))
        .await
        .assert_status(404);
}

#[actix_rt::test]
async fn the_round_of_a_delivery_person_follows_the_state_machine() {
    let w = world().await;
    let (delivery_person, delivery_person_user) = w.app.signed_in(Role::DeliveryPerson, true).await;
    let parcel = key(&create(&w, "Amina", "0612345678").await);

    // Not his yet: invisible to him; admins may not skip steps without a comment.
    delivery_person
        .post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "delivered"}),
        )
        .await
        .assert_status(404);
    let skipped = w
        .admin
        .post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "delivered"}),
        )
        .await;
    skipped.assert_status(409);
    assert!(skipped.body["message"].as_str().unwrap().contains("forcer"));

    hand_to_delivery_person(&w, &parcel, delivery_person_user.id).await;
    let mine = delivery_person.get("/api/parcels?view=sent").await;
    assert_eq!(mine.body["meta"]["total"], 1);
    assert_eq!(mine.body["data"][0]["actions"], json!(["state"]));

    // Postponed needs a date; refused needs a reason.
    let no_date = delivery_person
        .post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "postponed"}),
        )
        .await;
    assert!(!no_date.field_errors("date").is_empty());
    let tomorrow = (chrono::Utc::now().date_naive() + chrono::Duration::days(1)).to_string();
    let postponed = delivery_person
        .post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "postponed", "date": tomorrow}),
        )
        .await;
    postponed.assert_status(200);
    assert_eq!(postponed.body["data"]["postponed_to"], tomorrow);
    // Three failed attempts, each after a call: the third refuses the parcel by itself.
    for (n, status) in ["no_answer", "unreachable", "no_answer"].iter().enumerate() {
        call(&delivery_person, &parcel).await;
        let res = delivery_person
            .post(
                "/api/parcels/states",
                json!({"parcel": parcel, "status": status}),
            )
            .await;
        res.assert_status(200);
        assert_eq!(res.body["data"]["attempts"], n as i64 + 1);
    }
    let now = delivery_person.get(&format!("/api/parcels/{parcel}")).await;
    assert_eq!(now.body["data"]["status"], "refused");
    // He can no longer change it; a merchant never posts states.
    delivery_person
        .post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "delivered"}),
        )
        .await
        .assert_status(409);
    w.merchant
        .post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "delivered"}),
        )
        .await
        .assert_status(403);
    // The merchant sees the whole history.
    let history = w
        .merchant
        .get(&format!("/api/parcels/{parcel}/states"))
        .await;
    let statuses: Vec<&str> = history.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        [
            "new",
            "picked_up",
            "out_for_delivery",
            "postponed",
            "no_answer",
            "unreachable",
            "no_answer",
            "refused"
        ]
    );
    // The automatic refusal is the server's: a code and its values, rendered in French by
    // default and in English when the reader asks for it; a person's comment stays as written.
    let refusal = &history.body["data"][7];
    assert_eq!(
        refusal["note"],
        json!({"code": "auto_refused", "values": {"attempts": 3}})
    );
    assert_eq!(refusal["comment"], Value::Null);
    assert_eq!(refusal["status_label"], "Refusé");
    assert_eq!(
        refusal["text"],
        "Refusé automatiquement après 3 tentatives sans succès."
    );
    assert_eq!(refusal["user_name"], Value::Null);
    assert_eq!(history.body["data"][1]["comment"], "Reçu au dépôt");
    assert_eq!(history.body["data"][1]["text"], "Reçu au dépôt");
    assert_eq!(history.body["data"][1]["note"], Value::Null);
    *w.merchant.language.borrow_mut() = Some("en".to_owned());
    let english = w
        .merchant
        .get(&format!("/api/parcels/{parcel}/states"))
        .await;
    english.assert_status(200);
    let refusal = &english.body["data"][7];
    assert_eq!(refusal["status_label"], "Refused");
    assert_eq!(
        refusal["text"],
        "Refused automatically after 3 unsuccessful attempts."
    );
    assert_eq!(english.body["data"][3]["status_label"], "Postponed");
    assert_eq!(english.body["data"][1]["text"], "Reçu au dépôt");
    *w.merchant.language.borrow_mut() = Some("ar".to_owned());
    let arabic = w
        .merchant
        .get(&format!("/api/parcels/{parcel}/states"))
        .await;
    assert_eq!(arabic.body["data"][7]["status_label"], "مرفوض");
    assert_eq!(
        arabic.body["data"][7]["text"],
        "رُفض تلقائيًا بعد 3 محاولات دون نجاح."
    );
    assert_eq!(arabic.body["data"][3]["status_label"], "مؤجل");
    // A person's comment stays as he wrote it.
    assert_eq!(arabic.body["data"][1]["text"], "Reçu au dépôt");
    *w.merchant.language.borrow_mut() = Some("en".to_owned());
    // Rows written before notes existed keep showing their French comment.
    {
        use colivra_db::schema::parcel_states;
        use diesel::prelude::*;
        diesel::update(parcel_states::table.filter(parcel_states::note_code.eq("auto_refused")))
            .set((
                parcel_states::note_code.eq(None::<String>),
                parcel_states::note_values.eq(None::<String>),
                parcel_states::comment.eq("Refusé automatiquement après 3 tentatives sans succès."),
            ))
            .execute(&mut w.app.conn())
            .unwrap();
    }
    let old = w
        .merchant
        .get(&format!("/api/parcels/{parcel}/states"))
        .await;
    assert_eq!(old.body["data"][7]["note"], Value::Null);
    assert_eq!(
        old.body["data"][7]["text"],
        "Refusé automatiquement après 3 tentatives sans succès."
    );
    assert_eq!(old.body["data"][7]["status_label"], "Refused");
    *w.merchant.language.borrow_mut() = None;
    // Forced by an admin with a comment.
    let forced = w
        .admin
        .post("/api/parcels/states", json!({"parcel": parcel, "status": "delivered", "comment": "Livré finalement, confirmé par téléphone"}))
        .await;
    forced.assert_status(200);
    assert_eq!(forced.body["data"]["status"], "delivered");
}

#[actix_rt::test]
async fn address_changes_and_reassignment_while_out_for_delivery() {
    let w = world().await;
    let (delivery_person, delivery_person_user) = w.app.signed_in(Role::DeliveryPerson, true).await;
    let (_, second_delivery_person) = w.app.signed_in(Role::DeliveryPerson, true).await;
    let parcel = key(&create(&w, "Amina", "0612345678").await);
    hand_to_delivery_person(&w, &parcel, delivery_person_user.id).await;

    let changed = w
        .merchant
        .put(
            &format!("/api/parcels/{parcel}/change-address"),
            json!({"address": "9 rue Nouvelle", "recipient_phone": "0699887766"}),
        )
        .await;
    changed.assert_status(200);
    assert_eq!(changed.body["data"]["address_change_pending"], true);
    let flagged = delivery_person
        .get("/api/parcels?view=change-address")
        .await;
    assert_eq!(flagged.body["meta"]["total"], 1);
    assert_eq!(flagged.body["data"][0]["address"], "9 rue Nouvelle");
    delivery_person
        .put(
            &format!("/api/parcels/{parcel}/acknowledge-address"),
            json!({}),
        )
        .await
        .assert_status(200);
    assert_eq!(
        delivery_person
            .get("/api/parcels?view=change-address")
            .await
            .body["meta"]["total"],
        0
    );

    let moved = w
        .admin
        .put(
            &format!(
                "/api/parcels/delivery-admins/{}",
                second_delivery_person.key
            ),
            json!({"parcels": [parcel]}),
        )
        .await;
    moved.assert_status(200);
    assert_eq!(
        moved.body["data"][0]["delivery_admin"],
        second_delivery_person.key
    );
    // Both changes in the history, as codes with their values, in the reader's language.
    *w.admin.language.borrow_mut() = Some("en".to_owned());
    let history = w.admin.get(&format!("/api/parcels/{parcel}/states")).await;
    let rows = history.body["data"].as_array().unwrap();
    let address = &rows[rows.len() - 2];
    assert_eq!(address["note"]["code"], "address_changed");
    assert_eq!(
        address["text"],
        "Address changed: 9 rue Nouvelle, 0699887766"
    );
    let reassigned = rows.last().unwrap();
    assert_eq!(reassigned["note"]["code"], "reassigned");
    assert!(reassigned["text"]
        .as_str()
        .unwrap()
        .starts_with("Reassigned to "));
    *w.admin.language.borrow_mut() = None;
    let history = w.admin.get(&format!("/api/parcels/{parcel}/states")).await;
    let rows = history.body["data"].as_array().unwrap();
    assert!(rows.last().unwrap()["text"]
        .as_str()
        .unwrap()
        .starts_with("Réaffecté à "));
    delivery_person
        .get(&format!("/api/parcels/{parcel}"))
        .await
        .assert_status(404);
    // A new parcel cannot be reassigned.
    let fresh = key(&create(&w, "Karim", "0612345679").await);
    w.admin
        .put(
            &format!("/api/parcels/delivery-admins/{}", delivery_person_user.key),
            json!({"parcels": [fresh]}),
        )
        .await
        .assert_status(409);

    // Delivered: the address is final.
    w.admin
        .post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "delivered"}),
        )
        .await
        .assert_status(200);
    w.merchant
        .put(
            &format!("/api/parcels/{parcel}/change-address"),
            json!({"address": "x street"}),
        )
        .await
        .assert_status(409);
}

#[actix_rt::test]
async fn lists_filter_search_and_page_with_cursors() {
    let w = world().await;
    let mut keys = Vec::new();
    for i in 0..7 {
        let mut body = parcel_body(&w, &format!("Client {i}"), &format!("061234560{i}"));
        body["reference"] = json!(format!("REF-{i}"));
        if i % 2 == 0 {
            body["city"] = json!(w.casa);
        }
        let res = w.merchant.post("/api/parcels", body).await;
        res.assert_status(201);
        keys.push(key(&res.body["data"]));
    }
    w.merchant
        .put(&format!("/api/parcels/{}/cancel", keys[0]), json!({}))
        .await
        .assert_status(200);

    let all = w.merchant.get("/api/parcels?per_page=3").await;
    assert_eq!(all.body["meta"]["total"], 7);
    assert_eq!(all.body["data"][0]["key"], keys[6].as_str(), "newest first");
    // Keyset pages: no row twice, none missed.
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let path = match &cursor {
            Some(c) => format!("/api/parcels?per_page=3&cursor={c}"),
            None => "/api/parcels?per_page=3".to_owned(),
        };
        let page = w.merchant.get(&path).await;
        page.assert_status(200);
        for row in page.body["data"].as_array().unwrap() {
            seen.push(row["key"].as_str().unwrap().to_owned());
        }
        match page.body["meta"]["next_cursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => break,
        }
    }
    let mut expected = keys.clone();
    expected.reverse();
    assert_eq!(seen, expected);
    // Offset pages too, and the cursor by amount.
    let second = w.merchant.get("/api/parcels?per_page=3&page=3").await;
    assert_eq!(second.body["data"].as_array().unwrap().len(), 1);
    let by_amount = w
        .merchant
        .get("/api/parcels?sort=cod_amount&per_page=4")
        .await;
    by_amount.assert_status(200);
    assert!(by_amount.body["meta"]["next_cursor"].is_string());

    let count = |path: String| {
        let merchant = &w.merchant;
        async move {
            let res = merchant.get(&path).await;
            res.assert_status(200);
            res.body["meta"]["total"].as_i64().unwrap()
        }
    };
    assert_eq!(count("/api/parcels?view=new".into()).await, 6);
    assert_eq!(count("/api/parcels?view=canceled".into()).await, 1);
    assert_eq!(count("/api/parcels?view=not-picked-up".into()).await, 6);
    assert_eq!(count("/api/parcels?status=cancelled,new".into()).await, 7);
    assert_eq!(count(format!("/api/parcels?city={}", w.casa)).await, 4);
    assert_eq!(count(format!("/api/parcels?shop={}", w.shop)).await, 7);
    assert_eq!(count("/api/parcels?city=NOPE".into()).await, 0);
    assert_eq!(
        count(format!("/api/parcels?q={}", keys[3].to_lowercase())).await,
        1
    );
    // The start of a code (8 characters: the 7 parcels' random parts differ by then) finds it.
    let expected_by_prefix = keys.iter().filter(|k| k.starts_with(&keys[3][..8])).count() as i64;
    assert_eq!(
        count(format!("/api/parcels?q={}", keys[3][..8].to_lowercase())).await,
        expected_by_prefix
    );
    assert!(expected_by_prefix >= 1);
    assert_eq!(count("/api/parcels?q=%2B212%206123456".into()).await, 7);
    assert_eq!(count("/api/parcels?q=0612345603".into()).await, 1);
    // Four digits: read from the index of the numbers' first four.
    assert_eq!(count("/api/parcels?q=0612".into()).await, 7);
    assert_eq!(count("/api/parcels?q=06%2012".into()).await, 7);
    assert_eq!(count("/api/parcels?q=0613".into()).await, 0);
    assert_eq!(count("/api/parcels?q=client%205".into()).await, 1);
    assert_eq!(count("/api/parcels?q=REF-2".into()).await, 1);
    let today = chrono::Utc::now().date_naive();
    assert_eq!(
        count(format!("/api/parcels?from={today}&to={today}")).await,
        7
    );
    assert_eq!(
        count(format!(
            "/api/parcels?to={}",
            today - chrono::Duration::days(1)
        ))
        .await,
        0
    );
    w.merchant
        .get("/api/parcels?status=teleported")
        .await
        .assert_status(422);
    w.merchant
        .get("/api/parcels?cursor=zzz")
        .await
        .assert_status(422);
    w.merchant
        .get("/api/parcels?sort=recipient_phone")
        .await
        .assert_status(422);

    // Admins see every merchant's parcels and filter by merchant.
    let (other, _) = w.app.signed_in(Role::Merchant, true).await;
    let admin_all = w.admin.get("/api/parcels").await;
    assert_eq!(admin_all.body["meta"]["total"], 7);
    assert_eq!(admin_all.body["data"][0]["actions"], json!(["state"]));
    assert_eq!(
        w.admin
            .get(&format!("/api/parcels?client={}", w.merchant_key))
            .await
            .body["meta"]["total"],
        7
    );
    assert_eq!(other.get("/api/parcels").await.body["meta"]["total"], 0);
}

fn csv_file(rows: &[&str]) -> Vec<u8> {
    let mut text =
        String::from("destinataire;telephone;ville;adresse;montant;produit;reference;fragile\n");
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    text.into_bytes()
}

#[actix_rt::test]
async fn imports_preview_every_row_and_create_all_or_nothing() {
    let w = world().await;
    let template = w.merchant.get("/api/parcels/import/template").await;
    template.assert_status(200);
    assert!(template.text.contains("destinataire;telephone"));
    // The Excel template, sent back as it is, previews as one valid row.
    let xlsx = w
        .merchant
        .get("/api/parcels/import/template?format=xlsx")
        .await;
    xlsx.assert_status(200);
    let preview = w
        .merchant
        .post_bytes(
            "/api/parcels/import?dry_run=true",
            xlsx.bytes.clone(),
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
        .await;
    preview.assert_status(200);
    assert_eq!(preview.body["valid_count"], 1, "{}", preview.text);
    // In the reader's language: an Arabic merchant's template has Arabic headers, and reads
    // back as one valid row (CSV and Excel alike).
    *w.merchant.language.borrow_mut() = Some("ar".to_owned());
    let arabic = w.merchant.get("/api/parcels/import/template").await;
    assert!(
        arabic.text.contains("المتجر;المرجع;المرسل_إليه"),
        "{}",
        arabic.text
    );
    for format in ["", "?format=xlsx"] {
        let file = w
            .merchant
            .get(&format!("/api/parcels/import/template{format}"))
            .await;
        let preview = w
            .merchant
            .post_bytes(
                "/api/parcels/import?dry_run=true",
                file.bytes.clone(),
                "text/csv",
            )
            .await;
        assert_eq!(preview.body["valid_count"], 1, "{format}: {}", preview.text);
    }
    *w.merchant.language.borrow_mut() = None;

    let good = csv_file(&[
        "Amina;0612345678;Rabat;1 rue A;249,00;Robe;A-1;oui",
        "Karim;612345679;casablanca;2 rue B;100;Sac;A-2;non",
    ]);
    let bad = csv_file(&[
        "Amina;0612345678;Rabat;1 rue A;249,00;Robe;B-1;oui",
        "Karim;123;Atlantis;;abc;Sac;B-1;peut-être",
        "Sara;0612345670;Rabat;3 rue C;10;Sac;B-1;non",
    ]);
    let preview = w
        .merchant
        .post_bytes("/api/parcels/import?dry_run=true", bad.clone(), "text/csv")
        .await;
    preview.assert_status(200);
    assert_eq!(preview.body["valid_count"], 1);
    assert_eq!(preview.body["error_count"], 2);
    let second = &preview.body["rows"][1];
    assert_eq!(second["line"], 3);
    for field in [
        "recipient_phone",
        "city",
        "address",
        "cod_amount",
        "fragile",
    ] {
        assert!(second["errors"][field].is_array(), "{field}: {second}");
    }
    assert!(preview.body["rows"][2]["errors"]["reference"].is_array());
    // Nothing was written by the preview, nor by the refused import.
    let refused = w
        .merchant
        .post_bytes("/api/parcels/import", bad, "text/csv")
        .await;
    refused.assert_status(422);
    assert!(refused.body["message"]
        .as_str()
        .unwrap()
        .contains("2 ligne"));
    assert_eq!(
        w.merchant.get("/api/parcels").await.body["meta"]["total"],
        0
    );

    let created = w
        .merchant
        .post_bytes("/api/parcels/import", good.clone(), "text/csv")
        .await;
    created.assert_status(201);
    assert_eq!(created.body["created"], 2);
    let list = w.merchant.get("/api/parcels?sort=created_at").await;
    assert_eq!(list.body["meta"]["total"], 2);
    assert_eq!(list.body["data"][1]["recipient_phone"], "0612345679");
    assert_eq!(list.body["data"][0]["fragile"], true);
    assert_eq!(list.body["data"][0]["cod_amount"], 24900);
    // The same file again: its references now exist.
    let again = w
        .merchant
        .post_bytes("/api/parcels/import", good, "text/csv")
        .await;
    again.assert_status(422);
    // Files that cannot be read answer on `file`.
    let junk = w
        .merchant
        .post_bytes(
            "/api/parcels/import",
            b"hello;world\n1;2\n".to_vec(),
            "text/csv",
        )
        .await;
    junk.assert_status(422);
    assert!(!junk.field_errors("file").is_empty());
}

#[actix_rt::test]
async fn public_tracking_tells_status_city_and_dates_only() {
    let w = world().await;
    let parcel = create(&w, "Amina Benali", "0612345678").await;
    let anonymous = w.app.client();
    let res = anonymous
        .get(&format!("/api/tracking/{}", key(&parcel).to_lowercase()))
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["status_label"], "Nouveau colis");
    assert_eq!(res.body["data"]["city_name"], "Rabat");
    assert_eq!(res.body["data"]["events"].as_array().unwrap().len(), 1);
    for secret in ["Amina", "0612345678", "24900", "249", "Atlas", "hassan"] {
        assert!(
            !res.text.to_lowercase().contains(&secret.to_lowercase()),
            "{secret} leaked: {}",
            res.text
        );
    }
    anonymous
        .get("/api/tracking/CLNOPENOPE00")
        .await
        .assert_status(404);
    // The look-up is rate-limited per address.
    let mut limited = false;
    for _ in 0..40 {
        let res = anonymous.get("/api/tracking/CLNOPENOPE00").await;
        if res.status == 429 {
            assert!(res.header("retry-after").is_some());
            limited = true;
            break;
        }
    }
    assert!(limited);
}

#[actix_rt::test]
async fn statistics_count_within_the_callers_scope() {
    let w = world().await;
    let (delivery_person, delivery_person_user) = w.app.signed_in(Role::DeliveryPerson, true).await;
    let delivered = key(&create(&w, "Amina", "0612345678").await);
    create(&w, "Karim", "0612345679").await;
    hand_to_delivery_person(&w, &delivered, delivery_person_user.id).await;
    delivery_person
        .post(
            "/api/parcels/states",
            json!({"parcel": delivered, "status": "delivered"}),
        )
        .await
        .assert_status(200);

    let mine = w.merchant.get("/api/statistics").await;
    mine.assert_status(200);
    let data = &mine.body["data"];
    assert_eq!(data["total"], 2);
    assert_eq!(data["cod_collected"], 24900);
    // Its cash still with the delivery person: nothing to pay yet, all of it awaiting its cash.
    assert_eq!(data["to_be_paid"], 0);
    assert_eq!(data["money"]["payouts_awaiting_cash"], 24900 - 2500);
    assert_eq!(data["delivery_rate"], 100.0);
    assert_eq!(data["daily"].as_array().unwrap().len(), 30);
    assert_eq!(data["daily"][29]["created"], 2);
    assert_eq!(data["daily"][29]["delivered"], 1);
    let his = delivery_person.get("/api/statistics").await;
    assert_eq!(his.body["data"]["total"], 1);
    let (other, _) = w.app.signed_in(Role::Merchant, true).await;
    assert_eq!(other.get("/api/statistics").await.body["data"]["total"], 0);
    assert_eq!(
        w.admin.get("/api/statistics").await.body["data"]["total"],
        2
    );
    // A merchant with parcels cannot be deleted; his city neither.
    w.admin
        .delete(&format!("/api/clients/{}", w.merchant_key))
        .await
        .assert_status(409);
}

#[actix_rt::test]
async fn labels_print_as_a_pdf_holding_every_tracking_code() {
    let w = world().await;
    let first = key(&create(&w, "Amina Benali", "0612345678").await);
    let second = key(&create(&w, "Karim Tazi", "0698765432").await);
    {
        use colivra_db::schema::parcels;
        use diesel::prelude::*;
        diesel::update(parcels::table.filter(parcels::key.eq(&first)))
            .set(parcels::recipient_phone_alt.eq("0611223344"))
            .execute(&mut w.app.conn())
            .unwrap();
    }
    let res = w
        .merchant
        .get(&format!(
            "/api/parcels/labels?parcels={first},{second}&layout=a4"
        ))
        .await;
    res.assert_status(200);
    assert_eq!(res.header("content-type"), Some("application/pdf"));
    assert!(res.bytes.starts_with(b"%PDF"));
    let text = colivra_documents::extract_text(&res.bytes).unwrap();
    for expected in [
        first.as_str(),
        second.as_str(),
        "Amina Benali",
        "0612345678 / 0611223344",
        "Rabat",
        "249,00 DH",
        "FRAGILE",
    ] {
        assert!(text.contains(expected), "{expected} missing from:\n{text}");
    }
    assert_eq!(
        res.header("content-disposition"),
        Some("inline; filename=\"etiquettes.pdf\"")
    );
    // An Arabic reader's file is named in Arabic (with a plain fallback).
    *w.merchant.language.borrow_mut() = Some("ar".to_owned());
    let arabic = w
        .merchant
        .get(&format!("/api/parcels/labels?parcels={first}"))
        .await;
    arabic.assert_status(200);
    assert_eq!(
        arabic.header("content-disposition"),
        Some("inline; filename=\"document.pdf\"; filename*=UTF-8''%D9%85%D9%84%D8%B5%D9%82%D8%A7%D8%AA%2Epdf")
    );
    *w.merchant.language.borrow_mut() = None;
    // The admin prints them too; another merchant cannot, even mixed with his own.
    w.admin
        .get(&format!("/api/parcels/labels?parcels={first}"))
        .await
        .assert_status(200);
    let (other, _) = w.app.signed_in(Role::Merchant, true).await;
    other
        .get(&format!("/api/parcels/labels?parcels={first}"))
        .await
        .assert_status(404);
    w.merchant
        .get("/api/parcels/labels?parcels=")
        .await
        .assert_status(422);
    w.merchant
        .get(&format!(
            "/api/parcels/labels?parcels={first}&layout=letter"
        ))
        .await
        .assert_status(422);
}

#[actix_rt::test]
async fn two_outcomes_posted_at_once_leave_one_winner_and_a_409() {
    use colivra_db::schema::{parcel_states, parcels};
    use diesel::prelude::*;
    let w = world().await;
    let (delivery_person, delivery_person_user) = w.app.signed_in(Role::DeliveryPerson, true).await;
    let rounds = 6;
    let mut together = 0;
    for round in 0..rounds {
        let parcel = key(&create(&w, &format!("Client {round}"), "0612345678").await);
        hand_to_delivery_person(&w, &parcel, delivery_person_user.id).await;
        // Delivered and refused from his session (a double tap), released by one barrier.
        let race = crate::support::race(vec![
            delivery_person.racer(
                Method::POST,
                "/api/parcels/states",
                Some(json!({"parcel": parcel, "status": "delivered"})),
            ),
            delivery_person.racer(
                Method::POST,
                "/api/parcels/states",
                Some(
                    json!({"parcel": parcel, "status": "refused", "comment": "Refusé à la porte"}),
                ),
            ),
        ])
        .await;
        let winner = race.one_winner(200, &[409]);
        let outcome = winner.body["data"]["status"].as_str().unwrap().to_owned();
        assert!(["delivered", "refused"].contains(&outcome.as_str()));
        if race.in_flight_together() == 2 {
            together += 1;
        }
        // The database: the winner's outcome, once, in the parcel and in its history.
        let (status, recorded): (String, Option<String>) = parcels::table
            .filter(parcels::key.eq(&parcel))
            .select((parcels::status, parcels::outcome))
            .first(&mut w.app.conn())
            .unwrap();
        assert_eq!(status, outcome);
        assert_eq!(recorded.as_deref(), Some(outcome.as_str()));
        let outcomes: Vec<String> = parcel_states::table
            .inner_join(parcels::table)
            .filter(parcels::key.eq(&parcel))
            .filter(parcel_states::status.eq_any(["delivered", "refused"]))
            .select(parcel_states::status)
            .load(&mut w.app.conn())
            .unwrap();
        assert_eq!(outcomes, [outcome], "exactly one outcome in the history");
    }
    assert!(
        together > 0,
        "in no round were both requests in flight together: the test did not race"
    );
}

#[actix_rt::test]
async fn every_role_reads_the_statuses_and_the_lists_its_parcel_screens_filter_on() {
    let w = world().await;
    let (delivery_person, _) = w.app.signed_in(Role::DeliveryPerson, true).await;

    let res = delivery_person.get("/api/states").await;
    res.assert_status(200);
    let states = res.body["data"].as_array().unwrap();
    assert_eq!(states.len(), 17);
    let postponed = states.iter().find(|s| s["key"] == "postponed").unwrap();
    assert_eq!(postponed["label"], "Reporté");
    assert_eq!(postponed["needs_date"], true);
    // In the reader's language.
    *delivery_person.language.borrow_mut() = Some("en-US,en;q=0.9".to_owned());
    let english = delivery_person.get("/api/states").await;
    english.assert_status(200);
    let labels: Vec<&str> = english.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"Postponed") && labels.contains(&"Out for delivery"));
    assert!(!labels.contains(&"Reporté"));
    *delivery_person.language.borrow_mut() = Some("ar-MA".to_owned());
    let arabic = delivery_person.get("/api/states").await;
    assert!(arabic.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["key"] == "out_for_delivery" && s["label"] == "قيد التوزيع"));
    *delivery_person.language.borrow_mut() = Some("de, fr;q=0.5".to_owned());
    let french = delivery_person.get("/api/states").await;
    assert!(french.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["label"] == "Reporté"));
    *delivery_person.language.borrow_mut() = None;
    let refused = states.iter().find(|s| s["key"] == "refused").unwrap();
    assert_eq!(refused["needs_comment"], true);
    assert_eq!(
        states
            .iter()
            .filter(|s| s["failed_attempt"] == true)
            .count(),
        3
    );

    // The city filter of his parcel lists.
    let cities = delivery_person.get("/api/cities").await;
    cities.assert_status(200);
    assert!(cities.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["key"] == w.casa.as_str()));

    // Staff holding only the parcel screens can pick a delivery person to reassign to.
    w.app
        .create_admin_staff("parcels-desk@test.ma", &["all-parcels"]);
    let desk = w.app.client();
    desk.login("parcels-desk@test.ma", crate::support::PASSWORD)
        .await
        .assert_status(200);
    desk.get("/api/delivery-admins").await.assert_status(200);
    desk.get("/api/cities").await.assert_status(200);
    desk.get("/api/clients").await.assert_status(403);
}

/// The statuses of a parcel's history, oldest first, and its latest comment.
async fn history_of(client: &TestClient, parcel: &str) -> (Vec<String>, String) {
    let history = client.get(&format!("/api/parcels/{parcel}/states")).await;
    history.assert_status(200);
    let rows = history.body["data"].as_array().unwrap();
    (
        rows.iter()
            .map(|s| s["status"].as_str().unwrap().to_owned())
            .collect(),
        rows.last().unwrap()["text"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
    )
}

/// Posts a state as the client; a failed attempt (a delivery person's) follows a call from his
/// round, as the round screen places it.
async fn post_state(client: &TestClient, body: Value) -> Value {
    if let ("no_answer" | "unreachable" | "wrong_number", Some(parcel)) = (
        body["status"].as_str().unwrap_or_default(),
        body["parcel"].as_str(),
    ) {
        call(client, parcel).await;
    }
    let res = client.post("/api/parcels/states", body).await;
    res.assert_status(200);
    res.body["data"].clone()
}

/// The delivery person calls the parcel's recipient from his round, now.
async fn call(delivery_person: &TestClient, parcel: &str) {
    let now = chrono::Utc::now().to_rfc3339();
    delivery_person
        .post(
            &format!("/api/parcels/{parcel}/calls"),
            json!({ "started_at": now }),
        )
        .await
        .assert_status(201);
}

fn cash_held(stats: &crate::support::Response) -> i64 {
    stats.assert_status(200);
    stats.body["data"]["money"]["cash_held"].as_i64().unwrap()
}

#[actix_rt::test]
async fn the_author_undoes_a_delivery_within_minutes_and_the_cash_goes_with_it() {
    use colivra_db::schema::activities;
    use diesel::prelude::*;
    let w = world().await;
    let (delivery_person, delivery_person_user) = w.app.signed_in(Role::DeliveryPerson, true).await;
    let parcel = key(&create(&w, "Amina", "0612345678").await);
    hand_to_delivery_person(&w, &parcel, delivery_person_user.id).await;
    assert_eq!(cash_held(&delivery_person.get("/api/statistics").await), 0);

    let delivered = post_state(
        &delivery_person,
        json!({"parcel": parcel, "status": "delivered"}),
    )
    .await;
    assert_eq!(delivered["status"], "delivered");
    let until = delivered["undo_until"].as_str().expect("undo_until is set");
    let until = chrono::DateTime::parse_from_rfc3339(until).unwrap();
    let left = until.with_timezone(&chrono::Utc) - chrono::Utc::now();
    assert!(
        left > chrono::Duration::minutes(4) && left <= chrono::Duration::minutes(5),
        "{left:?}"
    );
    // The delivered parcel's cash is with him; the parcel as he reads it says he may undo.
    assert!(cash_held(&delivery_person.get("/api/statistics").await) > 0);
    let unpaid_path = format!(
        "/api/delivery-admins/{}/parcels/unpaid",
        delivery_person_user.key
    );
    let unpaid = delivery_person.get(&unpaid_path).await;
    assert_eq!(
        unpaid.body["data"].as_array().unwrap().len(),
        1,
        "{}",
        unpaid.text
    );
    let his = delivery_person.get(&format!("/api/parcels/{parcel}")).await;
    assert!(his.body["data"]["undo_until"].is_string());
    // Not the admin's move to undo; the merchant never undoes, and sees no undo.
    let not_his = w
        .admin
        .post(&format!("/api/parcels/{parcel}/undo"), json!({}))
        .await;
    not_his.assert_status(409);
    assert!(
        not_his.body["message"].as_str().unwrap().contains("auteur"),
        "{}",
        not_his.text
    );
    w.merchant
        .post(&format!("/api/parcels/{parcel}/undo"), json!({}))
        .await
        .assert_status(403);
    let merchant_view = w.merchant.get(&format!("/api/parcels/{parcel}")).await;
    assert!(merchant_view.body["data"]["undo_until"].is_null());
    // Another delivery person does not see the parcel at all.
    let (other, _) = w.app.signed_in(Role::DeliveryPerson, true).await;
    other
        .post(&format!("/api/parcels/{parcel}/undo"), json!({}))
        .await
        .assert_status(404);

    let undone = delivery_person
        .post(&format!("/api/parcels/{parcel}/undo"), json!({}))
        .await;
    undone.assert_status(200);
    assert_eq!(undone.body["data"]["status"], "out_for_delivery");
    assert_eq!(undone.body["data"]["actions"], json!(["state"]));
    assert!(undone.body["data"]["undo_until"].is_null());
    // The history keeps the delivery and adds the undo, by him.
    let (statuses, comment) = history_of(&w.merchant, &parcel).await;
    assert_eq!(
        statuses,
        [
            "new",
            "picked_up",
            "out_for_delivery",
            "delivered",
            "out_for_delivery"
        ]
    );
    assert_eq!(comment, "« Livré » annulé");
    let history = delivery_person
        .get(&format!("/api/parcels/{parcel}/states"))
        .await;
    assert_eq!(
        history.body["data"][4]["user_name"],
        format!("Test {}", Role::DeliveryPerson.as_str())
    );
    // The cash is no longer his to hand over: the outcome is gone.
    assert_eq!(cash_held(&delivery_person.get("/api/statistics").await), 0);
    let unpaid = delivery_person.get(&unpaid_path).await;
    unpaid.assert_status(200);
    assert_eq!(
        unpaid.body["data"].as_array().unwrap().len(),
        0,
        "{}",
        unpaid.text
    );
    let details: Vec<Option<String>> = activities::table
        .filter(activities::action.eq("parcel.state_undone"))
        .filter(activities::subject_key.eq(&parcel))
        .select(activities::details)
        .load(&mut w.app.conn())
        .unwrap();
    assert_eq!(details.len(), 1);
    let details: Value = serde_json::from_str(details[0].as_deref().unwrap()).unwrap();
    assert_eq!(
        details["status"],
        json!({"old": "delivered", "new": "out_for_delivery"})
    );

    // The undo itself is not undone, and nothing else is left to undo.
    let again = delivery_person
        .post(&format!("/api/parcels/{parcel}/undo"), json!({}))
        .await;
    again.assert_status(409);
    assert!(again.body["message"].as_str().unwrap().contains("Aucun"));
    // He records the right outcome; the history goes on.
    post_state(
        &delivery_person,
        json!({"parcel": parcel, "status": "refused", "comment": "Refusé à la porte"}),
    )
    .await;
    assert_eq!(history_of(&delivery_person, &parcel).await.0.len(), 6);
}

#[actix_rt::test]
async fn undoing_a_failed_attempt_gives_back_the_attempt_and_the_postponed_date() {
    let w = world().await;
    let (delivery_person, delivery_person_user) = w.app.signed_in(Role::DeliveryPerson, true).await;
    let parcel = key(&create(&w, "Amina", "0612345678").await);
    hand_to_delivery_person(&w, &parcel, delivery_person_user.id).await;
    let undo = |parcel: String| {
        let delivery_person = &delivery_person;
        async move {
            let res = delivery_person
                .post(&format!("/api/parcels/{parcel}/undo"), json!({}))
                .await;
            res.assert_status(200);
            res.body["data"].clone()
        }
    };

    let tomorrow = (chrono::Utc::now().date_naive() + chrono::Duration::days(1)).to_string();
    post_state(
        &delivery_person,
        json!({"parcel": parcel, "status": "postponed", "date": tomorrow}),
    )
    .await;
    let missed = post_state(
        &delivery_person,
        json!({"parcel": parcel, "status": "no_answer"}),
    )
    .await;
    assert_eq!(missed["attempts"], 1);
    assert!(missed["postponed_to"].is_null());
    let back = undo(parcel.clone()).await;
    assert_eq!(back["status"], "postponed");
    assert_eq!(back["postponed_to"], tomorrow);
    assert_eq!(back["attempts"], 0);
    let (statuses, comment) = history_of(&delivery_person, &parcel).await;
    assert_eq!(statuses[3..], ["postponed", "no_answer", "postponed"]);
    assert_eq!(comment, "« Pas de réponse » annulé");

    // The third failed attempt refuses the parcel by itself: its undo takes both back.
    for status in ["no_answer", "unreachable", "wrong_number"] {
        post_state(
            &delivery_person,
            json!({"parcel": parcel, "status": status}),
        )
        .await;
    }
    let refused = delivery_person.get(&format!("/api/parcels/{parcel}")).await;
    assert_eq!(refused.body["data"]["status"], "refused");
    assert_eq!(refused.body["data"]["attempts"], 3);
    assert!(refused.body["data"]["undo_until"].is_string());
    let back = undo(parcel.clone()).await;
    assert_eq!(back["status"], "unreachable");
    assert_eq!(back["attempts"], 2);
    assert!(back["postponed_to"].is_null());
    let (statuses, comment) = history_of(&delivery_person, &parcel).await;
    assert_eq!(
        statuses[7..],
        ["unreachable", "wrong_number", "refused", "unreachable"]
    );
    assert_eq!(comment, "« Numéro erroné » et le refus automatique annulés");
    {
        use colivra_db::schema::parcels;
        use diesel::prelude::*;
        let (outcome, commission): (Option<String>, Option<i64>) = parcels::table
            .filter(parcels::key.eq(&parcel))
            .select((parcels::outcome, parcels::commission))
            .first(&mut w.app.conn())
            .unwrap();
        assert_eq!((outcome, commission), (None, None));
    }
    // A scheduled date comes back too.
    let in_two_days = (chrono::Utc::now().date_naive() + chrono::Duration::days(2)).to_string();
    post_state(
        &delivery_person,
        json!({"parcel": parcel, "status": "scheduled", "date": in_two_days}),
    )
    .await;
    post_state(
        &delivery_person,
        json!({"parcel": parcel, "status": "delivered"}),
    )
    .await;
    let back = undo(parcel.clone()).await;
    assert_eq!(back["status"], "scheduled");
    assert_eq!(back["postponed_to"], in_two_days);
    assert_eq!(back["attempts"], 2);
}

#[actix_rt::test]
async fn an_outcome_cannot_be_undone_once_the_minutes_are_over() {
    use colivra_db::schema::{parcel_states, parcels, settings};
    use diesel::prelude::*;
    let w = world().await;
    let (delivery_person, delivery_person_user) = w.app.signed_in(Role::DeliveryPerson, true).await;
    let parcel = key(&create(&w, "Amina", "0612345678").await);
    hand_to_delivery_person(&w, &parcel, delivery_person_user.id).await;
    post_state(
        &delivery_person,
        json!({"parcel": parcel, "status": "delivered"}),
    )
    .await;
    // Six minutes later (the default window is five).
    let id: i64 = parcels::table
        .filter(parcels::key.eq(&parcel))
        .select(parcels::id)
        .first(&mut w.app.conn())
        .unwrap();
    let last: i64 = parcel_states::table
        .filter(parcel_states::parcel_id.eq(id))
        .select(diesel::dsl::max(parcel_states::id))
        .first::<Option<i64>>(&mut w.app.conn())
        .unwrap()
        .unwrap();
    diesel::update(parcel_states::table.find(last))
        .set(parcel_states::created_at.eq(colivra_core::time::now() - chrono::Duration::minutes(6)))
        .execute(&mut w.app.conn())
        .unwrap();
    let view = delivery_person.get(&format!("/api/parcels/{parcel}")).await;
    assert!(view.body["data"]["undo_until"].is_null());
    let late = delivery_person
        .post(&format!("/api/parcels/{parcel}/undo"), json!({}))
        .await;
    late.assert_status(409);
    assert!(
        late.body["message"].as_str().unwrap().contains("Trop tard"),
        "{}",
        late.text
    );
    assert_eq!(
        delivery_person
            .get(&format!("/api/parcels/{parcel}"))
            .await
            .body["data"]["status"],
        "delivered"
    );

    // With the setting at 0, no outcome can be undone at all.
    diesel::update(settings::table.filter(settings::name.eq("undo_minutes")))
        .set(settings::value.eq("0"))
        .execute(&mut w.app.conn())
        .unwrap();
    let other = key(&create(&w, "Karim", "0612345679").await);
    hand_to_delivery_person(&w, &other, delivery_person_user.id).await;
    let missed = post_state(
        &delivery_person,
        json!({"parcel": other, "status": "no_answer"}),
    )
    .await;
    assert!(missed["undo_until"].is_null());
    delivery_person
        .post(&format!("/api/parcels/{other}/undo"), json!({}))
        .await
        .assert_status(409);

    // Within the minutes, but on the delivery invoice he declared: the outcome stays.
    diesel::update(settings::table.filter(settings::name.eq("undo_minutes")))
        .set(settings::value.eq("5"))
        .execute(&mut w.app.conn())
        .unwrap();
    let third = key(&create(&w, "Sara", "0612345670").await);
    hand_to_delivery_person(&w, &third, delivery_person_user.id).await;
    post_state(
        &delivery_person,
        json!({"parcel": third, "status": "delivered"}),
    )
    .await;
    delivery_person
        .post(
            "/api/delivery-admins/invoices",
            json!({"delivery_admin": delivery_person_user.key, "parcels": [third]}),
        )
        .await
        .assert_status(201);
    let invoiced = delivery_person
        .post(&format!("/api/parcels/{third}/undo"), json!({}))
        .await;
    invoiced.assert_status(409);
    assert!(
        invoiced.body["message"]
            .as_str()
            .unwrap()
            .contains("facture"),
        "{}",
        invoiced.text
    );
}

#[actix_rt::test]
async fn two_undos_at_once_leave_one_winner_and_one_history_row() {
    use colivra_db::schema::{parcel_states, parcels};
    use diesel::prelude::*;
    let w = world().await;
    let (delivery_person, delivery_person_user) = w.app.signed_in(Role::DeliveryPerson, true).await;
    let rounds = 6;
    let mut together = 0;
    for round in 0..rounds {
        let parcel = key(&create(&w, &format!("Client {round}"), "0612345678").await);
        hand_to_delivery_person(&w, &parcel, delivery_person_user.id).await;
        post_state(
            &delivery_person,
            json!({"parcel": parcel, "status": "no_answer"}),
        )
        .await;
        // A double tap on « Annuler ».
        let path = format!("/api/parcels/{parcel}/undo");
        let race = crate::support::race(vec![
            delivery_person.racer(Method::POST, &path, None),
            delivery_person.racer(Method::POST, &path, None),
        ])
        .await;
        let winner = race.one_winner(200, &[409]);
        assert_eq!(winner.body["data"]["status"], "out_for_delivery");
        assert_eq!(winner.body["data"]["attempts"], 0);
        if race.in_flight_together() == 2 {
            together += 1;
        }
        let (status, attempts): (String, i64) = parcels::table
            .filter(parcels::key.eq(&parcel))
            .select((parcels::status, parcels::attempts))
            .first(&mut w.app.conn())
            .unwrap();
        assert_eq!((status.as_str(), attempts), ("out_for_delivery", 0));
        let undo_rows: Vec<String> = parcel_states::table
            .inner_join(parcels::table)
            .filter(parcels::key.eq(&parcel))
            .filter(parcel_states::note_code.eq("undone"))
            .select(parcel_states::status)
            .load(&mut w.app.conn())
            .unwrap();
        assert_eq!(
            undo_rows,
            ["out_for_delivery"],
            "exactly one undo in the history"
        );
    }
    assert!(
        together > 0,
        "in no round were both requests in flight together: the test did not race"
    );
}
