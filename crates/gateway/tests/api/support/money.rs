//! The money round's set-up, shared by the tests of cash, invoices and balances: two cities with
//! their fees, a merchant's shop, delivery people serving both cities with their commissions,
//! and rounds played through the API (parcels created, picked up, shipped, outcomes recorded),
//! remembered as the test sent them so expectations never come from the code under test.

use colivra_core::Role;
use serde_json::{json, Value};

use super::{TestApp, TestClient};

/// Casablanca: delivery 20 DH, return 10 DH, refusal 15 DH. Rabat: 25, 10, 15.
pub const CITY_FEES: [(&str, i64); 2] = [("Casablanca", 2000), ("Rabat", 2500)];
/// Commissions per delivered and per refused parcel: Casablanca 15 and 5 DH, Rabat 18 and 6 DH.
pub const CASA_COMMISSIONS: (i64, i64) = (1500, 500);
pub const RABAT_COMMISSIONS: (i64, i64) = (1800, 600);

pub struct DeliveryPerson {
    pub client: TestClient,
    pub key: String,
}

pub struct MoneyWorld {
    pub app: TestApp,
    pub admin: TestClient,
    pub merchant: TestClient,
    pub merchant_key: String,
    pub shop: String,
    pub casa: String,
    pub rabat: String,
    pub delivery_people: Vec<DeliveryPerson>,
}

pub fn key_of(value: &Value) -> String {
    value["key"].as_str().expect("a key").to_owned()
}

/// Every delivery person's balance as the admin's balances list shows it, by key.
pub async fn listed_balances(admin: &TestClient) -> std::collections::BTreeMap<String, i64> {
    let list = admin
        .get("/api/delivery-admins/balances?per_page=100")
        .await;
    list.assert_status(200);
    list.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (key_of(r), r["balance"].as_i64().unwrap()))
        .collect()
}

/// What a world holds beyond its admin, merchant, shop and two cities.
#[derive(Clone, Copy, Debug)]
pub struct WorldSpec {
    /// How many delivery people.
    pub delivery_people: usize,
    /// The shop's RIB (when the RIB check accepts the sample; a shop without one serves the
    /// same tests).
    pub bank_account: Option<&'static str>,
    /// Whether the delivery people serve Rabat as well as Casablanca.
    pub delivery_people_in_rabat: bool,
}

/// A world with `delivery_people` delivery people, each serving both cities.
pub async fn money_world(delivery_people: usize) -> MoneyWorld {
    world_of(WorldSpec {
        delivery_people,
        bank_account: None,
        delivery_people_in_rabat: true,
    })
    .await
}

/// [`money_world`] whose shop is created with a RIB.
pub async fn money_world_with(
    delivery_people: usize,
    bank_account: Option<&'static str>,
) -> MoneyWorld {
    world_of(WorldSpec {
        delivery_people,
        bank_account,
        delivery_people_in_rabat: true,
    })
    .await
}

/// The world a spec describes.
pub async fn world_of(spec: WorldSpec) -> MoneyWorld {
    world_in(TestApp::spawn().await, spec).await
}

