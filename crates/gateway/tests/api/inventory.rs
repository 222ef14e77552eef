//! Stock (issue 14) through the API: the stock service, products (form and import), entries
//! and entry slips, adjustments, validation and deletion of movements, and parcels taking
//! stock (reserve, release, exit, return); the races the database must settle; and a ledger
//! check: on hand is the sum of the validated movements.

use crate::support::money::{money_world, MoneyWorld};
use crate::support::{race, TestClient};
use actix_web::http::Method;
use colivra_core::Role;
use serde_json::{json, Value};

/// The shared world ([`crate::support::money`]): a merchant's shop in Casablanca, one
/// delivery person.
type World = MoneyWorld;

async fn world() -> World {
    money_world(1).await
}

fn key(value: &Value) -> String {
    value["key"].as_str().unwrap().to_owned()
}

/// The merchant asks for the stock service and the admin activates it.
async fn activate(w: &World, merchant: &TestClient, merchant_key: &str) {
    merchant
        .post("/api/inventory/clients", json!({}))
        .await
        .assert_status(201);
    w.admin
        .put(
            &format!("/api/inventory/clients/{merchant_key}"),
            json!({"status": "active"}),
        )
        .await
        .assert_status(200);
}

async fn product(merchant: &TestClient, sku: &str, threshold: Option<i64>) -> String {
    let res = merchant
        .post(
            "/api/inventories",
            json!({"sku": sku, "name": format!("Produit {sku}"), "alert_threshold": threshold}),
        )
        .await;
    res.assert_status(201);
    key(&res.body["data"])
}

/// `quantity` units of the product received at the hub: an entry declared, then validated.
async fn stocked(w: &World, inventory: &str, quantity: i64) {
    let res = w
        .merchant
        .post(
            "/api/inventories/movements",
            json!({"inventory": inventory, "type": "entry", "quantity": quantity}),
        )
        .await;
    res.assert_status(201);
    let movement = key(&res.body["data"]);
    w.admin
        .put(
            &format!("/api/inventories/movements/{movement}"),
            json!({"state": "validated"}),
        )
        .await
        .assert_status(200);
}

fn parcel_body(w: &World, lines: Value) -> Value {
    json!({
        "shop": w.shop, "recipient_name": "Amina", "recipient_phone": "0612345678",
        "city": w.casa, "address": "5 avenue Hassan II", "cod_amount": 10_000,
        "product": "Robe", "stock_lines": lines
    })
}

/// (on hand, reserved) of the product, read in the database.
fn stock_of(w: &World, inventory: &str) -> (i64, i64) {
    use colivra_db::schema::inventories;
    use diesel::prelude::*;
    inventories::table
        .filter(inventories::key.eq(inventory))
        .select((inventories::on_hand, inventories::reserved))
        .first(&mut w.app.conn())
        .unwrap()
}

/// On hand equals the sum of the validated movements' signed quantities, for every product.
fn ledger_holds(w: &World) {
    use colivra_db::schema::{inventories, inventory_movements};
    use diesel::prelude::*;
    let mut conn = w.app.conn();
    let products: Vec<(i64, i64)> = inventories::table
        .select((inventories::id, inventories::on_hand))
        .load(&mut conn)
        .unwrap();
    for (id, on_hand) in products {
        let movements: Vec<(String, i64, Option<i64>)> = inventory_movements::table
            .filter(inventory_movements::inventory_id.eq(id))
            .filter(inventory_movements::state.eq("validated"))
            .select((
                inventory_movements::kind,
                inventory_movements::quantity,
                inventory_movements::received_quantity,
            ))
            .load(&mut conn)
            .unwrap();
        let sum: i64 = movements
            .iter()
            .map(|(kind, quantity, received)| match kind.as_str() {
                "entry" | "return" => received.unwrap(),
                "exit" => -quantity,
                _ => *quantity,
            })
            .sum();
        assert_eq!(on_hand, sum, "ledger of product {id}: {movements:?}");
    }
}

fn activities_named(w: &World, action: &str) -> usize {
    use colivra_db::schema::activities;
    use diesel::prelude::*;
    activities::table
        .filter(activities::action.eq(action))
        .count()
        .get_result::<i64>(&mut w.app.conn())
        .unwrap() as usize
}

