//! Support tickets through the API: opening, the conversation and its statuses, the read markers
//! of each side, the deletion rules, scoping (another merchant's ticket is 404, a merchant's staff
//! act for him), and two staff closing the same ticket at once.

// Named tickets.rs, not support.rs: a file beside tests/support/mod.rs would make every other
// test's `mod support;` ambiguous.
use crate::support::{TestApp, TestClient};
use actix_web::http::Method;
use colivra_core::{MerchantId, Role};
use diesel::prelude::*;
use serde_json::{json, Value};

struct World {
    app: TestApp,
    admin: TestClient,
    merchant: TestClient,
    merchant_key: String,
    merchant_id: MerchantId,
    parcel: String,
}

async fn world() -> World {
    let app = TestApp::spawn().await;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let city = admin
        .post(
            "/api/cities",
            json!({"name": "Casablanca", "delivery_fee": 2000, "return_fee": 1000, "refusal_fee": 1500}),
        )
        .await;
    city.assert_status(201);
    let city = city.body["data"]["key"].as_str().unwrap().to_owned();
    let (merchant, user) = app.signed_in(Role::Merchant, true).await;
    let shop = merchant
        .post(
            "/api/shops",
            json!({"name": "Atlas Mode", "phone": "0522334455", "address": "1 rue A", "city": city}),
        )
        .await;
    shop.assert_status(201);
    let parcel = merchant
        .post(
            "/api/parcels",
            json!({
                "shop": shop.body["data"]["key"], "recipient_name": "Amina Benali",
                "recipient_phone": "0612345678", "city": city, "address": "5 avenue Hassan II",
                "cod_amount": 24900, "product": "Robe", "quantity": 1
            }),
        )
        .await;
    parcel.assert_status(201);
    World {
        parcel: parcel.body["data"]["key"].as_str().unwrap().to_owned(),
        app,
        admin,
        merchant,
        merchant_key: user.key,
        merchant_id: MerchantId::new(user.id.get()),
    }
}

async fn open_ticket(w: &World, subject: &str) -> Value {
    let res = w
        .merchant
        .post(
            "/api/tickets",
            json!({"subject": subject, "category": "parcel", "parcel": w.parcel.to_lowercase(), "message": "Le client dit ne rien avoir reçu."}),
        )
        .await;
    res.assert_status(201);
    res.body["data"].clone()
}

fn s(value: &Value) -> String {
    value.as_str().unwrap().to_owned()
}

/// The actions recorded about a ticket, oldest first.
fn actions(app: &TestApp, ticket: &str) -> Vec<String> {
    use colivra_db::schema::activities;
    activities::table
        .filter(activities::subject_key.eq(ticket))
        .order(activities::id.asc())
        .select(activities::action)
        .load(&mut *app.conn())
        .unwrap()
}

