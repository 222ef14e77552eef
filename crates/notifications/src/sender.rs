//! The messages' sender in each server process: the shared outbox loop (`colivra_worker`) takes
//! what is due and hands it here; each e-mail goes to the SMTP server, each SMS or WhatsApp
//! message to its provider ([`crate::provider`]), a few at once, and how it went is recorded
//! ([`crate::delivery`]).

use std::time::Instant;

use chrono::NaiveDateTime;
use colivra_core::AppResult;
use colivra_db::connection::DatabaseUrl;
use colivra_db::queue::Queue;
use colivra_db::DbConnection;
use colivra_worker::Db;

use crate::delivery::{self, Attempt, Due};
use crate::provider::RecipientProvider;
use crate::smtp::Mailer;

/// E-mails handed to the SMTP server at once.
const IN_FLIGHT: usize = 8;

/// Where each channel's messages go; a message whose channel has none waits, then is given up.
#[derive(Debug, Clone, Default)]
pub struct Channels {
    pub mailer: Option<Mailer>,
    pub recipients: Option<RecipientProvider>,
}

impl Channels {
    pub fn any(&self) -> bool {
        self.mailer.is_some() || self.recipients.is_some()
    }
}

struct Messages {
    channels: Channels,
    client: awc::Client,
}

impl<D: Db> colivra_worker::Outbox<D> for Messages {
    type Item = Due;
    const QUEUE: Queue = Queue::Messages;

    fn claim(conn: &mut DbConnection, now: NaiveDateTime, limit: i64) -> AppResult<Vec<Due>> {
        delivery::claim_due(conn, now, limit)
    }

    fn next_due(conn: &mut DbConnection) -> AppResult<Option<NaiveDateTime>> {
        delivery::next_due(conn)
    }

    fn renew(conn: &mut DbConnection, ids: &[i64], now: NaiveDateTime) -> AppResult<usize> {
        delivery::renew_leases(conn, ids, now)
    }

    fn id(item: &Due) -> i64 {
        item.id
    }

    async fn send(&self, db: &D, items: Vec<Due>) {
        use futures_util::stream::{self, StreamExt};
        stream::iter(items)
            .map(|due| async move { (due.id, self.send_one(&due).await) })
            .buffer_unordered(IN_FLIGHT)
            .ready_chunks(IN_FLIGHT * 2)
            .for_each(|attempts| async move {
                let now = colivra_core::time::now();
                let count = attempts.len();
                let recorded = db
                    .run(move |conn| delivery::record_attempts(conn, &attempts, now))
                    .await;
                if let Err(error) = recorded {
                    // The leases lapse and the messages are sent again: at least once.
                    tracing::warn!(%error, count, "messages: the attempts could not be recorded");
                }
            })
            .await;
    }
}

impl Messages {
    async fn send_one(&self, due: &Due) -> Attempt {
        let started = Instant::now();
        let result = match (due.channel.as_str(), &self.channels) {
            (
                "email",
                Channels {
                    mailer: Some(mailer),
                    ..
                },
            ) => {
                mailer
                    .send(
                        &due.recipient,
                        due.subject.as_deref().unwrap_or_default(),
                        &due.body_text,
                        due.body_html.as_deref(),
                    )
                    .await
            }
            (
                "sms" | "whatsapp",
                Channels {
                    recipients: Some(provider),
                    ..
                },
            ) => provider.send(&self.client, due).await,
            (other, _) => Err(format!("canal {other} non configuré")),
        };
        Attempt {
            error: result.err(),
            latency_ms: i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX),
        }
    }
}

/// Starts the messages' sender on the current actix runtime (see `colivra_worker::spawn`).
pub fn spawn<D: Db>(
    db: D,
    channels: Channels,
    listen: Option<DatabaseUrl>,
) -> actix_rt::task::JoinHandle<()> {
    let client = crate::provider::client();
    colivra_worker::spawn(db, Messages { channels, client }, listen)
}
