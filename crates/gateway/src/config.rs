//! Configuration from the environment, overridden by flags. A bad value stops start-up with one
//! line naming the variable.

use std::net::SocketAddr;
use std::path::PathBuf;

use colivra_db::{Backend, DatabaseUrl};

pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/colivra.db";
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
pub const DEFAULT_STATIC_DIR: &str = "frontend/dist";
pub const DEFAULT_APP_NAME: &str = "Colivra";
pub const DEFAULT_DATA_DIR: &str = "data";

#[derive(Debug, Clone)]
pub struct ServeConfig {
    pub database_url: DatabaseUrl,
    pub addr: SocketAddr,
    pub static_dir: PathBuf,
    pub app_name: String,
    pub secure_cookies: bool,
    pub migrate: bool,
    pub idle_timeouts: colivra_auth::sessions::IdleTimeouts,
    pub trusted_proxies: crate::client_address::TrustedProxies,
    /// `COLIVRA_WEBHOOK_ALLOW_PRIVATE=true`: webhooks may go to http and to private or loopback
    /// addresses (development and tests only).
    pub webhook_allow_private: bool,
    /// `COLIVRA_DATA_DIR` (default `data`): files the server keeps beside its database (proofs of
    /// delivery under `proofs/`).
    pub data_dir: PathBuf,
    /// `COLIVRA_PROOFS_S3_*`: proofs of delivery in an S3-compatible bucket instead of
    /// `data_dir/proofs`.
    pub proof_bucket: Option<BucketConfig>,
    /// `COLIVRA_SMTP_URL` and `COLIVRA_MAIL_FROM`: where e-mails are sent from; `None`: they are
    /// written to the log but not sent (a note at start says so).
    pub mailer: Option<colivra_notifications::smtp::Mailer>,
    /// `COLIVRA_RECIPIENT_CHANNEL` and its provider's `COLIVRA_SMS_*` or `COLIVRA_WHATSAPP_*`:
    /// where parcels' recipients' messages go; `None`: recipients get none (a note at start).
    pub recipients: Option<colivra_notifications::provider::RecipientProvider>,
    /// `COLIVRA_PUBLIC_URL`: the web app's address, as links in messages name it (default: the
    /// listening address).
    pub public_url: String,
    /// `COLIVRA_METRICS_ADDR`: `/metrics` on a listener of its own (off by default).
    pub metrics_addr: Option<SocketAddr>,
    /// `COLIVRA_METRICS_TOKEN`: `/metrics` on the app behind this bearer token (16+ characters).
    pub metrics_token: Option<String>,
    /// `COLIVRA_READ_DATABASE_URL` and `COLIVRA_READ_MAX_LAG_MS`: a PostgreSQL read replica for
    /// lists, searches, dashboards and exports, used while at most this far behind.
    pub read_replica: Option<(DatabaseUrl, std::time::Duration)>,
}

/// Flags of `colivra serve`; `None` falls back to the environment, then to the default.
#[derive(Debug, Clone, Default)]
pub struct ServeOverrides {
    pub database_url: Option<String>,
    pub addr: Option<String>,
    pub static_dir: Option<PathBuf>,
    pub app_name: Option<String>,
    pub secure_cookies: Option<bool>,
    pub no_migrate: bool,
}

#[derive(Debug)]
pub struct ConfigError(pub String);

impl std::error::Error for ConfigError {}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

pub fn database_url(flag: Option<&str>) -> Result<DatabaseUrl, ConfigError> {
    let (raw, source) = match flag {
        Some(value) => (value.to_owned(), "--database-url"),
        None => (
            env("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_owned()),
            "DATABASE_URL",
        ),
    };
    DatabaseUrl::parse(&raw).map_err(|e| {
        ConfigError(format!(
            "{source}: {}",
            e.to_string().trim_start_matches("DATABASE_URL: ")
        ))
    })
}

/// An idle timeout in minutes: 1 to the 12 h absolute limit.
fn minutes(name: &str, default: i64) -> Result<i64, ConfigError> {
    let Some(raw) = env(name) else {
        return Ok(default);
    };
    let limit = colivra_auth::sessions::ABSOLUTE_TIMEOUT_HOURS * 60;
    match raw.trim().parse::<i64>() {
        Ok(value) if (1..=limit).contains(&value) => Ok(value),
        _ => Err(ConfigError(format!(
            "{name}: '{raw}' is not a number of minutes from 1 to {limit}"
        ))),
    }
}

pub fn parse_bool(name: &str, value: &str) -> Result<bool, ConfigError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        other => Err(ConfigError(format!(
            "{name}: '{other}' is not a boolean (use true or false)"
        ))),
    }
}

