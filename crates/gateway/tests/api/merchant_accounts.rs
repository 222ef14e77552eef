//! Merchant accounts (issue 36, domain rules « What a merchant owes is netted »): a validated
//! returned-type invoice posts what the merchant owes; the next delivered-type invoice takes it
//! from its payout as a line of its own; while he owes, nothing of his is paid; an admin settles
//! by hand. Every expected figure is computed by hand from the world's prices (Casablanca
//! delivery 20 DH, refusal 15 DH, return 10 DH).

use crate::support::money::{
    hand_back, key_of, money_world_with, play_round, End, MoneyWorld, Planned, Rng, Sent,
};
use crate::support::{collapsed, race};
use serde_json::{json, Value};

const RIB: &str = "011780000012345678901296";

fn planned(cod: i64, end: End) -> Planned {
    Planned {
        cod,
        refund: false,
        rabat: false,
        end,
        delivery_person: 0,
    }
}

async fn account(w: &MoneyWorld) -> Value {
    let res = w
        .admin
        .get(&format!("/api/clients/{}/balance", w.merchant_key))
        .await;
    res.assert_status(200);
    res.body["data"].clone()
}

/// A draft client invoice of `invoice_type` for the world's shop (every eligible parcel, or
/// these), validated: its view.
async fn validated(w: &MoneyWorld, invoice_type: &str, parcels: Option<Vec<&str>>) -> Value {
    let mut body = json!({"shop": w.shop, "type": invoice_type});
    if let Some(parcels) = parcels {
        body["parcels"] = json!(parcels);
    }
    let res = w.admin.post("/api/clients/invoices", body).await;
    res.assert_status(201);
    let key = key_of(&res.body["data"]);
    let res = w
        .admin
        .put(
            &format!("/api/clients/invoices/{key}"),
            json!({"status": "validated"}),
        )
        .await;
    res.assert_status(200);
    res.body["data"].clone()
}

async fn invoice(w: &MoneyWorld, key: &str) -> Value {
    let res = w.admin.get(&format!("/api/clients/invoices/{key}")).await;
    res.assert_status(200);
    res.body["data"].clone()
}

fn today() -> String {
    chrono::Utc::now().date_naive().to_string()
}

/// (kind, amount) of the stored entries of the world's merchant, oldest first: read from the
/// database, not from the API under test.
fn stored_entries(w: &MoneyWorld) -> Vec<(String, i64)> {
    use colivra_db::schema::{merchant_balance_entries as m, users};
    use diesel::prelude::*;
    m::table
        .inner_join(users::table.on(users::id.eq(m::merchant_id)))
        .filter(users::key.eq(&w.merchant_key))
        .order(m::seq.asc())
        .select((m::kind, m::amount))
        .load(&mut w.app.conn())
        .unwrap()
}

