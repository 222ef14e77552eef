//! The week, day by day (days counted back from today), each step at its hour. What ends where:
//!
//! - new: B7 (not ready at its pickup), E1, E2 · awaiting pickup: E3–E5 · picked up: Z8, Z9
//! - today's round (exit voucher this morning): D4 delivered, D5 no answer, D6 refused, D7 and
//!   D8 still out for delivery
//! - attempts: B3 wrong number, B6 postponed, C3 unreachable, Z7 scheduled
//! - delivered: A1–A3, A5, A6, B1, B2, B5, C1 (an exchange of A1), C2 (a refund of A2), C4,
//!   C5, D1, D2, Z1–Z3, Z5 · cancelled by the merchant: D9
//! - returned: A4, Z4, B4 (and C1's collected item) · returning (return voucher not received):
//!   D3, Z6
//! - delivery invoices: three validated (four days ago 20 DH short, half of it paid back two
//!   days ago), yesterday's declared and not counted
//! - client invoices: Atlas's first delivered one paid by cheque, Zellige's paid by transfer,
//!   Atlas's returned one and Zellige's second validated, Atlas's delivered parcels since on a
//!   draft
//! - stock: an entry slip received in part (with the hub's comment), exits with A1, A4, C1, C4,
//!   D4, D7, A4's return checked, C1's collected bag waiting to be checked
//! - tickets: closed (a refused parcel), answered (a transfer), open (in Arabic, C3)
//! - confirmation: Zellige on the service since this morning (5 DH per confirmed parcel): Z10
//!   confirmed by the admin on the phone (new), Z11 unanswered (called again this afternoon),
//!   Z12 « à confirmer »

use chrono::{Duration, NaiveDate};
use colivra_auth::accounts::{self, RegisterMerchant};
use colivra_auth::merchants::{self, MerchantInput};
use colivra_auth::User;
use colivra_confirmations::{ConfirmationInput, ConfirmationOutcome};
use colivra_core::{AppError, AppResult, Centimes, ListQuery, Scope};
use colivra_db::DbConnection;
use colivra_inventory::movements::{self, EntryLine, EntrySlipInput, MovementDecision};
use colivra_invoicing::balances::{self, SettlementInput};
use colivra_invoicing::delivery::{self, DeliveryInvoiceInput, DeliveryInvoiceUpdate};
use colivra_invoicing::merchant::{self, MerchantInvoiceInput, MerchantInvoiceUpdate};
use colivra_support::tickets::{self, Actor, MessageInput, TicketInput, TicketStatusInput};

use super::orders::{
    ATLAS_A, ATLAS_B, ATLAS_C, ATLAS_D, ATLAS_E, ZELLIGE_1, ZELLIGE_2, ZELLIGE_3, ZELLIGE_4,
};
use super::{
    delivery_person_id, merchant_id, Week, SECOND_MERCHANT_EMAIL, SECOND_MERCHANT_PASSWORD,
    SECOND_SHOP_NAME,
};

/// The short count: the cash counted four days ago is this much below the invoice's total.
const SHORTAGE: Centimes = Centimes::new(2_000);
/// What the delivery person pays back of it two days ago.
const PAID_BACK: Centimes = Centimes::new(1_000);

/// The days in order; what a day leaves for a later one (a voucher to receive, an invoice to
/// pay, a ticket to answer) is handed on explicitly.
pub(super) fn play(w: &mut Week<'_>) -> AppResult<()> {
    six_days_ago(w)?;
    let (first_return, refused_ticket) = five_days_ago(w)?;
    let slip = four_days_ago(w, &first_return, &refused_ticket)?;
    let (atlas_invoice, zellige_invoice, transfer_ticket) = three_days_ago(w, &slip)?;
    let second_return = two_days_ago(w, &atlas_invoice, &transfer_ticket)?;
    yesterday(w, &second_return, &zellige_invoice)?;
    today(w)
}

