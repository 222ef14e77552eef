//! Failed attempts decided (issue 40): by the merchant, by the recipient on the public tracking
//! page (a wrong code or wrong digits told nothing, and throttled), by the company's default
//! once its delay has passed (a simulated clock), and by both at once.

use actix_web::http::Method;
use diesel::prelude::*;
use serde_json::{json, Value};

use crate::support::{race, until_in_flight_together, Hub, TestApp, TestClient};

/// The hub's default recipient phone ends with these digits.
const LAST4: &str = "5678";

async fn attempt(hub: &Hub, parcel: &str, status: &str, extra: Value) {
    hub.attempt(parcel, status, extra).await;
}

async fn view(client: &TestClient, parcel: &str) -> Value {
    let res = client.get(&format!("/api/parcels/{parcel}")).await;
    res.assert_status(200);
    res.body["data"].clone()
}

async fn waiting(client: &TestClient) -> Vec<Value> {
    let res = client.get("/api/parcels/decisions").await;
    res.assert_status(200);
    res.body["data"].as_array().unwrap().clone()
}

async fn notes(client: &TestClient, parcel: &str) -> Vec<String> {
    let res = client.get(&format!("/api/parcels/{parcel}/states")).await;
    res.assert_status(200);
    res.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| Some(s["note"]["code"].as_str()?.to_owned()))
        .collect()
}

fn day(offset: i64) -> String {
    (colivra_core::time::now().date() + chrono::Duration::days(offset)).to_string()
}

