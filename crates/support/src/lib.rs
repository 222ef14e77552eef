//! Support: tickets (a merchant's conversation with the company's staff, optionally about one of
//! his parcels, with a read marker per side), announcements (shown on the dashboards of their
//! audience within their dates) and guides (Markdown pages for merchants).
//!
//! Every write runs in one `immediate_transaction` with its activity row. A ticket's writes
//! first touch the ticket row (a conditional UPDATE), so two writes on the same ticket queue on
//! it on both databases: two closings leave one winner and a 409, and a message cannot be
//! deleted while the other side's answer is being written. Nothing here knows HTTP: the gateway
//! calls these functions with the caller's [`Scope`](colivra_core::Scope).

pub mod activity_log;
pub mod announcements;
pub mod demo;
pub mod guides;
pub mod people;
pub mod search;
pub mod tickets;

pub use announcements::{AnnouncementInput, AnnouncementView, Audience};
pub use guides::{GuideInput, GuideView};
pub use tickets::{TicketDetail, TicketView};
