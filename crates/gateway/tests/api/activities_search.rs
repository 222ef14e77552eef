//! The activity log (scope, filters, pages, labels and values in the reader's language, codes
//! instead of internal ids, the key filter by code prefix, the CSV export) and the top bar's
//! search (parcels, people, tickets, vouchers, invoices, each within the caller's rights).

use crate::support::{Hub, TestApp, TestClient};
use colivra_core::Role;
use diesel::prelude::*;
use serde_json::{json, Value};

fn actions(list: &Value) -> Vec<String> {
    list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].as_str().unwrap().to_owned())
        .collect()
}

#[actix_rt::test]
async fn each_caller_reads_the_activities_of_his_scope_newest_first() {
    let app = TestApp::spawn().await;
    let (admin, admin_user) = app.signed_in(Role::Admin, true).await;
    let city = admin
        .post(
            "/api/cities",
            json!({"name": "Rabat", "delivery_fee": 2000, "return_fee": 1000, "refusal_fee": 1500}),
        )
        .await;
    let city = city.body["data"]["key"].as_str().unwrap().to_owned();
    let (merchant, owner) = app.signed_in(Role::Merchant, true).await;
    let shop = merchant
        .post(
            "/api/shops",
            json!({"name": "Atlas", "phone": "0522334455", "address": "1 rue A", "city": city}),
        )
        .await;
    shop.assert_status(201);
    let shop_key = shop.body["data"]["key"].as_str().unwrap().to_owned();
    // His staff member's actions are his too.
    let member = app.create_user(Role::Merchant, "aide@atlas.ma", true, None);
    diesel::insert_into(colivra_db::schema::merchant_staff::table)
        .values((
            colivra_db::schema::merchant_staff::user_id.eq(member.id),
            colivra_db::schema::merchant_staff::owner_id.eq(owner.id),
        ))
        .execute(&mut *app.conn())
        .unwrap();
    let team = app.client();
    team.login("aide@atlas.ma", crate::support::PASSWORD)
        .await
        .assert_status(200);
    team.post(
        "/api/tickets",
        json!({"subject": "Question", "category": "other", "message": "Bonjour"}),
    )
    .await
    .assert_status(201);
    let (other, _) = app.signed_in(Role::Merchant, true).await;
    let (delivery_person, delivery_person_user) = app.signed_in(Role::DeliveryPerson, true).await;

    let mine = merchant.get("/api/activities").await;
    mine.assert_status(200);
    assert_eq!(
        actions(&mine.body),
        vec![
            "ticket.opened",
            "user.signed_in",
            "shop.created",
            "user.signed_in"
        ]
    );
    assert_eq!(mine.body["data"][0]["action_label"], "Ticket ouvert");
    assert_eq!(mine.body["data"][0]["user"]["key"], member.key.as_str());
    assert_eq!(mine.body["data"][2]["subject_key"], shop_key.as_str());
    assert_eq!(mine.body["data"][0]["details"]["category"], "other");
    assert_eq!(
        actions(&other.get("/api/activities").await.body),
        vec!["user.signed_in"]
    );
    let own = delivery_person.get("/api/activities").await;
    assert_eq!(actions(&own.body), vec!["user.signed_in"]);
    assert_eq!(
        own.body["data"][0]["user"]["key"],
        delivery_person_user.key.as_str()
    );

    // Staff holding the dashboard: everything, filtered and paged; `mine`: their own.
    let all = admin.get("/api/activities?per_page=2").await;
    assert_eq!(all.body["meta"]["total"], 8, "{}", all.text);
    assert_eq!(all.body["meta"]["last_page"], 4);
    assert_eq!(actions(&all.body), vec!["user.signed_in", "user.signed_in"]);
    let created = admin.get("/api/activities?action=shop.created").await;
    assert_eq!(created.body["meta"]["total"], 1);
    let by_key = admin
        .get(&format!("/api/activities?subject_key={shop_key}"))
        .await;
    assert_eq!(actions(&by_key.body), vec!["shop.created"]);
    let by_user = admin
        .get(&format!("/api/activities?user={}", admin_user.key))
        .await;
    assert_eq!(
        actions(&by_user.body),
        vec!["city.created", "user.signed_in"]
    );
    let own_only = admin.get("/api/activities?mine=true").await;
    assert_eq!(own_only.body["meta"]["total"], 2);
    let today = chrono::Utc::now().date_naive();
    let dated = admin
        .get(&format!("/api/activities?from={today}&to={today}"))
        .await;
    assert_eq!(dated.body["meta"]["total"], 8);
    let yesterday = today.pred_opt().unwrap();
    let before = admin.get(&format!("/api/activities?to={yesterday}")).await;
    assert_eq!(before.body["meta"]["total"], 0);
    admin
        .get(&format!("/api/activities?from={today}&to={yesterday}"))
        .await
        .assert_status(422);
    admin
        .get("/api/activities?from=2026-13-40")
        .await
        .assert_status(422);
    // A merchant's filter never widens his scope.
    let widened = other
        .get(&format!("/api/activities?user={}", admin_user.key))
        .await;
    assert_eq!(widened.body["meta"]["total"], 0);

    let kinds = merchant.get("/api/activities/actions").await;
    kinds.assert_status(200);
    let kinds = kinds.body["data"].as_array().unwrap().clone();
    assert!(kinds
        .iter()
        .any(|k| k["key"] == "parcel.created" && k["label"] == "Colis créé"));
    assert!(kinds.iter().any(|k| k["key"] == "ticket.closed"));
}

