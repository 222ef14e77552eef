//! Invoices through the API on both databases: delivery invoices (declared, counted, validated),
//! client invoices of delivered and returned parcels (drafted, changed, validated, paid), every
//! refusal, scoping, PDFs, the bank-transfer file, the races the database must settle, and a
//! ledger proving the books balance to the centime.

use std::collections::BTreeMap;

use crate::support::money::{
    hand_back, key_of, money_world_with, play_round_in, End, MoneyWorld, Planned, Sent,
};
use actix_web::http::Method;
use colivra_core::Role;
use serde_json::{json, Value};

/// The money round's world ([`crate::support::money`]) with two delivery people and a shop
/// with a RIB: Casablanca delivery 20 DH, return 10 DH, refusal 15 DH; Rabat 25, 10, 15; the
/// delivery people earn 15 and 5 DH per delivered and refused parcel in Casablanca, 18 and 6 in
/// Rabat.
type World = MoneyWorld;

async fn world() -> World {
    money_world_with(2, Some("011780000012345678901296")).await
}

fn key(value: &Value) -> String {
    key_of(value)
}

fn codes(lines: &Value) -> Vec<String> {
    lines
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["parcel"].as_str().unwrap().to_owned())
        .collect()
}

/// Plays a round: (COD, refund, in Rabat, how it ends, delivery person 0 or 1) per parcel.
async fn round(w: &World, plan: &[(i64, bool, bool, End, usize)]) -> Vec<Sent> {
    round_in(w, &w.shop, plan).await
}

/// [`round`] with the parcels of another of the merchant's shops.
async fn round_in(w: &World, shop: &str, plan: &[(i64, bool, bool, End, usize)]) -> Vec<Sent> {
    let planned: Vec<Planned> = plan
        .iter()
        .map(|&(cod, refund, rabat, end, delivery_person)| Planned {
            cod,
            refund,
            rabat,
            end,
            delivery_person,
        })
        .collect();
    play_round_in(w, shop, &planned).await
}

fn year() -> i32 {
    chrono::Datelike::year(&chrono::Utc::now())
}

fn activities(w: &World, subject_type: &str, subject_key: &str) -> Vec<String> {
    let mut actions: Vec<String> =
        colivra_db::activities::for_subject(&mut w.app.conn(), subject_type, subject_key, 50)
            .unwrap()
            .into_iter()
            .map(|a| a.action)
            .collect();
    actions.reverse();
    actions
}

/// `{page, per_page, total, last_page}` of a list answer.
fn meta(res: &crate::support::Response) -> (i64, i64, i64, i64) {
    let m = &res.body["meta"];
    let n = |f: &str| m[f].as_i64().unwrap();
    (n("page"), n("per_page"), n("total"), n("last_page"))
}

fn keys_of(res: &crate::support::Response) -> Vec<String> {
    res.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(key)
        .collect()
}

/// The overviews of what is left to invoice are grouped, searched, sorted and paged by the
/// database: rows and totals follow what the test sent, page by page.
#[actix_rt::test]
async fn unpaid_overviews_are_searched_sorted_and_paged() {
    let w = world().await;
    w.admin
        .put(
            &format!("/api/delivery-admins/{}", w.delivery_people[1].key),
            json!({"full_name": "Youssef Alaoui", "phone": "0698765432", "national_id": "BK123456"}),
        )
        .await
        .assert_status(200);
    let res = w
        .merchant
        .post("/api/shops", json!({"name": "Zagora Style", "phone": "0522334466", "address": "2 rue B", "city": w.casa}))
        .await;
    res.assert_status(201);
    let zagora = key(&res.body["data"]);
    let mut sent = round(
        &w,
        &[
            (30_000, false, false, End::Delivered, 0),
            (10_000, false, false, End::Delivered, 1),
            (5_000, false, false, End::Refused, 1),
        ],
    )
    .await;
    sent.extend(round_in(&w, &zagora, &[(8_000, false, true, End::Delivered, 0)]).await);
    let due = |delivery_person: usize| -> i64 {
        sent.iter()
            .filter(|s| s.plan.delivery_person == delivery_person)
            .map(Sent::delivery_amount)
            .sum()
    };
    assert!(due(0) > due(1));

    // Delivery people: largest cash first, one per page.
    let path = "/api/delivery-admins/parcels/unpaid";
    let first = w.admin.get(&format!("{path}?per_page=1")).await;
    first.assert_status(200);
    assert_eq!(meta(&first), (1, 1, 2, 2));
    assert_eq!(keys_of(&first), [w.delivery_people[0].key.as_str()]);
    assert_eq!(first.body["data"][0]["total"], due(0));
    let second = w.admin.get(&format!("{path}?per_page=1&page=2")).await;
    assert_eq!(meta(&second), (2, 1, 2, 2));
    assert_eq!(keys_of(&second), [w.delivery_people[1].key.as_str()]);
    assert_eq!(second.body["data"][0]["total"], due(1));
    assert_eq!(second.body["data"][0]["parcels_count"], 2);
    for q in ["alaoui", "YOUSSEF", "0698"] {
        let res = w.admin.get(&format!("{path}?q={q}")).await;
        assert_eq!(keys_of(&res), [w.delivery_people[1].key.as_str()], "q={q}");
        assert_eq!(meta(&res), (1, 25, 1, 1));
    }
    let none = w.admin.get(&format!("{path}?q=personne")).await;
    assert_eq!(meta(&none), (1, 25, 0, 1));
    assert_eq!(keys_of(&none), Vec::<&str>::new());

    // Shops: none is payable while the delivery people hold the cash; once it is handed over,
    // largest total first, one per page; searched by shop name; one merchant's.
    let path = "/api/shops/unpaid/delivered";
    assert_eq!(meta(&w.admin.get(path).await), (1, 25, 0, 1));
    w.hand_over_all_cash().await;
    let atlas_total: i64 = sent[..3]
        .iter()
        .filter(|s| s.plan.end == End::Delivered)
        .map(Sent::merchant_amount)
        .sum();
    let zagora_total = sent[3].merchant_amount();
    assert!(atlas_total > zagora_total);
    let first = w.admin.get(&format!("{path}?per_page=1")).await;
    first.assert_status(200);
    assert_eq!(meta(&first), (1, 1, 2, 2));
    assert_eq!(keys_of(&first), [w.shop.as_str()]);
    assert_eq!(first.body["data"][0]["total"], atlas_total);
    let second = w.admin.get(&format!("{path}?per_page=1&page=2")).await;
    assert_eq!(keys_of(&second), [zagora.as_str()]);
    assert_eq!(second.body["data"][0]["total"], zagora_total);
    assert_eq!(second.body["data"][0]["parcels_count"], 1);
    assert_eq!(
        second.body["data"][0]["client"]["key"],
        w.merchant_key.as_str()
    );
    let res = w.admin.get(&format!("{path}?q=zagora")).await;
    assert_eq!(keys_of(&res), [zagora.as_str()]);
    assert_eq!(meta(&res), (1, 25, 1, 1));
    let res = w
        .admin
        .get(&format!("{path}?client={}", w.merchant_key))
        .await;
    assert_eq!(keys_of(&res), [w.shop.as_str(), zagora.as_str()]);
    let res = w
        .admin
        .get(&format!("{path}?client={}", w.delivery_people[0].key))
        .await;
    assert_eq!(meta(&res), (1, 25, 0, 1));
    // Returned parcels: none came back.
    let res = w.admin.get("/api/shops/unpaid/returned").await;
    assert_eq!(meta(&res), (1, 25, 0, 1));
}

