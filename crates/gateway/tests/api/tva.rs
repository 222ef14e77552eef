//! TVA on client invoices and how a payment was made (issue 36): fees HT, TVA and TTC apart from
//! the COD, at the company's rate while draft and as kept once validated; an exemption's mention
//! instead of a rate; transfer, cheque or cash recorded and worded on the screens and the PDF.
//! Every expected figure is computed by hand from the world's prices (Casablanca delivery 20 DH,
//! Rabat 25 DH, refusal 15 DH).

use crate::support::money::{
    hand_back, key_of, money_world_with, play_round, End, MoneyWorld, Planned,
};
use serde_json::{json, Value};

fn planned(cod: i64, rabat: bool, end: End) -> Planned {
    Planned {
        cod,
        refund: false,
        rabat,
        end,
        delivery_person: 0,
    }
}

/// The company's identity with this TVA (the identity's fields are required with it).
async fn set_tva(
    w: &MoneyWorld,
    rate: Option<i64>,
    exemption: Option<&str>,
) -> crate::support::Response {
    w.admin
        .put(
            "/api/settings/company",
            json!({
                "name": "Colivra Logistique SARL",
                "address": "27 rue Ibnou Mounir, Casablanca",
                "ice": "001234567000089",
                "if": "40123456",
                "rc": "512345",
                "tva_rate": rate,
                "tva_exemption": exemption,
            }),
        )
        .await
}

fn tva_of(invoice: &Value) -> (Value, Value, Value, Value) {
    (
        invoice["tva_rate"].clone(),
        invoice["fees_ht"].clone(),
        invoice["tva_amount"].clone(),
        invoice["fees_ttc"].clone(),
    )
}

/// A draft of every eligible parcel of the world's shop (201).
async fn draft(w: &MoneyWorld, invoice_type: &str) -> crate::support::Response {
    let res = w
        .admin
        .post(
            "/api/clients/invoices",
            json!({"shop": w.shop, "type": invoice_type}),
        )
        .await;
    res.assert_status(201);
    res
}

async fn pdf_text(w: &MoneyWorld, invoice: &str) -> String {
    let res = w
        .admin
        .get(&format!("/api/clients/invoices/{invoice}/pdf"))
        .await;
    res.assert_status(200);
    colivra_documents::extract_text(&res.bytes).unwrap()
}

