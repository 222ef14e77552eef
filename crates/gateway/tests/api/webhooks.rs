//! Webhooks (issue 26, domain.md "Webhooks and idempotent writes"): endpoints checked and
//! scoped, events written with the change that causes them, delivered signed to a real receiver
//! on loopback, in order per parcel, retried, paused after 24 hours, and shared by two senders
//! without an event sent twice at once.

use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

use crate::support::receiver::{Hit, Receiver};
use crate::support::{TestApp, TestClient};
use colivra_core::{MerchantId, Role};
use colivra_db::schema::{webhook_deliveries, webhook_endpoints};
use diesel::prelude::*;
use serde_json::json;

const PARCEL_EVENTS: [&str; 3] = [
    "parcel.created",
    "parcel.status_changed",
    "parcel.outcome_recorded",
];

async fn add_endpoint(client: &TestClient, url: &str, events: &[&str]) -> (String, String) {
    let res = client
        .post("/api/webhooks", json!({"url": url, "events": events}))
        .await;
    res.assert_status(201);
    let data = &res.body["data"];
    (
        data["key"].as_str().unwrap().to_owned(),
        data["secret"].as_str().unwrap().to_owned(),
    )
}

fn start_sender(app: &TestApp, allow_private: bool) -> actix_web::rt::task::JoinHandle<()> {
    colivra_webhooks::sender::spawn(app.state.pool.clone(), allow_private, None)
}

fn stored_deliveries(app: &TestApp) -> Vec<(String, i32)> {
    webhook_deliveries::table
        .order(webhook_deliveries::id)
        .select((webhook_deliveries::status, webhook_deliveries::attempts))
        .load(&mut app.conn())
        .unwrap()
}

fn events_stored(app: &TestApp) -> usize {
    let ids: Vec<String> = webhook_deliveries::table
        .select(webhook_deliveries::event_id)
        .load(&mut app.conn())
        .unwrap();
    ids.into_iter().collect::<HashSet<_>>().len()
}

/// `count` events of `subjects` parcels (round-robin, `data.seq` numbering them), queued for the
/// merchant's one endpoint as the outbox queues them.
fn queue_events(app: &TestApp, count: usize, subjects: usize) {
    let (merchant_id, endpoint_id): (MerchantId, i64) = webhook_endpoints::table
        .select((webhook_endpoints::merchant_id, webhook_endpoints::id))
        .first(&mut app.conn())
        .unwrap();
    let now = colivra_core::time::now();
    app.conn()
        .transaction(|conn| {
            for n in 0..count {
                let subject = format!("P{:03}", n % subjects);
                colivra_db::outbox::enqueue(
                    conn,
                    &colivra_db::outbox::Event {
                        merchant_id,
                        event_type: "parcel.status_changed",
                        subject_key: Some(&subject),
                        data: json!({"key": subject, "seq": n}),
                    },
                    &[endpoint_id],
                    now,
                )?;
            }
            diesel::QueryResult::Ok(())
        })
        .unwrap();
}

#[actix_rt::test]
async fn endpoints_are_checked_scoped_and_their_secret_is_shown_once() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    // Off private networks (COLIVRA_WEBHOOK_ALLOW_PRIVATE is not set here).
    for url in [
        "http://hooks.example.ma/colivra",
        "https://127.0.0.1/colivra",
        "https://10.0.0.8/colivra",
        "https://169.254.169.254/latest",
        "https://localhost:8443/colivra",
        "pas une adresse",
    ] {
        let res = hub
            .merchant
            .post(
                "/api/webhooks",
                json!({"url": url, "events": ["parcel.created"]}),
            )
            .await;
        res.assert_status(422);
        assert_eq!(res.field_errors("url").len(), 1, "{url}: {}", res.text);
    }
    let res = hub.merchant.post("/api/webhooks", json!({})).await;
    res.assert_status(422);
    assert!(!res.field_errors("url").is_empty() && !res.field_errors("events").is_empty());
    let res = hub
        .merchant
        .post(
            "/api/webhooks",
            json!({"url": "https://hooks.example.ma/colivra", "events": []}),
        )
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("events").is_empty());
    assert_eq!(
        webhook_endpoints::table
            .count()
            .get_result::<i64>(&mut app.conn())
            .unwrap(),
        0
    );

    let res = hub
        .merchant
        .post(
            "/api/webhooks",
            json!({"url": "https://hooks.example.ma/colivra", "events": ["parcel.status_changed", "parcel.created", "parcel.created"]}),
        )
        .await;
    res.assert_status(201);
    let key = res.body["data"]["key"].as_str().unwrap().to_owned();
    let secret = res.body["data"]["secret"].as_str().unwrap();
    assert!(
        secret.starts_with("whsec_") && secret.len() >= 30,
        "{secret}"
    );
    assert_eq!(
        res.body["data"]["events"],
        json!(["parcel.created", "parcel.status_changed"])
    );
    // Listed without its secret.
    let list = hub.merchant.get("/api/webhooks").await;
    list.assert_status(200);
    assert_eq!(list.body["meta"]["total"], 1);
    assert!(list.body["data"][0].get("secret").is_none());
    assert!(!list.text.contains(secret));

    // Another merchant neither sees nor touches it.
    let (other, _) = app.signed_in(Role::Merchant, true).await;
    let path = format!("/api/webhooks/{key}");
    assert_eq!(other.get("/api/webhooks").await.body["meta"]["total"], 0);
    other
        .put(&path, json!({"active": false}))
        .await
        .assert_status(404);
    other.delete(&path).await.assert_status(404);
    other
        .post(&format!("{path}/test"), json!({}))
        .await
        .assert_status(404);
    other
        .get(&format!("{path}/deliveries"))
        .await
        .assert_status(404);

    // Changed, then removed by its merchant.
    let res = hub
        .merchant
        .put(&path, json!({"events": ["invoice.paid"], "active": false}))
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["events"], json!(["invoice.paid"]));
    assert_eq!(res.body["data"]["active"], false);
    hub.merchant
        .put(&path, json!({"url": "https://192.168.1.2/x"}))
        .await
        .assert_status(422);
    hub.merchant.delete(&path).await.assert_status(204);
    hub.merchant.get(&path).await.assert_status(405);
    assert_eq!(
        hub.merchant.get("/api/webhooks").await.body["meta"]["total"],
        0
    );
}

