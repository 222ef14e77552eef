//! `Idempotency-Key` (domain.md, "Webhooks and idempotent writes"): on parcel creation, the
//! import, invoice creation and the delivery person's outcome call, the same key and body from the
//! same caller gets the first answer again and writes nothing; another body under the key is a
//! 422 (bodies compared as JSON); a request refused on its input keeps no key; the same request
//! twice at once writes once.

use crate::support::{Hub, TestApp};
use actix_web::http::Method;
use colivra_core::Role;
use diesel::prelude::*;
use serde_json::{json, Value};

const HEADER: &str = "Idempotency-Key";

fn parcel_body(hub: &Hub, cod_amount: i64) -> Value {
    json!({
        "shop": hub.shop, "recipient_name": "Amina Benali", "recipient_phone": "0612345678",
        "city": hub.city, "address": "5 avenue Hassan II", "cod_amount": cod_amount,
        "product": "Robe"
    })
}

fn parcels_stored(app: &TestApp) -> i64 {
    use colivra_db::schema::parcels;
    parcels::table.count().get_result(&mut app.conn()).unwrap()
}

fn replayed(res: &crate::support::Response) -> bool {
    res.header("idempotent-replayed") == Some("true")
}

#[actix_rt::test]
async fn a_parcel_sent_again_under_its_key_is_created_once() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    hub.merchant.set_header(HEADER, "commande-1001");
    let first = hub
        .merchant
        .post("/api/parcels", parcel_body(&hub, 24_900))
        .await;
    first.assert_status(201);
    assert!(!replayed(&first));
    let again = hub
        .merchant
        .post("/api/parcels", parcel_body(&hub, 24_900))
        .await;
    again.assert_status(201);
    assert!(replayed(&again));
    assert_eq!(again.body, first.body, "the first answer, as it was");
    assert_eq!(parcels_stored(&app), 1);

    // The key with another body: refused, nothing written.
    let other = hub
        .merchant
        .post("/api/parcels", parcel_body(&hub, 10_000))
        .await;
    other.assert_status(422);
    assert_eq!(
        other.field_errors(HEADER),
        ["Cette clé d'idempotence a déjà servi pour une autre requête."]
    );
    assert_eq!(parcels_stored(&app), 1);

    // Keys that are no keys: empty is impossible in a header, too long or not visible ASCII.
    for bad in ["k".repeat(256), "deux mots".to_owned()] {
        hub.merchant.set_header(HEADER, &bad);
        let res = hub
            .merchant
            .post("/api/parcels", parcel_body(&hub, 24_900))
            .await;
        res.assert_status(422);
        assert_eq!(res.field_errors(HEADER).len(), 1, "{bad}: {}", res.text);
    }
    assert_eq!(parcels_stored(&app), 1);

    // 255 visible characters are a key; a new key is a new parcel.
    hub.merchant.set_header(HEADER, &"k".repeat(255));
    hub.merchant
        .post("/api/parcels", parcel_body(&hub, 24_900))
        .await
        .assert_status(201);
    assert_eq!(parcels_stored(&app), 2);

    // A request refused on its input keeps no key (domain.md, the IETF draft): the same key with
    // the corrected body goes through, once.
    hub.merchant.set_header(HEADER, "commande-sans-ville");
    let mut invalid = parcel_body(&hub, 24_900);
    invalid["recipient_phone"] = json!("12");
    let refused = hub.merchant.post("/api/parcels", invalid.clone()).await;
    refused.assert_status(422);
    assert!(
        !refused.field_errors("recipient_phone").is_empty(),
        "{}",
        refused.text
    );
    let refused_again = hub.merchant.post("/api/parcels", invalid).await;
    refused_again.assert_status(422);
    assert!(!replayed(&refused_again), "a refusal is not kept");
    let corrected = hub
        .merchant
        .post("/api/parcels", parcel_body(&hub, 24_900))
        .await;
    corrected.assert_status(201);
    assert!(!replayed(&corrected));
    assert_eq!(parcels_stored(&app), 3);
    // The same object with its keys in another order and other spacing is the same request.
    let reordered = format!(
        "{{ \"product\": \"Robe\", \"cod_amount\": 24900,\n  \"address\": \"5 avenue Hassan II\", \
         \"city\": \"{}\", \"recipient_phone\": \"0612345678\", \"recipient_name\": \"Amina Benali\", \
         \"shop\": \"{}\" }}",
        hub.city, hub.shop
    );
    let again = hub
        .merchant
        .post_bytes("/api/parcels", reordered.into(), "application/json")
        .await;
    again.assert_status(201);
    assert!(replayed(&again), "{}", again.text);
    assert_eq!(again.body, corrected.body);
    assert_eq!(parcels_stored(&app), 3);

    // Keys are each caller's own: another merchant's "commande-1001" is his.
    let (other_merchant, _) = app.signed_in(Role::Merchant, true).await;
    let res = other_merchant
        .post(
            "/api/shops",
            json!({"name": "Souk Bleu", "phone": "0522000000", "address": "2 rue B", "city": hub.city}),
        )
        .await;
    res.assert_status(201);
    let mut body = parcel_body(&hub, 24_900);
    body["shop"] = res.body["data"]["key"].clone();
    other_merchant.set_header(HEADER, "commande-1001");
    let his = other_merchant.post("/api/parcels", body).await;
    his.assert_status(201);
    assert!(!replayed(&his));
    assert_ne!(his.body["data"]["key"], first.body["data"]["key"]);
    assert_eq!(parcels_stored(&app), 4);

    // Without a key nothing changes: two requests, two parcels.
    let plain = app.client();
    *plain.cookies.borrow_mut() = hub.merchant.cookies.borrow().clone();
    for _ in 0..2 {
        plain
            .post("/api/parcels", parcel_body(&hub, 24_900))
            .await
            .assert_status(201);
    }
    assert_eq!(parcels_stored(&app), 6);

    // Seven days on, the key is forgotten: the same request creates again.
    {
        use colivra_db::schema::idempotency_keys as keys;
        let long_ago = colivra_core::time::now() - chrono::Duration::days(8);
        diesel::update(keys::table.filter(keys::key.eq("commande-1001")))
            .set(keys::created_at.eq(long_ago))
            .execute(&mut app.conn())
            .unwrap();
    }
    hub.merchant.set_header(HEADER, "commande-1001");
    let later = hub
        .merchant
        .post("/api/parcels", parcel_body(&hub, 24_900))
        .await;
    later.assert_status(201);
    assert!(!replayed(&later));
    assert_ne!(later.body["data"]["key"], first.body["data"]["key"]);
    assert_eq!(parcels_stored(&app), 7);
}

