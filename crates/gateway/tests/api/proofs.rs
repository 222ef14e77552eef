//! Proof of delivery (issue 25): the signature and photo sent with « Livré », required as the
//! merchant says, checked by content, kept in the store under their hash, shown to the parcel's
//! merchant, admins and its delivery person only, named on the tracking page by initials and
//! listed on the delivery invoice; applied once under an `Idempotency-Key`.

use base64::Engine;
use colivra_core::Role;
use diesel::prelude::*;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::support::money::{money_world, ship_round, End, MoneyWorld, Planned};
use crate::support::pdftotext_pages;

/// A 1×1 PNG (the bytes a canvas gives, as a browser would send them).
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0x64, 0xF8, 0xCF, 0x50,
    0x0F, 0x00, 0x03, 0x86, 0x01, 0x80, 0x5A, 0x34, 0x7D, 0x6B, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
    0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

/// A JPEG's segments with an EXIF block naming a place: what a phone camera writes.
fn jpeg_with_exif() -> (Vec<u8>, Vec<u8>) {
    let jfif = [0xFF, 0xE0, 0x00, 0x07, b'J', b'F', b'I', b'F', 0x00];
    let exif = [
        0xFF, 0xE1, 0x00, 0x0E, b'E', b'x', b'i', b'f', 0, 0, b'G', b'P', b'S', b'3', b'3', b'N',
    ];
    let table = [0xFF, 0xDB, 0x00, 0x04, 0x00, 0x01];
    let scan = [0xFF, 0xDA, 0x00, 0x03, 0x01, 0x55, 0xAA, 0x17, 0xFF, 0xD9];
    let with = [&[0xFF, 0xD8][..], &jfif, &exif, &table, &scan].concat();
    let without = [&[0xFF, 0xD8][..], &jfif, &table, &scan].concat();
    (with, without)
}

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

fn proofs_stored(w: &MoneyWorld) -> i64 {
    use colivra_db::schema::delivery_proofs;
    delivery_proofs::table
        .count()
        .get_result(&mut w.app.conn())
        .unwrap()
}

fn store_files(w: &MoneyWorld) -> usize {
    let root = w
        .app
        .state
        .proofs
        .root()
        .expect("a folder store")
        .to_path_buf();
    walk(&root)
}

fn walk(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| {
                    if e.path().is_dir() {
                        walk(&e.path())
                    } else {
                        1
                    }
                })
                .sum()
        })
        .unwrap_or(0)
}

/// A parcel for Casablanca, 249 DH, delivered by the first delivery person.
const CASABLANCA_249: Planned = Planned {
    cod: 24_900,
    refund: false,
    rabat: false,
    end: End::Delivered,
    delivery_person: 0,
};

/// One parcel (Casablanca, 249 DH) out with the first of two delivery people.
async fn one_out() -> (MoneyWorld, String) {
    let w = money_world(2).await;
    let plan = CASABLANCA_249;
    let (sent, _) = ship_round(&w, &[plan]).await;
    let code = sent[0].code.clone();
    (w, code)
}

async fn status_of(w: &MoneyWorld, code: &str) -> Value {
    let res = w.admin.get(&format!("/api/parcels/{code}")).await;
    res.assert_status(200);
    res.body["data"]["status"].clone()
}