/// The world a spec describes, in a server spawned as the test needs.
pub async fn world_in(app: TestApp, spec: WorldSpec) -> MoneyWorld {
    let WorldSpec {
        delivery_people,
        bank_account,
        delivery_people_in_rabat,
    } = spec;
    let (admin, _) = app.signed_in(Role::Admin, true).await;
    let mut cities = Vec::new();
    for (name, fee) in CITY_FEES {
        let res = admin
            .post(
                "/api/cities",
                json!({"name": name, "delivery_fee": fee, "return_fee": 1000, "refusal_fee": 1500}),
            )
            .await;
        res.assert_status(201);
        cities.push(key_of(&res.body["data"]));
    }
    let (merchant, merchant_user) = app.signed_in(Role::Merchant, true).await;
    let mut shop_body = json!({"name": "Atlas Mode", "phone": "0522334455", "address": "1 rue A", "city": cities[0]});
    let mut res = None;
    if let Some(rib) = bank_account {
        shop_body["bank_account"] = json!(rib);
        let with_rib = merchant.post("/api/shops", shop_body.clone()).await;
        if with_rib.status == 201 {
            res = Some(with_rib);
        }
        shop_body.as_object_mut().unwrap().remove("bank_account");
    }
    let res = match res {
        Some(res) => res,
        None => merchant.post("/api/shops", shop_body).await,
    };
    res.assert_status(201);
    let shop = key_of(&res.body["data"]);
    let mut people = Vec::new();
    for _ in 0..delivery_people {
        let (client, user) = app.signed_in(Role::DeliveryPerson, true).await;
        let served = if delivery_people_in_rabat { 2 } else { 1 };
        for (city, (delivered, refused)) in [
            (&cities[0], CASA_COMMISSIONS),
            (&cities[1], RABAT_COMMISSIONS),
        ]
        .into_iter()
        .take(served)
        {
            admin
                .post("/api/delivery-admins/cities", json!({"delivery_admin": user.key, "city": city, "delivered_commission": delivered, "refused_commission": refused}))
                .await
                .assert_status(201);
        }
        people.push(DeliveryPerson {
            client,
            key: user.key,
        });
    }
    MoneyWorld {
        app,
        admin,
        merchant,
        merchant_key: merchant_user.key,
        shop,
        casa: cities[0].clone(),
        rabat: cities[1].clone(),
        delivery_people: people,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Delivered,
    Refused,
    Cancelled,
}

/// A parcel to play: its COD, whether it is a refund, in Rabat, how its round ends, and which
/// delivery person (index) takes it.
#[derive(Clone, Copy, Debug)]
pub struct Planned {
    pub cod: i64,
    pub refund: bool,
    pub rabat: bool,
    pub end: End,
    pub delivery_person: usize,
}

/// A parcel as the test sent it.
#[derive(Clone, Debug)]
pub struct Sent {
    pub code: String,
    pub plan: Planned,
}

impl Sent {
    /// The cash collected at the door (refunds: none).
    pub fn collected(&self) -> i64 {
        match (self.plan.end, self.plan.refund) {
            (End::Delivered, false) => self.plan.cod,
            _ => 0,
        }
    }

    /// The cash paid out to the customer (a delivered refund).
    pub fn refunded(&self) -> i64 {
        match (self.plan.end, self.plan.refund) {
            (End::Delivered, true) => self.plan.cod,
            _ => 0,
        }
    }

    /// The delivery person's commission for it.
    pub fn commission(&self) -> i64 {
        let (delivered, refused) = if self.plan.rabat {
            RABAT_COMMISSIONS
        } else {
            CASA_COMMISSIONS
        };
        match self.plan.end {
            End::Delivered => delivered,
            End::Refused => refused,
            End::Cancelled => 0,
        }
    }

    /// What it counts for on the delivery invoice (domain rules): cash − commission.
    pub fn delivery_amount(&self) -> i64 {
        self.collected() - self.refunded() - self.commission()
    }

    /// What a delivered parcel counts for on the shop's delivered invoice: COD less the city's
    /// delivery fee (a refund: both owed by the merchant).
    pub fn merchant_amount(&self) -> i64 {
        let fee = if self.plan.rabat {
            CITY_FEES[1].1
        } else {
            CITY_FEES[0].1
        };
        if self.plan.refund {
            -self.plan.cod - fee
        } else {
            self.plan.cod - fee
        }
    }

    /// Whether it goes on a delivery invoice (its round ended delivered or refused).
    pub fn settles(&self) -> bool {
        self.plan.end != End::Cancelled
    }
}

/// Creates the parcels, has them picked up and shipped to their delivery person, and records
/// each outcome through the API, as a real round does.
pub async fn play_round(w: &MoneyWorld, plan: &[Planned]) -> Vec<Sent> {
    play_round_in(w, &w.shop, plan).await
}

/// [`play_round`] with the parcels of another of the merchant's shops.
pub async fn play_round_in(w: &MoneyWorld, shop: &str, plan: &[Planned]) -> Vec<Sent> {
    let (sent, _) = ship_round_in(w, shop, plan).await;
    record_outcomes(w, &sent).await;
    sent
}

/// Creates the parcels, has them picked up and shipped to their delivery person: the parcels
/// and the exit vouchers (their details as the shipment answered them).
pub async fn ship_round(w: &MoneyWorld, plan: &[Planned]) -> (Vec<Sent>, Vec<Value>) {
    ship_round_in(w, &w.shop, plan).await
}

/// [`ship_round`] with the parcels of another of the merchant's shops.
pub async fn ship_round_in(
    w: &MoneyWorld,
    shop: &str,
    plan: &[Planned],
) -> (Vec<Sent>, Vec<Value>) {
    let mut sent = Vec::new();
    let mut exits = Vec::new();
    for (n, p) in plan.iter().enumerate() {
        let mut body = json!({
            "shop": shop, "recipient_name": format!("Client {n}"),
            "recipient_phone": "0612345678", "city": if p.rabat { &w.rabat } else { &w.casa },
            "address": "5 avenue Hassan II", "cod_amount": p.cod, "product": "Robe"
        });
        if p.refund {
            body["kind"] = json!("refund");
            body["item_to_collect"] = json!("Robe abîmée");
        }
        let res = w.merchant.post("/api/parcels", body).await;
        res.assert_status(201);
        sent.push(Sent {
            code: key_of(&res.body["data"]),
            plan: *p,
        });
    }
    for chunk in sent.chunks(400) {
        let all: Vec<&String> = chunk.iter().map(|s| &s.code).collect();
        let res = w
            .merchant
            .post("/api/pickup-vouchers", json!({"parcels": all}))
            .await;
        res.assert_status(201);
        let voucher = key_of(&res.body["data"]);
        w.admin
            .put(
                "/api/pickup-vouchers/pickup",
                json!({"voucher": voucher, "parcels": all}),
            )
            .await
            .assert_status(200);
        for (index, delivery_person) in w.delivery_people.iter().enumerate() {
            let mine: Vec<&String> = chunk
                .iter()
                .filter(|s| s.plan.delivery_person == index)
                .map(|s| &s.code)
                .collect();
            if !mine.is_empty() {
                let res = w
                    .admin
                    .put(
                        "/api/parcels/delivery",
                        json!({"delivery_admin": delivery_person.key, "parcels": mine, "force": true}),
                    )
                    .await;
                res.assert_status(201);
                exits.push(res.body["data"].clone());
            }
        }
    }
    (sent, exits)
}

/// Each delivery person records the planned outcome of his parcels.
pub async fn record_outcomes(w: &MoneyWorld, sent: &[Sent]) {
    for s in sent {
        let (status, comment) = match s.plan.end {
            End::Delivered => ("delivered", None),
            End::Refused => ("refused", Some("Le client refuse")),
            End::Cancelled => ("cancelled", Some("Commande annulée")),
        };
        w.delivery_people[s.plan.delivery_person]
            .client
            .post(
                "/api/parcels/states",
                json!({"parcel": s.code, "status": status, "comment": comment}),
            )
            .await
            .assert_status(200);
    }
}

/// A delivery person hands over the cash he holds: an admin drafts his delivery invoice of every
/// eligible parcel, counts exactly its total and validates it, so its delivered parcels' cash is
/// the company's (payable to their merchants). Nothing to hand over: nothing happens. The
/// invoice's key, if one was made.
pub async fn hand_over_cash(admin: &TestClient, delivery_person_key: &str) -> Option<String> {
    let res = admin
        .post(
            "/api/delivery-admins/invoices",
            json!({"delivery_admin": delivery_person_key}),
        )
        .await;
    if res.status == 422 {
        return None;
    }
    res.assert_status(201);
    let invoice = key_of(&res.body["data"]);
    count_exactly_and_validate(admin, &invoice).await;
    Some(invoice)
}

/// An admin counts exactly the total of a draft delivery invoice and validates it.
pub async fn count_exactly_and_validate(admin: &TestClient, invoice: &str) {
    let path = format!("/api/delivery-admins/invoices/{invoice}");
    let total = admin.get(&path).await.body["data"]["total"].clone();
    admin
        .put(&path, json!({"counted_amount": total}))
        .await
        .assert_status(200);
    admin
        .put(&path, json!({"status": "validated"}))
        .await
        .assert_status(200);
}

impl MoneyWorld {
    /// Every delivery person of the world hands over his cash ([`hand_over_cash`]).
    pub async fn hand_over_all_cash(&self) {
        for delivery_person in &self.delivery_people {
            hand_over_cash(&self.admin, &delivery_person.key).await;
        }
    }
}

/// The delivery person at `delivery_person` hands these parcels back on a return voucher and an
/// admin receives it (they become eligible for a returned-type invoice): the voucher's key.
pub async fn hand_back<S: AsRef<str>>(
    w: &MoneyWorld,
    delivery_person: usize,
    codes: &[S],
) -> String {
    let codes: Vec<&str> = codes.iter().map(AsRef::as_ref).collect();
    let res = w.delivery_people[delivery_person]
        .client
        .post("/api/return-vouchers", json!({"parcels": codes}))
        .await;
    res.assert_status(201);
    let voucher = key_of(&res.body["data"]);
    w.admin
        .put(
            &format!("/api/return-vouchers/{voucher}/receive"),
            json!({}),
        )
        .await
        .assert_status(200);
    voucher
}

/// A seeded pseudo-random generator (a 64-bit LCG): the same seed plays the same test.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A seed from the clock, or `COLIVRA_TEST_SEED` to play a run again.
    pub fn seed_from_env() -> u64 {
        std::env::var("COLIVRA_TEST_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(0x5eed)
            })
    }

    /// A number in `0..bound` (bound > 0).
    pub fn below(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % bound
    }

    /// True with probability `percent` in 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