/// `POST clients` (registration), then the admin activates the account (`PUT clients/{key}`).
pub(super) fn register_second_merchant(conn: &mut DbConnection, admin: &User) -> AppResult<User> {
    let registered = accounts::register_merchant(
        conn,
        RegisterMerchant {
            first_name: "Nadia".into(),
            last_name: "Berrechid".into(),
            email: SECOND_MERCHANT_EMAIL.into(),
            phone: "0661450120".into(),
            password: SECOND_MERCHANT_PASSWORD.into(),
            password_confirmation: Some(SECOND_MERCHANT_PASSWORD.into()),
            company: Some(SECOND_SHOP_NAME.into()),
            city: "Rabat".into(),
            ice: Some("003456789000045".into()),
        },
    )?;
    merchants::update_merchant(
        conn,
        admin,
        &registered.key,
        MerchantInput {
            active: Some(true),
            ..Default::default()
        },
    )
}

/// A day `days` after today, for postponements and appointments (never in the past, also once
/// the demo has run for a while).
fn in_days(w: &Week<'_>, days: i64) -> Option<NaiveDate> {
    Some(w.clock.today + Duration::days(days))
}

/// The merchants' first parcels, collected in the afternoon.
fn six_days_ago(w: &mut Week<'_>) -> AppResult<()> {
    let atlas = w.cast.atlas.clone();
    let zellige = w.cast.zellige.clone();
    w.on(6, (9, 0), |w| w.create_parcels(&atlas, &ATLAS_A))?;
    let atlas_pickup = w.on(6, (9, 20), |w| {
        w.pickup_voucher(&atlas, &["A1", "A2", "A3", "A4", "A5", "A6"])
    })?;
    w.on(6, (10, 0), |w| w.create_parcels(&zellige, &ZELLIGE_1))?;
    let zellige_pickup = w.on(6, (10, 10), |w| {
        w.pickup_voucher(&zellige, &["Z1", "Z2", "Z3", "Z4"])
    })?;
    w.on(6, (15, 0), |w| {
        w.receive_pickup(&atlas_pickup, &["A1", "A2", "A3", "A4", "A5", "A6"])
    })?;
    w.on(6, (15, 20), |w| {
        w.receive_pickup(&zellige_pickup, &["Z1", "Z2", "Z3", "Z4"])
    })
}

/// The first round; the day's cash counted exactly; a return voucher and a ticket for later.
fn five_days_ago(w: &mut Week<'_>) -> AppResult<(String, String)> {
    w.on(5, (8, 30), |w| {
        w.ship(&["A1", "A2", "A3", "A4", "A5", "A6", "Z1", "Z2", "Z3", "Z4"])
    })?;
    w.round(
        5,
        (10, 30),
        &[
            ("A1", "delivered", None, None),
            ("A3", "delivered", None, None),
            ("Z2", "delivered", None, None),
            ("A5", "no_answer", None, None),
            ("A6", "delivered", None, None),
            (
                "A4",
                "refused",
                Some("Le client ne veut plus de la robe"),
                None,
            ),
            ("A2", "delivered", None, None),
            ("Z1", "delivered", None, None),
            ("Z3", "delivered", None, None),
            (
                "Z4",
                "cancelled",
                Some("Commande annulée par le destinataire au téléphone"),
                None,
            ),
        ],
    )?;
    let ticket = w.on(5, (14, 30), |w| {
        let parcel = w.code("A4");
        open_ticket(
            w,
            "A4",
            "Colis refusé : quand revient-il ?",
            "parcel",
            &format!(
                "Bonjour, le colis {parcel} a été refusé ce midi. Quand revient-il au dépôt ?"
            ),
        )
    })?;
    w.on(5, (16, 0), |w| {
        answer(
            w,
            &ticket,
            "Bonjour, il revient avec le bon de retour du livreur ce soir : vous le verrez « Retourné » demain matin.",
        )
    })?;
    hand_over(w, 5, (18, 30), Centimes::ZERO)?;
    let voucher = w.on(5, (19, 15), |w| w.return_voucher(&["A4", "Z4"]))?;
    Ok((voucher, ticket))
}

