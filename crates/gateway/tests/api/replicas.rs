//! Past one database (issue 42), on a real PostgreSQL primary and its streaming replica started
//! by the test (`support::cluster`): lists, dashboards and exports read from the replica within
//! its lag bound while callers read their own writes; a primary that dies and a replica promoted
//! in its place, the gateways following through a multi-host URL.
//!
//! Both run in the PostgreSQL pass only (they make their own servers, so once is enough).

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use colivra_db::test_support::{test_backend, TestDatabase};
use colivra_db::{Backend, DatabaseUrl, PoolOptions};
use colivra_gateway::db::{watch_replica, Database, ReadReplica};
use colivra_gateway::replica::Freshness;
use diesel::prelude::*;
use serde_json::json;

use crate::gateways::{at, Gateway};
use crate::support::cluster::{Cluster, Replication};
use crate::support::receiver::Receiver;
use crate::support::{Response, TestApp, TestClient};

fn postgres_pass() -> bool {
    if test_backend() == Backend::Postgres {
        return true;
    }
    eprintln!("SKIPPED in the SQLite pass: runs in the PostgreSQL pass (its own cluster)");
    false
}

fn from_replica(res: &Response) -> bool {
    res.header("server-timing")
        .is_some_and(|timing| timing.contains("read replica"))
}

