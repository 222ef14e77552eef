//! Orders confirmed before pickup (issue 40, « Fewer returns »). A merchant on the confirmation
//! service, or a recipient whose band the company's policy sends here, creates parcels « à
//! confirmer » (`to_confirm`); the company's agents (admin staff holding `confirmations`) take
//! them one at a time from a queue and call the recipient.
//!
//! - [`queue`]: `POST confirmations/next` leases the next callable parcel to one agent for ten
//!   minutes (two agents never call the same recipient), `PUT confirmations/{parcel}` records
//!   the call: confirmed (the parcel becomes new, possibly corrected, the merchant's fee added),
//!   cancelled by the recipient, no answer (tried again later, given up after the company's
//!   tries), wrong number (given up).
//! - [`statistics`]: calls and confirmation rates per agent and per merchant, time to confirm,
//!   and the queue's backlog.
//!
//! The parcels crate enqueues (creation, a move back to `to_confirm`) and closes the queue row
//! when a parcel leaves `to_confirm` by any other door (the merchant cancels it, an admin
//! forces it): the status and the queue change in one transaction.

pub mod queue;
pub mod statistics;

pub use queue::{
    decide, next, CallView, ConfirmationInput, ConfirmationOutcome, ConfirmationResult,
    ConfirmationTask,
};
pub use statistics::{
    statistics, CallFigures, ConfirmationStatistics, QueueFigures, StatisticsPeriod,
};