#[actix_rt::test]
async fn returned_fees_are_deducted_from_the_next_payout_and_the_returned_invoice_says_where() {
    let w = money_world_with(1, Some(RIB)).await;
    let sent = play_round(
        &w,
        &[
            planned(30_000, End::Delivered),
            planned(20_000, End::Delivered),
            planned(9_900, End::Refused),
        ],
    )
    .await;
    w.hand_over_all_cash().await;
    hand_back(&w, 0, &[&sent[2].code]).await;

    // The refusal fee, 15 DH, is owed once the returned invoice is validated.
    let returned = validated(&w, "returned", None).await;
    assert_eq!(returned["total"], -1_500);
    assert_eq!(returned["outstanding"], 1_500);
    let returned_number = returned["number"].as_str().unwrap().to_owned();
    let acc = account(&w).await;
    assert_eq!(acc["balance"], -1_500);
    assert_eq!(acc["entries"][0]["kind"], "fees");
    assert_eq!(acc["entries"][0]["invoice"], returned_number.as_str());
    let listed = w.admin.get("/api/clients/balances?owing=true").await;
    listed.assert_status(200);
    let row = &listed.body["data"].as_array().unwrap()[0];
    assert_eq!(row["key"], w.merchant_key.as_str());
    assert_eq!(row["balance"], -1_500);
    // The merchant sees it on his dashboard and reads his own account, nobody else's.
    let figures = w.merchant.get("/api/statistics").await;
    assert_eq!(figures.body["data"]["money"]["account"]["balance"], -1_500);
    assert_eq!(
        figures.body["data"]["money"]["account"]["key"],
        w.merchant_key.as_str()
    );
    let admin_figures = w.admin.get("/api/statistics").await;
    assert_eq!(admin_figures.body["data"]["money"]["merchants_owing"], 1);
    assert_eq!(admin_figures.body["data"]["money"]["merchant_debts"], 1_500);
    w.merchant
        .get(&format!("/api/clients/{}/balance", w.merchant_key))
        .await
        .assert_status(200);
    let (other, _) = w.app.signed_in(colivra_core::Role::Merchant, true).await;
    other
        .get(&format!("/api/clients/{}/balance", w.merchant_key))
        .await
        .assert_status(404);

    // The next payout: 300 − 20 + 200 − 20 = 460 DH, less the 15 DH owed = 445 DH.
    let delivered = validated(&w, "delivered", None).await;
    assert_eq!(delivered["deducted"], 1_500);
    assert_eq!(delivered["total"], 44_500);
    assert_eq!(delivered["deducted_for"], json!([returned_number]));
    let delivered_key = key_of(&delivered);
    let delivered_number = delivered["number"].as_str().unwrap().to_owned();
    let lines = w
        .admin
        .get(&format!("/api/clients/parcels/invoices/{delivered_key}"))
        .await;
    lines.assert_status(200);
    let carried = &lines.body["carried_balance"];
    assert_eq!(carried["amount"], -1_500);
    assert_eq!(
        carried["label"],
        format!("Frais de retour {returned_number} déduits").as_str()
    );
    let sum: i64 = lines.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["amount"].as_i64().unwrap())
        .sum();
    assert_eq!(
        sum - 1_500,
        44_500,
        "the lines and the deduction make the net"
    );

    // The returned invoice is settled, and says by which payout.
    let returned = invoice(&w, returned["key"].as_str().unwrap()).await;
    assert_eq!(returned["status"], "paid");
    assert_eq!(returned["outstanding"], 0);
    assert_eq!(returned["settled_by"][0]["kind"], "deduction");
    assert_eq!(
        returned["settled_by"][0]["invoice"],
        delivered_number.as_str()
    );
    assert_eq!(
        returned["payment_reference"],
        format!("Déduite sur {delivered_number}").as_str()
    );
    assert_eq!(account(&w).await["balance"], 0);
    assert_eq!(
        stored_entries(&w),
        vec![("fees".to_owned(), -1_500), ("deduction".to_owned(), 1_500)]
    );

    // The PDF prints the deduction as its own line and the net; the transfer file pays the net.
    let pdf = w
        .admin
        .get(&format!("/api/clients/invoices/{delivered_key}/pdf"))
        .await;
    pdf.assert_status(200);
    let text = collapsed(&colivra_documents::extract_text(&pdf.bytes).unwrap());
    assert!(
        text.contains(&format!("Frais de retour {returned_number} déduits")),
        "{text}"
    );
    assert!(text.contains("445,00"), "{text}");
    let res = w.admin.get("/api/clients/invoices/transfers").await;
    res.assert_status(200);
    assert_eq!(
        res.text.lines().nth(1).unwrap(),
        format!("Atlas Mode,{RIB},445.00,{delivered_number}")
    );
}

#[actix_rt::test]
async fn a_merchant_who_owes_more_than_a_payout_is_not_paid_until_his_account_is_settled() {
    let w = money_world_with(1, Some(RIB)).await;
    let sent = play_round(
        &w,
        &[
            planned(5_000, End::Delivered),
            planned(5_000, End::Delivered),
            planned(1_000, End::Refused),
            planned(1_000, End::Refused),
            planned(1_000, End::Refused),
        ],
    )
    .await;
    w.hand_over_all_cash().await;
    // A first payout validated while he owes nothing: 50 − 20 = 30 DH.
    let first = validated(&w, "delivered", Some(vec![&sent[0].code])).await;
    assert_eq!(
        (first["deducted"].clone(), first["total"].clone()),
        (json!(0), json!(3_000))
    );
    let first_key = key_of(&first);
    // Three refusals: 45 DH owed.
    let refused: Vec<&str> = sent[2..].iter().map(|s| s.code.as_str()).collect();
    hand_back(&w, 0, &refused).await;
    let returned = validated(&w, "returned", None).await;
    assert_eq!(returned["total"], -4_500);

    // While he owes, the first payout waits and the transfer file leaves it out.
    let pay = json!({"status": "paid", "payment_method": "transfer", "payment_reference": "VIR-1", "paid_on": today()});
    let res = w
        .admin
        .put(&format!("/api/clients/invoices/{first_key}"), pay.clone())
        .await;
    res.assert_status(409);
    assert!(res.text.contains("45,00"), "{}", res.text);
    let res = w.admin.get("/api/clients/invoices/transfers").await;
    assert_eq!(res.header("x-blocked-invoices"), Some("1"));
    assert_eq!(res.text.lines().count(), 1, "{}", res.text);

    // The next payout, 30 DH, is all taken: it nets to zero and 15 DH stay owed.
    let second = validated(&w, "delivered", Some(vec![&sent[1].code])).await;
    assert_eq!(
        (second["deducted"].clone(), second["total"].clone()),
        (json!(3_000), json!(0))
    );
    let returned = invoice(&w, returned["key"].as_str().unwrap()).await;
    assert_eq!(returned["status"], "validated");
    assert_eq!(returned["outstanding"], 1_500);
    assert_eq!(account(&w).await["balance"], -1_500);

    // Settling: never past zero, a write-off says why, a payment received clears it.
    let path = format!("/api/clients/{}/balance", w.merchant_key);
    let res = w
        .admin
        .post(&path, json!({"kind": "payment", "amount": 1_600}))
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("amount").is_empty());
    let res = w
        .admin
        .post(&path, json!({"kind": "write_off", "amount": 500}))
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("comment").is_empty());
    let res = w
        .admin
        .post(
            &path,
            json!({"kind": "payment", "amount": 1_500, "reference": "REC-1"}),
        )
        .await;
    res.assert_status(201);
    assert_eq!(res.body["data"]["balance"], 0);
    let returned = invoice(&w, returned["key"].as_str().unwrap()).await;
    assert_eq!(returned["status"], "paid");
    assert!(
        returned["payment_reference"]
            .as_str()
            .unwrap()
            .contains("Règlement REC-1"),
        "{returned}"
    );
    let res = w
        .admin
        .post(&path, json!({"kind": "payment", "amount": 100}))
        .await;
    res.assert_status(422);
    // Now he is paid.
    w.admin
        .put(&format!("/api/clients/invoices/{first_key}"), pay)
        .await
        .assert_status(200);
    assert_eq!(
        stored_entries(&w),
        vec![
            ("fees".to_owned(), -4_500),
            ("deduction".to_owned(), 3_000),
            ("payment".to_owned(), 1_500)
        ]
    );
}

