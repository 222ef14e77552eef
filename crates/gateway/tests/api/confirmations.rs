//! Orders confirmed before pickup (issue 40): a merchant on the confirmation service, the
//! agents' queue with its leases, each call's outcome, the company's policy, the fee on the
//! client invoice, the statistics, and eight agents asking for work at once.

use diesel::prelude::*;
use serde_json::{json, Value};

use crate::support::{race, until_in_flight_together, Hub, TestApp, TestClient};

/// A signed-in admin staff member holding `confirmations` only.
async fn new_agent(app: &TestApp, name: &str) -> (TestClient, String) {
    let email = format!(
        "{name}-{}@colivra.test",
        colivra_core::key::random_secret(6).to_lowercase()
    );
    let user = app.create_admin_staff(&email, &["confirmations"]);
    let client = app.client();
    client
        .login(&email, crate::support::PASSWORD)
        .await
        .assert_status(200);
    (client, user.key)
}

/// Puts the hub's merchant on the confirmation service at `fee` centimes per confirmed parcel.
async fn enrol(hub: &Hub, fee: i64) -> Value {
    let res = hub
        .admin
        .put(
            &format!("/api/clients/{}", hub.merchant_user.key),
            json!({"confirmation_required": true, "confirmation_fee": fee}),
        )
        .await;
    res.assert_status(200);
    res.body["data"].clone()
}

async fn next(agent: &TestClient) -> Option<Value> {
    let res = agent.post("/api/confirmations/next", json!({})).await;
    match res.status {
        204 => None,
        200 => Some(res.body["data"].clone()),
        other => panic!("next: {other} {}", res.text),
    }
}

async fn decide(agent: &TestClient, parcel: &str, body: Value) -> crate::support::Response {
    agent
        .put(&format!("/api/confirmations/{parcel}"), body)
        .await
}

async fn status_of(client: &TestClient, parcel: &str) -> String {
    let res = client.get(&format!("/api/parcels/{parcel}")).await;
    res.assert_status(200);
    res.body["data"]["status"].as_str().unwrap().to_owned()
}

/// The queue row's columns a test moves in time (the next call due, a lease run out).
fn age_queue_row(
    app: &TestApp,
    parcel: &str,
    due_minutes_ago: i64,
    lease_minutes_ago: Option<i64>,
) {
    use colivra_db::schema::{confirmation_queue as queue, parcels};
    let mut conn = app.conn();
    let id: i64 = parcels::table
        .filter(parcels::key.eq(parcel))
        .select(parcels::id)
        .first(&mut conn)
        .unwrap();
    let now = colivra_core::time::now();
    diesel::update(queue::table.filter(queue::parcel_id.eq(id)))
        .set((
            queue::due_at.eq(now - chrono::Duration::minutes(due_minutes_ago)),
            queue::leased_until.eq(lease_minutes_ago.map(|m| now - chrono::Duration::minutes(m))),
        ))
        .execute(&mut conn)
        .unwrap();
}

/// The notes of a parcel's history, oldest first.
async fn history_notes(client: &TestClient, parcel: &str) -> Vec<String> {
    let res = client.get(&format!("/api/parcels/{parcel}/states")).await;
    res.assert_status(200);
    // The history comes in the order it was written.
    res.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| Some(s["note"]["code"].as_str()?.to_owned()))
        .collect()
}

