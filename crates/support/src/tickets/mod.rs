//! Support tickets: a merchant's conversation with the company's staff.
//!
//! Status rules: a staff reply makes the ticket `answered`, a merchant's message makes it `open`
//! (reopening a closed one); either side closes it, and the merchant may reopen it. Each side has
//! its read marker: a message marks the other side unread, reading the ticket marks one's own
//! side read. A message may be deleted by its author only, while no message of the other side
//! came after it, and never the ticket's first message.
//!
//! `list` reads tickets (lists, search, one with its messages, which marks it read), `open`
//! opens them and changes their status, `messages` adds and deletes messages.

mod list;
mod messages;
mod open;

use std::collections::HashMap;

use chrono::NaiveDateTime;
use colivra_core::pagination::like_pattern;
use colivra_core::{
    time, AppError, AppResult, FieldErrors, ListQuery, MerchantId, Paginated, ParcelId, Scope,
    TicketId, UserId,
};
use colivra_db::activities::{self, NewActivity};
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{parcels, ticket_messages, tickets, users};
use colivra_db::{immediate_transaction, DbBackend, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::people::{self, Author};

use list::detail;
pub use list::{list, search, show, unread_count, views};
pub use messages::{add_message, delete_message};
use messages::{check_message, insert_message, record};
pub use open::{create, set_status};

pub const MAX_SUBJECT: usize = 150;
pub const MAX_MESSAGE: usize = 5000;
/// The start of the last message a list shows.
pub const PREVIEW_CHARS: usize = 160;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TicketCategory {
    Parcel,
    Pickup,
    Invoice,
    Account,
    Other,
}

impl TicketCategory {
    pub const ALL: [TicketCategory; 5] = [
        TicketCategory::Parcel,
        TicketCategory::Pickup,
        TicketCategory::Invoice,
        TicketCategory::Account,
        TicketCategory::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TicketCategory::Parcel => "parcel",
            TicketCategory::Pickup => "pickup",
            TicketCategory::Invoice => "invoice",
            TicketCategory::Account => "account",
            TicketCategory::Other => "other",
        }
    }

    pub fn parse(value: &str) -> Option<TicketCategory> {
        Self::ALL.into_iter().find(|c| c.as_str() == value.trim())
    }

    pub fn label(self) -> &'static str {
        match self {
            TicketCategory::Parcel => "Colis",
            TicketCategory::Pickup => "Ramassage",
            TicketCategory::Invoice => "Facture",
            TicketCategory::Account => "Compte",
            TicketCategory::Other => "Autre",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TicketStatus {
    Open,
    Answered,
    Closed,
}

impl TicketStatus {
    pub const ALL: [TicketStatus; 3] = [
        TicketStatus::Open,
        TicketStatus::Answered,
        TicketStatus::Closed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TicketStatus::Open => "open",
            TicketStatus::Answered => "answered",
            TicketStatus::Closed => "closed",
        }
    }

    pub fn parse(value: &str) -> Option<TicketStatus> {
        Self::ALL.into_iter().find(|s| s.as_str() == value.trim())
    }

    pub fn label(self) -> &'static str {
        match self {
            TicketStatus::Open => "Ouvert",
            TicketStatus::Answered => "Répondu",
            TicketStatus::Closed => "Fermé",
        }
    }
}

/// Which side of the conversation a caller is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The company's staff.
    Admin,
    /// The merchant and his staff.
    Merchant,
}

impl Side {
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Admin => "admin",
            Side::Merchant => "client",
        }
    }

    fn of(scope: Scope) -> AppResult<Side> {
        match scope {
            Scope::Everyone => Ok(Side::Admin),
            Scope::Merchant(_) => Ok(Side::Merchant),
            Scope::DeliveryPerson(_) => Err(AppError::forbidden()),
        }
    }
}

/// Who acts: the user and whose tickets he sees.
#[derive(Debug, Clone, Copy)]
pub struct Actor {
    pub user_id: UserId,
    pub scope: Scope,
}

