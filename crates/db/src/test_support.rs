//! A fresh database per test: a temporary SQLite file, or a new PostgreSQL database on the server
//! named by `TEST_DATABASE_URL` when `COLIVRA_TEST_BACKEND=postgres`. Dropped with the value.
//!
//! A migrated database is a copy of a template migrated once (a file copy on SQLite, `CREATE
//! DATABASE … TEMPLATE` on PostgreSQL): running fourteen migrations for each of hundreds of tests
//! was a third of the PostgreSQL pass. The template is named by a hash of the migration files, so
//! a changed migration makes a new one; it stays between runs (one small file or database).

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection, RunQueryDsl};

use crate::connection::{connect_pool, Backend, DatabaseUrl, DbPool, PoolOptions};
use crate::migrations;

pub struct TestDatabase {
    pub url: DatabaseUrl,
    cleanup: Cleanup,
}

enum Cleanup {
    SqliteDir(PathBuf),
    PostgresDatabase { admin_url: String, name: String },
}

/// Which backend the test run targets: `COLIVRA_TEST_BACKEND` (`sqlite`, the default, or
/// `postgres`, which needs `TEST_DATABASE_URL`).
pub fn test_backend() -> Backend {
    match std::env::var("COLIVRA_TEST_BACKEND").as_deref() {
        Ok("postgres") => Backend::Postgres,
        Ok("sqlite") | Err(_) => Backend::Sqlite,
        Ok(other) => panic!("COLIVRA_TEST_BACKEND must be sqlite or postgres, not {other}"),
    }
}

impl TestDatabase {
    /// An empty database (no migrations applied) on the run's backend.
    pub fn empty() -> Self {
        let suffix = colivra_core::key::random_secret(12).to_lowercase();
        match test_backend() {
            Backend::Sqlite => {
                let dir = std::env::temp_dir().join(format!("colivra-test-{suffix}"));
                std::fs::create_dir_all(&dir).expect("create the test database folder");
                TestDatabase {
                    url: DatabaseUrl::Sqlite(dir.join("test.db")),
                    cleanup: Cleanup::SqliteDir(dir),
                }
            }
            Backend::Postgres => {
                let admin_url = postgres_admin_url();
                let name = format!("colivra_test_{suffix}");
                let mut admin = PgConnection::establish(&admin_url)
                    .unwrap_or_else(|e| panic!("TEST_DATABASE_URL: cannot connect: {e}"));
                admin
                    .batch_execute(&format!("CREATE DATABASE {name}"))
                    .expect("create the test database");
                TestDatabase {
                    url: DatabaseUrl::Postgres(replace_database_name(&admin_url, &name)),
                    cleanup: Cleanup::PostgresDatabase { admin_url, name },
                }
            }
        }
    }

    /// A migrated database and a pool on it.
    pub fn migrated() -> (Self, DbPool) {
        let database = Self::from_template();
        let pool = connect_pool(
            &database.url,
            &PoolOptions::for_backend(database.url.backend()),
        )
        .expect("connect to the test database");
        // A no-op on a copy of the template; kept so a stale template can never go unnoticed.
        migrations::run_pending(&mut pool.get().expect("a connection"))
            .expect("migrate the test database");
        (database, pool)
    }

    /// A new database migrated from scratch on the PostgreSQL server of `admin_url` (one the
    /// test started itself: a replicated cluster), and a pool on it.
    pub fn migrated_on(admin_url: &str) -> (Self, DbPool) {
        let name = format!(
            "colivra_test_{}",
            colivra_core::key::random_secret(12).to_lowercase()
        );
        let mut admin = PgConnection::establish(admin_url)
            .unwrap_or_else(|e| panic!("{admin_url}: cannot connect: {e}"));
        admin
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .expect("create the test database");
        let database = TestDatabase {
            url: DatabaseUrl::Postgres(replace_database_name(admin_url, &name)),
            cleanup: Cleanup::PostgresDatabase {
                admin_url: admin_url.to_owned(),
                name,
            },
        };
        let pool = connect_pool(&database.url, &PoolOptions::for_backend(Backend::Postgres))
            .expect("connect to the test database");
        migrations::run_pending(&mut pool.get().expect("a connection"))
            .expect("migrate the test database");
        (database, pool)
    }

