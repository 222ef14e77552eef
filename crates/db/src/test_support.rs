//! A fresh database per test: a temporary SQLite file, or a new PostgreSQL database on the server
//! named by `TEST_DATABASE_URL` when `COLIVRA_TEST_BACKEND=postgres`. Dropped with the value.

use std::path::PathBuf;

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};

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
                let admin_url = std::env::var("TEST_DATABASE_URL")
                    .expect("COLIVRA_TEST_BACKEND=postgres needs TEST_DATABASE_URL");
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
        let database = Self::empty();
        let pool = connect_pool(
            &database.url,
            &PoolOptions::for_backend(database.url.backend()),
        )
        .expect("connect to the test database");
        migrations::run_pending(&mut pool.get().expect("a connection"))
            .expect("migrate the test database");
        (database, pool)
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

/// `postgres://user@host:5432/postgres?x=y` with the database name replaced.
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