#[actix_rt::test]
async fn a_delivery_keeps_its_signature_and_photo_for_those_entitled_to_see_them() {
    let (w, code) = one_out().await;
    let courier = &w.delivery_people[0].client;

    // His round read first: the list remembers the merchant's policy for a few seconds.
    let round = courier.get("/api/parcels?view=sent").await;
    round.assert_status(200);
    assert_eq!(round.body["data"][0]["proof_required"], "none");
    // The merchant asks for the recipient's signature.
    let res = w.merchant.get("/api/users/delivery-proof").await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["delivery_proof"], "none");
    let res = w
        .merchant
        .put(
            "/api/users/delivery-proof",
            json!({"delivery_proof": "signature"}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["delivery_proof"], "signature");
    w.merchant
        .put(
            "/api/users/delivery-proof",
            json!({"delivery_proof": "sometimes"}),
        )
        .await
        .assert_status(422);
    {
        use colivra_db::schema::activities;
        let changes: i64 = activities::table
            .filter(activities::action.eq("client.delivery_proof_changed"))
            .count()
            .get_result(&mut w.app.conn())
            .unwrap();
        assert_eq!(changes, 1);
    }
    // His delivery person reads it on his round at once, and on the parcel; the merchant's view
    // does not carry it.
    let round = courier.get("/api/parcels?view=sent").await;
    assert_eq!(round.body["data"][0]["proof_required"], "signature");
    let his = courier.get(&format!("/api/parcels/{code}")).await;
    assert_eq!(his.body["data"]["proof_required"], "signature");
    let merchants = w.merchant.get(&format!("/api/parcels/{code}")).await;
    assert!(merchants.body["data"].get("proof_required").is_none());

    // « Livré » without the signature, or with a photo only: refused, nothing kept.
    let (jpeg, stripped) = jpeg_with_exif();
    let res = courier
        .post(
            "/api/parcels/states",
            json!({"parcel": code, "status": "delivered"}),
        )
        .await;
    res.assert_status(422);
    assert_eq!(
        res.field_errors("proof.signature"),
        ["Ce client demande la signature du destinataire."]
    );
    let res = courier
        .post(
            "/api/parcels/states",
            json!({"parcel": code, "status": "delivered", "proof": {"photo": b64(&jpeg)}}),
        )
        .await;
    res.assert_status(422);
    assert_eq!(res.field_errors("proof.signature").len(), 1);
    assert_eq!(status_of(&w, &code).await, "out_for_delivery");
    assert_eq!(proofs_stored(&w), 0);

    // With the signature (a data URL, as a canvas gives it), a photo, the signer, the position.
    let res = courier
        .post(
            "/api/parcels/states",
            json!({"parcel": code, "status": "delivered", "proof": {
                "signature": format!("data:image/png;base64,{}", b64(PNG)),
                "photo": b64(&jpeg),
                "signed_by": "  Fatima   Zahra ",
                "position": {"latitude": 33.573_11, "longitude": -7.589_84, "accuracy": 12.4},
            }}),
        )
        .await;
    res.assert_status(200);
    assert_eq!(res.body["data"]["status"], "delivered");
    assert_eq!(proofs_stored(&w), 1);

    // The history says a proof came with « Livré ».
    let history = w.merchant.get(&format!("/api/parcels/{code}/states")).await;
    let last = history.body["data"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last["status"], "delivered");
    assert_eq!(last["note"]["code"], "delivery_proof");
    assert_eq!(last["text"], "Preuve de livraison jointe.");

    // The merchant sees the proof.
    let res = w.merchant.get(&format!("/api/parcels/{code}/proofs")).await;
    res.assert_status(200);
    let proofs = res.body["data"].as_array().unwrap();
    assert_eq!(proofs.len(), 1, "{}", res.text);
    let proof = &proofs[0];
    assert_eq!(proof["status"], "delivered");
    assert_eq!(proof["has_signature"], true);
    assert_eq!(proof["has_photo"], true);
    assert_eq!(proof["signed_by"], "Fatima Zahra");
    assert_eq!(proof["latitude"], 33.573_11);
    assert_eq!(proof["longitude"], -7.589_84);
    assert_eq!(proof["accuracy_m"], 12);
    assert_eq!(proof["bytes"], (PNG.len() + stripped.len()) as i64);
    let proof_key = proof["key"].as_str().unwrap().to_owned();

    // The images: the signature as sent; the photo without its EXIF block.
    let base = format!("/api/parcels/{code}/proofs/{proof_key}");
    let signature = w.merchant.get(&format!("{base}/signature")).await;
    signature.assert_status(200);
    assert_eq!(signature.header("content-type"), Some("image/png"));
    assert_eq!(signature.header("cache-control"), Some("no-store"));
    assert_eq!(signature.bytes, PNG);
    let photo = w.admin.get(&format!("{base}/photo")).await;
    photo.assert_status(200);
    assert_eq!(photo.header("content-type"), Some("image/jpeg"));
    assert_eq!(photo.bytes, stripped);
    courier
        .get(&format!("{base}/photo"))
        .await
        .assert_status(200);
    w.merchant
        .get(&format!("{base}/video"))
        .await
        .assert_status(404);

    // Kept once each, under the SHA-256 of its bytes.
    let png_hash = hex::encode(Sha256::digest(PNG));
    let file = w
        .app
        .state
        .proofs
        .root()
        .expect("a folder store")
        .join(&png_hash[..2])
        .join(&png_hash[2..]);
    assert_eq!(std::fs::read(file).unwrap(), PNG);
    assert_eq!(store_files(&w), 2);

    // The other delivery person, and another merchant: nothing.
    let other = &w.delivery_people[1].client;
    other
        .get(&format!("/api/parcels/{code}/proofs"))
        .await
        .assert_status(404);
    other
        .get(&format!("{base}/signature"))
        .await
        .assert_status(404);
    let (stranger, _) = w.app.signed_in(Role::Merchant, true).await;
    stranger
        .get(&format!("{base}/signature"))
        .await
        .assert_status(404);

    // The public tracking page: who signed, by initials; no image.
    let tracking = w.app.client().get(&format!("/api/tracking/{code}")).await;
    tracking.assert_status(200);
    assert_eq!(tracking.body["data"]["signed_by"], "F. Z.");
    assert!(!tracking.text.contains(&proof_key));

    // His delivery invoice lists the proof.
    let res = courier
        .post("/api/delivery-admins/invoices", json!({}))
        .await;
    res.assert_status(201);
    let invoice = res.body["data"]["key"].as_str().unwrap().to_owned();
    let pdf = courier
        .get(&format!("/api/delivery-admins/invoices/{invoice}/pdf"))
        .await;
    pdf.assert_status(200);
    // Words as read, whatever the column's wrapping.
    let text = pdftotext_pages(&pdf.bytes)
        .join("\n")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(text.contains("Preuve"), "{text}");
    assert!(text.contains("Signature, photo"), "{text}");
}

