//! The server process: the shared state on an open pool, the background work every server runs
//! (session and idempotency purges, the dashboards' fold, the webhook sender), and the HTTP
//! server itself. The `colivra serve` command calls [`serve`].

use std::sync::Arc;

use colivra_auth::throttle::{SignInThrottle, Throttle};
use colivra_core::AppError;
use colivra_db::{migrations, DbPool};

use crate::config::{self, ServeConfig};
use crate::state::{AppState, WebSettings};

/// Builds the shared state on an open pool: the cookie signing key comes from the database so
/// every process (and every restart) accepts the same cookies.
pub fn app_state(
    pool: DbPool,
    static_dir: std::path::PathBuf,
    app_name: String,
    secure_cookies: bool,
) -> Result<AppState, AppError> {
    let mut conn = pool
        .get()
        .map_err(|e| AppError::Unavailable(e.to_string()))?;
    let backend = conn.backend();
    let key = colivra_db::settings::get_or_init(&mut conn, "session_cookie_key", || {
        colivra_core::key::random_secret(96)
    })
    .map_err(AppError::internal)?;
    drop(conn);
    Ok(AppState {
        pool: crate::db::Database::new(pool, backend),
        list_memory: Arc::default(),
        merchant_accounts: Arc::default(),
        merchant_guide: Arc::new(crate::merchant_guide::template()),
        stock: Arc::new(colivra_inventory::parcel_stock::InventoryStock),
        proofs: Arc::new(colivra_parcels::proof::ProofStore::new(
            std::path::Path::new(crate::config::DEFAULT_DATA_DIR).join("proofs"),
        )),
        throttle: SignInThrottle::default(),
        tracking_throttle: Arc::new(Throttle::tracking()),
        decision_throttle: Arc::new(Throttle::tracking_decision()),
        settings: Arc::new(WebSettings {
            app_name,
            static_dir,
            secure_cookies,
            cookie_key: key.into_bytes(),
            idle_timeouts: Default::default(),
            trusted_proxies: Default::default(),
            webhook_allow_private: false,
            metrics_token: None,
        }),
    })
}

