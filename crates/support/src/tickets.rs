//! Support tickets: a merchant's conversation with the company's staff.
//!
//! Status rules: a staff reply makes the ticket `answered`, a merchant's message makes it `open`
//! (reopening a closed one); either side closes it, and the merchant may reopen it. Each side has
//! its read marker: a message marks the other side unread, reading the ticket marks one's own
//! side read. A message may be deleted by its author only, while no message of the other side
//! came after it, and never the ticket's first message.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use colivra_core::pagination::like_pattern;
use colivra_core::{time, AppError, AppResult, FieldErrors, ListQuery, Paginated, Scope};
use colivra_db::activities::{self, NewActivity};
use colivra_db::listing::{lower, paginate};
use colivra_db::schema::{parcels, ticket_messages, tickets, users};
use colivra_db::{immediate_transaction, DbBackend, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::people::{self, Author};

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
    Client,
}

impl Side {
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Admin => "admin",
            Side::Client => "client",
        }
    }

    fn of(scope: Scope) -> AppResult<Side> {
        match scope {
            Scope::Everyone => Ok(Side::Admin),
            Scope::Merchant(_) => Ok(Side::Client),
            Scope::DeliveryPerson(_) => Err(AppError::forbidden()),
        }
    }
}

/// Who acts: the user and whose tickets he sees.
#[derive(Debug, Clone, Copy)]
pub struct Actor {
    pub user_id: i64,
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
    pub id: i64,
    pub key: String,
    pub code: String,
    pub client_id: i64,
    pub opened_by: Option<i64>,
    pub subject: String,
    pub category: String,
    pub status: String,
    pub parcel_id: Option<i64>,
    pub client_unread: bool,
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
            Side::Client => self.client_unread,
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = ticket_messages)]
pub struct MessageRow {
    pub id: i64,
    pub key: String,
    pub ticket_id: i64,
    pub author_id: Option<i64>,
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
pub struct TicketClientRef {
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
    pub client: TicketClientRef,
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
    pub client: Option<String>,
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
        Scope::Merchant(id) => q.filter(tickets::client_id.eq(id)),
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

/// `GET tickets`: the caller's tickets (a merchant's own, every ticket for staff), newest
/// activity first.
pub fn list(
    conn: &mut DbConnection,
    actor: Actor,
    query: &ListQuery,
    filters: &TicketFilters,
) -> AppResult<Paginated<TicketView>> {
    let side = actor.side()?;
    let search = query.search()?;
    let status = match trimmed(&filters.status) {
        Some(raw) => Some(TicketStatus::parse(&raw).ok_or_else(|| {
            AppError::validation("status", "Statut inconnu : open, answered ou closed.")
        })?),
        None => None,
    };
    let category = match trimmed(&filters.category) {
        Some(raw) => Some(TicketCategory::parse(&raw).ok_or_else(|| {
            AppError::validation(
                "category",
                "Catégorie inconnue : parcel, pickup, invoice, account ou other.",
            )
        })?),
        None => None,
    };
    let (client, parcel) = (trimmed(&filters.client), trimmed(&filters.parcel));
    let unread = filters.unread == Some(true);
    let filtered = || -> Boxed<'_> {
        let mut q = scoped(actor.scope);
        if let Some(status) = status {
            q = q.filter(tickets::status.eq(status.as_str()));
        }
        if let Some(category) = category {
            q = q.filter(tickets::category.eq(category.as_str()));
        }
        if let Some(key) = &client {
            q = q.filter(
                tickets::client_id.eq_any(
                    users::table
                        .filter(users::key.eq(key.clone()))
                        .select(users::id),
                ),
            );
        }
        if let Some(code) = &parcel {
            q = q.filter(
                tickets::parcel_id.eq_any(
                    parcels::table
                        .filter(parcels::key.eq(code.to_uppercase()))
                        .select(parcels::id.nullable()),
                ),
            );
        }
        if unread {
            q = match side {
                Side::Admin => q.filter(tickets::admin_unread.eq(true)),
                Side::Client => q.filter(tickets::client_unread.eq(true)),
            };
        }
        if let Some(text) = &search {
            q = q.filter(
                lower(tickets::subject)
                    .like(like_pattern(text))
                    .escape('\\')
                    .or(tickets::code.eq(text.to_uppercase())),
            );
        }
        q
    };
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            filtered()
                .order((tickets::active_at.desc(), tickets::id.desc()))
                .select(TicketRow::as_select())
                .limit(limit)
                .offset(offset)
                .load(conn)
        },
    )?;
    Ok(Paginated {
        data: views(conn, side, page.data)?,
        meta: page.meta,
    })
}