#[actix_rt::test]
async fn the_search_finds_parcels_people_and_tickets_within_the_callers_rights() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let city = admin
        .post(
            "/api/cities",
            json!({"name": "Rabat", "delivery_fee": 2000, "return_fee": 1000, "refusal_fee": 1500}),
        )
        .await;
    let city = city.body["data"]["key"].as_str().unwrap().to_owned();
    let merchant_user = app.create_user(Role::Merchant, "benali@atlas.ma", true, None);
    let merchant = app.client();
    merchant
        .login("benali@atlas.ma", crate::support::PASSWORD)
        .await
        .assert_status(200);
    let shop = merchant
        .post(
            "/api/shops",
            json!({"name": "Atlas", "phone": "0522334455", "address": "1 rue A", "city": city}),
        )
        .await;
    let parcel = merchant
        .post(
            "/api/parcels",
            json!({
                "shop": shop.body["data"]["key"], "recipient_name": "Amina Benali",
                "recipient_phone": "0612345678", "city": city, "address": "5 avenue Hassan II",
                "cod_amount": 24900, "product": "Robe", "quantity": 1
            }),
        )
        .await;
    parcel.assert_status(201);
    let code = parcel.body["data"]["key"].as_str().unwrap().to_owned();
    let ticket = merchant
        .post(
            "/api/tickets",
            json!({"subject": "Benali injoignable", "category": "parcel", "parcel": code, "message": "?"}),
        )
        .await;
    ticket.assert_status(201);
    let (delivery_person, _) = app.signed_in(Role::DeliveryPerson, true).await;

    let found = merchant.get("/api/search?q=benali").await;
    found.assert_status(200);
    let data = &found.body["data"];
    assert_eq!(data["parcels"][0]["code"], code.as_str());
    assert_eq!(data["parcels"][0]["name"], "Amina Benali");
    assert_eq!(data["parcels"][0]["status"], "new");
    assert_eq!(data["people"], json!([]), "people are for staff");
    assert_eq!(data["tickets"][0]["subject"], "Benali injoignable");
    assert_eq!(data["tickets"][0]["status"], "open");

    let staff = admin.get("/api/search?q=BENALI").await;
    let people = staff.body["data"]["people"].as_array().unwrap();
    assert_eq!(people.len(), 1, "{}", staff.text);
    assert_eq!(people[0]["key"], merchant_user.key.as_str());
    assert_eq!(people[0]["role"], "client");
    assert_eq!(staff.body["data"]["parcels"].as_array().unwrap().len(), 1);
    assert_eq!(staff.body["data"]["tickets"].as_array().unwrap().len(), 1);
    // By tracking code too.
    let by_code = admin.get(&format!("/api/search?q={code}")).await;
    assert_eq!(by_code.body["data"]["parcels"][0]["code"], code.as_str());

    // The delivery person: none of these parcels are his, no people, no tickets.
    let nothing = delivery_person.get("/api/search?q=benali").await;
    nothing.assert_status(200);
    assert_eq!(
        nothing.body["data"],
        json!({"parcels": [], "people": [], "tickets": [], "vouchers": [], "invoices": []})
    );
    // A staff member holding only the dashboard finds nothing either.
    app.create_admin_staff("tableau@colivra.ma", &["dashboard"]);
    let reader = app.client();
    reader
        .login("tableau@colivra.ma", crate::support::PASSWORD)
        .await
        .assert_status(200);
    assert_eq!(
        reader.get("/api/search?q=benali").await.body["data"],
        json!({"parcels": [], "people": [], "tickets": [], "vouchers": [], "invoices": []})
    );
    for q in ["", "b", "%20b%20"] {
        let short = admin.get(&format!("/api/search?q={q}")).await;
        short.assert_status(422);
        assert!(!short.field_errors("q").is_empty());
    }
    admin.get("/api/search").await.assert_status(422);
    let long = "x".repeat(101);
    admin
        .get(&format!("/api/search?q={long}"))
        .await
        .assert_status(422);
}