pub fn serve(config: ServeConfig) -> Result<(), Box<dyn std::error::Error>> {
    tracing::info!(database = %config.database_url.redacted(), "connecting");
    let pool = config::open_pool(&config.database_url)?;
    if config.migrate {
        for version in migrations::run_pending(&mut *pool.get()?)? {
            tracing::info!(%version, "migration applied");
        }
    }
    let mut state = app_state(
        pool.clone(),
        config.static_dir.clone(),
        config.app_name.clone(),
        config.secure_cookies,
    )?;
    if let Some((url, max_lag)) = &config.read_replica {
        tracing::info!(replica = %url.redacted(), ?max_lag, "lists, searches, dashboards and exports read from the replica");
        let pool = config::open_replica_pool(url)?;
        state.pool = state
            .pool
            .clone()
            .with_replica(Arc::new(crate::db::ReadReplica {
                database: crate::db::Database::of_replica(pool),
                freshness: crate::replica::Freshness::new(*max_lag, config.secure_cookies),
            }));
    }
    let settings = Arc::make_mut(&mut state.settings);
    settings.idle_timeouts = config.idle_timeouts;
    settings.trusted_proxies = config.trusted_proxies.clone();
    settings.webhook_allow_private = config.webhook_allow_private;
    settings.metrics_token = config.metrics_token.clone();
    state.proofs = Arc::new(match &config.proof_bucket {
        Some(bucket) => {
            tracing::info!(endpoint = %bucket.endpoint, bucket = %bucket.bucket, "proofs of delivery in an S3-compatible bucket");
            crate::proof_bucket::open(bucket)?
        }
        None => colivra_parcels::proof::ProofStore::new(config.data_dir.join("proofs")),
    });
    // The transactions that write recipients' messages read the channel from the database.
    colivra_notifications::recipients::record_channel(
        &mut *pool.get()?,
        config
            .recipients
            .as_ref()
            .map(|provider| provider.channel()),
    )
    .map_err(|e| format!("recording the recipients' channel: {e:?}"))?;
    if !config.static_dir.join("index.html").exists() {
        tracing::warn!(dir = %config.static_dir.display(), "the web app is not built; API only (run `just build`)");
    }
    actix_web::rt::System::new().block_on(async move {
        // Returns at once without a read replica.
        actix_web::rt::spawn(crate::db::watch_replica(state.pool.clone()));
        let purge_pool = state.pool.clone();
        actix_web::rt::spawn(async move {
            let mut every = actix_web::rt::time::interval(std::time::Duration::from_secs(600));
            loop {
                every.tick().await;
                let purged =
                    crate::db::run(&purge_pool, colivra_auth::sessions::purge_expired).await;
                if let Ok(count) = purged.map_err(|e| tracing::warn!(%e, "session purge failed")) {
                    tracing::debug!(count, "expired sessions purged");
                }
                let purged = crate::db::run(&purge_pool, |conn| {
                    colivra_db::idempotency::purge_expired(conn, colivra_core::time::now())
                })
                .await;
                if let Ok(count) =
                    purged.map_err(|e| tracing::warn!(%e, "idempotency key purge failed"))
                {
                    tracing::debug!(count, "expired idempotency keys purged");
                }
                let pruned = crate::db::run(&purge_pool, |conn| {
                    colivra_webhooks::deliveries::prune(conn, colivra_core::time::now())
                })
                .await;
                if let Ok(count) = pruned.map_err(|e| tracing::warn!(%e, "webhook prune failed")) {
                    tracing::debug!(count, "old webhook events pruned");
                }
                let pruned = crate::db::run(&purge_pool, |conn| {
                    let messages =
                        colivra_notifications::delivery::prune(conn, colivra_core::time::now())?;
                    Ok(messages + colivra_auth::password_links::prune(conn)?)
                })
                .await;
                if let Ok(count) = pruned.map_err(|e| tracing::warn!(%e, "messages prune failed")) {
                    tracing::debug!(count, "old messages and password links pruned");
                }
            }
        });
        // The dashboards' figures: the deltas the parcels' trigger appended, folded every few
        // seconds so that readers add up a short list (colivra_parcels::figures); only after
        // this process served a write, or once a minute for what other processes (a `colivra`
        // command, another server) wrote: an idle server runs no statement for it.
        let fold_pool = state.pool.clone();
        actix_web::rt::spawn(async move {
            let mut every = actix_web::rt::time::interval(std::time::Duration::from_secs(2));
            let mut last = std::time::Instant::now();
            loop {
                every.tick().await;
                if !crate::db::take_wrote() && last.elapsed() < std::time::Duration::from_secs(60) {
                    continue;
                }
                last = std::time::Instant::now();
                let folded = crate::db::run(&fold_pool, colivra_parcels::figures::fold).await;
                if let Err(e) = folded {
                    tracing::warn!(%e, "folding the parcel figures failed");
                }
                // Failed attempts nobody decided within the company's delay: once a minute.
                let stock = colivra_inventory::parcel_stock::InventoryStock;
                let defaults = crate::db::run(&fold_pool, move |conn| {
                    colivra_parcels::decisions::apply_due_defaults_if_due(conn, &stock)
                })
                .await;
                if let Err(e) = defaults {
                    tracing::warn!(%e, "applying the decisions' defaults failed");
                }
                // Recipients' history older than the company keeps it: once an hour.
                let pruned =
                    crate::db::run(&fold_pool, colivra_parcels::recipients::prune_if_due).await;
                if let Err(e) = pruned {
                    tracing::warn!(%e, "pruning the recipients' history failed");
                }
            }
        });
        colivra_notifications::config::set(colivra_notifications::config::MessagesConfig {
            public_url: config.public_url.clone(),
            company_name: config.app_name.clone(),
        });
        let channels = colivra_notifications::sender::Channels {
            mailer: config.mailer.clone(),
            recipients: config.recipients.clone(),
        };
        match &channels.mailer {
            Some(mailer) => {
                tracing::info!(?mailer, public_url = %config.public_url, "e-mails sent over SMTP")
            }
            None => {
                tracing::warn!("COLIVRA_SMTP_URL is not set: e-mails (forgotten password, notices) are kept in the messages' log but not sent (docs/deployment.md)");
                println!("E-mail: COLIVRA_SMTP_URL is not set; messages are kept, not sent.");
            }
        }
        match &channels.recipients {
            Some(provider) => tracing::info!(?provider, "recipients' messages sent"),
            None => println!(
                "Recipients' messages: COLIVRA_RECIPIENT_CHANNEL is not set; recipients get no SMS or WhatsApp."
            ),
        }
        if channels.any() {
            let _messages = colivra_notifications::sender::spawn(
                state.pool.clone(),
                channels,
                Some(config.database_url.clone()),
            );
        }
        // Runs as long as the server: its handle is not needed.
        let _sender = colivra_webhooks::sender::spawn(
            state.pool.clone(),
            state.settings.webhook_allow_private,
            Some(config.database_url.clone()),
        );
        // The metrics on a listener of their own, for the internal network only.
        if let Some(addr) = config.metrics_addr {
            let metrics_state = state.clone();
            let metrics = actix_web::HttpServer::new(move || {
                actix_web::App::new()
                    .app_data(actix_web::web::Data::new(metrics_state.clone()))
                    .route("/metrics", actix_web::web::get().to(crate::handlers::metrics::render))
            })
            .workers(1)
            .bind(addr)
            .map_err(|e| format!("COLIVRA_METRICS_ADDR: cannot listen on {addr}: {e}"))?;
            println!("Metrics on http://{addr}/metrics");
            actix_web::rt::spawn(metrics.run());
        }
        crate::metrics::handle();
        let server = actix_web::HttpServer::new(move || crate::app::build(state.clone()))
            .bind(config.addr)
            .map_err(|e| format!("COLIVRA_ADDR: cannot listen on {}: {e}", config.addr))?;
        println!("Colivra is serving on http://{}", config.addr);
        server
            .run()
            .await
            .map_err(|e| Box::new(e) as Box<dyn std::error::Error>)
    })
}
