//! Where recipients' messages go (recipients.rs writes them): an HTTP SMS gateway, the
//! form most Moroccan providers take, or the WhatsApp Business Cloud API. Configured from the
//! environment and checked at start ([`RecipientProvider::from_env`], the error naming the
//! variable); a 2xx answer is sent, anything else a failed attempt with the status and the
//! answer's first bytes, retried with the outbox's backoff.
//!
//! SMS: `COLIVRA_SMS_URL` (https, or http on loopback) is posted `COLIVRA_SMS_BODY`, a
//! minijinja template of the body with `to` (E.164), `sender` (`COLIVRA_SMS_SENDER`) and `text`
//! (default: JSON `{"to", "from", "text"}`), as `COLIVRA_SMS_CONTENT_TYPE` (default
//! `application/json`), with HTTP basic auth (`COLIVRA_SMS_USERNAME`, `COLIVRA_SMS_PASSWORD`)
//! or a bearer token (`COLIVRA_SMS_TOKEN`).
//!
//! WhatsApp: `POST {COLIVRA_WHATSAPP_API_URL}/{COLIVRA_WHATSAPP_PHONE_NUMBER_ID}/messages` with
//! `Authorization: Bearer {COLIVRA_WHATSAPP_TOKEN}`, a template message whose name is
//! `COLIVRA_WHATSAPP_TEMPLATE_{KIND}` (default: the kind's name) and whose body parameters the row
//! holds, as Meta documents it.

use std::time::Duration;

use serde_json::json;

use crate::delivery::Due;
use crate::kinds::{Channel, RecipientKind};

/// A provider answers within this, or the attempt failed.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// What an error keeps of a refusal's answer.
const ANSWER_BYTES: usize = 200;

const DEFAULT_SMS_BODY: &str =
    r#"{"to": {{ to|tojson }}, "from": {{ sender|tojson }}, "text": {{ text|tojson }}}"#;
const DEFAULT_WHATSAPP_API: &str = "https://graph.facebook.com/v21.0";

#[derive(Clone)]
enum Auth {
    None,
    Basic(String, String),
    Bearer(String),
}

#[derive(Clone)]
struct SmsGateway {
    url: String,
    auth: Auth,
    sender: String,
    body: String,
    content_type: String,
}

#[derive(Clone)]
struct WhatsApp {
    messages_url: String,
    token: String,
    templates: Vec<(RecipientKind, String)>,
}

#[derive(Clone)]
enum Provider {
    Sms(SmsGateway),
    WhatsApp(WhatsApp),
}

/// The provider recipients' messages are handed to.
#[derive(Clone)]
pub struct RecipientProvider {
    provider: Provider,
}

impl std::fmt::Debug for RecipientProvider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Tokens and passwords are not shown.
        match &self.provider {
            Provider::Sms(sms) => f.debug_struct("Sms").field("url", &sms.url).finish(),
            Provider::WhatsApp(wa) => f
                .debug_struct("WhatsApp")
                .field("url", &wa.messages_url)
                .finish(),
        }
    }
}

