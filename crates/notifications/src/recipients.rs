//! Messages to a parcel's recipient by SMS or WhatsApp (issue 41, part 2): written to the outbox
//! in the transaction of the parcel's change, like the e-mails, and sent by the same sender
//! through the provider the environment configures ([`crate::provider`]).
//!
//! Who gets one: the company has a channel (`COLIVRA_RECIPIENT_CHANNEL`, recorded at start in the
//! `settings` table as `recipient_channel` so the transaction that writes knows it) and keeps
//! them on (`recipient_messages`, on by default); the parcel's merchant did not turn the notice
//! `recipient_messages` off; the phone becomes E.164 (`+2126…`) and did not ask to stop; and the
//! parcel got no message of this kind today (a parcel going out twice a day is one SMS).
//!
//! The language: French, or Arabic when the recipient's name or address is written in Arabic
//! script (the merchant typed what the recipient gave him; nothing else tells how he reads).
//!
//! What a row holds: for SMS, `body_text` is the text sent. For WhatsApp, the provider sends an
//! approved template, not free text: `body_text` is the JSON array of the template's body
//! parameters, in the order [`RecipientKind::parameters`] documents.
//!
//! STOP: each message ends with `/desinscription/{message key}`; that page posts
//! `/api/recipient-messages/{key}/stop` ([`stop`]), which keeps the phone in
//! `recipient_opt_outs`. A `STOP` answered by SMS is not read: no provider's inbound webhook is
//! wired.

use colivra_core::{AppError, AppResult, Centimes, Language, MerchantId, UserId};
use colivra_db::schema::{notice_opt_outs, outbound_messages as messages, recipient_opt_outs};
use colivra_db::{activities, immediate_transaction, DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::kinds::Kind;
pub use crate::kinds::{Channel, RecipientKind};

/// The settings row naming the channel the environment configures (written at start).
const CHANNEL_SETTING: &str = "recipient_channel";
/// The company's on/off, `{"enabled": bool}`.
const SETTING: &str = "recipient_messages";

/// The channel the environment configures, as recorded at start; `None`: no recipient messages.
pub fn channel(conn: &mut DbConnection) -> AppResult<Option<Channel>> {
    Ok(colivra_db::settings::get(conn, CHANNEL_SETTING)
        .map_db_err()?
        .as_deref()
        .and_then(Channel::parse))
}

/// Records the channel this server was started with (every process of a company has the same
/// environment).
pub fn record_channel(conn: &mut DbConnection, channel: Option<Channel>) -> AppResult<()> {
    use colivra_db::schema::settings;
    diesel::delete(settings::table.find(CHANNEL_SETTING))
        .execute(conn)
        .map_db_err()?;
    if let Some(channel) = channel {
        diesel::insert_into(settings::table)
            .values((
                settings::name.eq(CHANNEL_SETTING),
                settings::value.eq(channel.as_str()),
            ))
            .execute(conn)
            .map_db_err()?;
    }
    Ok(())
}

/// `GET/PUT /api/settings/recipient-messages`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RecipientMessagesSetting {
    /// Whether recipients are written to (when a channel is configured).
    pub enabled: bool,
    /// The channel the server's environment configures (`COLIVRA_RECIPIENT_CHANNEL`), read-only;
    /// `null`: none, nothing is sent.
    pub channel: Option<Channel>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RecipientMessagesInput {
    pub enabled: bool,
}

fn enabled(conn: &mut DbConnection) -> AppResult<bool> {
    Ok(colivra_db::settings::get(conn, SETTING)
        .map_db_err()?
        .and_then(|json| serde_json::from_str::<serde_json::Value>(&json).ok())
        .and_then(|value| value["enabled"].as_bool())
        .unwrap_or(true))
}

pub fn setting(conn: &mut DbConnection) -> AppResult<RecipientMessagesSetting> {
    Ok(RecipientMessagesSetting {
        enabled: enabled(conn)?,
        channel: channel(conn)?,
    })
}

pub fn set_setting(
    conn: &mut DbConnection,
    actor_id: UserId,
    input: &RecipientMessagesInput,
) -> AppResult<RecipientMessagesSetting> {
    let new = serde_json::json!({ "enabled": input.enabled });
    immediate_transaction(conn, |conn| {
        colivra_db::settings::replace_recorded(
            conn,
            colivra_db::settings::RecordedChange {
                name: SETTING,
                new: &new,
                unset: serde_json::json!({ "enabled": true }),
                actor_id,
                action: "settings.recipient_messages_updated",
                subject_key: "recipient_messages",
            },
        )
        .map_db_err()?;
        setting(conn)
    })
}

/// One message about a parcel to its recipient.
pub struct ParcelMessage<'a> {
    pub kind: RecipientKind,
    pub merchant_id: MerchantId,
    pub parcel_key: &'a str,
    pub recipient_name: &'a str,
    pub recipient_phone: &'a str,
    pub address: &'a str,
    /// The shop's name, as the recipient knows the seller.
    pub merchant: &'a str,
    pub amount: Centimes,
    /// The delivery person's first name.
    pub courier: Option<&'a str>,
}

/// Arabic when the recipient's name or address is written in Arabic script, else French.
pub fn language_of(name: &str, address: &str) -> Language {
    let arabic = |c: char| {
        matches!(c, '\u{0600}'..='\u{06FF}' | '\u{0750}'..='\u{077F}' | '\u{08A0}'..='\u{08FF}'
            | '\u{FB50}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}')
    };
    if name.chars().chain(address.chars()).any(arabic) {
        Language::Ar
    } else {
        Language::Fr
    }
}

