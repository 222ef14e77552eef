//! `colivra seed-demo --week` read back through the API: the books of the demo week balance.

use std::process::Output;

use colivra_db::test_support::{count, run_colivra, stderr, stdout};

fn colivra(database_url: &str, args: &[&str]) -> Output {
    run_colivra(crate::support::colivra_bin(), database_url, args)
}

const WEEK_TABLES: &[&str] = &[
    "users",
    "shops",
    "parcels",
    "parcel_states",
    "vouchers",
    "voucher_parcels",
    "invoices",
    "delivery_person_balance_entries",
    "merchant_balance_entries",
    "tickets",
    "ticket_messages",
    "inventory_movements",
    "activities",
    "settings",
];

fn week_counts(conn: &mut colivra_db::DbConnection) -> Vec<i64> {
    WEEK_TABLES
        .iter()
        .map(|table| count(conn, &format!("SELECT COUNT(*) AS n FROM {table}")))
        .collect()
}

/// `seed-demo --week`: the company in the middle of a week, played through the services on the
/// days it happened, every status and money screen filled, the books balanced; once only.
#[actix_rt::test]
async fn seed_demo_week_fills_a_week_whose_books_balance_and_adds_nothing_the_second_time() {
    use std::collections::BTreeSet;

    use chrono::NaiveDateTime;
    use colivra_db::schema::{
        delivery_person_balance_entries as entries, invoices, parcel_states, parcels, tickets,
        users, vouchers,
    };
    use diesel::prelude::*;
    use serde_json::Value;

    let app = crate::support::TestApp::spawn().await;
    let url = app.db.url_string();
    let first = colivra(&url, &["seed-demo", "--week"]);
    assert!(first.status.success(), "{}", stderr(&first));
    let text = stdout(&first);
    for expected in [
        "admin@colivra.ma",
        "Demo week",
        "zellige@colivra.ma",
        "short by 20,00 DH",
        "seeded in",
    ] {
        assert!(text.contains(expected), "{expected} missing from:\n{text}");
    }
    println!("{text}");
    let conn = &mut *app.conn();
    let before = week_counts(conn);
    let second = colivra(&url, &["seed-demo", "--week"]);
    assert!(second.status.success(), "{}", stderr(&second));
    assert!(
        stdout(&second).contains("nothing added"),
        "{}",
        stdout(&second)
    );
    assert_eq!(week_counts(conn), before, "{WEEK_TABLES:?}");

    // Every status of the round's life, for the demo merchants.
    let statuses: BTreeSet<String> = parcels::table
        .select(parcels::status)
        .load(conn)
        .unwrap()
        .into_iter()
        .collect();
    for status in [
        "new",
        "awaiting_pickup",
        "picked_up",
        "out_for_delivery",
        "no_answer",
        "unreachable",
        "wrong_number",
        "postponed",
        "scheduled",
        "delivered",
        "refused",
        "cancelled",
        "returning",
        "returned",
    ] {
        assert!(
            statuses.contains(status),
            "no parcel {status}: {statuses:?}"
        );
    }
    let kinds: BTreeSet<String> = parcels::table
        .select(parcels::kind)
        .load(conn)
        .unwrap()
        .into_iter()
        .collect();
    assert!(
        kinds.contains("exchange") && kinds.contains("refund"),
        "{kinds:?}"
    );
    let courier: i64 = users::table
        .filter(users::email.eq("livreur@colivra.ma"))
        .select(users::id)
        .first(conn)
        .unwrap();

    // Today's round (the day the week was seeded, its marker's value): an exit voucher issued
    // today, parcels still out with the delivery person.
    let now = colivra_core::time::now();
    let today: chrono::NaiveDate = colivra_db::settings::get(conn, "demo_week_seeded_on")
        .unwrap()
        .expect("the week's marker")
        .parse()
        .unwrap();
    let out_today: i64 = parcels::table
        .filter(parcels::status.eq("out_for_delivery"))
        .filter(parcels::delivery_person_id.eq(courier))
        .count()
        .get_result(conn)
        .unwrap();
    assert!(out_today >= 1);
    let exits: Vec<NaiveDateTime> = vouchers::table
        .filter(vouchers::kind.eq("exit"))
        .select(vouchers::created_at)
        .load(conn)
        .unwrap();
    assert!(exits.iter().any(|at| at.date() == today), "{exits:?}");

    // Spread over the week, nothing in the future.
    let history: Vec<NaiveDateTime> = parcel_states::table
        .select(parcel_states::created_at)
        .load(conn)
        .unwrap();
    let days: BTreeSet<_> = history.iter().map(NaiveDateTime::date).collect();
    assert!(days.len() >= 5, "{days:?}");
    assert!(history.iter().all(|at| *at <= now), "a move in the future");
    assert!(
        days.iter().all(|day| (today - *day).num_days() <= 7),
        "{days:?}"
    );

    // Delivery invoices: validated ones, one counted short with its entry on the courier's
    // balance, one declared and not counted.
    let delivery: Vec<(i64, String, i64, Option<i64>, i64)> = invoices::table
        .filter(invoices::kind.eq("delivery"))
        .select((
            invoices::id,
            invoices::status,
            invoices::total,
            invoices::counted_amount,
            invoices::carried_balance,
        ))
        .load(conn)
        .unwrap();
    let validated: Vec<_> = delivery.iter().filter(|i| i.1 == "validated").collect();
    assert!(validated.len() >= 2, "{delivery:?}");
    assert!(
        delivery.iter().any(|i| i.1 == "draft" && i.3.is_none()),
        "{delivery:?}"
    );
    let short = validated
        .iter()
        .find(|i| i.3.unwrap() < i.2)
        .expect("an invoice counted short");
    let posted: Vec<(String, i64, Option<i64>)> = entries::table
        .filter(entries::delivery_person_id.eq(courier))
        .select((entries::kind, entries::amount, entries::invoice_id))
        .load(conn)
        .unwrap();
    assert!(
        posted.contains(&(
            "difference".into(),
            short.2 - short.3.unwrap(),
            Some(short.0)
        )),
        "{posted:?}"
    );
    // The ledger: what validated invoices left open is what their entries posted.
    let left_open: i64 = validated.iter().map(|i| i.2 - i.3.unwrap() - i.4).sum();
    let from_invoices: i64 = posted
        .iter()
        .filter(|e| e.0 == "difference" || e.0 == "deduction")
        .map(|e| e.1)
        .sum();
    assert_eq!(left_open, from_invoices);
    let balance: i64 = posted.iter().map(|e| e.1).sum();
    let payments: i64 = -posted
        .iter()
        .filter(|e| e.0 == "payment")
        .map(|e| e.1)
        .sum::<i64>();

    // Client invoices in each state, the paid ones with their reference.
    let client: Vec<(String, String, i64, Option<String>)> = invoices::table
        .filter(invoices::kind.ne("delivery"))
        .select((
            invoices::kind,
            invoices::status,
            invoices::total,
            invoices::payment_reference,
        ))
        .load(conn)
        .unwrap();
    for status in ["draft", "validated", "paid"] {
        assert!(client.iter().any(|i| i.1 == status), "{status}: {client:?}");
    }
    assert!(client
        .iter()
        .filter(|i| i.1 == "paid")
        .all(|i| i.3.as_deref().is_some_and(|r| !r.is_empty())));

    // Atlas's returned parcel's fee was posted to its account and deducted from its payout.
    let merchant_entries: Vec<(String, i64)> = colivra_db::schema::merchant_balance_entries::table
        .select((
            colivra_db::schema::merchant_balance_entries::kind,
            colivra_db::schema::merchant_balance_entries::amount,
        ))
        .load(conn)
        .unwrap();
    assert_eq!(
        merchant_entries,
        vec![("fees".to_owned(), -1_000), ("deduction".to_owned(), 1_000)]
    );
    assert!(client.iter().any(|i| i.0 == "returned"
        && i.1 == "paid"
        && i.3
            .as_deref()
            .is_some_and(|r| r.starts_with("Déduite sur FC-"))));

    // Tickets in each state, one in Arabic.
    let tickets: Vec<(String, String)> = tickets::table
        .select((tickets::status, tickets::subject))
        .load(conn)
        .unwrap();
    for status in ["open", "answered", "closed"] {
        assert!(
            tickets.iter().any(|t| t.0 == status),
            "{status}: {tickets:?}"
        );
    }
    assert!(tickets
        .iter()
        .any(|t| t.1.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c))));

    // The money screens agree with the parcels, from the API.
    let admin = app.client();
    admin
        .login("admin@colivra.ma", "Admin#Colivra2026")
        .await
        .assert_status(200);
    let delivery_person = app.client();
    delivery_person
        .login("livreur@colivra.ma", "Livreur#Colivra2026")
        .await
        .assert_status(200);
    let balances = crate::support::money::listed_balances(&admin).await;
    assert!(balance > 0, "the shortage is owed in part: {posted:?}");
    assert!(balances.values().any(|b| *b == balance), "{balances:?}");
    let dashboard = admin.get("/api/statistics").await.body["data"].clone();
    // The dashboard's chart by day: parcels created on most days of the week.
    let busy_days = dashboard["daily"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|day| day["created"].as_i64().unwrap() > 0)
        .count();
    assert!(busy_days >= 5, "{}", dashboard["daily"]);
    let admin_money = dashboard["money"].clone();
    assert_eq!(
        admin_money["balances_owed"],
        balances.values().filter(|b| **b > 0).sum::<i64>()
    );
    // The delivery person's books: what his delivered and refused parcels count for (cash less
    // the demo's commissions, 15 DH delivered and 5 DH refused) is the cash counted, the
    // shortage paid back, and what he holds now (not yet on a validated invoice, plus what he
    // owes).
    let outcomes: Vec<(Option<String>, String, i64)> = parcels::table
        .filter(parcels::delivery_person_id.eq(courier))
        .filter(parcels::outcome.eq_any(["delivered", "refused"]))
        .select((parcels::outcome, parcels::kind, parcels::cod_amount))
        .load(conn)
        .unwrap();
    let owed_for_parcels: i64 = outcomes
        .iter()
        .map(
            |(outcome, kind, cod)| match (outcome.as_deref(), kind.as_str()) {
                (Some("delivered"), "refund") => -cod - 1_500,
                (Some("delivered"), _) => cod - 1_500,
                _ => -500,
            },
        )
        .sum();
    let counted: i64 = validated.iter().map(|i| i.3.unwrap()).sum();
    let money = delivery_person.get("/api/statistics").await.body["data"]["money"].clone();
    assert_eq!(money["balance"], balance);
    assert_eq!(
        owed_for_parcels,
        counted + payments + money["cash_held"].as_i64().unwrap(),
        "{money}"
    );
    // The merchants' side: delivered parcels less their fees are what paid invoices paid and
    // what is still due; validated invoices are the transfers to make.
    let delivered: Vec<(String, i64, i64)> = parcels::table
        .filter(parcels::status.eq("delivered"))
        .select((parcels::kind, parcels::cod_amount, parcels::delivery_fee))
        .load(conn)
        .unwrap();
    let earned: i64 = delivered
        .iter()
        .map(|(kind, cod, fee)| {
            if kind == "refund" {
                -cod - fee
            } else {
                cod - fee
            }
        })
        .sum();
    let paid: i64 = client
        .iter()
        .filter(|i| i.0 == "delivered" && i.1 == "paid")
        .map(|i| i.2)
        .sum();
    // Every delivered parcel's money is paid, due from cash received, awaiting its cash, or
    // went to pay what the merchant owed (deducted from a payout).
    let deducted: i64 = merchant_entries
        .iter()
        .filter(|e| e.0 == "deduction")
        .map(|e| e.1)
        .sum();
    assert_eq!(
        earned,
        paid + admin_money["payouts_due"].as_i64().unwrap()
            + admin_money["payouts_awaiting_cash"].as_i64().unwrap()
            + deducted
    );
    assert_eq!(
        admin_money["ready_to_transfer"],
        client
            .iter()
            .filter(|i| i.0 == "delivered" && i.1 == "validated")
            .map(|i| i.2)
            .sum::<i64>()
    );
    // Every invoice's total is its lines.
    for (list, lines) in [
        ("/api/clients/invoices", "/api/clients/parcels/invoices"),
        (
            "/api/delivery-admins/invoices",
            "/api/delivery-admins/parcels/invoices",
        ),
    ] {
        let res = admin.get(&format!("{list}?per_page=100")).await;
        res.assert_status(200);
        let invoices = res.body["data"].as_array().unwrap().clone();
        assert!(!invoices.is_empty());
        for invoice in invoices {
            let key = invoice["key"].as_str().unwrap();
            let res = admin.get(&format!("{lines}/{key}")).await;
            res.assert_status(200);
            let sum: i64 = res.body["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l["amount"].as_i64().unwrap())
                .sum::<i64>()
                + res.body["carried_balance"]["amount"].as_i64().unwrap_or(0);
            assert_eq!(Value::from(sum), invoice["total"], "{key}");
        }
    }
}
