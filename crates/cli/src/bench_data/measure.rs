//! Timing the parcels list and the invoice build against the seeded data.

use std::time::Instant;

use colivra_core::Scope;
use colivra_core::{
    CityId, DeliveryPersonId, Language, ListQuery, MerchantId, ParcelId, Role, UserId,
};
use colivra_db::{DbConnection, DbPool};
use colivra_parcels::list::{self, ParcelFilters};
use colivra_parcels::{cities, shops};
use diesel::connection::SimpleConnection;
use diesel::prelude::*;

use crate::terminal::CliResult;

use super::{sql_text, sql_time};

/// Runs each read case's service directly (no HTTP) `iterations` times and prints p50/p99 in
/// milliseconds, one line per case: `case p50 p99`, under the names `scripts/bench.sh` gives the
/// same requests over HTTP.
pub fn bench_direct(
    pool: &DbPool,
    iterations: usize,
    cursor: Option<String>,
    only: Option<&str>,
) -> CliResult {
    type Case<'a> = Box<dyn FnMut(&mut DbConnection) -> colivra_core::AppResult<()> + 'a>;
    let mut conn = pool.get()?;
    let user = |conn: &mut DbConnection, email: &str| -> Result<i64, Box<dyn std::error::Error>> {
        use colivra_db::schema::users;
        Ok(users::table
            .filter(users::email.eq(email))
            .select(users::id)
            .first(conn)?)
    };
    let delivery_person =
        DeliveryPersonId::new(user(&mut conn, "delivery-admin-1@bench.colivra.ma")?);
    let merchant = MerchantId::new(user(&mut conn, "client-3@bench.colivra.ma")?);
    // The parcel list as the server runs it, remembered across runs as the server does (a list
    // past the cap is counted once).
    let parcels = |query: ListQuery, filters: ParcelFilters| -> Case<'static> {
        let memory = list::ListMemory::default();
        Box::new(move |conn| {
            list::list(conn, Scope::Everyone, &query, &filters, &memory).map(|_| ())
        })
    };
    let statistics = |scope: Scope| -> Case<'static> {
        Box::new(move |conn| {
            colivra_invoicing::dashboard::figures(conn, scope)?;
            colivra_inventory::dashboard::figures(conn, scope).map(|_| ())
        })
    };
    let page = || ListQuery {
        per_page: Some(25),
        ..Default::default()
    };
    // Recipients with a history (seed-bench repeats them across merchants): what a creation
    // reads of its recipient's past, one phone after another as parcels come in.
    let phones: Vec<String> = {
        use colivra_db::schema::recipient_history_entries as entries;
        let mut phones: Vec<String> = entries::table
            .select(entries::phone)
            .order(entries::id.desc())
            .limit(5000)
            .load(&mut conn)?;
        phones.sort_unstable();
        phones.dedup();
        phones
    };
    let mut next_phone = 0;
    let cases: Vec<(&str, Case)> = vec![
        (
            "recipient_history",
            Box::new(move |conn| {
                next_phone += 1;
                let phone = phones.get(next_phone % phones.len().max(1));
                let phones: Vec<&str> = phone.map(String::as_str).into_iter().collect();
                colivra_parcels::recipients::Recipients::load(conn, &phones).map(|_| ())
            }),
        ),
        ("page1", parcels(page(), ParcelFilters::default())),
        (
            "deep",
            parcels(
                page(),
                ParcelFilters {
                    cursor: cursor.clone(),
                    ..Default::default()
                },
            ),
        ),
        (
            "filtered",
            parcels(
                page(),
                ParcelFilters {
                    view: Some(colivra_parcels::status::View::Delivered),
                    ..Default::default()
                },
            ),
        ),
        (
            "search",
            parcels(
                ListQuery {
                    q: Some("0612".into()),
                    ..page()
                },
                ParcelFilters::default(),
            ),
        ),
        (
            "balances",
            Box::new(move |conn| {
                colivra_invoicing::balances::list(conn, &page(), &Default::default()).map(|_| ())
            }),
        ),
        (
            "merchant_accounts",
            Box::new(move |conn| {
                colivra_invoicing::accounts::list(conn, &page(), &Default::default()).map(|_| ())
            }),
        ),
        ("statistics_admin", statistics(Scope::Everyone)),
        (
            "statistics_delivery",
            statistics(Scope::DeliveryPerson(delivery_person)),
        ),
        ("statistics_merchant", statistics(Scope::Merchant(merchant))),
        (
            "unpaid_shops",
            Box::new(move |conn| {
                colivra_invoicing::merchant::unpaid_shops(
                    conn,
                    "delivered",
                    &page(),
                    &Default::default(),
                )
                .map(|_| ())
            }),
        ),
        (
            "unpaid_delivery",
            Box::new(move |conn| {
                colivra_invoicing::delivery::unpaid_delivery_people(conn, &page()).map(|_| ())
            }),
        ),
    ];
    for (name, mut case) in cases {
        if only.is_some_and(|only| only != name) {
            continue;
        }
        let mut times = Vec::with_capacity(iterations);
        for _ in 0..iterations {
            let started = Instant::now();
            case(&mut conn).map_err(|e| e.to_string())?;
            times.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
        println!("{name} {:.2} {:.2}", at(0.50), at(0.99));
    }
    Ok(())
}

