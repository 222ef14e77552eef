//! Webhooks: a merchant's endpoints ([`endpoints`]), the deliveries of the events his parcels,
//! invoices and tickets write to the outbox (`colivra_db::outbox`) and their retries
//! ([`deliveries`]), the signature receivers check ([`signature`]) and the address rules that
//! keep deliveries off the company's own network ([`address`]), and the sender ([`sender`]: the
//! loop each server process runs, posting the due deliveries; the gateway starts it and lends it
//! the database).

pub mod address;
pub mod deliveries;
pub mod endpoints;
pub mod events;
pub mod sender;
pub mod signature;