#[actix_rt::test]
async fn the_stock_service_is_asked_by_merchants_and_decided_by_admins() {
    let w = world().await;
    let res = w.merchant.get("/api/inventory/types").await;
    res.assert_status(200);
    assert_eq!(
        res.body["data"],
        json!([{"key":"entry","label":"Entrée"},{"key":"exit","label":"Sortie"},{"key":"return","label":"Retour"},{"key":"adjustment","label":"Ajustement"}])
    );
    let res = w.admin.get("/api/inventory/states").await;
    assert_eq!(
        res.body["data"],
        json!([{"key":"pending","label":"En attente"},{"key":"validated","label":"Validé"},{"key":"rejected","label":"Rejeté"}])
    );
    w.delivery_people[0]
        .client
        .get("/api/inventories")
        .await
        .assert_status(403);

    // Never asked: an empty list; products refused.
    let res = w.merchant.get("/api/inventory/clients").await;
    assert_eq!(res.body["meta"]["total"], 0);
    let res = w
        .merchant
        .post("/api/inventories", json!({"sku": "A-1", "name": "Robe"}))
        .await;
    res.assert_status(409);
    assert_eq!(res.body["message"], "Le service de stock n'est pas actif.");

    let res = w.merchant.post("/api/inventory/clients", json!({})).await;
    res.assert_status(201);
    assert_eq!(res.body["data"]["key"], w.merchant_key);
    assert_eq!(res.body["data"]["status"], "pending");
    assert_eq!(res.body["data"]["status_label"], "En attente");
    assert_eq!(res.body["data"]["products"], 0);
    assert!(res.body["data"]["decided_at"].is_null());
    w.merchant
        .post("/api/inventory/clients", json!({}))
        .await
        .assert_status(409);
    // Still pending: writes refused.
    w.merchant
        .post("/api/inventories", json!({"sku": "A-1", "name": "Robe"}))
        .await
        .assert_status(409);

    let path = format!("/api/inventory/clients/{}", w.merchant_key);
    let res = w.admin.put(&path, json!({"status": "pending"})).await;
    res.assert_status(422);
    assert_eq!(res.field_errors("status").len(), 1);
    w.admin
        .put("/api/inventory/clients/NOPE", json!({"status": "active"}))
        .await
        .assert_status(404);
    let res = w.admin.put(&path, json!({"status": "active"})).await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["status"], "active");
    assert!(res.body["data"]["decided_at"].is_string());
    let res = w.admin.get("/api/inventory/clients?status=active").await;
    assert_eq!(res.body["meta"]["total"], 1);
    assert_eq!(res.body["data"][0]["client"]["key"], w.merchant_key);
    let res = w.admin.get("/api/inventory/clients?status=pending").await;
    assert_eq!(res.body["meta"]["total"], 0);
    w.admin
        .get("/api/inventory/clients?status=nope")
        .await
        .assert_status(422);

    product(&w.merchant, "A-1", None).await;
    // Suspended: reads still allowed, writes refused.
    w.admin
        .put(&path, json!({"status": "suspended"}))
        .await
        .assert_status(200);
    w.merchant
        .post("/api/inventories", json!({"sku": "A-2", "name": "Robe"}))
        .await
        .assert_status(409);
    let res = w.merchant.get("/api/inventories").await;
    assert_eq!(res.body["meta"]["total"], 1);
    assert_eq!(activities_named(&w, "inventory.client_requested"), 1);
    assert_eq!(activities_named(&w, "inventory.client_decided"), 2);
}

#[actix_rt::test]
async fn products_are_checked_scoped_listed_low_first_and_edited() {
    let w = world().await;
    activate(&w, &w.merchant, &w.merchant_key).await;
    let res = w
        .merchant
        .post(
            "/api/inventories",
            json!({"sku": "bad sku!", "name": "", "alert_threshold": -1}),
        )
        .await;
    res.assert_status(422);
    for field in ["sku", "name", "alert_threshold"] {
        assert_eq!(res.field_errors(field).len(), 1, "{field}: {}", res.text);
    }
    let long = "x".repeat(151);
    let res = w
        .merchant
        .post(
            "/api/inventories",
            json!({"sku": "A".repeat(65), "name": long}),
        )
        .await;
    res.assert_status(422);
    assert_eq!(res.field_errors("sku").len(), 1);
    assert_eq!(res.field_errors("name").len(), 1);

    let robe = product(&w.merchant, "ROBE-M", Some(5)).await;
    let sac = product(&w.merchant, "SAC.01", None).await;
    let res = w
        .merchant
        .post(
            "/api/inventories",
            json!({"sku": "ROBE-M", "name": "Autre"}),
        )
        .await;
    res.assert_status(422);
    assert_eq!(
        res.field_errors("sku"),
        vec!["Cette référence (SKU) existe déjà.".to_owned()]
    );
    stocked(&w, &sac, 20).await;

    // Another merchant: his own SKU space, and nothing of the first one's.
    let (other, other_user) = w.app.signed_in(Role::Merchant, true).await;
    activate(&w, &other, &other_user.key).await;
    product(&other, "ROBE-M", None).await;
    other
        .get(&format!("/api/inventories/{robe}"))
        .await
        .assert_status(404);
    other
        .put(&format!("/api/inventories/{robe}"), json!({"name": "Volé"}))
        .await
        .assert_status(404);
    assert_eq!(other.get("/api/inventories").await.body["meta"]["total"], 1);

    // Low first (0 available ≤ 5), then by name.
    let res = w.merchant.get("/api/inventories").await;
    res.assert_status(200);
    let rows = res.body["data"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["key"], robe.as_str());
    assert_eq!(rows[0]["low"], true);
    assert_eq!(rows[0]["available"], 0);
    assert_eq!(rows[1]["sku"], "SAC.01");
    assert_eq!(rows[1]["on_hand"], 20);
    assert_eq!(rows[1]["available"], 20);
    assert_eq!(rows[1]["low"], false);
    let res = w.merchant.get("/api/inventories?low=true").await;
    assert_eq!(res.body["meta"]["total"], 1);
    let res = w.merchant.get("/api/inventories?sort=-available").await;
    assert_eq!(res.body["data"][0]["sku"], "SAC.01");
    let res = w.merchant.get("/api/inventories?q=sac").await;
    assert_eq!(res.body["meta"]["total"], 1);
    w.merchant
        .get("/api/inventories?sort=nope")
        .await
        .assert_status(422);
    let res = w
        .admin
        .get(&format!("/api/inventories?client={}", w.merchant_key))
        .await;
    assert_eq!(res.body["meta"]["total"], 2);
    assert_eq!(
        w.admin.get("/api/inventories").await.body["meta"]["total"],
        3
    );

    // Edit: name and threshold; the SKU is fixed.
    let path = format!("/api/inventories/{robe}");
    let res = w
        .merchant
        .put(
            &path,
            json!({"name": "Robe taille M", "alert_threshold": 0}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["name"], "Robe taille M");
    assert_eq!(res.body["data"]["sku"], "ROBE-M");
    assert_eq!(res.body["data"]["low"], true);
    let res = w.merchant.put(&path, json!({"sku": "OTHER"})).await;
    res.assert_status(422);
    assert_eq!(res.field_errors("sku").len(), 1);
    w.admin
        .put(&path, json!({"name": "x"}))
        .await
        .assert_status(403);

    // The product with its movements.
    let res = w.merchant.get(&format!("/api/inventories/{sac}")).await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["on_hand"], 20);
    let movements = res.body["data"]["movements"].as_array().unwrap();
    assert_eq!(movements.len(), 1);
    assert_eq!(movements[0]["type"], "entry");
    assert_eq!(movements[0]["state"], "validated");
    assert_eq!(movements[0]["received_quantity"], 20);
    assert_eq!(activities_named(&w, "inventory.product_created"), 3);

    // Dashboards: the low product, an entry on its way; nothing for delivery people.
    w.merchant
        .post(
            "/api/inventories/movements",
            json!({"inventory": sac, "type": "entry", "quantity": 2}),
        )
        .await
        .assert_status(201);
    let res = w.merchant.get("/api/statistics").await;
    res.assert_status(200);
    assert_eq!(
        res.body["data"]["stock"],
        json!({"low_products": 1, "pending_entries": 1, "returns_to_check": 0})
    );
    let res = other.get("/api/statistics").await;
    assert_eq!(
        res.body["data"]["stock"],
        json!({"low_products": 0, "pending_entries": 0, "returns_to_check": 0})
    );
    let res = w.admin.get("/api/statistics").await;
    assert_eq!(res.body["data"]["stock"]["pending_entries"], 1);
    assert!(res.body["data"]["money"].is_object());
    let res = w.delivery_people[0].client.get("/api/statistics").await;
    assert!(res.body["data"]["stock"].is_null());
}

