use colivra_core::{MerchantId, UserId};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use colivra_auth::sessions::IdleTimeouts;
use colivra_auth::throttle::{SignInThrottle, Throttle};

use crate::db::Database;

/// What every handler can reach. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub pool: Database,
    /// What parcel lists remember between requests (see `ListMemory`).
    pub list_memory: Arc<colivra_parcels::list::ListMemory>,
    /// Sign-in failure limits (the failures themselves are in the database).
    pub throttle: SignInThrottle,
    /// Public tracking look-ups.
    pub tracking_throttle: Arc<Throttle>,
    /// Recipients' decisions on the tracking page: wrong codes or phone digits, per address and
    /// per code.
    pub decision_throttle: Arc<Throttle>,
    pub settings: Arc<WebSettings>,
    /// The merchant account of each merchant user seen (see `Scoped`).
    pub merchant_accounts: Arc<MerchantAccounts>,
    /// The built-in merchant API guide, written once at start-up from the OpenAPI document.
    pub merchant_guide: Arc<GuideTemplate>,
    /// What parcels ask of stock (see `colivra_inventory::parcel_stock`).
    pub stock: Arc<dyn colivra_parcels::stock::StockHooks>,
    /// Where proof-of-delivery images are kept (`<COLIVRA_DATA_DIR>/proofs`).
    pub proofs: Arc<colivra_parcels::proof::ProofStore>,
}

#[derive(Debug, Clone)]
pub struct WebSettings {
    pub app_name: String,
    pub static_dir: PathBuf,
    pub secure_cookies: bool,
    /// 64+ bytes signing the session cookie, shared by every process through the database.
    pub cookie_key: Vec<u8>,
    pub idle_timeouts: IdleTimeouts,
    /// Proxies whose `X-Forwarded-For` names the client (`COLIVRA_TRUSTED_PROXIES`).
    pub trusted_proxies: crate::client_address::TrustedProxies,
    /// Webhooks may go to http and private addresses (`COLIVRA_WEBHOOK_ALLOW_PRIVATE`).
    pub webhook_allow_private: bool,
    /// `COLIVRA_METRICS_TOKEN`: `/metrics` on the app for `Authorization: Bearer` this.
    pub metrics_token: Option<String>,
}

/// Which merchant account each merchant user works for, as far as this process has seen. The
/// link never changes for a user (staff are created under their merchant and ids are never
/// reused), so it is kept without expiry and a merchant's requests need no look-up.
#[derive(Debug, Default)]
pub struct MerchantAccounts {
    known: Mutex<HashMap<UserId, MerchantId>>,
}

impl MerchantAccounts {
    const MAX_ENTRIES: usize = 100_000;

    pub fn get(&self, user_id: UserId) -> Option<MerchantId> {
        let known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        known.get(&user_id).copied()
    }

    pub fn remember(&self, user_id: UserId, merchant_id: MerchantId) {
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        if known.len() >= Self::MAX_ENTRIES {
            known.clear();
        }
        known.insert(user_id, merchant_id);
    }
}

/// A text written once with a slot for the server's address, which each request fills with the
/// address the caller reached (the merchant API guide's examples).
#[derive(Debug, Default)]
pub struct GuideTemplate {
    /// The guide in French, English and Arabic (`Language::ALL`'s order).
    texts: [String; 3],
}

impl GuideTemplate {
    /// Where the address goes.
    pub const BASE_URL: &'static str = "{{BASE_URL}}";

    pub fn new(texts: [String; 3]) -> Self {
        GuideTemplate { texts }
    }

    pub fn for_base(&self, language: colivra_core::Language, base_url: &str) -> String {
        let index = colivra_core::Language::ALL
            .iter()
            .position(|one| *one == language)
            .unwrap_or(0);
        self.texts[index].replace(Self::BASE_URL, base_url)
    }
}
