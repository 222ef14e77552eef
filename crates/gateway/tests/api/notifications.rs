//! Messages that reach people (issue 41): e-mails written in the transaction of their change,
//! sent by the outbox's sender to a real SMTP server (aiosmtpd, `support::mail`) and read back
//! from it: the forgotten password end to end, an invitation, notices in each language, a
//! notice turned off, the admins' log and resend, and a message that outlives a sender that
//! could not reach its server.

use std::time::Duration;

use colivra_core::Role;
use colivra_db::schema::outbound_messages as messages;
use diesel::prelude::*;
use serde_json::json;

use crate::support::mail::{catcher, ReceivedMail};
use crate::support::{create_city, valid_rib, Response, TestApp, TestClient, PASSWORD};

const FROM: &str = "Colivra <no-reply@colivra.test>";
const NEW_PASSWORD: &str = "Oranges-Tanger-2026!";
const WAIT: Duration = Duration::from_secs(15);

/// The app with its messages' sender handing e-mails to the shared catcher.
async fn app_sending_mail() -> (TestApp, actix_web::rt::task::JoinHandle<()>) {
    let app = TestApp::spawn().await;
    let sender = mail_sender(&app, &catcher().smtp_url());
    (app, sender)
}

/// A messages' sender of `app` handing e-mails to the SMTP server at `smtp_url`.
fn mail_sender(app: &TestApp, smtp_url: &str) -> actix_web::rt::task::JoinHandle<()> {
    let mailer = colivra_notifications::smtp::Mailer::new(smtp_url, FROM).unwrap();
    colivra_notifications::sender::spawn(
        app.state.pool.clone(),
        colivra_notifications::sender::Channels {
            mailer: Some(mailer),
            recipients: None,
        },
        None,
    )
}

/// An address no other test writes to.
fn address(name: &str) -> String {
    format!(
        "{name}-{}@colivra.test",
        colivra_core::key::random_secret(8).to_lowercase()
    )
}

/// The link's new password, chosen with `token`.
async fn reset(client: &TestClient, token: &str, password: &str) -> Response {
    client
        .post(
            "/api/password/reset",
            json!({"token": token, "password": password, "password_confirmation": password}),
        )
        .await
}

