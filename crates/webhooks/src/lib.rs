//! Webhooks: a merchant's endpoints ([`endpoints`]), the deliveries of the events his parcels,
//! invoices and tickets write to the outbox (`colivra_db::outbox`) and their retries
//! ([`deliveries`]), the signature receivers check ([`signature`]) and the address rules that
//! keep deliveries off the company's own network ([`address`]). Sending itself is the gateway's
//! (an HTTP client); the rules and the SQL are here.

pub mod address;
pub mod deliveries;
pub mod endpoints;
pub mod events;
pub mod signature;