#[actix_rt::test]
async fn entries_adjustments_validation_and_deletion_follow_the_rules() {
    let w = world().await;
    activate(&w, &w.merchant, &w.merchant_key).await;
    let robe = product(&w.merchant, "ROBE-M", None).await;

    // Merchants declare entries only; admins record adjustments only.
    let res = w
        .merchant
        .post(
            "/api/inventories/movements",
            json!({"inventory": robe, "type": "adjustment", "quantity": 0}),
        )
        .await;
    res.assert_status(422);
    assert_eq!(res.field_errors("type").len(), 1);
    assert_eq!(res.field_errors("quantity").len(), 1);
    let res = w
        .merchant
        .post(
            "/api/inventories/movements",
            json!({"inventory": "NOPE", "type": "entry", "quantity": 1_000_001}),
        )
        .await;
    res.assert_status(422);
    assert_eq!(res.field_errors("inventory").len(), 1);
    assert_eq!(res.field_errors("quantity").len(), 1);
    let res = w
        .admin
        .post(
            "/api/inventories/movements",
            json!({"inventory": robe, "type": "exit", "quantity": 3}),
        )
        .await;
    res.assert_status(422);
    assert_eq!(res.field_errors("type").len(), 1);
    assert_eq!(res.field_errors("comment").len(), 1);

    let res = w
        .merchant
        .post(
            "/api/inventories/movements",
            json!({"inventory": robe, "type": "entry", "quantity": 12, "comment": "Carton 1"}),
        )
        .await;
    res.assert_status(201);
    let entry = res.body["data"].clone();
    assert_eq!(entry["state"], "pending");
    assert_eq!(entry["type_label"], "Entrée");
    assert!(entry["code"].as_str().unwrap().starts_with("MV"));
    assert_eq!(entry["deletable"], true);
    assert_eq!(entry["author"]["role"], "client");
    assert!(entry["received_quantity"].is_null());
    let res = w.merchant.get(&format!("/api/inventories/{robe}")).await;
    assert_eq!(res.body["data"]["pending_entries"], 12);
    assert_eq!(res.body["data"]["on_hand"], 0);

    // Validated with what arrived: 10.
    let path = format!("/api/inventories/movements/{}", key(&entry));
    let res = w
        .admin
        .put(&path, json!({"state": "nope", "quantity": -1}))
        .await;
    res.assert_status(422);
    assert_eq!(res.field_errors("state").len(), 1);
    assert_eq!(res.field_errors("quantity").len(), 1);
    w.merchant
        .put(&path, json!({"state": "validated"}))
        .await
        .assert_status(403);
    // 10 of the 12 declared: the hub says why, and the merchant reads it.
    let res = w
        .admin
        .put(&path, json!({"state": "validated", "quantity": 10}))
        .await;
    res.assert_status(422);
    assert_eq!(res.field_errors("comment").len(), 1, "{}", res.text);
    let res = w
        .admin
        .put(
            &path,
            json!({"state": "validated", "quantity": 10, "comment": "x".repeat(501)}),
        )
        .await;
    res.assert_status(422);
    assert_eq!(stock_of(&w, &robe), (0, 0));
    let res = w
        .admin
        .put(&path, json!({"state": "validated", "quantity": 10, "comment": "  2 robes manquantes dans le carton  "}))
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["state"], "validated");
    assert_eq!(res.body["data"]["received_quantity"], 10);
    assert_eq!(res.body["data"]["decided_by"]["role"], "admin");
    assert_eq!(
        res.body["data"]["decision_comment"],
        "2 robes manquantes dans le carton"
    );
    assert_eq!(stock_of(&w, &robe), (10, 0));
    let res = w.merchant.get(&format!("/api/inventories/{robe}")).await;
    assert_eq!(
        res.body["data"]["movements"][0]["decision_comment"],
        "2 robes manquantes dans le carton"
    );
    // A validated movement never changes.
    w.admin
        .put(&path, json!({"state": "rejected"}))
        .await
        .assert_status(409);
    w.merchant.delete(&path).await.assert_status(409);

    // Adjustments: a signed delta with a comment, never below zero.
    let res = w
        .admin
        .post(
            "/api/inventories/movements",
            json!({"inventory": robe, "type": "adjustment", "quantity": -11, "comment": "Inventaire"}),
        )
        .await;
    res.assert_status(422);
    assert_eq!(res.field_errors("quantity").len(), 1);
    let res = w
        .admin
        .post(
            "/api/inventories/movements",
            json!({"inventory": robe, "type": "adjustment", "quantity": -3, "comment": "Abîmés"}),
        )
        .await;
    res.assert_status(201);
    assert_eq!(res.body["data"]["state"], "validated");
    assert_eq!(stock_of(&w, &robe), (7, 0));

    // Rejected: nothing changes.
    let res = w
        .merchant
        .post(
            "/api/inventories/movements",
            json!({"inventory": robe, "type": "entry", "quantity": 4}),
        )
        .await;
    let rejected = key(&res.body["data"]);
    w.admin
        .put(
            &format!("/api/inventories/movements/{rejected}"),
            json!({"state": "rejected"}),
        )
        .await
        .assert_status(200);
    assert_eq!(stock_of(&w, &robe), (7, 0));

    // Deletion: its author while pending; someone else's 404 (merchant) / 409 (admin).
    let res = w
        .merchant
        .post(
            "/api/inventories/movements",
            json!({"inventory": robe, "type": "entry", "quantity": 2}),
        )
        .await;
    let pending = format!("/api/inventories/movements/{}", key(&res.body["data"]));
    let (other, _) = w.app.signed_in(Role::Merchant, true).await;
    other.delete(&pending).await.assert_status(404);
    w.admin.delete(&pending).await.assert_status(409);
    w.merchant.delete(&pending).await.assert_status(204);
    w.merchant.delete(&pending).await.assert_status(404);

    // Lists: scoped and filtered.
    let res = w
        .merchant
        .get(&format!(
            "/api/inventories/movements?inventory={robe}&state=validated"
        ))
        .await;
    res.assert_status(200);
    assert_eq!(res.body["meta"]["total"], 2);
    assert_eq!(res.body["data"][0]["type"], "adjustment");
    assert_eq!(res.body["data"][0]["deletable"], false);
    let res = w.admin.get("/api/inventories/movements?type=entry").await;
    assert_eq!(res.body["meta"]["total"], 2);
    assert_eq!(
        other.get("/api/inventories/movements").await.body["meta"]["total"],
        0
    );
    w.admin
        .get("/api/inventories/movements?type=nope")
        .await
        .assert_status(422);
    ledger_holds(&w);
    assert_eq!(activities_named(&w, "inventory.entry_declared"), 3);
    assert_eq!(activities_named(&w, "inventory.movement_validated"), 1);
    assert_eq!(activities_named(&w, "inventory.movement_rejected"), 1);
    assert_eq!(activities_named(&w, "inventory.adjustment"), 1);
}

