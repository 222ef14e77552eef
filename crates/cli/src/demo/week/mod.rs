//! `colivra seed-demo --week`: the demo company in the middle of a week. The first morning
//! (`seed-demo`) is seeded six days ago, then a week of activity is played day by day through the
//! domain services the HTTP handlers call (the same functions, the same input structs), each
//! step under a simulated clock (`colivra_core::time::with_clock_at`) so every row carries the
//! day and hour it happened: parcels in every status, vouchers of the three kinds, delivery
//! invoices counted (one short) and one waiting to be counted, client invoices paid, validated
//! and drafted, stock entries, exits and returns, tickets in each state, and today's round in
//! progress.
//!
//! Idempotent: the settings row [`MARKER`] (the day the week was seeded) is written once the
//! week is done; with it present the command only runs the first morning's idempotent seed.
//!
//! `script` holds the days, `orders` the parcels the merchants send; this module the clock,
//! the cast and the small steps the days are made of.

mod orders;
mod script;

use std::collections::HashMap;
use std::time::Instant;

use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime};
use colivra_auth::User;
use colivra_core::{time, AppError, AppResult, Centimes, DeliveryPersonId, MerchantId, Scope};
use colivra_db::schema::{cities, inventories, shops};
use colivra_db::{DbConnection, DbPool, MapDbErr};
use colivra_parcels::calls::{self, ParcelCallInput};
use colivra_parcels::moves::{self, StateInput};
use colivra_parcels::parcel::{self, ParcelInput};
use colivra_parcels::proof::{PositionInput, ProofStore};
use colivra_parcels::stock::StockLineInput;
use colivra_vouchers::{exit, pickup, returns};
use diesel::prelude::*;

use crate::terminal::{describe, CliResult};
use colivra_inventory::parcel_stock::InventoryStock;
use orders::Order;

/// The settings row whose presence says the week was seeded (its value: the day it was).
pub const MARKER: &str = "demo_week_seeded_on";

/// The week's second merchant (the first is the first morning's « Boutique Atlas »).
pub const SECOND_MERCHANT_EMAIL: &str = "zellige@colivra.ma";
pub const SECOND_MERCHANT_PASSWORD: &str = "Zellige#Colivra2026";
const SECOND_SHOP_NAME: &str = "Dar Zellige";

/// The hour the last of a day's steps happens at: today's steps are squeezed into the part of
/// today already gone, scaled on this span.
const DAY_SPAN_HOURS: i64 = 20;

/// `colivra seed-demo --week`: the first morning six days ago, then the week, then the marker.
pub fn seed_demo_week(pool: &DbPool) -> CliResult {
    let started = Instant::now();
    let seeded_on = colivra_db::settings::get(&mut *pool.get()?, MARKER)?;
    let clock = WeekClock::new(time::now());
    if let Some(day) = seeded_on {
        super::seed_demo(pool)?;
        println!("Demo week: already seeded on {day} (settings row {MARKER}): nothing added.");
        return Ok(());
    }
    // The company's first morning is the week's first day (on a database seeded before, it adds
    // nothing and the week is played around what is there).
    time::with_clock_at(clock.first_morning(), || super::seed_demo(pool))?;
    let conn = &mut *pool.get()?;
    let mut week = Week::cast(conn, clock).map_err(describe)?;
    script::play(&mut week).map_err(describe)?;
    let summary = week.tally.clone();
    let first_day = week.clock.today - Duration::days(6);
    colivra_db::settings::get_or_init(week.conn, MARKER, || week.clock.today.to_string())?;
    summary.print(first_day, week.clock.today, started.elapsed());
    Ok(())
}

/// The simulated time of the week: days counted back from today, each step after the one
/// before, none after the real now.
struct WeekClock {
    today: NaiveDate,
    /// The real time the seed started.
    started: NaiveDateTime,
    /// When the last step ended (simulated).
    last: NaiveDateTime,
}

impl WeekClock {
    fn new(now: NaiveDateTime) -> WeekClock {
        WeekClock {
            today: now.date(),
            started: now,
            last: NaiveDateTime::MIN,
        }
    }