/// The parcel's events as its merchant's receiver saw them, in arrival order.
fn of_parcel<'a>(hits: &'a [Hit], parcel: &str) -> Vec<&'a Hit> {
    hits.iter()
        .filter(|hit| hit.json["data"]["key"] == parcel)
        .collect()
}

#[actix_rt::test]
async fn a_parcels_life_reaches_the_receiver_signed_in_order_and_once() {
    let app = TestApp::spawn_for_webhooks().await;
    let hub = app.hub().await;
    let receiver = Receiver::start(&[], Duration::ZERO);
    let mut events: Vec<&str> = PARCEL_EVENTS.to_vec();
    events.extend(["invoice.validated", "invoice.paid", "ticket.answered"]);
    let (_, secret) = add_endpoint(&hub.merchant, &receiver.url, &events).await;
    start_sender(&app, true);

    let parcel = hub.parcel(24_900, json!({"reference": "WC-1001"})).await;
    hub.ship(&[&parcel]).await;
    hub.deliver(&[&parcel]).await;
    hub.hand_over_cash().await;
    // Invoiced, validated, paid; a ticket answered.
    let res = hub
        .admin
        .post(
            "/api/clients/invoices",
            json!({"shop": hub.shop, "type": "delivered"}),
        )
        .await;
    res.assert_status(201);
    let invoice = format!(
        "/api/clients/invoices/{}",
        res.body["data"]["key"].as_str().unwrap()
    );
    hub.admin
        .put(&invoice, json!({"status": "validated"}))
        .await
        .assert_status(200);
    let today = chrono::Utc::now().date_naive().to_string();
    hub.admin
        .put(
            &invoice,
            json!({"status": "paid", "payment_method": "cheque", "payment_reference": "VIR-77", "paid_on": today}),
        )
        .await
        .assert_status(200);
    let res = hub
        .merchant
        .post(
            "/api/tickets",
            json!({"subject": "Retard", "category": "other", "message": "Où en est-il ?"}),
        )
        .await;
    res.assert_status(201);
    let ticket = res.body["data"]["key"].as_str().unwrap().to_owned();
    hub.admin
        .post(
            &format!("/api/tickets/{ticket}/messages"),
            json!({"body": "Livré ce matin."}),
        )
        .await
        .assert_status(201);

    // created, 4 status changes (awaiting pickup, picked up, out for delivery, delivered), the
    // outcome, the invoice validated and paid, the answer.
    let hits = receiver.wait_for(9, Duration::from_secs(15)).await;
    actix_rt::time::sleep(Duration::from_millis(300)).await;
    let hits_after = receiver.hits();
    assert_eq!(
        hits_after.len(),
        9,
        "{:#?}",
        hits_after.iter().map(Hit::event_type).collect::<Vec<_>>()
    );
    assert_eq!(hits.len(), hits_after.len(), "nothing more arrives");
    for hit in &hits {
        assert!(hit.signed_with(&secret), "signature of {}", hit.body);
        assert!(!hit.signed_with("whsec_another_secret"));
        assert_eq!(hit.headers["colivra-event-id"], hit.event_id());
        assert_eq!(hit.headers["colivra-event"], hit.event_type());
        assert_eq!(hit.headers["content-type"], "application/json");
        assert!(hit.json["created_at"].as_str().is_some());
    }
    let ids: HashSet<&str> = hits.iter().map(Hit::event_id).collect();
    assert_eq!(ids.len(), hits.len(), "one id per event");

    let parcel_hits = of_parcel(&hits, &parcel);
    let sequence: Vec<(&str, &str)> = parcel_hits
        .iter()
        .map(|hit| {
            (
                hit.event_type(),
                hit.json["data"]["status"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        sequence,
        [
            ("parcel.created", "new"),
            ("parcel.status_changed", "awaiting_pickup"),
            ("parcel.status_changed", "picked_up"),
            ("parcel.status_changed", "out_for_delivery"),
            ("parcel.status_changed", "delivered"),
            ("parcel.outcome_recorded", "delivered"),
        ],
        "in the order they happened"
    );
    let last = &parcel_hits[5].json["data"];
    assert_eq!(last["reference"], "WC-1001");
    assert_eq!(last["cod_amount"], 24_900);
    assert_eq!(last["outcome"], "delivered");
    assert_eq!(last["status_label"], "Livré");
    let others: Vec<&str> = hits
        .iter()
        .filter(|hit| !hit.event_type().starts_with("parcel."))
        .map(Hit::event_type)
        .collect();
    // Order holds per object (the invoice's two events), not across objects.
    let invoice_events: Vec<&str> = others
        .iter()
        .copied()
        .filter(|e| e.starts_with("invoice."))
        .collect();
    assert_eq!(invoice_events, ["invoice.validated", "invoice.paid"]);
    assert_eq!(
        others.iter().filter(|e| **e == "ticket.answered").count(),
        1
    );
    assert_eq!(others.len(), 3);
    let paid = hits
        .iter()
        .find(|h| h.event_type() == "invoice.paid")
        .unwrap();
    assert_eq!(paid.json["data"]["payment_reference"], "VIR-77");
    assert_eq!(paid.json["data"]["payment_method"], "cheque");

    // The log: each delivered at the first attempt with the receiver's answer.
    let deliveries = stored_deliveries(&app);
    assert_eq!(deliveries.len(), 9);
    assert!(deliveries.iter().all(|d| *d == ("delivered".to_owned(), 1)));
}

#[actix_rt::test]
async fn outcome_events_say_what_was_recorded_at_the_door() {
    let app = TestApp::spawn_for_webhooks().await;
    let hub = app.hub().await;
    let receiver = Receiver::start(&[], Duration::ZERO);
    add_endpoint(&hub.merchant, &receiver.url, &["parcel.outcome_recorded"]).await;
    start_sender(&app, true);
    let parcel = hub.parcel(24_900, json!({})).await;
    hub.ship(&[&parcel]).await;
    // No answer at the first visit, recorded offline a moment ago and sent now; postponed to
    // tomorrow at the second, with the recipient's words.
    actix_rt::time::sleep(Duration::from_millis(2_500)).await;
    let moments_ago = (chrono::Utc::now() - chrono::Duration::seconds(2)).to_rfc3339();
    hub.call(&parcel).await;
    hub.delivery_person
        .post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "no_answer", "recorded_at": moments_ago}),
        )
        .await
        .assert_status(200);
    let tomorrow = (chrono::Utc::now().date_naive() + chrono::Duration::days(1)).to_string();
    hub.delivery_person
        .post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "postponed", "date": tomorrow,
                   "comment": "Rappeler après 18 h"}),
        )
        .await
        .assert_status(200);
    let hits = receiver.wait_for(2, Duration::from_secs(10)).await;
    assert_eq!(hits.len(), 2);
    let no_answer = &hits[0].json["data"];
    assert_eq!(no_answer["status"], "no_answer");
    let recorded = &no_answer["recorded"];
    assert_eq!(recorded["status"], "no_answer");
    assert_eq!(recorded["status_label"], "Pas de réponse");
    assert_eq!(recorded["attempt"], 1);
    assert!(recorded["postponed_to"].is_null());
    assert!(recorded["comment"].is_null());
    assert_eq!(recorded["has_proof"], false);
    let at = |value: &serde_json::Value| {
        chrono::DateTime::parse_from_rfc3339(value.as_str().unwrap()).unwrap()
    };
    let recorded_at = at(&recorded["recorded_at"]);
    let sent_at = chrono::DateTime::parse_from_rfc3339(&moments_ago).unwrap();
    assert!(
        (recorded_at - sent_at).num_seconds().abs() <= 1,
        "{recorded}"
    );
    assert!(at(&recorded["received_at"]) - recorded_at >= chrono::Duration::milliseconds(1_900));
    let postponed = &hits[1].json["data"]["recorded"];
    assert_eq!(postponed["status"], "postponed");
    assert_eq!(postponed["attempt"], 2);
    assert_eq!(postponed["postponed_to"], tomorrow.as_str());
    assert_eq!(postponed["comment"], "Rappeler après 18 h");
    assert!(postponed["reason"].is_null());
    // The status change's event carries no `recorded`: it is the outcome's.
    assert!(hits
        .iter()
        .all(|hit| hit.event_type() == "parcel.outcome_recorded"));
}