#[actix_rt::test]
async fn an_entry_slip_declares_several_lines_and_prints_their_barcodes() {
    let w = world().await;
    activate(&w, &w.merchant, &w.merchant_key).await;
    let robe = product(&w.merchant, "ROBE-M", None).await;
    let res = w
        .merchant
        .post(
            "/api/inventories",
            json!({"sku": "KAFTAN", "name": "قفطان مغربي"}),
        )
        .await;
    res.assert_status(201);
    let kaftan = key(&res.body["data"]);
    let res = w
        .merchant
        .post(
            "/api/inventories/entries",
            json!({"lines": [{"inventory": robe, "quantity": 0}, {"inventory": "NOPE", "quantity": 2}]}),
        )
        .await;
    res.assert_status(422);
    assert_eq!(res.field_errors("lines.0.quantity").len(), 1);
    assert_eq!(res.field_errors("lines.1.inventory").len(), 1);
    w.merchant
        .post("/api/inventories/entries", json!({"lines": []}))
        .await
        .assert_status(422);

    let res = w
        .merchant
        .post(
            "/api/inventories/entries",
            json!({"lines": [{"inventory": robe, "quantity": 5}, {"inventory": kaftan, "quantity": 3}], "comment": "Livraison du lundi"}),
        )
        .await;
    res.assert_status(201);
    let slip = res.body["data"].clone();
    let movements = slip["movements"].as_array().unwrap();
    assert_eq!(movements.len(), 2);
    assert!(movements
        .iter()
        .all(|m| m["entry_slip"] == slip["key"] && m["state"] == "pending"));
    let codes: Vec<String> = movements
        .iter()
        .map(|m| m["code"].as_str().unwrap().to_owned())
        .collect();

    let path = format!("/api/inventories/entries/{}/pdf", key(&slip));
    let res = w.admin.get(&path).await;
    res.assert_status(200);
    assert_eq!(res.header("content-type"), Some("application/pdf"));
    let text = colivra_documents::extract_text(&res.bytes).unwrap();
    for needle in [codes[0].as_str(), codes[1].as_str(), "ROBE-M", "KAFTAN"] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
    // The Arabic name is drawn in Arabic (not "?"), right to left: this reader gives the
    // glyphs in visual order (the documents crate's own tests read it back with poppler).
    assert!(text.contains("يبرغم ناطفق"), "{text}");
    assert!(!text.contains('?'), "{text}");
    w.merchant.get(&path).await.assert_status(200);
    let (other, _) = w.app.signed_in(Role::Merchant, true).await;
    other.get(&path).await.assert_status(404);

    // At the hub, the slip's own barcode (as a scanner types it, any case) finds its lines; a
    // line's barcode finds that line.
    let found = |code: String| {
        let admin = &w.admin;
        async move {
            let res = admin
                .get(&format!(
                    "/api/inventories/movements?type=entry&state=pending&code={code}"
                ))
                .await;
            res.assert_status(200);
            let mut codes: Vec<String> = res.body["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["code"].as_str().unwrap().to_owned())
                .collect();
            codes.sort();
            codes
        }
    };
    let slip_code = slip["code"].as_str().unwrap().to_owned();
    let mut both = codes.clone();
    both.sort();
    assert_eq!(found(slip_code.to_lowercase()).await, both);
    assert_eq!(found(codes[1].clone()).await, vec![codes[1].clone()]);
    assert!(found("MV0000000".into()).await.is_empty());
    w.admin
        .get(&format!(
            "/api/inventories/movements?code={}",
            "X".repeat(65)
        ))
        .await
        .assert_status(422);
}

#[actix_rt::test]
async fn products_import_all_or_nothing_with_errors_per_line() {
    let w = world().await;
    activate(&w, &w.merchant, &w.merchant_key).await;
    product(&w.merchant, "TAKEN", None).await;
    let multipart = |csv: &str| {
        let body = format!(
            "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.csv\"\r\nContent-Type: text/csv\r\n\r\n{csv}\r\n--XyZ--\r\n"
        );
        body.into_bytes()
    };
    let res = w
        .merchant
        .post_bytes(
            "/api/inventories/import",
            multipart("sku;name;alert_threshold\nOK-1;Robe;3\nTAKEN;Sac;\nbad sku;;x\n"),
            "multipart/form-data; boundary=XyZ",
        )
        .await;
    res.assert_status(422);
    assert_eq!(res.field_errors("lines.3.sku").len(), 1);
    assert_eq!(res.field_errors("lines.4.sku").len(), 1);
    assert_eq!(res.field_errors("lines.4.name").len(), 1);
    assert_eq!(res.field_errors("lines.4.alert_threshold").len(), 1);
    assert!(res.field_errors("lines.2.sku").is_empty());
    assert_eq!(
        w.merchant.get("/api/inventories").await.body["meta"]["total"],
        1
    );

    let res = w
        .merchant
        .post_bytes(
            "/api/inventories/import",
            multipart("sku,name,alert_threshold\nOK-1,Robe,3\nOK-2,Sac,\n"),
            "multipart/form-data; boundary=XyZ",
        )
        .await;
    res.assert_status(201);
    assert_eq!(res.body["data"]["created"], 2);
    assert_eq!(
        w.merchant.get("/api/inventories").await.body["meta"]["total"],
        3
    );
    let res = w
        .merchant
        .post_bytes("/api/inventories/import", b"nothing".to_vec(), "text/csv")
        .await;
    res.assert_status(422);
    assert_eq!(res.field_errors("file").len(), 1);
    let res = w.merchant.get("/api/inventories/import/template").await;
    res.assert_status(200);
    assert!(res.text.contains("sku;name;alert_threshold"));
}

#[actix_rt::test]
async fn parcels_reserve_release_ship_and_return_stock() {
    let w = world().await;
    activate(&w, &w.merchant, &w.merchant_key).await;
    let robe = product(&w.merchant, "ROBE-M", Some(2)).await;
    stocked(&w, &robe, 10).await;

    // Refusals: too much, a product of another merchant, an edit of the lines.
    let res = w
        .merchant
        .post(
            "/api/parcels",
            parcel_body(&w, json!([{"inventory": robe, "quantity": 11}])),
        )
        .await;
    res.assert_status(422);
    assert_eq!(
        res.field_errors("stock_lines.0.quantity"),
        vec!["Stock insuffisant : 10 disponible(s).".to_owned()]
    );
    let (other, other_user) = w.app.signed_in(Role::Merchant, true).await;
    activate(&w, &other, &other_user.key).await;
    let theirs = product(&other, "THEIRS", None).await;
    let res = w
        .merchant
        .post(
            "/api/parcels",
            parcel_body(&w, json!([{"inventory": theirs, "quantity": 1}])),
        )
        .await;
    res.assert_status(422);
    assert_eq!(res.field_errors("stock_lines.0.inventory").len(), 1);
    assert_eq!(stock_of(&w, &robe), (10, 0));

    // Reserved at creation; the view carries the lines.
    let res = w
        .merchant
        .post(
            "/api/parcels",
            parcel_body(&w, json!([{"inventory": robe, "quantity": 3}])),
        )
        .await;
    res.assert_status(201);
    let parcel = key(&res.body["data"]);
    assert_eq!(
        res.body["data"]["stock_lines"],
        json!([{"inventory": {"key": robe, "sku": "ROBE-M", "name": "Produit ROBE-M"}, "quantity": 3}])
    );
    assert_eq!(stock_of(&w, &robe), (10, 3));
    let res = w
        .merchant
        .put(
            &format!("/api/parcels/{parcel}"),
            json!({"stock_lines": [{"inventory": robe, "quantity": 1}]}),
        )
        .await;
    res.assert_status(422);
    assert_eq!(res.field_errors("stock_lines").len(), 1);
    let res = w.merchant.get(&format!("/api/inventories/{robe}")).await;
    assert_eq!(res.body["data"]["available"], 7);
    // The product names the parcel holding its reserved units.
    assert_eq!(
        res.body["data"]["reservations"],
        json!([{"parcel": parcel, "quantity": 3, "status": "new", "status_label": "Nouveau colis",
            "recipient_name": res.body["data"]["reservations"][0]["recipient_name"],
            "created_at": res.body["data"]["reservations"][0]["created_at"]}])
    );
    assert!(!res.body["data"]["reservations"][0]["recipient_name"]
        .as_str()
        .unwrap()
        .is_empty());

    // Deleted: released. Cancelled before the hub: released.
    let res = w
        .merchant
        .post(
            "/api/parcels",
            parcel_body(&w, json!([{"inventory": robe, "quantity": 2}])),
        )
        .await;
    let deleted = key(&res.body["data"]);
    assert_eq!(stock_of(&w, &robe), (10, 5));
    w.merchant
        .delete(&format!("/api/parcels/{deleted}"))
        .await
        .assert_status(204);
    assert_eq!(stock_of(&w, &robe), (10, 3));
    let res = w
        .merchant
        .post(
            "/api/parcels",
            parcel_body(&w, json!([{"inventory": robe, "quantity": 4}])),
        )
        .await;
    let cancelled = key(&res.body["data"]);
    assert_eq!(stock_of(&w, &robe), (10, 7));
    w.merchant
        .put(&format!("/api/parcels/{cancelled}/cancel"), json!({}))
        .await
        .assert_status(200);
    assert_eq!(stock_of(&w, &robe), (10, 3));

    // Picked up, then shipped: an exit movement, on hand and reserved go down.
    let res = w
        .merchant
        .post("/api/pickup-vouchers", json!({"parcels": [parcel]}))
        .await;
    res.assert_status(201);
    let voucher = key(&res.body["data"]);
    w.admin
        .put(
            "/api/pickup-vouchers/pickup",
            json!({"voucher": voucher, "parcels": [parcel]}),
        )
        .await
        .assert_status(200);
    assert_eq!(stock_of(&w, &robe), (10, 3));
    w.admin
        .put(
            "/api/parcels/delivery",
            json!({"delivery_admin": w.delivery_people[0].key, "parcels": [parcel]}),
        )
        .await
        .assert_status(201);
    assert_eq!(stock_of(&w, &robe), (7, 0));
    let res = w
        .merchant
        .get(&format!("/api/inventories/movements?parcel={parcel}"))
        .await;
    assert_eq!(res.body["meta"]["total"], 1);
    let exit = &res.body["data"][0];
    assert_eq!(exit["type"], "exit");
    assert_eq!(exit["state"], "validated");
    assert_eq!(exit["quantity"], 3);
    assert_eq!(exit["parcel"]["code"], parcel.as_str());

    // Refused, returned on a return voucher: a pending return, validated back into stock.
    w.delivery_people[0]
        .client
        .post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "refused", "comment": "Refusé à la porte"}),
        )
        .await
        .assert_status(200);
    let res = w.delivery_people[0]
        .client
        .post("/api/return-vouchers", json!({"parcels": [parcel]}))
        .await;
    res.assert_status(201);
    let returns = key(&res.body["data"]);
    w.admin
        .put(
            &format!("/api/return-vouchers/{returns}/receive"),
            json!({}),
        )
        .await
        .assert_status(200);
    assert_eq!(stock_of(&w, &robe), (7, 0));
    let res = w
        .admin
        .get(&format!(
            "/api/inventories/movements?parcel={parcel}&type=return"
        ))
        .await;
    assert_eq!(res.body["meta"]["total"], 1);
    let back = res.body["data"][0].clone();
    assert_eq!(back["state"], "pending");
    assert_eq!(back["quantity"], 3);
    // The returns box takes the parcel's own barcode: it finds the return it brought back.
    let res = w
        .admin
        .get(&format!(
            "/api/inventories/movements?type=return&state=pending&code={}",
            parcel.to_lowercase()
        ))
        .await;
    assert_eq!(res.body["meta"]["total"], 1, "{}", res.text);
    assert_eq!(res.body["data"][0]["key"], back["key"]);
    let res = w
        .admin
        .put(
            &format!("/api/inventories/movements/{}", key(&back)),
            json!({"state": "validated", "quantity": 2, "comment": "Une robe abîmée, mise au rebut"}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(stock_of(&w, &robe), (9, 0));
    ledger_holds(&w);
    assert_eq!(activities_named(&w, "inventory.reserved"), 3);
    assert_eq!(activities_named(&w, "inventory.released"), 2);
    assert_eq!(activities_named(&w, "inventory.exit"), 1);
    assert_eq!(activities_named(&w, "inventory.return_pending"), 1);
}

#[actix_rt::test]
async fn the_parcel_import_reserves_stock_lines_all_or_nothing() {
    let w = world().await;
    activate(&w, &w.merchant, &w.merchant_key).await;
    let robe = product(&w.merchant, "ROBE-M", None).await;
    stocked(&w, &robe, 5).await;
    let file = |a: i64, b: i64| {
        format!(
            "destinataire;telephone;ville;adresse;montant;stock\n\
             Amina;0612345678;Casablanca;1 rue A;100;ROBE-M:{a}\n\
             Karim;0612345679;Casablanca;2 rue B;120;\"ROBE-M:{b}\"\n"
        )
        .into_bytes()
    };
    // 3 + 3 > 5: the second line is short, nothing is created.
    let res = w
        .merchant
        .post_bytes("/api/parcels/import", file(3, 3), "text/csv")
        .await;
    res.assert_status(422);
    assert_eq!(stock_of(&w, &robe), (5, 0));
    assert_eq!(
        w.merchant.get("/api/parcels").await.body["meta"]["total"],
        0
    );
    let res = w
        .merchant
        .post_bytes("/api/parcels/import", file(3, 2), "text/csv")
        .await;
    res.assert_status(201);
    assert_eq!(res.body["created"], 2);
    assert_eq!(stock_of(&w, &robe), (5, 5));
}

#[actix_rt::test]
async fn fifty_parcels_at_once_for_the_last_ten_units_reserve_exactly_ten() {
    let w = world().await;
    activate(&w, &w.merchant, &w.merchant_key).await;
    let robe = product(&w.merchant, "ROBE-M", None).await;
    stocked(&w, &robe, 10).await;
    let racers = (0..50)
        .map(|_| {
            w.merchant.racer(
                Method::POST,
                "/api/parcels",
                Some(parcel_body(&w, json!([{"inventory": robe, "quantity": 1}]))),
            )
        })
        .collect();
    let race = race(racers).await;
    assert!(race.in_flight_together() > 1);
    let statuses = race.statuses();
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        10,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == 422).count(),
        40,
        "{statuses:?}"
    );
    for refused in race.responses.iter().filter(|r| r.status == 422) {
        assert_eq!(
            refused.field_errors("stock_lines.0.quantity"),
            vec!["Stock insuffisant : 0 disponible(s).".to_owned()]
        );
    }
    assert_eq!(stock_of(&w, &robe), (10, 10));
    use colivra_db::schema::{parcel_stock_lines, parcels};
    use diesel::prelude::*;
    let mut conn = w.app.conn();
    let parcels_made: i64 = parcels::table.count().get_result(&mut conn).unwrap();
    let lines: i64 = parcel_stock_lines::table
        .count()
        .get_result(&mut conn)
        .unwrap();
    assert_eq!((parcels_made, lines), (10, 10));
}

