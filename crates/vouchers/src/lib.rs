//! Pickup, exit and return vouchers (bons de ramassage, de sortie, de retour).
//!
//! A voucher groups parcels for one hand-over: a merchant's shop to the company (pickup), the hub
//! to a delivery person (exit), a delivery person back to the hub (return). Every action is one
//! transaction that moves parcels only through [`colivra_parcels::moves::apply`], writes the
//! voucher's links, and records an activity. Nothing here knows HTTP: the gateway's handlers call
//! these functions with the caller's [`Scope`](colivra_core::Scope).
//!
//! Links (`voucher_parcels`) are *open* while the voucher still acts on the parcel; the database
//! keeps a parcel on at most one open voucher of each kind (a partial unique index), so racing
//! requests leave one winner and a 409.

pub mod demo;
pub mod exit;
pub mod list;
pub mod pdf;
pub mod pickup;
pub mod returns;
pub mod view;
mod voucher;

pub use list::VoucherFilters;
pub use view::{VoucherDetail, VoucherView};
pub use voucher::{Kind, VoucherRow, VoucherStatus, MAX_PARCELS};
