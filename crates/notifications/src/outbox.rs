//! Writes e-mails to the outbox, in the caller's transaction: no change commits without the
//! message it causes, and no message leaves for a change that was rolled back. Rendered here, in
//! the reader's language, so the log shows exactly what was sent.

use chrono::Duration;
use colivra_core::{AppResult, Language, UserId};
use colivra_db::queue::{self, Queue};
use colivra_db::schema::{notice_opt_outs, outbound_messages as messages, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde_json::Value;

use crate::kinds::Kind;

/// How long a message is retried before it is given up.
pub const RETRY_HOURS: i64 = 24;

/// Who an e-mail is for: an account.
#[derive(Debug, Clone)]
pub struct Reader {
    pub user_id: UserId,
    pub email: String,
    pub first_name: String,
    pub language: Language,
}

impl Reader {
    /// `language` as stored on the account (French when he chose none).
    pub fn new(user_id: UserId, email: &str, first_name: &str, language: Option<&str>) -> Reader {
        Reader {
            user_id,
            email: email.to_owned(),
            first_name: first_name.to_owned(),
            language: language.and_then(Language::parse).unwrap_or_default(),
        }
    }
}

/// The account `user_id` as a reader (his profile's language, French when he chose none);
/// `None` when it is gone.
pub fn reader(conn: &mut DbConnection, user_id: UserId) -> AppResult<Option<Reader>> {
    let found: Option<(String, String, Option<String>)> = users::table
        .find(user_id)
        .select((users::email, users::first_name, users::language))
        .first(conn)
        .optional()
        .map_db_err()?;
    Ok(found.map(|(email, first_name, language)| {
        Reader::new(user_id, &email, &first_name, language.as_deref())
    }))
}

/// One e-mail to write.
pub struct Email<'a> {
    pub kind: Kind,
    pub reader: &'a Reader,
    /// What it is about (an invoice's code, a ticket's key): the log's filter.
    pub subject_key: Option<&'a str>,
    /// Where its button leads: a path of the web app (`/compte/factures`), made absolute with
    /// the public address.
    pub link: Option<&'a str>,
    /// The template's own variables (an object).
    pub values: Value,
}

/// Writes `email` for sending, unless its reader turned that notice off (security messages are
/// always written); whether it was written.
pub fn queue_email(conn: &mut DbConnection, email: Email<'_>) -> AppResult<bool> {
    let reader = email.reader;
    if !email.kind.required() && turned_off(conn, reader.user_id, email.kind)? {
        return Ok(false);
    }
    let config = crate::config::get();
    let mut context = match email.values {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    };
    context.insert("first_name".into(), reader.first_name.clone().into());
    context.insert("company_name".into(), config.company_name.clone().into());
    context.insert("app_url".into(), config.public_url.clone().into());
    context.insert("language".into(), reader.language.as_str().into());
    if let Some(link) = email.link {
        context.insert("link".into(), absolute(&config.public_url, link).into());
    }
    let rendered = crate::render::email(email.kind, reader.language, &Value::Object(context))?;
    write(
        conn,
        &colivra_core::key::time_ordered_key(6),
        &Message {
            channel: "email".to_owned(),
            kind: email.kind.as_str().to_owned(),
            recipient: reader.email.clone(),
            user_id: Some(reader.user_id),
            language: reader.language.as_str().to_owned(),
            subject: Some(rendered.subject),
            body_text: rendered.text,
            body_html: Some(rendered.html),
            subject_key: email.subject_key.map(str::to_owned),
        },
    )?;
    Ok(true)
}

/// [`queue_email`] for the account `user_id`, if it still exists; `values` are made in his
/// language (amounts, dates).
pub fn queue_email_to(
    conn: &mut DbConnection,
    user_id: UserId,
    kind: Kind,
    subject_key: Option<&str>,
    link: Option<&str>,
    values: impl FnOnce(Language) -> Value,
) -> AppResult<bool> {
    let Some(reader) = reader(conn, user_id)? else {
        return Ok(false);
    };
    let values = values(reader.language);
    queue_email(
        conn,
        Email {
            kind,
            reader: &reader,
            subject_key,
            link,
            values,
        },
    )
}

/// A message as the outbox keeps it, whatever its channel: what [`write`] queues.
#[derive(Debug, Clone, Queryable, Insertable)]
#[diesel(table_name = messages)]
pub struct Message {
    pub channel: String,
    pub kind: String,
    /// An e-mail address or a phone number in E.164.
    pub recipient: String,
    pub user_id: Option<UserId>,
    pub language: String,
    pub subject: Option<String>,
    pub body_text: String,
    pub body_html: Option<String>,
    pub subject_key: Option<String>,
}

/// Queues `message` under `key`, due now and tried for [`RETRY_HOURS`], in the caller's
/// transaction; the senders are woken at its commit. Its id.
pub fn write(conn: &mut DbConnection, key: &str, message: &Message) -> AppResult<i64> {
    let now = colivra_core::time::now();
    let id = diesel::insert_into(messages::table)
        .values((
            message,
            messages::key.eq(key),
            messages::status.eq("pending"),
            messages::attempts.eq(0),
            messages::next_attempt_at.eq(now),
            messages::give_up_at.eq(now + Duration::hours(RETRY_HOURS)),
            messages::created_at.eq(now),
        ))
        .returning(messages::id)
        .get_result(conn)
        .map_db_err()?;
    queue::work_written(conn, Queue::Messages).map_db_err()?;
    Ok(id)
}

fn turned_off(conn: &mut DbConnection, user_id: UserId, kind: Kind) -> AppResult<bool> {
    diesel::select(diesel::dsl::exists(
        notice_opt_outs::table
            .filter(notice_opt_outs::user_id.eq(user_id))
            .filter(notice_opt_outs::kind.eq(kind.as_str())),
    ))
    .get_result(conn)
    .map_db_err()
}

fn absolute(public_url: &str, link: &str) -> String {
    if link.starts_with('/') {
        format!("{public_url}{link}")
    } else {
        link.to_owned()
    }
}
