//! Courier balances through the API on both databases: differences posted by validated delivery
//! invoices, settlements (payments, write-offs) and their refusals, a balance carried onto a
//! later invoice and deducted at its validation, the dashboards' cash, scoping, the races the
//! database must settle, and a randomised week whose books must balance for every courier.

use crate::support::money::{
    key_of, money_world, play_round, End, MoneyWorld, Planned, Rng, Sent, CASA_COMMISSIONS,
};
use actix_web::http::Method;
use serde_json::{json, Value};

fn planned(cod: i64, refund: bool, rabat: bool, end: End, delivery_person: usize) -> Planned {
    Planned {
        cod,
        refund,
        rabat,
        end,
        delivery_person,
    }
}

/// The balance as the API gives it: `GET delivery-admins/{key}/balance`, as an admin.
async fn api_balance(w: &MoneyWorld, delivery_person: usize) -> Value {
    let res = w
        .admin
        .get(&format!(
            "/api/delivery-admins/{}/balance",
            w.delivery_people[delivery_person].key
        ))
        .await;
    res.assert_status(200);
    res.body["data"].clone()
}

/// The entries in the database of one delivery person: (kind, amount), oldest first.
fn stored_entries(w: &MoneyWorld, delivery_person: usize) -> Vec<(String, i64)> {
    use colivra_db::schema::{delivery_person_balance_entries as entries, users};
    use diesel::prelude::*;
    entries::table
        .inner_join(users::table.on(users::id.eq(entries::delivery_person_id)))
        .filter(users::key.eq(&w.delivery_people[delivery_person].key))
        .order(entries::seq.asc())
        .select((entries::kind, entries::amount))
        .load(&mut w.app.conn())
        .unwrap()
}

fn activities_named(w: &MoneyWorld, action: &str) -> Vec<Value> {
    use colivra_db::schema::activities;
    use diesel::prelude::*;
    activities::table
        .filter(activities::action.eq(action))
        .order(activities::id.asc())
        .select(activities::details)
        .load::<Option<String>>(&mut w.app.conn())
        .unwrap()
        .into_iter()
        .map(|d| serde_json::from_str(&d.unwrap_or_default()).unwrap_or(Value::Null))
        .collect()
}

/// Drafts (the delivery person declaring, or an admin carrying his balance), counts and
/// validates a delivery invoice of everything he holds; returns the validated invoice.
async fn settle_round(
    w: &MoneyWorld,
    delivery_person: usize,
    carry: bool,
    counted: impl Fn(i64) -> i64,
) -> Value {
    let res = if carry {
        w.admin
            .post(
                "/api/delivery-admins/invoices",
                json!({"delivery_admin": w.delivery_people[delivery_person].key, "carry_balance": true}),
            )
            .await
    } else {
        w.delivery_people[delivery_person]
            .client
            .post("/api/delivery-admins/invoices", json!({}))
            .await
    };
    res.assert_status(201);
    let invoice = key_of(&res.body["data"]);
    let total = res.body["data"]["total"].as_i64().unwrap();
    w.admin
        .put(
            &format!("/api/delivery-admins/invoices/{invoice}"),
            json!({"counted_amount": counted(total)}),
        )
        .await
        .assert_status(200);
    let res = w
        .admin
        .put(
            &format!("/api/delivery-admins/invoices/{invoice}"),
            json!({"status": "validated"}),
        )
        .await;
    res.assert_status(200);
    res.body["data"].clone()
}

