//! Client and delivery invoices (factures clients, factures livreurs): the money half of the
//! business.
//!
//! Money flows twice and both flows balance to the centime: a delivery person hands over the
//! cash he collected minus his commissions (a delivery invoice), and the company pays each shop
//! the cash collected for it minus its fees (a client invoice of the `delivered` type), while a
//! `returned` invoice bills the return and refusal fees of what came back. Every amount is
//! computed here from the parcels' snapshots ([`rules`]), never taken from a request.
//!
//! A parcel carries the invoice of each kind it is on (one column per kind), so it is on at most
//! one by construction; a draft claims its parcels with a write conditional on that column being
//! empty, which makes concurrent drafts leave one winner and a 409 on both databases. Numbers
//! are given at validation from one counter row per prefix and year, incremented inside the
//! validating transaction ([`numbering`]). Nothing here knows HTTP: the gateway calls these
//! functions with the caller's [`Scope`](colivra_core::Scope).

pub mod accounts;
pub mod balances;
pub mod dashboard;
pub mod delivery;
mod invoice;
mod kind;
mod ledger;
pub mod legal;
pub mod lines;
pub mod merchant;
pub mod numbering;
mod owed;
mod parties;
pub mod pdf;
mod row;
pub mod rules;
pub mod tva;
pub mod view;
pub mod words;

pub use kind::{InvoiceStatus, Kind, MAX_PARCELS};
pub use lines::Line;
pub use row::InvoiceRow;
pub use view::{DeliveryInvoiceView, InvoiceFilters, InvoiceView, MerchantInvoiceView};