#[actix_rt::test]
async fn the_same_entry_validated_twice_at_once_counts_once() {
    crate::support::until_in_flight_together(async || {
        let w = world().await;
        activate(&w, &w.merchant, &w.merchant_key).await;
        let robe = product(&w.merchant, "ROBE-M", None).await;
        let res = w
            .merchant
            .post(
                "/api/inventories/movements",
                json!({"inventory": robe, "type": "entry", "quantity": 7}),
            )
            .await;
        let path = format!("/api/inventories/movements/{}", key(&res.body["data"]));
        let (second_admin, _) = w.app.signed_in(Role::Admin, true).await;
        let race = race(vec![
            w.admin
                .racer(Method::PUT, &path, Some(json!({"state": "validated"}))),
            second_admin.racer(Method::PUT, &path, Some(json!({"state": "validated"}))),
        ])
        .await;
        race.one_winner(200, &[409]);
        assert_eq!(stock_of(&w, &robe), (7, 0));
        assert_eq!(activities_named(&w, "inventory.movement_validated"), 1);
        ledger_holds(&w);
        race
    })
    .await;
}

/// Through a pickup voucher and an exit voucher: the parcels go out for delivery.
async fn out_for_delivery(w: &World, parcels: &[&String]) {
    let res = w
        .merchant
        .post("/api/pickup-vouchers", json!({ "parcels": parcels }))
        .await;
    res.assert_status(201);
    let voucher = key(&res.body["data"]);
    w.admin
        .put(
            "/api/pickup-vouchers/pickup",
            json!({"voucher": voucher, "parcels": parcels}),
        )
        .await
        .assert_status(200);
    w.admin
        .put(
            "/api/parcels/delivery",
            json!({"delivery_admin": w.delivery_people[0].key, "parcels": parcels}),
        )
        .await
        .assert_status(201);
}

