//! Payout accounts and legal invoices (issue 21, parts 3 and 4), through the API on both
//! databases: a merchant's RIB change waits for an admin (approved, refused, replaced, decided
//! once even when two admins decide at the same moment), transfers and new invoices use the
//! approved RIB while validated invoices keep theirs, RIBs stay masked outside the merchant's own
//! screens and the documents that pay; the company's legal identity and the merchant's ICE print
//! on invoices that `pdftotext` reads back whole, page by page.

use crate::support::{
    collapsed, create_city, delivered_parcels, delivery_person_serving, pdftotext_pages, race,
    valid_rib, TestApp, TestClient,
};
use actix_web::http::Method;
use colivra_core::Role;
use diesel::prelude::*;
use serde_json::{json, Value};

/// A merchant with one shop paid to `rib_a`, an admin, a courier serving Casablanca.
struct Payout {
    app: TestApp,
    admin: TestClient,
    merchant: TestClient,
    merchant_key: String,
    shop: String,
    casa: String,
    delivery_person: (TestClient, String),
}

/// A bank's RIB certificate, as small as a PDF gets.
const CERTIFICATE: &[u8] =
    b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

fn rib_a() -> String {
    valid_rib("0117800000123456789012")
}
fn rib_b() -> String {
    valid_rib("2301810000987654321098")
}
fn rib_c() -> String {
    valid_rib("0077800000555566667777")
}
fn rib_d() -> String {
    valid_rib("1810100000111122223333")
}

fn masked(rib: &str) -> String {
    format!("•••• {}", &rib[20..])
}

async fn payout() -> Payout {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let casa = create_city(&admin, "Casablanca", 2000).await;
    let (merchant, user) = app.signed_in(Role::Merchant, true).await;
    let res = merchant
        .post(
            "/api/shops",
            json!({"name": "Atlas Mode", "phone": "0522334455", "address": "12 bd Anfa", "city": casa, "bank_account": rib_a()}),
        )
        .await;
    res.assert_status(201);
    let shop = res.body["data"]["key"].as_str().unwrap().to_owned();
    let delivery_person = delivery_person_serving(&app, &admin, &casa).await;
    Payout {
        app,
        admin,
        merchant,
        merchant_key: user.key,
        shop,
        casa,
        delivery_person,
    }
}

impl Payout {
    /// A validated `delivered` client invoice of new delivered parcels with these COD amounts.
    async fn validated_invoice(&self, cods: &[i64]) -> (String, String) {
        delivered_parcels(
            &self.admin,
            &self.merchant,
            (&self.delivery_person.0, &self.delivery_person.1),
            &self.shop,
            &self.casa,
            cods,
        )
        .await;
        let res = self
            .admin
            .post(
                "/api/clients/invoices",
                json!({"shop": self.shop, "type": "delivered"}),
            )
            .await;
        res.assert_status(201);
        let key = res.body["data"]["key"].as_str().unwrap().to_owned();
        let res = self
            .admin
            .put(
                &format!("/api/clients/invoices/{key}"),
                json!({"status": "validated"}),
            )
            .await;
        res.assert_status(200);
        (key, res.body["data"]["number"].as_str().unwrap().to_owned())
    }

    async fn merchant_shop(&self) -> Value {
        let res = self.merchant.get("/api/shops").await;
        res.assert_status(200);
        res.body["data"][0].clone()
    }

    /// The merchant asks for `rib` with the bank's certificate attached, as an approver needs
    /// it: the shop as the request answered it.
    async fn ask(&self, rib: &str) -> Value {
        let shop = self.ask_without_certificate(rib).await;
        let change = shop["bank_account_change"]["key"].as_str().unwrap();
        self.merchant
            .put_bytes(
                &format!("/api/shops/bank-account-changes/{change}/certificate"),
                CERTIFICATE.to_vec(),
                "application/pdf",
            )
            .await
            .assert_status(200);
        shop
    }

    async fn ask_without_certificate(&self, rib: &str) -> Value {
        let res = self
            .merchant
            .put(
                &format!("/api/shops/{}", self.shop),
                json!({"bank_account": rib}),
            )
            .await;
        res.assert_status(202);
        res.body["data"].clone()
    }

