//! Messages to parcels' recipients by SMS or WhatsApp (issue 41, part 2): written when a parcel
//! goes out or an attempt fails, sent by the outbox's sender to a real local HTTP server standing
//! for the provider (`support::receiver`), which checks each request as the provider documents
//! it; the company's and the merchant's switches, the recipient's STOP, a provider's refusal
//! retried, and settings refused at start naming the variable.

use std::collections::HashMap;
use std::time::Duration;

use colivra_db::schema::outbound_messages as messages;
use diesel::prelude::*;
use serde_json::json;

use crate::support::receiver::{Hit, Receiver};
use crate::support::TestApp;

const WAIT: Duration = Duration::from_secs(15);
const PHONE: &str = "+212612345678";

/// The app with its messages' sender handing recipients' messages to the provider `vars`
/// configure (as the environment would at start).
async fn app_with(vars: &[(&str, &str)]) -> (TestApp, actix_web::rt::task::JoinHandle<()>) {
    let app = TestApp::spawn().await;
    let provider = colivra_gateway::config::recipient_provider(env(vars))
        .unwrap()
        .expect("a provider");
    colivra_notifications::recipients::record_channel(&mut app.conn(), Some(provider.channel()))
        .unwrap();
    let channels = colivra_notifications::sender::Channels {
        mailer: None,
        recipients: Some(provider),
    };
    let sender = colivra_notifications::sender::spawn(app.state.pool.clone(), channels, None);
    (app, sender)
}

fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let vars: HashMap<String, String> = vars
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    move |name| vars.get(name).cloned()
}

fn sms_gateway(receiver: &Receiver) -> Vec<(&'static str, String)> {
    vec![
        ("COLIVRA_RECIPIENT_CHANNEL", "sms".to_owned()),
        ("COLIVRA_SMS_URL", receiver.url.clone()),
        ("COLIVRA_SMS_USERNAME", "colivra".to_owned()),
        ("COLIVRA_SMS_PASSWORD", "secret".to_owned()),
        ("COLIVRA_SMS_SENDER", "COLIVRA".to_owned()),
    ]
}

async fn app_with_sms(receiver: &Receiver) -> (TestApp, actix_web::rt::task::JoinHandle<()>) {
    let vars = sms_gateway(receiver);
    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    app_with(&vars).await
}

/// The recipients' messages written: (kind, channel, recipient, status, attempts).
fn written(app: &TestApp) -> Vec<(String, String, String, String, i32)> {
    messages::table
        .filter(messages::channel.ne("email"))
        .order(messages::id)
        .select((
            messages::kind,
            messages::channel,
            messages::recipient,
            messages::status,
            messages::attempts,
        ))
        .load(&mut app.conn())
        .unwrap()
}

/// An SMS request as the gateway documents it: a POST with basic auth and the JSON body.
/// The SMS gateway's request as it documents it, its text beginning with `begins` and linking to
/// `parcel`'s tracking page: the text.
fn sms_text<'a>(hit: &'a Hit, begins: &str, parcel: &str) -> &'a str {
    assert_sms_request(hit);
    let text = hit.json["text"].as_str().unwrap();
    assert!(text.starts_with(begins), "{text}");
    assert!(text.contains(&format!("/suivi/{parcel}")), "{text}");
    text
}

fn assert_sms_request(hit: &Hit) {
    assert_eq!(hit.method, "POST");
    assert_eq!(hit.path, "/colivra");
    assert_eq!(
        hit.headers.get("authorization").map(String::as_str),
        Some("Basic Y29saXZyYTpzZWNyZXQ=")
    );
    assert_eq!(
        hit.headers.get("content-type").map(String::as_str),
        Some("application/json")
    );
    assert_eq!(hit.json["to"], PHONE);
    assert_eq!(hit.json["from"], "COLIVRA");
}

#[actix_rt::test]
async fn a_parcel_out_for_delivery_sends_the_recipient_an_sms_in_french() {
    let receiver = Receiver::start(&[], Duration::ZERO);
    let (app, _sender) = app_with_sms(&receiver).await;
    let hub = app.hub().await;
    let parcel = hub.parcel(15_000, json!({})).await;
    hub.ship(&[&parcel]).await;

    let hits = receiver.wait_for(1, WAIT).await;
    assert_eq!(hits.len(), 1, "one SMS");
    let text = sms_text(
        &hits[0],
        "Votre colis Atlas Mode arrive aujourd'hui avec Test.",
        &parcel,
    );
    assert!(text.contains("Montant : 150,00 DH."), "{text}");
    assert!(text.contains(&format!("/suivi/{parcel}\n")), "{text}");
    let key: String = messages::table
        .filter(messages::subject_key.eq(&parcel))
        .select(messages::key)
        .first(&mut app.conn())
        .unwrap();
    assert!(text.ends_with(&format!("/desinscription/{key}")), "{text}");
    wait_until_sent(&app, 1).await;
    assert_eq!(
        written(&app),
        [(
            "out_for_delivery".into(),
            "sms".into(),
            PHONE.into(),
            "sent".into(),
            1
        )]
    );
}