#[actix_rt::test]
async fn the_same_request_twice_at_once_writes_once() {
    crate::support::until_in_flight_together(async || {
        let app = TestApp::spawn().await;
        let hub = app.hub().await;
        hub.merchant.set_header(HEADER, "double-tap");
        let body = parcel_body(&hub, 24_900);
        let race = crate::support::race(vec![
            hub.merchant
                .racer(Method::POST, "/api/parcels", Some(body.clone())),
            hub.merchant.racer(Method::POST, "/api/parcels", Some(body)),
        ])
        .await;
        // One creates; the other found it being answered (409) or answered (the same 201).
        let statuses = race.statuses();
        assert!(statuses.contains(&201), "{statuses:?}");
        assert!(
            statuses.iter().all(|s| *s == 201 || *s == 409),
            "{statuses:?}"
        );
        let created: Vec<&Value> = race
            .responses
            .iter()
            .filter(|r| r.status == 201)
            .map(|r| &r.body["data"]["key"])
            .collect();
        assert!(created.windows(2).all(|pair| pair[0] == pair[1]));
        // The one refused while the other was answered is told to come back.
        for refused in race.responses.iter().filter(|r| r.status == 409) {
            assert_eq!(refused.header("retry-after"), Some("1"));
            assert_eq!(refused.field_errors(HEADER).len(), 1, "{}", refused.text);
        }
        assert_eq!(parcels_stored(&app), 1);
        race
    })
    .await;
}

