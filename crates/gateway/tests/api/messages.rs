//! Error answers in the reader's language (`Accept-Language`: fr, en, ar): the domain writes its
//! refusals in French, the gateway's catalogue gives them in English and Arabic; text it does not
//! know stays French; such answers say `Content-Language` and `Vary: Accept-Language`.

use crate::support::{Response, TestApp, TestClient};
use colivra_core::Role;
use diesel::prelude::*;
use serde_json::json;

fn has_arabic_letters(text: &str) -> bool {
    text.chars().any(|c| ('\u{0621}'..='\u{064A}').contains(&c))
}

fn varies_by_language(res: &Response) -> bool {
    res.headers.get("vary").is_some_and(|values| {
        values
            .iter()
            .any(|v| v.to_ascii_lowercase().contains("accept-language"))
    })
}

fn speak(client: &TestClient, language: Option<&str>) {
    *client.language.borrow_mut() = language.map(str::to_owned);
}

/// Every text of the answer: its message, then each field's errors (fields in order).
fn texts(res: &Response) -> Vec<String> {
    let mut out = vec![res.body["message"].as_str().unwrap_or_default().to_owned()];
    if let Some(errors) = res.body["errors"].as_object() {
        for messages in errors.values() {
            for message in messages.as_array().unwrap() {
                out.push(message.as_str().unwrap().to_owned());
            }
        }
    }
    out
}

fn fields(res: &Response) -> Vec<String> {
    res.body["errors"]
        .as_object()
        .map(|e| e.keys().cloned().collect())
        .unwrap_or_default()
}

#[actix_rt::test]
async fn a_refused_registration_reads_in_french_english_and_arabic() {
    let app = TestApp::spawn().await;
    let client = app.client();
    let register = || {
        client.post(
            "/api/clients",
            json!({"first_name": "", "email": "not-an-email", "phone": "0412345678",
                   "password": "Ab1!", "password_confirmation": "other", "city": ""}),
        )
    };

    let french = register().await;
    french.assert_status(422);
    assert_eq!(
        french.body["message"],
        "Les données envoyées ne sont pas valides."
    );
    assert_eq!(french.field_errors("email"), ["Adresse e-mail invalide."]);
    assert_eq!(
        french.field_errors("password_confirmation"),
        ["La confirmation ne correspond pas au mot de passe."]
    );
    assert_eq!(french.header("content-language"), Some("fr"));
    assert!(varies_by_language(&french), "{:?}", french.headers);

    speak(&client, Some("en"));
    let english = register().await;
    english.assert_status(422);
    assert_eq!(english.body["message"], "The data sent is not valid.");
    assert_eq!(english.field_errors("email"), ["Invalid email address."]);
    assert_eq!(
        english.field_errors("first_name"),
        ["This field is required (100 characters at most)."]
    );
    assert_eq!(
        english.field_errors("password"),
        ["The password must have at least 8 characters."]
    );
    assert_eq!(
        english.field_errors("password_confirmation"),
        ["The confirmation does not match the password."]
    );
    assert!(english.field_errors("phone")[0].starts_with("Invalid Moroccan phone number"));
    // The same fields, each message in English: none left as the French one.
    assert_eq!(fields(&english), fields(&french));
    for (en, fr) in texts(&english).iter().zip(texts(&french)) {
        assert_ne!(*en, fr);
    }
    assert_eq!(english.header("content-language"), Some("en"));
    assert!(varies_by_language(&english));

    speak(&client, Some("ar-MA,fr;q=0.8"));
    let arabic = register().await;
    arabic.assert_status(422);
    assert_eq!(arabic.body["message"], "البيانات المرسلة غير صالحة.");
    assert_eq!(
        arabic.field_errors("password"),
        ["يجب أن تتكون كلمة المرور من 8 أحرف على الأقل."]
    );
    assert_eq!(fields(&arabic), fields(&french));
    for text in texts(&arabic) {
        assert!(has_arabic_letters(&text), "{text}");
    }
    // Examples and digits stay Latin.
    assert!(arabic.field_errors("phone")[0].contains("0612345678"));
    assert_eq!(arabic.header("content-language"), Some("ar"));
    assert!(varies_by_language(&arabic));
}

