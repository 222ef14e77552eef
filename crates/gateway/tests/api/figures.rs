//! The dashboards' figures (issue 23), kept by a trigger as parcels change and folded now and
//! then: `GET /api/statistics` must say what a count of the parcels table says, for every
//! scope, after outcomes recorded at the same moment while folds run beside them, an edited amount,
//! a deleted parcel, an undone delivery, and delivery and client invoices along their states (the
//! money figures: what merchants are owed, what delivery people hold).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use actix_web::http::Method;
use colivra_db::schema::{invoices, parcels, users};
use diesel::prelude::*;
use serde_json::{json, Value};

use crate::support::money::{money_world, ship_round, End, MoneyWorld, Planned};
use crate::support::{race, TestApp};

/// What the parcels table says, counted here: by status, the delivered cash (refunds negative)
/// and fees, and the last 30 days' created and delivered per day.
fn counted(app: &TestApp, scope: &dyn Fn(&ParcelRow) -> bool) -> Value {
    let rows: Vec<ParcelRow> = parcels::table
        .select((
            parcels::merchant_id,
            parcels::delivery_person_id,
            parcels::status,
            parcels::kind,
            parcels::cod_amount,
            parcels::delivery_fee,
            parcels::created_at,
            parcels::status_changed_at,
            parcels::outcome,
            parcels::commission,
            parcels::merchant_completed_invoice_id,
            parcels::delivery_person_invoice_id,
        ))
        .load(&mut app.conn())
        .unwrap();
    let rows: Vec<&ParcelRow> = rows.iter().filter(|row| scope(row)).collect();
    let invoices: std::collections::HashMap<i64, (String, String)> = invoices::table
        .select((invoices::id, (invoices::kind, invoices::status)))
        .load(&mut app.conn())
        .unwrap()
        .into_iter()
        .collect();
    let signed = |row: &ParcelRow| if row.3 == "refund" { -row.4 } else { row.4 };
    // Its cash in the company's hands: on a validated delivery invoice, or with no delivery
    // person holding it.
    let cash_received =
        |row: &&&ParcelRow| row.1.is_none() || row.11.is_some_and(|id| invoices[&id].1 != "draft");
    // Owed to merchants from cash received: delivered, on a client invoice not paid, or on none
    // once cashed in; and, on none, what delivery people still hold.
    let payouts_due: i64 = rows
        .iter()
        .filter(|row| row.2 == "delivered")
        .filter(|row| match row.10 {
            Some(id) => invoices[&id].1 != "paid",
            None => cash_received(row),
        })
        .map(|row| signed(row) - row.5)
        .sum();
    let payouts_awaiting_cash: i64 = rows
        .iter()
        .filter(|row| row.2 == "delivered" && row.10.is_none() && !cash_received(row))
        .map(|row| signed(row) - row.5)
        .sum();
    // Held by delivery people: delivered or refused, on no delivery invoice or on a draft.
    let cash: i64 = rows
        .iter()
        .filter(|row| matches!(row.8.as_deref(), Some("delivered" | "refused")))
        .filter(|row| row.11.is_none_or(|id| invoices[&id].1 == "draft"))
        .map(|row| {
            (if row.8.as_deref() == Some("delivered") {
                signed(row)
            } else {
                0
            }) - row.9.unwrap_or(0)
        })
        .sum();
    let mut by_status = std::collections::BTreeMap::<String, i64>::new();
    let mut cod = 0;
    let mut fees = 0;
    let mut days = std::collections::BTreeMap::<String, (i64, i64)>::new();
    for row in &rows {
        *by_status.entry(row.2.clone()).or_default() += 1;
        days.entry(row.6.date().to_string()).or_default().0 += 1;
        if row.2 == "delivered" {
            cod += if row.3 == "refund" { -row.4 } else { row.4 };
            fees += row.5;
            days.entry(row.7.date().to_string()).or_default().1 += 1;
        }
    }
    json!({
        "total": rows.len(),
        "by_status": by_status,
        "cod_collected": cod,
        "to_be_paid": cod - fees,
        "days": days,
        "payouts_due": payouts_due,
        "payouts_awaiting_cash": payouts_awaiting_cash,
        "cash": cash,
    })
}

