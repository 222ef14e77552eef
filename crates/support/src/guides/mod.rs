//! Guides: Markdown pages the staff write for merchants (rendered by the web app without raw
//! HTML). Two guides ship with the product and are not stored: the merchant API guide, which the
//! gateway writes from the live OpenAPI document ([`built_in`] gives it its shape), and the
//! delivery people's round guide ([`round`], in the reader's language); neither can be edited or
//! deleted.

pub mod round;

use chrono::NaiveDateTime;
use colivra_core::{time, AppError, AppResult, FieldErrors, Role, UserId};
use colivra_db::activities::{self, NewActivity};
use colivra_db::schema::guides;
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::announcements::{parse_audience, Audience};

/// The key of the built-in merchant API guide.
pub const BUILT_IN_KEY: &str = "merchant-api";
pub const MAX_TITLE: usize = 150;
pub const MAX_BODY: usize = 20_000;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = guides)]
pub struct GuideRow {
    pub id: i64,
    pub key: String,
    pub title: String,
    pub body: String,
    pub audience: String,
    pub author_id: Option<UserId>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GuideView {
    pub key: String,
    pub title: String,
    /// Markdown (no raw HTML).
    pub body: String,
    pub audience: Audience,
    /// The merchant API guide the product ships (written from the live API description).
    pub built_in: bool,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub updated_at: NaiveDateTime,
}

impl From<GuideRow> for GuideView {
    fn from(row: GuideRow) -> Self {
        GuideView {
            key: row.key,
            title: row.title,
            body: row.body,
            audience: Audience::parse(&row.audience).unwrap_or(Audience::All),
            built_in: false,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct GuideInput {
    #[schema(value_type = String, min_length = 1, max_length = 150)]
    pub title: Option<String>,
    /// Markdown.
    #[schema(value_type = String, min_length = 1, max_length = 20000)]
    pub body: Option<String>,
    #[schema(value_type = Audience)]
    pub audience: Option<String>,
}

/// The delivery people's round guide in `language`, as of `at`.
pub fn round_guide(language: colivra_core::Language, at: NaiveDateTime) -> GuideView {
    let (title, body) = round::text(language);
    GuideView {
        key: round::KEY.to_owned(),
        title: title.to_owned(),
        body: body.to_owned(),
        audience: Audience::Delivery,
        built_in: true,
        created_at: at,
        updated_at: at,
    }
}

/// The built-in merchant API guide with its `title` and `body` (written by the gateway in the
/// reader's language) as of `at`.
pub fn built_in(title: &str, body: String, at: NaiveDateTime) -> GuideView {
    GuideView {
        key: BUILT_IN_KEY.to_owned(),
        title: title.to_owned(),
        body,
        audience: Audience::Merchants,
        built_in: true,
        created_at: at,
        updated_at: at,
    }
}

/// The audiences whose guides a user of `role` reads (staff: every guide).
fn audiences(role: Role) -> Option<Vec<&'static str>> {
    match role {
        Role::Admin => None,
        role => Some(Audience::of(role)),
    }
}

/// Whether a user of `role` reads guides written for `audience`.
fn reads(role: Role, audience: Audience) -> bool {
    audiences(role).is_none_or(|readable| readable.contains(&audience.as_str()))
}

/// `GET guides`: the stored guides a user of `role` reads, by title.
/// `GET guides`: the built-in merchant API guide first, then the stored guides of the reader's
/// audience, all on one page.
pub fn list_with_built_in(
    conn: &mut DbConnection,
    role: Role,
    built_ins: Vec<GuideView>,
) -> AppResult<colivra_core::Paginated<GuideView>> {
    // Each to its audience: the merchant API guide to merchants, the round to delivery people
    // (the staff read both).
    let mut data: Vec<GuideView> = built_ins
        .into_iter()
        .filter(|guide| reads(role, guide.audience))
        .collect();
    data.extend(list(conn, role)?);
    let total = data.len() as i64;
    Ok(colivra_core::Paginated {
        data,
        meta: colivra_core::Page::Number {
            page: 1,
            per_page: total.max(1),
        }
        .meta(total),
    })
}

/// `GET guides/{key}`: the built-in guide, or a stored one of the reader's audience.
pub fn show(
    conn: &mut DbConnection,
    role: Role,
    key: &str,
    built_ins: impl FnOnce() -> Vec<GuideView>,
) -> AppResult<GuideView> {
    if is_built_in(key) {
        return built_ins()
            .into_iter()
            .find(|guide| guide.key == key.trim() && reads(role, guide.audience))
            .ok_or(AppError::NotFound);
    }
    get(conn, role, key)
}

pub fn list(conn: &mut DbConnection, role: Role) -> AppResult<Vec<GuideView>> {
    let mut q = guides::table.into_boxed();
    if let Some(audiences) = audiences(role) {
        q = q.filter(guides::audience.eq_any(audiences));
    }
    Ok(q.order((guides::title.asc(), guides::id.asc()))
        .select(GuideRow::as_select())
        .load(conn)
        .map_db_err()?
        .into_iter()
        .map(GuideView::from)
        .collect())
}

/// One stored guide a user of `role` reads, else 404.
pub fn get(conn: &mut DbConnection, role: Role, key: &str) -> AppResult<GuideView> {
    let mut q = guides::table
        .filter(guides::key.eq(key.trim().to_owned()))
        .into_boxed();
    if let Some(audiences) = audiences(role) {
        q = q.filter(guides::audience.eq_any(audiences));
    }
    q.select(GuideRow::as_select())
        .first(conn)
        .optional()
        .map_db_err()?
        .map(GuideView::from)
        .ok_or(AppError::NotFound)
}

fn checked(input: &GuideInput) -> AppResult<(String, String, Audience)> {
    let mut errors = FieldErrors::new();
    let title = input.title.as_deref().unwrap_or_default().trim().to_owned();
    errors.check_text("title", &title, MAX_TITLE, "Le titre est obligatoire.");
    let body = input.body.as_deref().unwrap_or_default().trim().to_owned();
    errors.check_text("body", &body, MAX_BODY, "Le contenu est obligatoire.");
    let audience = parse_audience(&mut errors, &input.audience);
    errors.into_result()?;
    Ok((title, body, audience))
}

fn record(
    conn: &mut DbConnection,
    actor_id: UserId,
    action: &str,
    row: &GuideRow,
) -> AppResult<()> {
    activities::record(
        conn,
        NewActivity {
            user_id: Some(actor_id),
            action,
            subject_type: Some("guide"),
            subject_key: Some(&row.key),
            details: Some(serde_json::json!({ "title": row.title })),
        },
    )
    .map_db_err()
}

/// Whether `key` names a guide the product ships.
fn is_built_in(key: &str) -> bool {
    [BUILT_IN_KEY, round::KEY].contains(&key.trim())
}

fn refuse_built_in(key: &str) -> AppResult<()> {
    if is_built_in(key) {
        Err(AppError::Conflict(
            "Ce guide est livré avec le produit : il ne se modifie ni ne se supprime.".to_owned(),
        ))
    } else {
        Ok(())
    }
}

/// `POST guides`.
pub fn create(
    conn: &mut DbConnection,
    actor_id: UserId,
    input: &GuideInput,
) -> AppResult<GuideView> {
    let (title, body, audience) = checked(input)?;
    immediate_transaction(conn, |conn| {
        let now = time::now();
        let row: GuideRow = diesel::insert_into(guides::table)
            .values((
                guides::key.eq(colivra_core::key::random_key(12)),
                guides::title.eq(&title),
                guides::body.eq(&body),
                guides::audience.eq(audience.as_str()),
                guides::author_id.eq(actor_id),
                guides::created_at.eq(now),
                guides::updated_at.eq(now),
            ))
            .returning(guides::all_columns)
            .get_result(conn)
            .map_db_err()?;
        record(conn, actor_id, "guide.written", &row)?;
        Ok(GuideView::from(row))
    })
}

/// `PUT guides/{key}` (the built-in guide: 409).
pub fn update(
    conn: &mut DbConnection,
    actor_id: UserId,
    key: &str,
    input: &GuideInput,
) -> AppResult<GuideView> {
    refuse_built_in(key)?;
    get(conn, Role::Admin, key)?;
    let (title, body, audience) = checked(input)?;
    immediate_transaction(conn, |conn| {
        let row: GuideRow = diesel::update(guides::table.filter(guides::key.eq(key.trim())))
            .set((
                guides::title.eq(&title),
                guides::body.eq(&body),
                guides::audience.eq(audience.as_str()),
                guides::updated_at.eq(time::now()),
            ))
            .returning(guides::all_columns)
            .get_result(conn)
            .optional()
            .map_db_err()?
            .ok_or(AppError::NotFound)?;
        record(conn, actor_id, "guide.written", &row)?;
        Ok(GuideView::from(row))
    })
}

/// `DELETE guides/{key}` (the built-in guide: 409).
pub fn delete(conn: &mut DbConnection, actor_id: UserId, key: &str) -> AppResult<()> {
    refuse_built_in(key)?;
    immediate_transaction(conn, |conn| {
        let row: GuideRow = diesel::delete(guides::table.filter(guides::key.eq(key.trim())))
            .returning(guides::all_columns)
            .get_result(conn)
            .optional()
            .map_db_err()?
            .ok_or(AppError::NotFound)?;
        record(conn, actor_id, "guide.deleted", &row)
    })
}