impl Actor {
    fn side(&self) -> AppResult<Side> {
        Side::of(self.scope)
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = tickets)]
pub struct TicketRow {
    pub id: TicketId,
    pub key: String,
    pub code: String,
    pub merchant_id: MerchantId,
    pub opened_by: Option<UserId>,
    pub subject: String,
    pub category: String,
    pub status: String,
    pub parcel_id: Option<ParcelId>,
    pub merchant_unread: bool,
    pub admin_unread: bool,
    pub messages_count: i64,
    pub active_at: NaiveDateTime,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl TicketRow {
    pub fn status(&self) -> TicketStatus {
        TicketStatus::parse(&self.status).unwrap_or(TicketStatus::Open)
    }

    fn unread_for(&self, side: Side) -> bool {
        match side {
            Side::Admin => self.admin_unread,
            Side::Merchant => self.merchant_unread,
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = ticket_messages)]
pub struct MessageRow {
    pub id: i64,
    pub key: String,
    pub ticket_id: TicketId,
    pub author_id: Option<UserId>,
    pub side: String,
    pub body: String,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TicketParcelRef {
    pub key: String,
    /// The tracking code (the parcel's key).
    pub code: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TicketMerchantRef {
    pub key: String,
    pub name: String,
    pub company: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LastMessage {
    /// The first 160 characters.
    pub body: String,
    pub author: Author,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

/// A ticket as lists show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TicketView {
    pub key: String,
    /// `TK` and 6 characters.
    pub code: String,
    pub subject: String,
    pub category: TicketCategory,
    pub category_label: &'static str,
    pub status: TicketStatus,
    pub status_label: &'static str,
    pub parcel: Option<TicketParcelRef>,
    #[serde(rename = "client")]
    pub merchant: TicketMerchantRef,
    pub last_message: Option<LastMessage>,
    /// Messages of the other side the caller's side has not read.
    pub unread: bool,
    pub messages_count: i64,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MessageView {
    pub key: String,
    pub author: Author,
    pub body: String,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    /// Written by the caller.
    pub mine: bool,
    /// The caller may delete it (his own, not the first, nothing of the other side after it).
    pub deletable: bool,
}

/// A ticket with its conversation, oldest message first.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TicketDetail {
    #[serde(flatten)]
    pub ticket: TicketView,
    pub messages: Vec<MessageView>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct TicketInput {
    #[schema(min_length = 1, max_length = 150)]
    pub subject: Option<String>,
    #[schema(value_type = TicketCategory)]
    pub category: Option<String>,
    /// The tracking code of one of the merchant's parcels (optional).
    pub parcel: Option<String>,
    /// The first message.
    #[schema(min_length = 1, max_length = 5000)]
    pub message: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct TicketStatusInput {
    #[schema(value_type = String, min_length = 1)]
    pub key: Option<String>,
    /// `closed` (either side) or `open` (the merchant reopens it).
    #[schema(value_type = TicketStatus)]
    pub status: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct MessageInput {
    #[schema(min_length = 1, max_length = 5000)]
    pub body: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct TicketFilters {
    /// `open`, `answered` or `closed`.
    #[param(value_type = Option<TicketStatus>, inline)]
    pub status: Option<String>,
    /// `parcel`, `pickup`, `invoice`, `account` or `other`.
    #[param(value_type = Option<TicketCategory>, inline)]
    pub category: Option<String>,
    /// Merchant key (admins).
    #[serde(rename = "client")]
    pub merchant: Option<String>,
    /// Tracking code: the tickets about that parcel.
    pub parcel: Option<String>,
    /// `true`: only tickets with messages the caller's side has not read.
    pub unread: Option<bool>,
}

type Boxed<'a> = tickets::BoxedQuery<'a, DbBackend>;

fn trimmed(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

fn scoped(scope: Scope) -> Boxed<'static> {
    let q = tickets::table.into_boxed();
    match scope {
        Scope::Merchant(id) => q.filter(tickets::merchant_id.eq(id)),
        Scope::Everyone => q,
        // Delivery people have no tickets.
        Scope::DeliveryPerson(_) => q.filter(tickets::id.eq(-1)),
    }
}

/// The ticket with `key` in `scope`, else 404.
pub fn get(conn: &mut DbConnection, scope: Scope, key: &str) -> AppResult<TicketRow> {
    scoped(scope)
        .filter(tickets::key.eq(key.trim().to_owned()))
        .select(TicketRow::as_select())
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)
}

/// Why `message` may not be deleted by `actor`, if it may not. `messages` are the ticket's,
/// oldest first.
fn refusal(actor: Actor, messages: &[MessageRow], message: &MessageRow) -> Option<&'static str> {
    if message.author_id != Some(actor.user_id) {
        return Some("Seul l'auteur d'un message peut le supprimer.");
    }
    if messages.first().map(|m| m.id) == Some(message.id) {
        return Some("Le premier message d'un ticket ne se supprime pas.");
    }
    if messages
        .iter()
        .any(|m| m.id > message.id && m.side != message.side)
    {
        return Some("Une réponse a suivi ce message : il ne se supprime plus.");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(id: i64, author: i64, side: &str) -> MessageRow {
        MessageRow {
            id,
            key: format!("M{id}"),
            ticket_id: TicketId::new(1),
            author_id: Some(UserId::new(author)),
            side: side.to_owned(),
            body: String::new(),
            created_at: time::now(),
        }
    }

    #[test]
    fn only_the_author_deletes_an_unanswered_message_never_the_first() {
        let merchant = Actor {
            user_id: UserId::new(7),
            scope: Scope::Merchant(MerchantId::new(7)),
        };
        let admin = Actor {
            user_id: UserId::new(1),
            scope: Scope::Everyone,
        };
        let messages = vec![
            message(1, 7, "client"),
            message(2, 7, "client"),
            message(3, 1, "admin"),
            message(4, 7, "client"),
        ];
        assert!(
            refusal(merchant, &messages, &messages[0]).is_some(),
            "first"
        );
        assert!(
            refusal(merchant, &messages, &messages[1]).is_some(),
            "answered"
        );
        assert!(
            refusal(admin, &messages, &messages[2]).is_some(),
            "answered back"
        );
        assert!(refusal(merchant, &messages, &messages[3]).is_none());
        assert!(
            refusal(admin, &messages, &messages[3]).is_some(),
            "another's"
        );
    }
}
