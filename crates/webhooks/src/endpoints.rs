//! A merchant's webhook endpoints: where his events go, which ones, and the secret that signs
//! them (shown once, when the endpoint is made). Staff of the merchant share his endpoints.

use chrono::NaiveDateTime;
use colivra_core::{
    key, time, AppError, AppResult, FieldErrors, MerchantId, Page, Paginated, UserId,
};
use colivra_db::fixed_sql::FixedLimitDsl;
use colivra_db::listing::paginate;
use colivra_db::outbox::EVENT_TYPES;
use colivra_db::schema::webhook_endpoints as endpoints;
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::address::{check_url, MAX_URL_LENGTH};
use crate::events::WebhookEventType;

/// Endpoints one merchant may have.
pub const MAX_ENDPOINTS: i64 = 10;

/// `POST webhooks` (url and events required) and `PUT webhooks/{key}` (any of them).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct WebhookInput {
    /// https, on a public address.
    #[schema(min_length = 1, max_length = 2000)]
    pub url: Option<String>,
    #[schema(value_type = Option<Vec<WebhookEventType>>, min_items = 1, max_items = 6)]
    pub events: Option<Vec<String>>,
    /// Off: nothing is sent (events are not kept for it meanwhile). On again: a paused endpoint
    /// resumes with what waited.
    pub active: Option<bool>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct WebhookView {
    pub key: String,
    pub url: String,
    #[schema(value_type = Vec<WebhookEventType>)]
    pub events: Vec<String>,
    pub active: bool,
    /// Set when deliveries failed for 24 hours: nothing is sent until it is turned on again.
    #[serde(serialize_with = "time::rfc3339_opt")]
    #[schema(value_type = Option<String>)]
    pub paused_at: Option<NaiveDateTime>,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub updated_at: NaiveDateTime,
}

/// The answer to `POST webhooks`: the endpoint and its secret, shown this once.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CreatedWebhook {
    #[serde(flatten)]
    pub webhook: WebhookView,
    /// Signs every delivery (`Colivra-Signature`); never shown again.
    pub secret: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = endpoints)]