impl ServeConfig {
    pub fn resolve(flags: ServeOverrides) -> Result<Self, ConfigError> {
        let database_url = database_url(flags.database_url.as_deref())?;
        let (addr_raw, addr_source) = match flags.addr {
            Some(value) => (value, "--addr"),
            None => (
                env("COLIVRA_ADDR").unwrap_or_else(|| DEFAULT_ADDR.to_owned()),
                "COLIVRA_ADDR",
            ),
        };
        let addr = addr_raw.parse::<SocketAddr>().map_err(|_| {
            ConfigError(format!(
                "{addr_source}: '{addr_raw}' is not a host:port address such as 127.0.0.1:8080"
            ))
        })?;
        let static_dir = flags
            .static_dir
            .or_else(|| env("COLIVRA_STATIC_DIR").map(PathBuf::from))
            .unwrap_or_else(|| PathBuf::from(DEFAULT_STATIC_DIR));
        let app_name = flags
            .app_name
            .or_else(|| env("COLIVRA_APP_NAME"))
            .unwrap_or_else(|| DEFAULT_APP_NAME.to_owned());
        if app_name.chars().count() > 60 {
            return Err(ConfigError(
                "COLIVRA_APP_NAME: 60 characters at most".to_owned(),
            ));
        }
        let secure_cookies = match flags.secure_cookies {
            Some(value) => value,
            None => match env("COLIVRA_SECURE_COOKIES") {
                Some(raw) => parse_bool("COLIVRA_SECURE_COOKIES", &raw)?,
                None => false,
            },
        };
        let defaults = colivra_auth::sessions::IdleTimeouts::default();
        let idle_timeouts = colivra_auth::sessions::IdleTimeouts {
            admin_minutes: minutes("COLIVRA_ADMIN_IDLE_MINUTES", defaults.admin_minutes)?,
            other_minutes: minutes("COLIVRA_IDLE_MINUTES", defaults.other_minutes)?,
        };
        let trusted_proxies = crate::client_address::TrustedProxies::parse(
            &env("COLIVRA_TRUSTED_PROXIES").unwrap_or_default(),
        )
        .map_err(|e| ConfigError(format!("COLIVRA_TRUSTED_PROXIES: {e}")))?;
        let webhook_allow_private = match env("COLIVRA_WEBHOOK_ALLOW_PRIVATE") {
            Some(raw) => parse_bool("COLIVRA_WEBHOOK_ALLOW_PRIVATE", &raw)?,
            None => false,
        };
        Ok(ServeConfig {
            addr,
            static_dir,
            app_name,
            secure_cookies,
            migrate: !flags.no_migrate,
            idle_timeouts,
            trusted_proxies,
            webhook_allow_private,
            data_dir: env("COLIVRA_DATA_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(DEFAULT_DATA_DIR)),
            proof_bucket: BucketConfig::from_env(env)?,
            mailer: mailer(env)?,
            recipients: recipient_provider(env)?,
            public_url: public_url(env, addr)?,
            metrics_addr: match env("COLIVRA_METRICS_ADDR") {
                Some(raw) => Some(raw.parse::<SocketAddr>().map_err(|_| {
                    ConfigError(format!(
                        "COLIVRA_METRICS_ADDR: '{raw}' is not a host:port address such as 10.0.0.5:9464"
                    ))
                })?),
                None => None,
            },
            metrics_token: match env("COLIVRA_METRICS_TOKEN") {
                Some(token) if token.trim().len() < 16 => {
                    return Err(ConfigError(
                        "COLIVRA_METRICS_TOKEN: 16 characters at least".to_owned(),
                    ))
                }
                token => token.map(|t| t.trim().to_owned()),
            },
            read_replica: read_replica(env, &database_url)?,
            database_url,
        })
    }
}

/// `COLIVRA_READ_DATABASE_URL` (PostgreSQL, beside a PostgreSQL `DATABASE_URL`) and
/// `COLIVRA_READ_MAX_LAG_MS` (100 to 60,000; 2,000 by default).
pub fn read_replica(
    env: impl Fn(&str) -> Option<String>,
    primary: &DatabaseUrl,
) -> Result<Option<(DatabaseUrl, std::time::Duration)>, ConfigError> {
    let max_lag_ms = match env("COLIVRA_READ_MAX_LAG_MS") {
        Some(raw) => match raw.trim().parse::<u64>() {
            Ok(ms) if (100..=60_000).contains(&ms) => ms,
            _ => {
                return Err(ConfigError(format!(
                    "COLIVRA_READ_MAX_LAG_MS: '{raw}' is not a number of milliseconds from 100 to 60000"
                )))
            }
        },
        None => 2_000,
    };
    let Some(raw) = env("COLIVRA_READ_DATABASE_URL") else {
        return Ok(None);
    };
    let url = DatabaseUrl::parse(&raw).map_err(|e| {
        ConfigError(format!(
            "COLIVRA_READ_DATABASE_URL: {}",
            e.to_string().trim_start_matches("DATABASE_URL: ")
        ))
    })?;
    if url.backend() != Backend::Postgres || primary.backend() != Backend::Postgres {
        return Err(ConfigError(
            "COLIVRA_READ_DATABASE_URL: a PostgreSQL replica of a PostgreSQL DATABASE_URL (SQLite has no replicas)"
                .to_owned(),
        ));
    }
    Ok(Some((url, std::time::Duration::from_millis(max_lag_ms))))
}

/// The SMTP server and sender from `COLIVRA_SMTP_URL` and `COLIVRA_MAIL_FROM` (required with it);
/// an error names the variable at fault.
pub fn mailer(
    env: impl Fn(&str) -> Option<String>,
) -> Result<Option<colivra_notifications::smtp::Mailer>, ConfigError> {
    let Some(url) = env("COLIVRA_SMTP_URL") else {
        return Ok(None);
    };
    let from = env("COLIVRA_MAIL_FROM").ok_or_else(|| {
        ConfigError(
            "COLIVRA_MAIL_FROM: required with COLIVRA_SMTP_URL, e.g. \"Colivra <no-reply@example.ma>\""
                .to_owned(),
        )
    })?;
    colivra_notifications::smtp::Mailer::new(&url, &from)
        .map(Some)
        .map_err(ConfigError)
}

/// The provider of recipients' SMS or WhatsApp messages (`colivra_notifications::provider`
/// lists the variables); an error names the variable at fault.
pub fn recipient_provider(
    env: impl Fn(&str) -> Option<String>,
) -> Result<Option<colivra_notifications::provider::RecipientProvider>, ConfigError> {
    colivra_notifications::provider::RecipientProvider::from_env(env).map_err(ConfigError)
}

/// `COLIVRA_PUBLIC_URL` (http or https, no query), else the listening address (`localhost` for
/// an unspecified one).
pub fn public_url(
    env: impl Fn(&str) -> Option<String>,
    addr: SocketAddr,
) -> Result<String, ConfigError> {
    match env("COLIVRA_PUBLIC_URL") {
        Some(raw) => {
            let url = raw.trim().trim_end_matches('/').to_owned();
            let valid = (url.starts_with("http://") || url.starts_with("https://"))
                && !url.contains(['?', '#', ' ']);
            if valid {
                Ok(url)
            } else {
                Err(ConfigError(format!(
                    "COLIVRA_PUBLIC_URL: '{raw}' is not an http(s) address such as https://app.colivra.ma"
                )))
            }
        }
        None if addr.ip().is_unspecified() => Ok(format!("http://localhost:{}", addr.port())),
        None => Ok(format!("http://{addr}")),
    }
}

/// `DATABASE_POOL_SIZE`: connections per process (default: 8 on SQLite, two per core plus two on
/// PostgreSQL). Past a few per core, more connections only make the database switch between them.
pub fn pool_size() -> Result<Option<u32>, ConfigError> {
    match env("DATABASE_POOL_SIZE") {
        None => Ok(None),
        Some(raw) => match raw.trim().parse::<u32>() {
            Ok(size) if (1..=200).contains(&size) => Ok(Some(size)),
            _ => Err(ConfigError(
                "DATABASE_POOL_SIZE: a number of connections from 1 to 200".to_owned(),
            )),
        },
    }
}

/// A pool on `url` of [`pool_size`] connections (or the backend's default).
pub fn open_pool(url: &DatabaseUrl) -> Result<colivra_db::DbPool, Box<dyn std::error::Error>> {
    let mut options = colivra_db::PoolOptions::for_backend(url.backend());
    if let Some(size) = pool_size()? {
        options.max_size = size;
    }
    Ok(colivra_db::connect_pool(url, &options)?)
}

/// The read replica's pool, sized as the primary's. A replica that does not answer at start is
/// not fatal: reads go to the primary until it does (the watch in `crate::replica`).
pub fn open_replica_pool(
    url: &DatabaseUrl,
) -> Result<colivra_db::DbPool, Box<dyn std::error::Error>> {
    let mut options = colivra_db::PoolOptions::for_backend(url.backend());
    if let Some(size) = pool_size()? {
        options.max_size = size;
    }
    Ok(match colivra_db::connect_pool(url, &options) {
        Ok(pool) => pool,
        Err(error) => {
            tracing::warn!(%error, "the read replica does not answer: reads go to the primary until it does");
            colivra_db::connection::lazy_pool(url, &options)
        }
    })
}

/// Where and how to reach the bucket (`COLIVRA_PROOFS_S3_*`).
#[derive(Clone, PartialEq, Eq)]
pub struct BucketConfig {
    /// `scheme://host[:port]`, e.g. `https://s3.eu-west-3.amazonaws.com`.
    pub endpoint: String,
    pub bucket: String,
    pub region: String,
    pub access_key: String,
    pub secret_key: String,
    /// Put before each object's name (`proofs/` by default).
    pub prefix: String,
    /// `https://bucket.host/key` instead of `https://host/bucket/key`.
    pub virtual_host: bool,
}

impl std::fmt::Debug for BucketConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BucketConfig")
            .field("endpoint", &self.endpoint)
            .field("bucket", &self.bucket)
            .field("region", &self.region)
            .field("access_key", &self.access_key)
            .field("secret_key", &"…")
            .field("prefix", &self.prefix)
            .field("virtual_host", &self.virtual_host)
            .finish()
    }
}