    /// The PostgreSQL database's name.
    pub fn name(&self) -> Option<&str> {
        match &self.cleanup {
            Cleanup::PostgresDatabase { name, .. } => Some(name),
            Cleanup::SqliteDir(_) => None,
        }
    }

    /// A copy of the run's migrated template.
    fn from_template() -> Self {
        let suffix = colivra_core::key::random_secret(12).to_lowercase();
        match test_backend() {
            Backend::Sqlite => {
                let dir = std::env::temp_dir().join(format!("colivra-test-{suffix}"));
                std::fs::create_dir_all(&dir).expect("create the test database folder");
                let path = dir.join("test.db");
                std::fs::copy(sqlite_template(), &path).expect("copy the template database");
                TestDatabase {
                    url: DatabaseUrl::Sqlite(path),
                    cleanup: Cleanup::SqliteDir(dir),
                }
            }
            Backend::Postgres => {
                let admin_url = postgres_admin_url();
                let template = postgres_template(&admin_url);
                let name = format!("colivra_test_{suffix}");
                let mut admin = PgConnection::establish(&admin_url)
                    .unwrap_or_else(|e| panic!("TEST_DATABASE_URL: cannot connect: {e}"));
                // Commits need not wait for the disk in a database dropped after the test:
                // transactions and locks are unchanged, only a crash could lose the last ones.
                admin
                    .batch_execute(&format!("CREATE DATABASE {name} TEMPLATE {template}"))
                    .expect("copy the template database");
                admin
                    .batch_execute(&format!(
                        "ALTER DATABASE {name} SET synchronous_commit = off"
                    ))
                    .expect("set the test database's commit mode");
                TestDatabase {
                    url: DatabaseUrl::Postgres(replace_database_name(&admin_url, &name)),
                    cleanup: Cleanup::PostgresDatabase { admin_url, name },
                }
            }
        }
    }

    /// The URL as a string, for the `colivra` binary or the app's configuration.
    pub fn url_string(&self) -> String {
        match &self.url {
            DatabaseUrl::Sqlite(path) => format!("sqlite://{}", path.display()),
            DatabaseUrl::Postgres(url) => url.clone(),
        }
    }

    /// The PostgreSQL database name, for tests that cut it off and bring it back.
    pub fn postgres_admin(&self) -> Option<(String, String)> {
        match &self.cleanup {
            Cleanup::PostgresDatabase { admin_url, name } => {
                Some((admin_url.clone(), name.clone()))
            }
            Cleanup::SqliteDir(_) => None,
        }
    }
}

/// `TEST_DATABASE_URL`, without TLS unless it asks for it: the test server is local, and TLS
/// state torn down at a test program's exit while a pool's thread still opened a connection
/// crashed the program after its tests had passed.
fn postgres_admin_url() -> String {
    let url = std::env::var("TEST_DATABASE_URL")
        .expect("COLIVRA_TEST_BACKEND=postgres needs TEST_DATABASE_URL");
    if url.contains("sslmode=") {
        url
    } else if url.contains('?') {
        format!("{url}&sslmode=disable")
    } else {
        format!("{url}?sslmode=disable")
    }
}

/// A hash of the backend's migration files (names and contents), naming its template.
fn migrations_hash(backend: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../migrations")
        .join(backend);
    let mut files = Vec::new();
    let mut folders = vec![dir];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("read the migrations folder") {
            let path = entry.expect("a migrations entry").path();
            if path.is_dir() {
                folders.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut hasher = std::hash::DefaultHasher::new();
    for file in files {
        file.file_name().hash(&mut hasher);
        std::fs::read(&file)
            .expect("read a migration")
            .hash(&mut hasher);
    }
    format!("{:016x}", hasher.finish())
}

/// The migrated SQLite template, made once (written aside, then renamed into place, so processes
/// running at once never read half a file).
fn sqlite_template() -> &'static Path {
    static TEMPLATE: OnceLock<PathBuf> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        let path =
            std::env::temp_dir().join(format!("colivra-template-{}.db", migrations_hash("sqlite")));
        if !path.exists() {
            let building = std::env::temp_dir().join(format!(
                "colivra-template-{}.building",
                colivra_core::key::random_secret(12).to_lowercase()
            ));
            let url = DatabaseUrl::Sqlite(building.clone());
            {
                // One connection, closed before the copy: closing folds the WAL into the file.
                let mut conn = url
                    .establish(std::time::Duration::from_secs(5))
                    .expect("open the template database");
                migrations::run_pending(&mut conn).expect("migrate the template database");
            }
            std::fs::rename(&building, &path).expect("put the template database in place");
            for side in ["-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{side}", building.display()));
            }
        }
        path
    })
}

