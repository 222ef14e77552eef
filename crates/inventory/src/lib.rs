//! Stock kept at the hub for merchants (issue 14): the stock service (`clients`), products
//! (`products`, with their CSV/xlsx import), movements and entry slips (`movements`), the
//! reservations and movements parcels cause (`stock`, called inside the parcel flow's own
//! transaction), the printable entry slip (`pdf`). Knows nothing of HTTP.
//!
//! Quantities never go below zero and reserved never exceeds on hand: every change is one
//! conditional UPDATE (0 rows: refused), and the tables' CHECK constraints hold the same rule.

pub mod dashboard;
pub mod demo;
pub mod merchants;
pub mod movements;
pub mod parcel_stock;
pub mod pdf;
pub mod products;
mod refs;
pub mod stock;

use serde::Serialize;
use utoipa::ToSchema;

pub use refs::{InventoryRef, MerchantRef, PersonRef};

/// The largest quantity of one line (declared, received, reserved, adjusted).
pub const MAX_QUANTITY: i64 = 1_000_000;

/// A key and its French label (movement types and states).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Labelled {
    pub key: &'static str,
    pub label: &'static str,
}

pub const TYPES: &[(&str, &str)] = &[
    ("entry", "Entrée"),
    ("exit", "Sortie"),
    ("return", "Retour"),
    ("adjustment", "Ajustement"),
];

pub const STATES: &[(&str, &str)] = &[
    ("pending", "En attente"),
    ("validated", "Validé"),
    ("rejected", "Rejeté"),
];

pub const MERCHANT_STATUSES: &[(&str, &str)] = &[
    ("pending", "En attente"),
    ("active", "Actif"),
    ("suspended", "Suspendu"),
];

fn label(list: &[(&'static str, &'static str)], key: &str) -> &'static str {
    list.iter()
        .find(|(k, _)| *k == key)
        .map(|(_, l)| *l)
        .unwrap_or("")
}

pub fn labelled(list: &[(&'static str, &'static str)]) -> Vec<Labelled> {
    list.iter()
        .map(|(key, label)| Labelled { key, label })
        .collect()
}

pub fn type_label(key: &str) -> &'static str {
    label(TYPES, key)
}

pub fn state_label(key: &str) -> &'static str {
    label(STATES, key)
}

pub fn merchant_status_label(key: &str) -> &'static str {
    label(MERCHANT_STATUSES, key)
}
