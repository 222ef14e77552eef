//! Announcements (audience and dates) and guides (audience, the built-in merchant API guide
//! written from the live OpenAPI document, which cannot be edited or deleted).

use crate::support::TestApp;
use chrono::Duration;
use colivra_core::Role;
use serde_json::{json, Value};

fn day(offset: i64) -> String {
    (chrono::Utc::now().date_naive() + Duration::days(offset))
        .format("%Y-%m-%d")
        .to_string()
}

fn titles(list: &Value) -> Vec<String> {
    let mut titles: Vec<String> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap().to_owned())
        .collect();
    titles.sort();
    titles
}

#[actix_rt::test]
async fn announcements_reach_their_audience_within_their_dates() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let (merchant, _) = app.signed_in(Role::Merchant, true).await;
    let (delivery_person, _) = app.signed_in(Role::DeliveryPerson, true).await;
    let publish = |title: &'static str,
                   audience: &'static str,
                   starts: Option<String>,
                   ends: Option<String>| {
        let admin = &admin;
        async move {
            let res = admin
                .post(
                    "/api/announcements",
                    json!({"title": title, "body": "Texte", "audience": audience, "starts_on": starts, "ends_on": ends}),
                )
                .await;
            res.assert_status(201);
            res.body["data"].clone()
        }
    };
    let everyone = publish("Fermeture vendredi", "all", None, Some(day(0))).await;
    assert_eq!(everyone["audience_label"], "Tout le monde");
    assert_eq!(everyone["ends_on"], day(0));
    assert!(everyone["author"]["name"]
        .as_str()
        .unwrap()
        .contains("admin"));
    publish("Nouveaux tarifs", "clients", Some(day(0)), None).await;
    publish("Tournée du samedi", "delivery", Some(day(-3)), Some(day(3))).await;
    publish("Bientôt", "all", Some(day(1)), None).await;
    publish("Passée", "all", Some(day(-5)), Some(day(-1))).await;

    let bad = admin
        .post(
            "/api/announcements",
            json!({"title": "x", "body": "y", "audience": "all", "starts_on": day(2), "ends_on": day(1)}),
        )
        .await;
    bad.assert_status(422);
    assert!(!bad.field_errors("ends_on").is_empty());
    let empty = admin
        .post(
            "/api/announcements",
            json!({"title": "", "audience": "merchants"}),
        )
        .await;
    empty.assert_status(422);
    for field in ["title", "body", "audience"] {
        assert!(!empty.field_errors(field).is_empty(), "{field}");
    }

    assert_eq!(
        titles(&merchant.get("/api/announcements").await.body),
        vec!["Fermeture vendredi", "Nouveaux tarifs"]
    );
    assert_eq!(
        titles(&delivery_person.get("/api/announcements").await.body),
        vec!["Fermeture vendredi", "Tournée du samedi"]
    );
    // Staff managing them see every one, or today's.
    assert_eq!(
        admin.get("/api/announcements").await.body["meta"]["total"],
        5
    );
    assert_eq!(
        titles(&admin.get("/api/announcements?current=true").await.body),
        vec!["Fermeture vendredi", "Nouveaux tarifs", "Tournée du samedi"]
    );
    // Staff without the permission: today's, for everyone; `current=false` changes nothing.
    app.create_admin_staff("lecteur@colivra.ma", &["dashboard"]);
    let reader = app.client();
    reader
        .login("lecteur@colivra.ma", crate::support::PASSWORD)
        .await
        .assert_status(200);
    assert_eq!(
        titles(&reader.get("/api/announcements?current=false").await.body),
        vec!["Fermeture vendredi"]
    );

    let key = everyone["key"].as_str().unwrap();
    merchant
        .delete(&format!("/api/announcements/{key}"))
        .await
        .assert_status(403);
    admin
        .delete(&format!("/api/announcements/{key}"))
        .await
        .assert_status(204);
    admin
        .delete(&format!("/api/announcements/{key}"))
        .await
        .assert_status(404);
    assert_eq!(
        titles(&merchant.get("/api/announcements").await.body),
        vec!["Nouveaux tarifs"]
    );
}

