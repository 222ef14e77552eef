//! Opening a ticket and changing its status.

use super::*;

/// `POST tickets`: a merchant opens a ticket with its first message; it waits for the staff.
pub fn create(
    conn: &mut DbConnection,
    actor: Actor,
    input: &TicketInput,
) -> AppResult<TicketDetail> {
    let Scope::Merchant(merchant_id) = actor.scope else {
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
                tickets::merchant_id.eq(merchant_id),
                tickets::opened_by.eq(actor.user_id),
                tickets::subject.eq(&subject),
                tickets::category.eq(category.as_str()),
                tickets::status.eq(TicketStatus::Open.as_str()),
                tickets::parcel_id.eq(parcel.as_ref().map(|p| p.id)),
                tickets::merchant_unread.eq(false),
                tickets::admin_unread.eq(true),
                tickets::messages_count.eq(1),
                tickets::active_at.eq(now),
                tickets::created_at.eq(now),
                tickets::updated_at.eq(now),
            ))
            .returning(tickets::all_columns)
            .get_result(conn)
            .map_db_err()?;
        insert_message(conn, row.id, actor, Side::Merchant, &message, now)?;
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
        Some(TicketStatus::Open) if side == Side::Merchant => {}
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