#[actix_rt::test]
async fn a_conversation_moves_the_status_and_the_read_markers() {
    let w = world().await;
    let ticket = open_ticket(&w, "Colis non reçu").await;
    let key = s(&ticket["key"]);
    assert_eq!(ticket["status"], "open");
    assert_eq!(ticket["status_label"], "Ouvert");
    assert_eq!(ticket["category_label"], "Colis");
    assert_eq!(ticket["parcel"]["code"], w.parcel.as_str());
    assert_eq!(ticket["client"]["key"], w.merchant_key.as_str());
    assert_eq!(ticket["unread"], false);
    assert_eq!(ticket["messages_count"], 1);
    assert_eq!(ticket["messages"][0]["mine"], true);
    assert_eq!(
        ticket["messages"][0]["deletable"], false,
        "never the first message"
    );
    let code = s(&ticket["code"]);
    assert!(code.starts_with("TK") && code.len() == 8, "{code}");

    // The staff have it unread; the merchant has nothing unread.
    assert_eq!(
        w.admin.get("/api/tickets/unread").await.body["data"]["count"],
        1
    );
    assert_eq!(
        w.merchant.get("/api/tickets/unread").await.body["data"]["count"],
        0
    );
    let list = w.admin.get("/api/tickets?unread=true").await;
    assert_eq!(list.body["meta"]["total"], 1);
    assert_eq!(list.body["data"][0]["unread"], true);
    assert_eq!(
        list.body["data"][0]["last_message"]["body"],
        "Le client dit ne rien avoir reçu."
    );
    // Reading it marks the staff's side read.
    let read = w.admin.get(&format!("/api/tickets/{key}")).await;
    read.assert_status(200);
    assert_eq!(read.body["data"]["unread"], false);
    assert_eq!(read.body["data"]["messages"][0]["mine"], false);
    assert_eq!(
        w.admin.get("/api/tickets/unread").await.body["data"]["count"],
        0
    );

    // A staff reply: answered, unread for the merchant.
    let reply = w
        .admin
        .post(
            &format!("/api/tickets/{key}/messages"),
            json!({"body": "Nous vérifions avec le livreur."}),
        )
        .await;
    reply.assert_status(201);
    assert_eq!(reply.body["data"]["status"], "answered");
    assert_eq!(reply.body["data"]["messages_count"], 2);
    assert_eq!(
        w.merchant.get("/api/tickets/unread").await.body["data"]["count"],
        1
    );
    let mine = w
        .merchant
        .get("/api/tickets?unread=true&status=answered")
        .await;
    assert_eq!(mine.body["meta"]["total"], 1);
    assert_eq!(
        mine.body["data"][0]["last_message"]["author"]["role"],
        "admin"
    );

    // The merchant answers: open again, unread for the staff, read for himself.
    let answer = w
        .merchant
        .post(
            &format!("/api/tickets/{key}/messages"),
            json!({"body": "  Merci, j'attends.  "}),
        )
        .await;
    answer.assert_status(201);
    assert_eq!(answer.body["data"]["status"], "open");
    assert_eq!(
        answer.body["data"]["messages"][2]["body"],
        "Merci, j'attends."
    );
    assert_eq!(
        w.admin.get("/api/tickets/unread").await.body["data"]["count"],
        1
    );

    // Either side closes; twice is a 409; the merchant reopens, the staff may not.
    let closed = w
        .admin
        .put("/api/tickets", json!({"key": key, "status": "closed"}))
        .await;
    closed.assert_status(200);
    assert_eq!(closed.body["data"]["status"], "closed");
    w.merchant
        .put("/api/tickets", json!({"key": key, "status": "closed"}))
        .await
        .assert_status(409);
    let refused = w
        .admin
        .put("/api/tickets", json!({"key": key, "status": "open"}))
        .await;
    refused.assert_status(422);
    assert!(!refused.field_errors("status").is_empty());
    let reopened = w
        .merchant
        .put("/api/tickets", json!({"key": key, "status": "open"}))
        .await;
    reopened.assert_status(200);
    assert_eq!(reopened.body["data"]["status"], "open");
    w.merchant
        .put("/api/tickets", json!({"key": key, "status": "open"}))
        .await
        .assert_status(409);
    // A merchant's message reopens a closed ticket too.
    w.merchant
        .put("/api/tickets", json!({"key": key, "status": "closed"}))
        .await
        .assert_status(200);
    let again = w
        .merchant
        .post(
            &format!("/api/tickets/{key}/messages"),
            json!({"body": "Toujours rien."}),
        )
        .await;
    assert_eq!(again.body["data"]["status"], "open");

    assert_eq!(
        actions(&w.app, &key),
        vec![
            "ticket.opened",
            "ticket.replied",
            "ticket.replied",
            "ticket.closed",
            "ticket.reopened",
            "ticket.closed",
            "ticket.replied"
        ]
    );
    // The ticket shows on its parcel's filter, and by code or subject.
    for query in [
        format!("parcel={}", w.parcel),
        format!("q={}", code.to_lowercase()),
        "q=NON%20re".to_owned(),
        "category=parcel".to_owned(),
        format!("client={}", w.merchant_key),
    ] {
        let found = w.admin.get(&format!("/api/tickets?{query}")).await;
        assert_eq!(found.body["meta"]["total"], 1, "{query}");
    }
    assert_eq!(
        w.admin.get("/api/tickets?category=invoice").await.body["meta"]["total"],
        0
    );
    w.admin
        .get("/api/tickets?status=pending")
        .await
        .assert_status(422);
}