#[actix_rt::test]
async fn a_refused_status_move_reads_in_french_english_and_arabic() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let parcel = hub.parcel(15_000, json!({})).await;
    let body = json!({"parcel": parcel, "status": "delivered"});

    let french = hub.admin.post("/api/parcels/states", body.clone()).await;
    french.assert_status(409);
    assert_eq!(
        french.body["message"],
        "Passage de « Nouveau colis » à « Livré » impossible. \
         Un administrateur peut forcer ce passage avec un commentaire."
    );
    assert_eq!(french.header("content-language"), Some("fr"));
    assert!(varies_by_language(&french));

    speak(&hub.admin, Some("en-GB,en;q=0.9"));
    let english = hub.admin.post("/api/parcels/states", body.clone()).await;
    english.assert_status(409);
    // The message quotes another, and both carry status labels: all in English.
    assert_eq!(
        english.body["message"],
        "Moving from “New parcel” to “Delivered” is not possible. \
         An administrator can force this move with a comment."
    );
    assert_eq!(english.header("content-language"), Some("en"));
    assert!(varies_by_language(&english));

    speak(&hub.admin, Some("ar"));
    let arabic = hub.admin.post("/api/parcels/states", body).await;
    arabic.assert_status(409);
    assert_eq!(
        arabic.body["message"],
        "لا يمكن الانتقال من « طرد جديد » إلى « تم التسليم ». \
         يمكن للمسؤول فرض هذا الانتقال مع تعليق."
    );
    assert_eq!(arabic.header("content-language"), Some("ar"));

    // A delivery person's refusal naming codes with their status (a voucher's composition).
    let shipped = hub.parcel(15_000, json!({})).await;
    hub.ship(&[&shipped]).await;
    speak(&hub.admin, Some("en"));
    let not_picked = hub
        .admin
        .put(
            "/api/parcels/delivery",
            json!({"delivery_admin": hub.delivery_person_user.key, "parcels": [shipped]}),
        )
        .await;
    not_picked.assert_status(409);
    assert_eq!(
        not_picked.body["message"],
        format!("Only picked-up parcels go out for delivery: {shipped} (Out for delivery).")
    );
}

#[actix_rt::test]
async fn text_the_catalogue_does_not_know_stays_french() {
    let app = TestApp::spawn().await;
    let hub = app.hub().await;
    let parcel = hub.parcel(15_000, json!({})).await;
    let body = json!({"parcel": parcel, "status": "delivered"});
    // An answer kept under an Idempotency-Key, then replayed: here, one whose texts were written
    // by hand, the catalogue knowing only one of them.
    hub.admin
        .set_header("Idempotency-Key", "b7c1d9e0-6f3a-4d2b-8e55-1a2b3c4d5e6f");
    hub.admin
        .post("/api/parcels/states", body.clone())
        .await
        .assert_status(409);
    let stored = json!({
        "message": "Un refus que personne n'a traduit.",
        "errors": {"parcel": ["Choisissez des colis.", "Une précision que personne n'a traduite."]}
    });
    {
        use colivra_db::schema::idempotency_keys as keys;
        let changed = diesel::update(keys::table)
            .set(keys::body.eq(stored.to_string()))
            .execute(&mut app.conn())
            .unwrap();
        assert_eq!(changed, 1);
    }
    speak(&hub.admin, Some("en"));
    let replayed = hub.admin.post("/api/parcels/states", body).await;
    replayed.assert_status(409);
    assert_eq!(replayed.header("idempotent-replayed"), Some("true"));
    assert_eq!(
        replayed.body["message"],
        "Un refus que personne n'a traduit."
    );
    assert_eq!(
        replayed.field_errors("parcel"),
        [
            "Choose parcels.",
            "Une précision que personne n'a traduite."
        ]
    );
    assert_eq!(replayed.header("content-language"), Some("en, fr"));
    assert!(varies_by_language(&replayed));
}

#[actix_rt::test]
async fn errors_of_every_layer_are_translated_and_successes_are_left_alone() {
    let app = TestApp::spawn().await;
    let anonymous = app.client();
    speak(&anonymous, Some("en"));
    // The route's own refusal (no session), and the request log's shaping of an unknown path.
    let unauthenticated = anonymous.get("/api/user").await;
    unauthenticated.assert_status(401);
    assert_eq!(unauthenticated.body["message"], "Not signed in.");
    speak(&anonymous, Some("ar"));
    let missing = anonymous.get("/api/nothing-here").await;
    missing.assert_status(404);
    assert_eq!(missing.body["message"], "العنصر المطلوب غير موجود.");
    assert_eq!(missing.header("content-language"), Some("ar"));
    // A malformed body: the value serde explains stays as it wrote it.
    speak(&anonymous, Some("en"));
    let malformed = anonymous.post("/api/clients", json!("not an object")).await;
    malformed.assert_status(422);
    assert!(malformed.field_errors("body")[0].starts_with("Invalid JSON body: "));

    // A success keeps its texts as the handler wrote them (no Content-Language), its labels
    // aside: those follow the reader, so the answer varies by language.
    let (merchant, _) = app.signed_in(Role::Merchant, true).await;
    speak(&merchant, Some("en"));
    let user = merchant.get("/api/user").await;
    user.assert_status(200);
    assert_eq!(user.header("content-language"), None);
    assert!(varies_by_language(&user));
    speak(&merchant, None);
    assert!(varies_by_language(&merchant.get("/api/user").await));
}

