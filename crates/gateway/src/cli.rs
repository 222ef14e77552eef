//! The `colivra` command line: serve, migrate, create-admin, seed-demo (`--week`: `demo::week`).

use std::sync::Arc;

use clap::{Parser, Subcommand, ValueEnum};
use colivra_auth::accounts::{self, CreateAdmin};
use colivra_auth::throttle::{SignInThrottle, Throttle};
use colivra_core::AppError;
use colivra_db::{connect_pool, migrations, DatabaseUrl, DbPool, PoolOptions};
use colivra_parcels::cities;

use crate::config::{self, ServeConfig, ServeOverrides};
use crate::state::{AppState, WebSettings};
use crate::terminal::describe;
pub use crate::terminal::CliResult;

#[derive(Debug, Parser)]
#[command(
    name = "colivra",
    version,
    about = "Colivra: cash-on-delivery parcel delivery, end to end"
)]
pub struct Cli {
    /// Database to use (overrides DATABASE_URL; default sqlite://data/colivra.db).
    #[arg(long, global = true)]
    pub database_url: Option<String>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the API and the web app (applies pending migrations first).
    Serve {
        /// Address to listen on (overrides COLIVRA_ADDR).
        #[arg(long)]
        addr: Option<String>,
        /// Folder of the built web app (overrides COLIVRA_STATIC_DIR).
        #[arg(long)]
        static_dir: Option<std::path::PathBuf>,
        /// Product name shown in the web app (overrides COLIVRA_APP_NAME).
        #[arg(long)]
        app_name: Option<String>,
        /// Mark cookies Secure and send HSTS (overrides COLIVRA_SECURE_COOKIES).
        #[arg(long)]
        secure_cookies: Option<bool>,
        /// Do not apply pending migrations at start.
        #[arg(long)]
        no_migrate: bool,
    },
    /// Show, apply or revert database migrations.
    Migrate {
        #[arg(value_enum, default_value_t = MigrateAction::Run)]
        action: MigrateAction,
    },
    /// Create an admin account (full, or staff with --permissions).
    CreateAdmin {
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
        #[arg(long, default_value = "Admin")]
        first_name: String,
        #[arg(long, default_value = "Colivra")]
        last_name: String,
        /// Comma-separated admin route names, e.g. dashboard,cities; absent: every permission.
        #[arg(long, value_delimiter = ',')]
        permissions: Option<Vec<String>>,
    },
    /// Add the cities of a CSV file (name,delivery_fee,return_fee,refusal_fee; fees in dirhams,
    /// header first); cities that already exist are left as they are.
    ImportCities { file: std::path::PathBuf },
    /// Load demo data (idempotent): cities with fees, an admin, a merchant with a shop, a
    /// delivery person; prints their sign-ins.
    SeedDemo {
        /// Also a week of activity before today (the company in the middle of a week): parcels
        /// in every status, vouchers, invoices, cash counted, stock and tickets, day by day;
        /// once (the settings row `demo_week_seeded_on` marks it).
        #[arg(long)]
        week: bool,
    },
    /// Write a consistent copy of the database to a new file while it keeps serving (SQLite:
    /// `VACUUM INTO`; PostgreSQL: `pg_dump` custom format).
    Backup {
        #[arg(long)]
        to: std::path::PathBuf,
    },
    /// Restore a backup into an empty database (SQLite: a missing or empty file; PostgreSQL: a
    /// database without tables, through `pg_restore` in one transaction), then apply pending
    /// migrations.
    Restore {
        #[arg(long)]
        from: std::path::PathBuf,
    },
    /// Fill an empty database with benchmark data: cities, 200 merchants with shops, 60
    /// delivery people and `--parcels` parcels over a year, each with its history and activities.
    SeedBench {
        #[arg(long, default_value_t = 1_000_000)]
        parcels: u64,
    },
    /// Time the admin parcel list service directly against the database (no HTTP): prints
    /// `case p50_ms p99_ms` for page1, deep (after --cursor), filtered and search.
    BenchDirect {
        #[arg(long, default_value_t = 200)]
        iterations: usize,
        #[arg(long)]
        cursor: Option<String>,
    },
    /// Time an invoice of `--parcels` delivered parcels (draft, validation, PDF) and a delivery
    /// person's hand-over of the same parcels, through the services; prints `case ms` lines and
    /// removes what it created.
    BenchInvoice {
        #[arg(long, default_value_t = 5_000)]
        parcels: u64,
    },
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum MigrateAction {
    Status,
    Run,
    Revert,
}

pub fn run(cli: Cli) -> CliResult {
    match cli.command {
        Command::Serve {
            addr,
            static_dir,
            app_name,
            secure_cookies,
            no_migrate,
        } => {
            let config = ServeConfig::resolve(ServeOverrides {
                database_url: cli.database_url,
                addr,
                static_dir,
                app_name,
                secure_cookies,
                no_migrate,
            })?;
            serve(config)
        }
        Command::Migrate { action } => {
            let pool = open(&config::database_url(cli.database_url.as_deref())?)?;
            let mut conn = pool.get()?;
            match action {
                MigrateAction::Status => {
                    for migration in migrations::status(&mut conn)? {
                        println!(
                            "{} {}",
                            if migration.applied { "[x]" } else { "[ ]" },
                            migration.name
                        );
                    }
                }
                MigrateAction::Run => {
                    let applied = migrations::run_pending(&mut conn)?;
                    if applied.is_empty() {
                        println!("Nothing to apply: the database is up to date.");
                    }
                    for version in applied {
                        println!("Applied {version}");
                    }
                }
                MigrateAction::Revert => match migrations::revert_last(&mut conn)? {
                    Some(version) => println!("Reverted {version}"),
                    None => println!("Nothing to revert."),
                },
            }
            Ok(())
        }
        Command::Backup { to } => {
            let url = config::database_url(cli.database_url.as_deref())?;
            let bytes = colivra_db::backup::backup(&url, &to)?;
            println!(
                "Backed up {} to {} ({bytes} bytes).",
                url.redacted(),
                to.display()
            );
            Ok(())
        }
        Command::Restore { from } => {
            let url = config::database_url(cli.database_url.as_deref())?;
            colivra_db::backup::restore(&url, &from)?;
            let pool = open(&url)?;
            let applied = migrations::run_pending(&mut *pool.get()?)?;
            println!(
                "Restored {} into {} ({} migration(s) applied after it).",
                from.display(),
                url.redacted(),
                applied.len()
            );
            Ok(())
        }
        Command::SeedBench { parcels } => {
            let pool = open_migrated(&config::database_url(cli.database_url.as_deref())?)?;
            crate::bench_data::seed_bench(&pool, parcels)
        }
        Command::BenchInvoice { parcels } => {
            let pool = open_migrated(&config::database_url(cli.database_url.as_deref())?)?;
            crate::bench_data::bench_invoice(&pool, parcels)
        }
        Command::BenchDirect { iterations, cursor } => {
            let pool = open(&config::database_url(cli.database_url.as_deref())?)?;
            crate::bench_data::bench_direct(&pool, iterations, cursor)
        }
        Command::CreateAdmin {
            email,
            password,
            first_name,
            last_name,
            permissions,
        } => {
            let pool = open_migrated(&config::database_url(cli.database_url.as_deref())?)?;
            let user = accounts::create_admin(
                &mut *pool.get()?,
                CreateAdmin {
                    email,
                    password,
                    first_name,
                    last_name,
                    permissions,
                },
            )
            .map_err(describe)?;
            println!(
                "Created admin {} ({}), permissions: {}",
                user.email,
                user.key,
                user.permissions().join(", ")
            );
            Ok(())
        }
        Command::ImportCities { file } => {
            let text =
                std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            let rows =
                cities::parse_cities_csv(&text).map_err(|e| format!("{}: {e}", file.display()))?;
            let pool = open_migrated(&config::database_url(cli.database_url.as_deref())?)?;
            let added = cities::ensure_cities(&mut *pool.get()?, &rows).map_err(describe)?;
            println!(
                "{} cities read, {added} added, {} already present.",
                rows.len(),
                rows.len() - added
            );
            Ok(())
        }
        Command::SeedDemo { week } => {
            let pool = open_migrated(&config::database_url(cli.database_url.as_deref())?)?;
            if week {
                crate::demo::week::seed_demo_week(&pool)
            } else {
                seed_demo(&pool)
            }
        }
    }
}

fn open(url: &DatabaseUrl) -> Result<DbPool, Box<dyn std::error::Error>> {
    let mut options = PoolOptions::for_backend(url.backend());
    if let Some(size) = config::pool_size()? {
        options.max_size = size;
    }
    Ok(connect_pool(url, &options)?)
}

fn open_migrated(url: &DatabaseUrl) -> Result<DbPool, Box<dyn std::error::Error>> {
    let pool = open(url)?;
    migrations::run_pending(&mut *pool.get()?)?;
    Ok(pool)
}

pub use colivra_auth::demo::{DemoAccount, DEMO_ACCOUNTS};

pub use crate::demo::seed_demo;

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
        stock: Arc::new(crate::stock::InventoryStock),
        proofs: Arc::new(colivra_parcels::proof::ProofStore::new(
            std::path::Path::new(crate::config::DEFAULT_DATA_DIR).join("proofs"),
        )),
        throttle: SignInThrottle::default(),
        tracking_throttle: Arc::new(Throttle::tracking()),
        settings: Arc::new(WebSettings {
            app_name,
            static_dir,
            secure_cookies,
            cookie_key: key.into_bytes(),
            idle_timeouts: Default::default(),
            trusted_proxies: Default::default(),
            webhook_allow_private: false,
        }),
    })
}