#[actix_rt::test]
async fn merchants_and_recipients_decide_failed_attempts() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let mut parcels = Vec::new();
    for n in 0..6 {
        parcels.push(hub.parcel(10_000 + n, json!({})).await);
    }
    let refs: Vec<&str> = parcels.iter().map(String::as_str).collect();
    hub.ship(&refs).await;
    let [retried, moved, refused, by_recipient, cancelled, delivered] = refs[..] else {
        unreachable!()
    };
    attempt(&hub, retried, "no_answer", json!({})).await;
    attempt(&hub, moved, "unreachable", json!({})).await;
    attempt(&hub, refused, "refused", json!({"comment": "Ne veut plus"})).await;
    attempt(&hub, by_recipient, "no_answer", json!({})).await;
    attempt(&hub, cancelled, "wrong_number", json!({})).await;
    attempt(&hub, delivered, "delivered", json!({})).await;

    // The merchant's list: the five failed attempts, each due after the company's 24 hours.
    let listed = waiting(&hub.merchant).await;
    let mut keys: Vec<&str> = listed
        .iter()
        .map(|d| d["parcel"]["key"].as_str().unwrap())
        .collect();
    keys.sort_unstable();
    let mut expected = vec![retried, moved, refused, by_recipient, cancelled];
    expected.sort_unstable();
    assert_eq!(keys, expected);
    let first = listed
        .iter()
        .find(|d| d["parcel"]["key"] == retried)
        .unwrap();
    assert_eq!(first["decision"]["outcome"], "no_answer");
    let opened =
        colivra_core::time::parse_rfc3339(first["decision"]["opened_at"].as_str().unwrap())
            .unwrap();
    let due =
        colivra_core::time::parse_rfc3339(first["decision"]["due_at"].as_str().unwrap()).unwrap();
    assert_eq!(due - opened, chrono::Duration::hours(24));
    // The parcel lists' filters narrow it: the refusals only, the no answers only.
    for (status, wanted) in [("refused", &refused), ("no_answer", &retried)] {
        let res = hub
            .merchant
            .get(&format!("/api/parcels/decisions?status={status}"))
            .await;
        res.assert_status(200);
        let keys: Vec<&str> = res.body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["parcel"]["key"].as_str().unwrap())
            .collect();
        assert!(keys.iter().any(|key| key == wanted), "{status}: {keys:?}");
        assert!(
            res.body["data"]
                .as_array()
                .unwrap()
                .iter()
                .all(|d| d["parcel"]["status"] == status),
            "{status}: {keys:?}"
        );
    }
    // Another merchant sees none of them, nor may he decide one.
    let (other, _) = app.signed_in(colivra_core::Role::Merchant, true).await;
    assert!(waiting(&other).await.is_empty());
    other
        .put(
            &format!("/api/parcels/{retried}/decision"),
            json!({"action": "reattempt"}),
        )
        .await
        .assert_status(404);

    // Wrong bodies, each named.
    let path = format!("/api/parcels/{retried}/decision");
    let res = hub.merchant.put(&path, json!({})).await;
    res.assert_status(422);
    assert!(!res.field_errors("action").is_empty());
    let res = hub
        .merchant
        .put(&path, json!({"action": "reattempt", "date": day(-1)}))
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("date").is_empty());
    let res = hub.merchant.put(&path, json!({"action": "update"})).await;
    res.assert_status(422);
    assert!(!res.field_errors("address").is_empty());
    let res = hub
        .merchant
        .put(&path, json!({"action": "update", "recipient_phone": "123"}))
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("recipient_phone").is_empty());

    // Another attempt the day after tomorrow: « programmé », on the round that day.
    let res = hub
        .merchant
        .put(
            &path,
            json!({"action": "reattempt", "date": day(2), "comment": "Appelé : dispo jeudi"}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["status"], "scheduled");
    assert_eq!(res.body["data"]["postponed_to"], day(2).as_str());
    hub.merchant
        .put(&path, json!({"action": "return"}))
        .await
        .assert_status(409);
    assert_eq!(
        notes(&hub.merchant, retried).await.last().unwrap(),
        "reattempt_requested"
    );
    let round = hub.delivery_person.get("/api/parcels?view=sent").await;
    assert!(round.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["key"] == retried && p["status"] == "scheduled"));

    // New details: the delivery person sees the change flagged.
    let res = hub
        .merchant
        .put(
            &format!("/api/parcels/{moved}/decision"),
            json!({"action": "update", "address": "8 rue Nouvelle, Maârif", "recipient_phone": "0699887766"}),
        )
        .await;
    res.assert_status(200);
    let after = view(&hub.delivery_person, moved).await;
    assert_eq!(
        (
            &after["status"],
            &after["address"],
            &after["recipient_phone"],
            &after["address_change_pending"]
        ),
        (
            &json!("scheduled"),
            &json!("8 rue Nouvelle, Maârif"),
            &json!("0699887766"),
            &json!(true)
        )
    );

    // A refusal brought back: nothing moves, the decision is on record.
    let res = hub
        .merchant
        .put(
            &format!("/api/parcels/{refused}/decision"),
            json!({"action": "return"}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["status"], "refused");
    // Another failed attempt's return: cancelled, to be brought back (by an admin here).
    let res = hub
        .admin
        .put(
            &format!("/api/parcels/{cancelled}/decision"),
            json!({"action": "return"}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["status"], "cancelled");
    assert_eq!(
        notes(&hub.admin, cancelled).await.last().unwrap(),
        "return_requested"
    );
    // A delivered parcel waits for nothing.
    hub.merchant
        .put(
            &format!("/api/parcels/{delivered}/decision"),
            json!({"action": "reattempt"}),
        )
        .await
        .assert_status(409);

    // The recipient, on the tracking page: a wrong code and wrong digits answer alike.
    let public = app.client();
    let tracked = public.get(&format!("/api/tracking/{by_recipient}")).await;
    tracked.assert_status(200);
    assert!(tracked.body["data"]["decision_until"].is_string());
    let decide = |code: &str, body: Value| {
        let public = &public;
        let path = format!("/api/tracking/{code}/decision");
        async move { public.post(&path, body).await }
    };
    let unknown = decide(
        "CL0000000000",
        json!({"phone_last4": LAST4, "action": "reattempt"}),
    )
    .await;
    let wrong = decide(
        by_recipient,
        json!({"phone_last4": "0000", "action": "reattempt"}),
    )
    .await;
    unknown.assert_status(404);
    wrong.assert_status(404);
    assert_eq!(
        unknown.body, wrong.body,
        "nothing tells a wrong code from wrong digits"
    );
    let res = decide(
        by_recipient,
        json!({"phone_last4": "12", "action": "later"}),
    )
    .await;
    res.assert_status(422);
    let res = decide(by_recipient, json!({"phone_last4": LAST4, "action": "reattempt", "date": day(3), "note": "Après 18 h, sonner chez le voisin"})).await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["status"], "scheduled");
    assert_eq!(res.body["data"]["decision_until"], Value::Null);
    // What the recipient saw of the parcel stays what the tracking page shows: no name, phone
    // or amount.
    let text = res.text.to_lowercase();
    assert!(!text.contains("amina") && !text.contains("0612345678") && !text.contains("10003"));
    let scheduled = view(&hub.merchant, by_recipient).await;
    assert_eq!(scheduled["postponed_to"], day(3).as_str());
    assert_eq!(
        notes(&hub.merchant, by_recipient).await.last().unwrap(),
        "reattempt_by_recipient"
    );
    decide(
        by_recipient,
        json!({"phone_last4": LAST4, "action": "cancel"}),
    )
    .await
    .assert_status(409);

    // Five wrong guesses from this address (two above, three here), then even the right digits
    // wait.
    let guessed = hub.parcel(9_000, json!({})).await;
    hub.ship(&[&guessed]).await;
    attempt(&hub, &guessed, "no_answer", json!({})).await;
    for n in 0..3 {
        decide(
            &guessed,
            json!({"phone_last4": format!("000{n}"), "action": "cancel"}),
        )
        .await
        .assert_status(404);
    }
    let res = decide(&guessed, json!({"phone_last4": LAST4, "action": "cancel"})).await;
    res.assert_status(429);
    assert!(res.header("retry-after").is_some());
    assert_eq!(view(&hub.merchant, &guessed).await["status"], "no_answer");
}

