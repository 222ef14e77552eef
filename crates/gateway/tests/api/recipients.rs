//! Recipients' history across every merchant (issue 40): counts played through the API, what a
//! merchant may see of them, and the company's policy at creation and import.

use colivra_core::Role;
use serde_json::{json, Value};

use crate::support::{Hub, TestApp};

const PHONE: &str = "0661000001";

async fn history(client: &crate::support::TestClient, phone: &str) -> Value {
    let res = client
        .get(&format!("/api/recipients/{phone}/history"))
        .await;
    res.assert_status(200);
    res.body["data"].clone()
}

async fn parcel_to(hub: &Hub, phone: &str) -> String {
    hub.parcel(10000, json!({ "recipient_phone": phone })).await
}

async fn outcome(hub: &Hub, parcel: &str, status: &str, comment: Option<&str>) {
    hub.attempt(parcel, status, json!({ "comment": comment }))
        .await;
}

#[actix_rt::test]
async fn a_recipients_history_follows_outcomes_undo_cancellation_and_a_new_phone() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    // A recipient never seen: nothing, reliable, in any form of his number.
    let fresh = history(&hub.merchant, "%2B212%20661%20000%20001").await;
    assert_eq!(
        (
            fresh["phone"].as_str(),
            fresh["delivered"].as_i64(),
            fresh["failed"].as_i64()
        ),
        (Some(PHONE), Some(0), Some(0))
    );
    assert_eq!(fresh["band"], "reliable");

    let delivered = parcel_to(&hub, PHONE).await;
    let refused = parcel_to(&hub, PHONE).await;
    let undone = parcel_to(&hub, PHONE).await;
    let cancelled = parcel_to(&hub, PHONE).await;
    let moved = parcel_to(&hub, "0661000002").await;
    hub.ship(&[&delivered, &refused, &undone, &moved]).await;
    outcome(&hub, &delivered, "delivered", None).await;
    // A failed attempt, then a refusal at the door.
    outcome(&hub, &refused, "no_answer", None).await;
    outcome(&hub, &refused, "refused", Some("Ne veut plus le colis")).await;
    // Delivered by mistake, undone within the minutes allowed: it never counted.
    outcome(&hub, &undone, "delivered", None).await;
    hub.delivery_person
        .post(&format!("/api/parcels/{undone}/undo"), json!({}))
        .await
        .assert_status(200);
    // Cancelled by the merchant before pickup: the recipient did nothing wrong.
    hub.merchant
        .put(
            &format!("/api/parcels/{cancelled}/cancel"),
            json!({"comment": "Rupture de stock"}),
        )
        .await
        .assert_status(200);
    // Another recipient's parcel, refused, then given our recipient's phone: his now.
    outcome(&hub, &moved, "unreachable", None).await;
    let seen = history(&hub.admin, "0661000002").await;
    assert_eq!(
        (seen["failed"].as_i64(), seen["unreached"].as_i64()),
        (Some(0), Some(1))
    );
    hub.merchant
        .put(
            &format!("/api/parcels/{moved}/change-address"),
            json!({"recipient_phone": PHONE}),
        )
        .await
        .assert_status(200);

    let counts = history(&hub.merchant, PHONE).await;
    // Delivered: one. Failed: the refusal. Failed attempts: the no answer and the unreachable.
    assert_eq!(counts["delivered"], 1, "{counts}");
    assert_eq!(counts["failed"], 1, "{counts}");
    assert_eq!(counts["unreached"], 2, "{counts}");
    // 1 failed of 2 ended: 50 %, one failure only (the default policy: risky from 2).
    assert_eq!(counts["band"], "to_confirm");
    assert_eq!(counts["action"], "warn");
    let old = history(&hub.admin, "0661000002").await;
    assert_eq!(
        (old["failed"].as_i64(), old["unreached"].as_i64()),
        (Some(0), Some(0))
    );

    // The parcel views carry the same counts, for each parcel of his.
    let view = hub.merchant.get(&format!("/api/parcels/{cancelled}")).await;
    assert_eq!(
        view.body["data"]["recipient_history"],
        json!({"delivered": 1, "failed": 1, "band": "to_confirm"})
    );
    let list = hub.merchant.get("/api/parcels").await;
    for parcel in list.body["data"].as_array().unwrap() {
        assert_eq!(parcel["recipient_history"]["failed"], 1, "{parcel}");
    }

    // Another merchant sees the counts and nothing else: no name, no parcel, no merchant.
    let (other, _) = app.signed_in(Role::Merchant, true).await;
    let theirs = history(&other, PHONE).await;
    let mut fields: Vec<&str> = theirs
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        [
            "action",
            "band",
            "delivered",
            "failed",
            "months",
            "parcels",
            "phone",
            "unreached"
        ]
    );
    assert_eq!(theirs["delivered"], 1);
    assert_eq!(theirs["parcels"], json!([]), "none of his own");
    // The merchant's own parcels to that phone, newest first; the admin's: everyone's.
    let keys = |view: &Value| -> Vec<String> {
        view["parcels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["key"].as_str().unwrap().to_owned())
            .collect()
    };
    let mine = vec![
        moved.clone(),
        cancelled.clone(),
        undone.clone(),
        refused.clone(),
        delivered.clone(),
    ];
    assert_eq!(keys(&counts), mine);
    assert_eq!(counts["parcels"][1]["status"], "cancelled");
    let other_shop = other
        .post(
            "/api/shops",
            json!({"name": "Autre", "phone": "0522334466", "address": "2 rue B", "city": hub.city}),
        )
        .await;
    other_shop.assert_status(201);
    let theirs_too = other
        .post(
            "/api/parcels",
            json!({"shop": other_shop.body["data"]["key"], "recipient_name": "Amina",
                   "recipient_phone": PHONE, "city": hub.city, "address": "5 rue B",
                   "cod_amount": 5000, "product": "Sac"}),
        )
        .await;
    theirs_too.assert_status(201);
    let their_key = theirs_too.body["data"]["key"].as_str().unwrap().to_owned();
    assert_eq!(keys(&history(&other, PHONE).await), vec![their_key.clone()]);
    assert_eq!(keys(&history(&hub.merchant, PHONE).await), mine);
    let everyone = keys(&history(&hub.admin, PHONE).await);
    assert_eq!(everyone.len(), 6);
    assert_eq!(everyone[0], their_key);
    // Not the delivery person's to read; a number that is not a phone is refused on its field.
    hub.delivery_person
        .get(&format!("/api/recipients/{PHONE}/history"))
        .await
        .assert_status(403);
    let bad = hub.merchant.get("/api/recipients/12345/history").await;
    bad.assert_status(422);
    assert!(!bad.field_errors("phone").is_empty(), "{}", bad.text);

    // Kept for the company's months (12 by default): a year and a month on, nothing is left.
    let now = colivra_core::time::now();
    colivra_parcels::recipients::prune(&mut app.conn(), now + chrono::Duration::days(300)).unwrap();
    assert_eq!(history(&hub.merchant, PHONE).await["delivered"], 1);
    colivra_parcels::recipients::prune(&mut app.conn(), now + chrono::Duration::days(400)).unwrap();
    let forgotten = history(&hub.merchant, PHONE).await;
    assert_eq!(
        (
            forgotten["delivered"].as_i64(),
            forgotten["failed"].as_i64(),
            forgotten["band"].as_str()
        ),
        (Some(0), Some(0), Some("reliable"))
    );
}