#[actix_rt::test]
async fn the_delivery_persons_outcome_sent_again_applies_once() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let parcel = hub.parcel(24_900, json!({})).await;
    hub.ship(&[&parcel]).await;
    let body = json!({"parcel": parcel, "status": "delivered"});
    hub.delivery_person
        .set_header(HEADER, "0b9e3c1e-5d1a-4a7e-9a61-2f1f4e9c7d10");
    let first = hub
        .delivery_person
        .post("/api/parcels/states", body.clone())
        .await;
    first.assert_status(200);
    // His phone lost the answer and sends the queued outcome again.
    let again = hub
        .delivery_person
        .post("/api/parcels/states", body.clone())
        .await;
    again.assert_status(200);
    assert!(replayed(&again));
    assert_eq!(again.body, first.body);
    // Without the key, the second would have been refused: the parcel is delivered already.
    hub.delivery_person.extra_headers.borrow_mut().clear();
    hub.delivery_person
        .post("/api/parcels/states", body)
        .await
        .assert_status(409);
    use colivra_db::schema::{activities, parcel_states, parcels};
    let delivered: i64 = parcel_states::table
        .inner_join(parcels::table)
        .filter(parcels::key.eq(&parcel))
        .filter(parcel_states::status.eq("delivered"))
        .count()
        .get_result(&mut app.conn())
        .unwrap();
    assert_eq!(delivered, 1, "one delivery in the history");
    let recorded: i64 = activities::table
        .filter(activities::subject_key.eq(&parcel))
        .filter(activities::action.eq("parcel.status_changed"))
        .filter(activities::details.like("%\"new\":\"delivered\"%"))
        .count()
        .get_result(&mut app.conn())
        .unwrap();
    assert_eq!(recorded, 1, "one delivery in the activities");
}

#[actix_rt::test]
async fn an_import_and_an_invoice_sent_again_are_made_once() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let file = "destinataire;telephone;ville;adresse;montant;produit;reference;fragile\n\
                Amina;0612345678;Casablanca;1 rue A;249,00;Robe;A-1;oui\n\
                Karim;0612345679;Casablanca;2 rue B;100;Sac;A-2;non\n";
    hub.merchant.set_header(HEADER, "import-du-lundi");
    let first = hub
        .merchant
        .post_bytes("/api/parcels/import", file.into(), "text/csv")
        .await;
    first.assert_status(201);
    let again = hub
        .merchant
        .post_bytes("/api/parcels/import", file.into(), "text/csv")
        .await;
    assert_eq!(again.status, first.status);
    assert!(replayed(&again));
    assert_eq!(again.body, first.body);
    assert_eq!(parcels_stored(&app), 2);
    // The same file previewed under the same key: another request (the query differs).
    let preview = hub
        .merchant
        .post_bytes("/api/parcels/import?dry_run=true", file.into(), "text/csv")
        .await;
    preview.assert_status(422);
    assert_eq!(preview.field_errors(HEADER).len(), 1, "{}", preview.text);

    // Delivered, then invoiced by an admin whose first answer was lost.
    hub.merchant.extra_headers.borrow_mut().clear();
    let parcel = hub.parcel(24_900, json!({})).await;
    hub.ship(&[&parcel]).await;
    hub.deliver(&[&parcel]).await;
    hub.hand_over_cash().await;
    hub.admin.set_header(HEADER, "facture-atlas-1");
    let invoice_body = json!({"shop": hub.shop, "type": "delivered"});
    let first = hub
        .admin
        .post("/api/clients/invoices", invoice_body.clone())
        .await;
    first.assert_status(201);
    let again = hub.admin.post("/api/clients/invoices", invoice_body).await;
    again.assert_status(201);
    assert!(replayed(&again));
    assert_eq!(again.body["data"]["key"], first.body["data"]["key"]);
    use colivra_db::schema::invoices;
    let stored: i64 = invoices::table
        .filter(invoices::kind.eq("delivered"))
        .count()
        .get_result(&mut app.conn())
        .unwrap();
    assert_eq!(stored, 1);
}

#[test]
fn the_document_offers_the_key_on_the_writes_the_domain_names() {
    let document = serde_json::to_value(colivra_gateway::openapi::document()).unwrap();
    let offers_key = |path: &str, method: &str| {
        document["paths"][path][method]["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|p| p["name"] == HEADER && p["in"] == "header")
    };
    let named = [
        ("/api/parcels", "post"),
        ("/api/parcels/import", "post"),
        ("/api/parcels/states", "post"),
        // A round's call sent again from the phone's queue is kept once.
        ("/api/parcels/{key}/calls", "post"),
        ("/api/clients/invoices", "post"),
        ("/api/delivery-admins/invoices", "post"),
    ];
    for (path, method) in named {
        assert!(offers_key(path, method), "{method} {path}");
        assert!(
            document["paths"][path][method]["responses"]["409"].is_object(),
            "{method} {path}: 409 while the same key is being answered"
        );
    }
    let mut offered = 0;
    for (path, operations) in document["paths"].as_object().unwrap() {
        for method in operations.as_object().unwrap().keys() {
            if offers_key(path, method) {
                offered += 1;
            }
        }
    }
    assert_eq!(offered, named.len(), "no other operation takes the key");
}
