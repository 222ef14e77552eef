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