#[actix_rt::test]
async fn an_exchanges_collected_item_comes_back_as_a_pending_return_of_the_original() {
    let w = world().await;
    activate(&w, &w.merchant, &w.merchant_key).await;
    let robe = product(&w.merchant, "ROBE-S", None).await;
    stocked(&w, &robe, 4).await;
    let res = w
        .merchant
        .post(
            "/api/parcels",
            parcel_body(&w, json!([{"inventory": robe, "quantity": 1}])),
        )
        .await;
    res.assert_status(201);
    let original = key(&res.body["data"]);
    out_for_delivery(&w, &[&original]).await;
    w.delivery_people[0]
        .client
        .post(
            "/api/parcels/states",
            json!({"parcel": original, "status": "delivered"}),
        )
        .await
        .assert_status(200);
    assert_eq!(stock_of(&w, &robe), (3, 0));

    // The exchange brings the original's robe back.
    let res = w
        .merchant
        .post(
            "/api/parcels",
            json!({
                "shop": w.shop, "recipient_name": "Amina", "recipient_phone": "0612345678",
                "city": w.casa, "address": "5 avenue Hassan II", "cod_amount": 0,
                "product": "Robe taille M", "kind": "exchange", "original_parcel": original,
                "item_to_collect": "Robe taille S"
            }),
        )
        .await;
    res.assert_status(201);
    let exchange = key(&res.body["data"]);
    assert_eq!(res.body["data"]["stock_lines"], json!([]));
    out_for_delivery(&w, &[&exchange]).await;
    w.delivery_people[0]
        .client
        .post(
            "/api/parcels/states",
            json!({"parcel": exchange, "status": "delivered"}),
        )
        .await
        .assert_status(200);
    let res = w.delivery_people[0]
        .client
        .post("/api/return-vouchers", json!({"parcels": [exchange]}))
        .await;
    res.assert_status(201);
    let voucher = key(&res.body["data"]);
    w.admin
        .put(
            &format!("/api/return-vouchers/{voucher}/receive"),
            json!({}),
        )
        .await
        .assert_status(200);
    let res = w
        .admin
        .get(&format!(
            "/api/inventories/movements?type=return&inventory={robe}"
        ))
        .await;
    assert_eq!(res.body["meta"]["total"], 1);
    let back = res.body["data"][0].clone();
    assert_eq!(back["state"], "pending");
    assert_eq!(back["quantity"], 1);
    assert_eq!(back["parcel"]["code"], exchange.as_str());
    // Damaged: rejected, nothing comes back.
    w.admin
        .put(
            &format!("/api/inventories/movements/{}", key(&back)),
            json!({"state": "rejected"}),
        )
        .await
        .assert_status(200);
    assert_eq!(stock_of(&w, &robe), (3, 0));
    ledger_holds(&w);
}