impl BucketConfig {
    /// From the environment: `None` without `COLIVRA_PROOFS_S3_BUCKET`; an error naming the
    /// variable for anything missing or malformed.
    pub fn from_env(env: impl Fn(&str) -> Option<String>) -> Result<Option<Self>, ConfigError> {
        let Some(bucket) = env("COLIVRA_PROOFS_S3_BUCKET") else {
            return Ok(None);
        };
        let required = |name: &str| {
            env(name).ok_or_else(|| {
                ConfigError(format!(
                    "{name}: required with COLIVRA_PROOFS_S3_BUCKET (docs/deployment.md)"
                ))
            })
        };
        let valid_bucket = (3..=63).contains(&bucket.len())
            && bucket
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-');
        if !valid_bucket {
            return Err(ConfigError(
                "COLIVRA_PROOFS_S3_BUCKET: 3 to 63 lowercase letters, digits, dots and hyphens"
                    .to_owned(),
            ));
        }
        let endpoint = required("COLIVRA_PROOFS_S3_ENDPOINT")?;
        authority(&endpoint).ok_or_else(|| {
            ConfigError(
                "COLIVRA_PROOFS_S3_ENDPOINT: http:// or https:// and a host, nothing after it"
                    .to_owned(),
            )
        })?;
        let prefix = env("COLIVRA_PROOFS_S3_PREFIX").unwrap_or_else(|| "proofs/".to_owned());
        if !prefix
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'-' | b'_' | b'.'))
        {
            return Err(ConfigError(
                "COLIVRA_PROOFS_S3_PREFIX: letters, digits, '/', '-', '_' and '.' only".to_owned(),
            ));
        }
        let virtual_host = match env("COLIVRA_PROOFS_S3_VIRTUAL_HOST") {
            Some(raw) => parse_bool("COLIVRA_PROOFS_S3_VIRTUAL_HOST", &raw)?,
            None => false,
        };
        Ok(Some(BucketConfig {
            endpoint: endpoint.trim_end_matches('/').to_owned(),
            bucket,
            region: env("COLIVRA_PROOFS_S3_REGION").unwrap_or_else(|| "us-east-1".to_owned()),
            access_key: required("COLIVRA_PROOFS_S3_ACCESS_KEY")?,
            secret_key: required("COLIVRA_PROOFS_S3_SECRET_KEY")?,
            prefix,
            virtual_host,
        }))
    }
}