fn year() -> i32 {
    chrono::Datelike::year(&chrono::Utc::now())
}

fn data_key(value: &Value) -> String {
    value["key"].as_str().unwrap().to_owned()
}

/// `(label, value)` of an activity's rendered details.
fn lines(activity: &Value) -> Vec<(String, String)> {
    activity["detail_lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["label"].as_str().unwrap().to_owned(),
                l["value"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn pair(label: &str, value: &str) -> (String, String) {
    (label.to_owned(), value.to_owned())
}

/// The top bar's search as `client`: its `data`.
async fn search(client: &TestClient, q: String) -> Value {
    let res = client.get(&format!("/api/search?q={q}")).await;
    res.assert_status(200);
    res.body["data"].clone()
}

/// The parcel's status changes in the log, each as its shown (label, value) lines.
async fn status_changes(admin: &TestClient, parcel: &str) -> Vec<Vec<(String, String)>> {
    let res = admin
        .get(&format!(
            "/api/activities?action=parcel.status_changed&subject_key={parcel}"
        ))
        .await;
    res.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(lines)
        .collect()
}

fn set_language(client: &TestClient, language: Option<&str>) {
    *client.language.borrow_mut() = language.map(str::to_owned);
}

/// The stock service for the hub's merchant, a product with `quantity` units received, and a
/// parcel of 249 DH taking two of them, shipped: the stock exit names that parcel. Returns the
/// parcel's code and the exit movement's code.
async fn parcel_out_of_stock(hub: &Hub) -> (String, String) {
    hub.merchant
        .post("/api/inventory/clients", json!({}))
        .await
        .assert_status(201);
    hub.admin
        .put(
            &format!("/api/inventory/clients/{}", hub.merchant_user.key),
            json!({"status": "active"}),
        )
        .await
        .assert_status(200);
    let res = hub
        .merchant
        .post(
            "/api/inventories",
            json!({"sku": "ROBE-M", "name": "Robe taille M"}),
        )
        .await;
    res.assert_status(201);
    let robe = data_key(&res.body["data"]);
    let res = hub
        .merchant
        .post(
            "/api/inventories/movements",
            json!({"inventory": robe, "type": "entry", "quantity": 5}),
        )
        .await;
    res.assert_status(201);
    hub.admin
        .put(
            &format!("/api/inventories/movements/{}", data_key(&res.body["data"])),
            json!({"state": "validated"}),
        )
        .await
        .assert_status(200);
    let parcel = hub
        .parcel(
            24900,
            json!({"stock_lines": [{"inventory": robe, "quantity": 2}]}),
        )
        .await;
    hub.ship(&[&parcel]).await;
    let res = hub
        .merchant
        .get(&format!("/api/inventories/movements?parcel={parcel}"))
        .await;
    assert_eq!(res.body["meta"]["total"], 1, "{}", res.text);
    let movement = res.body["data"][0]["code"].as_str().unwrap().to_owned();
    assert!(movement.starts_with("MV"));
    (parcel, movement)
}

#[actix_rt::test]
async fn the_log_names_objects_by_their_codes_in_the_readers_language() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let (parcel, movement) = parcel_out_of_stock(&hub).await;

    // The stock exit names the parcel by its tracking code, never by its row number.
    let res = hub.admin.get("/api/activities?action=inventory.exit").await;
    res.assert_status(200);
    assert_eq!(res.body["meta"]["total"], 1, "{}", res.text);
    let exit = &res.body["data"][0];
    assert_eq!(exit["details"]["parcel"], parcel.as_str());
    assert_eq!(exit["subject_code"], movement.as_str());
    assert_eq!(exit["action_label"], "Sortie de stock d'un colis");
    let shown = lines(exit);
    assert!(shown.contains(&pair("Colis", &parcel)), "{shown:?}");
    assert!(shown.contains(&pair("Quantité", "2")), "{shown:?}");

    // In English, labels and values alike.
    set_language(&hub.admin, Some("en-GB,en;q=0.9"));
    let res = hub.admin.get("/api/activities?action=inventory.exit").await;
    let exit = &res.body["data"][0];
    assert_eq!(exit["action_label"], "Stock out with a parcel");
    assert!(lines(exit).contains(&pair("Parcel", &parcel)));
    let changes = status_changes(&hub.admin, &parcel).await;
    assert!(
        changes.contains(&vec![
            pair("Status", "New parcel → Awaiting pickup"),
            pair("Forced", "no")
        ]),
        "{changes:?}"
    );
    let kinds = hub.admin.get("/api/activities/actions").await;
    assert!(kinds.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|k| k["key"] == "inventory.movement_validated"
            && k["label"] == "Stock movement validated"));
    // In Arabic (Moroccan usage), labels and values alike.
    set_language(&hub.admin, Some("ar-MA,ar;q=0.9,fr;q=0.5"));
    let res = hub.admin.get("/api/activities?action=inventory.exit").await;
    let exit = &res.body["data"][0];
    assert_eq!(exit["action_label"], "خروج مخزون مع طرد");
    assert!(
        lines(exit).contains(&pair("الطرد", &parcel)),
        "{}",
        res.text
    );
    let changes = status_changes(&hub.admin, &parcel).await;
    assert!(
        changes.contains(&vec![
            pair("الحالة", "طرد جديد → في انتظار الاستلام"),
            pair("بالقوة", "لا")
        ]),
        "{changes:?}"
    );
    set_language(&hub.admin, None);
    let changes = status_changes(&hub.admin, &parcel).await;
    assert!(changes.contains(&vec![
        pair("Statut", "Nouveau colis → En attente de ramassage"),
        pair("Forcé", "non")
    ]));

    // Nowhere in the log a kind without its label, nor an integer where an object is named.
    let all = hub.admin.get("/api/activities?per_page=100").await;
    assert!(all.body["meta"]["total"].as_i64().unwrap() > 15);
    for row in all.body["data"].as_array().unwrap() {
        assert_ne!(row["action_label"], row["action"], "{row}");
        if let Some(details) = row["details"].as_object() {
            for (field, value) in details {
                let names_an_object = ["parcel", "invoice", "voucher", "shop", "user"]
                    .contains(&field.as_str())
                    || field.ends_with("_id");
                assert!(!(names_an_object && value.is_number()), "{row}");
            }
        }
    }
    let stored: Vec<Option<String>> = colivra_db::schema::activities::table
        .filter(colivra_db::schema::activities::subject_type.eq("inventory_movement"))
        .select(colivra_db::schema::activities::details)
        .load(&mut app.conn())
        .unwrap();
    assert!(stored.len() >= 3);
    for details in stored.into_iter().flatten() {
        let details: Value = serde_json::from_str(&details).unwrap();
        assert!(
            details.get("parcel").is_none_or(Value::is_string),
            "{details}"
        );
    }

    // The key filter: the movement's code, its start, in any case.
    for text in [
        movement.clone(),
        movement[..5].to_owned(),
        movement[..6].to_lowercase(),
    ] {
        let res = hub
            .admin
            .get(&format!("/api/activities?subject_key={text}"))
            .await;
        res.assert_status(200);
        let found = actions(&res.body);
        assert!(
            found.contains(&"inventory.exit".to_owned()),
            "{text}: {found:?}"
        );
        for row in res.body["data"].as_array().unwrap() {
            assert!(row["subject_code"]
                .as_str()
                .unwrap()
                .starts_with(&text.to_uppercase()));
        }
    }
    // A parcel code's start finds the parcel's activities, and no other subject's.
    let res = hub
        .admin
        .get(&format!("/api/activities?subject_key={}", &parcel[..9]))
        .await;
    let found = actions(&res.body);
    for kind in [
        "parcel.created",
        "parcel.status_changed",
        "inventory.reserved",
    ] {
        assert!(found.contains(&kind.to_owned()), "{found:?}");
    }
    assert!(res.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|row| row["subject_code"] == parcel.as_str()));
    let res = hub
        .admin
        .get("/api/activities?subject_key=ZZ-NOTHING")
        .await;
    assert_eq!(res.body["meta"]["total"], 0);
    let long = "X".repeat(101);
    hub.admin
        .get(&format!("/api/activities?subject_key={long}"))
        .await
        .assert_status(422);
}

