//! An outcome is dated when it happened (issue 36): the phone sends `recorded_at` with each
//! outcome of its queue; the server keeps it (and when it arrived), within its bounds, and the
//! history, the parcel's outcome, the dashboards' days and the undo window follow.

use crate::support::money::{money_world, ship_round, End, Planned};
use chrono::{Duration, NaiveDateTime};
use colivra_db::schema::{parcel_states, parcels};
use diesel::prelude::*;
use serde_json::{json, Value};

fn rfc3339(at: NaiveDateTime) -> String {
    colivra_core::time::to_rfc3339(&at)
}

#[actix_rt::test]
async fn an_outcome_synced_the_next_morning_keeps_the_evening_it_was_recorded() {
    let w = money_world(1).await;
    let plan = Planned {
        cod: 19_900,
        refund: false,
        rabat: false,
        end: End::Delivered,
        delivery_person: 0,
    };
    let (sent, _) = ship_round(&w, &[plan, plan]).await;
    let (code, other) = (&sent[0].code, &sent[1].code);
    let now = colivra_core::time::now();
    // The parcels left on their exit voucher yesterday morning.
    let left = now - Duration::hours(30);
    diesel::update(parcels::table)
        .set(parcels::status_changed_at.eq(left))
        .execute(&mut w.app.conn())
        .unwrap();
    let courier = &w.delivery_people[0].client;
    let post = |recorded_at: Value| json!({"parcel": code, "status": "delivered", "recorded_at": recorded_at});

    // Out of bounds, each a 422 naming the field, and nothing written.
    for (recorded_at, why) in [
        (json!("hier soir"), "not a timestamp"),
        (json!(rfc3339(now + Duration::minutes(30))), "the future"),
        (
            json!(rfc3339(now - Duration::hours(73))),
            "older than 72 hours",
        ),
        (
            json!(rfc3339(left - Duration::minutes(10))),
            "before it left",
        ),
    ] {
        let res = courier.post("/api/parcels/states", post(recorded_at)).await;
        res.assert_status(422);
        assert!(!res.field_errors("recorded_at").is_empty(), "{why}");
    }
    let status: String = parcels::table
        .filter(parcels::key.eq(code))
        .select(parcels::status)
        .first(&mut w.app.conn())
        .unwrap();
    assert_eq!(status, "out_for_delivery");

    // Recorded yesterday evening at 19:40 (an offset other than UTC), synced now.
    let evening = left + Duration::hours(10);
    let sent_as = chrono::DateTime::<chrono::Utc>::from_naive_utc_and_offset(evening, chrono::Utc)
        .with_timezone(&chrono::FixedOffset::east_opt(3600).unwrap())
        .to_rfc3339();
    let res = courier
        .post("/api/parcels/states", post(json!(sent_as)))
        .await;
    res.assert_status(200);
    let (changed_at, outcome_at): (NaiveDateTime, Option<NaiveDateTime>) = parcels::table
        .filter(parcels::key.eq(code))
        .select((parcels::status_changed_at, parcels::outcome_at))
        .first(&mut w.app.conn())
        .unwrap();
    assert_eq!((changed_at, outcome_at), (evening, Some(evening)));
    let res = courier.get(&format!("/api/parcels/{code}/states")).await;
    let last = res.body["data"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["status"], "delivered");
    assert_eq!(last["created_at"], rfc3339(evening).as_str());
    let received = last["received_at"].as_str().expect("received_at kept");
    assert!(
        received >= rfc3339(now - Duration::seconds(1)).as_str(),
        "{received}"
    );
    // The merchant's dashboard counts it on the day it was delivered.
    let stats = w.merchant.get("/api/statistics").await;
    let daily = stats.body["data"]["daily"].as_array().unwrap().clone();
    let delivered_on = |day: chrono::NaiveDate| {
        daily
            .iter()
            .find(|d| d["date"] == day.to_string().as_str())
            .map(|d| d["delivered"].as_i64().unwrap())
            .unwrap()
    };
    assert_eq!(delivered_on(evening.date()), 1);
    if evening.date() != now.date() {
        assert_eq!(delivered_on(now.date()), 0);
    }
    // Its author may still undo it: the window runs from when the server got it.
    let res = courier
        .post(&format!("/api/parcels/{code}/undo"), json!({}))
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["status"], "out_for_delivery");

    // A phone whose clock runs two minutes ahead: accepted, dated now (never in the future).
    let res = courier
        .post(
            "/api/parcels/states",
            json!({"parcel": other, "status": "delivered",
                   "recorded_at": rfc3339(colivra_core::time::now() + Duration::minutes(2))}),
        )
        .await;
    res.assert_status(200);
    let id: i64 = parcels::table
        .filter(parcels::key.eq(other))
        .select(parcels::id)
        .first(&mut w.app.conn())
        .unwrap();
    let (created_at, received_at): (NaiveDateTime, Option<NaiveDateTime>) = parcel_states::table
        .filter(parcel_states::parcel_id.eq(id))
        .order(parcel_states::id.desc())
        .select((parcel_states::created_at, parcel_states::received_at))
        .first(&mut w.app.conn())
        .unwrap();
    assert!(created_at <= colivra_core::time::now());
    assert_eq!(Some(created_at), received_at);
}