#[actix_rt::test]
async fn opening_a_ticket_checks_every_field() {
    let w = world().await;
    let res = w
        .merchant
        .post(
            "/api/tickets",
            json!({"subject": " ", "category": "refund", "message": "x".repeat(5001)}),
        )
        .await;
    res.assert_status(422);
    for field in ["subject", "category", "message"] {
        assert!(!res.field_errors(field).is_empty(), "{field}: {}", res.text);
    }
    let long = w
        .merchant
        .post(
            "/api/tickets",
            json!({"subject": "s".repeat(151), "category": "other", "message": "ok"}),
        )
        .await;
    long.assert_status(422);
    assert!(!long.field_errors("subject").is_empty());
    // Another merchant's parcel (or no parcel at all) is the field's error.
    let (other, _) = w.app.signed_in(Role::Merchant, true).await;
    let foreign = other
        .post(
            "/api/tickets",
            json!({"subject": "Où est-il ?", "category": "parcel", "parcel": w.parcel, "message": "?"}),
        )
        .await;
    foreign.assert_status(422);
    assert!(!foreign.field_errors("parcel").is_empty());
    // Without a parcel: fine.
    let plain = other
        .post(
            "/api/tickets",
            json!({"subject": "Ma facture", "category": "invoice", "message": "Bonjour"}),
        )
        .await;
    plain.assert_status(201);
    assert!(plain.body["data"]["parcel"].is_null());
    // Staff do not open tickets; an empty message is refused.
    w.admin
        .post(
            "/api/tickets",
            json!({"subject": "x", "category": "other", "message": "x"}),
        )
        .await
        .assert_status(403);
    let key = s(&plain.body["data"]["key"]);
    let empty = w
        .admin
        .post(&format!("/api/tickets/{key}/messages"), json!({"body": ""}))
        .await;
    empty.assert_status(422);
    assert!(!empty.field_errors("body").is_empty());
    let missing = w
        .admin
        .put("/api/tickets", json!({"status": "closed"}))
        .await;
    missing.assert_status(422);
    assert!(!missing.field_errors("key").is_empty());
}

#[actix_rt::test]
async fn another_merchants_ticket_is_not_found_and_staff_act_for_their_merchant() {
    let w = world().await;
    let ticket = open_ticket(&w, "Colis abîmé").await;
    let key = s(&ticket["key"]);
    let first = s(&ticket["messages"][0]["key"]);
    let (other, _) = w.app.signed_in(Role::Merchant, true).await;
    assert_eq!(other.get("/api/tickets").await.body["meta"]["total"], 0);
    other
        .get(&format!("/api/tickets/{key}"))
        .await
        .assert_status(404);
    other
        .put("/api/tickets", json!({"key": key, "status": "closed"}))
        .await
        .assert_status(404);
    other
        .post(
            &format!("/api/tickets/{key}/messages"),
            json!({"body": "Moi aussi"}),
        )
        .await
        .assert_status(404);
    other
        .delete(&format!("/api/tickets/{key}/messages/{first}"))
        .await
        .assert_status(404);
    // A filter never widens a merchant's scope.
    let filtered = other
        .get(&format!("/api/tickets?client={}", w.merchant_key))
        .await;
    assert_eq!(filtered.body["meta"]["total"], 0);

    // A member of the merchant's team sees and writes in his merchant's tickets.
    let member = w
        .app
        .create_user(Role::Merchant, "equipe@atlas.ma", true, None);
    diesel::insert_into(colivra_db::schema::merchant_staff::table)
        .values((
            colivra_db::schema::merchant_staff::user_id.eq(member.id),
            colivra_db::schema::merchant_staff::owner_id.eq(w.merchant_id),
        ))
        .execute(&mut *w.app.conn())
        .unwrap();
    let team = w.app.client();
    team.login("equipe@atlas.ma", crate::support::PASSWORD)
        .await
        .assert_status(200);
    assert_eq!(team.get("/api/tickets").await.body["meta"]["total"], 1);
    let written = team
        .post(
            &format!("/api/tickets/{key}/messages"),
            json!({"body": "Photo envoyée."}),
        )
        .await;
    written.assert_status(201);
    let message = &written.body["data"]["messages"][1];
    assert_eq!(message["mine"], true);
    assert_eq!(message["deletable"], true);
    // The owner sees it, but it is not his to delete.
    let seen = w.merchant.get(&format!("/api/tickets/{key}")).await;
    assert_eq!(seen.body["data"]["messages"][1]["mine"], false);
    assert_eq!(seen.body["data"]["messages"][1]["deletable"], false);
    let second = s(&message["key"]);
    w.merchant
        .delete(&format!("/api/tickets/{key}/messages/{second}"))
        .await
        .assert_status(409);
    // Tickets opened by the staff member belong to the merchant.
    let by_team = team
        .post(
            "/api/tickets",
            json!({"subject": "Ramassage en retard", "category": "pickup", "message": "Bonjour"}),
        )
        .await;
    by_team.assert_status(201);
    assert_eq!(
        by_team.body["data"]["client"]["key"],
        w.merchant_key.as_str()
    );
    assert_eq!(
        w.merchant.get("/api/tickets").await.body["meta"]["total"],
        2
    );
}