#[actix_rt::test]
async fn money_is_formatted_and_an_invoice_is_found_by_its_number_once_validated() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let first = hub.parcel(30000, json!({})).await;
    let second = hub.parcel(28050, json!({})).await;
    let (pickup, _exit) = hub.ship(&[&first, &second]).await;
    hub.deliver(&[&first, &second]).await;
    // 580,50 DH collected, 2 × 15 DH earned: 550,50 DH due; 550 DH counted.
    let res = hub
        .delivery_person
        .post("/api/delivery-admins/invoices", json!({}))
        .await;
    res.assert_status(201);
    let invoice = data_key(&res.body["data"]);
    assert_eq!(res.body["data"]["total"], 55050);
    hub.admin
        .put(
            &format!("/api/delivery-admins/invoices/{invoice}"),
            json!({"counted_amount": 55000}),
        )
        .await
        .assert_status(200);

    let res = hub
        .admin
        .get("/api/activities?action=delivery_invoice.counted")
        .await;
    let counted = lines(&res.body["data"][0]);
    assert_eq!(
        counted,
        vec![
            pair("Espèces comptées", "550,00\u{a0}DH"),
            pair("Total", "550,50\u{a0}DH"),
            pair("Écart", "-0,50\u{a0}DH"),
        ]
    );
    assert_eq!(res.body["data"][0]["details"]["counted_amount"], 55000);
    set_language(&hub.admin, Some("en"));
    let res = hub
        .admin
        .get("/api/activities?action=delivery_invoice.counted")
        .await;
    assert_eq!(
        lines(&res.body["data"][0]),
        vec![
            pair("Cash counted", "550.00\u{a0}DH"),
            pair("Total", "550.50\u{a0}DH"),
            pair("Difference", "-0.50\u{a0}DH"),
        ]
    );
    set_language(&hub.admin, None);

    // Before validation the draft has no number: found by its key only.
    let number = format!("FL-{}-000001", year());
    let res = hub
        .admin
        .get(&format!("/api/activities?subject_key={number}"))
        .await;
    assert_eq!(res.body["meta"]["total"], 0);
    hub.admin
        .put(
            &format!("/api/delivery-admins/invoices/{invoice}"),
            json!({"status": "validated"}),
        )
        .await
        .assert_status(200);
    // Validated: its number, or the number's start, finds all its activities, the earlier too,
    // and the balance entry its difference posted.
    for text in [
        number.clone(),
        format!("FL-{}-0000", year()),
        format!("fl-{}", year()),
    ] {
        let res = hub
            .admin
            .get(&format!("/api/activities?subject_key={text}"))
            .await;
        assert_eq!(
            actions(&res.body),
            vec![
                "courier_balance.difference_posted",
                "delivery_invoice.validated",
                "delivery_invoice.counted",
                "delivery_invoice.created"
            ],
            "{text}"
        );
        assert!(res.body["data"]
            .as_array()
            .unwrap()
            .iter()
            .all(|row| row["subject_code"] == number.as_str()
                && (row["subject_key"] == invoice.as_str()
                    || row["subject_type"] == "courier_balance")));
    }
    let res = hub
        .admin
        .get(&format!("/api/activities?subject_key={invoice}"))
        .await;
    assert_eq!(res.body["meta"]["total"], 3);
    let validated = lines(&res.body["data"][0]);
    assert!(validated.contains(&pair("Numéro", &number)));
    assert!(validated.contains(&pair("Total", "550,50\u{a0}DH")));

    // A voucher by its code's start.
    let res = hub
        .admin
        .get(&format!("/api/activities?subject_key={}", &pickup[..6]))
        .await;
    let found = actions(&res.body);
    assert!(found.contains(&"pickup_voucher.created".to_owned()));
    assert!(found.contains(&"pickup_voucher.received".to_owned()));
    let created = res.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["action"] == "pickup_voucher.created")
        .unwrap();
    let parcels = lines(created);
    assert_eq!(parcels.len(), 1);
    assert!(parcels[0].1.contains(&first) && parcels[0].1.contains(&second));
}