#[actix_rt::test]
async fn undoing_a_cancellation_reserves_the_stock_again_while_it_is_there() {
    let w = world().await;
    activate(&w, &w.merchant, &w.merchant_key).await;
    let robe = product(&w.merchant, "ROBE-M", None).await;
    stocked(&w, &robe, 3).await;
    let res = w
        .merchant
        .post(
            "/api/parcels",
            parcel_body(&w, json!([{"inventory": robe, "quantity": 2}])),
        )
        .await;
    let parcel = key(&res.body["data"]);
    let cancel = || {
        w.admin.post(
            "/api/parcels/states",
            json!({"parcel": parcel, "status": "cancelled", "comment": "Erreur de saisie"}),
        )
    };
    cancel().await.assert_status(200);
    assert_eq!(stock_of(&w, &robe), (3, 0));
    let undo = format!("/api/parcels/{parcel}/undo");
    w.admin.post(&undo, json!({})).await.assert_status(200);
    assert_eq!(stock_of(&w, &robe), (3, 2));

    // Cancelled again, and the stock taken by another parcel meanwhile: the undo is refused.
    cancel().await.assert_status(200);
    w.merchant
        .post(
            "/api/parcels",
            parcel_body(&w, json!([{"inventory": robe, "quantity": 2}])),
        )
        .await
        .assert_status(201);
    w.admin.post(&undo, json!({})).await.assert_status(409);
    assert_eq!(stock_of(&w, &robe), (3, 2));
}