#[actix_rt::test]
async fn client_invoices_split_their_fees_into_ht_and_tva_and_say_how_they_were_paid() {
    let w = money_world_with(1, Some("011780000012345678901296")).await;
    let sent = play_round(
        &w,
        &[
            planned(25_000, false, End::Delivered),
            planned(18_000, false, End::Delivered),
            planned(30_000, true, End::Delivered),
            planned(40_000, false, End::Refused),
        ],
    )
    .await;
    w.hand_over_all_cash().await;

    // The settings: 20 % until set; a rate out of range or 0 without a mention is refused.
    let res = w.admin.get("/api/settings/company").await;
    assert_eq!(res.body["data"]["tva_rate"], 20);
    assert_eq!(res.body["data"]["tva_exemption"], Value::Null);
    let res = set_tva(&w, Some(101), None).await;
    res.assert_status(422);
    assert!(!res.field_errors("tva_rate").is_empty());
    let res = set_tva(&w, Some(0), Some("  ")).await;
    res.assert_status(422);
    assert!(!res.field_errors("tva_exemption").is_empty());

    // A draft of three delivered parcels: 20 + 20 + 25 = 65,00 DH of fees TTC;
    // 65 / 1,2 = 54,1666… → 54,17 HT and 10,83 TVA. The COD stays apart.
    let res = draft(&w, "delivered").await;
    let invoice = key_of(&res.body["data"]);
    assert_eq!(res.body["data"]["fees_total"], 6_500);
    assert_eq!(res.body["data"]["cod_total"], 73_000);
    assert_eq!(
        tva_of(&res.body["data"]),
        (json!(20), json!(5_417), json!(1_083), json!(6_500))
    );
    assert_eq!(
        res.body["data"]["total"],
        73_000 - 6_500,
        "TVA moves no money"
    );
    assert_eq!(res.body["data"]["payment_method"], Value::Null);

    // At 10 % the draft follows the rate: 65 / 1,1 = 59,0909… → 59,09 HT, 5,91 TVA; validated,
    // it keeps that rate whatever the settings say later.
    set_tva(&w, Some(10), None).await.assert_status(200);
    let res = w
        .admin
        .get(&format!("/api/clients/invoices/{invoice}"))
        .await;
    assert_eq!(
        tva_of(&res.body["data"]),
        (json!(10), json!(5_909), json!(591), json!(6_500))
    );
    w.admin
        .put(
            &format!("/api/clients/invoices/{invoice}"),
            json!({"status": "validated"}),
        )
        .await
        .assert_status(200);
    set_tva(&w, Some(20), None).await.assert_status(200);
    let res = w
        .merchant
        .get(&format!("/api/clients/invoices/{invoice}"))
        .await;
    res.assert_status(200);
    assert_eq!(
        tva_of(&res.body["data"]),
        (json!(10), json!(5_909), json!(591), json!(6_500))
    );
    let text = pdf_text(&w, &invoice).await;
    for wanted in [
        "(débours)",
        "730,00 DH",
        "Frais HT",
        "59,09 DH",
        "TVA 10 %",
        "5,91 DH",
        "Frais TTC",
        "65,00 DH",
    ] {
        assert!(text.contains(wanted), "{wanted} missing from:\n{text}");
    }

    // Payment: an unknown method, a cheque without its number; then a cheque.
    let path = format!("/api/clients/invoices/{invoice}");
    let today = chrono::Utc::now().date_naive().to_string();
    let res = w
        .admin
        .put(
            &path,
            json!({"status": "paid", "payment_method": "card", "payment_reference": "X", "paid_on": today}),
        )
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("payment_method").is_empty());
    let res = w
        .admin
        .put(
            &path,
            json!({"status": "paid", "payment_method": "cheque", "paid_on": today}),
        )
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("payment_reference").is_empty());
    let res = w
        .admin
        .put(
            &path,
            json!({"status": "paid", "payment_method": "cheque", "payment_reference": "0012345", "paid_on": today}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["payment_method"], "cheque");
    assert_eq!(res.body["data"]["payment_reference"], "0012345");
    let text = pdf_text(&w, &invoice).await;
    assert!(text.contains("Chèque n° 0012345"), "{text}");
    assert!(!text.to_lowercase().contains("virement"), "{text}");

    // An exempt company: the returned invoice of the refused parcel (15,00 DH) charges no TVA,
    // prints the mention, and is settled in cash against a receipt (its number required).
    let mention = "Exonéré de TVA en vertu de l'article 91 du CGI";
    set_tva(&w, Some(20), Some(mention))
        .await
        .assert_status(200);
    hand_back(&w, 0, &[&sent[3].code]).await;
    let res = draft(&w, "returned").await;
    let returned = key_of(&res.body["data"]);
    assert_eq!(
        tva_of(&res.body["data"]),
        (json!(0), json!(1_500), json!(0), json!(1_500))
    );
    assert_eq!(res.body["data"]["tva_exemption"], mention);
    let path = format!("/api/clients/invoices/{returned}");
    w.admin
        .put(&path, json!({"status": "validated"}))
        .await
        .assert_status(200);
    let res = w
        .admin
        .put(
            &path,
            json!({"status": "paid", "payment_method": "cash", "paid_on": today}),
        )
        .await;
    res.assert_status(422);
    assert!(res.field_errors("payment_reference")[0].contains("reçu"));
    let res = w
        .admin
        .put(
            &path,
            json!({"status": "paid", "payment_method": "cash", "payment_reference": "R-17", "paid_on": today}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["payment_method"], "cash");
    let text = pdf_text(&w, &returned).await;
    let text = crate::support::collapsed(&text);
    assert!(text.contains(mention), "{text}");
    assert!(text.contains("Espèces, reçu n° R-17"), "{text}");
    assert!(!text.contains("TVA 20 %"), "{text}");
}

#[actix_rt::test]
async fn an_invoice_validated_before_tva_keeps_what_it_printed() {
    let w = money_world_with(1, Some("011780000012345678901296")).await;
    play_round(&w, &[planned(25_000, false, End::Delivered)]).await;
    w.hand_over_all_cash().await;
    let res = draft(&w, "delivered").await;
    let invoice = key_of(&res.body["data"]);
    w.admin
        .put(
            &format!("/api/clients/invoices/{invoice}"),
            json!({"status": "validated"}),
        )
        .await
        .assert_status(200);
    // As the migration leaves an invoice validated before it: no TVA kept.
    {
        use colivra_db::schema::invoices;
        use diesel::prelude::*;
        diesel::update(invoices::table.filter(invoices::key.eq(&invoice)))
            .set((
                invoices::tva_rate.eq(None::<i64>),
                invoices::fees_ht.eq(None::<i64>),
                invoices::tva_amount.eq(None::<i64>),
            ))
            .execute(&mut w.app.conn())
            .unwrap();
    }
    let res = w
        .admin
        .get(&format!("/api/clients/invoices/{invoice}"))
        .await;
    assert_eq!(
        tva_of(&res.body["data"]),
        (Value::Null, Value::Null, Value::Null, Value::Null)
    );
    let text = pdf_text(&w, &invoice).await;
    assert!(text.contains("Total des frais"), "{text}");
    assert!(!text.contains("Frais HT"), "{text}");
}
