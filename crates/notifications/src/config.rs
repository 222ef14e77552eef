//! What the messages need from the server's settings: the address links point to, the name they
//! are signed with. Set once at start by the gateway ([`set`]); the outbox reads it when it
//! renders (in the transaction of the change, where no request is at hand).

use std::sync::RwLock;

#[derive(Debug, Clone)]
pub struct MessagesConfig {
    /// The web app's public address, without a trailing slash (`COLIVRA_PUBLIC_URL`): links in
    /// messages start with it.
    pub public_url: String,
    /// The name messages are signed with (`COLIVRA_APP_NAME`).
    pub company_name: String,
}

impl Default for MessagesConfig {
    fn default() -> Self {
        MessagesConfig {
            public_url: "http://localhost:8080".to_owned(),
            company_name: "Colivra".to_owned(),
        }
    }
}

static CONFIG: RwLock<Option<MessagesConfig>> = RwLock::new(None);

/// The settings messages are rendered with from now on (a test process starting several servers
/// keeps the last one's).
pub fn set(config: MessagesConfig) {
    let public_url = config.public_url.trim_end_matches('/').to_owned();
    *CONFIG.write().unwrap_or_else(|e| e.into_inner()) = Some(MessagesConfig {
        public_url,
        ..config
    });
}

pub fn get() -> MessagesConfig {
    CONFIG
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .clone()
        .unwrap_or_default()
}