#[actix_rt::test]
async fn a_shortage_is_owed_settled_in_part_then_carried_onto_the_next_invoice_and_deducted() {
    let w = money_world(2).await;
    // Day 1: 250 DH and 120 DH collected, a 99 DH refund paid out, one refusal (Casablanca).
    let day1 = play_round(
        &w,
        &[
            planned(25_000, false, false, End::Delivered, 0),
            planned(12_000, false, false, End::Delivered, 0),
            planned(9_900, true, false, End::Delivered, 0),
            planned(30_000, false, false, End::Refused, 0),
        ],
    )
    .await;
    let (delivered, refused) = CASA_COMMISSIONS;
    let lines_total = 25_000 + 12_000 - 9_900 - 3 * delivered - refused;
    assert_eq!(
        lines_total,
        day1.iter().map(Sent::delivery_amount).sum::<i64>()
    );

    // He declares; the admin counts 10 DH short and validates.
    let res = w.delivery_people[0]
        .client
        .post("/api/delivery-admins/invoices", json!({}))
        .await;
    res.assert_status(201);
    let first = res.body["data"].clone();
    assert_eq!(first["total"], lines_total);
    assert_eq!(first["carried_balance"], 0);
    // The refund is paid out, apart from what is collected.
    assert_eq!(first["cash_to_collect"], 37_000);
    assert_eq!(first["cash_to_pay_out"], 9_900);
    assert_eq!(first["net_cash"], 37_000 - 9_900);
    assert_eq!(first["cod_total"], 37_000 - 9_900);
    let first_key = key_of(&first);
    // A delivery person cannot carry his own balance.
    let res = w.delivery_people[0]
        .client
        .post(
            "/api/delivery-admins/invoices",
            json!({"carry_balance": true}),
        )
        .await;
    res.assert_status(422);
    // Nothing owed yet: nothing to carry.
    let res = w
        .admin
        .put(
            &format!("/api/delivery-admins/invoices/{first_key}"),
            json!({"carry_balance": true}),
        )
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("carry_balance").is_empty());
    w.admin
        .put(
            &format!("/api/delivery-admins/invoices/{first_key}"),
            json!({"counted_amount": lines_total - 1_000}),
        )
        .await
        .assert_status(200);
    let res = w
        .admin
        .put(
            &format!("/api/delivery-admins/invoices/{first_key}"),
            json!({"status": "validated"}),
        )
        .await;
    res.assert_status(200);
    let number = res.body["data"]["number"].as_str().unwrap().to_owned();

    // He owes 10 DH: one difference entry naming the invoice.
    let balance = api_balance(&w, 0).await;
    assert_eq!(balance["balance"], 1_000);
    assert_eq!(
        balance["delivery_admin"]["key"],
        w.delivery_people[0].key.as_str()
    );
    let entries = balance["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["kind"], "difference");
    assert_eq!(entries[0]["amount"], 1_000);
    assert_eq!(entries[0]["invoice"], number.as_str());
    assert_eq!(stored_entries(&w, 0), [("difference".to_owned(), 1_000)]);
    let posted = activities_named(&w, "courier_balance.difference_posted");
    assert_eq!(posted.len(), 1);
    assert_eq!(posted[0]["invoice"], number.as_str());
    assert_eq!(posted[0]["amount"], 1_000);
    assert_eq!(posted[0]["balance"], 1_000);
    assert_eq!(
        posted[0]["delivery_admin"],
        w.delivery_people[0].key.as_str()
    );
    // The log finds the entry by its invoice's number.
    let res = w
        .admin
        .get(&format!(
            "/api/activities?subject_key={number}&action=courier_balance.difference_posted"
        ))
        .await;
    res.assert_status(200);
    assert_eq!(res.body["meta"]["total"], 1, "{}", res.text);
    assert_eq!(res.body["data"][0]["subject_code"], number.as_str());
    // Its details name the delivery person by his name, not his key.
    let named = res.body["data"][0]["detail_lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|line| line["field"] == "delivery_admin")
        .cloned()
        .unwrap();
    assert_eq!(named["label"], "Livreur");
    assert_eq!(
        named["value"],
        format!("Test {}", colivra_core::Role::DeliveryPerson.as_str())
    );

    // He sees his own, not another's; a merchant sees none.
    let res = w.delivery_people[0]
        .client
        .get(&format!(
            "/api/delivery-admins/{}/balance",
            w.delivery_people[0].key
        ))
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["balance"], 1_000);
    w.delivery_people[1]
        .client
        .get(&format!(
            "/api/delivery-admins/{}/balance",
            w.delivery_people[0].key
        ))
        .await
        .assert_status(404);
    w.merchant
        .get(&format!(
            "/api/delivery-admins/{}/balance",
            w.delivery_people[0].key
        ))
        .await
        .assert_status(403);

    // The admin's list: everyone, owing first; filtered.
    let res = w.admin.get("/api/delivery-admins/balances").await;
    res.assert_status(200);
    assert_eq!(res.body["meta"]["total"], 2);
    assert_eq!(
        res.body["data"][0]["key"],
        w.delivery_people[0].key.as_str()
    );
    assert_eq!(res.body["data"][0]["balance"], 1_000);
    assert_eq!(res.body["data"][1]["balance"], 0);
    // Sorted and paged by the database: one per page, smallest first when asked.
    let res = w
        .admin
        .get("/api/delivery-admins/balances?per_page=1&page=2")
        .await;
    assert_eq!(
        res.body["meta"],
        json!({"page": 2, "per_page": 1, "total": 2, "last_page": 2})
    );
    assert_eq!(
        res.body["data"][0]["key"],
        w.delivery_people[1].key.as_str()
    );
    assert_eq!(res.body["data"][0]["balance"], 0);
    let res = w
        .admin
        .get("/api/delivery-admins/balances?sort=balance")
        .await;
    assert_eq!(
        res.body["data"][0]["key"],
        w.delivery_people[1].key.as_str()
    );
    assert_eq!(res.body["data"][1]["balance"], 1_000);
    let res = w
        .admin
        .get("/api/delivery-admins/balances?owing=true")
        .await;
    assert_eq!(res.body["meta"]["total"], 1);
    let res = w
        .admin
        .get(&format!(
            "/api/delivery-admins/balances?delivery_admin={}",
            w.delivery_people[1].key
        ))
        .await;
    assert_eq!(res.body["meta"]["total"], 1);
    assert_eq!(
        res.body["data"][0]["key"],
        w.delivery_people[1].key.as_str()
    );
    w.admin
        .get("/api/delivery-admins/balances?sort=nope")
        .await
        .assert_status(422);

    // The dashboards: what he owes is cash he holds (his refused parcel is settled already).
    let res = w.delivery_people[0].client.get("/api/statistics").await;
    assert_eq!(res.body["data"]["money"]["balance"], 1_000);
    assert_eq!(res.body["data"]["money"]["cash_held"], 1_000);
    let res = w.admin.get("/api/statistics").await;
    assert_eq!(res.body["data"]["money"]["cash_held"], 1_000);
    assert_eq!(res.body["data"]["money"]["balances_owed"], 1_000);
    assert_eq!(res.body["data"]["money"]["couriers_owing"], 1);

    // Settlements that are refused: past zero, no reason for a write-off, unknown kind, nothing.
    let path = format!("/api/delivery-admins/{}/balance", w.delivery_people[0].key);
    for (body, field) in [
        (json!({"kind": "payment", "amount": 1_001}), "amount"),
        (json!({"kind": "payment", "amount": 0}), "amount"),
        (json!({"kind": "payment"}), "amount"),
        (json!({"kind": "write_off", "amount": 500}), "comment"),
        (
            json!({"kind": "write_off", "amount": 500, "comment": "   "}),
            "comment",
        ),
        (json!({"kind": "deduction", "amount": 500}), "kind"),
        (json!({"amount": 500}), "kind"),
        (
            json!({"kind": "payment", "amount": 500, "reference": "R".repeat(101)}),
            "reference",
        ),
    ] {
        let res = w.admin.post(&path, body.clone()).await;
        res.assert_status(422);
        assert!(!res.field_errors(field).is_empty(), "{body}: {}", res.text);
    }
    let other = format!("/api/delivery-admins/{}/balance", w.delivery_people[1].key);
    let res = w
        .admin
        .post(&other, json!({"kind": "payment", "amount": 100}))
        .await;
    res.assert_status(422);
    w.admin
        .post(
            "/api/delivery-admins/NOSUCHKEY/balance",
            json!({"kind": "payment", "amount": 100}),
        )
        .await
        .assert_status(404);
    w.delivery_people[0]
        .client
        .post(&path, json!({"kind": "payment", "amount": 100}))
        .await
        .assert_status(403);
    assert_eq!(
        stored_entries(&w, 0).len(),
        1,
        "nothing refused was written"
    );

    // He pays 4 DH in: 6 DH left.
    let res = w
        .admin
        .post(
            &path,
            json!({"kind": "payment", "amount": 400, "reference": "REÇU-17", "comment": "Versé au guichet"}),
        )
        .await;
    res.assert_status(201);
    assert_eq!(res.body["data"]["balance"], 600);
    assert_eq!(res.body["data"]["entries"][0]["kind"], "payment");
    assert_eq!(res.body["data"]["entries"][0]["amount"], -400);
    assert_eq!(res.body["data"]["entries"][0]["reference"], "REÇU-17");
    assert!(res.body["data"]["entries"][0]["author"]["key"].is_string());

    // Day 2: the admin drafts his next invoice carrying the 6 DH as a line of its own.
    let day2 = play_round(
        &w,
        &[
            planned(20_000, false, true, End::Delivered, 0),
            planned(5_000, true, false, End::Delivered, 0),
        ],
    )
    .await;
    let day2_lines: i64 = day2.iter().map(Sent::delivery_amount).sum();
    let res = w
        .admin
        .post(
            "/api/delivery-admins/invoices",
            json!({"delivery_admin": w.delivery_people[0].key, "carry_balance": true}),
        )
        .await;
    res.assert_status(201);
    let second = res.body["data"].clone();
    let second_key = key_of(&second);
    assert_eq!(second["carried_balance"], 600);
    assert_eq!(second["total"], day2_lines + 600);
    assert_eq!(
        second["total"].as_i64().unwrap(),
        second["cod_total"].as_i64().unwrap() - second["commission_total"].as_i64().unwrap() + 600
    );
    // The lines and the carried line add up to the total, in the lines API and in the PDF.
    let res = w
        .admin
        .get(&format!(
            "/api/delivery-admins/parcels/invoices/{second_key}"
        ))
        .await;
    res.assert_status(200);
    let sum: i64 = res.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["amount"].as_i64().unwrap())
        .sum();
    assert_eq!(res.body["carried_balance"]["amount"], 600);
    assert_eq!(sum + 600, day2_lines + 600);
    let res = w
        .admin
        .get(&format!("/api/delivery-admins/invoices/{second_key}/pdf"))
        .await;
    res.assert_status(200);
    let text = colivra_documents::extract_text(&res.bytes).unwrap();
    for wanted in [
        "Écart antérieur à régulariser",
        "Encaissé auprès des clients",
        "Remboursé aux clients",
    ] {
        assert!(text.contains(wanted), "{wanted} missing from:\n{text}");
    }
    // The balance screen says where it is carried.
    let balance = api_balance(&w, 0).await;
    assert_eq!(balance["carried_on"][0]["invoice"], second_key.as_str());
    assert_eq!(balance["carried_on"][0]["amount"], 600);
    // Carried, then not, then again: the total follows.
    let res = w
        .admin
        .put(
            &format!("/api/delivery-admins/invoices/{second_key}"),
            json!({"carry_balance": false}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["total"], day2_lines);
    let res = w
        .admin
        .put(
            &format!("/api/delivery-admins/invoices/{second_key}"),
            json!({"carry_balance": true, "counted_amount": day2_lines + 600}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["total"], day2_lines + 600);
    assert_eq!(res.body["data"]["difference"], 0);
    let carried = activities_named(&w, "delivery_invoice.balance_carried");
    assert_eq!(carried.len(), 3);
    assert_eq!(carried[1]["carried_amount"], json!({"old": 600, "new": 0}));

    // Validated with the exact cash: the deduction brings the balance to zero, no difference.
    let res = w
        .admin
        .put(
            &format!("/api/delivery-admins/invoices/{second_key}"),
            json!({"status": "validated"}),
        )
        .await;
    res.assert_status(200);
    let second_number = res.body["data"]["number"].as_str().unwrap().to_owned();
    let balance = api_balance(&w, 0).await;
    assert_eq!(balance["balance"], 0);
    assert_eq!(balance["carried_on"], json!([]));
    assert_eq!(balance["entries"][0]["kind"], "deduction");
    assert_eq!(balance["entries"][0]["amount"], -600);
    assert_eq!(balance["entries"][0]["invoice"], second_number.as_str());
    assert_eq!(
        stored_entries(&w, 0),
        [
            ("difference".to_owned(), 1_000),
            ("payment".to_owned(), -400),
            ("deduction".to_owned(), -600),
        ]
    );
    assert_eq!(activities_named(&w, "courier_balance.payment").len(), 1);
    assert_eq!(activities_named(&w, "courier_balance.deduction").len(), 1);

    // Day 3, courier 1: 5 DH over. The company owes him: a negative balance, paid back to him.
    play_round(&w, &[planned(10_000, false, false, End::Delivered, 1)]).await;
    settle_round(&w, 1, false, |total| total + 500).await;
    assert_eq!(api_balance(&w, 1).await["balance"], -500);
    let res = w
        .admin
        .get("/api/delivery-admins/balances?owing=true")
        .await;
    assert_eq!(res.body["meta"]["total"], 0, "he owes nothing");
    let other = format!("/api/delivery-admins/{}/balance", w.delivery_people[1].key);
    let res = w
        .admin
        .post(&other, json!({"kind": "payment", "amount": 501}))
        .await;
    res.assert_status(422);
    let res = w
        .admin
        .post(&other, json!({"kind": "payment", "amount": 500}))
        .await;
    res.assert_status(201);
    assert_eq!(res.body["data"]["balance"], 0);
    assert_eq!(res.body["data"]["entries"][0]["amount"], 500);

    // Day 4, courier 1: 3 DH short, written off with a reason.
    play_round(&w, &[planned(7_000, false, false, End::Delivered, 1)]).await;
    settle_round(&w, 1, false, |total| total - 300).await;
    let res = w
        .admin
        .post(
            &other,
            json!({"kind": "write_off", "amount": 300, "comment": "Billet abîmé refusé par la banque"}),
        )
        .await;
    res.assert_status(201);
    assert_eq!(res.body["data"]["balance"], 0);
    let written = activities_named(&w, "courier_balance.write_off");
    assert_eq!(written.len(), 1);
    assert_eq!(written[0]["amount"], -300);
    assert_eq!(written[0]["comment"], "Billet abîmé refusé par la banque");
    assert_eq!(written[0]["balance"], 0);
    let res = w.admin.get("/api/statistics").await;
    assert_eq!(res.body["data"]["money"]["balances_owed"], 0);
    assert_eq!(res.body["data"]["money"]["cash_held"], 0);
}

#[actix_rt::test]
async fn a_stale_carried_balance_is_refused_at_validation_and_brought_up_to_date() {
    let w = money_world(1).await;
    play_round(&w, &[planned(10_000, false, false, End::Delivered, 0)]).await;
    settle_round(&w, 0, false, |total| total - 800).await;
    play_round(&w, &[planned(20_000, false, false, End::Delivered, 0)]).await;
    let res = w
        .admin
        .post(
            "/api/delivery-admins/invoices",
            json!({"delivery_admin": w.delivery_people[0].key, "carry_balance": true}),
        )
        .await;
    res.assert_status(201);
    let invoice = key_of(&res.body["data"]);
    let total = res.body["data"]["total"].as_i64().unwrap();
    w.admin
        .put(
            &format!("/api/delivery-admins/invoices/{invoice}"),
            json!({"counted_amount": total}),
        )
        .await
        .assert_status(200);
    // He pays part of it in meanwhile: the draft carries 8 DH, he owes 5.
    w.admin
        .post(
            &format!("/api/delivery-admins/{}/balance", w.delivery_people[0].key),
            json!({"kind": "payment", "amount": 300}),
        )
        .await
        .assert_status(201);
    let res = w
        .admin
        .put(
            &format!("/api/delivery-admins/invoices/{invoice}"),
            json!({"status": "validated"}),
        )
        .await;
    res.assert_status(409);
    // Nothing moved: still a draft, no number taken, no deduction.
    let res = w
        .admin
        .get(&format!("/api/delivery-admins/invoices/{invoice}"))
        .await;
    assert_eq!(res.body["data"]["status"], "draft");
    assert_eq!(api_balance(&w, 0).await["balance"], 500);
    // Brought up to date, counted again and validated: zero.
    let res = w
        .admin
        .put(
            &format!("/api/delivery-admins/invoices/{invoice}"),
            json!({"carry_balance": true, "counted_amount": total - 300}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["carried_balance"], 500);
    assert_eq!(res.body["data"]["difference"], 0);
    w.admin
        .put(
            &format!("/api/delivery-admins/invoices/{invoice}"),
            json!({"status": "validated"}),
        )
        .await
        .assert_status(200);
    assert_eq!(api_balance(&w, 0).await["balance"], 0);
    assert_eq!(
        stored_entries(&w, 0),
        [
            ("difference".to_owned(), 800),
            ("payment".to_owned(), -300),
            ("deduction".to_owned(), -500),
        ]
    );
}

#[actix_rt::test]
async fn two_admins_settling_one_balance_at_once_record_one_entry() {
    crate::support::until_in_flight_together(async || {
        let w = money_world(1).await;
        play_round(&w, &[planned(10_000, false, false, End::Delivered, 0)]).await;
        settle_round(&w, 0, false, |total| total - 2_500).await;
        let (second_admin, _) = w.app.signed_in(colivra_core::Role::Admin, true).await;
        let path = format!("/api/delivery-admins/{}/balance", w.delivery_people[0].key);
        let race = crate::support::race(vec![
            w.admin.racer(
                Method::POST,
                &path,
                Some(json!({"kind": "payment", "amount": 2_500, "reference": "A"})),
            ),
            second_admin.racer(
                Method::POST,
                &path,
                Some(json!({"kind": "payment", "amount": 2_500, "reference": "B"})),
            ),
        ])
        .await;
        // One payment; the other found it settled (422 past zero) or changed meanwhile (409).
        let winner = race.one_winner(201, &[409, 422]);
        assert_eq!(winner.body["data"]["balance"], 0);
        assert_eq!(
            stored_entries(&w, 0),
            [
                ("difference".to_owned(), 2_500),
                ("payment".to_owned(), -2_500)
            ]
        );
        assert_eq!(activities_named(&w, "courier_balance.payment").len(), 1);
        assert_eq!(api_balance(&w, 0).await["balance"], 0);
        race
    })
    .await;
}

#[actix_rt::test]
async fn validating_an_invoice_carrying_the_balance_while_it_is_settled_deducts_it_once() {
    crate::support::until_in_flight_together(async || {
        let w = money_world(1).await;
        play_round(&w, &[planned(10_000, false, false, End::Delivered, 0)]).await;
        settle_round(&w, 0, false, |total| total - 1_200).await;
        play_round(&w, &[planned(30_000, false, false, End::Delivered, 0)]).await;
        let res = w
            .admin
            .post(
                "/api/delivery-admins/invoices",
                json!({"delivery_admin": w.delivery_people[0].key, "carry_balance": true}),
            )
            .await;
        res.assert_status(201);
        let invoice = key_of(&res.body["data"]);
        let total = res.body["data"]["total"].as_i64().unwrap();
        w.admin
            .put(
                &format!("/api/delivery-admins/invoices/{invoice}"),
                json!({"counted_amount": total}),
            )
            .await
            .assert_status(200);
        let (second_admin, _) = w.app.signed_in(colivra_core::Role::Admin, true).await;
        let race = crate::support::race(vec![
            w.admin.racer(
                Method::PUT,
                &format!("/api/delivery-admins/invoices/{invoice}"),
                Some(json!({"status": "validated"})),
            ),
            second_admin.racer(
                Method::POST,
                &format!("/api/delivery-admins/{}/balance", w.delivery_people[0].key),
                Some(json!({"kind": "payment", "amount": 1_200})),
            ),
        ])
        .await;
        let statuses = race.statuses();
        let validated = statuses[0] == 200;
        let paid = statuses[1] == 201;
        assert!(
            validated != paid,
            "exactly one must win: {statuses:?}\n{}\n{}",
            race.responses[0].text,
            race.responses[1].text
        );
        assert!(
            [409, 422].contains(if validated {
                &statuses[1]
            } else {
                &statuses[0]
            }),
            "the loser is refused: {statuses:?}"
        );
        // The balance came back to zero exactly once.
        assert_eq!(api_balance(&w, 0).await["balance"], 0);
        let entries = stored_entries(&w, 0);
        let expected_second = if validated {
            ("deduction".to_owned(), -1_200)
        } else {
            ("payment".to_owned(), -1_200)
        };
        assert_eq!(entries, [("difference".to_owned(), 1_200), expected_second]);
        let res = w
            .admin
            .get(&format!("/api/delivery-admins/invoices/{invoice}"))
            .await;
        assert_eq!(
            res.body["data"]["status"],
            if validated { "validated" } else { "draft" }
        );
        race
    })
    .await;
}

/// What the test knows of one delivery person's week, from what it sent.
#[derive(Default, Debug)]
struct Books {
    collected: i64,
    refunds: i64,
    commissions: i64,
    /// Counted cash of his invoices plus the payments he made (paid back to him: negative).
    handed_over: i64,
    written_off: i64,
    /// The balance as the test computes it.
    balance: i64,
}

#[actix_rt::test]
async fn over_a_random_week_every_delivery_persons_books_balance_to_the_centime() {
    let seed = Rng::seed_from_env();
    println!("balances week seed: {seed} (COLIVRA_TEST_SEED={seed} plays it again)");
    let mut rng = Rng::new(seed);
    let delivery_people = 3;
    let w = money_world(delivery_people).await;
    let mut books: Vec<Books> = (0..delivery_people).map(|_| Books::default()).collect();
    let mut sent_all: Vec<Sent> = Vec::new();

    for day in 0..5 {
        // The day's parcels: each delivery person gets two to five, the first delivered.
        let mut plan = Vec::new();
        for delivery_person in 0..delivery_people {
            for n in 0..(2 + rng.below(4)) {
                let refund = n > 0 && rng.chance(20);
                let end = if n == 0 || refund {
                    End::Delivered
                } else {
                    match rng.below(10) {
                        0..=6 => End::Delivered,
                        7..=8 => End::Refused,
                        _ => End::Cancelled,
                    }
                };
                plan.push(planned(
                    500 + rng.below(60_000) as i64,
                    refund,
                    rng.chance(35),
                    end,
                    delivery_person,
                ));
            }
        }
        let sent = play_round(&w, &plan).await;
        for (delivery_person, b) in books.iter_mut().enumerate() {
            let mine: Vec<&Sent> = sent
                .iter()
                .filter(|s| s.plan.delivery_person == delivery_person)
                .collect();
            b.collected += mine.iter().map(|s| s.collected()).sum::<i64>();
            b.refunds += mine.iter().map(|s| s.refunded()).sum::<i64>();
            b.commissions += mine.iter().map(|s| s.commission()).sum::<i64>();
            let lines: i64 = mine
                .iter()
                .filter(|s| s.settles())
                .map(|s| s.delivery_amount())
                .sum();
            // The admin carries a non-zero balance onto the invoice now and then.
            let carry = b.balance != 0 && rng.chance(50);
            let carried = if carry { b.balance } else { 0 };
            let expected_total = lines + carried;
            let deviation = match rng.below(10) {
                0..=3 => 0,
                4..=6 => -(1 + rng.below(3_000) as i64),
                _ => 1 + rng.below(3_000) as i64,
            };
            let counted = (expected_total + deviation).max(0);
            let invoice = settle_round(&w, delivery_person, carry, |total| {
                assert_eq!(
                    total, expected_total,
                    "day {day}, delivery person {delivery_person}: total"
                );
                counted
            })
            .await;
            assert_eq!(invoice["carried_balance"], carried);
            assert_eq!(
                invoice["cash_to_collect"].as_i64().unwrap()
                    - invoice["cash_to_pay_out"].as_i64().unwrap(),
                invoice["cod_total"].as_i64().unwrap()
            );
            b.handed_over += counted;
            b.balance += expected_total - counted - carried;
        }
        // Settlements now and then: part or all of it, paid in (or back) or written off; and an
        // attempt past zero, refused.
        for (b, delivery_person) in books.iter_mut().zip(&w.delivery_people) {
            let path = format!("/api/delivery-admins/{}/balance", delivery_person.key);
            if b.balance != 0 && rng.chance(30) {
                let res = w
                    .admin
                    .post(
                        &path,
                        json!({"kind": "payment", "amount": b.balance.abs() + 1}),
                    )
                    .await;
                res.assert_status(422);
            }
            if b.balance == 0 || !rng.chance(60) {
                continue;
            }
            let amount = 1 + rng.below(b.balance.unsigned_abs()) as i64;
            let write_off = rng.chance(25);
            let body = if write_off {
                json!({"kind": "write_off", "amount": amount, "comment": format!("Jour {day}")})
            } else {
                json!({"kind": "payment", "amount": amount, "reference": format!("R{day}")})
            };
            let res = w.admin.post(&path, body).await;
            res.assert_status(201);
            let moved = -b.balance.signum() * amount;
            if write_off {
                b.written_off -= moved;
            } else {
                b.handed_over -= moved;
            }
            b.balance += moved;
            assert_eq!(res.body["data"]["balance"], b.balance, "seed {seed}");
        }
        sent_all.extend(sent);
    }

    // For every delivery person: COD collected = cash handed over + commissions + refunds paid
    // + balance still owed + written off, from what the test sent; and the API and the database
    // say the same balance.
    let listed = crate::support::money::listed_balances(&w.admin).await;
    let mut owed = 0;
    for (delivery_person, b) in books.iter().enumerate() {
        assert_eq!(
            b.collected,
            b.handed_over + b.commissions + b.refunds + b.balance + b.written_off,
            "seed {seed}, delivery person {delivery_person}: {b:?}"
        );
        let api = api_balance(&w, delivery_person).await;
        assert_eq!(
            api["balance"], b.balance,
            "seed {seed}, delivery person {delivery_person}"
        );
        let entries_sum: i64 = api["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["amount"].as_i64().unwrap())
            .sum();
        assert_eq!(
            entries_sum, b.balance,
            "seed {seed}: the balance is its entries"
        );
        let stored: i64 = stored_entries(&w, delivery_person)
            .iter()
            .map(|e| e.1)
            .sum();
        assert_eq!(
            stored, b.balance,
            "seed {seed}, delivery person {delivery_person}: database"
        );
        assert_eq!(listed[&w.delivery_people[delivery_person].key], b.balance);
        let res = w.delivery_people[delivery_person]
            .client
            .get("/api/statistics")
            .await;
        assert_eq!(res.body["data"]["money"]["balance"], b.balance);
        assert_eq!(
            res.body["data"]["money"]["cash_held"], b.balance,
            "seed {seed}: every parcel is settled, he holds what he owes"
        );
        if b.balance > 0 {
            owed += b.balance;
        }
    }
    let res = w.admin.get("/api/statistics").await;
    assert_eq!(
        res.body["data"]["money"]["balances_owed"], owed,
        "seed {seed}"
    );
    // Every invoice's stored difference, deduction and settlement went to the ledger: the sum of
    // (total − counted) over validated delivery invoices, minus the carried amounts, equals the
    // entries posted by invoices.
    use colivra_db::schema::{delivery_person_balance_entries, invoices};
    use diesel::prelude::*;
    let stored: Vec<(i64, Option<i64>, i64)> = invoices::table
        .filter(invoices::kind.eq("delivery"))
        .select((
            invoices::total,
            invoices::counted_amount,
            invoices::carried_balance,
        ))
        .load(&mut w.app.conn())
        .unwrap();
    let from_invoices: i64 = stored
        .iter()
        .map(|(total, counted, carried)| total - counted.unwrap() - carried)
        .sum();
    let posted: i64 = delivery_person_balance_entries::table
        .filter(delivery_person_balance_entries::kind.eq_any(["difference", "deduction"]))
        .select(delivery_person_balance_entries::amount)
        .load::<i64>(&mut w.app.conn())
        .unwrap()
        .iter()
        .sum();
    assert_eq!(from_invoices, posted, "seed {seed}");
    assert_eq!(sent_all.len() as i64, {
        use colivra_db::schema::parcels;
        parcels::table
            .count()
            .get_result::<i64>(&mut w.app.conn())
            .unwrap()
    });
}