fn serve(config: ServeConfig) -> CliResult {
    tracing::info!(database = %config.database_url.redacted(), "connecting");
    let pool = open(&config.database_url)?;
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
    let settings = Arc::make_mut(&mut state.settings);
    settings.idle_timeouts = config.idle_timeouts;
    settings.trusted_proxies = config.trusted_proxies.clone();
    settings.webhook_allow_private = config.webhook_allow_private;
    state.proofs = Arc::new(match &config.proof_bucket {
        Some(bucket) => {
            tracing::info!(endpoint = %bucket.endpoint, bucket = %bucket.bucket, "proofs of delivery in an S3-compatible bucket");
            colivra_parcels::proof::ProofStore::with_backend(crate::proof_bucket::ProofBucket::new(
                bucket.clone(),
            )?)
        }
        None => colivra_parcels::proof::ProofStore::new(config.data_dir.join("proofs")),
    });
    if !config.static_dir.join("index.html").exists() {
        tracing::warn!(dir = %config.static_dir.display(), "the web app is not built; API only (run `just build`)");
    }
    actix_web::rt::System::new().block_on(async move {
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
            }
        });
        // Runs as long as the server: its handle is not needed.
        let _sender = crate::webhook_sender::spawn(
            state.pool.clone(),
            state.settings.webhook_allow_private,
            Some(config.database_url.clone()),
        );
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
