//! Which notices an account gets: every one its role may receive, less those it turned off;
//! security messages always.

use colivra_core::{AppResult, FieldErrors, Role, UserId};
use colivra_db::schema::notice_opt_outs;
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use validator::Validate;

use crate::kinds::Kind;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NoticeSetting {
    pub kind: Kind,
    pub enabled: bool,
    /// A security message: always sent, cannot be turned off.
    pub required: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NoticeSettings {
    pub data: Vec<NoticeSetting>,
}

/// `PUT /api/users/notices`: the notices turned off (all others on).
#[derive(Debug, Clone, Deserialize, ToSchema, Validate)]
#[serde(deny_unknown_fields)]
pub struct NoticeSettingsInput {
    #[validate(length(max = 20))]
    pub disabled: Vec<Kind>,
}

/// `GET /api/users/notices`.
pub fn get(conn: &mut DbConnection, user_id: UserId, role: Role) -> AppResult<NoticeSettings> {
    let off: Vec<String> = notice_opt_outs::table
        .filter(notice_opt_outs::user_id.eq(user_id))
        .select(notice_opt_outs::kind)
        .load(conn)
        .map_db_err()?;
    Ok(NoticeSettings {
        data: Kind::for_role(role)
            .into_iter()
            .map(|kind| NoticeSetting {
                kind,
                enabled: kind.required() || !off.iter().any(|k| k == kind.as_str()),
                required: kind.required(),
            })
            .collect(),
    })
}

/// `PUT /api/users/notices`: a security message cannot be turned off (422 on `disabled`).
pub fn set(
    conn: &mut DbConnection,
    user_id: UserId,
    user_key: &str,
    role: Role,
    input: &NoticeSettingsInput,
) -> AppResult<NoticeSettings> {
    let mut errors = FieldErrors::new();
    let allowed = Kind::for_role(role);
    for kind in &input.disabled {
        if kind.required() {
            errors.add(
                "disabled",
                "Les messages de sécurité ne peuvent pas être désactivés.",
            );
        } else if !allowed.contains(kind) {
            errors.add("disabled", "Ce type d'avis ne concerne pas ce compte.");
        }
    }
    errors.into_result()?;
    immediate_transaction(conn, |conn| {
        diesel::delete(notice_opt_outs::table.filter(notice_opt_outs::user_id.eq(user_id)))
            .execute(conn)
            .map_db_err()?;
        let mut kinds: Vec<&str> = input.disabled.iter().map(|kind| kind.as_str()).collect();
        kinds.sort_unstable();
        kinds.dedup();
        for kind in kinds {
            diesel::insert_into(notice_opt_outs::table)
                .values((
                    notice_opt_outs::user_id.eq(user_id),
                    notice_opt_outs::kind.eq(kind),
                ))
                .execute(conn)
                .map_db_err()?;
        }
        activities::log(conn, Some(user_id), "notices.updated", "user", user_key)?;
        get(conn, user_id, role)
    })
}