/// The export's lines, without the BOM.
fn csv_lines(text: &str) -> Vec<String> {
    text.strip_prefix('\u{feff}')
        .expect("a BOM first")
        .split("\r\n")
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect()
}

#[actix_rt::test]
async fn admins_export_the_filtered_log_as_csv_streamed_in_their_language() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let parcels = [
        hub.parcel(10000, json!({})).await,
        hub.parcel(12550, json!({})).await,
    ];
    let (merchant, _) = app.signed_in(Role::Merchant, true).await;

    let res = hub
        .admin
        .get("/api/activities/export?action=parcel.created")
        .await;
    res.assert_status(200);
    assert_eq!(res.header("content-type"), Some("text/csv; charset=utf-8"));
    assert!(res
        .header("content-disposition")
        .unwrap()
        .starts_with("attachment; filename=\"activites-"));
    let rows = csv_lines(&res.text);
    assert_eq!(
        rows[0],
        "Date (UTC);Personne;Rôle;Action;Objet;Détails;Montant (DH)"
    );
    assert_eq!(rows.len(), 3, "{}", res.text);
    // Newest first, each with its author, kind and code.
    let name = format!("Test {}", Role::Merchant.as_str());
    for (row, parcel) in rows[1..].iter().zip(parcels.iter().rev()) {
        let cells: Vec<&str> = row.split(';').collect();
        assert_eq!(cells.len(), 7, "{row}");
        // No money moved: the amount column is empty.
        assert_eq!(cells[6], "", "{row}");
        assert_eq!(cells[1], name);
        assert_eq!(cells[2], "Client");
        assert_eq!(cells[3], "Colis créé");
        assert_eq!(cells[4], parcel);
        assert!(chrono::NaiveDateTime::parse_from_str(cells[0], "%Y-%m-%d %H:%M:%S").is_ok());
    }

    // English by the header, French again by ?lang= (what the screen's link sends).
    set_language(&hub.admin, Some("en"));
    let res = hub
        .admin
        .get("/api/activities/export?action=parcel.created")
        .await;
    let rows = csv_lines(&res.text);
    assert_eq!(
        rows[0],
        "Date (UTC);Person;Role;Action;Subject;Details;Amount (DH)"
    );
    assert!(rows[1].contains(";Merchant;Parcel created;"), "{}", rows[1]);
    assert!(res
        .header("content-disposition")
        .unwrap()
        .starts_with("attachment; filename=\"activities-"));
    let res = hub
        .admin
        .get("/api/activities/export?action=parcel.created&lang=fr")
        .await;
    assert!(csv_lines(&res.text)[0].starts_with("Date (UTC);Personne;"));
    // Arabic by ?lang= too: headers, roles and labels.
    let res = hub
        .admin
        .get("/api/activities/export?action=parcel.created&lang=ar")
        .await;
    let rows = csv_lines(&res.text);
    assert_eq!(
        rows[0],
        "التاريخ (UTC);الشخص;الدور;العملية;الموضوع;التفاصيل;المبلغ (درهم)"
    );
    assert!(rows[1].contains(";تاجر;إنشاء طرد;"), "{}", rows[1]);
    hub.admin
        .get("/api/activities/export?lang=de")
        .await
        .assert_status(422);
    set_language(&hub.admin, None);

    // Money as money, a change as old → new.
    hub.ship(&[&parcels[0]]).await;
    let res = hub
        .admin
        .get(&format!(
            "/api/activities/export?subject_key={}&action=parcel.status_changed",
            parcels[0]
        ))
        .await;
    let rows = csv_lines(&res.text);
    assert!(
        rows.iter()
            .any(|r| r.ends_with(";Statut : Ramassé → Mis en distribution · Forcé : non;")),
        "{rows:?}"
    );

    // The whole filtered log, over many chunks: every row once, newest first.
    let count = 2_345;
    // Generated values only: written into the SQL as the bench seeder does (the multi-backend
    // connection has no batch insert).
    let at = colivra_core::time::now().format("%Y-%m-%d %H:%M:%S%.6f");
    let values: Vec<String> = (0..count)
        .map(|n| {
            format!(
                "('client_invoice.created', 'client_invoice', 'BULKKEY{n:05}', 'BULK-{n:05}', '{{\"total\": {}}}', '{at}')",
                37 * n + 5
            )
        })
        .collect();
    for part in values.chunks(500) {
        use diesel::connection::SimpleConnection;
        app.conn()
            .batch_execute(&format!(
                "INSERT INTO activities (action, subject_type, subject_key, subject_code, details, created_at) VALUES {}",
                part.join(", ")
            ))
            .unwrap();
    }
    let res = hub
        .admin
        .get("/api/activities/export?subject_key=bulk-")
        .await;
    res.assert_status(200);
    let rows = csv_lines(&res.text);
    assert_eq!(rows.len(), count + 1);
    for (i, row) in rows[1..].iter().enumerate() {
        let n = count - 1 - i;
        let cells: Vec<&str> = row.split(';').collect();
        assert_eq!(cells[1], "Système");
        assert_eq!(cells[3], "Facture client créée");
        assert_eq!(cells[4], format!("BULK-{n:05}"));
        // Below 1,000 DH: no thousands separator.
        let total = 37 * n + 5;
        assert_eq!(
            cells[5],
            format!("Total : {},{:02}\u{a0}DH", total / 100, total % 100)
        );
        // And as its own column, a number a spreadsheet adds up.
        assert_eq!(cells[6], format!("{},{:02}", total / 100, total % 100));
    }

    // Only admins holding the dashboard; bad filters are a 422 before any byte.
    merchant
        .get("/api/activities/export")
        .await
        .assert_status(403);
    let res = hub
        .admin
        .get("/api/activities/export?from=2026-02-10&to=2026-02-01")
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("to").is_empty());
    let res = hub.admin.get("/api/activities/export?lang=de").await;
    res.assert_status(422);
    assert!(!res.field_errors("lang").is_empty());
    // `mine`: his own actions only.
    let res = hub.admin.get("/api/activities/export?mine=true").await;
    let rows = csv_lines(&res.text);
    assert!(rows.len() > 1);
    assert!(rows[1..].iter().all(|r| !r.contains(";Client;")));
}