    /// Six days ago at 07:00: the first morning's seed.
    fn first_morning(&self) -> NaiveDateTime {
        (self.today - Duration::days(6))
            .and_hms_opt(7, 0, 0)
            .expect("07:00")
    }

    /// `hour:minute` of the day `days_ago` days before today (minutes past 59 run on into the
    /// next hours). Past days keep their hours;
    /// today's (up to 20:00) are scaled into the part of today already gone, so nothing happens
    /// after the real now; and each moment is after the previous step's end.
    fn at(&self, days_ago: i64, hour: u32, minute: u32) -> NaiveDateTime {
        let day = self.today - Duration::days(days_ago);
        let midnight = day.and_time(NaiveTime::MIN);
        let mut at = midnight + Duration::minutes(i64::from(hour * 60 + minute));
        if days_ago == 0 {
            let span = Duration::hours(DAY_SPAN_HOURS).num_seconds();
            let gone = (self.started - midnight - Duration::minutes(5))
                .num_seconds()
                .clamp(0, span);
            at = midnight + Duration::seconds((at - midnight).num_seconds() * gone / span);
        }
        at.max(self.last + Duration::seconds(1))
    }

    /// Runs `work` at [`WeekClock::at`] on the simulated clock.
    fn run<T>(&mut self, days_ago: i64, (hour, minute): (u32, u32), work: impl FnOnce() -> T) -> T {
        let at = self.at(days_ago, hour, minute);
        time::with_clock_at(at, || {
            let done = work();
            self.last = time::now();
            done
        })
    }
}

/// The demo's merchants are accounts of their own (none is someone's staff): a merchant's id is
/// his user's.
fn merchant_id(merchant: &User) -> MerchantId {
    MerchantId::new(merchant.id.get())
}

/// The demo delivery person's id, his user's.
fn delivery_person_id(delivery_person: &User) -> DeliveryPersonId {
    DeliveryPersonId::new(delivery_person.id.get())
}

/// Who plays the week, and what it refers to by name.
struct Cast {
    admin: User,
    atlas: User,
    zellige: User,
    delivery_person: User,
    atlas_shop: String,
    zellige_shop: String,
    /// Stock products of Boutique Atlas by SKU.
    products: HashMap<String, String>,
}

/// What the week added, for the summary.
#[derive(Debug, Clone, Default)]
struct Tally {
    parcels: usize,
    pickup_vouchers: usize,
    pickups_received: usize,
    exit_vouchers: usize,
    round_today: usize,
    return_vouchers: usize,
    returns_received: usize,
    delivery_validated: usize,
    delivery_to_count: usize,
    shortage: Option<(String, Centimes)>,
    paid_back: Centimes,
    client_paid: usize,
    client_validated: usize,
    client_drafts: usize,
    entry_slip: Option<String>,
    tickets: usize,
    confirmation_calls: usize,
}

impl Tally {
    fn print(&self, first_day: NaiveDate, today: NaiveDate, elapsed: std::time::Duration) {
        println!("Demo week {first_day} to {today} (marker: settings row {MARKER}):");
        println!(
            "  {:<15} {:<22} {} ({SECOND_SHOP_NAME}, the week's second merchant)",
            "client", SECOND_MERCHANT_EMAIL, SECOND_MERCHANT_PASSWORD
        );
        println!(
            "  {} parcels, every status from new to returned, an exchange and a refund; today's round: {} parcels out with the demo delivery person",
            self.parcels, self.round_today
        );
        println!(
            "  vouchers: {} pickup ({} received), {} exit, {} return ({} received)",
            self.pickup_vouchers,
            self.pickups_received,
            self.exit_vouchers,
            self.return_vouchers,
            self.returns_received
        );
        if let Some((number, short)) = &self.shortage {
            println!(
                "  delivery invoices: {} validated ({number} short by {}, {} paid back since), {} declared and not counted",
                self.delivery_validated,
                short,
                self.paid_back,
                self.delivery_to_count
            );
        }
        println!(
            "  client invoices: {} paid, {} validated, {} draft",
            self.client_paid, self.client_validated, self.client_drafts
        );
        if let Some(slip) = &self.entry_slip {
            println!("  stock: entry slip {slip} received in part, exits with parcels, a return to check");
        }
        println!("  tickets: {} (open, answered, closed)", self.tickets);
        println!(
            "  confirmation: {SECOND_SHOP_NAME} on the service, {} calls made, one order « à confirmer » left for the admin (« Confirmations »)",
            self.confirmation_calls
        );
        println!("Demo week seeded in {:.2} s.", elapsed.as_secs_f64());
    }
}