/// One delivered-type merchant invoice draft per parcel (by the world's admin); their keys.
pub async fn one_draft_per_parcel(w: &MoneyWorld, sent: &[Sent]) -> Vec<String> {
    let mut drafts = Vec::new();
    for parcel in sent {
        let res = w
            .admin
            .post(
                "/api/clients/invoices",
                json!({"shop": w.shop, "type": "delivered", "parcels": [parcel.code]}),
            )
            .await;
        res.assert_status(201);
        drafts.push(key_of(&res.body["data"]));
    }
    drafts
}

/// Each draft validated by both admins at once, every request released together; asserts that
/// each draft got one validation (200) and one refusal (409).
pub async fn validate_each_twice_at_once(
    drafts: &[String],
    admins: [&TestClient; 2],
) -> super::Race {
    let race = super::race(
        (0..drafts.len() * 2)
            .map(|i| {
                let path = format!("/api/clients/invoices/{}", drafts[i / 2]);
                admins[i % 2].racer(
                    actix_web::http::Method::PUT,
                    &path,
                    Some(json!({"status": "validated"})),
                )
            })
            .collect(),
    )
    .await;
    for (n, pair) in race.responses.chunks(2).enumerate() {
        let mut statuses = [pair[0].status, pair[1].status];
        statuses.sort_unstable();
        assert_eq!(
            statuses,
            [200, 409],
            "invoice {n}: {} / {}",
            pair[0].text,
            pair[1].text
        );
    }
    race
}