/// Every `*_label` (and `label`) string of a JSON answer, with where it is.
fn labels_of(value: &serde_json::Value, path: &str, out: &mut Vec<(String, String)>) {
    match value {
        serde_json::Value::Object(map) => {
            for (name, item) in map {
                let here = format!("{path}.{name}");
                match item {
                    serde_json::Value::String(text)
                        if name == "label" || name.ends_with("_label") =>
                    {
                        out.push((here, text.clone()))
                    }
                    _ => labels_of(item, &here, out),
                }
            }
        }
        serde_json::Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                labels_of(item, &format!("{path}[{index}]"), out);
            }
        }
        _ => {}
    }
}

/// A label an Arabic reader should not see: a word of three Latin letters or more (French, or
/// English).
fn latin_word(text: &str) -> bool {
    let mut run = 0;
    for c in text.chars() {
        if c.is_alphabetic() && !has_arabic_letters(&c.to_string()) && (c as u32) < 0x0600 {
            run += 1;
            if run >= 3 {
                return true;
            }
        } else {
            run = 0;
        }
    }
    false
}

/// Every label the server sends (statuses, categories, kinds…) follows the reader's language on
/// every endpoint (issue 38): a demo week seeded, each role reads, as an Arabic reader, every GET
/// of the OpenAPI document it may call (a path's `{key}` taken from its list's first row), and no
/// `*_label` may hold a Latin word.
#[actix_rt::test]
async fn an_arabic_reader_gets_every_label_in_arabic_on_every_endpoint() {
    let app = TestApp::spawn().await;
    let seeded = colivra_db::test_support::run_colivra(
        crate::support::colivra_bin(),
        &app.db.url_string(),
        &["seed-demo", "--week"],
    );
    assert!(
        seeded.status.success(),
        "{}",
        String::from_utf8_lossy(&seeded.stderr)
    );
    let document = serde_json::to_value(colivra_gateway::openapi::document()).unwrap();
    let paths = document["paths"].as_object().unwrap();
    let mut french = Vec::new();
    let mut read = 0;
    for (email, password) in [
        ("admin@colivra.ma", "Admin#Colivra2026"),
        ("client@colivra.ma", "Client#Colivra2026"),
        ("livreur@colivra.ma", "Livreur#Colivra2026"),
    ] {
        let client = app.client();
        client.login(email, password).await.assert_status(200);
        speak(&client, Some("ar"));
        let mut first_keys: std::collections::HashMap<String, String> = Default::default();
        let mut gets: Vec<&String> = paths
            .iter()
            .filter(|(path, item)| item.get("get").is_some() && !path.ends_with("/logout"))
            .map(|(path, _)| path)
            .collect();
        // Lists before the items they lead to.
        gets.sort_by_key(|path| (path.matches('{').count(), path.len()));
        for path in gets {
            let concrete = if path.contains('{') {
                let Some((list, _)) = path.split_once("/{") else {
                    continue;
                };
                let Some(key) = first_keys.get(list) else {
                    continue;
                };
                let rest = &path[list.len()..];
                let Some(after) = rest.split_once('}').map(|(_, after)| after) else {
                    continue;
                };
                if after.contains('{') {
                    continue;
                }
                format!("{list}/{key}{after}")
            } else {
                path.clone()
            };
            let res = client.get(&concrete).await;
            if std::env::var("WALK_DEBUG").is_ok() {
                eprintln!("{email} {} {concrete}", res.status);
            }
            if res.status != 200 || !res.body.is_object() {
                continue;
            }
            read += 1;
            if let Some(key) = res.body["data"][0]["key"].as_str() {
                first_keys.insert(path.clone(), key.to_owned());
            }
            let mut labels = Vec::new();
            labels_of(&res.body, "", &mut labels);
            for (at, text) in labels {
                if latin_word(&text) {
                    french.push(format!("{email} GET {concrete} {at}: {text}"));
                }
            }
        }
    }
    assert!(read > 60, "the walk read {read} answers");
    assert!(
        french.is_empty(),
        "labels not in Arabic:\n{}",
        french.join("\n")
    );
}
