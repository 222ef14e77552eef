//! Announcements: the staff tell merchants, delivery people or everyone (a holiday closure, a
//! new city), shown on their dashboards from `starts_on` to `ends_on` (both included).

use chrono::{NaiveDate, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, FieldErrors, ListQuery, Paginated, Role, UserId};
use colivra_db::activities::{self, NewActivity};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::paginate;
use colivra_db::schema::announcements;
use colivra_db::{immediate_transaction, DbBackend, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::people;

pub const MAX_TITLE: usize = 150;
pub const MAX_BODY: usize = 5000;

/// Who reads an announcement or a guide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    All,
    #[serde(rename = "clients")]
    Merchants,
    Delivery,
}

impl Audience {
    pub const ALL: [Audience; 3] = [Audience::All, Audience::Merchants, Audience::Delivery];

    pub fn as_str(self) -> &'static str {
        match self {
            Audience::All => "all",
            Audience::Merchants => "clients",
            Audience::Delivery => "delivery",
        }
    }

    pub fn parse(value: &str) -> Option<Audience> {
        Self::ALL.into_iter().find(|a| a.as_str() == value.trim())
    }

    pub fn label(self) -> &'static str {
        match self {
            Audience::All => "Tout le monde",
            Audience::Merchants => "Clients",
            Audience::Delivery => "Livreurs",
        }
    }

    /// The audiences a user of `role` belongs to (staff: `all` only).
    pub fn of(role: Role) -> Vec<&'static str> {
        match role {
            Role::Admin => vec![Audience::All.as_str()],
            Role::Merchant => vec![Audience::All.as_str(), Audience::Merchants.as_str()],
            Role::DeliveryPerson => vec![Audience::All.as_str(), Audience::Delivery.as_str()],
        }
    }
}