/// The week being played: the connection, the clock, the cast, the parcels by their label in
/// the script (`A1`…), and the tally.
struct Week<'c> {
    conn: &'c mut DbConnection,
    stock: InventoryStock,
    proofs: ProofStore,
    clock: WeekClock,
    cast: Cast,
    parcels: HashMap<&'static str, String>,
    tally: Tally,
}

impl<'c> Week<'c> {
    /// The first morning's people, and the second merchant the week starts with (registered,
    /// activated, his shop opened with its RIB) six days ago.
    fn cast(conn: &'c mut DbConnection, mut clock: WeekClock) -> AppResult<Week<'c>> {
        use colivra_auth::demo::{account, DEMO_ACCOUNTS};
        let admin = account(conn, DEMO_ACCOUNTS[0].email)?;
        let atlas = account(conn, DEMO_ACCOUNTS[1].email)?;
        let delivery_person = account(conn, DEMO_ACCOUNTS[2].email)?;
        let atlas_shop: String = shops::table
            .filter(shops::merchant_id.eq(atlas.id))
            .filter(shops::name.eq(colivra_auth::demo::DEMO_SHOP_NAME))
            .select(shops::key)
            .first(conn)
            .optional()
            .map_db_err()?
            .ok_or_else(|| AppError::internal("the demo merchant's shop is missing"))?;
        let products: HashMap<String, String> = inventories::table
            .filter(inventories::merchant_id.eq(atlas.id))
            .select((inventories::sku, inventories::key))
            .load::<(String, String)>(conn)
            .map_db_err()?
            .into_iter()
            .collect();
        let zellige = clock.run(6, (8, 0), || script::register_second_merchant(conn, &admin))?;
        let zellige_shop = clock.run(6, (8, 30), || {
            let rabat = city_key(conn, "Rabat")?;
            colivra_parcels::shops::create(
                conn,
                zellige.id,
                merchant_id(&zellige),
                colivra_parcels::shops::ShopInput {
                    name: Some(SECOND_SHOP_NAME.into()),
                    phone: Some("0537201530".into()),
                    address: Some("14 rue Abou Faris Al Marini, Hassan, Rabat".into()),
                    city: Some(rabat),
                    bank_account: Some("007810000452183920174591".into()),
                },
            )
        })?;
        Ok(Week {
            conn,
            stock: InventoryStock,
            proofs: ProofStore::new(
                std::path::Path::new(colivra_gateway::config::DEFAULT_DATA_DIR).join("proofs"),
            ),
            clock,
            cast: Cast {
                admin,
                atlas,
                zellige,
                delivery_person,
                atlas_shop,
                zellige_shop: zellige_shop.key,
                products,
            },
            parcels: HashMap::new(),
            tally: Tally::default(),
        })
    }

    /// Runs `work` at `hour:minute`, `days_ago` days before today (simulated clock).
    fn on<T>(
        &mut self,
        days_ago: i64,
        (hour, minute): (u32, u32),
        work: impl FnOnce(&mut Self) -> AppResult<T>,
    ) -> AppResult<T> {
        let at = self.clock.at(days_ago, hour, minute);
        time::with_clock_at(at, || {
            let done = work(self);
            self.clock.last = time::now();
            done
        })
    }

    /// The tracking codes of the parcels labelled `labels` in the script.
    fn codes(&self, labels: &[&str]) -> Vec<String> {
        labels
            .iter()
            .map(|label| {
                self.parcels
                    .get(label)
                    .cloned()
                    .unwrap_or_else(|| panic!("parcel {label} is not in the script yet"))
            })
            .collect()
    }

    fn code(&self, label: &str) -> String {
        self.codes(&[label]).remove(0)
    }

    // Steps: one domain call each (or one per parcel), as the handler of its endpoint makes it.

    /// `POST parcels`, one per order, by the merchant.
    fn create_parcels(&mut self, merchant: &User, orders: &[Order]) -> AppResult<()> {
        for order in orders {
            let input = ParcelInput {
                recipient_name: Some(order.name.into()),
                recipient_phone: Some(order.phone.into()),
                city: Some(order.city.into()),
                address: Some(order.address.into()),
                cod_amount: Some(order.cod),
                product: Some(order.product.into()),
                quantity: Some(order.quantity),
                note: order.note.map(Into::into),
                can_open: Some(true),
                fragile: Some(order.fragile),
                kind: order.kind.map(|(kind, _, _)| kind.into()),
                original_parcel: order.kind.map(|(_, original, _)| self.code(original)),
                item_to_collect: order.kind.map(|(_, _, item)| item.into()),
                stock_lines: order.stock.map(|(sku, quantity)| {
                    vec![StockLineInput {
                        inventory: self.cast.products.get(sku).cloned(),
                        quantity: Some(quantity),
                    }]
                }),
                ..Default::default()
            };
            let created = parcel::create(
                self.conn,
                &self.stock,
                merchant.id,
                merchant_id(merchant),
                &input,
                None,
            )?;
            self.parcels.insert(order.label, created.key);
            self.tally.parcels += 1;
        }
        Ok(())
    }

    /// `POST pickup-vouchers` by the merchant: its key.
    fn pickup_voucher(&mut self, merchant: &User, labels: &[&str]) -> AppResult<String> {
        let input = pickup::PickupInput {
            parcels: self.codes(labels),
        };
        let voucher = pickup::create(
            self.conn,
            &self.stock,
            merchant.id,
            merchant_id(merchant),
            &input,
        )?;
        self.tally.pickup_vouchers += 1;
        Ok(voucher.key)
    }

    /// `PUT pickup-vouchers/pickup` by the admin, with the parcels actually collected.
    fn receive_pickup(&mut self, voucher: &str, collected: &[&str]) -> AppResult<()> {
        let input = pickup::ReceiveInput {
            voucher: Some(voucher.to_owned()),
            parcels: self.codes(collected),
        };
        pickup::receive(self.conn, &self.stock, self.cast.admin.id, &input)?;
        self.tally.pickups_received += 1;
        Ok(())
    }

    /// `PUT parcels/delivery` by the admin: an exit voucher to the demo delivery person.
    fn ship(&mut self, labels: &[&str]) -> AppResult<String> {
        let input = exit::ShipInput {
            delivery_person: Some(self.cast.delivery_person.key.clone()),
            parcels: self.codes(labels),
            force: false,
        };
        let voucher = exit::ship(self.conn, &self.stock, self.cast.admin.id, &input)?;
        self.tally.exit_vouchers += 1;
        Ok(voucher.voucher.key)
    }

    /// `POST parcels/states` by the delivery person, one outcome after another from
    /// `hour:minute`, twenty minutes apart: `(label, status, comment, date)`; he calls the
    /// recipient from his round two minutes before each (`POST parcels/{key}/calls`), and his
    /// phone gives its position, a few streets further each time.
    fn round(
        &mut self,
        days_ago: i64,
        (hour, minute): (u32, u32),
        outcomes: &[(&str, &str, Option<&str>, Option<NaiveDate>)],
    ) -> AppResult<()> {
        for (n, (label, status, comment, date)) in outcomes.iter().enumerate() {
            let later = minute + 20 * u32::try_from(n).unwrap_or(0);
            let input = StateInput {
                parcel: Some(self.code(label)),
                status: Some((*status).to_owned()),
                comment: comment.map(str::to_owned),
                date: *date,
                proof: None,
                recorded_at: None,
                position: Some(PositionInput {
                    latitude: 33.5731 + 0.004 * f64::from(u32::try_from(n).unwrap_or(0)),
                    longitude: -7.5898 - 0.003 * f64::from(u32::try_from(n).unwrap_or(0)),
                    accuracy: Some(12.0),
                }),
                no_call_reason: None,
            };
            let called = later.saturating_sub(2);
            let call = ParcelCallInput {
                started_at: Some(self.clock.at(days_ago, hour, called).and_utc().to_rfc3339()),
                duration_seconds: Some(if *status == "delivered" { 40 } else { 25 }),
            };
            let code = self.code(label);
            self.on(days_ago, (hour, called), |w| {
                let delivery_person = &w.cast.delivery_person;
                calls::record(
                    w.conn,
                    delivery_person.id,
                    Scope::DeliveryPerson(delivery_person_id(delivery_person)),
                    &code,
                    &call,
                )
            })?;
            self.on(days_ago, (hour, later), |w| {
                let delivery_person = &w.cast.delivery_person;
                moves::post_state(
                    w.conn,
                    &w.stock,
                    &w.proofs,
                    delivery_person.id,
                    Scope::DeliveryPerson(delivery_person_id(delivery_person)),
                    &input,
                    None,
                )
            })?;
        }
        Ok(())
    }

    /// `POST return-vouchers` by the delivery person himself: its key.
    fn return_voucher(&mut self, labels: &[&str]) -> AppResult<String> {
        let input = returns::ReturnInput {
            parcels: self.codes(labels),
            delivery_person: None,
        };
        let delivery_person = &self.cast.delivery_person;
        let voucher = returns::create(
            self.conn,
            &self.stock,
            delivery_person.id,
            Scope::DeliveryPerson(delivery_person_id(delivery_person)),
            &input,
        )?;
        self.tally.return_vouchers += 1;
        Ok(voucher.voucher.key)
    }

    /// `PUT return-vouchers/{key}` by the admin.
    fn receive_return(&mut self, voucher: &str) -> AppResult<()> {
        returns::receive(self.conn, &self.stock, self.cast.admin.id, voucher)?;
        self.tally.returns_received += 1;
        Ok(())
    }

    /// The parcel labelled `label` by the merchant who sent it (for tickets).
    fn merchant_of(&self, label: &str) -> &User {
        if label.starts_with('Z') {
            &self.cast.zellige
        } else {
            &self.cast.atlas
        }
    }
}

/// The key of the city named `name`.
fn city_key(conn: &mut DbConnection, name: &str) -> AppResult<String> {
    cities::table
        .filter(cities::name.eq(name))
        .select(cities::key)
        .first(conn)
        .map_db_err()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(text, "%Y-%m-%d %H:%M:%S").unwrap()
    }

