//! Attempts that can be checked (issue 40): the calls a delivery person places from his round,
//! a failed attempt refused without a call in the 15 minutes before it (or a reason), the
//! position kept with every outcome (the office sees it, the merchant does not), and the share
//! of failed attempts without a call per delivery person.

use chrono::{Duration, Utc};
use colivra_core::Role;
use diesel::prelude::*;
use serde_json::{json, Value};

use crate::support::{Hub, TestApp, TestClient};

fn minutes_ago(minutes: i64) -> String {
    (Utc::now() - Duration::minutes(minutes)).to_rfc3339()
}

async fn call_at(client: &TestClient, parcel: &str, started_at: &str) -> crate::support::Response {
    client
        .post(
            &format!("/api/parcels/{parcel}/calls"),
            json!({ "started_at": started_at, "duration_seconds": 12 }),
        )
        .await
}

async fn state(client: &TestClient, body: Value) -> crate::support::Response {
    client.post("/api/parcels/states", body).await
}

/// The parcel's history as `client` reads it.
async fn history(client: &TestClient, parcel: &str) -> Vec<Value> {
    let res = client.get(&format!("/api/parcels/{parcel}/states")).await;
    res.assert_status(200);
    res.body["data"].as_array().unwrap().clone()
}

/// Three parcels out for delivery with the hub's delivery person.
async fn round(hub: &Hub) -> [String; 3] {
    let parcels = [
        hub.parcel(10_000, json!({})).await,
        hub.parcel(12_000, json!({})).await,
        hub.parcel(14_000, json!({})).await,
    ];
    hub.ship(&[&parcels[0], &parcels[1], &parcels[2]]).await;
    parcels
}

#[actix_rt::test]
async fn a_call_is_kept_for_the_delivery_person_holding_the_parcel_and_checked_at_the_edge() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let [parcel, other, _] = round(&hub).await;

    let res = call_at(&hub.delivery_person, &parcel, &minutes_ago(1)).await;
    res.assert_status(201);
    assert_eq!(res.body["data"]["parcel"], parcel.as_str());
    assert_eq!(res.body["data"]["duration_seconds"], 12);

    // Times and durations out of bounds, a missing time: 422 naming the field.
    for (body, field) in [
        (json!({}), "started_at"),
        (json!({"started_at": "hier"}), "started_at"),
        (
            json!({"started_at": (Utc::now() + Duration::minutes(30)).to_rfc3339()}),
            "started_at",
        ),
        (json!({"started_at": minutes_ago(73 * 60)}), "started_at"),
        (
            json!({"started_at": minutes_ago(1), "duration_seconds": -1}),
            "duration_seconds",
        ),
        (
            json!({"started_at": minutes_ago(1), "duration_seconds": 7201}),
            "duration_seconds",
        ),
    ] {
        let res = hub
            .delivery_person
            .post(&format!("/api/parcels/{parcel}/calls"), body.clone())
            .await;
        res.assert_status(422);
        assert!(
            !res.field_errors(field).is_empty(),
            "{body}: {:?}",
            res.body
        );
    }

    // Another delivery person's parcel is none of his: 404 as for an unknown code.
    let (stranger, _) = app.signed_in(Role::DeliveryPerson, true).await;
    call_at(&stranger, &parcel, &minutes_ago(1))
        .await
        .assert_status(404);
    call_at(&hub.delivery_person, "CLV-NOPE", &minutes_ago(1))
        .await
        .assert_status(404);
    // Merchants and admins place no round calls.
    call_at(&hub.merchant, &parcel, &minutes_ago(1))
        .await
        .assert_status(403);
    call_at(&hub.admin, &parcel, &minutes_ago(1))
        .await
        .assert_status(403);
    // Delivered: it left his round.
    hub.deliver(&[&other]).await;
    call_at(&hub.delivery_person, &other, &minutes_ago(1))
        .await
        .assert_status(409);

    let kept: i64 = colivra_db::schema::parcel_calls::table
        .count()
        .get_result(&mut app.conn())
        .unwrap();
    assert_eq!(kept, 1, "only the call accepted is kept");
}