/// The audience of a form, else a 422 on `audience`.
pub(crate) fn parse_audience(errors: &mut FieldErrors, value: &Option<String>) -> Audience {
    match value.as_deref().and_then(Audience::parse) {
        Some(audience) => audience,
        None => {
            errors.add(
                "audience",
                "Choisissez le public : all, clients ou delivery.",
            );
            Audience::All
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = announcements)]
pub struct AnnouncementRow {
    pub id: i64,
    pub key: String,
    pub title: String,
    pub body: String,
    pub audience: String,
    pub starts_on: Option<NaiveDate>,
    pub ends_on: Option<NaiveDate>,
    pub author_id: Option<UserId>,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AnnouncementAuthor {
    pub name: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AnnouncementView {
    pub key: String,
    pub title: String,
    /// Plain text.
    pub body: String,
    pub audience: Audience,
    pub audience_label: &'static str,
    #[schema(value_type = Option<String>, format = Date)]
    pub starts_on: Option<NaiveDate>,
    #[schema(value_type = Option<String>, format = Date)]
    pub ends_on: Option<NaiveDate>,
    pub author: AnnouncementAuthor,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct AnnouncementInput {
    #[schema(min_length = 1, max_length = 150)]
    pub title: Option<String>,
    /// Plain text.
    #[schema(min_length = 1, max_length = 5000)]
    pub body: Option<String>,
    #[schema(value_type = Audience)]
    pub audience: Option<String>,
    /// First day shown (`YYYY-MM-DD`); none: from now.
    #[schema(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "colivra_core::time::optional_day")]
    pub starts_on: Option<NaiveDate>,
    /// Last day shown; none: until deleted.
    #[schema(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "colivra_core::time::optional_day")]
    pub ends_on: Option<NaiveDate>,
}

#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
pub struct AnnouncementFilters {
    /// `true`: only those shown today (staff managing them see every one otherwise).
    pub current: Option<bool>,
}

/// Who reads the list.
#[derive(Debug, Clone, Copy)]
pub enum Reader {
    /// Staff holding `announcements`: every announcement.
    Manager,
    /// Anyone else: the current ones of his audience.
    Member(Role),
}

impl Reader {
    /// Staff holding `announcements` manage them; anyone else reads his audience's.
    pub fn of(role: Role, manages: bool) -> Reader {
        if role == Role::Admin && manages {
            Reader::Manager
        } else {
            Reader::Member(role)
        }
    }
}

type Boxed<'a> = announcements::BoxedQuery<'a, DbBackend>;

/// The day announcements are shown for (UTC).
pub fn today() -> NaiveDate {
    time::now().date()
}

/// `GET announcements`: managers see every one (or the current ones); anyone else the current
/// ones of his audience. Newest first.
pub fn list(
    conn: &mut DbConnection,
    reader: Reader,
    query: &ListQuery,
    filters: &AnnouncementFilters,
) -> AppResult<Paginated<AnnouncementView>> {
    let today = today();
    let (current, audiences) = match reader {
        Reader::Manager => (filters.current == Some(true), None),
        Reader::Member(role) => (true, Some(Audience::of(role))),
    };
    let filtered = || -> Boxed<'_> {
        let mut q = announcements::table.into_boxed();
        if current {
            q = q
                .filter(
                    announcements::starts_on
                        .is_null()
                        .or(announcements::starts_on.le(today)),
                )
                .filter(
                    announcements::ends_on
                        .is_null()
                        .or(announcements::ends_on.ge(today)),
                );
        }
        if let Some(audiences) = &audiences {
            q = q.filter(announcements::audience.eq_any(audiences.clone()));
        }
        q
    };
    let page = paginate(
        conn,
        &query.page(),
        |conn| filtered().count().get_result(conn),
        |conn, limit, offset| {
            filtered()
                .order((announcements::created_at.desc(), announcements::id.desc()))
                .select(AnnouncementRow::as_select())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )?;
    Ok(Paginated {
        data: views(conn, page.data)?,
        meta: page.meta,
    })
}

fn views(conn: &mut DbConnection, rows: Vec<AnnouncementRow>) -> AppResult<Vec<AnnouncementView>> {
    let ids: Vec<UserId> = rows.iter().filter_map(|r| r.author_id).collect();
    let people = people::load(conn, &ids)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let audience = Audience::parse(&row.audience).unwrap_or(Audience::All);
            AnnouncementView {
                author: AnnouncementAuthor {
                    name: row
                        .author_id
                        .and_then(|id| people.get(&id).cloned())
                        .unwrap_or_else(people::gone)
                        .name,
                },
                key: row.key,
                title: row.title,
                body: row.body,
                audience,
                audience_label: audience.label(),
                starts_on: row.starts_on,
                ends_on: row.ends_on,
                created_at: row.created_at,
            }
        })
        .collect())
}

/// `POST announcements`.
pub fn create(
    conn: &mut DbConnection,
    actor_id: UserId,
    input: &AnnouncementInput,
) -> AppResult<AnnouncementView> {
    let mut errors = FieldErrors::new();
    let title = input.title.as_deref().unwrap_or_default().trim().to_owned();
    errors.check_text("title", &title, MAX_TITLE, "Le titre est obligatoire.");
    let body = input.body.as_deref().unwrap_or_default().trim().to_owned();
    errors.check_text("body", &body, MAX_BODY, "Le texte est obligatoire.");
    let audience = parse_audience(&mut errors, &input.audience);
    if let (Some(starts), Some(ends)) = (input.starts_on, input.ends_on) {
        if ends < starts {
            errors.add("ends_on", "La date de fin précède la date de début.");
        }
    }
    errors.into_result()?;
    let row = immediate_transaction(conn, |conn| {
        let row: AnnouncementRow = diesel::insert_into(announcements::table)
            .values((
                announcements::key.eq(colivra_core::key::random_key(12)),
                announcements::title.eq(&title),
                announcements::body.eq(&body),
                announcements::audience.eq(audience.as_str()),
                announcements::starts_on.eq(input.starts_on),
                announcements::ends_on.eq(input.ends_on),
                announcements::author_id.eq(actor_id),
                announcements::created_at.eq(time::now()),
            ))
            .returning(announcements::all_columns)
            .get_result(conn)
            .map_db_err()?;
        activities::record(
            conn,
            NewActivity {
                user_id: Some(actor_id),
                action: "announcement.published",
                subject_type: Some("announcement"),
                subject_key: Some(&row.key),
                details: Some(serde_json::json!({
                    "title": row.title,
                    "audience": row.audience,
                })),
            },
        )
        .map_db_err()?;
        Ok(row)
    })?;
    views(conn, vec![row])?.pop().ok_or(AppError::NotFound)
}

/// `DELETE announcements/{key}`.
pub fn delete(conn: &mut DbConnection, actor_id: UserId, key: &str) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let row: AnnouncementRow =
            diesel::delete(announcements::table.filter(announcements::key.eq(key.trim())))
                .returning(announcements::all_columns)
                .get_result(conn)
                .optional()
                .map_db_err()?
                .ok_or(AppError::NotFound)?;
        activities::record(
            conn,
            NewActivity {
                user_id: Some(actor_id),
                action: "announcement.deleted",
                subject_type: Some("announcement"),
                subject_key: Some(&row.key),
                details: Some(serde_json::json!({ "title": row.title })),
            },
        )
        .map_db_err()
    })
}