    #[test]
    fn past_days_keep_their_hours_and_today_stays_before_now() {
        let clock = WeekClock::new(at("2026-03-08 10:05:00"));
        assert_eq!(clock.first_morning(), at("2026-03-02 07:00:00"));
        assert_eq!(clock.at(3, 18, 30), at("2026-03-05 18:30:00"));
        // Today at 10:05, the script's 20:00 is 10:00 and its 10:00 is 05:00.
        assert_eq!(clock.at(0, 20, 0), at("2026-03-08 10:00:00"));
        assert_eq!(clock.at(0, 10, 0), at("2026-03-08 05:00:00"));
        // Late in the evening today's hours are the script's own.
        let late = WeekClock::new(at("2026-03-08 22:00:00"));
        assert_eq!(late.at(0, 9, 15), at("2026-03-08 09:15:00"));
        // Just after midnight everything today happens at midnight, each after the last step.
        let mut early = WeekClock::new(at("2026-03-08 00:02:00"));
        assert_eq!(early.at(0, 19, 0), at("2026-03-08 00:00:00"));
        early.last = at("2026-03-08 00:00:00");
        assert_eq!(early.at(0, 8, 0), at("2026-03-08 00:00:01"));
        // A step asked earlier than the previous one's end comes after it.
        let mut clock = clock;
        clock.last = at("2026-03-05 18:45:10");
        assert_eq!(clock.at(3, 18, 30), at("2026-03-05 18:45:11"));
    }
}