/// A Moroccan number in E.164 (`+212612345678`), or `None`.
pub fn e164(phone: &str) -> Option<String> {
    colivra_core::phone::normalize_moroccan_phone(phone)
        .map(|national| format!("+212{}", &national[1..]))
}

/// Writes `message` for sending in the caller's transaction, unless one of the rules in this
/// module's description says no; whether it was written.
pub fn queue_parcel_message(
    conn: &mut DbConnection,
    message: ParcelMessage<'_>,
) -> AppResult<bool> {
    let Some(channel) = channel(conn)? else {
        return Ok(false);
    };
    let Some(phone) = e164(message.recipient_phone) else {
        return Ok(false);
    };
    if !enabled(conn)? || merchant_turned_off(conn, message.merchant_id)? || stopped(conn, &phone)?
    {
        return Ok(false);
    }
    let now = colivra_core::time::now();
    let today = now.date().and_hms_opt(0, 0, 0).unwrap_or(now);
    let sent_today: bool = diesel::select(diesel::dsl::exists(
        messages::table
            .filter(messages::recipient.eq(&phone))
            .filter(messages::kind.eq(message.kind.as_str()))
            .filter(messages::subject_key.eq(message.parcel_key))
            .filter(messages::created_at.ge(today)),
    ))
    .get_result(conn)
    .map_db_err()?;
    if sent_today {
        return Ok(false);
    }
    let language = language_of(message.recipient_name, message.address);
    let key = colivra_core::key::time_ordered_key(6);
    let public_url = crate::config::get().public_url;
    // An SMS in GSM-7 fits 160 characters a part: the amount's no-break spaces are not in it.
    let amount = message
        .amount
        .in_language(language)
        .replace(['\u{202f}', '\u{a0}'], " ");
    let values = serde_json::json!({
        "merchant": message.merchant,
        "amount": amount,
        "courier": message.courier.unwrap_or_default(),
        "link": format!("{public_url}/suivi/{}", message.parcel_key),
        "stop_link": format!("{public_url}/desinscription/{key}"),
    });
    let body = match channel {
        Channel::Sms => crate::render::sms(message.kind, language, &values)?,
        Channel::Whatsapp => {
            let parameters: Vec<&serde_json::Value> = message
                .kind
                .parameters()
                .iter()
                .map(|name| &values[*name])
                .collect();
            serde_json::to_string(&parameters).map_err(AppError::internal)?
        }
    };
    crate::outbox::write(
        conn,
        &key,
        &crate::outbox::Message {
            channel: channel.as_str().to_owned(),
            kind: message.kind.as_str().to_owned(),
            recipient: phone,
            user_id: None,
            language: language.as_str().to_owned(),
            subject: None,
            body_text: body,
            body_html: None,
            subject_key: Some(message.parcel_key.to_owned()),
        },
    )?;
    Ok(true)
}

fn merchant_turned_off(conn: &mut DbConnection, merchant_id: MerchantId) -> AppResult<bool> {
    diesel::select(diesel::dsl::exists(
        notice_opt_outs::table
            .filter(notice_opt_outs::user_id.eq(UserId::from(merchant_id)))
            .filter(notice_opt_outs::kind.eq(Kind::RecipientMessages.as_str())),
    ))
    .get_result(conn)
    .map_db_err()
}

pub(crate) fn stopped(conn: &mut DbConnection, phone: &str) -> AppResult<bool> {
    diesel::select(diesel::dsl::exists(recipient_opt_outs::table.find(phone)))
        .get_result(conn)
        .map_db_err()
}

/// `POST /api/recipient-messages/{key}/stop`: the phone message `key` went to gets nothing more
/// (404 for a key that is no recipient message; again: the same answer).
pub fn stop(conn: &mut DbConnection, key: &str) -> AppResult<()> {
    immediate_transaction(conn, |conn| {
        let phone: String = messages::table
            .filter(messages::key.eq(key))
            .filter(messages::channel.eq_any([Channel::Sms.as_str(), Channel::Whatsapp.as_str()]))
            .select(messages::recipient)
            .first(conn)
            .optional()
            .map_db_err()?
            .ok_or(AppError::NotFound)?;
        if stopped(conn, &phone)? {
            return Ok(());
        }
        let row = (
            recipient_opt_outs::phone.eq(&phone),
            recipient_opt_outs::created_at.eq(colivra_core::time::now()),
        );
        // Two STOPs at once: the second finds the row, not an error (the multi-backend
        // connection has no ON CONFLICT: each backend's own connection does).
        let written = match conn {
            DbConnection::Pg(pg) => diesel::insert_into(recipient_opt_outs::table)
                .values(row)
                .on_conflict_do_nothing()
                .execute(pg),
            DbConnection::Sqlite(sqlite) => diesel::insert_into(recipient_opt_outs::table)
                .values(row)
                .on_conflict_do_nothing()
                .execute(sqlite),
        }
        .map_db_err()?;
        if written == 0 {
            return Ok(());
        }
        // The phone is not named in the log: whoever reads it needs only the message.
        activities::log(conn, None, "recipient_messages.stopped", "message", key)?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arabic_script_in_the_name_or_address_writes_in_arabic() {
        assert_eq!(
            language_of("Amina Benali", "5 avenue Hassan II"),
            Language::Fr
        );
        assert_eq!(
            language_of("أمينة بنعلي", "5 avenue Hassan II"),
            Language::Ar
        );
        assert_eq!(language_of("Amina", "شارع الحسن الثاني"), Language::Ar);
    }

    #[test]
    fn moroccan_numbers_become_e164() {
        assert_eq!(e164("06 12 34 56 78").as_deref(), Some("+212612345678"));
        assert_eq!(e164("+212 6 12 34 56 78").as_deref(), Some("+212612345678"));
        assert_eq!(e164("12345"), None);
    }
}
