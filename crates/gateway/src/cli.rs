//! The `colivra` command line: serve, migrate, create-admin, seed-demo.

use std::sync::Arc;

use clap::{Parser, Subcommand, ValueEnum};
use colivra_auth::accounts::{self, CreateAdmin, NewUser};
use colivra_auth::throttle::{SignInThrottle, Throttle};
use colivra_core::{AppError, Role};
use colivra_db::{connect_pool, migrations, DatabaseUrl, DbPool, PoolOptions};
use colivra_parcels::{cities, shops};

use crate::config::{self, ServeConfig, ServeOverrides};
use crate::state::{AppState, WebSettings};

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
    SeedDemo,
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

pub type CliResult = Result<(), Box<dyn std::error::Error>>;

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
        Command::SeedDemo => {
            let pool = open_migrated(&config::database_url(cli.database_url.as_deref())?)?;
            seed_demo(&pool)
        }
    }
}

/// Validation errors as one readable line for the terminal.
fn describe(error: AppError) -> Box<dyn std::error::Error> {
    match error {
        AppError::Validation(errors) => {
            let parts: Vec<String> = errors
                .0
                .iter()
                .map(|(field, messages)| format!("{field}: {}", messages.join(" ")))
                .collect();
            parts.join("; ").into()
        }
        other => other.to_string().into(),
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

pub struct DemoAccount {
    pub role: Role,
    pub email: &'static str,
    pub password: &'static str,
    pub first_name: &'static str,
    pub last_name: &'static str,
    pub phone: &'static str,
}

pub const DEMO_ACCOUNTS: [DemoAccount; 3] = [
    DemoAccount {
        role: Role::Admin,
        email: "admin@colivra.ma",
        password: "Admin#Colivra2026",
        first_name: "Samira",
        last_name: "Bennani",
        phone: "0522000001",
    },
    DemoAccount {
        role: Role::Client,
        email: "client@colivra.ma",
        password: "Client#Colivra2026",
        first_name: "Youssef",
        last_name: "El Amrani",
        phone: "0661000002",
    },
    DemoAccount {
        role: Role::DeliveryAdmin,
        email: "livreur@colivra.ma",
        password: "Livreur#Colivra2026",
        first_name: "Hamid",
        last_name: "Ouazzani",
        phone: "0670000003",
    },
];

/// The demo delivery person serves Casablanca and Rabat; the demo merchant has a few parcels to
/// look at. Only done on a fresh demo (nothing of the kind exists yet).
fn seed_demo_activity(conn: &mut colivra_db::DbConnection) -> CliResult {
    use colivra_auth::couriers::{self, DeliveryCityInput};
    use colivra_parcels::parcel::{self, ParcelInput};
    let find = |conn: &mut colivra_db::DbConnection,
                email: &str|
     -> Result<colivra_auth::User, Box<dyn std::error::Error>> {
        colivra_auth::users::find_by_email(conn, email)
            .map_err(describe)?
            .ok_or_else(|| format!("{email} is missing").into())
    };
    let admin = find(conn, DEMO_ACCOUNTS[0].email)?;
    let merchant = find(conn, DEMO_ACCOUNTS[1].email)?;
    let courier = find(conn, DEMO_ACCOUNTS[2].email)?;
    if colivra_parcels::company::identity(conn)
        .map_err(describe)?
        .is_none()
    {
        colivra_parcels::company::update(conn, admin.id, &demo_company()).map_err(describe)?;
    }
    let view = couriers::view(conn, courier).map_err(describe)?;
    if view.cities.is_empty() {
        for city in ["Casablanca", "Rabat"] {
            let city_key: String = {
                use colivra_db::schema::cities;
                use diesel::prelude::*;
                cities::table
                    .filter(cities::name.eq(city))
                    .select(cities::key)
                    .first(conn)?
            };
            couriers::add_city(
                conn,
                admin.id,
                DeliveryCityInput {
                    delivery_admin: Some(view.key.clone()),
                    city: Some(city_key),
                    delivered_commission: Some(1_500),
                    refused_commission: Some(500),
                },
            )
            .map_err(describe)?;
        }
    }
    let has_parcels = {
        use colivra_db::schema::parcels;
        use diesel::prelude::*;
        parcels::table
            .filter(parcels::client_id.eq(merchant.id))
            .count()
            .get_result::<i64>(conn)?
            > 0
    };
    if !has_parcels {
        let recipients = [
            (
                "Amina Benali",
                "0612345678",
                "Casablanca",
                "12 rue des Orangers, Maarif",
                24_900,
            ),
            (
                "Karim Tazi",
                "0698765432",
                "Rabat",
                "5 avenue Hassan II, Agdal",
                15_000,
            ),
            (
                "Salma Idrissi",
                "0700112233",
                "Casablanca",
                "Résidence Atlas, bloc B, Sidi Maârouf",
                39_900,
            ),
            (
                "Omar Chraibi",
                "0655443322",
                "Marrakech",
                "Derb Sidi Bouloukat 14, Médina",
                12_000,
            ),
            (
                "Nadia Berrada",
                "0661223344",
                "Fès",
                "18 boulevard Allal El Fassi",
                8_500,
            ),
        ];
        let mut created = Vec::new();
        for (name, phone, city, address, amount) in recipients {
            let parcel = parcel::create(
                conn,
                merchant.id,
                merchant.id,
                &ParcelInput {
                    recipient_name: Some(name.into()),
                    recipient_phone: Some(phone.into()),
                    city: Some(city.into()),
                    address: Some(address.into()),
                    cod_amount: Some(amount),
                    product: Some("Article de démonstration".into()),
                    quantity: Some(1),
                    can_open: Some(true),
                    ..Default::default()
                },
            )
            .map_err(describe)?;
            created.push(parcel.key);
        }
        // The first two (Casablanca and Rabat, which the demo delivery person serves) wait on a
        // pickup voucher, so the admin has one to receive and can play the round from there.
        let voucher = colivra_vouchers::pickup::create(
            conn,
            merchant.id,
            merchant.id,
            &colivra_vouchers::pickup::PickupInput {
                parcels: created[..2].to_vec(),
            },
        )
        .map_err(describe)?;
        println!(
            "Demo parcels: 5 for {}, 2 of them on pickup voucher {}.",
            merchant.email, voucher.key
        );
    }
    seed_demo_stock(conn, &admin, &merchant)?;
    seed_demo_support(conn, &admin, &merchant)
}

/// The demo merchant's stock service, active, with three products (one low on stock) and an
/// entry slip waiting to be received.
fn seed_demo_stock(
    conn: &mut colivra_db::DbConnection,
    admin: &colivra_auth::User,
    merchant: &colivra_auth::User,
) -> CliResult {
    use colivra_inventory::movements::MovementInput;
    use colivra_inventory::movements::{self, EntryLine, EntrySlipInput, MovementDecision};
    use colivra_inventory::products::{self, InventoryInput};
    let asked = {
        use colivra_db::schema::inventory_clients;
        use diesel::prelude::*;
        inventory_clients::table
            .filter(inventory_clients::client_id.eq(merchant.id))
            .count()
            .get_result::<i64>(conn)?
            > 0
    };
    if asked {
        return Ok(());
    }
    colivra_inventory::clients::request(conn, merchant.id, merchant.id).map_err(describe)?;
    colivra_inventory::clients::decide(
        conn,
        admin.id,
        &merchant.key,
        &colivra_inventory::clients::ClientDecision {
            status: Some("active".into()),
        },
    )
    .map_err(describe)?;
    let mut keys = Vec::new();
    for (sku, name, threshold, stock) in [
        ("ROBE-ETE-M", "Robe d'été taille M", Some(5), 24),
        ("CAFTAN-BRODE", "Caftan brodé", Some(5), 3),
        ("SAC-CUIR", "Sac en cuir", None, 12),
    ] {
        let product = products::create(
            conn,
            merchant.id,
            merchant.id,
            &InventoryInput {
                sku: Some(sku.into()),
                name: Some(name.into()),
                alert_threshold: threshold,
            },
        )
        .map_err(describe)?;
        let entry = movements::create(
            conn,
            merchant.id,
            colivra_core::Scope::Merchant(merchant.id),
            &MovementInput {
                inventory: Some(product.key.clone()),
                kind: Some("entry".into()),
                quantity: Some(stock),
                comment: None,
            },
        )
        .map_err(describe)?;
        movements::decide(
            conn,
            admin.id,
            &entry.key,
            &MovementDecision {
                state: Some("validated".into()),
                quantity: None,
            },
        )
        .map_err(describe)?;
        keys.push(product.key);
    }
    let slip = movements::create_slip(
        conn,
        merchant.id,
        merchant.id,
        &EntrySlipInput {
            lines: Some(vec![
                EntryLine {
                    inventory: Some(keys[1].clone()),
                    quantity: Some(10),
                },
                EntryLine {
                    inventory: Some(keys[2].clone()),
                    quantity: Some(6),
                },
            ]),
            comment: Some("Réassort de la semaine".into()),
        },
    )
    .map_err(describe)?;
    println!(
        "Demo stock: 3 products for {} (one low), entry slip {} to receive.",
        merchant.email, slip.code
    );
    Ok(())
}

/// A ticket about a demo parcel with the staff's answer, an announcement for everyone and a
/// guide for merchants; each only when none of its kind exists yet.
fn seed_demo_support(
    conn: &mut colivra_db::DbConnection,
    admin: &colivra_auth::User,
    merchant: &colivra_auth::User,
) -> CliResult {
    use colivra_db::schema::{announcements, guides, parcels, tickets};
    use colivra_support::tickets::{Actor, MessageInput, TicketInput};
    use diesel::prelude::*;
    let has_tickets = tickets::table
        .filter(tickets::client_id.eq(merchant.id))
        .count()
        .get_result::<i64>(conn)?
        > 0;
    if !has_tickets {
        let parcel: Option<String> = parcels::table
            .filter(parcels::client_id.eq(merchant.id))
            .order(parcels::id.asc())
            .select(parcels::key)
            .first(conn)
            .optional()?;
        let merchant_side = Actor {
            user_id: merchant.id,
            scope: colivra_core::Scope::Merchant(merchant.id),
        };
        let ticket = colivra_support::tickets::create(
            conn,
            merchant_side,
            &TicketInput {
                subject: Some("Date de ramassage".into()),
                category: Some(if parcel.is_some() { "parcel" } else { "pickup" }.into()),
                parcel,
                message: Some(
                    "Bonjour, pouvez-vous passer prendre ce colis avant vendredi ?".into(),
                ),
            },
        )
        .map_err(describe)?;
        let staff_side = Actor {
            user_id: admin.id,
            scope: colivra_core::Scope::Everyone,
        };
        colivra_support::tickets::add_message(
            conn,
            staff_side,
            &ticket.ticket.key,
            &MessageInput {
                body: Some("Bonjour, le livreur passe jeudi matin.".into()),
            },
        )
        .map_err(describe)?;
        println!("Demo ticket: {} ({}).", ticket.ticket.code, merchant.email);
    }
    if announcements::table.count().get_result::<i64>(conn)? == 0 {
        colivra_support::announcements::create(
            conn,
            admin.id,
            &colivra_support::AnnouncementInput {
                title: Some("Bienvenue sur Colivra".into()),
                body: Some("Les ramassages ont lieu du lundi au samedi, de 9 h à 18 h.".into()),
                audience: Some("all".into()),
                ..Default::default()
            },
        )
        .map_err(describe)?;
    }
    if guides::table.count().get_result::<i64>(conn)? == 0 {
        colivra_support::guides::create(
            conn,
            admin.id,
            &colivra_support::GuideInput {
                title: Some("Bien préparer un colis".into()),
                body: Some(
                    "## Avant le ramassage\n\n1. Emballez l'article dans un carton solide.\n2. Collez l'étiquette imprimée depuis **Nouveaux colis**.\n3. Regroupez les colis sur un bon de ramassage.\n"
                        .into(),
                ),
                audience: Some("clients".into()),
            },
        )
        .map_err(describe)?;
    }
    Ok(())
}

/// The demo merchant's ICE.
const DEMO_MERCHANT_ICE: &str = "002345678000012";

/// A plausible legal identity for the demo company, so invoices print as legal ones.
fn demo_company() -> colivra_parcels::company::CompanyInput {
    colivra_parcels::company::CompanyInput {
        name: Some("Colivra Logistique SARL".into()),
        address: Some("27 rue Ibnou Mounir, quartier Maârif, 20330 Casablanca".into()),
        ice: Some("001234567000089".into()),
        if_number: Some("40123456".into()),
        rc: Some("512345".into()),
        patente: Some("34567890".into()),
        cnss: Some("8765432".into()),
    }
}

pub fn seed_demo(pool: &DbPool) -> CliResult {
    let mut conn = pool.get()?;
    let rows = cities::parse_cities_csv(cities::MOROCCAN_CITIES_CSV)?;
    let added = cities::ensure_cities(&mut conn, &rows).map_err(describe)?;
    println!("Cities: {} served ({added} added).", rows.len());
    println!("Demo sign-ins:");
    for account in &DEMO_ACCOUNTS {
        let (user, created) = accounts::ensure_account(
            &mut conn,
            NewUser {
                role: account.role,
                first_name: account.first_name,
                last_name: account.last_name,
                email: account.email,
                phone: account.phone,
                company: (account.role == Role::Client).then_some("Boutique Atlas"),
                city: (account.role == Role::Client).then_some("Casablanca"),
                password: account.password,
                active: true,
                permissions: None,
            },
        )
        .map_err(describe)?;
        if account.role == Role::Client {
            let city_id = cities::id_by_name(&mut conn, "Casablanca")
                .map_err(describe)?
                .ok_or("Casablanca is missing")?;
            shops::ensure_shop(
                &mut conn,
                shops::NewShop {
                    client_id: user.id,
                    name: "Boutique Atlas",
                    phone: "0522000002",
                    address: "12 boulevard d'Anfa, Casablanca",
                    city_id,
                    // No RIB: the demo shows a merchant giving his first one (it waits for an
                    // admin's approval) and the transfer file leaving out a shop without one.
                    bank_account: None,
                },
            )
            .map_err(describe)?;
            // The demo merchant's ICE, printed on his invoices (filled in only when missing).
            {
                use colivra_db::schema::users;
                use diesel::prelude::*;
                diesel::update(users::table.find(user.id).filter(users::ice.is_null()))
                    .set(users::ice.eq(DEMO_MERCHANT_ICE))
                    .execute(&mut conn)?;
            }
        }
        let password = if created {
            account.password
        } else {
            "(unchanged: account already existed)"
        };
        println!(
            "  {:<15} {:<22} {}",
            account.role.as_str(),
            account.email,
            password
        );
    }
    seed_demo_activity(&mut conn)?;
    Ok(())
}

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
    let key = colivra_db::settings::get_or_init(&mut conn, "session_cookie_key", || {
        colivra_core::key::random_secret(96)
    })
    .map_err(AppError::internal)?;
    drop(conn);
    Ok(AppState {
        pool: crate::db::Database::new(pool),
        list_memory: Arc::default(),
        merchant_accounts: Arc::default(),
        merchant_guide: Arc::new(crate::merchant_guide::template()),
        throttle: SignInThrottle::default(),
        tracking_throttle: Arc::new(Throttle::tracking()),
        settings: Arc::new(WebSettings {
            app_name,
            static_dir,
            secure_cookies,
            cookie_key: key.into_bytes(),
            idle_timeouts: Default::default(),
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
    Arc::make_mut(&mut state.settings).idle_timeouts = config.idle_timeouts;
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
            }
        });
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