#[actix_rt::test]
async fn guides_for_merchants_start_with_the_api_guide_written_from_the_openapi_document() {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let (merchant, _) = app.signed_in(Role::Merchant, true).await;
    let write = |title: &'static str, audience: &'static str| {
        let admin = &admin;
        async move {
            let res = admin
                .post(
                    "/api/guides",
                    json!({"title": title, "body": "## Étapes\n\n1. Préparez le colis.", "audience": audience}),
                )
                .await;
            res.assert_status(201);
            res.body["data"].clone()
        }
    };
    let for_merchants = write("Emballer un colis", "clients").await;
    assert_eq!(for_merchants["built_in"], false);
    let for_delivery_people = write("Remettre les espèces", "delivery").await;

    let list = merchant.get("/api/guides").await;
    list.assert_status(200);
    let data = list.body["data"].as_array().unwrap();
    assert_eq!(data.len(), 2, "{}", list.text);
    assert_eq!(data[0]["key"], "merchant-api");
    assert_eq!(data[0]["title"], "API marchand");
    assert_eq!(data[0]["built_in"], true);
    assert_eq!(data[1]["title"], "Emballer un colis");
    let body = data[0]["body"].as_str().unwrap();
    assert!(body.contains("### POST /api/parcels\n"), "{body}");
    assert!(body.contains("### GET /api/parcels/{key}\n"));
    assert!(body.contains("Authorization: Bearer $TOKEN"));
    assert!(body.contains("\"recipient_phone\": \"0612345678\""));
    assert!(body.contains("POST /api/tokens"));
    // Every path in it is one the document serves.
    let document = app.client().get("/api/openapi.json").await.body;
    for line in body.lines().filter(|l| l.starts_with("### ")) {
        let mut parts = line[4..].split(' ');
        let (method, path) = (parts.next().unwrap(), parts.next().unwrap());
        assert!(
            document["paths"][path][method.to_lowercase()].is_object(),
            "{line}"
        );
    }
    // Staff-only calls are not in it.
    assert!(!body.contains("### POST /api/cities"));

    let one = merchant.get("/api/guides/merchant-api").await;
    one.assert_status(200);
    assert_eq!(one.body["data"]["body"], data[0]["body"]);
    // In the reader's language, with the same calls.
    let calls = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("### "))
            .map(str::to_owned)
            .collect()
    };
    for (language, title, heading) in [
        ("en", "Merchant API", "## 1. Create a personal token"),
        ("ar", "واجهة برمجة التجار", "## 1. إنشاء رمز وصول شخصي"),
    ] {
        *merchant.language.borrow_mut() = Some(language.to_owned());
        let read = merchant.get("/api/guides/merchant-api").await;
        read.assert_status(200);
        assert_eq!(read.body["data"]["title"], title);
        let text = read.body["data"]["body"].as_str().unwrap();
        assert!(text.contains(heading), "{language}: {text}");
        assert!(!text.contains("jeton"), "{language}: French left in it");
        assert_eq!(calls(text), calls(body), "{language}");
    }
    *merchant.language.borrow_mut() = None;
    let delivery_key = for_delivery_people["key"].as_str().unwrap();
    merchant
        .get(&format!("/api/guides/{delivery_key}"))
        .await
        .assert_status(404);
    // The staff read both built-in guides and every stored one.
    assert_eq!(admin.get("/api/guides").await.body["meta"]["total"], 4);
    merchant
        .get("/api/guides/delivery-round")
        .await
        .assert_status(404);

    // A delivery person reads the round guide the product ships, then the guides written for
    // delivery people: not the merchant API guide, not the merchants' guides.
    let (delivery_person, _) = app.signed_in(Role::DeliveryPerson, true).await;
    let his = delivery_person.get("/api/guides").await;
    his.assert_status(200);
    let titles: Vec<&str> = his.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        ["Ma tournée, pas à pas", "Remettre les espèces"],
        "{}",
        his.text
    );
    // In his language, covering the round from the exit voucher to the cash handed in.
    *delivery_person.language.borrow_mut() = Some("ar".to_owned());
    let round = delivery_person.get("/api/guides/delivery-round").await;
    round.assert_status(200);
    assert_eq!(round.body["data"]["title"], "جولتي خطوة بخطوة");
    assert_eq!(round.body["data"]["built_in"], true);
    let text = round.body["data"]["body"].as_str().unwrap();
    for words in [
        "وصل الخروج",
        "استرداد",
        "استبدال",
        "إثبات التسليم",
        "بدون شبكة",
        "تسليم المال",
    ] {
        assert!(text.contains(words), "{words}");
    }
    *delivery_person.language.borrow_mut() = Some("en".to_owned());
    assert_eq!(
        delivery_person.get("/api/guides/delivery-round").await.body["data"]["title"],
        "My round, step by step"
    );
    *delivery_person.language.borrow_mut() = None;
    admin
        .delete("/api/guides/delivery-round")
        .await
        .assert_status(409);
    delivery_person
        .get(&format!("/api/guides/{delivery_key}"))
        .await
        .assert_status(200);
    for hidden in ["merchant-api", for_merchants["key"].as_str().unwrap()] {
        delivery_person
            .get(&format!("/api/guides/{hidden}"))
            .await
            .assert_status(404);
    }

    admin
        .put(
            "/api/guides/merchant-api",
            json!({"title": "x", "body": "y", "audience": "all"}),
        )
        .await
        .assert_status(409);
    admin
        .delete("/api/guides/merchant-api")
        .await
        .assert_status(409);
    let key = for_merchants["key"].as_str().unwrap();
    let edited = admin
        .put(
            &format!("/api/guides/{key}"),
            json!({"title": "Bien emballer", "body": "Texte", "audience": "all"}),
        )
        .await;
    edited.assert_status(200);
    assert_eq!(edited.body["data"]["audience"], "all");
    let too_long = admin
        .put(
            &format!("/api/guides/{key}"),
            json!({"title": "t", "body": "x".repeat(20_001), "audience": "all"}),
        )
        .await;
    too_long.assert_status(422);
    assert!(!too_long.field_errors("body").is_empty());
    merchant
        .post(
            "/api/guides",
            json!({"title": "t", "body": "b", "audience": "all"}),
        )
        .await
        .assert_status(403);
    admin
        .delete(&format!("/api/guides/{key}"))
        .await
        .assert_status(204);
    admin
        .delete(&format!("/api/guides/{key}"))
        .await
        .assert_status(404);
    assert_eq!(
        merchant.get("/api/guides").await.body["data"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}
