//! Two gateways on one database (issue 23): two `colivra serve` processes, reached directly and
//! through a round-robin proxy on loopback. Sessions, revocations, sign-in throttling and invoice
//! numbers live in the database, so what one process does, the other knows at once.

use std::io::Write as _;
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use colivra_core::Role;
use serde_json::json;

use crate::support::money::{
    money_world, one_draft_per_parcel, play_round, validate_each_twice_at_once, End, Planned,
};
use crate::support::{TestApp, TestClient, PASSWORD};

/// A `colivra serve` process on the test's database; killed when dropped.
pub(crate) struct Gateway {
    child: Child,
    addr: SocketAddr,
    pub(crate) base: String,
}

impl Gateway {
    async fn start(app: &TestApp) -> Gateway {
        Self::start_with_env(app, &[]).await
    }

    /// With these environment variables besides the database's.
    pub(crate) async fn start_with_env(app: &TestApp, env: &[(&str, &str)]) -> Gateway {
        let addr = {
            let probe = TcpListener::bind("127.0.0.1:0").unwrap();
            probe.local_addr().unwrap()
        };
        let child = Command::new(crate::support::colivra_bin())
            .args(["serve", "--no-migrate", "--addr", &addr.to_string()])
            .arg("--static-dir")
            .arg(&app.static_dir)
            .env("DATABASE_URL", app.db.url_string())
            .env("RUST_LOG", "warn")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("colivra serve starts");
        let gateway = Gateway {
            child,
            addr,
            base: format!("http://{addr}"),
        };
        let started = Instant::now();
        loop {
            let answer = awc::Client::default()
                .get(format!("{}/health", gateway.base))
                .send()
                .await;
            if answer.is_ok_and(|res| res.status().is_success()) {
                break gateway;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{} did not answer /health within 30 s",
                gateway.base
            );
            actix_rt::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// A client of this gateway carrying `client`'s cookies (its session and CSRF token).
    fn with_cookies_of(&self, client: &TestClient) -> TestClient {
        at(&self.base, client)
    }
}

impl Gateway {
    /// Stops the process at once (SIGKILL): no shutdown, whatever it was doing.
    pub(crate) fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Gateway {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A new client of `base` (its own connections) with `client`'s cookies.
/// A caller with `client`'s cookies on a connection of its own (as a browser tab opened later).
pub(crate) fn at(base: &str, client: &TestClient) -> TestClient {
    let other = TestClient::with_own_connections(base);
    *other.cookies.borrow_mut() = client.cookies.borrow().clone();
    other
}

/// A round-robin TCP proxy on loopback: each new connection goes to the next gateway, as a load
/// balancer without stickiness would send it. Counts the connections each gateway got.
struct Proxy {
    base: String,
    served: Arc<[AtomicUsize; 2]>,
}

fn proxy(backends: [SocketAddr; 2]) -> Proxy {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let served = Arc::new([AtomicUsize::new(0), AtomicUsize::new(0)]);
    let counts = served.clone();
    std::thread::spawn(move || {
        for (n, inbound) in listener.incoming().enumerate() {
            let Ok(inbound) = inbound else { continue };
            let backend = n % 2;
            let Ok(outbound) = TcpStream::connect(backends[backend]) else {
                let _ =
                    (&inbound).write_all(b"HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n");
                continue;
            };
            counts[backend].fetch_add(1, Ordering::SeqCst);
            for (mut from, mut to) in [
                (inbound.try_clone().unwrap(), outbound.try_clone().unwrap()),
                (outbound, inbound),
            ] {
                std::thread::spawn(move || {
                    let _ = std::io::copy(&mut from, &mut to);
                    let _ = to.shutdown(Shutdown::Write);
                });
            }
        }
    });
    Proxy { base, served }
}

#[actix_rt::test]
async fn two_gateways_share_sessions_revocations_throttling_and_invoice_numbers() {
    let w = money_world(1).await;
    let app = &w.app;
    let (a, b) = (Gateway::start(app).await, Gateway::start(app).await);
    let balancer = proxy([a.addr, b.addr]);

    // Signed in on one, known to the other; through the proxy, every fresh connection answered.
    let merchant = TestClient::new(&a.base);
    let user = app.create_user(Role::Merchant, "two@gateways.ma", true, None);
    merchant
        .login("two@gateways.ma", PASSWORD)
        .await
        .assert_status(200);
    let on_b = b.with_cookies_of(&merchant);
    let me = on_b.get("/api/user").await;
    me.assert_status(200);
    assert_eq!(
        me.body["user_data"]["email"], "two@gateways.ma",
        "{}",
        me.text
    );
    for _ in 0..6 {
        at(&balancer.base, &merchant)
            .get("/api/user")
            .await
            .assert_status(200);
    }
    let served: Vec<usize> = balancer
        .served
        .iter()
        .map(|n| n.load(Ordering::SeqCst))
        .collect();
    assert!(
        served.iter().all(|&n| n >= 3),
        "connections per gateway: {served:?}"
    );

    // Signing out on one ends the session on both.
    merchant
        .post("/api/logout", json!({}))
        .await
        .assert_status(204);
    on_b.get("/api/user").await.assert_status(401);

    // An admin's deactivation on one gateway signs the merchant out of the other.
    let admin_on_a = a.with_cookies_of(&w.admin);
    let merchant_on_b = TestClient::new(&b.base);
    merchant_on_b
        .login("two@gateways.ma", PASSWORD)
        .await
        .assert_status(200);
    merchant_on_b.get("/api/tokens").await.assert_status(200);
    admin_on_a
        .put(
            &format!("/api/clients/{}", user.key),
            json!({"active": false}),
        )
        .await
        .assert_status(200);
    merchant_on_b.get("/api/user").await.assert_status(401);
    admin_on_a
        .put(
            &format!("/api/clients/{}", user.key),
            json!({"active": true}),
        )
        .await
        .assert_status(200);

    // A password changed on one gateway ends the other sessions on both.
    let first = TestClient::new(&a.base);
    first
        .login("two@gateways.ma", PASSWORD)
        .await
        .assert_status(200);
    let second = TestClient::new(&b.base);
    second
        .login("two@gateways.ma", PASSWORD)
        .await
        .assert_status(200);
    first
        .put("/api/users", json!({"current_password": PASSWORD, "password": "Nouveau-Secret-42", "password_confirmation": "Nouveau-Secret-42"}))
        .await
        .assert_status(200);
    b.with_cookies_of(&first)
        .get("/api/user")
        .await
        .assert_status(200);
    second.get("/api/user").await.assert_status(401);

    // Sign-in failures count across both: five, alternating, and the right password is refused
    // on either.
    app.create_user(Role::Merchant, "guessed@gateways.ma", true, None);
    for n in 0..5 {
        let gateway = if n % 2 == 0 { &a } else { &b };
        TestClient::new(&gateway.base)
            .login("guessed@gateways.ma", "guess")
            .await
            .assert_status(422);
    }
    for gateway in [&a, &b] {
        TestClient::new(&gateway.base)
            .login("guessed@gateways.ma", PASSWORD)
            .await
            .assert_status(429);
    }

    // Invoice numbers stay gapless with the validations split across both: eight drafts, each
    // validated by an admin on each gateway at once.
    let plan: Vec<Planned> = (0..8)
        .map(|n| Planned {
            cod: 10_000 + n,
            refund: false,
            rabat: false,
            end: End::Delivered,
            delivery_person: 0,
        })
        .collect();
    let sent = play_round(&w, &plan).await;
    w.hand_over_all_cash().await;
    let drafts = one_draft_per_parcel(&w, &sent).await;
    let (second_admin, _) = app.signed_in(Role::Admin, true).await;
    let (admin_a, admin_b) = (
        a.with_cookies_of(&w.admin),
        b.with_cookies_of(&second_admin),
    );
    validate_each_twice_at_once(&drafts, [&admin_a, &admin_b]).await;
    let mut numbers: Vec<String> = {
        use colivra_db::schema::invoices;
        use diesel::prelude::*;
        invoices::table
            .filter(invoices::key.eq_any(&drafts))
            .select(invoices::number)
            .load::<Option<String>>(&mut *app.conn())
            .unwrap()
            .into_iter()
            .map(|number| number.expect("validated, numbered"))
            .collect()
    };
    numbers.sort();
    let year = chrono::Utc::now().format("%Y");
    let wanted: Vec<String> = (1..=8).map(|n| format!("FC-{year}-{n:06}")).collect();
    assert_eq!(numbers, wanted);
}

/// The messages' outbox outlives a server killed while it sends (issue 41): 300 e-mails queued,
/// a `colivra serve` sending them to a real SMTP server is killed (SIGKILL) once some arrived,
/// another takes over (the dead one's leases lapse after 30 s). Every e-mail reaches the SMTP
/// server at least once, and the log holds each once, sent.
#[actix_rt::test]
async fn the_messages_outbox_outlives_a_killed_server() {
    use colivra_db::schema::outbound_messages as messages;
    use diesel::prelude::*;

    let catcher = crate::support::mail::catcher();
    let app = TestApp::spawn().await;
    let tag = colivra_core::key::random_secret(8).to_lowercase();
    let recipients: Vec<String> = (0..300)
        .map(|n| format!("killed-{tag}-{n}@colivra.test"))
        .collect();
    let owner = app.create_user(
        Role::Merchant,
        &format!("killed-{tag}@colivra.test"),
        true,
        None,
    );
    {
        let mut conn = app.conn();
        for recipient in &recipients {
            let reader =
                colivra_notifications::outbox::Reader::new(owner.id, recipient, "Test", None);
            colivra_notifications::outbox::queue_email(
                &mut conn,
                colivra_notifications::outbox::Email {
                    kind: colivra_notifications::Kind::AccountActivated,
                    reader: &reader,
                    subject_key: None,
                    link: Some("/compte/connexion"),
                    values: json!({}),
                },
            )
            .unwrap();
        }
    }
    let smtp = catcher.smtp_url();
    let settings = [
        ("COLIVRA_SMTP_URL", smtp.as_str()),
        ("COLIVRA_MAIL_FROM", "Colivra <no-reply@colivra.test>"),
    ];
    let arrived = |catcher: &crate::support::mail::MailCatcher| {
        catcher
            .all()
            .into_iter()
            .filter(|mail| mail.rcpt_tos.iter().any(|to| to.contains(&tag)))
            .count()
    };
    let first = Gateway::start_with_env(&app, &settings).await;
    let started = Instant::now();
    while arrived(catcher) < 20 {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the first server sent nothing"
        );
        actix_rt::time::sleep(Duration::from_millis(10)).await;
    }
    first.kill();
    let at_kill = arrived(catcher);
    assert!(
        at_kill < recipients.len(),
        "killed before the end ({at_kill} sent)"
    );

    let _second = Gateway::start_with_env(&app, &settings).await;
    let started = Instant::now();
    let sent = |app: &TestApp| -> i64 {
        messages::table
            .filter(messages::status.eq("sent"))
            .count()
            .get_result(&mut app.conn())
            .unwrap()
    };
    while sent(&app) < recipients.len() as i64 {
        assert!(
            started.elapsed() < Duration::from_secs(90),
            "{} of {} sent",
            sent(&app),
            recipients.len()
        );
        actix_rt::time::sleep(Duration::from_millis(100)).await;
    }
    let received = catcher.all();
    for recipient in &recipients {
        assert!(
            received
                .iter()
                .any(|mail| mail.rcpt_tos.contains(recipient)),
            "{recipient} got nothing"
        );
    }
    let rows: Vec<(String, String)> = messages::table
        .select((messages::recipient, messages::status))
        .filter(messages::recipient.like(format!("killed-{tag}-%")))
        .load(&mut app.conn())
        .unwrap();
    assert_eq!(
        rows.len(),
        recipients.len(),
        "one row per e-mail in the log"
    );
    assert!(rows.iter().all(|(_, status)| status == "sent"));
    // At least once: only what the killed server had in flight may have gone twice.
    let twice = arrived(catcher) - recipients.len();
    assert!(twice <= 50, "{twice} sent twice: more than one batch");
}

/// `COLIVRA_METRICS_ADDR` (issue 42): a `colivra serve` answers `/metrics` on a listener of its
/// own, in the Prometheus text format, and not on the app (no token set).
#[actix_rt::test]
async fn metrics_are_served_on_their_own_listener() {
    let app = TestApp::spawn().await;
    let metrics_addr = {
        let probe = TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap()
    };
    let addr = metrics_addr.to_string();
    let gateway = Gateway::start_with_env(&app, &[("COLIVRA_METRICS_ADDR", addr.as_str())]).await;
    let client = awc::Client::default();
    client
        .get(format!("{}/health", gateway.base))
        .send()
        .await
        .unwrap();
    let mut res = client
        .get(format!("http://{addr}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let text = String::from_utf8(res.body().await.unwrap().to_vec()).unwrap();
    let scrape = crate::support::metrics::parse(&text);
    assert!(
        crate::support::metrics::has_route(&scrape, "colivra_http_requests_total", "/health"),
        "{text}"
    );
    let res = client
        .get(format!("{}/metrics", gateway.base))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 401, "not on the app without a token");
}