fn codes(res: &Response) -> Vec<String> {
    res.body["data"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .filter_map(|row| row["key"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// GETs `path` until an answer comes from the replica (the watch asks 5 times a second).
async fn until_from_replica(client: &TestClient, path: &str) -> Response {
    let started = Instant::now();
    loop {
        let res = client.get(path).await;
        res.assert_status(200);
        if from_replica(&res) {
            return res;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{path}: never answered by the replica"
        );
        actix_rt::time::sleep(Duration::from_millis(100)).await;
    }
}

#[actix_rt::test]
async fn reads_go_to_a_streaming_replica_within_its_lag_bound_and_callers_read_their_writes() {
    if !postgres_pass() {
        return;
    }
    let Some(cluster) = Cluster::start(Replication::Asynchronous) else {
        return;
    };
    let (db, pool) = TestDatabase::migrated_on(&cluster.admin_url(cluster.primary_port));
    let name = db.name().unwrap().to_owned();
    let replica_url = DatabaseUrl::parse(&cluster.url(cluster.replica_port, &name)).unwrap();
    let replica = Arc::new(ReadReplica {
        database: Database::of_replica(colivra_db::connection::lazy_pool(
            &replica_url,
            &PoolOptions::for_backend(Backend::Postgres),
        )),
        freshness: Freshness::new(Duration::from_millis(3_000), false),
    });
    const METRICS_TOKEN: &str = "replica-metrics-0123456789";
    // The recorder is installed before anything is counted, as `colivra serve` does at start
    // (what is counted before it is lost).
    colivra_gateway::metrics::handle();
    let app = TestApp::spawn_on(db, pool, false, move |state| {
        state.pool = state.pool.clone().with_replica(replica);
        Arc::make_mut(&mut state.settings).metrics_token = Some(METRICS_TOKEN.to_owned());
    })
    .await;
    actix_rt::spawn(watch_replica(app.state.pool.clone()));
    let hub = app.hub().await;
    let first = hub.parcel(10_000, json!({})).await;

    // A healthy replica answers the lists of a caller who has not written lately.
    cluster.until_replica_caught_up();
    let res = until_from_replica(&hub.admin, "/api/parcels").await;
    assert!(codes(&res).contains(&first), "{}", res.text);

    // Every read sent to the replica works there: none of them writes.
    let reads = [
        "/api/parcels",
        "/api/statistics",
        "/api/search?q=CL",
        "/api/activities",
        "/api/activities/export",
        "/api/tickets",
        "/api/pickup-vouchers",
        "/api/exit-vouchers",
        "/api/return-vouchers",
        "/api/clients/invoices",
        "/api/delivery-admins/invoices",
        "/api/delivery-admins/balances",
        "/api/clients/balances",
        "/api/inventories",
        "/api/inventories/movements",
        "/api/messages",
        "/api/clients",
        "/api/delivery-admins",
        "/api/delivery-admins/calls",
        "/api/confirmations/statistics",
    ];
    for path in reads {
        let res = until_from_replica(&hub.admin, path).await;
        assert_eq!(res.status, 200, "{path}: {}", res.text);
    }
    let res = until_from_replica(&hub.merchant, "/api/statistics").await;
    assert_eq!(res.body["data"]["total"], 1, "{}", res.text);
    // The metrics say so too.
    let scraper = app.client();
    scraper.set_header("Authorization", &format!("Bearer {METRICS_TOKEN}"));
    let res = scraper.get("/metrics").await;
    res.assert_status(200);
    let scrape = crate::support::metrics::parse(&res.text);
    let value = |name| crate::support::metrics::value(&scrape, name, &[]);
    assert_eq!(value("colivra_replica_up"), Some(1.0), "{}", res.text);
    assert!(value("colivra_replica_requests_total") >= Some(reads.len() as f64));
    assert!(value("colivra_replica_lag_seconds").is_some_and(|lag| lag < 3.0));

    // The replica stops replaying: a merchant's new parcel is on the primary only.
    cluster.pause_replay();
    let second = hub.parcel(12_000, json!({})).await;
    // He sees it at once (his reads go to the primary until the replica has it)…
    let res = hub.merchant.get("/api/parcels").await;
    assert!(codes(&res).contains(&second), "{}", res.text);
    assert!(!from_replica(&res), "the writer read the replica");
    // The admin, who wrote nothing, reads the replica while it is within its bound: a moment
    // behind, without the new parcels (the proof that the replica answered)…
    let res = hub.admin.get("/api/parcels").await;
    assert!(from_replica(&res), "within the bound: {:?}", res.headers);
    assert!(!codes(&res).contains(&second));
    // An API client of the merchant's that keeps no cookies reads its writes too, through this
    // process's memory.
    let token = hub
        .merchant
        .post("/api/tokens", json!({"name": "boutique"}))
        .await;
    token.assert_status(201);
    let api = TestClient::new(&app.base);
    *api.bearer.borrow_mut() = Some(token.body["token"].as_str().unwrap().to_owned());
    let third = {
        let res = api
            .post(
                "/api/parcels",
                json!({"shop": hub.shop, "recipient_name": "Youssef", "recipient_phone": "0612345679",
                       "city": hub.city, "address": "9 rue B", "cod_amount": 5_000, "product": "Sac"}),
            )
            .await;
        res.assert_status(201);
        res.body["data"]["key"].as_str().unwrap().to_owned()
    };
    api.cookies.borrow_mut().clear();
    let res = api.get("/api/parcels").await;
    assert!(codes(&res).contains(&third), "{}", res.text);

    // The admin reads the primary once the replica is further behind than the bound allows.
    actix_rt::time::sleep(Duration::from_millis(3_500)).await;
    let res = hub.admin.get("/api/parcels").await;
    assert!(
        !from_replica(&res),
        "past the bound the replica still answered"
    );
    assert!(codes(&res).contains(&second) && codes(&res).contains(&third));

    // Replay resumes: the replica answers again, with everything.
    cluster.resume_replay();
    cluster.until_replica_caught_up();
    let res = until_from_replica(&hub.admin, "/api/parcels").await;
    assert!(codes(&res).contains(&second) && codes(&res).contains(&third));

    // A replica that stops: reads go back to the primary.
    cluster.stop_replica();
    actix_rt::time::sleep(Duration::from_millis(1_000)).await;
    for _ in 0..5 {
        let res = hub.admin.get("/api/parcels").await;
        res.assert_status(200);
        assert!(!from_replica(&res));
    }
}

/// `at - origin` in milliseconds, negative before it.
fn signed_ms(at: Instant, origin: Instant) -> i128 {
    if at >= origin {
        (at - origin).as_millis() as i128
    } else {
        -((origin - at).as_millis() as i128)
    }
}

/// What each writer saw: when it sent, when it was answered, the status, the parcel's code.
type Answer = (Instant, Instant, u16, Option<String>);

#[actix_rt::test]
async fn the_gateways_follow_a_failover_losing_no_acknowledged_write() {
    if !postgres_pass() {
        return;
    }
    let Some(cluster) = Cluster::start(Replication::Synchronous) else {
        return;
    };
    let catcher = crate::support::mail::catcher();
    let (db, pool) = TestDatabase::migrated_on(&cluster.admin_url(cluster.primary_port));
    let name = db.name().unwrap().to_owned();
    let mut app = TestApp::spawn_on(db, pool, false, |state| {
        std::sync::Arc::make_mut(&mut state.settings).webhook_allow_private = true;
    })
    .await;
    let hub = app.hub().await;
    let receiver = Receiver::start(&[], Duration::ZERO);
    hub.merchant
        .post(
            "/api/webhooks",
            json!({"url": receiver.url, "events": ["parcel.created"]}),
        )
        .await
        .assert_status(201);
    let failover_url = cluster.failover_url(&name);
    let smtp = catcher.smtp_url();
    let gateway = Gateway::start_with_env(
        &app,
        &[
            ("DATABASE_URL", failover_url.as_str()),
            ("COLIVRA_WEBHOOK_ALLOW_PRIVATE", "true"),
            ("COLIVRA_SMTP_URL", smtp.as_str()),
            ("COLIVRA_MAIL_FROM", "Colivra <no-reply@colivra.test>"),
        ],
    )
    .await;
    let merchant = at(&gateway.base, &hub.merchant);
    let answers: Rc<RefCell<Vec<Answer>>> = Rc::default();
    let stop = Rc::new(std::cell::Cell::new(false));
    let body = json!({"shop": hub.shop, "recipient_name": "Amina Benali", "recipient_phone": "0612345678",
                      "city": hub.city, "address": "5 avenue Hassan II", "cod_amount": 9_900, "product": "Robe"});
    let writer = |n: usize| {
        let (answers, stop, body) = (answers.clone(), stop.clone(), body.clone());
        let client = at(&gateway.base, &merchant);
        async move {
            let mut body = body;
            let mut sent = 0;
            while !stop.get() {
                sent += 1;
                body["recipient_name"] = json!(format!("Writer {n} parcel {sent}"));
                let started = Instant::now();
                let res = client.post("/api/parcels", body.clone()).await;
                let code = res.body["data"]["key"].as_str().map(str::to_owned);
                answers
                    .borrow_mut()
                    .push((started, Instant::now(), res.status, code));
                if res.status != 201 {
                    actix_rt::time::sleep(Duration::from_millis(50)).await;
                }
            }
        }
    };
    let acknowledged = |answers: &[Answer]| answers.iter().filter(|a| a.2 == 201).count();
    let timeline = {
        let (answers, stop) = (answers.clone(), stop.clone());
        let cluster = &cluster;
        async move {
            let started = Instant::now();
            while acknowledged(&answers.borrow()) < 30 {
                assert!(started.elapsed() < Duration::from_secs(30), "no writes");
                actix_rt::time::sleep(Duration::from_millis(50)).await;
            }
            cluster.kill_primary();
            let killed = Instant::now();
            // No primary for five seconds (past the pool's 3 s wait for a connection).
            actix_rt::time::sleep(Duration::from_secs(5)).await;
            let promoting = Instant::now();
            cluster.promote_replica();
            let promoted = Instant::now();
            // Writes succeed again, then a little more.
            loop {
                let back = answers
                    .borrow()
                    .iter()
                    .any(|a| a.0 > promoted && a.2 == 201);
                if back {
                    break;
                }
                assert!(
                    promoted.elapsed() < Duration::from_secs(30),
                    "no write acknowledged 30 s after the promotion"
                );
                actix_rt::time::sleep(Duration::from_millis(20)).await;
            }
            actix_rt::time::sleep(Duration::from_millis(500)).await;
            stop.set(true);
            (killed, promoting, promoted)
        }
    };
    let ((killed, promoting, promoted), ..) =
        futures_util::join!(timeline, writer(1), writer(2), writer(3), writer(4));
    let answers: Vec<Answer> = answers.borrow().clone();

    // While there was no primary: 503, nothing else (and nothing acknowledged).
    let outage: Vec<&Answer> = answers
        .iter()
        .filter(|a| a.0 > killed && a.1 < promoting)
        .collect();
    let seen: Vec<String> = answers
        .iter()
        .map(|a| {
            format!(
                "{}..{}:{}",
                signed_ms(a.0, killed),
                signed_ms(a.1, killed),
                a.2
            )
        })
        .collect();
    assert!(!outage.is_empty(), "no request during the outage: {seen:?}");
    assert!(
        outage.iter().all(|a| a.2 == 503),
        "during the outage: {:?}",
        outage.iter().map(|a| a.2).collect::<Vec<_>>()
    );
    let others: Vec<u16> = answers
        .iter()
        .map(|a| a.2)
        .filter(|status| *status != 201 && *status != 503)
        .collect();
    assert!(others.is_empty(), "answers besides 201 and 503: {others:?}");
    // Serving again within 5 s of the promotion.
    let back = answers
        .iter()
        .filter(|a| a.2 == 201 && a.1 > promoted)
        .map(|a| a.1)
        .min()
        .unwrap();
    assert!(
        back - promoted < Duration::from_secs(5),
        "first write acknowledged {:?} after the promotion",
        back - promoted
    );
    eprintln!(
        "failover: {} requests during the outage (all 503), first write acknowledged {:?} after the promotion",
        outage.len(),
        back - promoted
    );
    // Every acknowledged write is on the new primary.
    let acknowledged: Vec<&String> = answers.iter().filter_map(|a| a.3.as_ref()).collect();
    let mut new_primary =
        PgConnection::establish(&cluster.url(cluster.replica_port, &name)).unwrap();
    let kept: Vec<String> = colivra_db::schema::parcels::table
        .select(colivra_db::schema::parcels::key)
        .load(&mut new_primary)
        .unwrap();
    let lost: Vec<&&String> = acknowledged
        .iter()
        .filter(|code| !kept.contains(code))
        .collect();
    eprintln!(
        "failover: {} acknowledged writes, all on the new primary",
        acknowledged.len()
    );
    assert!(
        lost.is_empty(),
        "{} of {} acknowledged parcels lost: {lost:?}",
        lost.len(),
        acknowledged.len()
    );

    // The outboxes resume on the new primary: a webhook for a parcel created after the
    // promotion, and an e-mail asked for now.
    let after: Vec<&String> = answers
        .iter()
        .filter(|a| a.0 > promoted)
        .filter_map(|a| a.3.as_ref())
        .collect();
    let started = Instant::now();
    while !receiver
        .hits()
        .iter()
        .any(|hit| after.iter().any(|code| hit.body.contains(code.as_str())))
    {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no webhook for a parcel created after the promotion"
        );
        actix_rt::time::sleep(Duration::from_millis(100)).await;
    }
    let before = catcher.received(&hub.merchant_user.email).len();
    merchant
        .post(
            "/api/password/forgotten",
            json!({"email": hub.merchant_user.email}),
        )
        .await
        .assert_status(202);
    catcher
        .wait_for(
            &hub.merchant_user.email,
            before + 1,
            Duration::from_secs(30),
        )
        .await;
    // The test app's own checks at its end read the new primary.
    let new_primary = DatabaseUrl::parse(&cluster.url(cluster.replica_port, &name)).unwrap();
    app.state.pool = Database::new(
        colivra_db::connect_pool(&new_primary, &PoolOptions::for_backend(Backend::Postgres))
            .unwrap(),
        Backend::Postgres,
    );
}
