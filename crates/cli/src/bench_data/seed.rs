//! Seeding a database with bench data: merchants, delivery people, parcels, activities, balances.

use std::time::Instant;

use chrono::{Duration, NaiveDateTime};
use colivra_auth::accounts::{self, NewUser};
use colivra_core::{CityId, MerchantId, Role, UserId};
use colivra_db::{DbConnection, DbPool};
use colivra_parcels::{cities, shops};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::terminal::CliResult;

use super::{
    pick, pick_status, sql_text, sql_time, tracking_code, BENCH_PASSWORD, DELIVERY_PEOPLE,
    FIRST_NAMES, LAST_NAMES, MERCHANTS,
};

/// Fills the database: the cities, merchants with shops, delivery people serving cities, and
/// `parcels` parcels spread over a year and over the statuses, each with its history and its
/// activities (a database seeded before the activity log gets its activities only).
pub fn seed_bench(pool: &DbPool, parcels: u64) -> CliResult {
    let started = Instant::now();
    let mut conn = pool.get()?;
    let existing: i64 = colivra_db::schema::parcels::table
        .count()
        .get_result(&mut conn)?;
    if existing > 0 {
        // Seeded before the log was: its activities only.
        let logged: i64 = colivra_db::schema::activities::table
            .filter(colivra_db::schema::activities::action.eq("parcel.created"))
            .count()
            .get_result(&mut conn)?;
        if logged == 0 {
            seed_activities(&mut conn)?;
            println!(
                "The database already holds {existing} parcels: their activities added in {:.0} s.",
                started.elapsed().as_secs_f64()
            );
        } else {
            println!("The database already holds {existing} parcels: nothing seeded.");
        }
        // A run's clean-up deletes the parcels it made after its server stopped: their figures'
        // deltas (300,000 or more) would wait for the next server's first fold, in the middle
        // of what it measures (the dashboards on PostgreSQL read a table the planner then
        // scanned: 60 ms p99 for a merchant's instead of 20). Every run starts folded.
        settle_figures(&mut conn)?;
        return Ok(());
    }
    let mut rng = StdRng::seed_from_u64(2026);
    let rows = cities::parse_cities_csv(cities::MOROCCAN_CITIES_CSV)?;
    cities::ensure_cities(&mut conn, &rows).map_err(|e| e.to_string())?;
    let city_rows: Vec<(CityId, i64, i64, i64)> = {
        use colivra_db::schema::cities;
        cities::table
            .select((
                cities::id,
                cities::delivery_fee,
                cities::return_fee,
                cities::refusal_fee,
            ))
            .order(cities::id)
            .load(&mut conn)?
    };

    // Accounts share one password hash: hashing 260 times would dominate the seeding time.
    let account = |conn: &mut DbConnection, role: Role, n: usize| -> Result<UserId, String> {
        let email = format!("{}-{n}@bench.colivra.ma", role.as_str());
        let (user, _) = accounts::ensure_account(
            conn,
            NewUser {
                role,
                first_name: FIRST_NAMES[n % FIRST_NAMES.len()],
                last_name: LAST_NAMES[n % LAST_NAMES.len()],
                email: &email,
                phone: "0612345678",
                company: (role == Role::Merchant).then_some("Boutique Bench"),
                city: Some("Casablanca"),
                password: BENCH_PASSWORD,
                active: true,
                permissions: None,
            },
        )
        .map_err(|e| e.to_string())?;
        Ok(user.id)
    };
    account(&mut conn, Role::Admin, 0)?;
    let hash: String = {
        use colivra_db::schema::users;
        users::table
            .filter(users::email.eq("admin-0@bench.colivra.ma"))
            .select(users::password_hash)
            .first(&mut conn)?
    };
    let mut merchants: Vec<(i64, Vec<i64>)> = Vec::new();
    let now = colivra_core::time::now();
    let add_user = |conn: &mut DbConnection,
                    role: Role,
                    n: usize|
     -> Result<i64, Box<dyn std::error::Error>> {
        let key = colivra_core::key::prefixed_key("U", 11);
        let sql = format!(
            "INSERT INTO users (key, role, first_name, last_name, email, phone, company, city, password_hash, active, created_at, updated_at) \
             VALUES ({}, {}, {}, {}, {}, '0612345678', {}, 'Casablanca', {}, TRUE, {}, {})",
            sql_text(&key),
            sql_text(role.as_str()),
            sql_text(FIRST_NAMES[n % FIRST_NAMES.len()]),
            sql_text(LAST_NAMES[n % LAST_NAMES.len()]),
            sql_text(&format!("{}-{n}@bench.colivra.ma", role.as_str())),
            if role == Role::Merchant { sql_text(&format!("Boutique {n}")) } else { "NULL".into() },
            sql_text(&hash),
            sql_time(now),
            sql_time(now),
        );
        conn.batch_execute(&sql)?;
        use colivra_db::schema::users;
        Ok(users::table
            .filter(users::key.eq(&key))
            .select(users::id)
            .first(conn)?)
    };
    for n in 1..=MERCHANTS {
        let merchant = add_user(&mut conn, Role::Merchant, n)?;
        let mut shop_ids = Vec::new();
        for s in 0..(1 + n % 3) {
            let city = city_rows[rng.gen_range(0..city_rows.len())].0;
            let shop_name = format!("Boutique {n}-{s}");
            let (key, _) = shops::ensure_shop(
                &mut conn,
                shops::NewShop {
                    merchant_id: MerchantId::new(merchant),
                    name: &shop_name,
                    phone: "0522000000",
                    address: "Zone industrielle",
                    city_id: city,
                    bank_account: None,
                },
            )
            .map_err(|e| e.to_string())?;
            use colivra_db::schema::shops::dsl;
            shop_ids.push(
                dsl::shops
                    .filter(dsl::key.eq(&key))
                    .select(dsl::id)
                    .first(&mut conn)?,
            );
        }
        merchants.push((merchant, shop_ids));
    }
    let mut delivery_people = Vec::new();
    for n in 1..=DELIVERY_PEOPLE {
        delivery_people.push(add_user(&mut conn, Role::DeliveryPerson, n)?);
    }

    // Parcels in chronological order, so ids follow creation time as in real life.
    let year_ago = now - Duration::days(365);
    let step = 365.0 * 86_400.0 / parcels.max(1) as f64;
    let batch = 1_000u64;
    let mut sequence = 0u64;
    while sequence < parcels {
        let end = (sequence + batch).min(parcels);
        let mut values = Vec::with_capacity((end - sequence) as usize);
        for n in sequence..end {
            let (merchant, shop_ids) = &merchants[rng.gen_range(0..merchants.len())];
            let shop = shop_ids[rng.gen_range(0..shop_ids.len())];
            let (city, delivery, ret, refusal) = city_rows[rng.gen_range(0..city_rows.len())];
            let status = pick_status(&mut rng);
            let created = year_ago + Duration::milliseconds((n as f64 * step * 1000.0) as i64);
            let changed = created + Duration::hours(rng.gen_range(0..96));
            // Half the cancelled parcels were cancelled before pickup, with no delivery person.
            let before_pickup = matches!(status, "new" | "awaiting_pickup" | "picked_up")
                || (status == "cancelled" && rng.gen_bool(0.5));
            let with_delivery_person = !before_pickup;
            let delivery_person = if with_delivery_person {
                delivery_people[rng.gen_range(0..delivery_people.len())].to_string()
            } else {
                "NULL".to_owned()
            };
            let kind = match rng.gen_range(0..100) {
                0..=2 => "exchange",
                3..=4 => "refund",
                _ => "standard",
            };
            // Recipients order again (three parcels each on average), so their histories
            // (issue 40) have something to add up, as a real company's do.
            let recipient = rng.gen_range(0..(parcels / 3).max(1));
            let phone = format!(
                "0{}{:08}",
                6 + recipient % 2,
                (recipient * 48_271) % 100_000_000
            );
            values.push(format!(
                "({}, {merchant}, {shop}, {}, {}, {}, {city}, {}, 'Article', 1, {}, {}, FALSE, {}, {}, {}, {delivery}, {ret}, {refusal}, {}, {}, {delivery_person}, FALSE, {merchant}, {}, {}, {}, {}, {})",
                sql_text(&tracking_code(n)),
                if n % 2 == 0 { sql_text(&format!("CMD-{n}")) } else { "NULL".into() },
                sql_text(&format!("{} {}", pick(&mut rng, FIRST_NAMES), pick(&mut rng, LAST_NAMES))),
                sql_text(&phone),
                sql_text(&format!("{} rue {}", rng.gen_range(1..200), pick(&mut rng, LAST_NAMES))),
                rng.gen_range(50..2_000) * 100,
                if rng.gen_bool(0.5) { "TRUE" } else { "FALSE" },
                if rng.gen_bool(0.1) { "TRUE" } else { "FALSE" },
                sql_text(kind),
                if kind == "standard" { "NULL".into() } else { sql_text("Article à récupérer") },
                sql_text(status),
                if matches!(status, "no_answer" | "unreachable") { 1 } else { 0 },
                sql_time(created),
                sql_time(changed),
                sql_time(changed),
                // The outcome of the round, as the state machine records it (no commissions
                // set up for bench delivery people).
                if with_delivery_person && matches!(status, "delivered" | "refused" | "cancelled") {
                    format!("{}, 0, {}", sql_text(status), sql_time(changed))
                } else {
                    "NULL, NULL, NULL".to_owned()
                },
                // The cash of what was delivered more than three days ago is handed over (its
                // merchant can be paid); the last days' is still with the delivery people.
                if status == "delivered" && changed < now - Duration::days(3) { "TRUE" } else { "FALSE" },
            ));
        }
        conn.batch_execute(&format!(
            "INSERT INTO parcels (key, merchant_id, shop_id, reference, recipient_name, recipient_phone, city_id, address, product, quantity, cod_amount, can_open, can_try, fragile, kind, item_to_collect, delivery_fee, return_fee, refusal_fee, status, attempts, delivery_person_id, address_change_pending, created_by, created_at, updated_at, status_changed_at, outcome, commission, outcome_at, cash_received) VALUES {}",
            values.join(", ")
        ))?;
        sequence = end;
        if sequence.is_multiple_of(100_000) {
            println!(
                "  {sequence} parcels ({:.0} s)",
                started.elapsed().as_secs_f64()
            );
        }
    }
    seed_balances(&mut conn, &delivery_people, &mut rng, now)?;
    seed_merchant_accounts(&mut conn, &merchants, &mut rng, now)?;
    // Each parcel's history: its creation, then its current status.
    conn.batch_execute(
        "INSERT INTO parcel_states (parcel_id, status, user_id, created_at) \
         SELECT id, 'new', created_by, created_at FROM parcels; \
         INSERT INTO parcel_states (parcel_id, status, user_id, created_at) \
         SELECT id, status, delivery_person_id, status_changed_at FROM parcels WHERE status <> 'new';",
    )?;
    seed_activities(&mut conn)?;
    // The dashboards' figures the parcels' trigger appended, folded now rather than by the
    // server's first fold during a measure.
    settle_figures(&mut conn)?;
    if matches!(*conn, DbConnection::Pg(_)) {
        // A fresh table left to autovacuum would make the first runs measure its catch-up.
        // One statement per call: several in one string would run as a transaction block,
        // where VACUUM is refused.
        conn.batch_execute("VACUUM ANALYZE parcels")?;
        conn.batch_execute("VACUUM ANALYZE parcel_states")?;
        conn.batch_execute("VACUUM ANALYZE activities")?;
    } else {
        conn.batch_execute("ANALYZE;")?;
    }
    println!(
        "Seeded {parcels} parcels, {MERCHANTS} merchants, {DELIVERY_PEOPLE} delivery people in {:.0} s.",
        started.elapsed().as_secs_f64()
    );
    println!("Sign in as admin-0@bench.colivra.ma / {BENCH_PASSWORD} (merchants: client-N@…, delivery people: delivery-admin-N@…).");
    Ok(())
}

