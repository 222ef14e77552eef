//! Messages that reach people outside the app (issue 41). A change that should tell someone
//! writes an e-mail to the outbox ([`outbox::queue_email`]) in its own transaction, rendered then
//! from the templates ([`render`]) in the reader's language, unless he turned that notice off
//! ([`preferences`]); the sender ([`sender`]: the shared outbox loop of `colivra_worker`) takes
//! the due messages in every server process and hands them to the SMTP server ([`smtp`]),
//! retrying with backoff; admins read the log and send one again ([`log`]). Parcels' recipients
//! get SMS or WhatsApp messages the same way ([`recipients`], sent through [`provider`]).

pub mod config;
pub mod delivery;
pub mod kinds;
pub mod log;
pub mod outbox;
pub mod preferences;
pub mod provider;
pub mod recipients;
pub mod render;
pub mod sender;
pub mod smtp;

pub use kinds::Kind;