/// Times one invoice of `parcels` delivered parcels of one shop (drafted, validated, its PDF
/// rendered), and the same for a delivery person's cash hand-over, through the invoicing
/// services against the database; prints `case ms` lines, then removes what it created.
pub fn bench_invoice(pool: &DbPool, parcels: u64) -> CliResult {
    use colivra_db::schema::{
        invoices, parcel_states, parcels as parcel_table, shops as shop_table, users,
    };
    use colivra_invoicing::{delivery, merchant, pdf};

    let mut conn = pool.get()?;
    let rows = cities::parse_cities_csv(cities::MOROCCAN_CITIES_CSV)?;
    cities::ensure_cities(&mut conn, &rows).map_err(|e| e.to_string())?;
    let (city, delivery_fee, return_fee, refusal_fee): (CityId, i64, i64, i64) = {
        use colivra_db::schema::cities;
        cities::table
            .select((
                cities::id,
                cities::delivery_fee,
                cities::return_fee,
                cities::refusal_fee,
            ))
            .order(cities::id)
            .first(&mut conn)?
    };
    let now = colivra_core::time::now();
    let run = colivra_core::key::random_key(6);
    let user = |conn: &mut DbConnection,
                role: Role|
     -> Result<UserId, Box<dyn std::error::Error>> {
        let key = colivra_core::key::prefixed_key("U", 11);
        conn.batch_execute(&format!(
            "INSERT INTO users (key, role, first_name, last_name, email, phone, password_hash, active, created_at, updated_at) \
             VALUES ({}, {}, 'Bench', 'Facture', {}, '0612345678', 'x', TRUE, {}, {})",
            sql_text(&key),
            sql_text(role.as_str()),
            sql_text(&format!("invoice-{run}-{}@bench.colivra.ma", role.as_str())),
            sql_time(now),
            sql_time(now),
        ))?;
        Ok(users::table
            .filter(users::key.eq(&key))
            .select(users::id)
            .first(conn)?)
    };
    let merchant = user(&mut conn, Role::Merchant)?;
    let delivery_person = user(&mut conn, Role::DeliveryPerson)?;
    let admin = user(&mut conn, Role::Admin)?;
    let (shop_key, _) = shops::ensure_shop(
        &mut conn,
        shops::NewShop {
            merchant_id: MerchantId::new(merchant.get()),
            name: &format!("Boutique facture {run}"),
            phone: "0522000000",
            address: "Zone industrielle",
            city_id: city,
            bank_account: None,
        },
    )
    .map_err(|e| e.to_string())?;
    let shop: i64 = shop_table::table
        .filter(shop_table::key.eq(&shop_key))
        .select(shop_table::id)
        .first(&mut conn)?;
    let mut sequence = 0;
    while sequence < parcels {
        let end = (sequence + 1_000).min(parcels);
        let values: Vec<String> = (sequence..end)
            .map(|n| {
                format!(
                    "({}, {merchant}, {shop}, 'Destinataire {n}', '0612345678', {city}, '1 rue du Banc', 'Article', 1, {}, FALSE, FALSE, FALSE, 'standard', {delivery_fee}, {return_fee}, {refusal_fee}, 'delivered', 0, {delivery_person}, FALSE, {merchant}, {t}, {t}, {t}, 'delivered', 1500, {t}, TRUE)",
                    sql_text(&colivra_core::key::prefixed_key("CL", 10)),
                    10_000 + n as i64,
                    t = sql_time(now),
                )
            })
            .collect();
        conn.batch_execute(&format!(
            "INSERT INTO parcels (key, merchant_id, shop_id, recipient_name, recipient_phone, city_id, address, product, quantity, cod_amount, can_open, can_try, fragile, kind, delivery_fee, return_fee, refusal_fee, status, attempts, delivery_person_id, address_change_pending, created_by, created_at, updated_at, status_changed_at, outcome, commission, outcome_at, cash_received) VALUES {}",
            values.join(", ")
        ))?;
        sequence = end;
    }
    let timed = |name: &str, started: Instant| {
        println!("{name} {:.1}", started.elapsed().as_secs_f64() * 1000.0);
    };
    let fail = |e: colivra_core::AppError| e.to_string();

    let total = Instant::now();
    let started = Instant::now();
    let invoice = merchant::create(
        &mut conn,
        admin,
        &merchant::MerchantInvoiceInput {
            shop: Some(shop_key.clone()),
            invoice_type: Some("delivered".into()),
            parcels: None,
        },
    )
    .map_err(fail)?;
    timed("client_draft", started);
    let started = Instant::now();
    merchant::update(
        &mut conn,
        admin,
        &invoice.key,
        &merchant::MerchantInvoiceUpdate {
            status: Some("validated".into()),
            ..Default::default()
        },
    )
    .map_err(fail)?;
    timed("client_validate", started);
    let started = Instant::now();
    let bytes = pdf::invoice_pdf(
        &mut conn,
        Scope::Everyone,
        true,
        &invoice.key,
        "Colivra",
        Language::Fr,
    )
    .map_err(fail)?;
    timed("client_pdf", started);
    timed("client_total", total);
    println!(
        "client_parcels {} (PDF {} KB)",
        invoice.parcels_count,
        bytes.len() / 1024
    );

    let total = Instant::now();
    let started = Instant::now();
    let delivery_person_key: String = users::table
        .find(delivery_person)
        .select(users::key)
        .first(&mut conn)?;
    let hand_over = delivery::create(
        &mut conn,
        admin,
        Scope::Everyone,
        &delivery::DeliveryInvoiceInput {
            delivery_person: Some(delivery_person_key),
            parcels: None,
            carry_balance: None,
        },
    )
    .map_err(fail)?;
    timed("delivery_draft", started);
    let started = Instant::now();
    for update in [
        delivery::DeliveryInvoiceUpdate {
            counted_amount: Some(hand_over.total.get()),
            status: None,
            carry_balance: None,
        },
        delivery::DeliveryInvoiceUpdate {
            counted_amount: None,
            status: Some("validated".into()),
            carry_balance: None,
        },
    ] {
        delivery::update(&mut conn, admin, &hand_over.key, &update).map_err(fail)?;
    }
    timed("delivery_count_validate", started);
    let started = Instant::now();
    pdf::invoice_pdf(
        &mut conn,
        Scope::Everyone,
        false,
        &hand_over.key,
        "Colivra",
        Language::Fr,
    )
    .map_err(fail)?;
    timed("delivery_pdf", started);
    timed("delivery_total", total);

    // Leave the database as it was (the numbers given stay taken: a bench database only).
    let ids: Vec<ParcelId> = parcel_table::table
        .filter(parcel_table::shop_id.eq(shop))
        .select(parcel_table::id)
        .load(&mut conn)?;
    for chunk in ids.chunks(5_000) {
        diesel::update(parcel_table::table.filter(parcel_table::id.eq_any(chunk)))
            .set((
                parcel_table::merchant_completed_invoice_id.eq(None::<i64>),
                parcel_table::delivery_person_invoice_id.eq(None::<i64>),
            ))
            .execute(&mut conn)?;
        diesel::delete(parcel_states::table.filter(parcel_states::parcel_id.eq_any(chunk)))
            .execute(&mut conn)?;
        diesel::delete(parcel_table::table.filter(parcel_table::id.eq_any(chunk)))
            .execute(&mut conn)?;
    }
    diesel::delete(invoices::table.filter(invoices::key.eq_any([&invoice.key, &hand_over.key])))
        .execute(&mut conn)?;
    diesel::delete(shop_table::table.find(shop)).execute(&mut conn)?;
    diesel::delete(colivra_db::schema::activities::table.filter(
        colivra_db::schema::activities::user_id.eq_any([merchant, delivery_person, admin]),
    ))
    .execute(&mut conn)?;
    diesel::delete(users::table.filter(users::id.eq_any([merchant, delivery_person, admin])))
        .execute(&mut conn)?;
    Ok(())
}