impl RecipientProvider {
    /// From `COLIVRA_RECIPIENT_CHANNEL` and its provider's variables; `None` when no channel is
    /// set. The error names the variable at fault.
    pub fn from_env(env: impl Fn(&str) -> Option<String>) -> Result<Option<Self>, String> {
        let Some(channel) = env("COLIVRA_RECIPIENT_CHANNEL") else {
            return Ok(None);
        };
        let required = |name: &str| {
            env(name)
                .ok_or_else(|| format!("{name}: required with COLIVRA_RECIPIENT_CHANNEL={channel}"))
        };
        let provider = match Channel::parse(channel.trim()) {
            Some(Channel::Sms) => {
                let auth =
                    match (
                        env("COLIVRA_SMS_USERNAME"),
                        env("COLIVRA_SMS_PASSWORD"),
                        env("COLIVRA_SMS_TOKEN"),
                    ) {
                        (Some(_), _, Some(_)) | (_, Some(_), Some(_)) => return Err(
                            "COLIVRA_SMS_TOKEN: give a token or a username and password, not both"
                                .to_owned(),
                        ),
                        (Some(user), Some(password), None) => Auth::Basic(user, password),
                        (Some(_), None, None) => {
                            return Err("COLIVRA_SMS_PASSWORD: required with COLIVRA_SMS_USERNAME"
                                .to_owned())
                        }
                        (None, Some(_), None) => {
                            return Err("COLIVRA_SMS_USERNAME: required with COLIVRA_SMS_PASSWORD"
                                .to_owned())
                        }
                        (None, None, Some(token)) => Auth::Bearer(token),
                        (None, None, None) => Auth::None,
                    };
                let body = env("COLIVRA_SMS_BODY").unwrap_or_else(|| DEFAULT_SMS_BODY.to_owned());
                // Rendered once now, so a broken template stops the start, not every message.
                render_sms_body(&body, "+212600000000", "Colivra", "test")
                    .map_err(|error| format!("COLIVRA_SMS_BODY: {error}"))?;
                Provider::Sms(SmsGateway {
                    url: checked_url("COLIVRA_SMS_URL", &required("COLIVRA_SMS_URL")?)?,
                    auth,
                    sender: required("COLIVRA_SMS_SENDER")?,
                    body,
                    content_type: env("COLIVRA_SMS_CONTENT_TYPE")
                        .unwrap_or_else(|| "application/json".to_owned()),
                })
            }
            Some(Channel::Whatsapp) => {
                let api = env("COLIVRA_WHATSAPP_API_URL")
                    .unwrap_or_else(|| DEFAULT_WHATSAPP_API.to_owned());
                let api = checked_url("COLIVRA_WHATSAPP_API_URL", &api)?;
                let phone_number_id = required("COLIVRA_WHATSAPP_PHONE_NUMBER_ID")?;
                if !phone_number_id.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(
                        "COLIVRA_WHATSAPP_PHONE_NUMBER_ID: the digits Meta gives the number"
                            .to_owned(),
                    );
                }
                let templates = RecipientKind::ALL
                    .into_iter()
                    .map(|kind| {
                        let name = format!(
                            "COLIVRA_WHATSAPP_TEMPLATE_{}",
                            kind.as_str().to_ascii_uppercase()
                        );
                        (kind, env(&name).unwrap_or_else(|| kind.as_str().to_owned()))
                    })
                    .collect();
                Provider::WhatsApp(WhatsApp {
                    messages_url: format!(
                        "{}/{phone_number_id}/messages",
                        api.trim_end_matches('/')
                    ),
                    token: required("COLIVRA_WHATSAPP_TOKEN")?,
                    templates,
                })
            }
            None => {
                return Err(format!(
                    "COLIVRA_RECIPIENT_CHANNEL: '{channel}' is not sms or whatsapp"
                ))
            }
        };
        Ok(Some(RecipientProvider { provider }))
    }

    pub fn channel(&self) -> Channel {
        match self.provider {
            Provider::Sms(_) => Channel::Sms,
            Provider::WhatsApp(_) => Channel::Whatsapp,
        }
    }

    /// Hands one message to the provider; the error says why it was not taken.
    pub async fn send(&self, client: &awc::Client, due: &Due) -> Result<(), String> {
        if due.channel != self.channel().as_str() {
            return Err(format!("canal {} non configuré", due.channel));
        }
        let (request, body) = match &self.provider {
            Provider::Sms(sms) => {
                let body = render_sms_body(&sms.body, &due.recipient, &sms.sender, &due.body_text)
                    .map_err(|error| error.to_string())?;
                let request = client
                    .post(&sms.url)
                    .insert_header(("Content-Type", sms.content_type.as_str()));
                let request = match &sms.auth {
                    Auth::None => request,
                    Auth::Basic(user, password) => request.basic_auth(user, password),
                    Auth::Bearer(token) => request.bearer_auth(token),
                };
                (request, body)
            }
            Provider::WhatsApp(wa) => {
                let body = whatsapp_body(wa, due)?;
                let request = client
                    .post(&wa.messages_url)
                    .insert_header(("Content-Type", "application/json"))
                    .bearer_auth(&wa.token);
                (request, body)
            }
        };
        let mut response = request
            .send_body(body)
            .await
            .map_err(|error| error.to_string())?;
        if response.status().is_success() {
            return Ok(());
        }
        let answer = response.body().limit(64 * 1024).await.unwrap_or_default();
        let answer = String::from_utf8_lossy(&answer);
        Err(format!(
            "HTTP {} : {}",
            response.status().as_u16(),
            colivra_db::queue::truncate(answer.trim(), ANSWER_BYTES)
        ))
    }
}

fn render_sms_body(
    template: &str,
    to: &str,
    sender: &str,
    text: &str,
) -> Result<String, minijinja::Error> {
    let mut env = minijinja::Environment::new();
    env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
    env.render_str(template, minijinja::context! { to, sender, text })
}

/// The template message, as Meta documents it: the row's `body_text` holds its body parameters.
fn whatsapp_body(wa: &WhatsApp, due: &Due) -> Result<String, String> {
    let kind = RecipientKind::parse(&due.kind)
        .ok_or_else(|| format!("type de message {} inconnu", due.kind))?;
    let name = wa
        .templates
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, name)| name.as_str())
        .unwrap_or(kind.as_str());
    let parameters: Vec<String> =
        serde_json::from_str(&due.body_text).map_err(|error| error.to_string())?;
    let parameters: Vec<serde_json::Value> = parameters
        .into_iter()
        .map(|text| json!({"type": "text", "text": text}))
        .collect();
    Ok(json!({
        "messaging_product": "whatsapp",
        // Meta wants the number without its "+".
        "to": due.recipient.trim_start_matches('+'),
        "type": "template",
        "template": {
            "name": name,
            "language": {"code": due.language},
            "components": [{"type": "body", "parameters": parameters}],
        },
    })
    .to_string())
}

/// https, or http to this machine (a local gateway, the tests).
fn checked_url(name: &str, raw: &str) -> Result<String, String> {
    let url = raw.trim();
    let loopback = [
        "http://127.",
        "http://localhost:",
        "http://localhost/",
        "http://[::1]",
    ];
    let https = url.starts_with("https://") && url.len() > "https://".len();
    if (https || loopback.iter().any(|start| url.starts_with(start))) && !url.contains(' ') {
        Ok(url.to_owned())
    } else {
        Err(format!(
            "{name}: '{raw}' is not an https address (http only on loopback)"
        ))
    }
}

/// The HTTP client messages are sent with (made on the sender's runtime: it is not `Send`).
pub fn client() -> awc::Client {
    colivra_worker::http_client("Colivra-Messages/1", TIMEOUT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_sms_body_is_json_escaped() {
        let body =
            render_sms_body(DEFAULT_SMS_BODY, "+212612345678", "Colivra", "a \"b\"\nc").unwrap();
        let parsed: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(
            parsed,
            json!({"to": "+212612345678", "from": "Colivra", "text": "a \"b\"\nc"})
        );
    }
}
