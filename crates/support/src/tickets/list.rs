//! Reading tickets: the lists, the unread count, the search, one ticket with its messages.

use super::*;
use colivra_db::fixed_sql::FixedLimitDsl;

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
    let (merchant, parcel) = (trimmed(&filters.merchant), trimmed(&filters.parcel));
    let unread = filters.unread == Some(true);
    let filtered = || -> Boxed<'_> {
        let mut q = scoped(actor.scope);
        if let Some(status) = status {
            q = q.filter(tickets::status.eq(status.as_str()));
        }
        if let Some(category) = category {
            q = q.filter(tickets::category.eq(category.as_str()));
        }
        if let Some(key) = &merchant {
            q = q.filter(
                tickets::merchant_id.eq_any(
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
                Side::Merchant => q.filter(tickets::merchant_unread.eq(true)),
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
                .fixed_limit(limit, offset)
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
        Side::Merchant => q.filter(tickets::merchant_unread.eq(true)),
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
            Side::Merchant => read.set(tickets::merchant_unread.eq(false)).execute(conn),
        }
        .map_db_err()?;
        match side {
            Side::Admin => row.admin_unread = false,
            Side::Merchant => row.merchant_unread = false,
        }
    }
    detail(conn, actor, row)
}

/// The list shapes of `rows`, for a caller of `side`.
pub fn views(
    conn: &mut DbConnection,
    side: Side,
    rows: Vec<TicketRow>,
) -> AppResult<Vec<TicketView>> {
    let ids: Vec<TicketId> = rows.iter().map(|r| r.id).collect();
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
    let parcel_ids: Vec<ParcelId> = rows.iter().filter_map(|r| r.parcel_id).collect();
    let codes: HashMap<ParcelId, String> = if parcel_ids.is_empty() {
        HashMap::new()
    } else {
        parcels::table
            .filter(parcels::id.eq_any(&parcel_ids))
            .select((parcels::id, parcels::key))
            .load::<(ParcelId, String)>(conn)
            .map_db_err()?
            .into_iter()
            .collect()
    };
    let people_ids: Vec<UserId> = rows
        .iter()
        .map(|r| r.merchant_id.into())
        .chain(last.iter().filter_map(|m| m.author_id))
        .collect();
    let people = people::load(conn, &people_ids)?;
    let person = |id: Option<UserId>| {
        id.and_then(|id| people.get(&id).cloned())
            .unwrap_or_else(people::gone)
    };
    Ok(rows
        .into_iter()
        .map(|row| {
            let status = row.status();
            let category = TicketCategory::parse(&row.category).unwrap_or(TicketCategory::Other);
            let merchant = person(Some(row.merchant_id.into()));
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
                merchant: TicketMerchantRef {
                    key: merchant.key,
                    name: merchant.name,
                    company: merchant.company,
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

pub(super) fn detail(
    conn: &mut DbConnection,
    actor: Actor,
    row: TicketRow,
) -> AppResult<TicketDetail> {
    let side = actor.side()?;
    let messages: Vec<MessageRow> = ticket_messages::table
        .filter(ticket_messages::ticket_id.eq(row.id))
        .order(ticket_messages::id.asc())
        .select(MessageRow::as_select())
        .load(conn)
        .map_db_err()?;
    let authors: Vec<UserId> = messages.iter().filter_map(|m| m.author_id).collect();
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
