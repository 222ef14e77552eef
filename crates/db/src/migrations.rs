//! Migrations embedded per backend; folder names are identical in both (checked by a test).

use diesel::migration::{Migration, MigrationSource};
use diesel::pg::Pg;
use diesel::sqlite::Sqlite;
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

use crate::connection::DbConnection;
use crate::error::DbError;

pub const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
pub const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MigrationStatus {
    pub name: String,
    pub applied: bool,
}

fn names<DB: diesel::backend::Backend>(source: &EmbeddedMigrations) -> Result<Vec<String>, DbError>
where
    EmbeddedMigrations: MigrationSource<DB>,
{
    let migrations: Vec<Box<dyn Migration<DB>>> = source
        .migrations()
        .map_err(|e| DbError::Migration(e.to_string()))?;
    Ok(migrations.iter().map(|m| m.name().to_string()).collect())
}

/// Applies every pending migration; returns the names applied.
pub fn run_pending(conn: &mut DbConnection) -> Result<Vec<String>, DbError> {
    let versions = match conn {
        DbConnection::Sqlite(c) => c.run_pending_migrations(SQLITE_MIGRATIONS).map(to_strings),
        DbConnection::Pg(c) => c
            .run_pending_migrations(POSTGRES_MIGRATIONS)
            .map(to_strings),
    };
    versions.map_err(|e| DbError::Migration(e.to_string()))
}

/// Reverts the last applied migration; returns its version, or `None` when nothing was applied.
pub fn revert_last(conn: &mut DbConnection) -> Result<Option<String>, DbError> {
    if status(conn)?.iter().all(|m| !m.applied) {
        return Ok(None);
    }
    let reverted = match conn {
        DbConnection::Sqlite(c) => c
            .revert_last_migration(SQLITE_MIGRATIONS)
            .map(|v| v.to_string()),
        DbConnection::Pg(c) => c
            .revert_last_migration(POSTGRES_MIGRATIONS)
            .map(|v| v.to_string()),
    };
    reverted
        .map(Some)
        .map_err(|e| DbError::Migration(e.to_string()))
}

/// Every known migration with whether it is applied, oldest first.
pub fn status(conn: &mut DbConnection) -> Result<Vec<MigrationStatus>, DbError> {
    let (all, applied) = match conn {
        DbConnection::Sqlite(c) => (
            names::<Sqlite>(&SQLITE_MIGRATIONS)?,
            c.applied_migrations().map(to_strings),
        ),
        DbConnection::Pg(c) => (
            names::<Pg>(&POSTGRES_MIGRATIONS)?,
            c.applied_migrations().map(to_strings),
        ),
    };
    let applied = applied.map_err(|e| DbError::Migration(e.to_string()))?;
    Ok(all
        .into_iter()
        .map(|name| {
            let version = name.split('_').next().unwrap_or_default().replace('-', "");
            let applied = applied.iter().any(|v| v.replace('-', "") == version);
            MigrationStatus { name, applied }
        })
        .collect())
}

fn to_strings<V: std::fmt::Display>(versions: Vec<V>) -> Vec<String> {
    versions.iter().map(ToString::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_backends_have_the_same_migration_folders() {
        let sqlite = names::<Sqlite>(&SQLITE_MIGRATIONS).unwrap();
        let postgres = names::<Pg>(&POSTGRES_MIGRATIONS).unwrap();
        assert!(!sqlite.is_empty());
        assert_eq!(sqlite, postgres);
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../migrations");
        let list = |dir: &str| {
            let mut names: Vec<String> = std::fs::read_dir(format!("{root}/{dir}"))
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names
        };
        assert_eq!(list("sqlite"), list("postgres"));
        for name in list("sqlite") {
            for file in ["up.sql", "down.sql"] {
                for dir in ["sqlite", "postgres"] {
                    assert!(
                        std::path::Path::new(&format!("{root}/{dir}/{name}/{file}")).exists(),
                        "{dir}/{name}/{file}"
                    );
                }
            }
        }
    }
}