#[actix_rt::test]
async fn a_recipient_whose_name_is_in_arabic_gets_the_sms_in_arabic() {
    let receiver = Receiver::start(&[], Duration::ZERO);
    let (app, _sender) = app_with_sms(&receiver).await;
    let hub = app.hub().await;
    let parcel = hub
        .parcel(15_000, json!({"recipient_name": "أمينة بنعلي"}))
        .await;
    hub.ship(&[&parcel]).await;

    let hits = receiver.wait_for(1, WAIT).await;
    assert_eq!(hits.len(), 1);
    let text = sms_text(&hits[0], "طردك من Atlas Mode يصل اليوم مع Test.", &parcel);
    assert!(text.contains("المبلغ: 150,00 DH."), "{text}");
    assert!(text.contains("لإيقاف هذه الرسائل: "), "{text}");
}

#[actix_rt::test]
async fn a_failed_attempt_sends_the_link_to_choose_another_day() {
    let receiver = Receiver::start(&[], Duration::ZERO);
    let (app, _sender) = app_with_sms(&receiver).await;
    let hub = app.hub().await;
    let parcel = hub.parcel(15_000, json!({})).await;
    hub.ship(&[&parcel]).await;
    receiver.wait_for(1, WAIT).await;
    hub.attempt(&parcel, "no_answer", json!({})).await;

    let hits = receiver.wait_for(2, WAIT).await;
    assert_eq!(hits.len(), 2);
    sms_text(
        &hits[1],
        "Nous n'avons pas pu livrer votre colis Atlas Mode. Choisissez un autre jour",
        &parcel,
    );
    let kinds: Vec<String> = written(&app).into_iter().map(|row| row.0).collect();
    assert_eq!(kinds, ["out_for_delivery", "attempt_failed"]);
}

#[actix_rt::test]
async fn an_order_to_confirm_asks_the_recipient_when_the_merchant_is_on_the_service() {
    let receiver = Receiver::start(&[], Duration::ZERO);
    let (app, _sender) = app_with_sms(&receiver).await;
    let hub = app.hub().await;
    // Not on the confirmation service: his parcels go straight to « new », nothing is asked.
    hub.parcel(15_000, json!({})).await;
    hub.admin
        .put(
            &format!("/api/clients/{}", hub.merchant_user.key),
            json!({"confirmation_required": true, "confirmation_fee": 300}),
        )
        .await
        .assert_status(200);
    let parcel = hub.parcel(15_000, json!({})).await;

    let hits = receiver.wait_for(1, WAIT).await;
    assert_eq!(hits.len(), 1);
    sms_text(
        &hits[0],
        "Merci de confirmer votre commande Atlas Mode de 150,00 DH avant son envoi",
        &parcel,
    );
    let kinds: Vec<String> = written(&app).into_iter().map(|row| row.0).collect();
    assert_eq!(kinds, ["confirmation_request"]);
}

