use std::path::PathBuf;
use std::sync::Arc;

use colivra_auth::throttle::Throttle;

use crate::db::Database;

/// What every handler can reach. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub pool: Database,
    /// Parcel lists known to hold more than the count cap (see `CappedCounts`).
    pub capped_counts: Arc<colivra_parcels::list::CappedCounts>,
    /// Sign-in failures.
    pub throttle: Arc<Throttle>,
    /// Public tracking look-ups.
    pub tracking_throttle: Arc<Throttle>,
    pub settings: Arc<WebSettings>,
}

#[derive(Debug, Clone)]
pub struct WebSettings {
    pub app_name: String,
    pub static_dir: PathBuf,
    pub secure_cookies: bool,
    /// 64+ bytes signing the session cookie, shared by every process through the database.
    pub cookie_key: Vec<u8>,
}