#[actix_rt::test]
async fn a_message_is_deleted_by_its_author_while_unanswered_never_the_first() {
    let w = world().await;
    let ticket = open_ticket(&w, "Colis en retard").await;
    let key = s(&ticket["key"]);
    let first = s(&ticket["messages"][0]["key"]);
    let path = |message: &str| format!("/api/tickets/{key}/messages/{message}");
    w.merchant.delete(&path(&first)).await.assert_status(409);

    let added = w
        .merchant
        .post(
            &format!("/api/tickets/{key}/messages"),
            json!({"body": "Oubliez, erreur."}),
        )
        .await;
    let second = s(&added.body["data"]["messages"][1]["key"]);
    // Another's message: 409, even for the staff.
    w.admin.delete(&path(&second)).await.assert_status(409);
    w.merchant.delete(&path(&second)).await.assert_status(204);
    w.merchant.delete(&path(&second)).await.assert_status(404);
    let after = w.merchant.get(&format!("/api/tickets/{key}")).await;
    assert_eq!(after.body["data"]["messages_count"], 1);
    assert_eq!(after.body["data"]["messages"].as_array().unwrap().len(), 1);

    // The staff answer: the merchant's earlier messages are answered, no longer deletable.
    let third = w
        .merchant
        .post(
            &format!("/api/tickets/{key}/messages"),
            json!({"body": "Une précision."}),
        )
        .await;
    let third = s(&third.body["data"]["messages"][1]["key"]);
    let reply = w
        .admin
        .post(
            &format!("/api/tickets/{key}/messages"),
            json!({"body": "Vu."}),
        )
        .await;
    let reply_key = s(&reply.body["data"]["messages"][2]["key"]);
    assert_eq!(reply.body["data"]["messages"][2]["deletable"], true);
    w.merchant.delete(&path(&third)).await.assert_status(409);
    // The staff withdraw their reply before the merchant answers it: open again.
    w.admin.delete(&path(&reply_key)).await.assert_status(204);
    let now = w.admin.get(&format!("/api/tickets/{key}")).await;
    assert_eq!(now.body["data"]["status"], "open");
    assert_eq!(
        w.merchant.get("/api/tickets/unread").await.body["data"]["count"],
        0
    );
    // An unknown message: 404.
    w.merchant
        .delete(&path("ZZZZZZZZ"))
        .await
        .assert_status(404);
    assert_eq!(
        actions(&w.app, &key)
            .iter()
            .filter(|a| *a == "ticket.message_deleted")
            .count(),
        2
    );
}