#[actix_rt::test]
async fn a_failed_attempt_needs_a_call_in_the_15_minutes_before_it_or_a_reason() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let [called, stale, excused] = round(&hub).await;

    // No call at all: refused on no_call_reason, and nothing moved.
    let before = history(&hub.admin, &called).await.len();
    let res = state(
        &hub.delivery_person,
        json!({"parcel": called, "status": "no_answer"}),
    )
    .await;
    res.assert_status(422);
    assert!(
        !res.field_errors("no_call_reason").is_empty(),
        "{:?}",
        res.body
    );
    let view = hub.merchant.get(&format!("/api/parcels/{called}")).await;
    assert_eq!(view.body["data"]["status"], "out_for_delivery");
    assert_eq!(view.body["data"]["attempts"], 0);
    assert_eq!(history(&hub.admin, &called).await.len(), before);

    // A call 5 minutes before counts, with the phone's position.
    call_at(&hub.delivery_person, &called, &minutes_ago(5))
        .await
        .assert_status(201);
    state(
        &hub.delivery_person,
        json!({"parcel": called, "status": "no_answer",
               "position": {"latitude": 33.5731, "longitude": -7.5898, "accuracy": 14.4}}),
    )
    .await
    .assert_status(200);

    // A call 16 minutes before, or one about another parcel, does not.
    call_at(&hub.delivery_person, &stale, &minutes_ago(16))
        .await
        .assert_status(201);
    call_at(&hub.delivery_person, &excused, &minutes_ago(1))
        .await
        .assert_status(201);
    state(
        &hub.delivery_person,
        json!({"parcel": stale, "status": "unreachable"}),
    )
    .await
    .assert_status(422);
    // Recorded offline 10 minutes ago, it counts from then: the 16-minute-old call was 6
    // minutes before it (the parcel left the hub two hours ago, else the time is refused).
    diesel::update(colivra_db::schema::parcels::table)
        .filter(colivra_db::schema::parcels::key.eq(&stale))
        .set(
            colivra_db::schema::parcels::status_changed_at
                .eq(colivra_core::time::now() - Duration::hours(2)),
        )
        .execute(&mut app.conn())
        .unwrap();
    state(
        &hub.delivery_person,
        json!({"parcel": stale, "status": "unreachable", "recorded_at": minutes_ago(10)}),
    )
    .await
    .assert_status(200);

    // With the call a minute ago, a blank reason is no reason and harms nothing.
    state(
        &hub.delivery_person,
        json!({"parcel": excused, "status": "wrong_number", "no_call_reason": "   "}),
    )
    .await
    .assert_status(200);
    // Without a call, a reason stands for it; an over-long one is refused, as a wrong position.
    let [late, _, _] = round(&hub).await;
    let long = state(
        &hub.delivery_person,
        json!({"parcel": late, "status": "no_answer", "no_call_reason": "x".repeat(301)}),
    )
    .await;
    long.assert_status(422);
    assert!(!long.field_errors("no_call_reason").is_empty());
    state(
        &hub.delivery_person,
        json!({"parcel": late, "status": "no_answer",
               "no_call_reason": "  Téléphone   sans crédit ", "position": {"latitude": 91.0, "longitude": 0.0}}),
    )
    .await
    .assert_status(422);
    state(
        &hub.delivery_person,
        json!({"parcel": late, "status": "no_answer", "no_call_reason": "  Téléphone   sans crédit "}),
    )
    .await
    .assert_status(200);

    // The office reads the position and the check on each failed attempt; the merchant does not.
    let rows = history(&hub.admin, &called).await;
    let attempt = rows.last().unwrap();
    assert_eq!(attempt["status"], "no_answer");
    assert_eq!(attempt["called"], true);
    assert_eq!(attempt["position"]["latitude"], 33.5731);
    assert_eq!(attempt["position"]["longitude"], -7.5898);
    assert_eq!(attempt["position"]["accuracy_m"], 14);
    let merchant_rows = history(&hub.merchant, &called).await;
    assert!(merchant_rows.last().unwrap()["position"].is_null());
    assert!(merchant_rows.last().unwrap()["called"].is_null());
    let excused_row = history(&hub.admin, &late).await.pop().unwrap();
    assert_eq!(excused_row["called"], false);
    assert_eq!(excused_row["no_call_reason"], "Téléphone sans crédit");
    // Rows other than a delivery person's failed attempts carry no check.
    let rows = history(&hub.admin, &late).await;
    let shipped = rows
        .iter()
        .find(|row| row["status"] == "out_for_delivery")
        .unwrap();
    assert!(shipped["called"].is_null());
    let wrong_number = history(&hub.admin, &excused).await.pop().unwrap();
    assert_eq!(wrong_number["called"], true);
    assert!(wrong_number["no_call_reason"].is_null());

    // An admin's failed attempt needs no call (he records for the delivery person).
    let [by_office, _, _] = round(&hub).await;
    state(
        &hub.admin,
        json!({"parcel": by_office, "status": "no_answer"}),
    )
    .await
    .assert_status(200);

    // Per delivery person: four failed attempts, one without a call (25 %); three calls.
    let res = hub.admin.get("/api/delivery-admins/calls").await;
    res.assert_status(200);
    let rows = res.body["data"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    let row = &rows[0];
    assert_eq!(row["key"], hub.delivery_person_user.key.as_str());
    assert_eq!(row["failed_attempts"], 4);
    assert_eq!(row["without_call"], 1);
    assert_eq!(row["without_call_percent"], 25);
    assert_eq!(row["calls"], 3);
    // A period before any of it: nothing; a period that ends before it starts: 422.
    let res = hub
        .admin
        .get("/api/delivery-admins/calls?from=2020-01-01&to=2020-01-31")
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["rows"], json!([]));
    let res = hub
        .admin
        .get("/api/delivery-admins/calls?from=2026-02-01&to=2026-01-01")
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("to").is_empty());
    hub.merchant
        .get("/api/delivery-admins/calls")
        .await
        .assert_status(403);
}