/// `GET tickets/unread`: how many tickets have messages the caller's side has not read.
pub fn unread_count(conn: &mut DbConnection, actor: Actor) -> AppResult<i64> {
    let side = actor.side()?;
    let q = scoped(actor.scope);
    let q = match side {
        Side::Admin => q.filter(tickets::admin_unread.eq(true)),
        Side::Client => q.filter(tickets::client_unread.eq(true)),
    };
    q.count().get_result(conn).map_db_err()
}

/// The tickets of the caller's scope whose code starts with `text` (newest code first), then
/// those whose subject holds it (newest activity first): the top bar's search.
pub fn search(
    conn: &mut DbConnection,
    scope: Scope,
    text: &str,
    limit: i64,
) -> AppResult<Vec<TicketRow>> {
    let prefix = colivra_db::listing::code_prefix(text);
    let mut found: Vec<TicketRow> = if prefix.lower.is_empty() {
        Vec::new()
    } else {
        colivra_db::code_prefix_filter!(scoped(scope), tickets::code, &prefix)
            .order(tickets::code.desc())
            .select(TicketRow::as_select())
            .limit(limit)
            .load(conn)
            .map_db_err()?
    };
    if (found.len() as i64) < limit {
        let by_subject: Vec<TicketRow> = scoped(scope)
            .filter(
                lower(tickets::subject)
                    .like(like_pattern(text))
                    .escape('\\'),
            )
            .order((tickets::active_at.desc(), tickets::id.desc()))
            .select(TicketRow::as_select())
            .limit(limit)
            .load(conn)
            .map_db_err()?;
        for row in by_subject {
            if (found.len() as i64) < limit && !found.iter().any(|f| f.id == row.id) {
                found.push(row);
            }
        }
    }
    Ok(found)
}

/// `GET tickets/{key}`: the ticket with its messages; the caller's side has now read it.
pub fn show(conn: &mut DbConnection, actor: Actor, key: &str) -> AppResult<TicketDetail> {
    let side = actor.side()?;
    let mut row = get(conn, actor.scope, key)?;
    if row.unread_for(side) {
        let read = diesel::update(tickets::table.find(row.id));
        match side {
            Side::Admin => read.set(tickets::admin_unread.eq(false)).execute(conn),
            Side::Client => read.set(tickets::client_unread.eq(false)).execute(conn),
        }
        .map_db_err()?;
        match side {
            Side::Admin => row.admin_unread = false,
            Side::Client => row.client_unread = false,
        }
    }
    detail(conn, actor, row)
}

fn check_message(errors: &mut FieldErrors, field: &str, value: &Option<String>) -> String {
    let text = value.as_deref().unwrap_or_default().trim().to_owned();
    errors.check_text(field, &text, MAX_MESSAGE, "Le message est obligatoire.");
    text
}

fn record(
    conn: &mut DbConnection,
    actor: Actor,
    action: &str,
    row: &TicketRow,
    details: serde_json::Value,
) -> AppResult<()> {
    activities::record(
        conn,
        NewActivity {
            user_id: Some(actor.user_id),
            action,
            subject_type: Some("ticket"),
            subject_key: Some(&row.key),
            details: Some(details),
        },
    )
    .map_db_err()
}