/// The returns received, the merchant closes his ticket; a second round, counted short; an
/// entry slip on its way (its movements' keys).
fn four_days_ago(
    w: &mut Week<'_>,
    return_voucher: &str,
    ticket: &str,
) -> AppResult<Vec<(String, String)>> {
    let atlas = w.cast.atlas.clone();
    w.on(4, (8, 0), |w| w.receive_return(return_voucher))?;
    // `PUT tickets {key, status: closed}` by the merchant.
    w.on(4, (8, 45), |w| {
        let actor = merchant_side(&w.cast.atlas);
        tickets::set_status(
            w.conn,
            actor,
            &TicketStatusInput {
                key: Some(ticket.to_owned()),
                status: Some("closed".into()),
            },
        )
    })?;
    w.on(4, (9, 0), |w| w.create_parcels(&atlas, &ATLAS_B))?;
    let pickup = w.on(4, (9, 15), |w| {
        w.pickup_voucher(&atlas, &["B1", "B2", "B3", "B4", "B5", "B6", "B7"])
    })?;
    let slip = w.on(4, (10, 0), entry_slip)?;
    // B7 was not ready when the pickup came: it goes back to new.
    w.on(4, (11, 0), |w| {
        w.receive_pickup(&pickup, &["B1", "B2", "B3", "B4", "B5", "B6"])
    })?;
    w.on(4, (13, 0), |w| {
        w.ship(&["B1", "B2", "B3", "B4", "B5", "B6"])
    })?;
    let postponed = in_days(w, 2);
    w.round(
        4,
        (14, 0),
        &[
            ("B1", "delivered", None, None),
            ("A5", "delivered", None, None),
            ("B3", "wrong_number", None, None),
            ("B2", "delivered", None, None),
            (
                "B4",
                "refused",
                Some("Taille trop petite, le client refuse"),
                None,
            ),
            ("B5", "delivered", None, None),
            (
                "B6",
                "postponed",
                Some("Le client rentre de voyage"),
                postponed,
            ),
        ],
    )?;
    hand_over(w, 4, (18, 45), SHORTAGE)?;
    Ok(slip)
}

/// An exchange and a refund sent; stock received and checked; the first client invoices (two
/// to pay: their keys), and a ticket about one (its key).
fn three_days_ago(
    w: &mut Week<'_>,
    slip: &[(String, String)],
) -> AppResult<(String, String, String)> {
    let atlas = w.cast.atlas.clone();
    let zellige = w.cast.zellige.clone();
    w.on(3, (9, 0), |w| w.create_parcels(&atlas, &ATLAS_C))?;
    let atlas_pickup = w.on(3, (9, 20), |w| {
        w.pickup_voucher(&atlas, &["C1", "C2", "C3", "C4", "C5"])
    })?;
    w.on(3, (9, 40), |w| w.create_parcels(&zellige, &ZELLIGE_2))?;
    let zellige_pickup = w.on(3, (9, 50), |w| {
        w.pickup_voucher(&zellige, &["Z5", "Z6", "Z7"])
    })?;
    w.on(3, (10, 30), |w| check_return(w, "A4"))?;
    w.on(3, (11, 0), |w| receive_entry_slip(w, slip))?;
    w.on(3, (14, 0), |w| {
        w.receive_pickup(&atlas_pickup, &["C1", "C2", "C3", "C4", "C5"])
    })?;
    w.on(3, (14, 10), |w| {
        w.receive_pickup(&zellige_pickup, &["Z5", "Z6", "Z7"])
    })?;
    let atlas_shop = w.cast.atlas_shop.clone();
    let zellige_shop = w.cast.zellige_shop.clone();
    // The returned parcel's fee first: Atlas's payout then deducts it (« Frais de retour … »).
    let returned = w.on(3, (14, 40), |w| {
        client_invoice(w, &atlas_shop, "returned", &["A4"])
    })?;
    w.on(3, (14, 45), |w| validate_client_invoice(w, &returned))?;
    let atlas_invoice = w.on(3, (15, 0), |w| {
        client_invoice(w, &atlas_shop, "delivered", &["A1", "A2", "A3", "A5", "A6"])
    })?;
    w.on(3, (15, 5), |w| validate_client_invoice(w, &atlas_invoice))?;
    let zellige_invoice = w.on(3, (15, 20), |w| {
        client_invoice(w, &zellige_shop, "delivered", &["Z1", "Z2", "Z3"])
    })?;
    let zellige_number = w.on(3, (15, 25), |w| {
        validate_client_invoice(w, &zellige_invoice)
    })?;
    let ticket = w.on(3, (16, 0), |w| {
        open_ticket(
            w,
            "Z1",
            "Virement de la facture",
            "invoice",
            &format!("Bonjour, pouvez-vous me confirmer la date du virement de la facture {zellige_number} ?"),
        )
    })?;
    Ok((atlas_invoice, zellige_invoice, ticket))
}