#[actix_rt::test]
async fn the_company_refuses_risky_recipients_at_creation_and_import_when_it_says_so() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let defaults = hub.admin.get("/api/settings/recipients").await;
    defaults.assert_status(200);
    assert_eq!(defaults.body["data"]["risky_action"], "warn");

    // One refused parcel, nothing delivered.
    let first = parcel_to(&hub, PHONE).await;
    hub.ship(&[&first]).await;
    outcome(&hub, &first, "refused", Some("Absent puis refus")).await;
    // Warned only: created, and the answer says who he is.
    let warned = hub
        .merchant
        .post(
            "/api/parcels",
            json!({"shop": hub.shop, "recipient_name": "Amina", "recipient_phone": PHONE,
                   "city": hub.city, "address": "5 rue B", "cod_amount": 5000, "product": "Sac"}),
        )
        .await;
    warned.assert_status(201);
    assert_eq!(
        warned.body["data"]["recipient_history"]["band"],
        "to_confirm"
    );

    // Policy: risky from one failure in two, refused.
    let policy = json!({"to_confirm_percent": 25, "risky_percent": 50, "risky_min_failed": 1,
                        "to_confirm_action": "warn", "risky_action": "refuse", "months_kept": 12,
                        "confirmation_tries": 4, "confirmation_given_up": "merchant",
                        "confirmation_retry_minutes": 45, "decision_delay_hours": 12});
    hub.merchant
        .put("/api/settings/recipients", policy.clone())
        .await
        .assert_status(403);
    let wrong = hub
        .admin
        .put(
            "/api/settings/recipients",
            json!({"to_confirm_percent": 60, "risky_percent": 50, "risky_min_failed": 0,
                   "to_confirm_action": "warn", "risky_action": "refuse", "months_kept": 12}),
        )
        .await;
    wrong.assert_status(422);
    assert!(
        !wrong.field_errors("risky_percent").is_empty(),
        "{}",
        wrong.text
    );
    assert!(
        !wrong.field_errors("risky_min_failed").is_empty(),
        "{}",
        wrong.text
    );
    let saved = hub
        .admin
        .put("/api/settings/recipients", policy.clone())
        .await;
    saved.assert_status(200);
    assert_eq!(saved.body["data"], policy);
    assert_eq!(
        hub.admin.get("/api/settings/recipients").await.body["data"],
        policy
    );

    let refused = hub
        .merchant
        .post(
            "/api/parcels",
            json!({"shop": hub.shop, "recipient_name": "Amina", "recipient_phone": "06 61 00 00 01",
                   "city": hub.city, "address": "5 rue B", "cod_amount": 5000, "product": "Sac"}),
        )
        .await;
    refused.assert_status(422);
    let messages = refused.field_errors("recipient_phone");
    assert!(
        messages.iter().any(|m| m.contains(PHONE)),
        "{}",
        refused.text
    );

    // The import: the risky row refused on its phone, the other one fine, nothing created.
    let file = format!(
        "destinataire;telephone;ville;adresse;montant;produit\n\
         Amina;{PHONE};Casablanca;1 rue A;100;Robe\n\
         Karim;0661000009;Casablanca;2 rue B;100;Sac\n"
    );
    let preview = hub
        .merchant
        .post_bytes(
            "/api/parcels/import?dry_run=true",
            file.clone().into_bytes(),
            "text/csv",
        )
        .await;
    preview.assert_status(200);
    assert_eq!(preview.body["valid_count"], 1, "{}", preview.text);
    let rows = &preview.body["rows"];
    assert!(
        rows[0]["errors"]["recipient_phone"].is_array(),
        "{}",
        preview.text
    );
    assert_eq!(rows[0]["recipient_history"]["band"], "risky");
    assert_eq!(
        rows[1]["recipient_history"],
        json!({"delivered": 0, "failed": 0, "band": "reliable"})
    );
    let before = hub.merchant.get("/api/parcels").await.body["meta"]["total"].clone();
    hub.merchant
        .post_bytes("/api/parcels/import", file.into_bytes(), "text/csv")
        .await
        .assert_status(422);
    assert_eq!(
        hub.merchant.get("/api/parcels").await.body["meta"]["total"],
        before
    );

    // The change is on record with what changed.
    use colivra_db::schema::activities;
    use diesel::prelude::*;
    let details: Vec<Option<String>> = activities::table
        .filter(activities::action.eq("settings.recipients_updated"))
        .select(activities::details)
        .load(&mut app.conn())
        .unwrap();
    assert_eq!(details.len(), 1);
    let details: Value = serde_json::from_str(details[0].as_deref().unwrap()).unwrap();
    assert_eq!(
        details["risky_action"],
        json!({"old": "warn", "new": "refuse"})
    );
    assert_eq!(details["risky_min_failed"], json!({"old": 2, "new": 1}));
}