fn insert_message(
    conn: &mut DbConnection,
    ticket_id: i64,
    actor: Actor,
    side: Side,
    body: &str,
    at: NaiveDateTime,
) -> AppResult<String> {
    let key = colivra_core::key::random_key(12);
    diesel::insert_into(ticket_messages::table)
        .values((
            ticket_messages::key.eq(&key),
            ticket_messages::ticket_id.eq(ticket_id),
            ticket_messages::author_id.eq(actor.user_id),
            ticket_messages::side.eq(side.as_str()),
            ticket_messages::body.eq(body),
            ticket_messages::created_at.eq(at),
        ))
        .execute(conn)
        .map_db_err()?;
    Ok(key)
}

/// `POST tickets`: a merchant opens a ticket with its first message; it waits for the staff.
pub fn create(
    conn: &mut DbConnection,
    actor: Actor,
    input: &TicketInput,
) -> AppResult<TicketDetail> {
    let Scope::Merchant(client_id) = actor.scope else {
        return Err(AppError::Forbidden(
            "Seuls les clients ouvrent des tickets.".to_owned(),
        ));
    };
    let mut errors = FieldErrors::new();
    let subject = input
        .subject
        .as_deref()
        .unwrap_or_default()
        .trim()
        .to_owned();
    errors.check_text(
        "subject",
        &subject,
        MAX_SUBJECT,
        "Le sujet est obligatoire.",
    );
    let category = match trimmed(&input.category) {
        Some(raw) => TicketCategory::parse(&raw),
        None => None,
    };
    if category.is_none() {
        errors.add(
            "category",
            "Choisissez une catégorie : parcel, pickup, invoice, account ou other.",
        );
    }
    let message = check_message(&mut errors, "message", &input.message);
    let parcel = match trimmed(&input.parcel) {
        Some(code) => match colivra_parcels::parcel::get(conn, actor.scope, &code) {
            Ok(row) => Some(row),
            Err(AppError::NotFound) => {
                errors.add("parcel", "Aucun de vos colis ne porte ce code.");
                None
            }
            Err(other) => return Err(other),
        },
        None => None,
    };
    errors.into_result()?;
    let category = category.unwrap_or(TicketCategory::Other);
    let row = immediate_transaction(conn, |conn| {
        let now = time::now();
        let code = loop {
            let code = colivra_core::key::prefixed_key("TK", 6);
            let taken: i64 = tickets::table
                .filter(tickets::code.eq(&code))
                .count()
                .get_result(conn)
                .map_db_err()?;
            if taken == 0 {
                break code;
            }
        };
        let row: TicketRow = diesel::insert_into(tickets::table)
            .values((
                tickets::key.eq(colivra_core::key::random_key(12)),
                tickets::code.eq(&code),
                tickets::client_id.eq(client_id),
                tickets::opened_by.eq(actor.user_id),
                tickets::subject.eq(&subject),
                tickets::category.eq(category.as_str()),
                tickets::status.eq(TicketStatus::Open.as_str()),
                tickets::parcel_id.eq(parcel.as_ref().map(|p| p.id)),
                tickets::client_unread.eq(false),
                tickets::admin_unread.eq(true),
                tickets::messages_count.eq(1),
                tickets::active_at.eq(now),
                tickets::created_at.eq(now),
                tickets::updated_at.eq(now),
            ))
            .returning(tickets::all_columns)
            .get_result(conn)
            .map_db_err()?;
        insert_message(conn, row.id, actor, Side::Client, &message, now)?;
        record(
            conn,
            actor,
            "ticket.opened",
            &row,
            serde_json::json!({
                "code": row.code,
                "category": category.as_str(),
                "parcel": parcel.as_ref().map(|p| p.key.clone()),
            }),
        )?;
        Ok(row)
    })?;
    detail(conn, actor, row)
}