#[actix_rt::test]
async fn the_recipient_cancels_and_the_default_applies_after_the_delay() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let cancelled = hub.parcel(10_000, json!({})).await;
    let undecided = hub.parcel(11_000, json!({})).await;
    let refused = hub.parcel(12_000, json!({})).await;
    let postponed = hub.parcel(13_000, json!({})).await;
    hub.ship(&[&cancelled, &undecided, &refused, &postponed])
        .await;
    attempt(&hub, &cancelled, "unreachable", json!({})).await;
    attempt(&hub, &undecided, "no_answer", json!({})).await;
    attempt(&hub, &refused, "refused", json!({"comment": "Colis abîmé"})).await;
    attempt(&hub, &postponed, "postponed", json!({"date": day(5)})).await;

    // The recipient no longer wants it: refused, on the recipient's word.
    let res = app
        .client()
        .post(
            &format!("/api/tracking/{cancelled}/decision"),
            json!({"phone_last4": LAST4, "action": "cancel"}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["status"], "refused");
    assert_eq!(
        notes(&hub.merchant, &cancelled).await.last().unwrap(),
        "cancelled_by_recipient"
    );

    // Nobody decides the others. Before the delay, nothing; past it, the default.
    let stock = colivra_inventory::parcel_stock::InventoryStock;
    let now = colivra_core::time::now();
    let applied =
        colivra_parcels::decisions::apply_due_defaults(&mut app.conn(), &stock, now).unwrap();
    assert_eq!(applied, 0);
    let later = now + chrono::Duration::hours(25);
    let applied = colivra_core::time::with_clock_at(later, || {
        colivra_parcels::decisions::apply_due_defaults(&mut app.conn(), &stock, later)
    })
    .unwrap();
    assert_eq!(applied, 3);
    // Another attempt the next day (of the simulated clock), as « programmé »…
    let tomorrow = (later.date() + chrono::Duration::days(1)).to_string();
    let res = view(&hub.merchant, &undecided).await;
    assert_eq!(
        (&res["status"], &res["postponed_to"]),
        (&json!("scheduled"), &json!(tomorrow))
    );
    assert_eq!(
        notes(&hub.merchant, &undecided).await.last().unwrap(),
        "reattempt_by_default"
    );
    // … the postponed one on the day the recipient asked for …
    let res = view(&hub.merchant, &postponed).await;
    assert_eq!(
        (&res["status"], &res["postponed_to"]),
        (&json!("scheduled"), &json!(day(5)))
    );
    // … and the refusal goes back as it was.
    assert_eq!(view(&hub.merchant, &refused).await["status"], "refused");
    assert!(waiting(&hub.merchant).await.is_empty());
    // What the default decided is on record.
    use colivra_db::schema::parcel_decisions;
    let sources: Vec<(Option<String>, Option<String>)> = parcel_decisions::table
        .order(parcel_decisions::id)
        .select((parcel_decisions::source, parcel_decisions::action))
        .load(&mut app.conn())
        .unwrap();
    assert_eq!(
        sources,
        vec![
            (Some("recipient".into()), Some("cancel".into())),
            (Some("default".into()), Some("reattempt".into())),
            (Some("default".into()), Some("return".into())),
            (Some("default".into()), Some("reattempt".into())),
        ]
    );
}

#[actix_rt::test]
async fn the_merchant_and_the_recipient_deciding_at_once_leave_one_decision() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    until_in_flight_together(async || {
        let parcel = hub.parcel(10_000, json!({})).await;
        hub.ship(&[&parcel]).await;
        attempt(&hub, &parcel, "no_answer", json!({})).await;
        let public = app.client();
        // The public client needs its CSRF cookie like any browser's page.
        public.get("/sanctum/csrf-cookie").await.assert_status(204);
        let run = race(vec![
            hub.merchant.racer(
                Method::PUT,
                &format!("/api/parcels/{parcel}/decision"),
                Some(json!({"action": "return"})),
            ),
            public.racer(
                Method::POST,
                &format!("/api/tracking/{parcel}/decision"),
                Some(json!({"phone_last4": LAST4, "action": "reattempt"})),
            ),
        ])
        .await;
        run.one_winner(200, &[409]);
        use colivra_db::schema::{parcel_decisions, parcels};
        let decided: Vec<Option<String>> = parcel_decisions::table
            .inner_join(parcels::table)
            .filter(parcels::key.eq(&parcel))
            .select(parcel_decisions::source)
            .load(&mut app.conn())
            .unwrap();
        assert_eq!(decided.len(), 1, "one decision row: {decided:?}");
        let status = view(&hub.merchant, &parcel).await["status"].clone();
        let expected = if decided[0].as_deref() == Some("merchant") {
            "cancelled"
        } else {
            "scheduled"
        };
        assert_eq!(status, expected);
        run
    })
    .await;
}