/// The migrated PostgreSQL template database's name, made once (built under a temporary name,
/// then renamed: another process making it at the same time loses the rename and drops its own).
fn postgres_template(admin_url: &str) -> &'static str {
    static TEMPLATE: OnceLock<String> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        let name = format!("colivra_template_{}", migrations_hash("postgres"));
        let mut admin = PgConnection::establish(admin_url)
            .unwrap_or_else(|e| panic!("TEST_DATABASE_URL: cannot connect: {e}"));
        let exists = diesel::dsl::sql::<diesel::sql_types::Bool>(&format!(
            "EXISTS (SELECT 1 FROM pg_database WHERE datname = '{name}')"
        ));
        if diesel::select(exists)
            .get_result::<bool>(&mut admin)
            .expect("look for the template database")
        {
            return name;
        }
        let building = format!(
            "colivra_building_{}",
            colivra_core::key::random_secret(12).to_lowercase()
        );
        admin
            .batch_execute(&format!("CREATE DATABASE {building}"))
            .expect("create the template database");
        {
            let url = DatabaseUrl::Postgres(replace_database_name(admin_url, &building));
            let mut conn = url
                .establish(std::time::Duration::from_secs(5))
                .expect("connect to the template database");
            migrations::run_pending(&mut conn).expect("migrate the template database");
        }
        if admin
            .batch_execute(&format!("ALTER DATABASE {building} RENAME TO {name}"))
            .is_err()
        {
            let _ =
                admin.batch_execute(&format!("DROP DATABASE IF EXISTS {building} WITH (FORCE)"));
        }
        name
    })
}

/// `postgres://user@host:5432/postgres?x=y` with the database name replaced.
/// Runs the `colivra` binary `bin` on `database_url` (warnings only in its log) and waits for it.
pub fn run_colivra(
    bin: impl AsRef<std::ffi::OsStr>,
    database_url: &str,
    args: &[&str],
) -> std::process::Output {
    std::process::Command::new(bin)
        .args(args)
        .env("DATABASE_URL", database_url)
        .env("RUST_LOG", "warn")
        .output()
        .expect("run colivra")
}

/// What a command wrote to its standard output, as text.
pub fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// What a command wrote to its standard error, as text.
pub fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The number a `SELECT COUNT(*) AS n …` statement answers (tests reading tables back).
pub fn count(conn: &mut crate::DbConnection, sql: &str) -> i64 {
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    diesel::sql_query(sql)
        .get_result::<Count>(conn)
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
        .n
}

pub fn replace_database_name(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map(|i| i + 3).unwrap_or(0);
    let host_part = match base[scheme_end..].find('/') {
        Some(slash) => &base[..scheme_end + slash],
        None => base,
    };
    match query {
        Some(query) => format!("{host_part}/{name}?{query}"),
        None => format!("{host_part}/{name}"),
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        match &self.cleanup {
            Cleanup::SqliteDir(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::PostgresDatabase { admin_url, name } => {
                if let Ok(mut admin) = PgConnection::establish(admin_url) {
                    let _ = admin
                        .batch_execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::replace_database_name as r;

    #[test]
    fn replaces_the_database_name() {
        assert_eq!(
            r("postgres://root@127.0.0.1:5432/postgres", "t1"),
            "postgres://root@127.0.0.1:5432/t1"
        );
        assert_eq!(
            r("postgres://root@127.0.0.1:5432", "t1"),
            "postgres://root@127.0.0.1:5432/t1"
        );
        assert_eq!(
            r("postgres://h/db?sslmode=disable", "t1"),
            "postgres://h/t1?sslmode=disable"
        );
    }
}