#[actix_rt::test]
async fn a_staff_members_movements_outlive_his_account() {
    let w = world().await;
    activate(&w, &w.merchant, &w.merchant_key).await;
    let robe = product(&w.merchant, "ROBE-M", None).await;
    let res = w
        .merchant
        .post(
            "/api/managers",
            json!({"first_name": "Sara", "last_name": "Magasin", "email": "sara.stock@test.ma",
                   "password": crate::support::PASSWORD, "permissions": ["inventory-management"]}),
        )
        .await;
    res.assert_status(201);
    let staff_key = key(&res.body["data"]);
    let staff = w.app.client();
    staff
        .login("sara.stock@test.ma", crate::support::PASSWORD)
        .await
        .assert_status(200);
    let res = staff
        .post(
            "/api/inventories/movements",
            json!({"inventory": robe, "type": "entry", "quantity": 2}),
        )
        .await;
    res.assert_status(201);
    assert_eq!(res.body["data"]["author"]["name"], "Sara Magasin");
    let movement = format!("/api/inventories/movements/{}", key(&res.body["data"]));
    // The merchant sees it but it is not his to delete.
    w.merchant.delete(&movement).await.assert_status(404);
    w.merchant
        .delete(&format!("/api/managers/{staff_key}"))
        .await
        .assert_status(204);
    let res = w.admin.put(&movement, json!({"state": "validated"})).await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["author"]["name"], "");
    assert_eq!(stock_of(&w, &robe), (2, 0));
}
