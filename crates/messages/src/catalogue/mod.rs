//! Every message the server answers with, in French, English and Arabic: one table per area of
//! the product, assembled here. Arabic as the company's software writes it for Moroccan
//! readers: Latin digits, codes, field names and API values as they are, « » around what is
//! quoted, "درهم" for DH.
//!
//! A French text written once: a sentence several crates share sits in `core`. A new message in
//! a domain crate fails `every_message_of_the_source_is_in_the_catalogue` until it is added
//! here.

mod auth;
mod confirmations;
mod core;
mod inventory;
mod invoicing;
mod notifications;
mod parcels;
mod support;
mod vouchers;
mod webhooks;

use colivra_core::Language;
use colivra_invoicing::InvoiceStatus;
use colivra_parcels::status::Status;
use colivra_vouchers::VoucherStatus;

use super::Entry;

/// Every message, area by area.
pub fn entries() -> impl Iterator<Item = &'static Entry> {
    [
        core::ENTRIES,
        auth::ENTRIES,
        parcels::ENTRIES,
        confirmations::ENTRIES,
        vouchers::ENTRIES,
        invoicing::ENTRIES,
        inventory::ENTRIES,
        support::ENTRIES,
        webhooks::ENTRIES,
        notifications::ENTRIES,
    ]
    .into_iter()
    .flatten()
}

/// Glue around a message of the catalogue that names the objects it concerns (vouchers and
/// invoices: "Ces colis ne sont pas sur ce bon : CLV-1, CLV-2."). Taken only when its first
/// value is a message of the catalogue; the rest is carried (with the status labels in it).
pub const COMPOSITIONS: &[Entry] = &[
    ("{} : {}.", "{}: {}.", "{}: {}."),
    (
        "{} : {} et {} autre(s).",
        "{}: {} and {} more.",
        "{}: {} و{} أخرى.",
    ),
];

/// Labels a message may carry as a value, translated with it: parcel statuses (the parcels
/// crate's own translations), a stock movement's states, what uses a city.
pub fn labels() -> impl Iterator<Item = Entry> {
    Status::ALL
        .into_iter()
        .map(|s| {
            (
                s.label(),
                s.label_in(Language::En),
                s.label_in(Language::Ar),
            )
        })
        .chain(inventory::LABELS.iter().copied())
        .chain(parcels::LABELS.iter().copied())
        .chain(
            [
                VoucherStatus::New,
                VoucherStatus::Received,
                VoucherStatus::Issued,
            ]
            .into_iter()
            .map(|s| {
                (
                    s.label(),
                    s.label_in(Language::En),
                    s.label_in(Language::Ar),
                )
            }),
        )
        .chain(
            [
                InvoiceStatus::Draft,
                InvoiceStatus::Validated,
                InvoiceStatus::Paid,
            ]
            .into_iter()
            .map(|s| {
                (
                    s.label(),
                    s.label_in(Language::En),
                    s.label_in(Language::Ar),
                )
            }),
        )
        .chain(ANSWER_LABELS.iter().copied())
}

/// Labels of successful answers (`*_label` fields) that no domain type translates itself: ticket
/// categories and statuses, announcement audiences, stock movement types and stock client
/// statuses. (Parcel, voucher and invoice statuses come from their types, above.)
pub const ANSWER_LABELS: &[Entry] = &[
    // Ticket categories.
    ("Colis", "Parcel", "طرد"),
    ("Ramassage", "Pickup", "استلام"),
    ("Facture", "Invoice", "فاتورة"),
    ("Compte", "Account", "الحساب"),
    ("Autre", "Other", "أخرى"),
    // Ticket statuses.
    ("Ouvert", "Open", "مفتوحة"),
    ("Répondu", "Answered", "تم الرد"),
    ("Fermé", "Closed", "مغلقة"),
    // Announcement audiences.
    ("Tout le monde", "Everyone", "الجميع"),
    ("Clients", "Merchants", "التجار"),
    ("Livreurs", "Delivery people", "عمال التوصيل"),
    // Stock movement types.
    ("Entrée", "Entry", "دخول"),
    ("Sortie", "Exit", "خروج"),
    ("Retour", "Return", "إرجاع"),
    ("Ajustement", "Adjustment", "تسوية"),
    // Stock clients.
    ("Actif", "Active", "نشط"),
    ("Suspendu", "Suspended", "موقوف"),
];