#[actix_rt::test]
async fn an_agent_confirms_a_merchants_order_with_its_fee_on_his_invoice() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let merchant = enrol(&hub, 500).await;
    assert_eq!(
        (
            &merchant["confirmation_required"],
            &merchant["confirmation_fee"]
        ),
        (&json!(true), &json!(500))
    );
    // A fee past 1,000 DH is refused, naming the field.
    let res = hub
        .admin
        .put(
            &format!("/api/clients/{}", hub.merchant_user.key),
            json!({"confirmation_fee": 100_001}),
        )
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("confirmation_fee").is_empty());

    // His new parcel waits « à confirmer », in his own view of them.
    let parcel = hub.parcel(24_900, json!({})).await;
    assert_eq!(status_of(&hub.merchant, &parcel).await, "to_confirm");
    let res = hub.merchant.get("/api/parcels?view=to-confirm").await;
    res.assert_status(200);
    let listed: Vec<&str> = res.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["key"].as_str())
        .collect();
    assert_eq!(listed, vec![parcel.as_str()]);
    // Nor can it go on a pickup voucher before it is confirmed.
    let res = hub
        .merchant
        .post("/api/pickup-vouchers", json!({"parcels": [parcel]}))
        .await;
    res.assert_status(422);
    assert!(res.field_errors("parcels")[0].contains("À confirmer"));

    let (first, _) = new_agent(&app, "nadia").await;
    let (second, _) = new_agent(&app, "yassine").await;
    let task = next(&first).await.expect("a parcel to call");
    assert_eq!(task["parcel"]["key"], parcel.as_str());
    assert_eq!(
        (task["tries"].as_i64(), task["max_tries"].as_i64()),
        (Some(0), Some(3))
    );
    // Asking again, he keeps it; the other agent gets nothing, and may not record a call on it.
    assert_eq!(
        next(&first).await.unwrap()["parcel"]["key"],
        parcel.as_str()
    );
    assert!(next(&second).await.is_none());
    decide(&second, &parcel, json!({"outcome": "confirmed"}))
        .await
        .assert_status(409);

    // No answer: called again later (two hours by default), by whoever is free then.
    let res = decide(&first, &parcel, json!({"outcome": "no_answer"})).await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["parcel"]["status"], "to_confirm");
    assert_eq!(res.body["data"]["tries"], 1);
    let retry_at =
        colivra_core::time::parse_rfc3339(res.body["data"]["retry_at"].as_str().unwrap()).unwrap();
    let wait = retry_at - colivra_core::time::now();
    assert!(
        wait > chrono::Duration::minutes(118) && wait <= chrono::Duration::minutes(120),
        "{wait}"
    );
    assert!(next(&first).await.is_none(), "not due before its time");
    age_queue_row(&app, &parcel, 1, None);
    let task = next(&second).await.expect("due again");
    assert_eq!(task["tries"], 1);
    assert_eq!(task["calls"][0]["outcome"], "no_answer");

    // An amount the agent may not set: more than 20 % off the merchant's 249 DH.
    let res = decide(
        &second,
        &parcel,
        json!({"outcome": "confirmed", "cod_amount": 19_000}),
    )
    .await;
    res.assert_status(422);
    assert!(res.field_errors("cod_amount")[0].contains("199,20"));
    // Confirmed, with a discount the recipient agreed and his new phone and address.
    let res = decide(
        &second,
        &parcel,
        json!({"outcome": "confirmed", "recipient_phone": "+212 661 000 009", "address": "12 rue Nouvelle, Maârif", "cod_amount": 22_000}),
    )
    .await;
    res.assert_status(200);
    let view = &res.body["data"]["parcel"];
    assert_eq!(view["status"], "new");
    assert_eq!(view["cod_amount"], 22_000);
    assert_eq!(view["recipient_phone"], "0661000009");
    assert_eq!(view["address"], "12 rue Nouvelle, Maârif");
    // The city's fees (20, 10, 15 DH) plus the merchant's 5 DH, shown apart too.
    assert_eq!(
        view["fees"],
        json!({"delivery": 2_500, "return": 1_500, "refusal": 2_000})
    );
    assert_eq!(view["confirmation_fee"], 500);
    // Decided: another call on it is refused.
    decide(
        &second,
        &parcel,
        json!({"outcome": "cancelled", "comment": "?"}),
    )
    .await
    .assert_status(409);
    assert_eq!(
        history_notes(&hub.merchant, &parcel).await,
        vec![
            "confirmation_no_answer",
            "confirmation_amount",
            "confirmation_corrected",
            "confirmed"
        ]
    );

    // The merchant edits it (its city's fees again): the confirmation's price stays in.
    let res = hub
        .merchant
        .put(
            &format!("/api/parcels/{parcel}"),
            json!({"shop": hub.shop, "recipient_name": "Amina Benali", "recipient_phone": "0661000009",
                   "city": hub.city, "address": "12 rue Nouvelle, Maârif", "cod_amount": 25_900, "product": "Robe"}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["fees"]["delivery"], 2_500);

    // Delivered and paid in: the client invoice bills 25 DH of fees for it, TVA included.
    hub.ship(&[&parcel]).await;
    hub.deliver(&[&parcel]).await;
    hub.hand_over_cash().await;
    let res = hub
        .admin
        .post(
            "/api/clients/invoices",
            json!({"shop": hub.shop, "type": "delivered"}),
        )
        .await;
    res.assert_status(201);
    assert_eq!(res.body["data"]["fees_total"], 2_500);
    assert_eq!(res.body["data"]["cod_total"], 25_900);
    assert_eq!(res.body["data"]["total"], 25_900 - 2_500);

    // The statistics: one call each, the second agent's a confirmation.
    let res = hub.admin.get("/api/confirmations/statistics").await;
    res.assert_status(200);
    let stats = &res.body["data"];
    assert_eq!(stats["queue"], json!({"waiting": 0, "due": 0, "held": 0}));
    let agents = stats["agents"].as_array().unwrap();
    assert_eq!(agents.len(), 2, "{agents:?}");
    let confirming = agents.iter().find(|a| a["confirmed"] == 1).unwrap();
    assert_eq!(
        (
            confirming["calls"].as_i64(),
            confirming["confirmation_rate"].as_i64()
        ),
        (Some(1), Some(100))
    );
    let unanswered = agents.iter().find(|a| a["no_answer"] == 1).unwrap();
    assert_eq!(unanswered["confirmation_rate"], Value::Null);
    assert_eq!(unanswered["mean_minutes_to_confirm"], Value::Null);
    let merchants = stats["merchants"].as_array().unwrap();
    assert_eq!(merchants.len(), 1);
    assert_eq!(merchants[0]["key"], hub.merchant_user.key.as_str());
    assert_eq!(
        (
            merchants[0]["calls"].as_i64(),
            merchants[0]["confirmed"].as_i64()
        ),
        (Some(2), Some(1))
    );
    // A period that ends before it starts.
    hub.admin
        .get("/api/confirmations/statistics?from=2026-12-10&to=2026-12-01")
        .await
        .assert_status(422);
}

