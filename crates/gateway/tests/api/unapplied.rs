//! A refused outcome stays on record (issue 36): an outcome the phone sends from its queue that
//! the server refuses is kept with the cash it implies, listed for the office (and for its
//! delivery person), resolved once (apply, cash returned, dismiss with a reason), never deleted:
//! the phone can only mark it seen.

use crate::support::money::{key_of, money_world, ship_round, End, Planned};
use colivra_db::schema::{activities, unapplied_outcomes};
use diesel::prelude::*;
use serde_json::{json, Value};

fn planned(cod: i64, refund: bool, delivery_person: usize) -> Planned {
    Planned {
        cod,
        refund,
        rabat: false,
        end: End::Delivered,
        delivery_person,
    }
}

fn queued(code: &str, status: &str) -> Value {
    let recorded_at = colivra_core::time::now() - chrono::Duration::minutes(2);
    json!({"parcel": code, "status": status, "recorded_at": colivra_core::time::to_rfc3339(&recorded_at)})
}

#[actix_rt::test]
async fn a_refused_queued_outcome_is_kept_with_its_cash_and_resolved_once() {
    let w = money_world(2).await;
    let (sent, _) = ship_round(
        &w,
        &[
            planned(16_000, false, 0),
            planned(12_000, true, 0),
            planned(9_900, false, 0),
        ],
    )
    .await;
    let (lost, refund, reassigned) = (&sent[0].code, &sent[1].code, &sent[2].code);
    let courier = &w.delivery_people[0].client;

    // Meanwhile the office declares one lost and gives another to the second delivery person.
    w.admin
        .post(
            "/api/parcels/states",
            json!({"parcel": lost, "status": "lost", "comment": "Perdu au dépôt"}),
        )
        .await
        .assert_status(200);
    w.admin
        .put(
            &format!("/api/parcels/delivery-admins/{}", w.delivery_people[1].key),
            json!({"parcels": [reassigned]}),
        )
        .await
        .assert_status(200);

    // His queue reaches the server: « Livré » on both is refused, twice for the first (the same
    // outcome sent again), and kept once each; an online refusal (no recorded_at) is not kept.
    let body = queued(lost, "delivered");
    courier
        .post("/api/parcels/states", body.clone())
        .await
        .assert_status(409);
    courier
        .post("/api/parcels/states", body)
        .await
        .assert_status(409);
    courier
        .post("/api/parcels/states", queued(reassigned, "delivered"))
        .await
        .assert_status(404);
    courier
        .post(
            "/api/parcels/states",
            json!({"parcel": lost, "status": "no_answer"}),
        )
        .await
        .assert_status(409);
    // A refund's « Livré » refused: the cash at stake is paid out (negative). Cancelled first.
    w.admin
        .post(
            "/api/parcels/states",
            json!({"parcel": refund, "status": "cancelled", "comment": "Annulé par le client"}),
        )
        .await
        .assert_status(200);
    courier
        .post("/api/parcels/states", queued(refund, "delivered"))
        .await
        .assert_status(409);
    let stored: i64 = unapplied_outcomes::table
        .count()
        .get_result(&mut w.app.conn())
        .unwrap();
    assert_eq!(stored, 3);

    // The office's work queue, oldest first, with the cash each implies.
    let res = w
        .admin
        .get("/api/parcels/outcomes/unapplied?status=open")
        .await;
    res.assert_status(200);
    let rows = res.body["data"].as_array().unwrap().clone();
    let by_parcel = |code: &str| {
        rows.iter()
            .find(|row| row["parcel"]["key"] == code)
            .unwrap_or_else(|| panic!("{code} missing"))
            .clone()
    };
    let lost_row = by_parcel(lost);
    assert_eq!(lost_row["cash_at_stake"], 16_000);
    assert_eq!(lost_row["outcome"], "delivered");
    assert_eq!(lost_row["parcel"]["status"], "lost");
    assert_eq!(
        lost_row["delivery_admin"]["key"],
        w.delivery_people[0].key.as_str()
    );
    assert_eq!(lost_row["state"], "open");
    assert!(!lost_row["reason"].as_str().unwrap().is_empty());
    assert_eq!(by_parcel(reassigned)["cash_at_stake"], 9_900);
    assert_eq!(by_parcel(refund)["cash_at_stake"], -12_000);
    // The parcel drawer reads one parcel's; the delivery person sees his own; the other none.
    let res = w
        .admin
        .get(&format!("/api/parcels/outcomes/unapplied?parcel={lost}"))
        .await;
    assert_eq!(res.body["meta"]["total"], 1);
    assert_eq!(
        courier.get("/api/parcels/outcomes/unapplied").await.body["meta"]["total"],
        3
    );
    assert_eq!(
        w.delivery_people[1]
            .client
            .get("/api/parcels/outcomes/unapplied")
            .await
            .body["meta"]["total"],
        0
    );

    // The phone marks one seen: it stays, with when.
    let lost_key = key_of(&lost_row);
    let res = courier
        .put(
            &format!("/api/parcels/outcomes/unapplied/{lost_key}/seen"),
            json!({}),
        )
        .await;
    res.assert_status(200);
    assert!(res.body["data"]["seen_at"].is_string());
    w.delivery_people[1]
        .client
        .put(
            &format!("/api/parcels/outcomes/unapplied/{lost_key}/seen"),
            json!({}),
        )
        .await
        .assert_status(404);

    // Resolutions: a dismissal needs its reason; the cash returned settles it, once.
    let path = format!("/api/parcels/outcomes/unapplied/{lost_key}");
    let res = w.admin.put(&path, json!({"resolution": "dismiss"})).await;
    res.assert_status(422);
    assert!(!res.field_errors("comment").is_empty());
    w.admin
        .put(&path, json!({"resolution": "refund"}))
        .await
        .assert_status(422);
    let res = w
        .admin
        .put(
            &path,
            json!({"resolution": "cash_returned", "comment": "160 DH remis au bureau"}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["state"], "resolved");
    assert_eq!(res.body["data"]["resolution"], "cash_returned");
    assert!(res.body["data"]["resolved_by_name"].is_string());
    w.admin
        .put(&path, json!({"resolution": "dismiss", "comment": "Encore"}))
        .await
        .assert_status(409);

    // Applying the reassigned parcel's « Livré »: it is delivered by the one who recorded it.
    let reassigned_key = key_of(&by_parcel(reassigned));
    let res = w
        .admin
        .put(
            &format!("/api/parcels/outcomes/unapplied/{reassigned_key}"),
            json!({"resolution": "apply"}),
        )
        .await;
    res.assert_status(200);
    let parcel = w.admin.get(&format!("/api/parcels/{reassigned}")).await;
    assert_eq!(parcel.body["data"]["status"], "delivered");
    assert_eq!(
        parcel.body["data"]["delivery_admin"],
        w.delivery_people[0].key.as_str()
    );
    // Applying the cancelled refund's is refused by the state machine: nothing written.
    let refund_key = key_of(&by_parcel(refund));
    w.admin
        .put(
            &format!("/api/parcels/outcomes/unapplied/{refund_key}"),
            json!({"resolution": "apply"}),
        )
        .await
        .assert_status(409);
    let res = w
        .admin
        .get("/api/parcels/outcomes/unapplied?status=open")
        .await;
    assert_eq!(keys(&res.body["data"]), vec![refund_key.clone()]);
    let res = w
        .admin
        .get("/api/parcels/outcomes/unapplied?status=resolved")
        .await;
    assert_eq!(res.body["meta"]["total"], 2);
    w.admin
        .get("/api/parcels/outcomes/unapplied?status=lost")
        .await
        .assert_status(422);

    // Each kept and each resolved is an activity of its parcel.
    let recorded: Vec<String> = activities::table
        .filter(activities::action.like("parcel.outcome_%"))
        .select(activities::action)
        .load(&mut w.app.conn())
        .unwrap();
    assert_eq!(
        recorded
            .iter()
            .filter(|a| *a == "parcel.outcome_unapplied")
            .count(),
        3
    );
    assert_eq!(
        recorded
            .iter()
            .filter(|a| *a == "parcel.outcome_resolved")
            .count(),
        2
    );
}

fn keys(rows: &Value) -> Vec<String> {
    rows.as_array().unwrap().iter().map(key_of).collect()
}