type ParcelRow = (
    i64,
    Option<i64>,
    String,
    String,
    i64,
    i64,
    chrono::NaiveDateTime,
    chrono::NaiveDateTime,
    Option<String>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
);

/// The same figures as `GET /api/statistics` gives them to `client`.
async fn reported(client: &crate::support::TestClient) -> Value {
    let res = client.get("/api/statistics").await;
    res.assert_status(200);
    let data = &res.body["data"];
    let by_status: std::collections::BTreeMap<String, i64> = data["by_status"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["status"].as_str().unwrap().to_owned(),
                s["count"].as_i64().unwrap(),
            )
        })
        .collect();
    let days: std::collections::BTreeMap<String, (i64, i64)> = data["daily"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["created"] != 0 || d["delivered"] != 0)
        .map(|d| {
            (
                d["date"].as_str().unwrap().to_owned(),
                (
                    d["created"].as_i64().unwrap(),
                    d["delivered"].as_i64().unwrap(),
                ),
            )
        })
        .collect();
    json!({
        "total": data["total"],
        "by_status": by_status,
        "cod_collected": data["cod_collected"],
        "to_be_paid": data["to_be_paid"],
        "days": days,
        "payouts_due": data["money"]["payouts_due"],
        "payouts_awaiting_cash": data["money"]["payouts_awaiting_cash"],
        "cash_held": data["money"]["cash_held"],
        "balance": data["money"]["balance"],
    })
}

/// The counted figures as `who` reads them: the money figures that concern him, his cash held
/// with his balance (the ledger's, not the parcels') added.
fn as_read_by(mut counted: Value, who: &str, balances: i64) -> Value {
    let cash = counted["cash"].as_i64().unwrap();
    let payouts_due = counted["payouts_due"].clone();
    let figures = counted.as_object_mut().unwrap();
    figures.remove("cash");
    match who {
        "admin" => {
            figures.insert("cash_held".into(), json!(cash + balances));
            figures.insert("balance".into(), Value::Null);
            // With invoices, what is still to be paid is the payouts due.
            figures.insert("to_be_paid".into(), payouts_due);
        }
        "merchant" => {
            figures.insert("cash_held".into(), Value::Null);
            figures.insert("balance".into(), Value::Null);
            figures.insert("to_be_paid".into(), payouts_due);
        }
        _ => {
            figures.insert("payouts_due".into(), Value::Null);
            figures.insert("payouts_awaiting_cash".into(), Value::Null);
            figures.insert("cash_held".into(), json!(cash + balances));
            figures.insert("balance".into(), json!(balances));
        }
    }
    Value::Object(figures.clone())
}

fn user_id(app: &TestApp, key: &str) -> i64 {
    users::table
        .filter(users::key.eq(key))
        .select(users::id)
        .first(&mut app.conn())
        .unwrap()
}