#[actix_rt::test]
async fn whatsapp_gets_the_template_message_meta_documents() {
    let receiver = Receiver::start(&[], Duration::ZERO);
    let (app, _sender) = app_with(&[
        ("COLIVRA_RECIPIENT_CHANNEL", "whatsapp"),
        ("COLIVRA_WHATSAPP_API_URL", &receiver.url),
        ("COLIVRA_WHATSAPP_PHONE_NUMBER_ID", "106540352242922"),
        ("COLIVRA_WHATSAPP_TOKEN", "EAAG-token"),
        (
            "COLIVRA_WHATSAPP_TEMPLATE_OUT_FOR_DELIVERY",
            "colis_en_route",
        ),
    ])
    .await;
    let hub = app.hub().await;
    let parcel = hub.parcel(15_000, json!({})).await;
    hub.ship(&[&parcel]).await;

    let hits = receiver.wait_for(1, WAIT).await;
    assert_eq!(hits.len(), 1);
    let hit = &hits[0];
    assert_eq!(hit.method, "POST");
    assert_eq!(hit.path, "/colivra/106540352242922/messages");
    assert_eq!(
        hit.headers.get("authorization").map(String::as_str),
        Some("Bearer EAAG-token")
    );
    assert_eq!(
        hit.headers.get("content-type").map(String::as_str),
        Some("application/json")
    );
    assert_eq!(hit.json["messaging_product"], "whatsapp");
    assert_eq!(hit.json["to"], "212612345678");
    assert_eq!(hit.json["type"], "template");
    assert_eq!(hit.json["template"]["name"], "colis_en_route");
    assert_eq!(hit.json["template"]["language"]["code"], "fr");
    let components = hit.json["template"]["components"].as_array().unwrap();
    assert_eq!(components.len(), 1);
    assert_eq!(components[0]["type"], "body");
    let parameters = components[0]["parameters"].as_array().unwrap();
    assert!(parameters.iter().all(|p| p["type"] == "text"));
    let texts: Vec<&str> = parameters
        .iter()
        .map(|p| p["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts.len(), 5, "merchant, amount, courier, link, stop_link");
    assert_eq!(&texts[..3], ["Atlas Mode", "150,00 DH", "Test"]);
    assert!(texts[3].ends_with(&format!("/suivi/{parcel}")));
    assert!(texts[4].contains("/desinscription/"));
    wait_until_sent(&app, 1).await;
    assert_eq!(written(&app)[0].1, "whatsapp");
}

#[actix_rt::test]
async fn nothing_is_written_when_the_merchant_or_the_company_turned_them_off() {
    let receiver = Receiver::start(&[], Duration::ZERO);
    let (app, _sender) = app_with_sms(&receiver).await;
    let hub = app.hub().await;

    // The merchant's notices list the switch; turned off, his parcels tell no one.
    let res = hub.merchant.get("/api/users/notices").await;
    res.assert_status(200);
    let listed = res.body["data"].as_array().unwrap();
    assert!(listed.iter().any(|n| n["kind"] == "recipient_messages"
        && n["enabled"] == true
        && n["required"] == false));
    hub.merchant
        .put(
            "/api/users/notices",
            json!({"disabled": ["recipient_messages"]}),
        )
        .await
        .assert_status(200);
    let parcel = hub.parcel(15_000, json!({})).await;
    hub.ship(&[&parcel]).await;
    assert!(written(&app).is_empty());

    // On again for him, off for the company.
    hub.merchant
        .put("/api/users/notices", json!({"disabled": []}))
        .await
        .assert_status(200);
    let res = hub.admin.get("/api/settings/recipient-messages").await;
    res.assert_status(200);
    assert_eq!(res.body["data"], json!({"enabled": true, "channel": "sms"}));
    let res = hub
        .admin
        .put(
            "/api/settings/recipient-messages",
            json!({"enabled": false}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(
        res.body["data"],
        json!({"enabled": false, "channel": "sms"})
    );
    let parcel = hub.parcel(15_000, json!({})).await;
    hub.ship(&[&parcel]).await;
    assert!(written(&app).is_empty());
    assert!(receiver.hits().is_empty());

    // On again: the next parcel's recipient is told.
    hub.admin
        .put("/api/settings/recipient-messages", json!({"enabled": true}))
        .await
        .assert_status(200);
    let parcel = hub.parcel(15_000, json!({})).await;
    hub.ship(&[&parcel]).await;
    assert_eq!(receiver.wait_for(1, WAIT).await.len(), 1);
}

#[actix_rt::test]
async fn a_stopped_phone_is_never_written_again() {
    let receiver = Receiver::start(&[], Duration::ZERO);
    let (app, _sender) = app_with_sms(&receiver).await;
    let hub = app.hub().await;
    let parcel = hub.parcel(15_000, json!({})).await;
    hub.ship(&[&parcel]).await;
    receiver.wait_for(1, WAIT).await;
    let key: String = messages::table
        .filter(messages::channel.eq("sms"))
        .select(messages::key)
        .first(&mut app.conn())
        .unwrap();

    let anonymous = app.client();
    let stop = format!("/api/recipient-messages/{key}/stop");
    let res = anonymous.post(&stop, json!({})).await;
    res.assert_status(200);
    assert!(res.body["message"].is_string());
    anonymous.post(&stop, json!({})).await.assert_status(200);
    anonymous
        .post("/api/recipient-messages/INCONNU/stop", json!({}))
        .await
        .assert_status(404);
    // Nor does the office send it again.
    hub.admin
        .post(&format!("/api/messages/{key}/resend"), json!({}))
        .await
        .assert_status(409);

    // Another parcel to the same phone (written differently), and the failed attempt of the first.
    let other = hub
        .parcel(9_900, json!({"recipient_phone": "+212 6 12 34 56 78"}))
        .await;
    hub.ship(&[&other]).await;
    hub.attempt(&parcel, "no_answer", json!({})).await;
    assert_eq!(written(&app).len(), 1, "only the message before the STOP");
}

#[actix_rt::test]
async fn a_provider_refusal_is_logged_and_retried() {
    let receiver = Receiver::start(&[500], Duration::ZERO);
    let (app, _sender) = app_with_sms(&receiver).await;
    let hub = app.hub().await;
    let parcel = hub.parcel(15_000, json!({})).await;
    hub.ship(&[&parcel]).await;

    let mut row = None;
    for _ in 0..400 {
        let found: Option<(String, i32, Option<String>)> = messages::table
            .filter(messages::subject_key.eq(&parcel))
            .select((messages::status, messages::attempts, messages::last_error))
            .first(&mut app.conn())
            .optional()
            .unwrap();
        if found.as_ref().is_some_and(|found| found.1 == 1) {
            row = found;
            break;
        }
        actix_rt::time::sleep(Duration::from_millis(25)).await;
    }
    let (status, _, error) = row.expect("one attempt recorded");
    assert_eq!(status, "pending", "tried again later");
    assert_eq!(error.as_deref(), Some("HTTP 500 : answered 500"));
    let attempts: Vec<Option<String>> = colivra_db::schema::outbound_message_attempts::table
        .select(colivra_db::schema::outbound_message_attempts::error)
        .load(&mut app.conn())
        .unwrap();
    assert_eq!(attempts, [Some("HTTP 500 : answered 500".to_owned())]);

    // Its retry falls due (brought forward, as the backoff would): the provider takes it.
    diesel::update(messages::table.filter(messages::subject_key.eq(&parcel)))
        .set(messages::next_attempt_at.eq(colivra_core::time::now()))
        .execute(&mut app.conn())
        .unwrap();
    colivra_worker::wake(colivra_db::queue::Queue::Messages);
    assert_eq!(receiver.wait_for(2, WAIT).await.len(), 2);
    wait_until_sent(&app, 1).await;
    assert_eq!(written(&app)[0].4, 2);
}

#[actix_rt::test]
async fn bad_provider_settings_are_refused_naming_the_variable() {
    let refused = |vars: &[(&str, &str)]| {
        colivra_gateway::config::recipient_provider(env(vars))
            .unwrap_err()
            .to_string()
    };
    let sms = [
        ("COLIVRA_RECIPIENT_CHANNEL", "sms"),
        ("COLIVRA_SMS_URL", "https://sms.example.ma/send"),
        ("COLIVRA_SMS_SENDER", "COLIVRA"),
    ];
    let with = |extra: &[(&'static str, &'static str)]| {
        let mut vars: Vec<(&str, &str)> = sms.to_vec();
        for (name, value) in extra {
            vars.retain(|(n, _)| n != name);
            vars.push((name, value));
        }
        vars
    };
    assert!(colivra_gateway::config::recipient_provider(env(&[]))
        .unwrap()
        .is_none());
    assert!(colivra_gateway::config::recipient_provider(env(&sms))
        .unwrap()
        .is_some());
    assert!(
        refused(&[("COLIVRA_RECIPIENT_CHANNEL", "fax")]).starts_with("COLIVRA_RECIPIENT_CHANNEL:")
    );
    assert!(refused(&[("COLIVRA_RECIPIENT_CHANNEL", "sms")]).starts_with("COLIVRA_SMS_URL:"));
    assert!(
        refused(&with(&[("COLIVRA_SMS_URL", "http://sms.example.ma/send")]))
            .starts_with("COLIVRA_SMS_URL:")
    );
    assert!(refused(&sms[..2]).starts_with("COLIVRA_SMS_SENDER:"));
    assert!(
        refused(&with(&[("COLIVRA_SMS_USERNAME", "colivra")])).starts_with("COLIVRA_SMS_PASSWORD:")
    );
    assert!(refused(&with(&[("COLIVRA_SMS_BODY", "{{ to ")])).starts_with("COLIVRA_SMS_BODY:"));
    assert!(refused(&with(&[("COLIVRA_SMS_BODY", "{{ phone }}")])).starts_with("COLIVRA_SMS_BODY:"));
    assert!(refused(&[
        ("COLIVRA_RECIPIENT_CHANNEL", "whatsapp"),
        ("COLIVRA_WHATSAPP_PHONE_NUMBER_ID", "106540352242922"),
    ])
    .starts_with("COLIVRA_WHATSAPP_TOKEN:"));
    assert!(refused(&[
        ("COLIVRA_RECIPIENT_CHANNEL", "whatsapp"),
        ("COLIVRA_WHATSAPP_TOKEN", "EAAG-token"),
    ])
    .starts_with("COLIVRA_WHATSAPP_PHONE_NUMBER_ID:"));
}

async fn wait_until_sent(app: &TestApp, count: usize) {
    for _ in 0..400 {
        let sent = written(app).iter().filter(|row| row.3 == "sent").count();
        if sent >= count {
            return;
        }
        actix_rt::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("not sent: {:?}", written(app));
}
