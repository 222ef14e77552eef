//! A ticket's messages: checked, written with their activity, added, deleted.

use super::*;

pub(super) fn check_message(
    errors: &mut FieldErrors,
    field: &str,
    value: &Option<String>,
) -> String {
    let text = value.as_deref().unwrap_or_default().trim().to_owned();
    errors.check_text(field, &text, MAX_MESSAGE, "Le message est obligatoire.");
    text
}

pub(super) fn record(
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

pub(super) fn insert_message(
    conn: &mut DbConnection,
    ticket_id: TicketId,
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
        Side::Merchant => (TicketStatus::Open, "ticket.replied"),
    };
    let row = immediate_transaction(conn, |conn| {
        let now = time::now();
        let target = diesel::update(tickets::table.find(row.id));
        let changed: TicketRow = match side {
            Side::Admin => target
                .set((
                    tickets::status.eq(status.as_str()),
                    tickets::merchant_unread.eq(true),
                    tickets::messages_count.eq(tickets::messages_count + 1),
                    tickets::active_at.eq(now),
                    tickets::updated_at.eq(now),
                ))
                .returning(tickets::all_columns)
                .get_result(conn),
            Side::Merchant => target
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
        if side == Side::Admin {
            colivra_db::outbox::record(
                conn,
                colivra_db::outbox::Event {
                    merchant_id: changed.merchant_id,
                    event_type: colivra_db::outbox::TICKET_ANSWERED,
                    subject_key: Some(&changed.key),
                    data: serde_json::to_value(colivra_core::webhook_events::TicketEventData {
                        key: changed.key.clone(),
                        code: changed.code.clone(),
                        subject: changed.subject.clone(),
                        status: changed.status.clone(),
                        message: body.clone(),
                        updated_at: time::to_rfc3339(&changed.updated_at),
                    })
                    .map_err(AppError::internal)?,
                },
            )
            .map_db_err()?;
            // The merchant hears of the answer by e-mail too (unless he turned it off).
            let excerpt: String = body.chars().take(300).collect();
            let link = format!("/compte/support?ticket={}", changed.key);
            colivra_notifications::outbox::queue_email_to(
                conn,
                changed.merchant_id.into(),
                colivra_notifications::Kind::TicketAnswered,
                Some(&changed.key),
                Some(&link),
                |_| {
                    serde_json::json!({
                        "ticket_code": changed.code,
                        "ticket_subject": changed.subject,
                        "excerpt": excerpt,
                    })
                },
            )?;
        }
        Ok(changed)
    })?;
    detail(conn, actor, row)
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
        let (merchant_unread, admin_unread) = if last_side != message.side {
            match message.side.as_str() {
                "admin" => (false, row.admin_unread),
                _ => (row.merchant_unread, false),
            }
        } else {
            (row.merchant_unread, row.admin_unread)
        };
        diesel::update(tickets::table.find(row.id))
            .set((
                tickets::status.eq(status.as_str()),
                tickets::merchant_unread.eq(merchant_unread),
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