/// `PUT tickets {key, status}`: either side closes; the merchant reopens. The same status is a
/// 409 (two staff closing the same ticket at once: one wins, the other gets 409).
pub fn set_status(
    conn: &mut DbConnection,
    actor: Actor,
    input: &TicketStatusInput,
) -> AppResult<TicketDetail> {
    let side = actor.side()?;
    let mut errors = FieldErrors::new();
    let key = trimmed(&input.key);
    if key.is_none() {
        errors.add("key", "Le ticket est obligatoire.");
    }
    let status = trimmed(&input.status).and_then(|s| TicketStatus::parse(&s));
    match status {
        Some(TicketStatus::Closed) => {}
        Some(TicketStatus::Open) if side == Side::Client => {}
        Some(TicketStatus::Open) => {
            errors.add(
                "status",
                "Seul le client rouvre un ticket (en écrivant un message).",
            );
        }
        _ => {
            errors.add("status", "Statut possible : closed, ou open pour rouvrir.");
        }
    }
    errors.into_result()?;
    let (Some(key), Some(status)) = (key, status) else {
        return Err(AppError::internal("checked above"));
    };
    let row = get(conn, actor.scope, &key)?;
    let row = immediate_transaction(conn, |conn| {
        let now = time::now();
        let target = tickets::table.find(row.id);
        let changed: Option<TicketRow> = match status {
            TicketStatus::Closed => {
                diesel::update(target.filter(tickets::status.ne(TicketStatus::Closed.as_str())))
                    .set((
                        tickets::status.eq(TicketStatus::Closed.as_str()),
                        tickets::active_at.eq(now),
                        tickets::updated_at.eq(now),
                    ))
                    .returning(tickets::all_columns)
                    .get_result(conn)
                    .optional()
                    .map_db_err()?
            }
            _ => diesel::update(target.filter(tickets::status.eq(TicketStatus::Closed.as_str())))
                .set((
                    tickets::status.eq(TicketStatus::Open.as_str()),
                    tickets::active_at.eq(now),
                    tickets::updated_at.eq(now),
                ))
                .returning(tickets::all_columns)
                .get_result(conn)
                .optional()
                .map_db_err()?,
        };
        let Some(changed) = changed else {
            return Err(AppError::Conflict(match status {
                TicketStatus::Closed => "Ce ticket est déjà fermé.".to_owned(),
                _ => "Ce ticket est déjà ouvert.".to_owned(),
            }));
        };
        let action = match status {
            TicketStatus::Closed => "ticket.closed",
            _ => "ticket.reopened",
        };
        record(
            conn,
            actor,
            action,
            &changed,
            serde_json::json!({
                "code": changed.code,
                "status": {"old": row.status, "new": changed.status},
            }),
        )?;
        Ok(changed)
    })?;
    detail(conn, actor, row)
}