#[actix_rt::test]
async fn cancellations_unanswered_calls_and_wrong_numbers_follow_the_companys_policy() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    enrol(&hub, 0).await;
    let (agent, _) = new_agent(&app, "salma").await;
    // Two calls, then back to the merchant.
    let res = hub
        .admin
        .put(
            "/api/settings/recipients",
            json!({"to_confirm_percent": 25, "risky_percent": 50, "risky_min_failed": 2,
                   "to_confirm_action": "warn", "risky_action": "warn", "months_kept": 12,
                   "confirmation_tries": 2, "confirmation_given_up": "merchant",
                   "confirmation_retry_minutes": 30}),
        )
        .await;
    res.assert_status(200);
    let cancelled = hub.parcel(10_000, json!({})).await;
    let unanswered = hub.parcel(11_000, json!({})).await;
    let wrong = hub.parcel(12_000, json!({})).await;

    // Oldest first: the first parcel. The checks of the body come before the lease.
    let task = next(&agent).await.unwrap();
    assert_eq!(task["parcel"]["key"], cancelled.as_str());
    let res = decide(&agent, &cancelled, json!({})).await;
    res.assert_status(422);
    assert!(!res.field_errors("outcome").is_empty());
    let res = decide(&agent, &cancelled, json!({"outcome": "cancelled"})).await;
    res.assert_status(422);
    assert!(!res.field_errors("comment").is_empty());
    let res = decide(
        &agent,
        &cancelled,
        json!({"outcome": "no_answer", "retry_at": "2020-01-01T10:00:00Z", "address": "ailleurs"}),
    )
    .await;
    res.assert_status(422);
    assert!(!res.field_errors("retry_at").is_empty());
    assert!(!res.field_errors("address").is_empty());
    let res = decide(
        &agent,
        &cancelled,
        json!({"outcome": "confirmed", "recipient_phone": "12345"}),
    )
    .await;
    res.assert_status(422);
    assert!(!res.field_errors("recipient_phone").is_empty());
    let res = decide(
        &agent,
        &cancelled,
        json!({"outcome": "cancelled", "comment": "A commandé par erreur"}),
    )
    .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["parcel"]["status"], "cancelled");
    assert_eq!(res.body["data"]["parcel"]["fees"]["delivery"], 2_000);

    // Unanswered twice (the company's tries): back to the merchant, who decides.
    assert_eq!(
        next(&agent).await.unwrap()["parcel"]["key"],
        unanswered.as_str()
    );
    let soon =
        colivra_core::time::to_rfc3339(&(colivra_core::time::now() + chrono::Duration::hours(3)));
    let res = decide(
        &agent,
        &unanswered,
        json!({"outcome": "no_answer", "retry_at": soon, "comment": "Messagerie"}),
    )
    .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["retry_at"], soon.as_str());
    // The next one meanwhile: the wrong number, given up at once.
    assert_eq!(next(&agent).await.unwrap()["parcel"]["key"], wrong.as_str());
    let res = decide(&agent, &wrong, json!({"outcome": "wrong_number"})).await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["parcel"]["status"], "new");
    assert!(next(&agent).await.is_none());
    age_queue_row(&app, &unanswered, 1, None);
    assert_eq!(
        next(&agent).await.unwrap()["parcel"]["key"],
        unanswered.as_str()
    );
    let res = decide(&agent, &unanswered, json!({"outcome": "no_answer"})).await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["parcel"]["status"], "new");
    assert_eq!(res.body["data"]["retry_at"], Value::Null);
    assert_eq!(
        history_notes(&hub.merchant, &unanswered).await,
        vec![
            "confirmation_no_answer",
            "confirmation_no_answer",
            "confirmation_given_up"
        ]
    );
    assert_eq!(
        history_notes(&hub.merchant, &wrong).await,
        vec!["confirmation_wrong_number", "confirmation_given_up"]
    );

    // The merchant cancels one an agent holds: the agent's call is refused, the queue is empty.
    let held = hub.parcel(13_000, json!({})).await;
    assert_eq!(next(&agent).await.unwrap()["parcel"]["key"], held.as_str());
    hub.merchant
        .put(
            &format!("/api/parcels/{held}/cancel"),
            json!({"comment": "Plus en stock"}),
        )
        .await
        .assert_status(200);
    decide(&agent, &held, json!({"outcome": "confirmed"}))
        .await
        .assert_status(409);
    assert!(next(&agent).await.is_none());

    // A lease run out: another agent takes the parcel, and the first one's call is refused.
    let left = hub.parcel(14_000, json!({})).await;
    assert_eq!(next(&agent).await.unwrap()["parcel"]["key"], left.as_str());
    age_queue_row(&app, &left, 20, Some(1));
    let (other, _) = new_agent(&app, "karim").await;
    assert_eq!(next(&other).await.unwrap()["parcel"]["key"], left.as_str());
    decide(&agent, &left, json!({"outcome": "confirmed"}))
        .await
        .assert_status(409);
    decide(&other, &left, json!({"outcome": "confirmed"}))
        .await
        .assert_status(200);

    // A parcel never in the queue: 404; a merchant: 403.
    decide(&agent, "CL0000000000", json!({"outcome": "confirmed"}))
        .await
        .assert_status(404);
    hub.merchant
        .post("/api/confirmations/next", json!({}))
        .await
        .assert_status(403);
}

