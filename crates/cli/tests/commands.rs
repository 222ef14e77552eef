//! The `colivra` command line: migrate, create-admin, seed-demo, import-cities, backup and
//! restore, start-up errors, and the bench's seeded parcels. One test program for the crate.

use colivra_core::{Centimes, MerchantId};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use colivra_db::test_support::{count, run_colivra, stderr, stdout, TestDatabase};

fn colivra(database_url: &str, args: &[&str]) -> Output {
    run_colivra(env!("CARGO_BIN_EXE_colivra"), database_url, args)
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
    let (merchant, shop): (MerchantId, String) = {
        use colivra_db::schema::{shops, users};
        let conn = &mut *pool.get().unwrap();
        let merchant: MerchantId = users::table
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
                        &colivra_inventory::parcel_stock::InventoryStock,
                        merchant.into(),
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

#[test]
fn bench_data_reads_back_as_valid_parcels() {
    use colivra_parcels::list::{self, ParcelFilters};
    let (_db, pool) = colivra_db::test_support::TestDatabase::migrated();
    colivra_cli::bench_data::seed_bench(&pool, 300).unwrap();
    let mut conn = pool.get().unwrap();
    let page = list::list(
        &mut conn,
        colivra_core::Scope::Everyone,
        &colivra_core::ListQuery {
            per_page: Some(100),
            ..Default::default()
        },
        &ParcelFilters::default(),
        &list::ListMemory::default(),
    )
    .unwrap();
    assert_eq!(page.meta.total, Some(300));
    for parcel in &page.data {
        assert_eq!(parcel.quantity, 1);
        assert_eq!(parcel.product, "Article");
        assert!(
            (Centimes::new(5_000)..Centimes::new(200_000)).contains(&parcel.cod_amount),
            "{}",
            parcel.cod_amount
        );
        assert!(parcel.recipient_phone.len() == 10 && parcel.recipient_phone.starts_with('0'));
        assert!(parcel.fees.delivery.is_positive());
    }
}

/// The recipients' history (issue 40) adds up to the parcels' outcomes, phone by phone, as the
/// trigger kept it while the bench's parcels were written, and again once the migration is
/// reverted and run on the parcels already there (its backfill). The rule, restated here: a
/// delivered parcel counts delivered, a refused one (or one cancelled after a failed attempt)
/// failed, and every failed attempt counts unreached.
#[test]
fn the_recipients_history_adds_up_to_the_parcels_outcomes() {
    let (db, pool) = colivra_db::test_support::TestDatabase::migrated();
    colivra_cli::bench_data::seed_bench(&pool, 400).unwrap();
    let url = db.url_string();
    let expected = "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM (\
        SELECT recipient_phone, \
               SUM(CASE WHEN outcome = 'delivered' THEN 1 ELSE 0 END) AS delivered, \
               SUM(CASE WHEN outcome = 'refused' OR (outcome = 'cancelled' AND attempts > 0) THEN 1 ELSE 0 END) AS failed, \
               SUM(attempts) AS unreached \
        FROM parcels GROUP BY recipient_phone) AS p \
        LEFT JOIN (SELECT phone, SUM(delivered) AS delivered, SUM(failed) AS failed, \
                          SUM(unreached) AS unreached \
                   FROM recipient_history_entries GROUP BY phone) AS e ON e.phone = p.recipient_phone \
        WHERE COALESCE(e.delivered, 0) <> p.delivered OR COALESCE(e.failed, 0) <> p.failed \
           OR COALESCE(e.unreached, 0) <> p.unreached";
    let outcomes = "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM parcels \
                    WHERE outcome IN ('delivered', 'refused') OR attempts > 0";
    let mut conn = pool.get().unwrap();
    assert!(
        count(&mut conn, outcomes) > 50,
        "the bench's parcels have outcomes"
    );
    assert_eq!(count(&mut conn, expected), 0, "phones whose history is off");
    drop(conn);
    let revert = colivra(&url, &["migrate", "revert"]);
    assert!(revert.status.success(), "{}", stderr(&revert));
    let again = colivra(&url, &["migrate"]);
    assert!(again.status.success(), "{}", stderr(&again));
    let mut conn = pool.get().unwrap();
    assert_eq!(count(&mut conn, expected), 0, "after the backfill");
}