#[actix_rt::test]
async fn a_proof_that_is_no_image_too_big_or_not_for_a_delivery_is_refused_and_nothing_kept() {
    let (w, code) = one_out().await;
    let courier = &w.delivery_people[0].client;
    let outcome = |proof: Value| json!({"parcel": code, "status": "delivered", "proof": proof});
    let cases = [
        (
            json!({"signature": format!("data:image/png;base64,{}", b64(b"<svg onload=alert(1)>"))}),
            "proof.signature",
        ),
        (json!({"photo": "%%% pas du base64 %%%"}), "proof.photo"),
        (
            json!({"photo": b64(&[&[0xFF, 0xD8, 0xFF, 0xE0][..], &vec![0u8; 310 * 1024]].concat())}),
            "proof.photo",
        ),
        (
            json!({"signature": b64(PNG), "position": {"latitude": 200.0, "longitude": 0.0}}),
            "proof.position.latitude",
        ),
        (
            json!({"signature": b64(PNG), "recorded_at": "2020-01-01T10:00:00Z"}),
            "proof.recorded_at",
        ),
        (json!({"signed_by": "Fatima"}), "proof"),
    ];
    for (proof, field) in cases {
        let res = courier.post("/api/parcels/states", outcome(proof)).await;
        res.assert_status(422);
        assert_eq!(res.field_errors(field).len(), 1, "{field}: {}", res.text);
    }
    // A proof goes with « Livré » only.
    let res = courier
        .post(
            "/api/parcels/states",
            json!({"parcel": code, "status": "no_answer", "proof": {"signature": b64(PNG)}}),
        )
        .await;
    res.assert_status(422);
    assert_eq!(res.field_errors("proof").len(), 1, "{}", res.text);
    assert_eq!(status_of(&w, &code).await, "out_for_delivery");
    assert_eq!(proofs_stored(&w), 0);
    assert_eq!(store_files(&w), 0);
}

