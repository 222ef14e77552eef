//! Thin handlers: extract, call one service, answer. What each reads and answers is in its
//! argument and return types (see `crate::api`).

pub mod accounts;
pub mod balances;
pub mod cities;
pub mod confirmations;
pub mod delivery_people;
pub mod inventory;
pub mod invoices;
pub mod metrics;
pub mod notifications;
pub mod parcels;
pub mod prices;
pub mod proofs;
pub mod recipients;
pub mod session;
pub mod shops;
pub mod spa;
pub mod staff;
pub mod support;
pub mod system;
pub mod tokens;
pub mod vouchers;
pub mod webhooks;