/// The third round (the exchange and the refund), Atlas's invoice paid, the ticket answered, a
/// return voucher (its key) and half the shortage paid back.
fn two_days_ago(w: &mut Week<'_>, atlas_invoice: &str, ticket: &str) -> AppResult<String> {
    w.on(2, (8, 30), |w| {
        w.ship(&["C1", "C2", "C3", "C4", "C5", "Z5", "Z6", "Z7"])
    })?;
    w.on(2, (9, 40), |w| {
        answer(
            w,
            ticket,
            "Bonjour, le virement part demain matin ; sa référence sera sur la facture.",
        )
    })?;
    let scheduled = in_days(w, 1);
    w.round(
        2,
        (10, 0),
        &[
            ("C1", "delivered", None, None),
            ("C4", "delivered", None, None),
            ("C2", "delivered", None, None),
            ("Z5", "delivered", None, None),
            ("C3", "unreachable", None, None),
            ("C5", "delivered", None, None),
            ("Z6", "no_answer", None, None),
            (
                "Z7",
                "scheduled",
                Some("Livraison demandée pour l'après-midi"),
                scheduled,
            ),
        ],
    )?;
    w.on(2, (11, 0), |w| {
        let paid_on = w.clock.today - Duration::days(2);
        pay_client_invoice(w, atlas_invoice, ("cheque", "4471023"), paid_on)
    })?;
    hand_over(w, 2, (18, 30), Centimes::ZERO)?;
    // The exchange's collected bag rides back with B4.
    let voucher = w.on(2, (19, 10), |w| w.return_voucher(&["B4", "C1"]))?;
    w.on(2, (19, 30), |w| {
        let delivery_person = w.cast.delivery_person.key.clone();
        balances::settle(
            w.conn,
            w.cast.admin.id,
            &delivery_person,
            &SettlementInput {
                kind: Some("payment".into()),
                amount: Some(PAID_BACK.get()),
                reference: Some("Reçu R-0032".into()),
                comment: Some("Moitié de l'écart de caisse d'il y a deux jours".into()),
            },
        )?;
        w.tally.paid_back += PAID_BACK;
        Ok(())
    })?;
    Ok(voucher)
}