#[actix_rt::test]
async fn an_outcome_with_its_proof_sent_again_under_its_key_is_kept_once() {
    let (w, code) = one_out().await;
    let courier = &w.delivery_people[0].client;
    courier.set_header("Idempotency-Key", "tel-7f3a-0001");
    let body = json!({"parcel": code, "status": "delivered", "proof": {
        "signature": b64(PNG), "recorded_at": chrono::Utc::now().to_rfc3339(),
    }});
    let first = courier.post("/api/parcels/states", body.clone()).await;
    first.assert_status(200);
    let again = courier.post("/api/parcels/states", body.clone()).await;
    again.assert_status(200);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(again.body, first.body);
    assert_eq!(proofs_stored(&w), 1);
    // The key with another proof: refused.
    let mut other = body;
    other["proof"]["signed_by"] = json!("Quelqu'un d'autre");
    courier
        .post("/api/parcels/states", other)
        .await
        .assert_status(422);
    assert_eq!(proofs_stored(&w), 1);
}

#[actix_rt::test]
async fn proofs_go_to_an_s3_compatible_bucket_when_one_is_configured() {
    use crate::support::bucket::{S3Server, BUCKET, SECRET_KEY};
    use crate::support::money::{world_in, WorldSpec};

    let s3 = S3Server::start();
    let store = colivra_gateway::proof_bucket::open(&s3.config(SECRET_KEY)).unwrap();
    let app = crate::support::TestApp::spawn_with_proofs(store).await;
    let w = world_in(
        app,
        WorldSpec {
            delivery_people: 1,
            bank_account: None,
            delivery_people_in_rabat: true,
        },
    )
    .await;
    let plan = CASABLANCA_249;
    let (sent, _) = ship_round(&w, &[plan]).await;
    let code = sent[0].code.clone();
    let (jpeg, stripped) = jpeg_with_exif();
    let res = w.delivery_people[0]
        .client
        .post(
            "/api/parcels/states",
            json!({"parcel": code, "status": "delivered", "proof": {
                "signature": format!("data:image/png;base64,{}", b64(PNG)),
                "photo": b64(&jpeg),
            }}),
        )
        .await;
    res.assert_status(200);

    // Each image is an object of the bucket named by its SHA-256, as the S3 server keeps it.
    assert!(w.app.state.proofs.root().is_none());
    let object = |bytes: &[u8]| {
        s3.root
            .join(BUCKET)
            .join("proofs")
            .join(hex::encode(Sha256::digest(bytes)))
    };
    assert_eq!(std::fs::read(object(PNG)).unwrap(), PNG);
    assert_eq!(std::fs::read(object(&stripped)).unwrap(), stripped);

    // Read back from the bucket for those entitled to see them.
    let proofs = w.merchant.get(&format!("/api/parcels/{code}/proofs")).await;
    let proof_key = proofs.body["data"][0]["key"].as_str().unwrap().to_owned();
    let base = format!("/api/parcels/{code}/proofs/{proof_key}");
    let signature = w.merchant.get(&format!("{base}/signature")).await;
    signature.assert_status(200);
    assert_eq!(signature.bytes, PNG);
    let photo = w.admin.get(&format!("{base}/photo")).await;
    photo.assert_status(200);
    assert_eq!(photo.bytes, stripped);

    // A missing object is « not found »; the server refuses a wrong signing key, both ways.
    let bucket = colivra_gateway::proof_bucket::open(&s3.config(SECRET_KEY)).unwrap();
    assert!(matches!(
        bucket.get(&"0".repeat(64)),
        Err(colivra_core::AppError::NotFound)
    ));
    let wrong = colivra_gateway::proof_bucket::open(&s3.config("not-the-secret")).unwrap();
    let refused = match wrong.put(b"not stored") {
        Err(colivra_core::AppError::Internal(detail)) => detail,
        other => panic!("{other:?}"),
    };
    assert!(refused.contains("403"), "{refused}");
    assert!(!object(b"not stored").exists());
    assert!(wrong.get(&hex::encode(Sha256::digest(PNG))).is_err());
}