#[actix_rt::test]
async fn a_delivery_person_declares_his_cash_and_an_admin_counts_and_validates_it() {
    let w = world().await;
    let sent = round(
        &w,
        &[
            (25_000, false, false, End::Delivered, 0),
            (10_000, true, false, End::Delivered, 0),
            (30_000, false, true, End::Refused, 0),
            (40_000, false, false, End::Cancelled, 0),
            (15_000, false, false, End::Delivered, 1),
        ],
    )
    .await;
    let mine: Vec<&Sent> = sent
        .iter()
        .filter(|s| s.plan.delivery_person == 0 && s.plan.end != End::Cancelled)
        .collect();
    // 250 − 15, −100 − 15, −6: 99 DH.
    let expected: i64 = mine.iter().map(|s| s.delivery_amount()).sum();
    assert_eq!(expected, 23_500 - 11_500 - 600);

    // The admin's overview of unsettled cash.
    let res = w.admin.get("/api/delivery-admins/parcels/unpaid").await;
    res.assert_status(200);
    let row = res.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["key"] == w.delivery_people[0].key.as_str())
        .unwrap()
        .clone();
    assert_eq!(row["parcels_count"], 3);
    assert_eq!(row["cod_total"], 25_000 - 10_000);
    assert_eq!(row["commission_total"], 1500 + 1500 + 600);
    assert_eq!(row["total"], expected);

    // His own lines; another's are not his to see.
    let res = w.delivery_people[0]
        .client
        .get(&format!(
            "/api/delivery-admins/{}/parcels/unpaid",
            w.delivery_people[0].key
        ))
        .await;
    res.assert_status(200);
    let mut listed = codes(&res.body["data"]);
    listed.sort();
    let mut wanted: Vec<String> = mine.iter().map(|s| s.code.clone()).collect();
    wanted.sort();
    assert_eq!(
        listed, wanted,
        "delivered, refund and refused parcels; not the cancelled one"
    );
    let refund_line = res.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["parcel"] == sent[1].code.as_str())
        .unwrap();
    assert_eq!(refund_line["cod_amount"], -10_000);
    assert_eq!(refund_line["commission"], 1500);
    assert_eq!(refund_line["amount"], -11_500);
    w.delivery_people[0]
        .client
        .get(&format!(
            "/api/delivery-admins/{}/parcels/unpaid",
            w.delivery_people[1].key
        ))
        .await
        .assert_status(404);

    // Declaring another's parcel, or the cancelled one, is refused.
    let res = w.delivery_people[0]
        .client
        .post(
            "/api/delivery-admins/invoices",
            json!({"parcels": [sent[4].code]}),
        )
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("parcels").is_empty());
    w.delivery_people[0]
        .client
        .post(
            "/api/delivery-admins/invoices",
            json!({"parcels": [sent[3].code]}),
        )
        .await
        .assert_status(422);

    // He declares everything he holds.
    let res = w.delivery_people[0]
        .client
        .post("/api/delivery-admins/invoices", json!({}))
        .await;
    res.assert_status(201);
    let invoice = res.body["data"].clone();
    let invoice_key = key(&invoice);
    assert_eq!(invoice["status"], "draft");
    assert_eq!(invoice["number"], Value::Null);
    assert_eq!(invoice["total"], expected);
    assert_eq!(invoice["counted_amount"], Value::Null);
    assert_eq!(
        invoice["delivery_admin"]["key"],
        w.delivery_people[0].key.as_str()
    );
    // Nothing left to declare: a second draft has no parcel.
    w.delivery_people[0]
        .client
        .post("/api/delivery-admins/invoices", json!({}))
        .await
        .assert_status(422);
    // The parcel shows its invoice to him and to admins, not to the merchant.
    let res = w.delivery_people[0]
        .client
        .get(&format!("/api/parcels/{}", sent[0].code))
        .await;
    assert_eq!(
        res.body["data"]["delivery_admin_invoice"],
        invoice_key.as_str()
    );
    let res = w
        .merchant
        .get(&format!("/api/parcels/{}", sent[0].code))
        .await;
    assert_eq!(res.body["data"]["delivery_admin_invoice"], Value::Null);
    // A parcel on a delivery invoice keeps its outcome.
    let res = w.admin
        .post("/api/parcels/states", json!({"parcel": sent[0].code, "status": "out_for_delivery", "comment": "Erreur de saisie"}))
        .await;
    res.assert_status(409);

    // The other delivery person and merchants cannot see it.
    w.delivery_people[1]
        .client
        .get(&format!("/api/delivery-admins/invoices/{invoice_key}"))
        .await
        .assert_status(404);
    w.merchant
        .get(&format!("/api/delivery-admins/invoices/{invoice_key}"))
        .await
        .assert_status(403);
    assert_eq!(
        w.delivery_people[1]
            .client
            .get("/api/delivery-admins/invoices")
            .await
            .body["meta"]["total"],
        0
    );

    // Only admins count; validation needs the count.
    w.delivery_people[0]
        .client
        .put(
            &format!("/api/delivery-admins/invoices/{invoice_key}"),
            json!({"counted_amount": 9_400}),
        )
        .await
        .assert_status(403);
    let res = w
        .admin
        .put(
            &format!("/api/delivery-admins/invoices/{invoice_key}"),
            json!({"status": "validated"}),
        )
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("counted_amount").is_empty());
    let res = w
        .admin
        .put(
            &format!("/api/delivery-admins/invoices/{invoice_key}"),
            json!({"counted_amount": -1}),
        )
        .await;
    res.assert_status(422);

    // 5 DH short.
    let res = w
        .admin
        .put(
            &format!("/api/delivery-admins/invoices/{invoice_key}"),
            json!({"counted_amount": expected - 500}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["counted_amount"], expected - 500);
    assert_eq!(res.body["data"]["difference"], -500);
    // Counted: he can no longer change it himself.
    w.delivery_people[0]
        .client
        .put(
            &format!("/api/delivery-admins/invoices/parcels/{}", sent[2].code),
            json!({}),
        )
        .await
        .assert_status(409);
    w.delivery_people[0]
        .client
        .delete(&format!("/api/delivery-admins/invoices/{invoice_key}"))
        .await
        .assert_status(409);

    // The admin takes the refused parcel off the draft: totals follow, the difference too.
    let res = w
        .admin
        .put(
            &format!("/api/delivery-admins/invoices/parcels/{}", sent[2].code),
            json!({}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["parcels_count"], 2);
    assert_eq!(res.body["data"]["total"], expected + 600);
    assert_eq!(res.body["data"]["difference"], -500 - 600);
    w.admin
        .put(
            &format!("/api/delivery-admins/invoices/parcels/{}", sent[2].code),
            json!({}),
        )
        .await
        .assert_status(404);
    // Count again and validate: the number is given now.
    w.admin
        .put(
            &format!("/api/delivery-admins/invoices/{invoice_key}"),
            json!({"counted_amount": expected + 100}),
        )
        .await
        .assert_status(200);
    let res = w
        .admin
        .put(
            &format!("/api/delivery-admins/invoices/{invoice_key}"),
            json!({"status": "validated"}),
        )
        .await;
    res.assert_status(200);
    let number = format!("FL-{}-000001", year());
    assert_eq!(res.body["data"]["number"], number.as_str());
    assert_eq!(res.body["data"]["status"], "validated");
    assert_eq!(res.body["data"]["difference"], -500);

    // A validated invoice is immutable.
    for (method_put, path, body) in [
        (
            true,
            format!("/api/delivery-admins/invoices/{invoice_key}"),
            json!({"counted_amount": 1}),
        ),
        (
            true,
            format!("/api/delivery-admins/invoices/{invoice_key}"),
            json!({"status": "validated"}),
        ),
        (
            true,
            format!("/api/delivery-admins/invoices/parcels/{}", sent[0].code),
            json!({}),
        ),
        (
            false,
            format!("/api/delivery-admins/invoices/{invoice_key}"),
            Value::Null,
        ),
    ] {
        let res = if method_put {
            w.admin.put(&path, body).await
        } else {
            w.admin.delete(&path).await
        };
        res.assert_status(409);
    }

    // The refused parcel waits for the next invoice, which an admin drafts for him and deletes.
    let res = w
        .admin
        .post(
            "/api/delivery-admins/invoices",
            json!({"delivery_admin": w.delivery_people[0].key}),
        )
        .await;
    res.assert_status(201);
    let second = key(&res.body["data"]);
    assert_eq!(res.body["data"]["total"], -600);
    w.admin
        .delete(&format!("/api/delivery-admins/invoices/{second}"))
        .await
        .assert_status(204);
    w.admin
        .get(&format!("/api/delivery-admins/invoices/{second}"))
        .await
        .assert_status(404);
    let res = w.delivery_people[0]
        .client
        .get(&format!(
            "/api/delivery-admins/{}/parcels/unpaid",
            w.delivery_people[0].key
        ))
        .await;
    assert_eq!(codes(&res.body["data"]), vec![sent[2].code.clone()]);

    // Lines, list and PDF.
    let res = w.delivery_people[0]
        .client
        .get(&format!(
            "/api/delivery-admins/parcels/invoices/{invoice_key}"
        ))
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"].as_array().unwrap().len(), 2);
    let res = w.delivery_people[0]
        .client
        .get("/api/delivery-admins/invoices?status=validated")
        .await;
    assert_eq!(res.body["meta"]["total"], 1);
    let res = w
        .admin
        .get(&format!(
            "/api/delivery-admins/invoices?q={}",
            number.to_lowercase()
        ))
        .await;
    assert_eq!(res.body["meta"]["total"], 1);
    let res = w.delivery_people[0]
        .client
        .get(&format!("/api/delivery-admins/invoices/{invoice_key}/pdf"))
        .await;
    res.assert_status(200);
    assert_eq!(res.header("content-type"), Some("application/pdf"));
    let text = colivra_documents::extract_text(&res.bytes).unwrap();
    for wanted in [
        number.as_str(),
        sent[0].code.as_str(),
        sent[1].code.as_str(),
        "Facture livreur",
        "Espèces comptées par l'agent",
    ] {
        assert!(text.contains(wanted), "{wanted} missing from:\n{text}");
    }
    assert!(
        !text.contains(&sent[2].code),
        "the parcel taken off is not printed"
    );

    assert_eq!(
        activities(&w, "delivery_invoice", &invoice_key),
        vec![
            "delivery_invoice.created",
            "delivery_invoice.counted",
            "delivery_invoice.parcel_removed",
            "delivery_invoice.counted",
            "delivery_invoice.validated"
        ]
    );
    // Cash he still holds: the refused parcel's commission, plus the 5 DH he was short, which
    // he still owes (his balance).
    let res = w.delivery_people[0].client.get("/api/statistics").await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["money"]["cash_held"], -600 + 500);
    assert_eq!(res.body["data"]["money"]["balance"], 500);
}

