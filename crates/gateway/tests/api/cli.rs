//! The `colivra` binary: migrate, create-admin, seed-demo, and start-up errors.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

use colivra_db::test_support::TestDatabase;

fn colivra(database_url: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_colivra"))
        .args(args)
        .env("DATABASE_URL", database_url)
        .env("RUST_LOG", "warn")
        .output()
        .expect("run colivra")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn migrate_status_run_and_revert() {
    let db = TestDatabase::empty();
    let url = db.url_string();
    let status = colivra(&url, &["migrate", "status"]);
    assert!(status.status.success(), "{}", stderr(&status));
    assert!(
        stdout(&status).contains("[ ] 2026-11-21-000001_create_accounts"),
        "{}",
        stdout(&status)
    );

    let run = colivra(&url, &["migrate", "run"]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(stdout(&run).contains("Applied"));
    let status = stdout(&colivra(&url, &["migrate", "status"]));
    assert!(!status.contains("[ ]"), "{status}");

    let revert = colivra(&url, &["migrate", "revert"]);
    assert!(revert.status.success(), "{}", stderr(&revert));
    assert!(stdout(&revert).contains("Reverted"));
    // Only the newest migration is pending again.
    let status = stdout(&colivra(&url, &["migrate", "status"]));
    let lines: Vec<&str> = status.lines().collect();
    let (last, earlier) = lines.split_last().unwrap();
    assert!(last.starts_with("[ ]"), "{status}");
    assert!(
        !earlier.is_empty() && earlier.iter().all(|l| l.starts_with("[x]")),
        "{status}"
    );
    assert!(stdout(&colivra(&url, &["migrate"])).contains("Applied"));
}

#[test]
fn create_admin_makes_full_admins_and_staff() {
    let db = TestDatabase::empty();
    let url = db.url_string();
    let full = colivra(
        &url,
        &[
            "create-admin",
            "--email",
            "boss@colivra.ma",
            "--password",
            "Tres-Secret-2026",
            "--first-name",
            "Leila",
            "--last-name",
            "Fassi",
        ],
    );
    assert!(full.status.success(), "{}", stderr(&full));
    assert!(stdout(&full).contains("boss@colivra.ma"));
    let staff = colivra(
        &url,
        &[
            "create-admin",
            "--email",
            "desk@colivra.ma",
            "--password",
            "Tres-Secret-2026",
            "--permissions",
            "cities,dashboard",
        ],
    );
    assert!(
        stdout(&staff).contains("permissions: dashboard, cities"),
        "{}",
        stdout(&staff)
    );

    let duplicate = colivra(
        &url,
        &[
            "create-admin",
            "--email",
            "boss@colivra.ma",
            "--password",
            "Tres-Secret-2026",
        ],
    );
    assert!(!duplicate.status.success());
    assert!(
        stderr(&duplicate).contains("email"),
        "{}",
        stderr(&duplicate)
    );
    let weak = colivra(
        &url,
        &[
            "create-admin",
            "--email",
            "weak@colivra.ma",
            "--password",
            "password",
        ],
    );
    assert!(!weak.status.success());
    assert!(stderr(&weak).contains("password"));
    let unknown = colivra(
        &url,
        &[
            "create-admin",
            "--email",
            "x@colivra.ma",
            "--password",
            "Tres-Secret-2026",
            "--permissions",
            "pricing",
        ],
    );
    assert!(stderr(&unknown).contains("pricing"), "{}", stderr(&unknown));
}

#[test]
fn seed_demo_is_idempotent_and_prints_the_sign_ins() {
    let db = TestDatabase::empty();
    let url = db.url_string();
    let first = colivra(&url, &["seed-demo"]);
    assert!(first.status.success(), "{}", stderr(&first));
    let text = stdout(&first);
    for expected in [
        "admin@colivra.ma",
        "Admin#Colivra2026",
        "client@colivra.ma",
        "livreur@colivra.ma",
        "68 added",
        "2 of them on pickup voucher BR",
    ] {
        assert!(text.contains(expected), "{expected} missing from:\n{text}");
    }
    let second = stdout(&colivra(&url, &["seed-demo"]));
    assert!(
        second.contains("0 added") && second.contains("already existed"),
        "{second}"
    );
    let pool = colivra_db::connect_pool(
        &db.url,
        &colivra_db::PoolOptions::for_backend(db.url.backend()),
    )
    .unwrap();
    use diesel::prelude::*;
    let shops: i64 = colivra_db::schema::shops::table
        .count()
        .get_result(&mut *pool.get().unwrap())
        .unwrap();
    let users: i64 = colivra_db::schema::users::table
        .count()
        .get_result(&mut *pool.get().unwrap())
        .unwrap();
    assert_eq!((shops, users), (1, 3));
    let statuses: Vec<String> = colivra_db::schema::parcels::table
        .select(colivra_db::schema::parcels::status)
        .order(colivra_db::schema::parcels::id)
        .load(&mut *pool.get().unwrap())
        .unwrap();
    assert_eq!(
        statuses,
        ["awaiting_pickup", "awaiting_pickup", "new", "new", "new"]
    );
}

#[test]
fn bad_configuration_stops_with_one_line_naming_the_variable() {
    let db = TestDatabase::empty();
    let url = db.url_string();
    for (variable, value) in [
        ("COLIVRA_ADDR", "not-an-address"),
        ("COLIVRA_SECURE_COOKIES", "perhaps"),
        ("COLIVRA_TRUSTED_PROXIES", "10.0.0.0/8,the-balancer"),
        ("RUST_LOG", "[[["),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_colivra"))
            .args(["serve"])
            .env("DATABASE_URL", &url)
            .env(variable, value)
            .output()
            .unwrap();
        assert!(!output.status.success());
        let err = stderr(&output);
        assert!(err.contains(variable), "{variable}: {err}");
        assert!(
            !err.contains("panicked") && err.trim().lines().count() == 1,
            "{variable}: {err}"
        );
    }
    let output = colivra("mysql://nope", &["migrate", "status"]);
    assert!(
        stderr(&output).contains("DATABASE_URL"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_postgres_that_is_down_is_reported_within_seconds() {
    let started = Instant::now();
    let output = colivra(
        "postgres://postgres@127.0.0.1:1/colivra",
        &["migrate", "status"],
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "took {:?}",
        started.elapsed()
    );
    assert!(!output.status.success());
    let err = stderr(&output);
    assert!(err.contains("cannot connect to the database"), "{err}");
    assert!(!err.contains("panicked"));
}

#[test]
fn import_cities_adds_the_new_ones_and_reports_bad_lines() {
    let db = TestDatabase::empty();
    let url = db.url_string();
    let dir = std::env::temp_dir().join(format!(
        "colivra-cities-{}",
        colivra_core::key::random_secret(8)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("cities.csv");
    std::fs::write(
        &good,
        "name,delivery_fee,return_fee,refusal_fee\nIfrane,40,10,15\nAzilal,45.50,10,15\n",
    )
    .unwrap();
    let output = colivra(&url, &["import-cities", good.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("2 cities read, 2 added"),
        "{}",
        stdout(&output)
    );
    let again = stdout(&colivra(&url, &["import-cities", good.to_str().unwrap()]));
    assert!(again.contains("0 added, 2 already present"), "{again}");
    let bad = dir.join("bad.csv");
    std::fs::write(
        &bad,
        "name,delivery_fee,return_fee,refusal_fee\nTata,abc,10,15\n",
    )
    .unwrap();
    let output = colivra(&url, &["import-cities", bad.to_str().unwrap()]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("line 2"), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(dir);
}

/// Rows of a table, through SQL both backends read alike.
fn count(conn: &mut colivra_db::DbConnection, sql: &str) -> i64 {
    use diesel::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    diesel::sql_query(sql)
        .get_result::<Count>(conn)
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
        .n
}

#[test]
fn a_backup_taken_while_parcels_are_written_restores_into_an_empty_database() {
    use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
    use std::sync::Arc;

    use colivra_db::{connect_pool, PoolOptions};
    use diesel::prelude::*;

    let source = TestDatabase::empty();
    let seeded = colivra(&source.url_string(), &["seed-demo"]);
    assert!(seeded.status.success(), "{}", stderr(&seeded));
    let pool = connect_pool(&source.url, &PoolOptions::for_backend(source.url.backend())).unwrap();
    let (merchant, shop): (i64, String) = {
        use colivra_db::schema::{shops, users};
        let conn = &mut *pool.get().unwrap();
        let merchant: i64 = users::table
            .filter(users::email.eq("client@colivra.ma"))
            .select(users::id)
            .first(conn)
            .unwrap();
        let shop: String = shops::table
            .filter(shops::merchant_id.eq(merchant))
            .select(shops::key)
            .first(conn)
            .unwrap();
        (merchant, shop)
    };
    const UNTOUCHED: &[&str] = &[
        "users",
        "shops",
        "cities",
        "vouchers",
        "invoices",
        "invoice_numbers",
        "tickets",
        "ticket_messages",
        "inventories",
        "inventory_movements",
    ];
    let before: Vec<i64> = {
        let conn = &mut *pool.get().unwrap();
        UNTOUCHED
            .iter()
            .map(|table| count(conn, &format!("SELECT COUNT(*) AS n FROM {table}")))
            .collect()
    };
    let parcels_at_start = count(
        &mut pool.get().unwrap(),
        "SELECT COUNT(*) AS n FROM parcels",
    );

    // Two merchants' staff typing parcels in while the backup runs.
    let stop = Arc::new(AtomicBool::new(false));
    let created = Arc::new(AtomicI64::new(0));
    let writers: Vec<_> = (0..2)
        .map(|writer| {
            let (pool, stop, created, shop) =
                (pool.clone(), stop.clone(), created.clone(), shop.clone());
            std::thread::spawn(move || {
                let mut n = 0;
                while !stop.load(Ordering::SeqCst) {
                    n += 1;
                    let input: colivra_parcels::parcel::ParcelInput =
                        serde_json::from_value(serde_json::json!({
                            "shop": shop,
                            "recipient_name": format!("Client {writer}-{n}"),
                            "recipient_phone": format!("06{:08}", writer * 1_000_000 + n),
                            "city": "Casablanca",
                            "address": "12 rue de Fès",
                            "cod_amount": 10_000 + n,
                            "product": "Théière",
                        }))
                        .unwrap();
                    colivra_parcels::parcel::create(
                        &mut pool.get().unwrap(),
                        &colivra_gateway::stock::InventoryStock,
                        merchant,
                        merchant,
                        &input,
                        None,
                    )
                    .unwrap();
                    created.fetch_add(1, Ordering::SeqCst);
                }
            })
        })
        .collect();
    while created.load(Ordering::SeqCst) < 20 {
        std::thread::sleep(Duration::from_millis(5));
    }
    let folder = std::env::temp_dir().join(format!(
        "colivra-backup-{}",
        colivra_core::key::random_secret(8)
    ));
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join("colivra.backup");
    let file_arg = file.to_string_lossy().into_owned();
    let backup = colivra(&source.url_string(), &["backup", "--to", &file_arg]);
    let during = created.load(Ordering::SeqCst);
    // The writers go on a little after the copy, so the source moves past it.
    while created.load(Ordering::SeqCst) < during + 20 {
        std::thread::sleep(Duration::from_millis(5));
    }
    stop.store(true, Ordering::SeqCst);
    for writer in writers {
        writer.join().unwrap();
    }
    assert!(backup.status.success(), "{}", stderr(&backup));
    assert!(stdout(&backup).contains("Backed up"), "{}", stdout(&backup));
    let parcels_at_end = count(
        &mut pool.get().unwrap(),
        "SELECT COUNT(*) AS n FROM parcels",
    );
    assert_eq!(
        parcels_at_end,
        parcels_at_start + created.load(Ordering::SeqCst)
    );

    // A second backup to the same file is refused: a backup never overwrites one.
    let again = colivra(&source.url_string(), &["backup", "--to", &file_arg]);
    assert!(!again.status.success());
    assert!(
        stderr(&again).contains("already exists"),
        "{}",
        stderr(&again)
    );

    let target = TestDatabase::empty();
    let restore = colivra(&target.url_string(), &["restore", "--from", &file_arg]);
    assert!(restore.status.success(), "{}", stderr(&restore));
    let restored =
        connect_pool(&target.url, &PoolOptions::for_backend(target.url.backend())).unwrap();
    let conn = &mut *restored.get().unwrap();
    // What nobody wrote meanwhile came back whole.
    let after: Vec<i64> = UNTOUCHED
        .iter()
        .map(|table| count(conn, &format!("SELECT COUNT(*) AS n FROM {table}")))
        .collect();
    assert_eq!(after, before, "{UNTOUCHED:?}");
    // The parcels are those of one moment: each with its history and its activity, as the
    // transaction that created it wrote them; some written during the copy, not those after it.
    let parcels = count(conn, "SELECT COUNT(*) AS n FROM parcels");
    assert!(
        parcels >= parcels_at_start + 20 && parcels < parcels_at_end,
        "{parcels_at_start} ≤ {parcels} < {parcels_at_end}"
    );
    assert_eq!(
        count(conn, "SELECT COUNT(*) AS n FROM parcels WHERE NOT EXISTS (SELECT 1 FROM parcel_states s WHERE s.parcel_id = parcels.id)"),
        0,
        "every restored parcel has its history"
    );
    let created_activities = count(
        conn,
        "SELECT COUNT(*) AS n FROM activities WHERE action = 'parcel.created'",
    );
    let seeded_activities = count(
        &mut pool.get().unwrap(),
        "SELECT COUNT(*) AS n FROM activities WHERE action = 'parcel.created'",
    ) - created.load(Ordering::SeqCst);
    assert_eq!(
        created_activities - seeded_activities,
        parcels - parcels_at_start
    );
    // The restored database takes new writes, its migrations all applied.
    let status = stdout(&colivra(&target.url_string(), &["migrate", "status"]));
    assert!(!status.contains("[ ]"), "{status}");
    drop(restored);

    // Restoring again, into what is no longer empty, is refused.
    let twice = colivra(&target.url_string(), &["restore", "--from", &file_arg]);
    assert!(!twice.status.success());
    assert!(stderr(&twice).contains("not empty"), "{}", stderr(&twice));
    let _ = std::fs::remove_dir_all(folder);
}

/// Tables whose rows `seed-demo --week` writes: a second run must leave every count as it was.
const WEEK_TABLES: &[&str] = &[
    "users",
    "shops",
    "parcels",
    "parcel_states",
    "vouchers",
    "voucher_parcels",
    "invoices",
    "courier_balance_entries",
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