    /// The transfer file's lines: (rib, invoice number).
    async fn transfers(&self) -> Vec<(String, String)> {
        let res = self.admin.get("/api/clients/invoices/transfers").await;
        res.assert_status(200);
        res.text
            .lines()
            .skip(1)
            .map(|line| {
                let cells: Vec<&str> = line.split(',').collect();
                (cells[1].to_owned(), cells[3].to_owned())
            })
            .collect()
    }

    fn activities(&self, action: &str) -> Vec<Value> {
        use colivra_db::schema::activities;
        activities::table
            .filter(activities::action.eq(action))
            .order(activities::id.asc())
            .select(activities::details)
            .load::<Option<String>>(&mut *self.app.conn())
            .unwrap()
            .into_iter()
            .map(|d| serde_json::from_str(&d.unwrap_or_else(|| "null".into())).unwrap())
            .collect()
    }

    fn change_statuses(&self) -> Vec<(String, String)> {
        use colivra_db::schema::shop_bank_account_changes as changes;
        changes::table
            .order(changes::id.asc())
            .select((changes::new_bank_account, changes::status))
            .load(&mut *self.app.conn())
            .unwrap()
    }

    fn approved_rib(&self) -> Option<String> {
        use colivra_db::schema::shops;
        shops::table
            .filter(shops::key.eq(&self.shop))
            .select(shops::bank_account)
            .first(&mut *self.app.conn())
            .unwrap()
    }
}