/// `POST tickets/{key}/messages`: a staff reply makes the ticket `answered`, a merchant's message
/// `open` (a closed ticket too); the other side has it unread.
pub fn add_message(
    conn: &mut DbConnection,
    actor: Actor,
    key: &str,
    input: &MessageInput,
) -> AppResult<TicketDetail> {
    let side = actor.side()?;
    let row = get(conn, actor.scope, key)?;
    let mut errors = FieldErrors::new();
    let body = check_message(&mut errors, "body", &input.body);
    errors.into_result()?;
    let (status, action) = match side {
        Side::Admin => (TicketStatus::Answered, "ticket.replied"),
        Side::Client => (TicketStatus::Open, "ticket.replied"),
    };
    let row = immediate_transaction(conn, |conn| {
        let now = time::now();
        let target = diesel::update(tickets::table.find(row.id));
        let changed: TicketRow = match side {
            Side::Admin => target
                .set((
                    tickets::status.eq(status.as_str()),
                    tickets::client_unread.eq(true),
                    tickets::messages_count.eq(tickets::messages_count + 1),
                    tickets::active_at.eq(now),
                    tickets::updated_at.eq(now),
                ))
                .returning(tickets::all_columns)
                .get_result(conn),
            Side::Client => target
                .set((
                    tickets::status.eq(status.as_str()),
                    tickets::admin_unread.eq(true),
                    tickets::messages_count.eq(tickets::messages_count + 1),
                    tickets::active_at.eq(now),
                    tickets::updated_at.eq(now),
                ))
                .returning(tickets::all_columns)
                .get_result(conn),
        }
        .map_db_err()?;
        let message = insert_message(conn, row.id, actor, side, &body, now)?;
        record(
            conn,
            actor,
            action,
            &changed,
            serde_json::json!({
                "code": changed.code,
                "message": message,
                "side": side.as_str(),
                "status": {"old": row.status, "new": changed.status},
            }),
        )?;
        Ok(changed)
    })?;
    detail(conn, actor, row)
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

/// `DELETE tickets/{ticket}/messages/{message}`: its author, while nothing of the other side
/// came after it, never the first message (409 otherwise).
pub fn delete_message(
    conn: &mut DbConnection,
    actor: Actor,
    ticket_key: &str,
    message_key: &str,
) -> AppResult<()> {
    actor.side()?;
    let row = get(conn, actor.scope, ticket_key)?;
    immediate_transaction(conn, |conn| {
        let now = time::now();
        // Taken first: a reply being written on the same ticket waits for this one.
        diesel::update(tickets::table.find(row.id))
            .set(tickets::updated_at.eq(now))
            .execute(conn)
            .map_db_err()?;
        let messages: Vec<MessageRow> = ticket_messages::table
            .filter(ticket_messages::ticket_id.eq(row.id))
            .order(ticket_messages::id.asc())
            .select(MessageRow::as_select())
            .load(conn)
            .map_db_err()?;
        let message = messages
            .iter()
            .find(|m| m.key == message_key.trim())
            .ok_or(AppError::NotFound)?;
        if let Some(reason) = refusal(actor, &messages, message) {
            return Err(AppError::Conflict(reason.to_owned()));
        }
        diesel::delete(ticket_messages::table.find(message.id))
            .execute(conn)
            .map_db_err()?;
        // The conversation as it is now: its last message decides the status (unless closed)
        // and whether the other side still has something unread.
        let last = messages.iter().rev().find(|m| m.id != message.id);
        let last_side = last.map(|m| m.side.as_str()).unwrap_or("client");
        let mut status = row.status();
        if status != TicketStatus::Closed {
            status = if last_side == "admin" {
                TicketStatus::Answered
            } else {
                TicketStatus::Open
            };
        }
        let (client_unread, admin_unread) = if last_side != message.side {
            match message.side.as_str() {
                "admin" => (false, row.admin_unread),
                _ => (row.client_unread, false),
            }
        } else {
            (row.client_unread, row.admin_unread)
        };
        diesel::update(tickets::table.find(row.id))
            .set((
                tickets::status.eq(status.as_str()),
                tickets::client_unread.eq(client_unread),
                tickets::admin_unread.eq(admin_unread),
                tickets::messages_count.eq(tickets::messages_count - 1),
            ))
            .execute(conn)
            .map_db_err()?;
        record(
            conn,
            actor,
            "ticket.message_deleted",
            &row,
            serde_json::json!({ "code": row.code, "message": message.key }),
        )
    })
}

/// The list shapes of `rows`, for a caller of `side`.
pub fn views(
    conn: &mut DbConnection,
    side: Side,
    rows: Vec<TicketRow>,
) -> AppResult<Vec<TicketView>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let last_ids: Vec<i64> = if ids.is_empty() {
        Vec::new()
    } else {
        ticket_messages::table
            .filter(ticket_messages::ticket_id.eq_any(&ids))
            .group_by(ticket_messages::ticket_id)
            .select(diesel::dsl::max(ticket_messages::id))
            .load::<Option<i64>>(conn)
            .map_db_err()?
            .into_iter()
            .flatten()
            .collect()
    };
    let last: Vec<MessageRow> = if last_ids.is_empty() {
        Vec::new()
    } else {
        ticket_messages::table
            .filter(ticket_messages::id.eq_any(&last_ids))
            .select(MessageRow::as_select())
            .load(conn)
            .map_db_err()?
    };
    let parcel_ids: Vec<i64> = rows.iter().filter_map(|r| r.parcel_id).collect();
    let codes: HashMap<i64, String> = if parcel_ids.is_empty() {
        HashMap::new()
    } else {
        parcels::table
            .filter(parcels::id.eq_any(&parcel_ids))
            .select((parcels::id, parcels::key))
            .load::<(i64, String)>(conn)
            .map_db_err()?
            .into_iter()
            .collect()
    };
    let people_ids: Vec<i64> = rows
        .iter()
        .map(|r| r.client_id)
        .chain(last.iter().filter_map(|m| m.author_id))
        .collect();
    let people = people::load(conn, &people_ids)?;
    let person = |id: Option<i64>| {
        id.and_then(|id| people.get(&id).cloned())
            .unwrap_or_else(people::gone)
    };
    Ok(rows
        .into_iter()
        .map(|row| {
            let status = row.status();
            let category = TicketCategory::parse(&row.category).unwrap_or(TicketCategory::Other);
            let client = person(Some(row.client_id));
            let last_message = last
                .iter()
                .find(|m| m.ticket_id == row.id)
                .map(|m| LastMessage {
                    body: m.body.chars().take(PREVIEW_CHARS).collect(),
                    author: person(m.author_id).author(),
                    created_at: m.created_at,
                });
            TicketView {
                unread: row.unread_for(side),
                parcel: row
                    .parcel_id
                    .and_then(|id| codes.get(&id))
                    .map(|code| TicketParcelRef {
                        key: code.clone(),
                        code: code.clone(),
                    }),
                client: TicketClientRef {
                    key: client.key,
                    name: client.name,
                    company: client.company,
                },
                key: row.key,
                code: row.code,
                subject: row.subject,
                category,
                category_label: category.label(),
                status,
                status_label: status.label(),
                last_message,
                messages_count: row.messages_count,
                created_at: row.created_at,
                updated_at: row.updated_at,
            }
        })
        .collect())
}