/// The activity log of the seeded year, oldest first as it was written: each parcel's creation
/// by its merchant and its latest status change (as `moves::apply` records it), two activities
/// per parcel moved, for the log's export case.
fn seed_activities(conn: &mut DbConnection) -> CliResult {
    conn.batch_execute(
        "INSERT INTO activities (user_id, action, subject_type, subject_key, subject_code, details, created_at, key) \
         SELECT user_id, action, 'parcel', key, key, details, at, 'AC' || key || '-' || step FROM ( \
           SELECT created_by AS user_id, 'parcel.created' AS action, key, NULL AS details, created_at AS at, id, 0 AS step FROM parcels \
           UNION ALL \
           SELECT delivery_person_id, 'parcel.status_changed', key, \
                  '{\"forced\":false,\"status\":{\"new\":\"' || status || '\",\"old\":\"new\"}}', status_changed_at, id, 1 \
           FROM parcels WHERE status <> 'new' \
         ) AS logged ORDER BY at, id, step",
    )?;
    Ok(())
}

/// A year of weekly validated delivery invoices per delivery person (numbered in last year's
/// sequence, so the runs' own invoices of this year never meet them), a third of them counted
/// short or over, each difference posted to his balance and about half of them settled: the
/// ledger the delivery people list sums (`GET /api/delivery-admins/balances`).
fn seed_balances(
    conn: &mut DbConnection,
    delivery_people: &[i64],
    rng: &mut StdRng,
    now: NaiveDateTime,
) -> CliResult {
    let year = chrono::Datelike::year(&now) - 1;
    let mut number = 0u64;
    for &delivery_person in delivery_people {
        let mut seq = 0i64;
        let mut balance = 0i64;
        let mut invoices = Vec::new();
        let mut entries: Vec<(i64, String, &str, i64)> = Vec::new();
        for week in 0..52i64 {
            number += 1;
            let at = now - Duration::days(364 - 7 * week);
            let total = rng.gen_range(50_000..400_000i64);
            let owed = if rng.gen_bool(0.33) {
                rng.gen_range(-3_000..3_000i64)
            } else {
                0
            };
            let key = colivra_core::key::prefixed_key("FL", 8);
            invoices.push(format!(
                "({}, 'delivery', 'validated', {}, {delivery_person}, 0, {total}, 0, {total}, {}, {}, {}, {}, {})",
                sql_text(&key),
                sql_text(&format!("FL-{year}-{number:06}")),
                total - owed,
                sql_time(at),
                sql_time(at),
                sql_time(at),
                sql_time(at),
            ));
            if owed != 0 {
                seq += 1;
                balance += owed;
                entries.push((seq, key.clone(), "difference", owed));
            }
            if balance != 0 && rng.gen_bool(0.5) {
                seq += 1;
                entries.push((seq, String::new(), "payment", -balance));
                balance = 0;
            }
        }
        conn.batch_execute(&format!(
            "INSERT INTO invoices (key, kind, status, number, delivery_person_id, parcels_count, cod_total, fees_total, total, counted_amount, created_at, updated_at, counted_at, validated_at) VALUES {}",
            invoices.join(", ")
        ))?;
        if entries.is_empty() {
            continue;
        }
        let values: Vec<String> = entries
            .into_iter()
            .map(|(seq, invoice, kind, amount)| {
                let invoice = if invoice.is_empty() {
                    "NULL".to_owned()
                } else {
                    format!(
                        "(SELECT id FROM invoices WHERE key = {})",
                        sql_text(&invoice)
                    )
                };
                format!(
                    "({}, {delivery_person}, {seq}, '{kind}', {amount}, {invoice}, {})",
                    sql_text(&colivra_core::key::prefixed_key("EC", 8)),
                    sql_time(now),
                )
            })
            .collect();
        conn.batch_execute(&format!(
            "INSERT INTO delivery_person_balance_entries (key, delivery_person_id, seq, kind, amount, invoice_id, created_at) VALUES {}",
            values.join(", ")
        ))?;
    }
    conn.batch_execute(&format!(
        "INSERT INTO invoice_numbers (prefix, year, last_number) VALUES ('FL', {year}, {number})"
    ))?;
    Ok(())
}

