use std::path::PathBuf;
use std::sync::Arc;

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
    pub settings: Arc<WebSettings>,
    /// The merchant account of each merchant user seen (see `Scoped`).
    pub merchant_accounts: Arc<crate::extract::MerchantAccounts>,
}

#[derive(Debug, Clone)]
pub struct WebSettings {
    pub app_name: String,
    pub static_dir: PathBuf,
    pub secure_cookies: bool,
    /// 64+ bytes signing the session cookie, shared by every process through the database.
    pub cookie_key: Vec<u8>,
    pub idle_timeouts: IdleTimeouts,
}