/// The return with the exchange's bag received, a cancellation, Zellige paid, a short round
/// declared and left to count, a return voucher on its way.
fn yesterday(w: &mut Week<'_>, return_voucher: &str, zellige_invoice: &str) -> AppResult<()> {
    let atlas = w.cast.atlas.clone();
    w.on(1, (8, 0), |w| w.receive_return(return_voucher))?;
    w.on(1, (9, 0), |w| w.create_parcels(&atlas, &ATLAS_D))?;
    let pickup = w.on(1, (9, 20), |w| {
        w.pickup_voucher(
            &atlas,
            &["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9"],
        )
    })?;
    // `POST parcels/{key}/cancel` by the merchant while it waits for its pickup.
    w.on(1, (9, 30), |w| {
        let parcel = w.code("D9");
        let merchant = &w.cast.atlas;
        colivra_parcels::moves::cancel(
            w.conn,
            &w.stock,
            merchant.id,
            merchant_id(merchant),
            &parcel,
            Some("Le client a annulé sa commande"),
        )
    })?;
    w.on(1, (10, 0), |w| {
        let paid_on = w.clock.today - Duration::days(1);
        pay_client_invoice(w, zellige_invoice, ("transfer", "VIR-2026-1187"), paid_on)
    })?;
    w.on(1, (12, 0), |w| {
        w.receive_pickup(&pickup, &["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8"])
    })?;
    w.on(1, (13, 0), |w| w.ship(&["D1", "D2", "D3"]))?;
    w.round(
        1,
        (14, 0),
        &[
            ("D1", "delivered", None, None),
            (
                "Z6",
                "refused",
                Some("Le client dit ne pas l'avoir commandé"),
                None,
            ),
            ("D2", "delivered", None, None),
            (
                "D3",
                "refused",
                Some("Le destinataire refuse de payer"),
                None,
            ),
        ],
    )?;
    let zellige_shop = w.cast.zellige_shop.clone();
    let second = w.on(1, (16, 0), |w| {
        client_invoice(w, &zellige_shop, "delivered", &["Z5"])
    })?;
    w.on(1, (16, 5), |w| validate_client_invoice(w, &second))?;
    // Declared in the evening, counted tomorrow: it stays a draft.
    w.on(1, (18, 30), declare)?;
    w.tally.delivery_to_count += 1;
    w.on(1, (18, 45), |w| w.return_voucher(&["D3", "Z6"]))?;
    Ok(())
}

/// New parcels and pickups, the round in progress, a ticket in Arabic, a draft invoice.
fn today(w: &mut Week<'_>) -> AppResult<()> {
    let atlas = w.cast.atlas.clone();
    let zellige = w.cast.zellige.clone();
    w.on(0, (8, 0), |w| w.create_parcels(&atlas, &ATLAS_E))?;
    w.on(0, (8, 10), |w| {
        w.pickup_voucher(&atlas, &["E3", "E4", "E5"])
    })?;
    w.on(0, (8, 20), |w| w.create_parcels(&zellige, &ZELLIGE_3))?;
    let zellige_pickup = w.on(0, (8, 25), |w| w.pickup_voucher(&zellige, &["Z8", "Z9"]))?;
    let round = ["D4", "D5", "D6", "D7", "D8"];
    w.on(0, (8, 30), |w| w.ship(&round))?;
    w.tally.round_today = round.len();
    w.on(0, (9, 15), |w| {
        let parcel = w.code("C3");
        open_ticket(
            w,
            "C3",
            "استفسار عن طرد لم يُسلَّم",
            "parcel",
            &format!("السلام عليكم، الطرد {parcel} لم يصل بعد إلى الزبون. هل يمكنكم الاتصال به مرة أخرى؟ شكرًا."),
        )
    })?;
    w.round(
        0,
        (10, 0),
        &[
            ("D4", "delivered", None, None),
            ("D5", "no_answer", None, None),
            (
                "D6",
                "refused",
                Some("Le destinataire refuse le colis"),
                None,
            ),
        ],
    )?;
    w.on(0, (11, 0), |w| {
        w.receive_pickup(&zellige_pickup, &["Z8", "Z9"])
    })?;
    confirmation_service(w)?;
    // Every delivered parcel of Boutique Atlas not invoiced yet, on a draft.
    let atlas_shop = w.cast.atlas_shop.clone();
    w.on(0, (11, 30), |w| {
        merchant::create(
            w.conn,
            w.cast.admin.id,
            &MerchantInvoiceInput {
                shop: Some(atlas_shop),
                invoice_type: Some("delivered".into()),
                parcels: None,
            },
        )?;
        w.tally.client_drafts += 1;
        Ok(())
    })
}