#[actix_rt::test]
async fn a_failed_attempt_tells_the_merchant_a_decision_is_needed() {
    let app = TestApp::spawn_for_webhooks().await;
    let hub = app.hub().await;
    let receiver = Receiver::start(&[], Duration::ZERO);
    add_endpoint(&hub.merchant, &receiver.url, &["parcel.decision_needed"]).await;
    start_sender(&app, true);
    let parcel = hub.parcel(24_900, json!({})).await;
    hub.ship(&[&parcel]).await;
    // Delivered parcels need no decision: only the failed attempt is sent.
    let other = hub.parcel(10_000, json!({})).await;
    hub.ship(&[&other]).await;
    hub.deliver(&[&other]).await;
    hub.attempt(&parcel, "unreachable", json!({})).await;
    let hits = receiver.wait_for(1, Duration::from_secs(10)).await;
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].event_type(), "parcel.decision_needed");
    let data = &hits[0].json["data"];
    assert_eq!(
        (&data["key"], &data["status"]),
        (&json!(parcel), &json!("unreachable"))
    );
    let due = chrono::DateTime::parse_from_rfc3339(data["decision_due_at"].as_str().unwrap())
        .unwrap()
        .with_timezone(&chrono::Utc);
    let wait = due - chrono::Utc::now();
    assert!(
        wait > chrono::Duration::hours(23) && wait <= chrono::Duration::hours(24),
        "{wait}"
    );
}

