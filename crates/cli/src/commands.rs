//! The `colivra` command line: serve (the gateway's server), migrate, create-admin, seed-demo
//! (`--week`: `demo::week`), the bench's data and timings, backup and restore, the OpenAPI
//! document.

use clap::{Parser, Subcommand, ValueEnum};
use colivra_auth::accounts::{self, CreateAdmin};
use colivra_db::{migrations, DatabaseUrl, DbPool};
use colivra_parcels::cities;

use colivra_gateway::config::{self, ServeConfig, ServeOverrides};

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
    /// Print the OpenAPI document of the API (as served at /api/openapi.json): the web app's API
    /// types are generated from it (`just api-types`).
    Openapi,
    /// Time services directly against the database (no HTTP): prints `case p50_ms p99_ms` for
    /// the recipient history a creation reads, the parcel list (page1, deep after --cursor,
    /// filtered, search), the balances and accounts lists, the dashboards and the unpaid lists;
    /// `--only CASE` for one of them.
    BenchDirect {
        #[arg(long, default_value_t = 200)]
        iterations: usize,
        #[arg(long)]
        cursor: Option<String>,
        #[arg(long)]
        only: Option<String>,
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
            colivra_gateway::server::serve(config)
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
        Command::Openapi => {
            let document = colivra_gateway::openapi::document()
                .to_pretty_json()
                .map_err(|e| format!("the OpenAPI document: {e}"))?;
            println!("{document}");
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
        Command::BenchDirect {
            iterations,
            cursor,
            only,
        } => {
            let pool = open(&config::database_url(cli.database_url.as_deref())?)?;
            crate::bench_data::bench_direct(&pool, iterations, cursor, only.as_deref())
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
    config::open_pool(url)
}

fn open_migrated(url: &DatabaseUrl) -> Result<DbPool, Box<dyn std::error::Error>> {
    let pool = open(url)?;
    migrations::run_pending(&mut *pool.get()?)?;
    Ok(pool)
}

pub use colivra_auth::demo::{DemoAccount, DEMO_ACCOUNTS};

pub use crate::demo::seed_demo;