/// Zellige goes on the confirmation service; his next orders wait for the company's agents,
/// who confirm one and do not reach another.
fn confirmation_service(w: &mut Week<'_>) -> AppResult<()> {
    let zellige = w.cast.zellige.clone();
    w.on(0, (11, 10), |w| {
        merchants::update_merchant(
            w.conn,
            &w.cast.admin,
            &zellige.key,
            MerchantInput {
                confirmation_required: Some(true),
                confirmation_fee: Some(500),
                ..Default::default()
            },
        )
        .map(drop)
    })?;
    w.on(0, (11, 20), |w| w.create_parcels(&zellige, &ZELLIGE_4))?;
    for (minute, outcome) in [
        (40, ConfirmationOutcome::Confirmed),
        (45, ConfirmationOutcome::NoAnswer),
    ] {
        w.on(0, (11, minute), |w| {
            let agent = w.cast.admin.id;
            let task = colivra_confirmations::next(w.conn, agent)?
                .ok_or_else(|| AppError::Conflict("no order to confirm".to_owned()))?;
            colivra_confirmations::decide(
                w.conn,
                &w.stock,
                agent,
                &task.parcel.key,
                &ConfirmationInput {
                    outcome: Some(outcome),
                    ..Default::default()
                },
            )?;
            w.tally.confirmation_calls += 1;
            Ok(())
        })?;
    }
    Ok(())
}

// The steps the days share.

/// The delivery person declares his day (`POST delivery-admins/invoices`, every parcel he
/// holds on none) and the admin counts the cash, `short` below the total, and validates.
fn hand_over(
    w: &mut Week<'_>,
    days_ago: i64,
    (hour, minute): (u32, u32),
    short: Centimes,
) -> AppResult<()> {
    let (key, total) = w.on(days_ago, (hour, minute), declare)?;
    w.on(days_ago, (hour, minute + 25), |w| {
        delivery::update(
            w.conn,
            w.cast.admin.id,
            &key,
            &DeliveryInvoiceUpdate {
                counted_amount: Some((total - short).get()),
                ..Default::default()
            },
        )
    })?;
    let validated = w.on(days_ago, (hour, minute + 30), |w| {
        delivery::update(
            w.conn,
            w.cast.admin.id,
            &key,
            &DeliveryInvoiceUpdate {
                status: Some("validated".into()),
                ..Default::default()
            },
        )
    })?;
    if !short.is_zero() {
        w.tally.shortage = Some((validated.number.unwrap_or(key), short));
    }
    w.tally.delivery_validated += 1;
    Ok(())
}

/// `POST delivery-admins/invoices` by the delivery person: (key, total).
fn declare(w: &mut Week<'_>) -> AppResult<(String, Centimes)> {
    let delivery_person = &w.cast.delivery_person;
    let invoice = delivery::create(
        w.conn,
        delivery_person.id,
        Scope::DeliveryPerson(delivery_person_id(delivery_person)),
        &DeliveryInvoiceInput::default(),
    )?;
    Ok((invoice.key, invoice.total))
}

/// `POST clients/invoices` by the admin: a draft's key.
fn client_invoice(
    w: &mut Week<'_>,
    shop: &str,
    invoice_type: &str,
    labels: &[&str],
) -> AppResult<String> {
    let invoice = merchant::create(
        w.conn,
        w.cast.admin.id,
        &MerchantInvoiceInput {
            shop: Some(shop.to_owned()),
            invoice_type: Some(invoice_type.to_owned()),
            parcels: Some(w.codes(labels)),
        },
    )?;
    Ok(invoice.key)
}

/// `PUT clients/invoices/{key} {status: validated}`: its number.
fn validate_client_invoice(w: &mut Week<'_>, key: &str) -> AppResult<String> {
    let invoice = merchant::update(
        w.conn,
        w.cast.admin.id,
        key,
        &MerchantInvoiceUpdate {
            status: Some("validated".into()),
            ..Default::default()
        },
    )?;
    w.tally.client_validated += 1;
    Ok(invoice.number.unwrap_or_default())
}

/// `PUT clients/invoices/{key} {status: paid, payment_method, payment_reference, paid_on}`:
/// a shop without an approved RIB (Atlas, whose first RIB waits for the admin) by cheque.
fn pay_client_invoice(
    w: &mut Week<'_>,
    key: &str,
    (method, reference): (&str, &str),
    paid_on: NaiveDate,
) -> AppResult<()> {
    merchant::update(
        w.conn,
        w.cast.admin.id,
        key,
        &MerchantInvoiceUpdate {
            status: Some("paid".into()),
            payment_method: Some(method.to_owned()),
            payment_reference: Some(reference.to_owned()),
            paid_on: Some(paid_on),
            ..Default::default()
        },
    )?;
    w.tally.client_validated -= 1;
    w.tally.client_paid += 1;
    Ok(())
}