#[actix_rt::test]
async fn admins_invoice_a_shops_delivered_and_returned_parcels_and_record_the_payment() {
    let w = world().await;
    let sent = round(
        &w,
        &[
            (25_000, false, false, End::Delivered, 0),
            (10_000, true, false, End::Delivered, 0),
            (30_000, false, true, End::Delivered, 0),
            (40_000, false, false, End::Refused, 0),
            (12_000, false, false, End::Cancelled, 0),
        ],
    )
    .await;
    let delivered: Vec<&Sent> = sent
        .iter()
        .filter(|s| s.plan.end == End::Delivered)
        .collect();
    let total: i64 = delivered.iter().map(|s| s.merchant_amount()).sum();
    assert_eq!(total, 23_000 - 12_000 + 27_500);

    // Payable only once cashed in: while the delivery person holds the cash (no delivery
    // invoice, then a draft one), nothing is payable and the merchant sees it waiting.
    let not_payable_yet = |stage: &'static str| {
        let w = &w;
        let code = delivered[0].code.clone();
        async move {
            let res = w.admin.get("/api/shops/unpaid/delivered").await;
            assert_eq!(res.body["meta"]["total"], 0, "{stage}");
            let res = w
                .admin
                .post(
                    "/api/clients/invoices",
                    json!({"shop": w.shop, "type": "delivered"}),
                )
                .await;
            res.assert_status(422);
            let res = w.merchant.get(&format!("/api/parcels/{code}")).await;
            assert_eq!(res.body["data"]["payout_state"], "awaiting_cash", "{stage}");
            let money = w.merchant.get("/api/statistics").await.body["data"]["money"].clone();
            assert_eq!(money["payouts_due"], 0, "{stage}");
            assert_eq!(money["payouts_awaiting_cash"], total, "{stage}");
        }
    };
    not_payable_yet("held").await;
    let res = w
        .admin
        .post(
            "/api/delivery-admins/invoices",
            json!({"delivery_admin": w.delivery_people[0].key}),
        )
        .await;
    res.assert_status(201);
    let hand_over = key(&res.body["data"]);
    not_payable_yet("on a draft delivery invoice").await;
    // A company that pays before cash-in sees it payable at once.
    let company = |advance: bool| {
        json!({"name": "Colivra SARL", "address": "Casablanca", "ice": "001234567000089",
               "if": "1234", "rc": "5678", "pay_before_cash_in": advance})
    };
    w.admin
        .put("/api/settings/company", company(true))
        .await
        .assert_status(200);
    let res = w.admin.get("/api/shops/unpaid/delivered").await;
    assert_eq!(res.body["data"][0]["total"], total);
    // Its invoice says it was paid before cash-in (a draft, deleted again).
    let res = w
        .admin
        .post(
            "/api/clients/invoices",
            json!({"shop": w.shop, "type": "delivered"}),
        )
        .await;
    res.assert_status(201);
    let advance = key(&res.body["data"]);
    let pdf = w
        .admin
        .get(&format!("/api/clients/invoices/{advance}/pdf"))
        .await;
    let text = colivra_documents::extract_text(&pdf.bytes).unwrap();
    let text = crate::support::collapsed(&text);
    assert!(
        text.contains("Paiement avant encaissement : les espèces de 3 colis"),
        "{text}"
    );
    w.admin
        .delete(&format!("/api/clients/invoices/{advance}"))
        .await
        .assert_status(204);
    let money = w.merchant.get("/api/statistics").await.body["data"]["money"].clone();
    assert_eq!(
        (
            money["payouts_due"].as_i64(),
            money["payouts_awaiting_cash"].as_i64()
        ),
        (Some(total), Some(total))
    );
    w.admin
        .put("/api/settings/company", company(false))
        .await
        .assert_status(200);
    // The cash counted and the delivery invoice validated: now it is the company's to pay.
    crate::support::money::count_exactly_and_validate(&w.admin, &hand_over).await;
    let res = w
        .merchant
        .get(&format!("/api/parcels/{}", delivered[0].code))
        .await;
    assert_eq!(res.body["data"]["payout_state"], "to_pay");
    let money = w.merchant.get("/api/statistics").await.body["data"]["money"].clone();
    assert_eq!(
        (
            money["payouts_due"].as_i64(),
            money["payouts_awaiting_cash"].as_i64()
        ),
        (Some(total), Some(0))
    );

    let res = w.admin.get("/api/shops/unpaid/delivered").await;
    res.assert_status(200);
    let row = &res.body["data"][0];
    assert_eq!(row["key"], w.shop.as_str());
    assert_eq!(row["client"]["key"], w.merchant_key.as_str());
    assert_eq!(row["parcels_count"], 3);
    assert_eq!(row["total"], total);
    w.admin
        .get("/api/shops/unpaid/lost")
        .await
        .assert_status(422);
    let res = w
        .admin
        .get(&format!("/api/shops/unpaid/delivered/{}", w.shop))
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"].as_array().unwrap().len(), 3);
    w.merchant
        .get("/api/shops/unpaid/delivered")
        .await
        .assert_status(403);
    let res = w.merchant.get("/api/parcels?view=unpaid").await;
    assert_eq!(res.body["meta"]["total"], 3);

    // Refusals: unknown type, a parcel not eligible.
    w.admin
        .post(
            "/api/clients/invoices",
            json!({"shop": w.shop, "type": "weekly"}),
        )
        .await
        .assert_status(422);
    let res = w
        .admin
        .post(
            "/api/clients/invoices",
            json!({"shop": w.shop, "type": "delivered", "parcels": [sent[3].code]}),
        )
        .await;
    res.assert_status(422);
    assert!(res.field_errors("parcels")[0].contains(&sent[3].code));

    // A draft of two, then all three.
    let res = w
        .admin
        .post(
            "/api/clients/invoices",
            json!({"shop": w.shop, "type": "delivered", "parcels": [sent[0].code, sent[1].code]}),
        )
        .await;
    res.assert_status(201);
    let invoice = key(&res.body["data"]);
    assert_eq!(res.body["data"]["type"], "delivered");
    assert_eq!(res.body["data"]["total"], 23_000 - 12_000);
    assert_eq!(res.body["data"]["fees_total"], 4_000);
    // Merchants do not see drafts.
    w.merchant
        .get(&format!("/api/clients/invoices/{invoice}"))
        .await
        .assert_status(404);
    assert_eq!(
        w.merchant.get("/api/clients/invoices").await.body["meta"]["total"],
        0
    );
    let res = w
        .merchant
        .get(&format!("/api/parcels/{}", sent[0].code))
        .await;
    assert_eq!(res.body["data"]["client_completed_invoice"], Value::Null);
    // A parcel on a client invoice keeps its status.
    w.admin
        .post(
            "/api/parcels/states",
            json!({"parcel": sent[0].code, "status": "lost", "comment": "Perdu"}),
        )
        .await
        .assert_status(409);
    let all: Vec<&String> = delivered.iter().map(|s| &s.code).collect();
    let res = w
        .admin
        .put(
            &format!("/api/clients/invoices/{invoice}"),
            json!({"parcels": all}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["parcels_count"], 3);
    assert_eq!(res.body["data"]["total"], total);
    w.admin
        .put(
            &format!("/api/clients/invoices/{invoice}"),
            json!({"status": "paid", "payment_reference": "VIR-1", "paid_on": "2026-01-01"}),
        )
        .await
        .assert_status(409);

    let res = w
        .admin
        .put(
            &format!("/api/clients/invoices/{invoice}"),
            json!({"status": "validated"}),
        )
        .await;
    res.assert_status(200);
    let number = format!("FC-{}-000001", year());
    assert_eq!(res.body["data"]["number"], number.as_str());
    w.admin
        .put(
            &format!("/api/clients/invoices/{invoice}"),
            json!({"parcels": [sent[0].code]}),
        )
        .await
        .assert_status(409);
    w.admin
        .delete(&format!("/api/clients/invoices/{invoice}"))
        .await
        .assert_status(409);

    // The merchant sees it once validated; another merchant does not.
    let res = w.merchant.get("/api/clients/invoices?type=delivered").await;
    assert_eq!(res.body["meta"]["total"], 1);
    let res = w
        .merchant
        .get(&format!("/api/parcels/{}", sent[0].code))
        .await;
    assert_eq!(
        res.body["data"]["client_completed_invoice"],
        invoice.as_str()
    );
    let (stranger, _) = w.app.signed_in(Role::Merchant, true).await;
    stranger
        .get(&format!("/api/clients/invoices/{invoice}"))
        .await
        .assert_status(404);
    stranger
        .get(&format!("/api/clients/parcels/invoices/{invoice}"))
        .await
        .assert_status(404);
    stranger
        .get(&format!("/api/clients/invoices/{invoice}/pdf"))
        .await
        .assert_status(404);

    // The bank-transfer batch holds it (when the shop has a RIB).
    let res = w.admin.get("/api/clients/invoices/transfers").await;
    res.assert_status(200);
    let skipped: usize = res.header("x-skipped-invoices").unwrap().parse().unwrap();
    let lines: Vec<&str> = res.text.lines().collect();
    assert_eq!(lines[0], "shop,rib,amount,invoice_number");
    assert_eq!(lines.len() - 1 + skipped, 1);
    if skipped == 0 {
        assert_eq!(
            lines[1],
            format!(
                "Atlas Mode,011780000012345678901296,{}.{:02},{number}",
                total / 100,
                total % 100
            )
        );
    }

    // Payment: the reference and date are checked.
    let res = w
        .admin
        .put(
            &format!("/api/clients/invoices/{invoice}"),
            json!({"status": "paid", "payment_reference": " ", "paid_on": "2999-01-01"}),
        )
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("payment_reference").is_empty());
    assert!(!res.field_errors("paid_on").is_empty());
    let today = chrono::Utc::now().date_naive().to_string();
    let res = w
        .admin
        .put(
            &format!("/api/clients/invoices/{invoice}"),
            json!({"status": "paid", "payment_reference": "VIR-2026-118", "paid_on": today}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["status"], "paid");
    assert_eq!(res.body["data"]["payment_reference"], "VIR-2026-118");
    let res = w.merchant.get("/api/parcels?view=reimbursed").await;
    assert_eq!(res.body["meta"]["total"], 3);
    let res = w
        .merchant
        .get(&format!("/api/parcels/{}", delivered[0].code))
        .await;
    assert_eq!(res.body["data"]["payout_state"], "paid");
    assert_eq!(
        w.merchant.get("/api/parcels?view=unpaid").await.body["meta"]["total"],
        0
    );
    let res = w.merchant.get("/api/statistics").await;
    assert_eq!(res.body["data"]["money"]["paid_this_month"], total);
    assert_eq!(res.body["data"]["money"]["payouts_due"], 0);
    // The merchant's PDF holds the number and the codes.
    let res = w
        .merchant
        .get(&format!("/api/clients/invoices/{invoice}/pdf"))
        .await;
    res.assert_status(200);
    let text = colivra_documents::extract_text(&res.bytes).unwrap();
    for s in &delivered {
        assert!(text.contains(&s.code), "{} missing", s.code);
    }
    assert!(
        text.contains(&number) && text.contains("Arrêtée la présente facture à la somme de"),
        "{text}"
    );
    assert!(
        text.contains("VIR-2026-118"),
        "the whole payment reference prints: {text}"
    );
    assert_eq!(
        activities(&w, "client_invoice", &invoice),
        vec![
            "client_invoice.created",
            "client_invoice.updated",
            "client_invoice.validated",
            "client_invoice.paid"
        ]
    );

    // Returned type: the refused and the cancelled parcel come back through a return voucher.
    hand_back(&w, 0, &[&sent[3].code, &sent[4].code]).await;
    let res = w.admin.get("/api/shops/unpaid/returned").await;
    assert_eq!(res.body["data"][0]["parcels_count"], 2);
    assert_eq!(res.body["data"][0]["total"], -1500 - 1000);
    let res = w
        .admin
        .post(
            "/api/clients/invoices",
            json!({"shop": w.shop, "type": "returned"}),
        )
        .await;
    res.assert_status(201);
    assert_eq!(res.body["data"]["total"], -2500);
    let returned = key(&res.body["data"]);
    let res = w
        .admin
        .get(&format!("/api/clients/parcels/invoices/{returned}"))
        .await;
    let fees: BTreeMap<String, i64> = res.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["parcel"].as_str().unwrap().to_owned(),
                l["fee"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(fees[&sent[3].code], 1500, "refusal fee");
    assert_eq!(fees[&sent[4].code], 1000, "return fee");
    let res = w
        .admin
        .put(
            &format!("/api/clients/invoices/{returned}"),
            json!({"status": "validated"}),
        )
        .await;
    assert_eq!(
        res.body["data"]["number"],
        format!("FC-{}-000002", year()).as_str(),
        "one sequence for both client types"
    );
}

/// Every delivery invoice (`delivery`), or every client invoice, in the database: (key, kind,
/// status, number, parcels_count, total).
type StoredInvoice = (String, String, String, Option<String>, i64, i64);

fn stored_invoices(w: &World, delivery: bool) -> Vec<StoredInvoice> {
    use colivra_db::schema::invoices;
    use diesel::prelude::*;
    invoices::table
        .filter(invoices::kind.eq("delivery").eq(delivery))
        .order(invoices::id.asc())
        .select((
            invoices::key,
            invoices::kind,
            invoices::status,
            invoices::number,
            invoices::parcels_count,
            invoices::total,
        ))
        .load(&mut w.app.conn())
        .unwrap()
}

/// The keys of the parcels whose invoice column of `kind` names the invoice `invoice`.
fn parcels_on(w: &World, kind: &str, invoice: &str) -> Vec<String> {
    use colivra_db::schema::{invoices, parcels};
    use diesel::prelude::*;
    let id: i64 = invoices::table
        .filter(invoices::key.eq(invoice))
        .select(invoices::id)
        .first(&mut w.app.conn())
        .unwrap();
    let on = parcels::table
        .select(parcels::key)
        .order(parcels::key.asc());
    match kind {
        "delivered" => on
            .filter(parcels::merchant_completed_invoice_id.eq(id))
            .load(&mut w.app.conn()),
        "delivery" => on
            .filter(parcels::delivery_person_invoice_id.eq(id))
            .load(&mut w.app.conn()),
        _ => unreachable!("{kind}"),
    }
    .unwrap()
}

/// How many activities of any subject are `action`.
fn activities_named(w: &World, action: &str) -> i64 {
    use colivra_db::schema::activities;
    use diesel::prelude::*;
    activities::table
        .filter(activities::action.eq(action))
        .count()
        .get_result(&mut w.app.conn())
        .unwrap()
}

fn sorted_codes(sent: &[Sent]) -> Vec<String> {
    let mut codes: Vec<String> = sent.iter().map(|s| s.code.clone()).collect();
    codes.sort();
    codes
}

#[actix_rt::test]
async fn twenty_drafts_at_once_leave_each_parcel_on_exactly_one_invoice() {
    let w = world().await;
    let plan: Vec<_> = (0..30)
        .map(|n| (10_000 + n, false, false, End::Delivered, 0))
        .collect();
    let sent = round(&w, &plan).await;
    w.hand_over_all_cash().await;
    let mut admins = Vec::new();
    for _ in 0..4 {
        admins.push(w.app.signed_in(Role::Admin, true).await.0);
    }
    // Twenty drafts of every eligible parcel of the shop, from four admins, released together.
    let race = crate::support::race(
        (0..20)
            .map(|i| {
                admins[i % admins.len()].racer(
                    Method::POST,
                    "/api/clients/invoices",
                    Some(json!({"shop": w.shop, "type": "delivered"})),
                )
            })
            .collect(),
    )
    .await;
    // One draft takes them all; the others either found them taken meanwhile (409) or found
    // nothing left to invoice (422).
    let winner = race.one_winner(201, &[409, 422]);
    assert!(
        race.in_flight_together() >= 2,
        "the drafts did not run together: {} in flight",
        race.in_flight_together()
    );
    let invoice = key(&winner.body["data"]);
    let expected_total: i64 = sent.iter().map(Sent::merchant_amount).sum();
    assert_eq!(winner.body["data"]["parcels_count"], 30);
    assert_eq!(winner.body["data"]["total"], expected_total);
    // The database: one invoice (no draft of a loser left behind), holding every parcel, with
    // the total the parcels make; one creation recorded.
    assert_eq!(
        stored_invoices(&w, false),
        [(
            invoice.clone(),
            "delivered".to_owned(),
            "draft".to_owned(),
            None,
            30,
            expected_total
        )]
    );
    assert_eq!(parcels_on(&w, "delivered", &invoice), sorted_codes(&sent));
    assert_eq!(activities_named(&w, "client_invoice.created"), 1);
}

#[actix_rt::test]
async fn a_delivery_person_and_an_admin_declaring_his_cash_at_once_make_one_invoice() {
    let w = world().await;
    let plan: Vec<_> = (0..12)
        .map(|n| {
            let end = if n % 4 == 3 {
                End::Refused
            } else {
                End::Delivered
            };
            (20_000 + 100 * n, n % 5 == 4, n % 3 == 0, end, 0)
        })
        .collect();
    let sent = round(&w, &plan).await;
    let expected_total: i64 = sent.iter().map(Sent::delivery_amount).sum();
    let (second_admin, _) = w.app.signed_in(Role::Admin, true).await;
    // His double tap and two admins drafting for him, released together.
    let body = json!({"delivery_admin": w.delivery_people[0].key});
    let race = crate::support::race(vec![
        w.delivery_people[0].client.racer(
            Method::POST,
            "/api/delivery-admins/invoices",
            Some(json!({})),
        ),
        w.delivery_people[0].client.racer(
            Method::POST,
            "/api/delivery-admins/invoices",
            Some(json!({})),
        ),
        w.admin.racer(
            Method::POST,
            "/api/delivery-admins/invoices",
            Some(body.clone()),
        ),
        second_admin.racer(Method::POST, "/api/delivery-admins/invoices", Some(body)),
    ])
    .await;
    let winner = race.one_winner(201, &[409, 422]);
    assert!(
        race.in_flight_together() >= 2,
        "the drafts did not run together"
    );
    let invoice = key(&winner.body["data"]);
    assert_eq!(winner.body["data"]["total"], expected_total);
    // The database: one delivery invoice holding every parcel he settles, its total the cash he
    // owes, one creation recorded.
    assert_eq!(
        stored_invoices(&w, true),
        [(
            invoice.clone(),
            "delivery".to_owned(),
            "draft".to_owned(),
            None,
            sent.len() as i64,
            expected_total
        )]
    );
    assert_eq!(parcels_on(&w, "delivery", &invoice), sorted_codes(&sent));
    assert_eq!(activities_named(&w, "delivery_invoice.created"), 1);
}

#[actix_rt::test]
async fn validations_at_once_give_distinct_consecutive_numbers_and_payments_at_once_record_one() {
    let w = world().await;
    let plan: Vec<_> = (0..8)
        .map(|n| (10_000 + n, false, false, End::Delivered, 0))
        .collect();
    let sent = round(&w, &plan).await;
    w.hand_over_all_cash().await;
    let invoices = crate::support::money::one_draft_per_parcel(&w, &sent).await;
    let (second_admin, _) = w.app.signed_in(Role::Admin, true).await;
    // Each invoice validated by two admins at once, the sixteen requests released together:
    // one validation per invoice, 8 numbers, no gap, no duplicate.
    let race =
        crate::support::money::validate_each_twice_at_once(&invoices, [&w.admin, &second_admin])
            .await;
    assert!(
        race.in_flight_together() >= 2,
        "the validations did not run together"
    );
    let stored = stored_invoices(&w, false);
    let mut numbers: Vec<String> = stored
        .iter()
        .map(|(_, _, status, number, _, _)| {
            assert_eq!(status, "validated");
            number.clone().unwrap()
        })
        .collect();
    numbers.sort();
    let wanted: Vec<String> = (1..=8).map(|n| format!("FC-{}-{n:06}", year())).collect();
    assert_eq!(numbers, wanted);
    assert_eq!(activities_named(&w, "client_invoice.validated"), 8);
    let last: i64 = {
        use colivra_db::schema::invoice_numbers;
        use diesel::prelude::*;
        invoice_numbers::table
            .filter(invoice_numbers::prefix.eq("FC"))
            .select(invoice_numbers::last_number)
            .first(&mut w.app.conn())
            .unwrap()
    };
    assert_eq!(last, 8, "the sequence moved once per validation");

    // One invoice paid by three admins at once: one payment recorded. A busy machine can send one
    // request only after another's answer: then the next invoice is paid the same way, until one
    // race really ran its requests together (each race's outcome checked all the same).
    let today = chrono::Utc::now().date_naive().to_string();
    let (third_admin, _) = w.app.signed_in(Role::Admin, true).await;
    let mut together = false;
    let mut paid = 0;
    for invoice in &invoices {
        let path = format!("/api/clients/invoices/{invoice}");
        let race = crate::support::race(
            [&w.admin, &second_admin, &third_admin]
                .iter()
                .enumerate()
                .map(|(i, admin)| {
                    let body = json!({"status": "paid", "payment_reference": format!("VIR-{i}"), "paid_on": today});
                    admin.racer(Method::PUT, &path, Some(body))
                })
                .collect(),
        )
        .await;
        let winner = race.one_winner(200, &[409]);
        paid += 1;
        let stored: (String, Option<String>) = {
            use colivra_db::schema::invoices;
            use diesel::prelude::*;
            invoices::table
                .filter(invoices::key.eq(invoice))
                .select((invoices::status, invoices::payment_reference))
                .first(&mut w.app.conn())
                .unwrap()
        };
        assert_eq!(stored.0, "paid");
        assert_eq!(
            stored.1.as_deref(),
            winner.body["data"]["payment_reference"].as_str()
        );
        assert_eq!(
            activities(&w, "client_invoice", invoice)
                .iter()
                .filter(|a| *a == "client_invoice.paid")
                .count(),
            1
        );
        assert_eq!(activities_named(&w, "client_invoice.paid"), paid);
        if race.in_flight_together() >= 2 {
            together = true;
            break;
        }
    }
    assert!(together, "the payments never ran together");
}

#[actix_rt::test]
async fn after_a_round_of_two_hundred_parcels_the_books_balance_to_the_centime() {
    let w = world().await;
    // A fixed pseudo-random round: amounts, kinds, cities, outcomes and couriers vary.
    let mut seed: u64 = 0x5eed_c0d5;
    let mut next = |bound: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % bound
    };
    let plan: Vec<_> = (0..200)
        .map(|_| {
            let cod = 1_000 + next(50_000) as i64;
            let refund = next(10) == 0;
            let rabat = next(3) == 0;
            let end = match next(10) {
                0..=6 => End::Delivered,
                7..=8 => End::Refused,
                _ => End::Cancelled,
            };
            let end = if refund { End::Delivered } else { end };
            (cod, refund, rabat, end, next(2) as usize)
        })
        .collect();
    let sent = round(&w, &plan).await;

    // Every delivery person declares; an admin counts exactly and validates.
    let mut handed_over = [0i64; 2];
    for (index, delivery_person) in [&w.delivery_people[0].client, &w.delivery_people[1].client]
        .iter()
        .enumerate()
    {
        let res = delivery_person
            .post("/api/delivery-admins/invoices", json!({}))
            .await;
        res.assert_status(201);
        let invoice = res.body["data"].clone();
        let total = invoice["total"].as_i64().unwrap();
        w.admin
            .put(
                &format!("/api/delivery-admins/invoices/{}", key(&invoice)),
                json!({"counted_amount": total}),
            )
            .await
            .assert_status(200);
        w.admin
            .put(
                &format!("/api/delivery-admins/invoices/{}", key(&invoice)),
                json!({"status": "validated"}),
            )
            .await
            .assert_status(200);
        handed_over[index] = total;
    }
    // The refused and cancelled parcels come back and are invoiced as returns.
    for (index, delivery_person) in [&w.delivery_people[0].client, &w.delivery_people[1].client]
        .iter()
        .enumerate()
    {
        let back: Vec<&String> = sent
            .iter()
            .filter(|s| s.plan.delivery_person == index && s.plan.end != End::Delivered)
            .map(|s| &s.code)
            .collect();
        if back.is_empty() {
            continue;
        }
        let res = delivery_person
            .post("/api/return-vouchers", json!({"parcels": back}))
            .await;
        res.assert_status(201);
        w.admin
            .put(
                &format!("/api/return-vouchers/{}/receive", key(&res.body["data"])),
                json!({}),
            )
            .await
            .assert_status(200);
    }
    let mut paid = 0i64;
    for invoice_type in ["delivered", "returned"] {
        let res = w
            .admin
            .post(
                "/api/clients/invoices",
                json!({"shop": w.shop, "type": invoice_type}),
            )
            .await;
        res.assert_status(201);
        let invoice = key(&res.body["data"]);
        w.admin
            .put(
                &format!("/api/clients/invoices/{invoice}"),
                json!({"status": "validated"}),
            )
            .await
            .assert_status(200);
        let today = chrono::Utc::now().date_naive().to_string();
        let res = w.admin.put(&format!("/api/clients/invoices/{invoice}"), json!({"status": "paid", "payment_reference": format!("VIR-{invoice_type}"), "paid_on": today})).await;
        res.assert_status(200);
        paid += res.body["data"]["total"].as_i64().unwrap();
    }

    // Expectations from the parcels as the test sent them, not from the code.
    for (index, handed) in handed_over.into_iter().enumerate() {
        let mine: Vec<&Sent> = sent
            .iter()
            .filter(|s| s.plan.delivery_person == index)
            .collect();
        let collected: i64 = mine
            .iter()
            .filter(|s| s.plan.end == End::Delivered)
            .map(|s| {
                if s.plan.refund {
                    -s.plan.cod
                } else {
                    s.plan.cod
                }
            })
            .sum();
        let commissions: i64 = mine
            .iter()
            .map(|s| {
                let (delivered, refused) = if s.plan.rabat {
                    (1800, 600)
                } else {
                    (1500, 500)
                };
                match s.plan.end {
                    End::Delivered => delivered,
                    End::Refused => refused,
                    End::Cancelled => 0,
                }
            })
            .sum();
        assert_eq!(
            collected,
            handed + commissions,
            "courier {index}: COD = cash handed over + commissions"
        );
        assert_eq!(
            handed,
            mine.iter().map(|s| s.delivery_amount()).sum::<i64>()
        );
    }
    let collected: i64 = sent
        .iter()
        .filter(|s| s.plan.end == End::Delivered)
        .map(|s| {
            if s.plan.refund {
                -s.plan.cod
            } else {
                s.plan.cod
            }
        })
        .sum();
    let fees: i64 = sent
        .iter()
        .map(|s| match s.plan.end {
            End::Delivered => {
                if s.plan.rabat {
                    2500
                } else {
                    2000
                }
            }
            End::Refused => 1500,
            End::Cancelled => 1000,
        })
        .sum();
    assert_eq!(
        collected - fees,
        paid,
        "the shop: COD collected − fees = what was paid"
    );
    // No parcel counted twice or missed: every parcel is on one delivery invoice unless
    // cancelled, and on one client invoice.
    use colivra_db::schema::parcels;
    use diesel::prelude::*;
    type InvoiceIds = (String, Option<i64>, Option<i64>, Option<i64>);
    let rows: Vec<InvoiceIds> = parcels::table
        .select((
            parcels::key,
            parcels::delivery_person_invoice_id,
            parcels::merchant_completed_invoice_id,
            parcels::merchant_returned_invoice_id,
        ))
        .load(&mut w.app.conn())
        .unwrap();
    assert_eq!(rows.len(), 200);
    for (code, delivery, completed, returned) in rows {
        let s = sent.iter().find(|s| s.code == code).unwrap();
        assert_eq!(delivery.is_some(), s.plan.end != End::Cancelled, "{code}");
        assert_eq!(completed.is_some(), s.plan.end == End::Delivered, "{code}");
        assert_eq!(returned.is_some(), s.plan.end != End::Delivered, "{code}");
    }
    let res = w.admin.get("/api/statistics").await;
    assert_eq!(res.body["data"]["money"]["cash_held"], 0);
    assert_eq!(res.body["data"]["money"]["payouts_due"], 0);
}