fn deltas(app: &TestApp) -> i64 {
    diesel::sql_query("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM parcel_figure_deltas")
        .get_result::<Count>(&mut app.conn())
        .unwrap()
        .n
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// Owed figures by owner key: parcels, cash, fees.
type Owed = std::collections::BTreeMap<String, (i64, i64, i64)>;

/// The unpaid lists counted here from the parcels table: shops' delivered parcels on no completed
/// invoice, shops' returned ones on no returned invoice, delivery people's delivered and refused
/// ones on no delivery invoice.
fn unpaid_counted(app: &TestApp) -> [Owed; 3] {
    use colivra_db::schema::shops;
    let rows: Vec<OwedRow> = parcels::table
        .inner_join(shops::table)
        .left_join(users::table.on(parcels::delivery_person_id.eq(users::id.nullable())))
        .select((
            (
                shops::key,
                users::key.nullable(),
                parcels::status,
                parcels::kind,
                parcels::cod_amount,
                parcels::delivery_fee,
                parcels::refusal_fee,
                parcels::return_fee,
            ),
            (
                parcels::outcome,
                parcels::commission,
                parcels::merchant_completed_invoice_id,
                parcels::merchant_returned_invoice_id,
                parcels::delivery_person_invoice_id,
            ),
        ))
        .load(&mut app.conn())
        .unwrap();
    // The cash the company has: that of parcels on a validated delivery invoice (or delivered
    // with no delivery person holding it).
    let handed_over: std::collections::HashSet<i64> = {
        use colivra_db::schema::invoices;
        invoices::table
            .filter(invoices::kind.eq("delivery"))
            .filter(invoices::status.ne("draft"))
            .select(invoices::id)
            .load::<i64>(&mut app.conn())
            .unwrap()
            .into_iter()
            .collect()
    };
    let mut owed: [Owed; 3] = Default::default();
    for (
        (shop, person, status, kind, cod, fee, refusal_fee, return_fee),
        (outcome, commission, completed, returned, delivery),
    ) in rows
    {
        let signed = if kind == "refund" { -cod } else { cod };
        let cash_received =
            person.is_none() || delivery.is_some_and(|id| handed_over.contains(&id));
        if status == "delivered" && completed.is_none() && cash_received {
            let entry = owed[0].entry(shop.clone()).or_default();
            *entry = (entry.0 + 1, entry.1 + signed, entry.2 + fee);
        }
        if status == "returned" && returned.is_none() {
            let fee = if outcome.as_deref() == Some("refused") {
                refusal_fee
            } else {
                return_fee
            };
            let entry = owed[1].entry(shop.clone()).or_default();
            *entry = (entry.0 + 1, entry.1, entry.2 + fee);
        }
        if let (Some(person), Some("delivered" | "refused"), None) =
            (person, outcome.as_deref(), delivery)
        {
            let cash = if outcome.as_deref() == Some("delivered") {
                signed
            } else {
                0
            };
            let entry = owed[2].entry(person).or_default();
            *entry = (
                entry.0 + 1,
                entry.1 + cash,
                entry.2 + commission.unwrap_or(0),
            );
        }
    }
    owed
}

type OwedRow = (
    (String, Option<String>, String, String, i64, i64, i64, i64),
    (
        Option<String>,
        Option<i64>,
        Option<i64>,
        Option<i64>,
        Option<i64>,
    ),
);

/// The unpaid lists as the admin reads them (every page).
async fn unpaid_reported(admin: &crate::support::TestClient) -> [Owed; 3] {
    let mut owed: [Owed; 3] = Default::default();
    for (n, (path, cod, fees)) in [
        ("/api/shops/unpaid/delivered", "cod_total", "fees_total"),
        ("/api/shops/unpaid/returned", "cod_total", "fees_total"),
        (
            "/api/delivery-admins/parcels/unpaid",
            "cod_total",
            "commission_total",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let res = admin.get(&format!("{path}?per_page=100")).await;
        res.assert_status(200);
        let rows = res.body["data"].as_array().unwrap();
        assert_eq!(
            res.body["meta"]["total"].as_u64().unwrap() as usize,
            rows.len(),
            "{path}"
        );
        for row in rows {
            let total = row["total"].as_i64().unwrap();
            let figures = (
                row["parcels_count"].as_i64().unwrap(),
                row[cod].as_i64().unwrap(),
                row[fees].as_i64().unwrap(),
            );
            assert_eq!(total, figures.1 - figures.2, "{path}");
            owed[n].insert(row["key"].as_str().unwrap().to_owned(), figures);
        }
    }
    owed
}

/// Every scope's statistics against the count of the parcels table.
async fn assert_exact(w: &MoneyWorld, when: &str) {
    assert_eq!(
        unpaid_reported(&w.admin).await,
        unpaid_counted(&w.app),
        "the unpaid lists, {when}"
    );
    let merchant_id = user_id(&w.app, &w.merchant_key);
    let balances = crate::support::money::listed_balances(&w.admin).await;
    assert_eq!(
        reported(&w.admin).await,
        as_read_by(counted(&w.app, &|_| true), "admin", balances.values().sum()),
        "admin, {when}"
    );
    assert_eq!(
        reported(&w.merchant).await,
        as_read_by(counted(&w.app, &|row| row.0 == merchant_id), "merchant", 0),
        "merchant, {when}"
    );
    for person in &w.delivery_people {
        let id = user_id(&w.app, &person.key);
        let balance = balances.get(&person.key).copied().unwrap_or(0);
        assert_eq!(
            reported(&person.client).await,
            as_read_by(
                counted(&w.app, &|row| row.1 == Some(id)),
                "delivery person",
                balance
            ),
            "delivery person {}, {when}",
            person.key
        );
    }
}

#[actix_rt::test]
async fn the_dashboards_figures_stay_exact_under_concurrent_outcomes_and_folds() {
    let w = money_world(2).await;
    let plan: Vec<Planned> = (0..12)
        .map(|n| Planned {
            cod: 10_000 + 1_500 * n as i64,
            refund: n % 5 == 0,
            rabat: n % 3 == 0,
            end: if n % 4 == 3 {
                End::Refused
            } else {
                End::Delivered
            },
            delivery_person: n % 2,
        })
        .collect();
    let (sent, _) = ship_round(&w, &plan).await;
    // Two more, still new: one edited (its amount and so its figures change), one deleted.
    let mut fresh = Vec::new();
    for amount in [7_000, 8_000] {
        let res = w
            .merchant
            .post(
                "/api/parcels",
                json!({"shop": w.shop, "recipient_name": "Nouveau", "recipient_phone": "0612345678",
                       "city": w.casa, "address": "1 rue Tarik", "cod_amount": amount, "product": "Sac"}),
            )
            .await;
        res.assert_status(201);
        fresh.push(res.body["data"]["key"].as_str().unwrap().to_owned());
    }
    assert_exact(&w, "after the round was shipped").await;

    // Every outcome at the same moment, while another connection folds the figures again and
    // again.
    let folding = Arc::new(AtomicBool::new(true));
    let folds = Arc::new(AtomicUsize::new(0));
    let folder = {
        let pool = w.app.state.pool.clone();
        let folding = folding.clone();
        let folds = folds.clone();
        std::thread::spawn(move || {
            let mut conn = pool.get().unwrap();
            while folding.load(Ordering::Acquire) {
                colivra_parcels::figures::fold(&mut conn).unwrap();
                folds.fetch_add(1, Ordering::AcqRel);
            }
        })
    };
    let racers = sent
        .iter()
        .map(|s| {
            let (status, comment) = match s.plan.end {
                End::Refused => ("refused", Some("Le client refuse")),
                _ => ("delivered", None),
            };
            w.delivery_people[s.plan.delivery_person].client.racer(
                Method::POST,
                "/api/parcels/states",
                Some(json!({"parcel": s.code, "status": status, "comment": comment})),
            )
        })
        .collect();
    let outcomes = race(racers).await;
    assert!(
        outcomes.statuses().iter().all(|status| *status == 200),
        "{:?}",
        outcomes.statuses()
    );
    assert!(
        outcomes.in_flight_together() > 1,
        "the outcomes did not run together"
    );
    folding.store(false, Ordering::Release);
    folder.join().unwrap();
    assert!(folds.load(Ordering::Acquire) > 0);
    assert_exact(&w, "after the outcomes raced the folds").await;

    // An edited amount, a deleted parcel, an undone delivery.
    w.merchant
        .put(
            &format!("/api/parcels/{}", fresh[0]),
            json!({"shop": w.shop, "recipient_name": "Nouveau", "recipient_phone": "0612345678",
                   "city": w.casa, "address": "1 rue Tarik", "cod_amount": 9_900, "product": "Sac"}),
        )
        .await
        .assert_status(200);
    w.merchant
        .delete(&format!("/api/parcels/{}", fresh[1]))
        .await
        .assert_status(204);
    let delivered = sent
        .iter()
        .find(|s| s.plan.end == End::Delivered && !s.plan.refund)
        .unwrap();
    w.delivery_people[delivered.plan.delivery_person]
        .client
        .post(&format!("/api/parcels/{}/undo", delivered.code), json!({}))
        .await
        .assert_status(200);
    assert_exact(&w, "after an edit, a deletion and an undo").await;

    // The refused parcels come back to the hub (returned: their shop owes the refusal fees).
    let refused: Vec<&str> = sent
        .iter()
        .filter(|s| s.plan.end == End::Refused)
        .map(|s| s.code.as_str())
        .collect();
    let holder = &w.delivery_people[sent
        .iter()
        .find(|s| s.plan.end == End::Refused)
        .unwrap()
        .plan
        .delivery_person];
    let voucher = holder
        .client
        .post("/api/return-vouchers", json!({"parcels": refused}))
        .await;
    voucher.assert_status(201);
    w.admin
        .put(
            &format!(
                "/api/return-vouchers/{}/receive",
                voucher.body["data"]["key"].as_str().unwrap()
            ),
            json!({}),
        )
        .await
        .assert_status(200);
    let [delivered_owed, returned_owed, held] = unpaid_counted(&w.app);
    // Nothing delivered is payable while the delivery people hold its cash.
    assert!(delivered_owed.is_empty() && !held.is_empty());
    assert_eq!(
        returned_owed.values().map(|owed| owed.0).sum::<i64>(),
        refused.len() as i64
    );
    assert_exact(&w, "with refused parcels returned").await;

    // The first delivery person declares what he holds (a draft: still his), the admin counts
    // and validates it (handed over).
    let declared = w.delivery_people[0]
        .client
        .post("/api/delivery-admins/invoices", json!({}))
        .await;
    declared.assert_status(201);
    assert_exact(&w, "with a declared delivery invoice").await;
    let declared_key = declared.body["data"]["key"].as_str().unwrap().to_owned();
    let total = declared.body["data"]["total"].as_i64().unwrap();
    let path = format!("/api/delivery-admins/invoices/{declared_key}");
    w.admin
        .put(&path, json!({"counted_amount": total}))
        .await
        .assert_status(200);
    w.admin
        .put(&path, json!({"status": "validated"}))
        .await
        .assert_status(200);
    assert_exact(&w, "with a validated delivery invoice").await;
    assert!(
        !unpaid_counted(&w.app)[0].is_empty(),
        "his delivered parcels are payable once his cash is handed over"
    );

    // A client invoice of two of his delivered parcels: drafted, validated, paid.
    let invoiced: Vec<&str> = sent
        .iter()
        .filter(|s| s.plan.end == End::Delivered && s.code != delivered.code)
        .filter(|s| s.plan.delivery_person == 0)
        .take(2)
        .map(|s| s.code.as_str())
        .collect();
    let draft = w
        .admin
        .post(
            "/api/clients/invoices",
            json!({"shop": w.shop, "type": "delivered", "parcels": invoiced}),
        )
        .await;
    draft.assert_status(201);
    let path = format!(
        "/api/clients/invoices/{}",
        draft.body["data"]["key"].as_str().unwrap()
    );
    assert_exact(&w, "with a client invoice drafted").await;
    w.admin
        .put(&path, json!({"status": "validated"}))
        .await
        .assert_status(200);
    let today = colivra_core::time::now().date().to_string();
    w.admin
        .put(
            &path,
            json!({"status": "paid", "payment_method": "cheque", "payment_reference": "0004471", "paid_on": today}),
        )
        .await
        .assert_status(200);
    assert_exact(&w, "with a client invoice paid").await;

    // Folded: nothing left to add up, the same figures.
    colivra_parcels::figures::fold(&mut w.app.conn()).unwrap();
    assert_eq!(deltas(&w.app), 0);
    assert_exact(&w, "after the last fold").await;
}

/// A status change writes the figure rows it changes and no more (issue 42): the merchant's and
/// the delivery person's rows by status, the old one less a parcel and the new one plus one; the
/// rows by creation day, unchanged, are not written (SQLite's trigger used to write every row of
/// both sides: eight here).
#[actix_rt::test]
async fn a_status_change_writes_only_the_figure_rows_it_changes() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let parcel = hub.parcel(15_000, serde_json::json!({})).await;
    hub.ship(&[&parcel]).await;
    hub.call(&parcel).await;
    let before = deltas(&app);
    hub.delivery_person
        .post(
            "/api/parcels/states",
            serde_json::json!({"parcel": parcel, "status": "no_answer"}),
        )
        .await
        .assert_status(200);
    assert_eq!(deltas(&app) - before, 4);
}
