//! Parcels and what they stand on. For now: cities with their fees, and shops.

pub mod cities;
pub mod prices;
pub mod shops;