fn detail(conn: &mut DbConnection, actor: Actor, row: TicketRow) -> AppResult<TicketDetail> {
    let side = actor.side()?;
    let messages: Vec<MessageRow> = ticket_messages::table
        .filter(ticket_messages::ticket_id.eq(row.id))
        .order(ticket_messages::id.asc())
        .select(MessageRow::as_select())
        .load(conn)
        .map_db_err()?;
    let authors: Vec<i64> = messages.iter().filter_map(|m| m.author_id).collect();
    let people = people::load(conn, &authors)?;
    let messages = messages
        .iter()
        .map(|m| MessageView {
            key: m.key.clone(),
            author: m
                .author_id
                .and_then(|id| people.get(&id).cloned())
                .unwrap_or_else(people::gone)
                .author(),
            body: m.body.clone(),
            created_at: m.created_at,
            mine: m.author_id == Some(actor.user_id),
            deletable: refusal(actor, &messages, m).is_none(),
        })
        .collect();
    let ticket = views(conn, side, vec![row])?
        .pop()
        .ok_or(AppError::NotFound)?;
    Ok(TicketDetail { ticket, messages })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(id: i64, author: i64, side: &str) -> MessageRow {
        MessageRow {
            id,
            key: format!("M{id}"),
            ticket_id: 1,
            author_id: Some(author),
            side: side.to_owned(),
            body: String::new(),
            created_at: time::now(),
        }
    }

    #[test]
    fn only_the_author_deletes_an_unanswered_message_never_the_first() {
        let merchant = Actor {
            user_id: 7,
            scope: Scope::Merchant(7),
        };
        let admin = Actor {
            user_id: 1,
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
