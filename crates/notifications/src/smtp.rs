//! The SMTP side: the server messages are handed to (`COLIVRA_SMTP_URL`: `smtp://host:587?tls=required`
//! for STARTTLS, `smtps://host:465` for TLS, `smtp://host:1025` unencrypted for a local catcher,
//! credentials as `user:password@`), the sender's address, and one e-mail's sending.

use std::time::Duration;

use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// A server answers within this, or the attempt failed.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// Where e-mails go and whom they come from.
#[derive(Clone)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The URL may hold a password: only the sender is shown.
        f.debug_struct("Mailer").field("from", &self.from).finish()
    }
}

impl Mailer {
    /// From the settings; the error names what is wrong with which (checked at start).
    pub fn new(smtp_url: &str, from: &str) -> Result<Mailer, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url)
            .map_err(|error| format!("COLIVRA_SMTP_URL: {error}"))?
            .timeout(Some(TIMEOUT))
            .build();
        let from = from.parse::<Mailbox>().map_err(|error| {
            format!("COLIVRA_MAIL_FROM: {error}, e.g. \"Colivra <no-reply@example.ma>\"")
        })?;
        Ok(Mailer { transport, from })
    }

    /// Hands one e-mail (text and HTML alternatives) to the server; the error says why not.
    pub async fn send(
        &self,
        to: &str,
        subject: &str,
        text: &str,
        html: Option<&str>,
    ) -> Result<(), String> {
        let to = to
            .parse::<Mailbox>()
            .map_err(|error| format!("adresse invalide : {error}"))?;
        let builder = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject);
        let message = match html {
            Some(html) => builder.multipart(MultiPart::alternative_plain_html(
                text.to_owned(),
                html.to_owned(),
            )),
            None => builder.body(text.to_owned()),
        }
        .map_err(|error| error.to_string())?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|error| error.to_string())
    }
}