/// A year of each merchant's account: a returned-type invoice every fortnight posting its fees,
/// each paid (a payment naming it) but for the last one or two of a third of the merchants, who
/// owe the company now.
fn seed_merchant_accounts(
    conn: &mut DbConnection,
    merchants: &[(i64, Vec<i64>)],
    rng: &mut StdRng,
    now: NaiveDateTime,
) -> CliResult {
    let year = chrono::Datelike::year(&now) - 1;
    let mut number = 0u64;
    for (merchant, shops) in merchants {
        let owing = rng.gen_bool(0.33);
        let mut invoices = Vec::new();
        let mut entries: Vec<(String, &str, i64)> = Vec::new();
        for fortnight in 0..26i64 {
            number += 1;
            let at = now - Duration::days(364 - 14 * fortnight);
            let fees = rng.gen_range(1..20i64) * 1_000;
            let open = owing && fortnight >= 24;
            let key = colivra_core::key::prefixed_key("FC", 8);
            let (status, reference, paid_on) = if open {
                ("validated", "NULL".to_owned(), "NULL".to_owned())
            } else {
                (
                    "paid",
                    sql_text(&format!("R-{number}")),
                    format!("'{}'", at.date()),
                )
            };
            invoices.push(format!(
                "({}, 'returned', '{status}', {}, {merchant}, {}, 1, 0, {fees}, {}, {reference}, {paid_on}, {}, {}, {})",
                sql_text(&key),
                sql_text(&format!("FC-{year}-{number:06}")),
                shops[0],
                -fees,
                sql_time(at),
                sql_time(at),
                sql_time(at),
            ));
            entries.push((key.clone(), "fees", -fees));
            if !open {
                entries.push((key, "payment", fees));
            }
        }
        conn.batch_execute(&format!(
            "INSERT INTO invoices (key, kind, status, number, merchant_id, shop_id, parcels_count, cod_total, fees_total, total, payment_reference, paid_on, created_at, updated_at, validated_at) VALUES {}",
            invoices.join(", ")
        ))?;
        let values: Vec<String> = entries
            .into_iter()
            .enumerate()
            .map(|(n, (invoice, kind, amount))| {
                format!(
                    "({}, {merchant}, {}, '{kind}', {amount}, (SELECT id FROM invoices WHERE key = {}), {})",
                    sql_text(&colivra_core::key::prefixed_key("CM", 8)),
                    n + 1,
                    sql_text(&invoice),
                    sql_time(now),
                )
            })
            .collect();
        conn.batch_execute(&format!(
            "INSERT INTO merchant_balance_entries (key, merchant_id, seq, kind, amount, invoice_id, created_at) VALUES {}",
            values.join(", ")
        ))?;
    }
    conn.batch_execute(&format!(
        "INSERT INTO invoice_numbers (prefix, year, last_number) VALUES ('FC', {year}, {number})"
    ))?;
    Ok(())
}

/// Folds the figures' pending deltas and, on PostgreSQL, vacuums both figure tables so that the
/// planner knows the deltas are empty again.
fn settle_figures(conn: &mut DbConnection) -> CliResult {
    colivra_parcels::figures::fold(conn).map_err(|e| e.to_string())?;
    if matches!(*conn, DbConnection::Pg(_)) {
        conn.batch_execute("VACUUM ANALYZE parcel_figure_deltas")?;
        conn.batch_execute("VACUUM ANALYZE parcel_figures")?;
    }
    Ok(())
}