/// `POST inventories/entry-slips` by Boutique Atlas: dresses and bags on their way to the hub
/// (the slip's movements: key and SKU).
fn entry_slip(w: &mut Week<'_>) -> AppResult<Vec<(String, String)>> {
    let line = |w: &Week<'_>, sku: &str, quantity: i64| EntryLine {
        inventory: w.cast.products.get(sku).cloned(),
        quantity: Some(quantity),
    };
    let slip = movements::create_slip(
        w.conn,
        w.cast.atlas.id,
        merchant_id(&w.cast.atlas),
        &EntrySlipInput {
            lines: Some(vec![line(w, "ROBE-ETE-M", 10), line(w, "SAC-CUIR", 6)]),
            comment: Some("Réassort avant le week-end".into()),
        },
    )?;
    w.tally.entry_slip = Some(slip.code);
    Ok(slip
        .movements
        .into_iter()
        .map(|m| (m.key, m.inventory.sku))
        .collect())
}

/// `PUT inventories/movements/{key}` by the hub: the dresses as declared, five bags of six
/// (the comment a different quantity needs).
fn receive_entry_slip(w: &mut Week<'_>, lines: &[(String, String)]) -> AppResult<()> {
    for (key, sku) in lines {
        let received = (sku == "SAC-CUIR").then_some(5);
        movements::decide(
            w.conn,
            w.cast.admin.id,
            key,
            &MovementDecision {
                state: Some("validated".into()),
                quantity: received,
                comment: received
                    .map(|_| "5 sacs reçus sur 6 : un sac déchiré refusé à la réception.".into()),
            },
        )?;
    }
    Ok(())
}

/// The hub checks the goods back from parcel `label` (`GET inventories/movements?parcel=…`, then
/// `PUT inventories/movements/{key}`): back in stock.
fn check_return(w: &mut Week<'_>, label: &str) -> AppResult<()> {
    let pending = movements::list(
        w.conn,
        w.cast.admin.id,
        Scope::Everyone,
        &ListQuery::default(),
        &movements::MovementFilters {
            parcel: Some(w.code(label)),
            kind: Some("return".into()),
            state: Some("pending".into()),
            ..Default::default()
        },
    )?;
    for movement in pending.data {
        movements::decide(
            w.conn,
            w.cast.admin.id,
            &movement.key,
            &MovementDecision {
                state: Some("validated".into()),
                ..Default::default()
            },
        )?;
    }
    Ok(())
}

fn merchant_side(merchant: &User) -> Actor {
    Actor {
        user_id: merchant.id,
        scope: Scope::Merchant(merchant_id(merchant)),
    }
}

/// `POST tickets` by the merchant of parcel `label`, about it: the ticket's key.
fn open_ticket(
    w: &mut Week<'_>,
    label: &str,
    subject: &str,
    category: &str,
    message: &str,
) -> AppResult<String> {
    let actor = merchant_side(w.merchant_of(label));
    let parcel = (category == "parcel").then(|| w.code(label));
    let ticket = tickets::create(
        w.conn,
        actor,
        &TicketInput {
            subject: Some(subject.into()),
            category: Some(category.into()),
            parcel,
            message: Some(message.into()),
        },
    )?;
    w.tally.tickets += 1;
    Ok(ticket.ticket.key)
}

/// `POST tickets/{key}/messages` by the admin: the ticket is answered.
fn answer(w: &mut Week<'_>, ticket: &str, body: &str) -> AppResult<()> {
    let actor = Actor {
        user_id: w.cast.admin.id,
        scope: Scope::Everyone,
    };
    tickets::add_message(
        w.conn,
        actor,
        ticket,
        &MessageInput {
            body: Some(body.into()),
        },
    )?;
    Ok(())
}
