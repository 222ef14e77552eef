//! Movements (entry, exit, return, adjustment; pending, validated, rejected) and entry slips.
//!
//! `read` lists and shows them, `write` declares, decides and deletes single movements,
//! `slips` declares and prints entry slips.

mod read;
mod slips;
mod write;

use chrono::NaiveDateTime;
use colivra_core::{time, ParcelId, UserId};
use colivra_db::schema::inventory_movements;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{InventoryRef, MerchantRef, PersonRef};

pub use read::list;
pub(crate) use read::{latest_of, views};
pub use slips::{create_slip, slip, SlipForPrint};
pub use write::{create, decide, delete};
pub(crate) use write::{insert, NewMovement};

/// A parcel a movement names.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ParcelRef {
    pub key: String,
    pub code: String,
}

/// A movement of stock.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MovementView {
    pub key: String,
    /// Printed as a Code128 barcode on the entry slip (e.g. `MV3K7P9QX2`).
    pub code: String,
    pub inventory: InventoryRef,
    #[serde(rename = "client")]
    pub merchant: MerchantRef,
    /// `entry`, `exit`, `return` or `adjustment`.
    #[serde(rename = "type")]
    pub kind: String,
    pub type_label: &'static str,
    /// `pending`, `validated` or `rejected`.
    pub state: String,
    pub state_label: &'static str,
    /// Declared or asked (a signed delta for adjustments).
    pub quantity: i64,
    /// What an admin validated.
    pub received_quantity: Option<i64>,
    pub comment: Option<String>,
    pub parcel: Option<ParcelRef>,
    /// The entry slip's key.
    pub entry_slip: Option<String>,
    pub author: PersonRef,
    pub decided_by: Option<PersonRef>,
    /// What the hub said when it decided (always there when it received another quantity
    /// than the one declared).
    pub decision_comment: Option<String>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub decided_at: Option<NaiveDateTime>,
    /// The caller may delete it (his own, still pending).
    pub deletable: bool,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct MovementFilters {
    /// Product key.
    pub inventory: Option<String>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub state: Option<String>,
    /// Merchant key (admins).
    #[serde(rename = "client")]
    pub merchant: Option<String>,
    /// Parcel tracking code.
    pub parcel: Option<String>,
    /// A code as scanned at the hub: the movement's own, its parcel's tracking code or its entry
    /// slip's code (any case).
    #[param(max_length = 64)]
    pub code: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct MovementInput {
    /// Product key.
    pub inventory: Option<String>,
    /// `entry` (merchants) or `adjustment` (admins).
    #[serde(rename = "type")]
    #[schema(value_type = Option<String>)]
    pub kind: Option<String>,
    /// Entries: 1 to 1,000,000; adjustments: a signed delta, not 0.
    #[schema(minimum = -1000000, maximum = 1000000)]
    pub quantity: Option<i64>,
    /// Required for adjustments.
    #[schema(max_length = 500)]
    pub comment: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct MovementDecision {
    /// `validated` or `rejected`.
    #[schema(value_type = Option<String>)]
    pub state: Option<String>,
    /// The quantity received (default: the declared one).
    #[schema(minimum = 0, maximum = 1000000)]
    pub quantity: Option<i64>,
    /// Why: required when the quantity received differs from the one declared.
    #[schema(max_length = 500)]
    pub comment: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct EntryLine {
    /// Product key.
    pub inventory: Option<String>,
    #[schema(minimum = 1, maximum = 1000000)]
    pub quantity: Option<i64>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct EntrySlipInput {
    #[schema(min_items = 1, max_items = 100)]
    pub lines: Option<Vec<EntryLine>>,
    #[schema(max_length = 500)]
    pub comment: Option<String>,
}

/// An entry slip: several entries declared at once.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EntrySlipView {
    pub key: String,
    pub code: String,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    pub movements: Vec<MovementView>,
}

/// Lines one slip may hold.
pub const MAX_SLIP_LINES: usize = 100;

#[derive(Queryable, Selectable)]
#[diesel(table_name = inventory_movements)]
pub(crate) struct Row {
    pub id: i64,
    pub key: String,
    pub code: String,
    pub inventory_id: i64,
    pub kind: String,
    pub state: String,
    pub quantity: i64,
    pub received_quantity: Option<i64>,
    pub comment: Option<String>,
    pub parcel_id: Option<ParcelId>,
    pub entry_slip_id: Option<i64>,
    /// Null once the author's account is deleted.
    pub author_id: Option<UserId>,
    pub decided_by: Option<UserId>,
    pub created_at: NaiveDateTime,
    pub decided_at: Option<NaiveDateTime>,
    pub decision_comment: Option<String>,
}

pub const SORTABLE: &[&str] = &["created_at"];