pub(crate) struct EndpointRow {
    pub id: i64,
    pub key: String,
    pub url: String,
    pub events: String,
    pub active: bool,
    pub paused_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl From<EndpointRow> for WebhookView {
    fn from(row: EndpointRow) -> Self {
        WebhookView {
            key: row.key,
            url: row.url,
            events: serde_json::from_str(&row.events).unwrap_or_default(),
            active: row.active,
            paused_at: row.paused_at,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

fn mine(merchant_id: MerchantId) -> endpoints::BoxedQuery<'static, colivra_db::DbBackend> {
    endpoints::table
        .filter(endpoints::merchant_id.eq(merchant_id))
        .into_boxed()
}

pub(crate) fn get(
    conn: &mut DbConnection,
    merchant_id: MerchantId,
    key: &str,
) -> AppResult<EndpointRow> {
    mine(merchant_id)
        .filter(endpoints::key.eq(key.to_owned()))
        .select(EndpointRow::as_select())
        .first(conn)
        .optional()
        .map_db_err()?
        .ok_or(AppError::NotFound)
}

pub fn list(
    conn: &mut DbConnection,
    merchant_id: MerchantId,
    page: &Page,
) -> AppResult<Paginated<WebhookView>> {
    Ok(paginate(
        conn,
        page,
        |conn| mine(merchant_id).count().get_result(conn),
        |conn, limit, offset| {
            mine(merchant_id)
                .order(endpoints::id.desc())
                .select(EndpointRow::as_select())
                .fixed_limit(limit, offset)
                .load(conn)
        },
    )?
    .map(Into::into))
}

/// The checked URL and events of `input`; `required` for creation.
fn checked(
    input: &WebhookInput,
    required: bool,
    allow_private: bool,
) -> AppResult<(Option<String>, Option<String>)> {
    let mut errors = FieldErrors::new();
    let url = match input.url.as_deref() {
        Some(url) => match check_url(url, allow_private) {
            Ok(url) => Some(url),
            Err(message) => {
                errors.add("url", message);
                None
            }
        },
        None if required => {
            errors.add(
                "url",
                format!("Indiquez l'adresse (https, {MAX_URL_LENGTH} caractères au plus)."),
            );
            None
        }
        None => None,
    };
    let events = match &input.events {
        Some(events) => {
            let mut chosen: Vec<&str> = Vec::new();
            for event in events {
                match EVENT_TYPES.iter().find(|known| **known == event.as_str()) {
                    Some(known) if !chosen.contains(known) => chosen.push(known),
                    Some(_) => {}
                    None => {
                        let shown: String = event.chars().take(60).collect();
                        errors.add("events", format!("Événement inconnu : {shown}."));
                    }
                }
            }
            if chosen.is_empty() && events.is_empty() {
                errors.add("events", "Choisissez au moins un événement.");
            }
            // Kept in the documented order, whatever order they came in.
            let ordered: Vec<&str> = EVENT_TYPES
                .iter()
                .copied()
                .filter(|known| chosen.contains(known))
                .collect();
            Some(serde_json::to_string(&ordered).map_err(AppError::internal)?)
        }
        None if required => {
            errors.add("events", "Choisissez au moins un événement.");
            None
        }
        None => None,
    };
    errors.into_result()?;
    Ok((url, events))
}

pub fn create(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_id: MerchantId,
    input: &WebhookInput,
    allow_private: bool,
) -> AppResult<CreatedWebhook> {
    let (url, events) = checked(input, true, allow_private)?;
    let (Some(url), Some(events)) = (url, events) else {
        return Err(AppError::internal("checked input without url or events"));
    };
    immediate_transaction(conn, |conn| {
        let count: i64 = mine(merchant_id).count().get_result(conn).map_db_err()?;
        if count >= MAX_ENDPOINTS {
            return Err(AppError::validation(
                "url",
                format!("{MAX_ENDPOINTS} adresses au plus : supprimez-en une d'abord."),
            ));
        }
        let now = time::now();
        let key = key::random_key(12);
        let secret = format!("whsec_{}", key::random_secret(32));
        diesel::insert_into(endpoints::table)
            .values((
                endpoints::key.eq(&key),
                endpoints::merchant_id.eq(merchant_id),
                endpoints::url.eq(&url),
                endpoints::events.eq(&events),
                endpoints::secret.eq(&secret),
                endpoints::active.eq(input.active.unwrap_or(true)),
                endpoints::created_at.eq(now),
                endpoints::updated_at.eq(now),
            ))
            .execute(conn)
            .map_db_err()?;
        record(conn, actor_id, "webhook.created", &key, &url)?;
        Ok(CreatedWebhook {
            webhook: get(conn, merchant_id, &key)?.into(),
            secret,
        })
    })
}

pub fn update(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_id: MerchantId,
    key: &str,
    input: &WebhookInput,
    allow_private: bool,
) -> AppResult<WebhookView> {
    let (url, events) = checked(input, false, allow_private)?;
    immediate_transaction(conn, |conn| {
        let row = get(conn, merchant_id, key)?;
        let now = time::now();
        let active = input.active.unwrap_or(row.active);
        // Turned on (again): a pause ends and what waited goes out.
        let paused_at = if input.active == Some(true) {
            None
        } else {
            row.paused_at
        };
        diesel::update(endpoints::table.find(row.id))
            .set((
                endpoints::url.eq(url.as_deref().unwrap_or(&row.url)),
                endpoints::events.eq(events.as_deref().unwrap_or(&row.events)),
                endpoints::active.eq(active),
                endpoints::paused_at.eq(paused_at),
                endpoints::updated_at.eq(now),
            ))
            .execute(conn)
            .map_db_err()?;
        if active && (row.paused_at.is_some() || !row.active) {
            // What waited for it is due now: the senders are told.
            colivra_db::outbox::work_for_senders(conn).map_db_err()?;
        }
        let updated = get(conn, merchant_id, key)?;
        record(conn, actor_id, "webhook.updated", key, &updated.url)?;
        Ok(updated.into())
    })
}

pub fn delete(
    conn: &mut DbConnection,
    actor_id: UserId,
    merchant_id: MerchantId,
    key: &str,
) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let row = get(conn, merchant_id, key)?;
        diesel::delete(endpoints::table.find(row.id))
            .execute(conn)
            .map_db_err()?;
        record(conn, actor_id, "webhook.deleted", key, &row.url)
    })
}

pub(crate) fn record(
    conn: &mut DbConnection,
    actor_id: UserId,
    action: &str,
    key: &str,
    url: &str,
) -> AppResult<()> {
    activities::record(
        conn,
        activities::NewActivity {
            user_id: Some(actor_id),
            action,
            subject_type: Some("webhook"),
            subject_key: Some(key),
            details: Some(serde_json::json!({ "url": url })),
        },
    )
    .map_db_err()
}
