//! Reading the log: the filters, the audit of who read it, the paged list.

use super::*;
use colivra_core::UserId;

/// Whose activities a reader of `role` sees, `holds_dashboard` telling whether he holds the
/// dashboard's route name (staff who do read every activity).
pub fn reader_audit(
    conn: &mut DbConnection,
    user_id: UserId,
    scope: Scope,
    role: colivra_core::Role,
    holds_dashboard: bool,
    mine: bool,
) -> AppResult<Audit> {
    let sees_everything = role == colivra_core::Role::Admin && holds_dashboard;
    audit(conn, user_id, scope, sees_everything, mine)
}

/// Whose activities a caller sees: staff holding the dashboard, everything (their own with
/// `mine`); a merchant, his and his staff's; a delivery person, his own.
pub fn audit(
    conn: &mut DbConnection,
    user_id: UserId,
    scope: Scope,
    sees_everything: bool,
    mine: bool,
) -> AppResult<Audit> {
    Ok(match scope {
        Scope::Everyone if sees_everything && !mine => Audit::Everything,
        Scope::Everyone | Scope::DeliveryPerson(_) => Audit::Users(vec![user_id]),
        Scope::Merchant(owner) => {
            let mut ids: Vec<UserId> = merchant_staff::table
                .filter(merchant_staff::owner_id.eq(owner))
                .select(merchant_staff::user_id)
                .load(conn)
                .map_db_err()?;
            ids.push(owner.into());
            ids.push(user_id);
            ids.sort_unstable();
            ids.dedup();
            Audit::Users(ids)
        }
    })
}

pub(super) fn trimmed(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

/// The filters checked (422 on a field) and resolved for the query.
pub fn filter(conn: &mut DbConnection, filters: &ActivityFilters) -> AppResult<ActivityFilter> {
    if let (Some(from), Some(to)) = (filters.from, filters.to) {
        if to < from {
            return Err(AppError::validation(
                "to",
                "La date de fin précède la date de début.",
            ));
        }
    }
    let subject = trimmed(&filters.subject_key);
    if subject.as_deref().is_some_and(|s| s.chars().count() > 100) {
        return Err(AppError::validation(
            "subject_key",
            "100 caractères au plus.",
        ));
    }
    if let Some(lang) = trimmed(&filters.lang) {
        if Language::from_tag(&lang).is_none() {
            return Err(AppError::validation(
                "lang",
                "Langue inconnue : fr, en ou ar.",
            ));
        }
    }
    let user = match trimmed(&filters.user) {
        Some(key) => Some(
            users::table
                .filter(users::key.eq(key))
                .select(users::id)
                .first::<UserId>(conn)
                .optional()
                .map_db_err()?
                // A key naming nobody: an empty page, as for any filter matching nothing.
                .unwrap_or(UserId::new(-1)),
        ),
        None => None,
    };
    Ok(ActivityFilter {
        user,
        action: trimmed(&filters.action),
        subject,
        from: filters.from.and_then(|d| d.and_hms_opt(0, 0, 0)),
        until: filters
            .to
            .and_then(|d| d.succ_opt())
            .and_then(|d| d.and_hms_opt(0, 0, 0)),
    })
}

/// Recorded fields that name a person by his key: shown by his name.
const PEOPLE_FIELDS: &[&str] = &[
    "delivery_admin",
    "client",
    "merchant",
    "user",
    "requested_by",
];

/// Rows as the API shows them (their authors and the people their details name loaded once).
pub(super) fn views(
    conn: &mut DbConnection,
    rows: Vec<Activity>,
    language: Language,
) -> AppResult<Vec<ActivityView>> {
    let ids: Vec<UserId> = rows.iter().filter_map(|a| a.user_id).collect();
    let people = people::load(conn, &ids)?;
    let details: Vec<Option<Value>> = rows
        .iter()
        .map(|row| public_details(row.details.as_deref()))
        .collect();
    // The people the details name by key, shown by their names (one statement for the page).
    let mut named: Vec<String> = details
        .iter()
        .flatten()
        .filter_map(Value::as_object)
        .flat_map(|map| {
            PEOPLE_FIELDS
                .iter()
                .filter_map(|field| map.get(*field).and_then(Value::as_str))
        })
        .map(str::to_owned)
        .collect();
    named.sort_unstable();
    named.dedup();
    let names = people::names_by_key(conn, &named)?;
    Ok(rows
        .into_iter()
        .zip(details)
        .map(|(row, details)| {
            let mut detail_lines: Vec<DetailLine> = details
                .as_ref()
                .map(|d| render_details(row.subject_type.as_deref(), d, language))
                .unwrap_or_default();
            for line in &mut detail_lines {
                if PEOPLE_FIELDS.contains(&line.field.as_str()) {
                    if let Some(name) = names.get(&line.value) {
                        line.value = name.clone();
                    }
                }
            }
            ActivityView {
                key: row.key.unwrap_or_default(),
                user: row
                    .user_id
                    .and_then(|id| people.get(&id))
                    .map(|p| ActivityUser {
                        key: p.key.clone(),
                        name: p.name.clone(),
                        role: p.role.clone(),
                    }),
                action_label: label(&row.action, language),
                action: row.action,
                detail_lines,
                details,
                subject_code: row.subject_code.or_else(|| row.subject_key.clone()),
                subject_type: row.subject_type,
                subject_key: row.subject_key,
                created_at: row.created_at,
            }
        })
        .collect())
}

/// `GET activities`.
pub fn list(
    conn: &mut DbConnection,
    audit: &Audit,
    query: &ListQuery,
    filters: &ActivityFilters,
    language: Language,
) -> AppResult<Paginated<ActivityView>> {
    let filter = filter(conn, filters)?;
    activities::list(conn, audit, &filter, &query.page())?
        .try_map_all(|rows| views(conn, rows, language))
}