#[actix_rt::test]
async fn the_search_finds_vouchers_invoices_and_tickets_by_code_within_scope() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let parcel = hub.parcel(30000, json!({})).await;
    let (pickup, exit) = hub.ship(&[&parcel]).await;
    hub.deliver(&[&parcel]).await;
    // The delivery person's invoice, validated (the cash is the company's); the merchant's
    // delivered invoice, validated.
    let res = hub
        .delivery_person
        .post("/api/delivery-admins/invoices", json!({}))
        .await;
    res.assert_status(201);
    let delivery_invoice = data_key(&res.body["data"]);
    hub.admin
        .put(
            &format!("/api/delivery-admins/invoices/{delivery_invoice}"),
            json!({"counted_amount": 28500}),
        )
        .await
        .assert_status(200);
    hub.admin
        .put(
            &format!("/api/delivery-admins/invoices/{delivery_invoice}"),
            json!({"status": "validated"}),
        )
        .await
        .assert_status(200);
    let res = hub
        .admin
        .post(
            "/api/clients/invoices",
            json!({"shop": hub.shop, "type": "delivered"}),
        )
        .await;
    res.assert_status(201);
    let merchant_invoice = data_key(&res.body["data"]);
    hub.admin
        .put(
            &format!("/api/clients/invoices/{merchant_invoice}"),
            json!({"status": "validated"}),
        )
        .await
        .assert_status(200);
    let res = hub
        .merchant
        .post(
            "/api/tickets",
            json!({"subject": "Question", "category": "other", "message": "Bonjour"}),
        )
        .await;
    res.assert_status(201);
    let ticket = res.body["data"]["code"].as_str().unwrap().to_owned();
    // Another merchant with a pickup voucher of his own.
    let (other, _) = app.signed_in(Role::Merchant, true).await;
    let res = other
        .post(
            "/api/shops",
            json!({"name": "Rif", "phone": "0522334466", "address": "2 rue B", "city": hub.city}),
        )
        .await;
    let other_parcel = other
        .post(
            "/api/parcels",
            json!({
                "shop": res.body["data"]["key"], "recipient_name": "Omar", "recipient_phone": "0612345679",
                "city": hub.city, "address": "9 rue C", "cod_amount": 1000, "product": "Sac"
            }),
        )
        .await;
    other_parcel.assert_status(201);
    let res = other
        .post(
            "/api/pickup-vouchers",
            json!({"parcels": [other_parcel.body["data"]["key"]]}),
        )
        .await;
    res.assert_status(201);
    let other_pickup = data_key(&res.body["data"]);

    let codes = |hits: &Value, field: &str| -> Vec<String> {
        hits.as_array()
            .unwrap()
            .iter()
            .map(|h| h[field].as_str().unwrap().to_owned())
            .collect()
    };
    let fc = format!("FC-{}-000001", year());
    let fl = format!("FL-{}-000001", year());

    // The merchant: his pickup voucher by its code's start, his invoice by its number's start,
    // his ticket by its code's start; not the other merchant's voucher, no delivery invoice.
    let found = search(&hub.merchant, pickup[..6].to_lowercase()).await;
    assert_eq!(codes(&found["vouchers"], "code"), vec![pickup.clone()]);
    assert_eq!(found["vouchers"][0]["kind"], "pickup");
    assert_eq!(found["vouchers"][0]["status"], "received");
    let found = search(&hub.merchant, "BR".into()).await;
    assert_eq!(codes(&found["vouchers"], "code"), vec![pickup.clone()]);
    let found = search(&hub.merchant, other_pickup.clone()).await;
    assert_eq!(found["vouchers"], json!([]));
    let found = search(&hub.merchant, format!("FC-{}-0", year())).await;
    assert_eq!(codes(&found["invoices"], "number"), vec![fc.clone()]);
    assert_eq!(found["invoices"][0]["key"], merchant_invoice.as_str());
    assert_eq!(found["invoices"][0]["kind"], "delivered");
    assert_eq!(found["invoices"][0]["status"], "validated");
    assert_eq!(found["invoices"][0]["total"], 28000);
    assert_eq!(
        search(&hub.merchant, "FL-".into()).await["invoices"],
        json!([])
    );
    let found = search(&hub.merchant, ticket[..4].to_owned()).await;
    assert_eq!(codes(&found["tickets"], "code"), vec![ticket.clone()]);
    // The other merchant finds none of these.
    for q in [pickup.clone(), fc.clone(), ticket.clone()] {
        let found = search(&other, q).await;
        assert_eq!(found["vouchers"], json!([]));
        assert_eq!(found["invoices"], json!([]));
        assert_eq!(found["tickets"], json!([]));
    }
    assert_eq!(
        codes(&search(&other, "BR".into()).await["vouchers"], "code"),
        vec![other_pickup.clone()]
    );

    // The delivery person: his exit voucher, his delivery invoice; no pickup voucher, no
    // merchant invoice.
    let found = search(&hub.delivery_person, exit.clone()).await;
    assert_eq!(codes(&found["vouchers"], "code"), vec![exit.clone()]);
    assert_eq!(found["vouchers"][0]["kind"], "exit");
    let found = search(&hub.delivery_person, "FL".into()).await;
    assert_eq!(codes(&found["invoices"], "number"), vec![fl.clone()]);
    assert_eq!(found["invoices"][0]["kind"], "delivery");
    assert_eq!(
        search(&hub.delivery_person, "FC".into()).await["invoices"],
        json!([])
    );
    assert_eq!(
        search(&hub.delivery_person, pickup.clone()).await["vouchers"],
        json!([])
    );

    // Staff: everything of the screens they hold.
    let found = search(&hub.admin, "BR".into()).await;
    let mut pickups = codes(&found["vouchers"], "code");
    pickups.sort();
    let mut expected = vec![pickup.clone(), other_pickup.clone()];
    expected.sort();
    assert_eq!(pickups, expected);
    let found = search(&hub.admin, format!("FL-{}", year())).await;
    assert_eq!(codes(&found["invoices"], "number"), vec![fl.clone()]);
    app.create_admin_staff("retours@colivra.ma", &["delivery-return-vouchers"]);
    let returns = app.client();
    returns
        .login("retours@colivra.ma", crate::support::PASSWORD)
        .await
        .assert_status(200);
    let found = search(&returns, exit.clone()).await;
    assert_eq!(found["vouchers"], json!([]), "no exit voucher screen");
    assert_eq!(search(&returns, fc.clone()).await["invoices"], json!([]));
}