#[actix_rt::test]
async fn the_policy_sends_a_doubtful_recipients_parcels_to_the_agents() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    // A recipient who refused his only parcel: « à confirmer » (100 %, one failure).
    let phone = "0662000001";
    let refused = hub.parcel(10_000, json!({"recipient_phone": phone})).await;
    hub.ship(&[&refused]).await;
    hub.delivery_person
        .post(
            "/api/parcels/states",
            json!({"parcel": refused, "status": "refused", "comment": "Refuse de payer"}),
        )
        .await
        .assert_status(200);
    // Until the policy says so, his parcels are simply new (a warning).
    let warned = hub.parcel(10_000, json!({"recipient_phone": phone})).await;
    assert_eq!(status_of(&hub.merchant, &warned).await, "new");
    let res = hub
        .admin
        .put(
            "/api/settings/recipients",
            json!({"to_confirm_percent": 25, "risky_percent": 50, "risky_min_failed": 2,
                   "to_confirm_action": "confirm", "risky_action": "refuse", "months_kept": 12}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["confirmation_tries"], 3);
    let doubtful = hub.parcel(10_000, json!({"recipient_phone": phone})).await;
    assert_eq!(status_of(&hub.merchant, &doubtful).await, "to_confirm");
    // Another recipient's parcel of the same merchant (not on the service) is new.
    let other = hub
        .parcel(10_000, json!({"recipient_phone": "0662000002"}))
        .await;
    assert_eq!(status_of(&hub.merchant, &other).await, "new");
    // An import row for him too.
    let csv = format!(
        "destinataire;telephone;ville;adresse;montant;produit\n\
         Hamid;{phone};Casablanca;2 rue B;150;Sac\n\
         Leila;0662000003;Casablanca;3 rue C;90;Montre\n"
    );
    let res = hub
        .merchant
        .post_bytes("/api/parcels/import", csv.into_bytes(), "text/csv")
        .await;
    res.assert_status(201);
    let keys: Vec<String> = res.body["keys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(status_of(&hub.merchant, &keys[0]).await, "to_confirm");
    assert_eq!(status_of(&hub.merchant, &keys[1]).await, "new");
    // A merchant may still cancel or delete it before it is confirmed.
    hub.merchant
        .delete(&format!("/api/parcels/{}", keys[0]))
        .await
        .assert_status(204);
    let (agent, _) = new_agent(&app, "imane").await;
    assert_eq!(
        next(&agent).await.unwrap()["parcel"]["key"],
        doubtful.as_str()
    );
}

#[actix_rt::test]
async fn eight_agents_asking_at_once_each_get_their_own_parcel() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    enrol(&hub, 0).await;
    let mut agents = Vec::new();
    for n in 0..8 {
        agents.push(new_agent(&app, &format!("agent{n}")).await);
    }
    until_in_flight_together(async || {
        // Five parcels waiting (what an earlier attempt left is decided first).
        release_all(&app);
        let parcels: Vec<String> = {
            let mut keys = Vec::new();
            for n in 0..5 {
                keys.push(hub.parcel(10_000 + n, json!({})).await);
            }
            keys
        };
        let run = race(
            agents
                .iter()
                .map(|(client, _)| {
                    client.racer(
                        actix_web::http::Method::POST,
                        "/api/confirmations/next",
                        Some(json!({})),
                    )
                })
                .collect(),
        )
        .await;
        let mut statuses = run.statuses();
        statuses.sort_unstable();
        assert_eq!(
            statuses,
            vec![200, 200, 200, 200, 200, 204, 204, 204],
            "{statuses:?}"
        );
        let mut given: Vec<String> = run
            .responses
            .iter()
            .filter(|r| r.status == 200)
            .map(|r| r.body["data"]["parcel"]["key"].as_str().unwrap().to_owned())
            .collect();
        given.sort();
        let mut expected = parcels.clone();
        expected.sort();
        assert_eq!(given, expected, "each parcel to one agent, none lost");
        // The database agrees: five leases, five different agents.
        let holders = holders(&app, &parcels);
        let mut distinct = holders.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!((holders.len(), distinct.len()), (5, 5), "{holders:?}");
        run
    })
    .await;
}

/// The agents holding `parcels` now (a lease running), one per parcel held.
fn holders(app: &TestApp, parcels: &[String]) -> Vec<i64> {
    use colivra_db::schema::{confirmation_queue as queue, parcels};
    let mut conn = app.conn();
    queue::table
        .inner_join(parcels::table)
        .filter(parcels::key.eq_any(parcels))
        .filter(queue::leased_until.gt(colivra_core::time::now()))
        .select(queue::agent_id.assume_not_null())
        .load(&mut conn)
        .unwrap()
}

/// Ends the open queue rows (an earlier attempt's), as if decided.
fn release_all(app: &TestApp) {
    use colivra_db::schema::confirmation_queue as queue;
    diesel::update(queue::table.filter(queue::closed_at.is_null()))
        .set(queue::closed_at.eq(colivra_core::time::now()))
        .execute(&mut app.conn())
        .unwrap();
}
