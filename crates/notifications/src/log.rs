//! The admins' log of messages: every message with its attempts, filtered by recipient, channel,
//! kind and status; one sent again (a copy, queued now: the first stays as it went).

use crate::outbox::{write, Message};
use chrono::NaiveDateTime;
use colivra_core::{time, AppError, AppResult, Page, Paginated, UserId};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::paginate;
use colivra_db::schema::{
    outbound_message_attempts as attempts_log, outbound_messages as messages,
};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum OutboundMessageStatus {
    Pending,
    Sent,
    Failed,
}

impl OutboundMessageStatus {
    fn as_str(self) -> &'static str {
        match self {
            OutboundMessageStatus::Pending => "pending",
            OutboundMessageStatus::Sent => "sent",
            OutboundMessageStatus::Failed => "failed",
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum OutboundMessageChannel {
    Email,
    Sms,
    Whatsapp,
}

impl OutboundMessageChannel {
    fn as_str(self) -> &'static str {
        match self {
            OutboundMessageChannel::Email => "email",
            OutboundMessageChannel::Sms => "sms",
            OutboundMessageChannel::Whatsapp => "whatsapp",
        }
    }
}

/// `GET /api/messages`' filters.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OutboundMessageFilters {
    /// The recipient's address or phone, or its start.
    #[param(max_length = 200)]
    pub q: Option<String>,
    pub channel: Option<OutboundMessageChannel>,
    /// The message's kind (`password_reset`, `invoice_paid`…).
    #[param(max_length = 60)]
    pub kind: Option<String>,
    pub status: Option<OutboundMessageStatus>,
}

/// One message as the log shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OutboundMessageView {
    pub key: String,
    #[schema(value_type = OutboundMessageChannel)]
    pub channel: String,
    pub kind: String,
    /// An e-mail address or a phone number.
    pub recipient: String,
    pub language: String,
    pub subject: Option<String>,
    #[schema(value_type = OutboundMessageStatus)]
    pub status: String,
    pub attempts: i32,
    pub last_error: Option<String>,
    /// When it is tried next (pending only).
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub next_attempt_at: Option<NaiveDateTime>,
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub sent_at: Option<NaiveDateTime>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    /// Every attempt, oldest first.
    pub history: Vec<OutboundMessageAttempt>,
}

/// One attempt to hand a message to its server.
#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[diesel(table_name = attempts_log)]
pub struct OutboundMessageAttempt {
    #[serde(skip)]
    pub message_id: i64,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub attempted_at: NaiveDateTime,
    /// Why it failed; null: the server took it.
    pub error: Option<String>,
    pub latency_ms: i32,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = messages)]
struct Row {
    id: i64,
    key: String,
    channel: String,
    kind: String,
    recipient: String,
    language: String,
    subject: Option<String>,
    status: String,
    attempts: i32,
    last_error: Option<String>,
    next_attempt_at: NaiveDateTime,
    sent_at: Option<NaiveDateTime>,
    created_at: NaiveDateTime,
}

impl From<Row> for OutboundMessageView {
    fn from(row: Row) -> Self {
        let pending = row.status == "pending";
        OutboundMessageView {
            key: row.key,
            channel: row.channel,
            kind: row.kind,
            recipient: row.recipient,
            language: row.language,
            subject: row.subject,
            status: row.status,
            attempts: row.attempts,
            last_error: row.last_error,
            next_attempt_at: pending.then_some(row.next_attempt_at),
            sent_at: row.sent_at,
            created_at: row.created_at,
            history: Vec::new(),
        }
    }
}

/// `GET /api/messages`: newest first.
pub fn list(
    conn: &mut DbConnection,
    filters: &OutboundMessageFilters,
    page: &Page,
) -> AppResult<Paginated<OutboundMessageView>> {
    let q = filters
        .q
        .as_deref()
        .map(str::trim)
        .filter(|q| !q.is_empty())
        .map(colivra_core::pagination::like_pattern);
    let filtered = || {
        let mut query = messages::table.into_boxed();
        if let Some(pattern) = &q {
            query = query.filter(messages::recipient.like(pattern.clone()).escape('\\'));
        }
        if let Some(channel) = filters.channel {
            query = query.filter(messages::channel.eq(channel.as_str()));
        }
        if let Some(kind) = &filters.kind {
            query = query.filter(messages::kind.eq(kind.clone()));
        }
        if let Some(status) = filters.status {
            query = query.filter(messages::status.eq(status.as_str()));
        }
        query
    };
    let found = paginate(
        conn,
        page,
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            filtered()
                .order(messages::id.desc())
                .select(Row::as_select())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )?;
    let ids: Vec<i64> = found.data.iter().map(|row| row.id).collect();
    let mut history: std::collections::HashMap<i64, Vec<OutboundMessageAttempt>> =
        Default::default();
    for attempt in attempts_log::table
        .filter(attempts_log::message_id.eq_any(&ids))
        .order(attempts_log::id)
        .select(OutboundMessageAttempt::as_select())
        .load::<OutboundMessageAttempt>(conn)
        .map_db_err()?
    {
        history.entry(attempt.message_id).or_default().push(attempt);
    }
    Ok(found.map(|row| {
        let id = row.id;
        let mut view = OutboundMessageView::from(row);
        view.history = history.remove(&id).unwrap_or_default();
        view
    }))
}

fn view_of(conn: &mut DbConnection, id: i64) -> AppResult<OutboundMessageView> {
    let row: Row = messages::table
        .find(id)
        .select(Row::as_select())
        .first(conn)
        .map_db_err()?;
    let mut view = OutboundMessageView::from(row);
    view.history = attempts_log::table
        .filter(attempts_log::message_id.eq(id))
        .order(attempts_log::id)
        .select(OutboundMessageAttempt::as_select())
        .load(conn)
        .map_db_err()?;
    Ok(view)
}

/// `POST /api/messages/{key}/resend`: the same message, queued again now as a new one (its own
/// attempts); a forgotten password's link is not sent twice (a new one must be asked for: the
/// first may have been used), nor a recipient's message to a phone that asked to stop.
pub fn resend(
    conn: &mut DbConnection,
    actor_id: UserId,
    key: &str,
) -> AppResult<OutboundMessageView> {
    immediate_transaction(conn, |conn| {
        let original: Message = messages::table
            .filter(messages::key.eq(key))
            .select((
                messages::channel,
                messages::kind,
                messages::recipient,
                messages::user_id,
                messages::language,
                messages::subject,
                messages::body_text,
                messages::body_html,
                messages::subject_key,
            ))
            .first(conn)
            .optional()
            .map_db_err()?
            .ok_or(AppError::NotFound)?;
        if matches!(
            original.kind.as_str(),
            "password_reset" | "staff_invitation"
        ) {
            return Err(AppError::Conflict(
                "Un lien pour choisir un mot de passe n'est pas renvoyé : demandez-en un nouveau."
                    .to_owned(),
            ));
        }
        if original.channel != "email" && crate::recipients::stopped(conn, &original.recipient)? {
            return Err(AppError::Conflict(
                "Ce destinataire a demandé à ne plus recevoir de messages.".to_owned(),
            ));
        }
        let id = write(conn, &colivra_core::key::time_ordered_key(6), &original)?;
        activities::log(conn, Some(actor_id), "message.resent", "message", key)?;
        view_of(conn, id)
    })
}