#[actix_rt::test]
async fn a_returned_invoice_paid_at_the_counter_is_not_deducted_again() {
    let w = money_world_with(1, Some(RIB)).await;
    let sent = play_round(
        &w,
        &[planned(5_000, End::Delivered), planned(1_000, End::Refused)],
    )
    .await;
    w.hand_over_all_cash().await;
    hand_back(&w, 0, &[&sent[1].code]).await;
    let returned = validated(&w, "returned", None).await;
    let res = w
        .admin
        .put(
            &format!("/api/clients/invoices/{}", key_of(&returned)),
            json!({"status": "paid", "payment_method": "cash", "payment_reference": "R-9", "paid_on": today()}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["outstanding"], 0);
    assert_eq!(account(&w).await["balance"], 0);
    let delivered = validated(&w, "delivered", None).await;
    assert_eq!(
        (delivered["deducted"].clone(), delivered["total"].clone()),
        (json!(0), json!(3_000))
    );
    assert_eq!(
        stored_entries(&w),
        vec![("fees".to_owned(), -1_500), ("payment".to_owned(), 1_500)]
    );
}

#[actix_rt::test]
async fn two_admins_validating_two_payouts_of_an_indebted_merchant_deduct_once() {
    let w = money_world_with(1, Some(RIB)).await;
    let sent = play_round(
        &w,
        &[
            planned(5_000, End::Delivered),
            planned(5_000, End::Delivered),
            planned(1_000, End::Refused),
        ],
    )
    .await;
    w.hand_over_all_cash().await;
    hand_back(&w, 0, &[&sent[2].code]).await;
    validated(&w, "returned", None).await;
    let mut drafts = Vec::new();
    for parcel in &sent[..2] {
        let res = w
            .admin
            .post(
                "/api/clients/invoices",
                json!({"shop": w.shop, "type": "delivered", "parcels": [parcel.code]}),
            )
            .await;
        res.assert_status(201);
        drafts.push(key_of(&res.body["data"]));
    }
    let (second_admin, _) = w.app.signed_in(colivra_core::Role::Admin, true).await;
    let admins = [&w.admin, &second_admin];
    let result = race(
        drafts
            .iter()
            .zip(admins)
            .map(|(draft, admin)| {
                admin.racer(
                    actix_web::http::Method::PUT,
                    &format!("/api/clients/invoices/{draft}"),
                    Some(json!({"status": "validated"})),
                )
            })
            .collect(),
    )
    .await;
    assert_eq!(
        result.statuses(),
        vec![200, 200],
        "{:?}",
        result.responses.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
    // Checked in the database: one deduction of the 15 DH owed, the other payout whole.
    assert_eq!(
        stored_entries(&w),
        vec![("fees".to_owned(), -1_500), ("deduction".to_owned(), 1_500)]
    );
    let mut totals = Vec::new();
    for draft in &drafts {
        totals.push(invoice(&w, draft).await["total"].as_i64().unwrap());
    }
    totals.sort_unstable();
    assert_eq!(totals, vec![1_500, 3_000]);
}

/// What the test expects of the merchant's account, kept from what it did.
#[derive(Default)]
struct Model {
    /// What he owes, positive.
    owed: i64,
    fees: i64,
    deducted: i64,
    settled: i64,
    paid_out: i64,
}

#[actix_rt::test]
async fn over_a_random_week_the_merchants_account_and_payouts_balance_to_the_centime() {
    let seed = Rng::seed_from_env();
    let mut rng = Rng::new(seed);
    let w = money_world_with(1, Some(RIB)).await;
    let mut model = Model::default();
    let mut unpaid: Vec<(String, i64)> = Vec::new();
    let account_path = format!("/api/clients/{}/balance", w.merchant_key);
    for day in 0..5 {
        // The first parcel of a day is delivered for 200 DH: the delivery person's hand-over is
        // never negative (refusals alone cost him commissions, and counted cash is ≥ 0).
        let plan: Vec<Planned> = std::iter::once(planned(20_000, End::Delivered))
            .chain((0..2 + rng.below(4)).map(|_| {
                let end = match rng.below(10) {
                    0..=5 => End::Delivered,
                    6..=8 => End::Refused,
                    _ => End::Cancelled,
                };
                planned(2_500 + 500 * rng.below(20) as i64, end)
            }))
            .collect();
        let sent: Vec<Sent> = play_round(&w, &plan).await;
        w.hand_over_all_cash().await;
        let back: Vec<&Sent> = sent
            .iter()
            .filter(|s| s.plan.end != End::Delivered)
            .collect();
        if !back.is_empty() && rng.chance(70) {
            let codes: Vec<&str> = back.iter().map(|s| s.code.as_str()).collect();
            hand_back(&w, 0, &codes).await;
            // Refusal 15 DH, a cancelled parcel's return 10 DH.
            let fees: i64 = back
                .iter()
                .map(|s| {
                    if s.plan.end == End::Refused {
                        1_500
                    } else {
                        1_000
                    }
                })
                .sum();
            let returned = validated(&w, "returned", None).await;
            assert_eq!(returned["total"], -fees, "seed {seed} day {day}");
            model.fees += fees;
            model.owed += fees;
        }
        let gross: i64 = sent
            .iter()
            .filter(|s| s.plan.end == End::Delivered)
            .map(Sent::merchant_amount)
            .sum();
        if gross > 0 {
            let delivered = validated(&w, "delivered", None).await;
            let expected = model.owed.min(gross);
            assert_eq!(delivered["deducted"], expected, "seed {seed} day {day}");
            assert_eq!(
                delivered["total"],
                gross - expected,
                "seed {seed} day {day}"
            );
            model.owed -= expected;
            model.deducted += expected;
            unpaid.push((key_of(&delivered), gross - expected));
        }
        if model.owed > 0 && rng.chance(40) {
            let amount = 1 + rng.below(model.owed as u64) as i64;
            let body = if rng.chance(50) {
                json!({"kind": "payment", "amount": amount, "reference": format!("REC-{day}")})
            } else {
                json!({"kind": "write_off", "amount": amount, "comment": "Geste commercial"})
            };
            w.admin.post(&account_path, body).await.assert_status(201);
            model.owed -= amount;
            model.settled += amount;
        }
        // Payouts go out only while he owes nothing.
        let pay = json!({"status": "paid", "payment_method": "transfer", "payment_reference": format!("VIR-{day}"), "paid_on": today()});
        let mut still = Vec::new();
        for (key, total) in unpaid.drain(..) {
            let res = w
                .admin
                .put(&format!("/api/clients/invoices/{key}"), pay.clone())
                .await;
            if model.owed > 0 {
                res.assert_status(409);
                still.push((key, total));
            } else {
                res.assert_status(200);
                model.paid_out += total;
            }
        }
        unpaid = still;
        assert_eq!(
            account(&w).await["balance"],
            -model.owed,
            "seed {seed} day {day}"
        );
    }
    // The books: the entries are what the model did, and the account is their sum.
    let entries = stored_entries(&w);
    let sum_of = |kind: &str| -> i64 {
        entries
            .iter()
            .filter(|(k, _)| k == kind)
            .map(|(_, a)| a)
            .sum()
    };
    assert_eq!(sum_of("fees"), -model.fees, "seed {seed}");
    assert_eq!(sum_of("deduction"), model.deducted, "seed {seed}");
    assert_eq!(
        sum_of("payment") + sum_of("write_off"),
        model.settled,
        "seed {seed}"
    );
    assert_eq!(
        model.fees,
        model.owed + model.deducted + model.settled,
        "seed {seed}: every dirham owed is still owed, deducted or settled"
    );
    // What was paid out is what the paid invoices say.
    let paid: i64 = w
        .admin
        .get("/api/clients/invoices?type=delivered&status=paid&per_page=100")
        .await
        .body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["total"].as_i64().unwrap())
        .sum();
    assert_eq!(paid, model.paid_out, "seed {seed}");
}
