//! Parcels and what they stand on: cities with their fees, shops, merchant prices, the parcels
//! themselves with their state machine and history, lists, imports, tracking and statistics.

pub mod calls;
pub mod cities;
pub mod company;
pub mod decisions;
pub mod demo;
pub mod fees;
pub mod figures;
pub mod import;
pub mod labels;
pub mod list;
pub mod moves;
pub mod note;
pub mod parcel;
pub mod prices;
pub mod proof;
pub mod recipients;
pub mod shops;
pub mod statistics;
pub mod status;
pub mod stock;
pub mod tracking;
pub mod unapplied;
pub mod undo;
