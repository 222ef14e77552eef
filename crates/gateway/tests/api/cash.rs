//! Refunds carry cash the other way (issue 21): an exit voucher, its PDF, the delivery person's
//! round, his delivery invoice and a return voucher show cash to collect and cash to pay out
//! apart, with the net; a refund is never added to what is collected, and a return voucher moves
//! no cash and says so. Expectations come from the amounts the test created parcels with.

use crate::support::money::{key_of, money_world, record_outcomes, ship_round, End, Planned};
use serde_json::json;

#[actix_rt::test]
async fn a_refund_is_cash_paid_out_on_the_exit_voucher_the_round_the_invoice_and_never_on_a_return()
{
    let w = money_world(1).await;
    let plan = |cod: i64, refund: bool, end: End| Planned {
        cod,
        refund,
        rabat: false,
        end,
        delivery_person: 0,
    };
    // 250 DH and 49.90 DH to collect; a 120 DH refund to pay out; a 69.90 DH parcel refused.
    let (sent, exits) = ship_round(
        &w,
        &[
            plan(25_000, false, End::Delivered),
            plan(12_000, true, End::Delivered),
            plan(4_990, false, End::Delivered),
            plan(6_990, false, End::Refused),
        ],
    )
    .await;
    let (collect, pay_out) = (25_000 + 4_990 + 6_990, 12_000);

    // The exit voucher as the shipment answered it, and as the list and the detail show it.
    assert_eq!(exits.len(), 1);
    let exit = &exits[0];
    assert_eq!(exit["moves_cash"], true);
    assert_eq!(exit["cash_to_collect"], collect);
    assert_eq!(exit["cash_to_pay_out"], pay_out);
    assert_eq!(exit["net_cash"], collect - pay_out);
    let exit_key = key_of(exit);
    let res = w.admin.get(&format!("/api/exit-vouchers/{exit_key}")).await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["cash_to_pay_out"], pay_out);
    let res = w.delivery_people[0].client.get("/api/exit-vouchers").await;
    assert_eq!(res.body["data"][0]["net_cash"], collect - pay_out);
    // Its PDF: each row says what happens at the door, the refund's amount under « À rembourser »
    // (never a negative « à encaisser »), what comes back, and the totals apart.
    let res = w.delivery_people[0]
        .client
        .get(&format!("/api/exit-vouchers/{exit_key}/pdf"))
        .await;
    res.assert_status(200);
    let text = colivra_documents::extract_text(&res.bytes).unwrap();
    // Cells wrap: read it as one line of words.
    let text = crate::support::collapsed(&text);
    for wanted in [
        "Opération",
        "Livraison",
        "Remboursement — à rapporter : Robe abîmée",
        "À encaisser",
        "369,80 DH",
        "À rembourser",
        "120,00 DH",
        "0,00 DH",
        "Articles à rapporter",
        "Net à encaisser",
        "249,80 DH",
    ] {
        assert!(text.contains(wanted), "{wanted} missing from:\n{text}");
    }
    for unwanted in ["489,80", "-120,00"] {
        assert!(
            !text.contains(unwanted),
            "{unwanted}: a refund is never added to nor taken from what is collected:\n{text}"
        );
    }

    // His round: the same figures on his dashboard.
    let res = w.delivery_people[0].client.get("/api/statistics").await;
    assert_eq!(
        res.body["data"]["money"]["round"],
        json!({"cash_to_collect": collect, "cash_to_pay_out": pay_out, "net_cash": collect - pay_out})
    );

    // The outcomes; then his round is empty and his invoice keeps the refund apart.
    record_outcomes(&w, &sent).await;
    let res = w.delivery_people[0].client.get("/api/statistics").await;
    assert_eq!(
        res.body["data"]["money"]["round"],
        json!({"cash_to_collect": 0, "cash_to_pay_out": 0, "net_cash": 0})
    );
    let res = w.delivery_people[0]
        .client
        .post("/api/delivery-admins/invoices", json!({}))
        .await;
    res.assert_status(201);
    let invoice = &res.body["data"];
    assert_eq!(invoice["cash_to_collect"], 25_000 + 4_990);
    assert_eq!(invoice["cash_to_pay_out"], 12_000);
    assert_eq!(invoice["net_cash"], 25_000 + 4_990 - 12_000);
    assert_eq!(invoice["cod_total"], 25_000 + 4_990 - 12_000);

    // The refused parcel and the refund's collected item go back on a return voucher: no cash.
    let back = [sent[3].code.clone(), sent[1].code.clone()];
    let res = w.delivery_people[0]
        .client
        .post("/api/return-vouchers", json!({"parcels": back}))
        .await;
    res.assert_status(201);
    let voucher = &res.body["data"];
    assert_eq!(voucher["moves_cash"], false);
    assert_eq!(voucher["cash_to_collect"], 0);
    assert_eq!(voucher["cash_to_pay_out"], 0);
    assert_eq!(voucher["net_cash"], 0);
    let res = w
        .admin
        .get(&format!("/api/return-vouchers/{}/pdf", key_of(voucher)))
        .await;
    res.assert_status(200);
    let text = colivra_documents::extract_text(&res.bytes).unwrap();
    assert!(
        text.contains("Espèces transportées") && text.contains("Aucune"),
        "the return voucher says it moves no cash:\n{text}"
    );
    for unwanted in ["encaisser", "Total contre-remboursement", "69,90", "120,00"] {
        assert!(
            !text.contains(unwanted),
            "{unwanted} on a return voucher:\n{text}"
        );
    }
}