#[actix_rt::test]
async fn no_change_without_its_event_and_no_event_without_its_change() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    // No endpoint: nothing is written.
    hub.parcel(10_000, json!({})).await;
    assert_eq!(events_stored(&app), 0);
    add_endpoint(&hub.merchant, "https://hooks.example.ma/c", &PARCEL_EVENTS).await;
    let parcel = hub.parcel(10_000, json!({})).await;
    assert_eq!(events_stored(&app), 1);
    // Refused writes leave no event: an invalid parcel, a move the state machine refuses.
    hub.merchant
        .post("/api/parcels", json!({"shop": hub.shop}))
        .await
        .assert_status(422);
    hub.delivery_person
        .post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "delivered"}),
        )
        .await
        .assert_status(404);
    hub.admin
        .post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "returned"}),
        )
        .await
        .assert_status(409);
    assert_eq!(events_stored(&app), 1);
    // Each status change made one event, in its transaction: as many as the parcel's history.
    hub.ship(&[&parcel]).await;
    use colivra_db::schema::{parcel_states, parcels};
    let moves: i64 = parcel_states::table
        .inner_join(parcels::table)
        .filter(parcels::key.eq(&parcel))
        .filter(parcel_states::status.ne("new"))
        .count()
        .get_result(&mut app.conn())
        .unwrap();
    let changes: i64 = webhook_deliveries::table
        .filter(webhook_deliveries::event_type.eq("parcel.status_changed"))
        .count()
        .get_result(&mut app.conn())
        .unwrap();
    assert_eq!(changes, moves);
    assert!(moves >= 3);
    // Another merchant's endpoint hears nothing of this merchant's parcels.
    let (other, _) = app.signed_in(Role::Merchant, true).await;
    add_endpoint(&other, "https://hooks.example.ma/autre", &PARCEL_EVENTS).await;
    hub.parcel(10_000, json!({})).await;
    let per_endpoint: Vec<(String, i64)> = webhook_deliveries::table
        .inner_join(webhook_endpoints::table)
        .group_by(webhook_endpoints::url)
        .select((webhook_endpoints::url, diesel::dsl::count_star()))
        .load(&mut app.conn())
        .unwrap();
    assert_eq!(per_endpoint.len(), 1, "{per_endpoint:?}");
    assert_eq!(per_endpoint[0].0, "https://hooks.example.ma/c");

    // A second endpoint of the merchant: a round outcome writes its two events for each (four
    // rows, one insert), each event under one id on both endpoints.
    add_endpoint(&hub.merchant, "https://hooks.example.ma/d", &PARCEL_EVENTS).await;
    let rows_before = webhook_deliveries::table
        .count()
        .get_result::<i64>(&mut app.conn())
        .unwrap();
    hub.attempt(&parcel, "no_answer", json!({})).await;
    let newest: Vec<(String, String, String, Option<String>)> = webhook_deliveries::table
        .inner_join(webhook_endpoints::table)
        .order(webhook_deliveries::id.desc())
        .select((
            webhook_endpoints::url,
            webhook_deliveries::event_type,
            webhook_deliveries::event_id,
            webhook_deliveries::subject_key,
        ))
        .load(&mut app.conn())
        .unwrap();
    assert_eq!(newest.len() as i64, rows_before + 4);
    let outcome_rows = &newest[..4];
    let mut by_type: BTreeMap<&str, BTreeMap<&str, &str>> = BTreeMap::new();
    for (url, event_type, event_id, subject) in outcome_rows {
        assert_eq!(subject.as_deref(), Some(parcel.as_str()));
        by_type.entry(event_type).or_default().insert(url, event_id);
    }
    assert_eq!(
        by_type.keys().copied().collect::<Vec<_>>(),
        ["parcel.outcome_recorded", "parcel.status_changed"]
    );
    for (event_type, per_url) in &by_type {
        assert_eq!(
            per_url.keys().copied().collect::<Vec<_>>(),
            ["https://hooks.example.ma/c", "https://hooks.example.ma/d"],
            "{event_type}"
        );
        let ids: HashSet<&str> = per_url.values().copied().collect();
        assert_eq!(ids.len(), 1, "{event_type}: one event id on both endpoints");
    }
}