#[actix_rt::test]
async fn two_staff_closing_the_same_ticket_at_once_leave_one_winner() {
    crate::support::until_in_flight_together(async || {
        let w = world().await;
        let ticket = open_ticket(&w, "Double fermeture").await;
        let key = s(&ticket["key"]);
        let (second_admin, _) = w.app.signed_in(Role::Admin, true).await;
        let body = json!({"key": key, "status": "closed"});
        let race = crate::support::race(vec![
            w.admin
                .racer(Method::PUT, "/api/tickets", Some(body.clone())),
            second_admin.racer(Method::PUT, "/api/tickets", Some(body)),
        ])
        .await;
        race.one_winner(200, &[409]);
        use colivra_db::schema::tickets;
        let status: String = tickets::table
            .filter(tickets::key.eq(&key))
            .select(tickets::status)
            .first(&mut *w.app.conn())
            .unwrap();
        assert_eq!(status, "closed");
        let closings = actions(&w.app, &key)
            .iter()
            .filter(|a| *a == "ticket.closed")
            .count();
        assert_eq!(closings, 1);
        race
    })
    .await;
}

#[test]
fn the_documented_bounds_are_the_servers() {
    let document = serde_json::to_value(colivra_gateway::openapi::document()).unwrap();
    let schemas = &document["components"]["schemas"];
    let bound = |schema: &str, field: &str, name: &str| {
        schemas[schema]["properties"][field][name]
            .as_i64()
            .unwrap_or_else(|| panic!("{schema}.{field} has no {name}"))
    };
    use colivra_support::tickets::{MAX_MESSAGE, MAX_SUBJECT};
    assert_eq!(
        bound("NewTicket", "subject", "maxLength"),
        MAX_SUBJECT as i64
    );
    assert_eq!(
        bound("NewTicket", "message", "maxLength"),
        MAX_MESSAGE as i64
    );
    assert_eq!(
        bound("MessageInput", "body", "maxLength"),
        MAX_MESSAGE as i64
    );
    assert_eq!(
        bound("NewAnnouncement", "body", "maxLength"),
        colivra_support::announcements::MAX_BODY as i64
    );
    assert_eq!(
        bound("GuideInput", "body", "maxLength"),
        colivra_support::guides::MAX_BODY as i64
    );
    assert_eq!(
        bound("GuideInput", "title", "maxLength"),
        colivra_support::guides::MAX_TITLE as i64
    );
    assert_eq!(
        schemas["TicketView"]["properties"]["code"]["type"],
        "string"
    );
}

#[actix_rt::test]
async fn a_deletion_racing_the_other_sides_reply_never_removes_an_answered_message() {
    crate::support::until_in_flight_together(async || {
        let w = world().await;
        let ticket = open_ticket(&w, "Course").await;
        let key = s(&ticket["key"]);
        let added = w
            .merchant
            .post(
                &format!("/api/tickets/{key}/messages"),
                json!({"body": "À retirer"}),
            )
            .await;
        let message = s(&added.body["data"]["messages"][1]["key"]);
        let race = crate::support::race(vec![
            w.merchant.racer(
                Method::DELETE,
                &format!("/api/tickets/{key}/messages/{message}"),
                None,
            ),
            w.admin.racer(
                Method::POST,
                &format!("/api/tickets/{key}/messages"),
                Some(json!({"body": "Réponse"})),
            ),
        ])
        .await;
        let statuses = race.statuses();
        assert_eq!(statuses[1], 201, "the reply is always written");
        assert!(
            statuses[0] == 204 || statuses[0] == 409,
            "deletion: {statuses:?}"
        );
        // The database agrees with itself: the count is the rows', and the message is gone only if
        // the reply came after its deletion.
        use colivra_db::schema::{ticket_messages, tickets};
        let mut conn = w.app.conn();
        let (id, count): (i64, i64) = tickets::table
            .filter(tickets::key.eq(&key))
            .select((tickets::id, tickets::messages_count))
            .first(&mut *conn)
            .unwrap();
        let rows: Vec<(String, String)> = ticket_messages::table
            .filter(ticket_messages::ticket_id.eq(id))
            .order(ticket_messages::id.asc())
            .select((ticket_messages::key, ticket_messages::side))
            .load(&mut *conn)
            .unwrap();
        assert_eq!(count, rows.len() as i64);
        let still_there = rows.iter().any(|(k, _)| *k == message);
        assert_eq!(still_there, statuses[0] == 409);
        assert_eq!(rows.last().unwrap().1, "admin");
        race
    })
    .await;
}