/// `(scheme, host[:port])` of an endpoint, the port dropped when it is the scheme's own (the
/// `Host` header the client sends, which the signature covers).
pub(crate) fn authority(endpoint: &str) -> Option<(&'static str, String)> {
    let endpoint = endpoint.trim_end_matches('/');
    let (scheme, rest, default_port) = if let Some(rest) = endpoint.strip_prefix("https://") {
        ("https", rest, ":443")
    } else if let Some(rest) = endpoint.strip_prefix("http://") {
        ("http", rest, ":80")
    } else {
        return None;
    };
    let valid = !rest.is_empty()
        && rest
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'));
    valid.then(|| {
        (
            scheme,
            rest.strip_suffix(default_port).unwrap_or(rest).to_owned(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn booleans_accept_the_usual_spellings_and_name_the_variable() {
        assert!(parse_bool("X", "on").unwrap());
        assert!(!parse_bool("X", "FALSE").unwrap());
        let error = parse_bool("COLIVRA_SECURE_COOKIES", "maybe").unwrap_err();
        assert!(error.0.starts_with("COLIVRA_SECURE_COOKIES:"), "{error}");
    }

    #[test]
    fn a_read_replica_is_postgres_beside_postgres_with_a_sane_lag() {
        let pg = DatabaseUrl::parse("postgres://u@primary/db").unwrap();
        let env_of = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| (*value).to_owned())
            }
        };
        assert!(read_replica(env_of(&[]), &pg).unwrap().is_none());
        let (url, lag) = read_replica(
            env_of(&[
                ("COLIVRA_READ_DATABASE_URL", "postgres://u@replica/db"),
                ("COLIVRA_READ_MAX_LAG_MS", "500"),
            ]),
            &pg,
        )
        .unwrap()
        .unwrap();
        assert_eq!(url.backend(), Backend::Postgres);
        assert_eq!(lag, std::time::Duration::from_millis(500));
        let default = read_replica(
            env_of(&[("COLIVRA_READ_DATABASE_URL", "postgres://u@replica/db")]),
            &pg,
        )
        .unwrap()
        .unwrap();
        assert_eq!(default.1, std::time::Duration::from_secs(2));
        for (pairs, primary, named) in [
            (
                &[("COLIVRA_READ_DATABASE_URL", "sqlite://x.db")][..],
                &pg,
                "COLIVRA_READ_DATABASE_URL:",
            ),
            (
                &[("COLIVRA_READ_DATABASE_URL", "postgres://u@replica/db")][..],
                &DatabaseUrl::parse("sqlite://x.db").unwrap(),
                "COLIVRA_READ_DATABASE_URL:",
            ),
            (
                &[("COLIVRA_READ_DATABASE_URL", "mysql://r/db")][..],
                &pg,
                "COLIVRA_READ_DATABASE_URL:",
            ),
            (
                &[("COLIVRA_READ_MAX_LAG_MS", "5")][..],
                &pg,
                "COLIVRA_READ_MAX_LAG_MS:",
            ),
        ] {
            let pairs: &'static [(&'static str, &'static str)] = pairs;
            let error = read_replica(env_of(pairs), primary).unwrap_err();
            assert!(error.0.starts_with(named), "{error}");
        }
    }

    #[test]
    fn flags_win_and_bad_values_name_their_source() {
        let config = ServeConfig::resolve(ServeOverrides {
            database_url: Some("sqlite:///tmp/x.db".into()),
            addr: Some("0.0.0.0:9000".into()),
            secure_cookies: Some(true),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(config.addr.port(), 9000);
        assert!(config.secure_cookies);
        let error = ServeConfig::resolve(ServeOverrides {
            addr: Some("nonsense".into()),
            ..Default::default()
        })
        .unwrap_err();
        assert!(error.0.starts_with("--addr:"), "{error}");
        let error = ServeConfig::resolve(ServeOverrides {
            database_url: Some("mysql://x".into()),
            ..Default::default()
        })
        .unwrap_err();
        assert!(error.0.starts_with("--database-url:"), "{error}");
    }
}