#[actix_rt::test]
async fn a_failing_receiver_gets_retries_then_a_pause_then_a_manual_redelivery() {
    let app = TestApp::spawn_for_webhooks().await;
    let hub = app.hub().await;
    let receiver = Receiver::start(&[500, 503], Duration::ZERO);
    let (endpoint, _) = add_endpoint(&hub.merchant, &receiver.url, &["parcel.created"]).await;
    start_sender(&app, true);
    hub.parcel(10_000, json!({})).await;
    receiver.wait_for(1, Duration::from_secs(10)).await;
    actix_rt::time::sleep(Duration::from_millis(200)).await;
    let log = hub
        .merchant
        .get(&format!("/api/webhooks/{endpoint}/deliveries"))
        .await;
    log.assert_status(200);
    let first = &log.body["data"][0];
    assert_eq!(first["status"], "pending");
    assert_eq!(first["attempts"], 1);
    assert_eq!(first["last_status_code"], 500);
    assert_eq!(first["last_response"], "answered 500");
    // Retried 30 s after the attempt: let that time pass.
    let at = |field: &str| {
        chrono::DateTime::parse_from_rfc3339(first[field].as_str().unwrap())
            .unwrap()
            .timestamp()
    };
    assert_eq!(at("next_attempt_at") - at("last_attempt_at"), 30);
    // The retry's time has come (the clock moved on): the sender, asleep until then, is woken
    // as its timer would.
    let due_now = || {
        diesel::update(webhook_deliveries::table)
            .set(webhook_deliveries::next_attempt_at.eq(colivra_core::time::now()))
            .execute(&mut app.conn())
            .unwrap();
        colivra_webhooks::sender::wake();
    };
    // The 24 hours are over at the second failure: given up, endpoint paused.
    diesel::update(webhook_deliveries::table)
        .set(
            webhook_deliveries::give_up_at
                .eq(colivra_core::time::now() - chrono::Duration::minutes(1)),
        )
        .execute(&mut app.conn())
        .unwrap();
    due_now();
    receiver.wait_for(2, Duration::from_secs(10)).await;
    actix_rt::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(stored_deliveries(&app), [("failed".to_owned(), 2)]);
    let listed = hub.merchant.get("/api/webhooks").await;
    assert!(
        listed.body["data"][0]["paused_at"].is_string(),
        "{}",
        listed.text
    );
    // Paused: a new event waits, nothing is sent.
    hub.parcel(10_000, json!({})).await;
    actix_rt::time::sleep(Duration::from_millis(1_200)).await;
    assert_eq!(receiver.hits().len(), 2);
    // Turned on again, the waiting event goes; the failed one goes when the merchant asks.
    hub.merchant
        .put(
            &format!("/api/webhooks/{endpoint}"),
            json!({"active": true}),
        )
        .await
        .assert_status(200);
    receiver.wait_for(3, Duration::from_secs(10)).await;
    let failed_key = hub
        .merchant
        .get(&format!("/api/webhooks/{endpoint}/deliveries"))
        .await
        .body["data"][1]["key"]
        .as_str()
        .unwrap()
        .to_owned();
    let res = hub
        .merchant
        .post(
            &format!("/api/webhooks/deliveries/{failed_key}/retry"),
            json!({}),
        )
        .await;
    res.assert_status(202);
    assert_eq!(res.body["data"]["status"], "pending");
    let hits = receiver.wait_for(4, Duration::from_secs(10)).await;
    assert_eq!(hits.len(), 4);
    // The same event each time it was sent again: same id, same bytes.
    assert_eq!(hits[0].event_id(), hits[1].event_id());
    assert_eq!(hits[0].body, hits[3].body);
    actix_rt::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        stored_deliveries(&app),
        [("delivered".to_owned(), 3), ("delivered".to_owned(), 1)]
    );
    // The log names the parcel and keeps every attempt, oldest first, each with its answer.
    let log = hub
        .merchant
        .get(&format!("/api/webhooks/{endpoint}/deliveries"))
        .await;
    let retried = &log.body["data"][1];
    assert_eq!(retried["key"], failed_key.as_str());
    let parcel_code = hits[0].json["data"]["key"].as_str().unwrap();
    assert_eq!(retried["subject_key"], parcel_code);
    let history = retried["history"].as_array().unwrap();
    let answers: Vec<(i64, &str)> = history
        .iter()
        .map(|attempt| {
            (
                attempt["status_code"].as_i64().unwrap(),
                attempt["response"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        answers,
        [
            (500, "answered 500"),
            (503, "answered 503"),
            (200, "answered 200")
        ],
        "{}",
        log.text
    );
    assert!(history
        .iter()
        .all(|attempt| attempt["attempted_at"].is_string() && attempt["latency_ms"].is_i64()));
    assert_eq!(log.body["data"][0]["history"].as_array().unwrap().len(), 1);
    // Another merchant cannot retry it.
    let (other, _) = app.signed_in(Role::Merchant, true).await;
    other
        .post(
            &format!("/api/webhooks/deliveries/{failed_key}/retry"),
            json!({}),
        )
        .await
        .assert_status(404);
}

#[actix_rt::test]
async fn the_test_button_sends_a_ping_and_private_addresses_are_refused_at_sending() {
    let app = TestApp::spawn_for_webhooks().await;
    let hub = app.hub().await;
    let receiver = Receiver::start(&[], Duration::ZERO);
    let (endpoint, secret) = add_endpoint(&hub.merchant, &receiver.url, &["invoice.paid"]).await;
    let res = hub
        .merchant
        .post(&format!("/api/webhooks/{endpoint}/test"), json!({}))
        .await;
    res.assert_status(202);
    assert_eq!(res.body["data"]["event"], "ping");
    assert_eq!(res.body["data"]["status"], "pending");
    // A sender that may not reach private addresses (production's setting) refuses loopback
    // when it sends, whatever was registered.
    let strict = start_sender(&app, false);
    let log_path = format!("/api/webhooks/{endpoint}/deliveries");
    let mut log = hub.merchant.get(&log_path).await;
    for _ in 0..200 {
        if log.body["data"][0]["attempts"] == 1 {
            break;
        }
        actix_rt::time::sleep(Duration::from_millis(50)).await;
        log = hub.merchant.get(&log_path).await;
    }
    strict.abort();
    assert!(receiver.hits().is_empty());
    assert_eq!(log.body["data"][0]["attempts"], 1, "{}", log.text);
    assert!(
        log.body["data"][0]["last_error"]
            .as_str()
            .unwrap()
            .contains("privée"),
        "{}",
        log.text
    );
    // Allowed (development), the ping arrives, signed.
    diesel::update(webhook_deliveries::table)
        .set(webhook_deliveries::next_attempt_at.eq(colivra_core::time::now()))
        .execute(&mut app.conn())
        .unwrap();
    start_sender(&app, true);
    let hits = receiver.wait_for(1, Duration::from_secs(10)).await;
    assert!(
        !hits.is_empty(),
        "{}",
        hub.merchant.get(&log_path).await.text
    );
    assert_eq!(hits[0].event_type(), "ping");
    assert!(hits[0].signed_with(&secret));
}

#[actix_rt::test]
async fn two_server_processes_on_one_database_send_a_thousand_events_none_twice_at_once() {
    let app = TestApp::spawn_for_webhooks().await;
    let hub = app.hub().await;
    // Each answer takes a little while: two copies of one event in flight would overlap.
    let receiver = Receiver::start(&[], Duration::from_millis(2));
    let (_, _) = add_endpoint(&hub.merchant, &receiver.url, &["parcel.status_changed"]).await;
    // A thousand events of a hundred parcels.
    queue_events(&app, 1_000, 100);
    // Two `colivra serve` processes, each with its sender, on the test's database.
    let allow = [("COLIVRA_WEBHOOK_ALLOW_PRIVATE", "true")];
    let started = std::time::Instant::now();
    let (_first, _second) = tokio::join!(
        crate::gateways::Gateway::start_with_env(&app, &allow),
        crate::gateways::Gateway::start_with_env(&app, &allow)
    );
    let hits = receiver.wait_for(1_000, Duration::from_secs(60)).await;
    let took = started.elapsed();
    actix_rt::time::sleep(Duration::from_millis(300)).await;
    let hits_after = receiver.hits();
    assert_eq!(hits_after.len(), 1_000, "each event once, none again");
    assert_eq!(hits.len(), 1_000);
    assert!(
        receiver.overlapped().is_empty(),
        "{:?}",
        receiver.overlapped()
    );
    let ids: HashSet<&str> = hits.iter().map(Hit::event_id).collect();
    assert_eq!(ids.len(), 1_000);
    // In order per parcel.
    let mut seen: BTreeMap<String, i64> = BTreeMap::new();
    for hit in &hits {
        let key = hit.json["data"]["key"].as_str().unwrap().to_owned();
        let seq = hit.json["data"]["seq"].as_i64().unwrap();
        if let Some(before) = seen.insert(key.clone(), seq) {
            assert!(before < seq, "{key}: {seq} after {before}");
        }
    }
    assert!(stored_deliveries(&app)
        .iter()
        .all(|d| *d == ("delivered".to_owned(), 1)));
    eprintln!(
        "1,000 webhook events through two server processes in {took:?} (their start included)"
    );
}

#[actix_rt::test]
async fn a_server_killed_mid_burst_loses_no_event_once_restarted() {
    use crate::gateways::Gateway;
    let app = TestApp::spawn_for_webhooks().await;
    let hub = app.hub().await;
    // Slow answers (eight at a time to one endpoint, a tenth of a second each: about four seconds
    // for the burst), so the kill lands while deliveries are in flight.
    let receiver = Receiver::start(&[], Duration::from_millis(100));
    add_endpoint(&hub.merchant, &receiver.url, &["parcel.status_changed"]).await;
    let total = 300;
    queue_events(&app, total, 30);
    let allow = [("COLIVRA_WEBHOOK_ALLOW_PRIVATE", "true")];
    let first = Gateway::start_with_env(&app, &allow).await;
    receiver.wait_for(60, Duration::from_secs(30)).await;
    // SIGKILL: no chance to give back what it leased.
    first.kill();
    let at_kill = receiver.hits().len();
    assert!(at_kill < total, "the burst was cut: {at_kill} of {total}");
    let leased_at_kill: i64 = webhook_deliveries::table
        .filter(webhook_deliveries::status.eq("pending"))
        .filter(webhook_deliveries::leased_until.is_not_null())
        .count()
        .get_result(&mut app.conn())
        .unwrap();
    assert!(leased_at_kill > 0, "the dead process held deliveries");
    // Its leases are left as they are: they lapse on their own, within a minute (domain.md).
    let _second = Gateway::start_with_env(&app, &allow).await;
    let started = std::time::Instant::now();
    loop {
        let ids: HashSet<String> = receiver
            .hits()
            .iter()
            .map(|hit| hit.event_id().to_owned())
            .collect();
        if ids.len() == total || started.elapsed() > Duration::from_secs(60) {
            break;
        }
        actix_rt::time::sleep(Duration::from_millis(50)).await;
    }
    actix_rt::time::sleep(Duration::from_millis(300)).await;
    let hits = receiver.hits();
    let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for hit in &hits {
        seen.entry(hit.event_id().to_owned())
            .or_default()
            .push(hit.body.clone());
    }
    assert_eq!(
        seen.len(),
        total,
        "every event arrived within 60 s of the restart ({:?})",
        started.elapsed()
    );
    // Each parcel's events, by their first arrival: in the order they were written, across
    // the crash (a later one never overtakes one the dead process held).
    let mut first_arrivals: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    let mut arrived: HashSet<&str> = HashSet::new();
    for hit in &hits {
        if arrived.insert(hit.event_id()) {
            first_arrivals
                .entry(hit.json["data"]["key"].as_str().unwrap().to_owned())
                .or_default()
                .push(hit.json["data"]["seq"].as_i64().unwrap());
        }
    }
    let out_of_order: Vec<(&String, &Vec<i64>)> = first_arrivals
        .iter()
        .filter(|(_, seqs)| seqs.windows(2).any(|pair| pair[0] > pair[1]))
        .collect();
    assert!(out_of_order.is_empty(), "out of order: {out_of_order:?}");
    assert_eq!(first_arrivals.len(), 30);
    // What was in flight at the kill may come twice: the same event, same id and bytes.
    let twice: Vec<&Vec<String>> = seen.values().filter(|bodies| bodies.len() > 1).collect();
    assert!(twice
        .iter()
        .all(|bodies| bodies.iter().all(|b| *b == bodies[0])));
    assert!(
        twice.len() <= 50,
        "at most one batch sent again: {}",
        twice.len()
    );
    // What was in flight at the kill is sent again by the second process and recorded by it:
    // every row ends delivered.
    let mut pending = usize::MAX;
    for _ in 0..600 {
        pending = stored_deliveries(&app)
            .iter()
            .filter(|(status, _)| status != "delivered")
            .count();
        if pending == 0 {
            break;
        }
        actix_rt::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(pending, 0, "deliveries not recorded as delivered");
}

#[actix_rt::test]
async fn deliveries_older_than_thirty_days_are_pruned() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    add_endpoint(
        &hub.merchant,
        "https://hooks.example.ma/c",
        &["parcel.created"],
    )
    .await;
    hub.parcel(10_000, json!({})).await;
    hub.parcel(10_000, json!({})).await;
    let oldest: i64 = webhook_deliveries::table
        .select(diesel::dsl::min(webhook_deliveries::id))
        .first::<Option<i64>>(&mut app.conn())
        .unwrap()
        .unwrap();
    let now = colivra_core::time::now();
    diesel::update(webhook_deliveries::table.find(oldest))
        .set(webhook_deliveries::created_at.eq(now - chrono::Duration::days(31)))
        .execute(&mut app.conn())
        .unwrap();
    let pruned = colivra_webhooks::deliveries::prune(&mut app.conn(), now).unwrap();
    assert_eq!(pruned, 1);
    assert_eq!(events_stored(&app), 1);
    assert_eq!(
        stored_deliveries(&app).len(),
        1,
        "its delivery went with it"
    );
    // A month to the day is kept.
    diesel::update(webhook_deliveries::table)
        .set(webhook_deliveries::created_at.eq(now - chrono::Duration::days(29)))
        .execute(&mut app.conn())
        .unwrap();
    assert_eq!(
        colivra_webhooks::deliveries::prune(&mut app.conn(), now).unwrap(),
        0
    );
}

#[actix_rt::test]
async fn answers_recorded_together_survive_a_delivery_deleted_meanwhile() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    add_endpoint(&hub.merchant, "https://hooks.example.ma/e", &PARCEL_EVENTS).await;
    queue_events(&app, 2, 2);
    let ids: Vec<i64> = webhook_deliveries::table
        .order(webhook_deliveries::id)
        .select(webhook_deliveries::id)
        .load(&mut app.conn())
        .unwrap();
    assert_eq!(ids.len(), 2);
    // The first one goes (its endpoint's deletion takes it, say) while both are being sent.
    diesel::delete(webhook_deliveries::table.find(ids[0]))
        .execute(&mut app.conn())
        .unwrap();
    let answered = colivra_webhooks::deliveries::Attempt {
        status_code: Some(200),
        error: None,
        response: Some("ok".to_owned()),
        latency_ms: 12,
    };
    colivra_webhooks::deliveries::record_attempts(
        &mut app.conn(),
        &[(ids[0], answered.clone()), (ids[1], answered)],
        colivra_core::time::now(),
    )
    .unwrap();
    assert_eq!(stored_deliveries(&app), [("delivered".to_owned(), 1)]);
}

#[derive(QueryableByName, Debug, PartialEq, Eq, Hash, Clone)]
struct Statement {
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pid: i32,
    #[diesel(sql_type = diesel::sql_types::Text)]
    started: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    query: String,
}

/// An idle server (no request, no endpoint) leaves the database alone: at most one statement
/// per 5 s (domain.md, issue 37: the webhook sender polled twice a second and the figures' fold
/// every 2 s). Read from PostgreSQL's own view of its backends (`pg_stat_activity`: each
/// backend's last statement and when it started), sampled every 10 ms for 5 s: each statement
/// the server's connections start shows as a new (pid, start) pair. PostgreSQL only: SQLite has
/// no server to ask.
#[actix_rt::test]
async fn an_idle_server_makes_at_most_one_statement_in_five_seconds() {
    use crate::gateways::Gateway;
    let app = TestApp::spawn_for_webhooks().await;
    if !matches!(*app.conn(), colivra_db::DbConnection::Pg(_)) {
        return;
    }
    let server = Gateway::start_with_env(&app, &[]).await;
    // What it does once at start (purges, a first look for due deliveries, LISTEN) is over.
    actix_rt::time::sleep(Duration::from_secs(2)).await;
    let mut watcher = app.conn();
    let sample = |conn: &mut colivra_db::DbConnection| -> Vec<Statement> {
        let colivra_db::DbConnection::Pg(pg) = conn else {
            unreachable!()
        };
        diesel::sql_query(
            "SELECT pid, CAST(query_start AS TEXT) AS started, query FROM pg_stat_activity \
             WHERE datname = current_database() AND pid <> pg_backend_pid() \
             AND query_start IS NOT NULL",
        )
        .load::<Statement>(pg)
        .unwrap()
    };
    let before: HashSet<Statement> = sample(&mut watcher).into_iter().collect();
    let mut started: HashSet<Statement> = HashSet::new();
    let window = std::time::Instant::now();
    while window.elapsed() < Duration::from_secs(5) {
        for statement in sample(&mut watcher) {
            if !before.contains(&statement) {
                started.insert(statement);
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(
        started.len() <= 1,
        "statements of an idle server in 5 s: {started:#?}"
    );
    // The sampling sees statements: a request is one (or more).
    TestClient::new(&server.base)
        .get("/ready")
        .await
        .assert_status(200);
    let seen: Vec<Statement> = sample(&mut watcher)
        .into_iter()
        .filter(|statement| !before.contains(statement) && !started.contains(statement))
        .collect();
    assert!(!seen.is_empty(), "a request's statements are seen");
}