/// The `jeton` of a link to choose a password, from the e-mail's text.
fn token_of(mail: &ReceivedMail) -> String {
    let link = mail.first_link().expect("a link in the e-mail");
    assert!(
        link.contains("/reinitialiser-mot-de-passe?jeton="),
        "the link opens the password page: {link}"
    );
    link.split("jeton=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap()
        .to_owned()
}

fn stored(app: &TestApp, recipient: &str) -> Vec<(String, String, i32)> {
    messages::table
        .filter(messages::recipient.eq(recipient))
        .order(messages::id)
        .select((messages::kind, messages::status, messages::attempts))
        .load(&mut app.conn())
        .unwrap()
}

#[actix_rt::test]
async fn a_forgotten_password_is_reset_once_by_the_link_and_every_session_ends() {
    let (app, _sender) = app_sending_mail().await;
    let email = address("oublie");
    app.create_user(Role::Merchant, &email, true, None);
    let earlier = app.client();
    earlier.login(&email, PASSWORD).await.assert_status(200);

    let anonymous = app.client();
    let res = anonymous
        .post(
            "/api/password/forgotten",
            json!({"email": email.to_uppercase()}),
        )
        .await;
    res.assert_status(202);
    let answer = res.body["message"].as_str().unwrap().to_owned();

    let mail = catcher().wait_for(&email, 1, WAIT).await.remove(0);
    assert_eq!(
        mail.subject,
        "Réinitialisation de votre mot de passe Colivra"
    );
    assert!(mail
        .header("from")
        .unwrap()
        .contains("no-reply@colivra.test"));
    let text = mail.text.as_deref().unwrap();
    assert!(text.contains("Bonjour Test,"), "{text}");
    assert!(text.contains("30 minutes"), "{text}");
    let html = mail.html.as_deref().expect("an HTML alternative");
    assert!(html.contains(r#"lang="fr""#) && html.contains(r#"dir="ltr""#));
    let token = token_of(&mail);

    // A weak password is refused and the link still works after it.
    let res = reset(&anonymous, &token, "password").await;
    res.assert_status(422);
    assert!(!res.field_errors("password").is_empty());
    reset(&anonymous, &token, NEW_PASSWORD)
        .await
        .assert_status(200);

    earlier.get("/api/user").await.assert_status(401);
    app.client()
        .login(&email, PASSWORD)
        .await
        .assert_status(422);
    app.client()
        .login(&email, NEW_PASSWORD)
        .await
        .assert_status(200);
    // Once only.
    let res = reset(&anonymous, &token, "Autre-Mot-2026!").await;
    res.assert_status(422);
    assert!(!res.field_errors("token").is_empty());

    // An unknown address gets the same answer, and no e-mail is written for it.
    let unknown = address("inconnu");
    let res = anonymous
        .post("/api/password/forgotten", json!({"email": unknown}))
        .await;
    res.assert_status(202);
    assert_eq!(res.body["message"], answer.as_str());
    assert!(stored(&app, &unknown).is_empty());
    let res = anonymous
        .post(
            "/api/password/forgotten",
            json!({"email": "pas une adresse"}),
        )
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("email").is_empty());
}

#[actix_rt::test]
async fn asking_for_links_is_throttled_alike_for_known_and_unknown_addresses() {
    let app = TestApp::spawn().await;
    let known = address("connu");
    app.create_user(Role::Merchant, &known, true, None);
    let unknown = address("inconnu");
    let client = app.client();
    for email in [&known, &unknown] {
        for _ in 0..3 {
            client
                .post("/api/password/forgotten", json!({"email": email}))
                .await
                .assert_status(202);
        }
        let res = client
            .post("/api/password/forgotten", json!({"email": email}))
            .await;
        res.assert_status(429);
        assert!(res.header("retry-after").is_some());
    }
    // Three links were written for the known account, the newest alone usable.
    assert_eq!(stored(&app, &known).len(), 3);
    let usable: i64 = colivra_db::schema::password_tokens::table
        .filter(colivra_db::schema::password_tokens::used_at.is_null())
        .count()
        .get_result(&mut app.conn())
        .unwrap();
    assert_eq!(usable, 1);
}

#[actix_rt::test]
async fn a_staff_member_invited_without_a_password_chooses_his_own() {
    let (app, _sender) = app_sending_mail().await;
    let (merchant, _) = app.signed_in(Role::Merchant, true).await;
    let invited = address("equipe");
    let res = merchant
        .post(
            "/api/managers",
            json!({"first_name": "Samira", "last_name": "Alaoui", "email": invited, "permissions": ["dashboard"]}),
        )
        .await;
    res.assert_status(201);
    let mail = catcher().wait_for(&invited, 1, WAIT).await.remove(0);
    assert!(mail.text.as_deref().unwrap().contains("Bonjour Samira,"));
    assert!(mail.first_link().unwrap().contains("invitation=1"));
    let token = token_of(&mail);
    reset(&app.client(), &token, NEW_PASSWORD)
        .await
        .assert_status(200);
    app.client()
        .login(&invited, NEW_PASSWORD)
        .await
        .assert_status(200);
}

#[actix_rt::test]
async fn notices_reach_the_merchant_in_his_language() {
    let (app, _sender) = app_sending_mail().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;

    // Arabic: his account is activated.
    let arabic = address("arabe");
    let user = app.create_user(Role::Merchant, &arabic, false, None);
    diesel::update(colivra_db::schema::users::table.find(user.id))
        .set(colivra_db::schema::users::language.eq("ar"))
        .execute(&mut app.conn())
        .unwrap();
    admin
        .put(
            &format!("/api/clients/{}", user.key),
            json!({"active": true}),
        )
        .await
        .assert_status(200);
    let mail = catcher().wait_for(&arabic, 1, WAIT).await.remove(0);
    assert_eq!(mail.subject, "تم تفعيل حسابك على Colivra");
    let html = mail.html.as_deref().unwrap();
    assert!(html.contains(r#"lang="ar""#) && html.contains(r#"dir="rtl""#));
    assert!(mail.first_link().unwrap().ends_with("/compte/connexion"));

    // English: a RIB change he asked for, both RIBs masked.
    let english = address("english");
    let user = app.create_user(Role::Merchant, &english, true, None);
    diesel::update(colivra_db::schema::users::table.find(user.id))
        .set(colivra_db::schema::users::language.eq("en"))
        .execute(&mut app.conn())
        .unwrap();
    let merchant = app.client();
    merchant.login(&english, PASSWORD).await.assert_status(200);
    let casa = create_city(&admin, "Casablanca", 2000).await;
    let first = valid_rib("0110000000123456789012");
    let res = merchant
        .post(
            "/api/shops",
            json!({"name": "Atlas Mode", "phone": "0522334455", "address": "12 bd Anfa", "city": casa, "bank_account": first}),
        )
        .await;
    res.assert_status(201);
    let shop = res.body["data"]["key"].as_str().unwrap().to_owned();
    let second = valid_rib("1810100000111122223333");
    merchant
        .put(
            &format!("/api/shops/{shop}"),
            json!({"bank_account": second}),
        )
        .await
        .assert_status(202);
    // The notice naming the new RIB (its last digits), whatever the shop's creation sent.
    let ending = &second[20..];
    let mut mail = None;
    for _ in 0..300 {
        mail = catcher().received(&english).into_iter().find(|mail| {
            mail.text
                .as_deref()
                .is_some_and(|text| text.contains(ending))
        });
        if mail.is_some() {
            break;
        }
        actix_rt::time::sleep(Duration::from_millis(50)).await;
    }
    let mail =
        mail.unwrap_or_else(|| panic!("no RIB notice among {:?}", catcher().received(&english)));
    assert!(
        mail.subject.to_lowercase().contains("bank account"),
        "{}",
        mail.subject
    );
    let text = mail.text.as_deref().unwrap();
    assert!(text.contains("Atlas Mode"), "{text}");
    assert!(
        text.contains(&second[20..]) && text.contains(&first[20..]),
        "{text}"
    );
    assert!(!text.contains(&second), "the RIB is masked: {text}");
}

#[actix_rt::test]
async fn a_notice_turned_off_is_not_written_but_security_messages_cannot_be() {
    let (app, _sender) = app_sending_mail().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let email = address("silence");
    let user = app.create_user(Role::Merchant, &email, true, None);
    let merchant = app.client();
    merchant.login(&email, PASSWORD).await.assert_status(200);

    let res = merchant.get("/api/users/notices").await;
    res.assert_status(200);
    let settings = res.body["data"].as_array().unwrap();
    let reset = settings
        .iter()
        .find(|s| s["kind"] == "password_reset")
        .unwrap();
    assert_eq!(reset["required"], true);
    assert!(settings
        .iter()
        .any(|s| s["kind"] == "account_activated" && s["enabled"] == true));

    let res = merchant
        .put(
            "/api/users/notices",
            json!({"disabled": ["password_reset"]}),
        )
        .await;
    res.assert_status(422);
    assert!(!res.field_errors("disabled").is_empty());
    let res = merchant
        .put(
            "/api/users/notices",
            json!({"disabled": ["account_activated"]}),
        )
        .await;
    res.assert_status(200);
    assert!(res.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["kind"] == "account_activated" && s["enabled"] == false));

    let toggle = |active: bool| {
        let (admin, key) = (&admin, user.key.clone());
        async move {
            admin
                .put(&format!("/api/clients/{key}"), json!({"active": active}))
                .await
                .assert_status(200);
        }
    };
    toggle(false).await;
    toggle(true).await;
    assert!(
        stored(&app, &email).is_empty(),
        "turned off: nothing written"
    );

    merchant
        .put("/api/users/notices", json!({"disabled": []}))
        .await
        .assert_status(401); // deactivated: his sessions ended
    let merchant = app.client();
    merchant.login(&email, PASSWORD).await.assert_status(200);
    merchant
        .put("/api/users/notices", json!({"disabled": []}))
        .await
        .assert_status(200);
    toggle(false).await;
    toggle(true).await;
    let mails = catcher().wait_for(&email, 1, WAIT).await;
    assert_eq!(mails.len(), 1);
}

#[actix_rt::test]
async fn admins_read_the_log_and_send_a_message_again() {
    let (app, _sender) = app_sending_mail().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let email = address("journal");
    let user = app.create_user(Role::Merchant, &email, false, None);
    admin
        .put(
            &format!("/api/clients/{}", user.key),
            json!({"active": true}),
        )
        .await
        .assert_status(200);
    catcher().wait_for(&email, 1, WAIT).await;
    app.client()
        .post("/api/password/forgotten", json!({"email": email}))
        .await
        .assert_status(202);
    catcher().wait_for(&email, 2, WAIT).await;

    // The sender records after the server took it: wait for the log to say so.
    let mut log = serde_json::Value::Null;
    for _ in 0..100 {
        let res = admin
            .get(&format!("/api/messages?q={}&status=sent", &email[..12]))
            .await;
        res.assert_status(200);
        log = res.body.clone();
        if log["data"].as_array().unwrap().len() == 2 {
            break;
        }
        actix_rt::time::sleep(Duration::from_millis(50)).await;
    }
    let rows = log["data"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{log}");
    assert_eq!(rows[0]["kind"], "password_reset", "newest first");
    assert_eq!(rows[1]["kind"], "account_activated");
    assert_eq!(rows[1]["channel"], "email");
    assert_eq!(rows[1]["attempts"], 1);
    assert_eq!(rows[1]["history"][0]["error"], serde_json::Value::Null);

    let res = admin
        .post(
            &format!("/api/messages/{}/resend", rows[0]["key"].as_str().unwrap()),
            json!({}),
        )
        .await;
    res.assert_status(409);
    let res = admin
        .post(
            &format!("/api/messages/{}/resend", rows[1]["key"].as_str().unwrap()),
            json!({}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["status"], "pending");
    let mails = catcher().wait_for(&email, 3, WAIT).await;
    assert_eq!(mails[2].subject, mails[0].subject);
    admin
        .post("/api/messages/UNKNOWN/resend", json!({}))
        .await
        .assert_status(404);
}

#[actix_rt::test]
async fn a_message_outlives_a_sender_that_could_not_reach_its_server() {
    let app = TestApp::spawn().await;
    // Nothing listens on that port: the attempt fails and is logged; the message waits.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let failing = mail_sender(&app, &format!("smtp://127.0.0.1:{port}"));
    let email = address("reprise");
    app.create_user(Role::Merchant, &email, true, None);
    app.client()
        .post("/api/password/forgotten", json!({"email": email}))
        .await
        .assert_status(202);
    let mut rows = Vec::new();
    for _ in 0..200 {
        rows = stored(&app, &email);
        if rows.first().is_some_and(|row| row.2 == 1) {
            break;
        }
        actix_rt::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(rows, [("password_reset".into(), "pending".into(), 1)]);
    // The server goes down with its sender; another comes up, reaching the SMTP server, and
    // finds the message due (its retry time brought forward as the backoff would).
    failing.abort();
    diesel::update(messages::table.filter(messages::recipient.eq(&email)))
        .set(messages::next_attempt_at.eq(colivra_core::time::now()))
        .execute(&mut app.conn())
        .unwrap();
    let _sender = mail_sender(&app, &catcher().smtp_url());
    colivra_worker::wake(colivra_db::queue::Queue::Messages);
    let mails = catcher().wait_for(&email, 1, WAIT).await;
    assert_eq!(mails.len(), 1);
    for _ in 0..200 {
        if stored(&app, &email)[0].1 == "sent" {
            break;
        }
        actix_rt::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(
        stored(&app, &email),
        [("password_reset".into(), "sent".into(), 2)]
    );
    assert_eq!(catcher().received(&email).len(), 1, "sent once");
}

#[test]
fn bad_mail_settings_are_refused_at_start_naming_the_variable() {
    use colivra_gateway::config::mailer;
    let with = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        }
    };
    assert!(mailer(with(&[])).unwrap().is_none());
    let error = mailer(with(&[("COLIVRA_SMTP_URL", "ftp://mail.example.ma")]))
        .unwrap_err()
        .to_string();
    assert!(error.contains("COLIVRA_MAIL_FROM"), "{error}");
    let error = mailer(with(&[
        ("COLIVRA_SMTP_URL", "ftp://mail.example.ma"),
        ("COLIVRA_MAIL_FROM", FROM),
    ]))
    .unwrap_err()
    .to_string();
    assert!(error.contains("COLIVRA_SMTP_URL"), "{error}");
    let error = mailer(with(&[
        ("COLIVRA_SMTP_URL", "smtp://127.0.0.1:1025"),
        ("COLIVRA_MAIL_FROM", "not an address"),
    ]))
    .unwrap_err()
    .to_string();
    assert!(error.contains("COLIVRA_MAIL_FROM"), "{error}");
    let error = colivra_gateway::config::public_url(
        with(&[("COLIVRA_PUBLIC_URL", "app.colivra.ma")]),
        "127.0.0.1:8080".parse().unwrap(),
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("COLIVRA_PUBLIC_URL"), "{error}");
}
