//! Every API test of the gateway in one binary: one link of the server instead of one per file.
//! Each module is one area; `support` holds the shared set-up (a real server on a fresh database).

mod support;

mod accounts;
mod activities_search;
mod announcements_guides;
mod authorization;
mod balances;
mod calls;
mod cash;
mod cities;
mod confirmations;
mod decisions;
mod demo_week;
mod directory;
mod figures;
mod gateways;
mod hardening;
mod idempotency;
mod inventory;
mod invoices;
mod merchant_accounts;
mod messages;
mod notifications;
mod openapi;
mod parcels;
mod payout;
mod prices;
mod proofs;
mod recipient_messages;
mod recipients;
mod recorded_at;
mod replicas;
mod shops;
mod system;
mod tickets;
mod tva;
mod unapplied;
mod vouchers;
mod webhooks;