#[actix_rt::test]
async fn a_merchants_new_rib_waits_for_an_admin_and_money_goes_to_the_approved_one() {
    let w = payout().await;
    let (first_invoice, first_number) = w.validated_invoice(&[50_000]).await;

    // The merchant asks for B: 202, the shop still pays A, the request is pending.
    let shop = w.ask(&format!(" {} ", rib_b())).await;
    assert_eq!(shop["bank_account"], rib_a().as_str());
    assert_eq!(shop["bank_account_change"]["status"], "pending");
    assert_eq!(
        shop["bank_account_change"]["bank_account"],
        rib_b().as_str()
    );
    assert_eq!(w.approved_rib(), Some(rib_a()));
    // Asking again for the same RIB opens nothing new.
    let res = w
        .merchant
        .put(
            &format!("/api/shops/{}", w.shop),
            json!({"bank_account": rib_b(), "name": "Atlas Mode"}),
        )
        .await;
    res.assert_status(200);

    // Staff see it masked but for its last 4 digits, in the work queue and on the shop.
    let res = w
        .admin
        .get("/api/shops/bank-account-changes?status=pending")
        .await;
    res.assert_status(200);
    assert_eq!(res.body["meta"]["total"], 1);
    let queued = &res.body["data"][0];
    assert_eq!(queued["shop"]["key"], w.shop.as_str());
    assert_eq!(queued["old_bank_account"], masked(&rib_a()).as_str());
    assert_eq!(queued["bank_account"], masked(&rib_b()).as_str());
    assert_eq!(queued["status"], "pending");
    let res = w
        .admin
        .get(&format!("/api/shops?client={}", w.merchant_key))
        .await;
    assert_eq!(
        res.body["data"][0]["bank_account"],
        masked(&rib_a()).as_str()
    );
    assert_eq!(
        res.body["data"][0]["bank_account_change"]["bank_account"],
        masked(&rib_b()).as_str()
    );
    assert!(!res.text.contains(&rib_a()) && !res.text.contains(&rib_b()));

    // Until approved, transfers and new invoices pay A; the merchant's invoice says so.
    let (second_invoice, second_number) = w.validated_invoice(&[30_000]).await;
    let res = w
        .merchant
        .get(&format!("/api/clients/invoices/{second_invoice}"))
        .await;
    assert_eq!(res.body["data"]["bank_account"], rib_a().as_str());
    let res = w
        .admin
        .get(&format!("/api/clients/invoices/{second_invoice}"))
        .await;
    assert_eq!(res.body["data"]["bank_account"], masked(&rib_a()).as_str());
    assert_eq!(
        w.transfers().await,
        vec![
            (rib_a(), first_number.clone()),
            (rib_a(), second_number.clone())
        ]
    );

    // A newer request replaces the pending one.
    w.ask(&rib_c()).await;
    assert_eq!(
        w.change_statuses(),
        vec![
            (rib_b(), "replaced".to_owned()),
            (rib_c(), "pending".to_owned())
        ]
    );
    let res = w
        .admin
        .get("/api/shops/bank-account-changes?status=pending")
        .await;
    assert_eq!(res.body["meta"]["total"], 1);
    let change_c = res.body["data"][0]["key"].as_str().unwrap().to_owned();

    // A refusal needs its reason; the merchant reads it, A stays.
    let res = w
        .admin
        .put(
            &format!("/api/shops/bank-account-changes/{change_c}"),
            json!({"status": "refused"}),
        )
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("comment").is_empty());
    let res = w
        .admin
        .put(
            &format!("/api/shops/bank-account-changes/{change_c}"),
            json!({"status": "refused", "comment": "L'attestation bancaire ne correspond pas."}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["status"], "refused");
    let shop = w.merchant_shop().await;
    assert_eq!(shop["bank_account"], rib_a().as_str());
    assert_eq!(shop["bank_account_change"]["status"], "refused");
    assert_eq!(
        shop["bank_account_change"]["comment"],
        "L'attestation bancaire ne correspond pas."
    );
    w.admin
        .put(
            &format!("/api/shops/bank-account-changes/{change_c}"),
            json!({"status": "approved"}),
        )
        .await
        .assert_status(409);
    assert_eq!(w.approved_rib(), Some(rib_a()));

    // D is approved: the approver sees which unpaid invoices it moves; in force at once for the
    // transfers (the file pays the RIB approved when it is made); validated invoices still show
    // the RIB they were validated with.
    w.ask(&rib_d()).await;
    let res = w
        .admin
        .get("/api/shops/bank-account-changes?status=pending")
        .await;
    let change_d = res.body["data"][0]["key"].as_str().unwrap().to_owned();
    let moved: Vec<String> = res.body["data"][0]["unpaid_invoices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|invoice| invoice["number"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(moved, [first_number.clone(), second_number.clone()]);
    // The approver sees the RIB asked for whole and split, to check against the certificate.
    let requested = &res.body["data"][0]["requested"];
    let rib = rib_d();
    assert_eq!(requested["bank_code"], &rib[..3]);
    assert_eq!(requested["city_code"], &rib[3..6]);
    assert_eq!(requested["account_number"], &rib[6..22]);
    assert_eq!(requested["check_key"], &rib[22..]);
    let res = w
        .admin
        .put(
            &format!("/api/shops/bank-account-changes/{change_d}"),
            json!({"status": "approved"}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(w.approved_rib(), Some(rib_d()));
    let shop = w.merchant_shop().await;
    assert_eq!(shop["bank_account"], rib_d().as_str());
    assert_eq!(shop["bank_account_change"]["status"], "approved");
    let (_, third_number) = w.validated_invoice(&[20_000]).await;
    assert_eq!(
        w.transfers().await,
        vec![
            (rib_d(), first_number),
            (rib_d(), second_number),
            (rib_d(), third_number)
        ]
    );
    let res = w
        .merchant
        .get(&format!("/api/clients/invoices/{first_invoice}"))
        .await;
    assert_eq!(res.body["data"]["bank_account"], rib_a().as_str());
    assert_eq!(res.body["data"]["shop"]["bank_account"], rib_d().as_str());
    // Paid by transfer: to the RIB approved then, recorded with the payment.
    let today = colivra_core::time::now().date().to_string();
    let res = w
        .admin
        .put(
            &format!("/api/clients/invoices/{first_invoice}"),
            json!({"status": "paid", "payment_method": "transfer", "payment_reference": "VIR-D-1", "paid_on": today}),
        )
        .await;
    res.assert_status(200);
    let res = w
        .merchant
        .get(&format!("/api/clients/invoices/{first_invoice}"))
        .await;
    assert_eq!(res.body["data"]["bank_account"], rib_a().as_str());
    assert_eq!(res.body["data"]["paid_bank_account"], rib_d().as_str());

    // A RIB is replaced, never removed; another merchant's shop is not found.
    let res = w
        .merchant
        .put(
            &format!("/api/shops/{}", w.shop),
            json!({"bank_account": ""}),
        )
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("bank_account").is_empty());
    let (stranger, _) = w.app.signed_in(Role::Merchant, true).await;
    stranger
        .put(
            &format!("/api/shops/{}", w.shop),
            json!({"bank_account": rib_b()}),
        )
        .await
        .assert_status(404);
    w.admin
        .put(
            "/api/shops/bank-account-changes/RBNOSUCH1",
            json!({"status": "approved"}),
        )
        .await
        .assert_status(404);

    // Every step is an activity naming the shop, with the RIBs masked, never in full.
    let requested = w.activities("shop.bank_account_requested");
    assert_eq!(requested.len(), 3);
    assert_eq!(requested[0]["shop"], w.shop.as_str());
    assert_eq!(
        requested[0]["bank_account"],
        json!({"old": masked(&rib_a()), "new": masked(&rib_b())})
    );
    assert_eq!(
        requested[1]["replaced"]
            .as_str()
            .map(|k| k.starts_with("RB")),
        Some(true)
    );
    let refused = w.activities("shop.bank_account_refused");
    assert_eq!(refused.len(), 1);
    assert_eq!(
        refused[0]["comment"],
        "L'attestation bancaire ne correspond pas."
    );
    let approved = w.activities("shop.bank_account_approved");
    assert_eq!(
        approved[0]["bank_account"],
        json!({"old": masked(&rib_a()), "new": masked(&rib_d())})
    );
    assert!(approved[0]["requested_by"].as_str().is_some());
    let everything = w.activities_text();
    for rib in [rib_a(), rib_b(), rib_c(), rib_d()] {
        assert!(!everything.contains(&rib), "a full RIB in the activity log");
    }
}

impl Payout {
    /// Every activity's details, as one text.
    fn activities_text(&self) -> String {
        use colivra_db::schema::activities;
        activities::table
            .select(activities::details)
            .load::<Option<String>>(&mut *self.app.conn())
            .unwrap()
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[actix_rt::test]
async fn an_admins_edit_applies_at_once_and_is_recorded_the_same_way() {
    let w = payout().await;
    let res = w
        .admin
        .put(
            &format!("/api/shops/{}", w.shop),
            json!({"bank_account": rib_b(), "phone": "0522000000"}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["bank_account"], masked(&rib_b()).as_str());
    assert_eq!(
        res.body["data"]["bank_account_change"]["status"],
        "approved"
    );
    assert_eq!(w.approved_rib(), Some(rib_b()));
    assert_eq!(w.change_statuses(), vec![(rib_b(), "approved".to_owned())]);
    let changed = w.activities("shop.bank_account_changed");
    assert_eq!(
        changed[0]["bank_account"],
        json!({"old": masked(&rib_a()), "new": masked(&rib_b())})
    );
    let edited = w.activities("shop.updated");
    assert_eq!(
        edited[0]["phone"],
        json!({"old": "0522334455", "new": "0522000000"})
    );

    // While the merchant's request waits, staff decide it rather than overwrite it.
    w.ask(&rib_c()).await;
    w.admin
        .put(
            &format!("/api/shops/{}", w.shop),
            json!({"bank_account": rib_d()}),
        )
        .await
        .assert_status(409);
    // A wrong RIB is a 422 for anyone.
    let mut wrong = rib_d().into_bytes();
    wrong[23] = if wrong[23] == b'9' {
        b'0'
    } else {
        wrong[23] + 1
    };
    let res = w
        .admin
        .put(
            &format!("/api/shops/{}", w.shop),
            json!({"bank_account": String::from_utf8(wrong).unwrap()}),
        )
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("bank_account").is_empty());
}

#[actix_rt::test]
async fn approve_and_refuse_at_the_same_moment_leave_one_decision() {
    crate::support::until_in_flight_together(async || {
        let w = payout().await;
        w.ask(&rib_b()).await;
        let res = w
            .admin
            .get("/api/shops/bank-account-changes?status=pending")
            .await;
        let change = res.body["data"][0]["key"].as_str().unwrap().to_owned();
        let (other_admin, _) = w.app.signed_in(Role::Admin, true).await;
        let path = format!("/api/shops/bank-account-changes/{change}");
        let result = race(vec![
            w.admin
                .racer(Method::PUT, &path, Some(json!({"status": "approved"}))),
            other_admin.racer(
                Method::PUT,
                &path,
                Some(json!({"status": "refused", "comment": "RIB d'un tiers"})),
            ),
        ])
        .await;
        let winner = result.one_winner(200, &[409]);
        let decided = winner.body["data"]["status"].as_str().unwrap().to_owned();

        // The database holds that one decision, and the shop's RIB follows it.
        assert_eq!(w.change_statuses(), vec![(rib_b(), decided.clone())]);
        let expected_rib = if decided == "approved" {
            rib_b()
        } else {
            rib_a()
        };
        assert_eq!(w.approved_rib(), Some(expected_rib));
        let decisions = w.activities("shop.bank_account_approved").len()
            + w.activities("shop.bank_account_refused").len();
        assert_eq!(decisions, 1);
        result
    })
    .await;
}

#[actix_rt::test]
async fn the_company_identity_and_a_merchants_ice_are_checked() {
    let w = payout().await;
    let res = w.admin.get("/api/settings/company").await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["configured"], false);
    let res = w
        .admin
        .put(
            "/api/settings/company",
            json!({"name": " ", "address": "", "ice": "00123456700008", "if": "12A", "rc": "", "patente": "1234567890123456", "cnss": "x"}),
        )
        .await;
    res.assert_status(422);
    for field in ["name", "address", "ice", "if", "rc", "patente", "cnss"] {
        assert!(!res.field_errors(field).is_empty(), "{field}: {}", res.text);
    }
    let res = w
        .admin
        .put(
            "/api/settings/company",
            json!({"name": "Colivra Logistique SARL", "address": "12 rue des Entrepreneurs, Casablanca", "ice": "001 234 567 000 089", "if": "12345678", "rc": "123456"}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["ice"], "001234567000089");
    assert_eq!(res.body["data"]["patente"], Value::Null);
    let res = w.admin.get("/api/settings/company").await;
    assert_eq!(res.body["data"]["configured"], true);
    assert_eq!(res.body["data"]["if"], "12345678");
    let updated = w.activities("settings.company_updated");
    assert_eq!(
        updated[0]["ice"],
        json!({"old": null, "new": "001234567000089"})
    );

    // A merchant's ICE: on his profile, at registration, by an admin; 15 digits or 422.
    let res = w.merchant.put("/api/users", json!({"ice": "1234"})).await;
    res.assert_status(422);
    assert!(!res.field_errors("ice").is_empty());
    let res = w
        .merchant
        .put("/api/users", json!({"ice": "002345678000012"}))
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["ice"], "002345678000012");
    let profile = w.activities("user.profile_updated");
    assert_eq!(
        profile.last().unwrap()["ice"],
        json!({"old": null, "new": "002345678000012"})
    );
    let res = w
        .admin
        .put(
            &format!("/api/clients/{}", w.merchant_key),
            json!({"ice": "003456789000023"}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["ice"], "003456789000023");
    let res = w
        .admin
        .put(
            &format!("/api/clients/{}", w.merchant_key),
            json!({"ice": "00345678900002X"}),
        )
        .await;
    res.assert_status(422);
    let res = w
        .admin
        .put("/api/users", json!({"ice": "003456789000023"}))
        .await;
    res.assert_status(422);

    let visitor = w.app.client();
    visitor.get("/sanctum/csrf-cookie").await.assert_status(204);
    let registration = json!({"first_name": "Salma", "last_name": "Idrissi", "email": "salma@atlas.ma",
        "phone": "0661234567", "password": "Tajine-Safran-2026", "password_confirmation": "Tajine-Safran-2026",
        "city": "Casablanca", "ice": "12"});
    let res = visitor.post("/api/clients", registration.clone()).await;
    res.assert_status(422);
    assert!(!res.field_errors("ice").is_empty());
    let mut registration = registration;
    registration["ice"] = json!("004567890000034");
    let res = visitor.post("/api/clients", registration).await;
    res.assert_status(201);
    assert_eq!(res.body["user_data"]["ice"], "004567890000034");
}

/// 39 parcels of 2,000 DH and one of 2,597.99 DH, less 40 delivery fees of 20 DH: 79,797.99 DH.
const COD_AMOUNTS: [i64; 40] = {
    let mut cods = [200_000; 40];
    cods[39] = 259_799;
    cods
};
const TOTAL_IN_WORDS: &str = "Arrêtée la présente facture à la somme de soixante-dix-neuf mille \
    sept cent quatre-vingt-dix-sept dirhams et quatre-vingt-dix-neuf centimes (79 797,99 DH), \
    à payer au client.";
const PAYMENT_REFERENCE: &str = "VIR-BMCE-20261125-000123456789";

fn joined(text: &str) -> String {
    text.split_whitespace().collect()
}

#[actix_rt::test]
async fn a_multi_page_merchant_invoice_reads_back_whole_with_both_ices_and_page_numbers() {
    let w = payout().await;
    w.admin
        .put(
            "/api/settings/company",
            json!({"name": "Colivra Logistique SARL", "address": "12 rue des Entrepreneurs, zone industrielle Sidi Maârouf, 20280 Casablanca",
                   "ice": "001234567000089", "if": "12345678", "rc": "123456", "patente": "34567890", "cnss": "1234567"}),
        )
        .await
        .assert_status(200);
    w.merchant
        .put("/api/users", json!({"ice": "002345678000012"}))
        .await
        .assert_status(200);
    assert_eq!(
        COD_AMOUNTS.iter().sum::<i64>() - 40 * 2000,
        7_979_799,
        "the total the words below spell"
    );
    let (invoice, number) = w.validated_invoice(&COD_AMOUNTS).await;
    let today = chrono::Utc::now().date_naive().to_string();
    w.admin
        .put(
            &format!("/api/clients/invoices/{invoice}"),
            json!({"status": "paid", "payment_reference": PAYMENT_REFERENCE, "paid_on": today}),
        )
        .await
        .assert_status(200);
    // Changed after validation: the invoice keeps what it was validated with.
    w.admin
        .put(
            "/api/settings/company",
            json!({"name": "Colivra Logistique SARL", "address": "1 avenue Nouvelle, Rabat",
                   "ice": "001234567000089", "if": "12345678", "rc": "999999"}),
        )
        .await
        .assert_status(200);
    w.ask(&rib_b()).await;
    let res = w
        .admin
        .get("/api/shops/bank-account-changes?status=pending")
        .await;
    let change = res.body["data"][0]["key"].as_str().unwrap().to_owned();
    w.admin
        .put(
            &format!("/api/shops/bank-account-changes/{change}"),
            json!({"status": "approved"}),
        )
        .await
        .assert_status(200);

    let res = w
        .merchant
        .get(&format!("/api/clients/invoices/{invoice}/pdf"))
        .await;
    res.assert_status(200);
    let pages = pdftotext_pages(&res.bytes);
    let n = pages.len();
    assert!(n >= 3, "40 rows on {n} pages");
    let text = pages.join("\n");
    let flat = collapsed(&text);
    assert!(
        flat.contains(TOTAL_IN_WORDS),
        "the amount in words, whole:\n{text}"
    );
    for expected in [
        "ICE 001234567000089",
        "IF 12345678",
        "RC 123456",
        "Patente 34567890",
        "CNSS 1234567",
        "ICE : 002345678000012",
        "12 rue des Entrepreneurs, zone industrielle Sidi Maârouf, 20280 Casablanca",
    ] {
        assert!(flat.contains(expected), "{expected:?} not in:\n{text}");
    }
    assert!(joined(&text).contains(PAYMENT_REFERENCE), "{text}");
    // Paid to the RIB it was validated with, in full on the document that pays.
    assert!(joined(&text).contains(&rib_a()), "{text}");
    assert!(!joined(&text).contains(&rib_b()));
    assert!(!flat.contains("RC 999999") && !flat.contains("Nouvelle"));
    assert!(!text.contains('…'), "nothing is cut:\n{text}");
    assert!(!text.contains(&invoice), "the invoice's internal key shows");
    for (i, page) in pages.iter().enumerate() {
        let page = collapsed(page);
        assert!(
            page.contains(&format!("Page {} / {n}", i + 1)),
            "page {}: {page}",
            i + 1
        );
        assert!(
            page.contains(&format!("Facture {number}")),
            "page {}: {page}",
            i + 1
        );
        assert!(page.contains("ICE 001234567000089"), "page {}", i + 1);
    }

    // An invoice is a legal document: French for a merchant who reads Arabic, unless the company
    // lets invoices follow the reader's language; the amount in words stays the French mention.
    w.merchant
        .put("/api/users/language", json!({"language": "ar"}))
        .await
        .assert_status(204);
    let pdf_text = |bytes: &[u8]| pdftotext_pages(bytes).join("\n");
    let res = w
        .merchant
        .get(&format!("/api/clients/invoices/{invoice}/pdf"))
        .await;
    let text = pdf_text(&res.bytes);
    assert!(
        text.contains("Net à payer au client") && !text.contains("فاتورة"),
        "{text}"
    );
    // The screens say so: the list and the invoice name the language its PDF prints in.
    let pdf_language = async |path: String| {
        let res = w.merchant.get(&path).await;
        res.assert_status(200);
        res.body["data"].clone()
    };
    let shown = pdf_language(format!("/api/clients/invoices/{invoice}")).await;
    assert_eq!(shown["pdf_language"], "fr", "{shown}");
    let listed = pdf_language("/api/clients/invoices".to_owned()).await;
    assert!(
        listed
            .as_array()
            .unwrap()
            .iter()
            .all(|one| one["pdf_language"] == "fr"),
        "{listed}"
    );
    let mut company = w.admin.get("/api/settings/company").await.body["data"].clone();
    assert_eq!(company["invoices_in_reader_language"], false);
    company["invoices_in_reader_language"] = json!(true);
    w.admin
        .put("/api/settings/company", company)
        .await
        .assert_status(200);
    assert_eq!(
        w.activities("settings.company_updated").last().unwrap()["invoices_in_reader_language"],
        json!({"old": false, "new": true})
    );
    let res = w
        .merchant
        .get(&format!("/api/clients/invoices/{invoice}/pdf"))
        .await;
    let text = pdf_text(&res.bytes);
    for expected in [
        "فاتورة",
        "الصافي المستحق للتاجر",
        "رمز التتبع",
        "صفحة",
        number.as_str(),
    ] {
        assert!(text.contains(expected), "{expected:?} not in:\n{text}");
    }
    assert!(collapsed(&text).contains(TOTAL_IN_WORDS), "{text}");
    let shown = pdf_language(format!("/api/clients/invoices/{invoice}")).await;
    assert_eq!(shown["pdf_language"], "ar", "{shown}");
    let listed = pdf_language("/api/clients/invoices".to_owned()).await;
    assert_eq!(listed[0]["pdf_language"], "ar", "{listed}");
    let delivery = w.admin.get("/api/delivery-admins/invoices").await;
    assert_eq!(
        delivery.body["data"][0]["pdf_language"], "fr",
        "the admin reads French: {}",
        delivery.text
    );
    w.merchant
        .put("/api/users/language", json!({"language": "fr"}))
        .await
        .assert_status(204);

    // Vouchers carry the company's identity and their code on every page too.
    let res = w.admin.get("/api/exit-vouchers").await;
    let voucher = res.body["data"][0]["key"].as_str().unwrap().to_owned();
    let res = w
        .admin
        .get(&format!("/api/exit-vouchers/{voucher}/pdf"))
        .await;
    res.assert_status(200);
    let pages = pdftotext_pages(&res.bytes);
    let n = pages.len();
    for (i, page) in pages.iter().enumerate() {
        let page = collapsed(page);
        assert!(page.contains(&format!("Bon de sortie {voucher}")), "{page}");
        assert!(page.contains(&format!("Page {} / {n}", i + 1)), "{page}");
        assert!(
            page.contains("RC 999999"),
            "the identity in force now: {page}"
        );
    }
}

#[actix_rt::test]
async fn two_requests_of_one_merchant_at_once_leave_one_pending_change() {
    crate::support::until_in_flight_together(async || {
        let w = payout().await;
        w.ask(&rib_b()).await;
        let path = format!("/api/shops/{}", w.shop);
        let result = race(vec![
            w.merchant
                .racer(Method::PUT, &path, Some(json!({"bank_account": rib_c()}))),
            w.merchant
                .racer(Method::PUT, &path, Some(json!({"bank_account": rib_d()}))),
        ])
        .await;
        // Queued (SQLite), the second replaces the first; side by side (PostgreSQL), the one-pending
        // index refuses one. Either way one request waits, never two.
        let statuses = result.statuses();
        assert!(
            statuses.contains(&202) && statuses.iter().all(|s| *s == 202 || *s == 409),
            "{statuses:?}"
        );
        let changes = w.change_statuses();
        let pending: Vec<&(String, String)> =
            changes.iter().filter(|(_, s)| s == "pending").collect();
        assert_eq!(pending.len(), 1, "{changes:?}");
        assert!(pending[0].0 == rib_c() || pending[0].0 == rib_d());
        assert_eq!(changes[0], (rib_b(), "replaced".to_owned()));
        assert_eq!(w.approved_rib(), Some(rib_a()));
        result
    })
    .await;
}

#[actix_rt::test]
async fn a_rib_change_carries_the_banks_certificate_seen_by_its_merchant_and_admins_only() {
    let w = payout().await;
    w.ask_without_certificate(&rib_b()).await;
    let res = w
        .admin
        .get("/api/shops/bank-account-changes?status=pending")
        .await;
    let change = res.body["data"][0]["key"].as_str().unwrap().to_owned();
    assert_eq!(res.body["data"][0]["certificate"], Value::Null);
    let path = format!("/api/shops/bank-account-changes/{change}/certificate");
    w.admin.get(&path).await.assert_status(404);
    // Nothing to check it against: not approved.
    let res = w
        .admin
        .put(
            &format!("/api/shops/bank-account-changes/{change}"),
            json!({"status": "approved"}),
        )
        .await;
    res.assert_status(422);
    assert!(
        res.field_errors("status")[0].contains("attestation"),
        "{}",
        res.text
    );
    assert_eq!(w.approved_rib(), Some(rib_a()));

    // Typed by its content, whatever it says it is; 2 MB at most.
    let res = w
        .merchant
        .put_bytes(&path, b"just some text".to_vec(), "application/pdf")
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("certificate").is_empty());
    let mut big = b"%PDF-1.4\n".to_vec();
    big.resize(2 * 1024 * 1024 + 1, b' ');
    w.merchant
        .put_bytes(&path, big, "application/pdf")
        .await
        .assert_status(422);
    let pdf = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
        .to_vec();
    let res = w
        .merchant
        .put_bytes(&path, pdf.clone(), "application/octet-stream")
        .await;
    res.assert_status(200);
    assert_eq!(
        res.body["data"]["certificate"]["media_type"],
        "application/pdf"
    );
    // The merchant's shop says it is attached.
    let shop = w.merchant_shop().await;
    assert_eq!(
        shop["bank_account_change"]["certificate"]["media_type"],
        "application/pdf"
    );

    // Another merchant neither attaches nor opens it.
    let (other, _) = w.app.signed_in(Role::Merchant, true).await;
    other
        .put_bytes(&path, pdf.clone(), "application/pdf")
        .await
        .assert_status(404);
    other.get(&path).await.assert_status(404);

    // The approver opens it (never cached) beside the RIB asked for, then decides.
    let res = w.admin.get(&path).await;
    res.assert_status(200);
    assert_eq!(res.bytes, pdf);
    assert_eq!(res.header("content-type"), Some("application/pdf"));
    assert_eq!(res.header("cache-control"), Some("no-store"));
    w.merchant.get(&path).await.assert_status(200);
    w.admin
        .put(
            &format!("/api/shops/bank-account-changes/{change}"),
            json!({"status": "approved"}),
        )
        .await
        .assert_status(200);
    // Decided: it stays on record and changes no more.
    w.admin.get(&path).await.assert_status(200);
    w.merchant
        .put_bytes(&path, pdf, "application/pdf")
        .await
        .assert_status(409);
}
