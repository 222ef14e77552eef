//! Backup and restore: a consistent copy of a live database, taken while it keeps serving, and
//! its return into an empty database.
//!
//! - SQLite: `VACUUM INTO` writes a transactionally consistent copy from one read transaction
//!   (WAL mode: writers go on meanwhile). The page-by-page backup API would need `unsafe` FFI,
//!   which this workspace forbids; `VACUUM INTO` gives the same guarantee and a compacted file.
//!   Restoring checks the copy (`PRAGMA integrity_check`) and puts it in place of an empty or
//!   missing database file.
//! - PostgreSQL: `pg_dump --format=custom` (one snapshot of the whole database) and
//!   `pg_restore --single-transaction` into a database without tables, so a failed restore
//!   leaves it as empty as it was.
//!
//! After a restore, pending migrations are applied by the caller (a backup may be older than the
//! binary).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::BigInt;

use crate::connection::{DatabaseUrl, DbConnection};
use crate::error::DbError;

/// The first bytes of each kind of backup file.
const SQLITE_MAGIC: &[u8] = b"SQLite format 3\0";
const PG_DUMP_MAGIC: &[u8] = b"PGDMP";

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0}")]
    Database(#[from] DbError),
    #[error("{0}")]
    Query(#[from] diesel::result::Error),
    #[error("{0}: {1}")]
    Io(PathBuf, std::io::Error),
    #[error("{0} already exists: choose a new file (a backup never overwrites one)")]
    TargetExists(PathBuf),
    #[error("the database to restore into is not empty ({0} tables): restore only into an empty database")]
    NotEmpty(i64),
    #[error("{0} is not a backup of this kind of database ({1})")]
    WrongFormat(PathBuf, &'static str),
    #[error("the backup {0} is damaged: {1}")]
    Damaged(PathBuf, String),
    #[error("`{0}` is needed for PostgreSQL backups and was not found (Debian: apt-get install postgresql-client)")]
    ToolMissing(&'static str),
    #[error("`{0}` failed: {1}")]
    ToolFailed(&'static str, String),
}

/// Writes a consistent copy of the database at `url` to `to`, a file that must not exist yet.
/// Returns its size in bytes.
pub fn backup(url: &DatabaseUrl, to: &Path) -> Result<u64, BackupError> {
    if to.exists() {
        return Err(BackupError::TargetExists(to.to_owned()));
    }
    let result = match url {
        DatabaseUrl::Sqlite(_) => backup_sqlite(url, to),
        DatabaseUrl::Postgres(connection) => run_tool(
            "pg_dump",
            Command::new("pg_dump")
                .arg("--format=custom")
                .arg("--no-owner")
                .arg("--no-privileges")
                .arg("--file")
                .arg(to)
                .arg("--dbname")
                .arg(connection),
        ),
    };
    if let Err(error) = result {
        // Never leave half a backup that looks like a whole one.
        let _ = std::fs::remove_file(to);
        return Err(error);
    }
    std::fs::metadata(to)
        .map(|m| m.len())
        .map_err(|e| BackupError::Io(to.to_owned(), e))
}

fn backup_sqlite(url: &DatabaseUrl, to: &Path) -> Result<(), BackupError> {
    let mut conn = url.establish(Duration::from_secs(5))?;
    let target = to.to_str().ok_or_else(|| {
        BackupError::Io(
            to.to_owned(),
            std::io::Error::other("the path is not valid UTF-8"),
        )
    })?;
    conn.batch_execute(&format!(
        "PRAGMA busy_timeout = 30000; VACUUM INTO '{}'",
        target.replace('\'', "''")
    ))?;
    Ok(())
}

/// Restores the backup `from` into the empty database at `url`.
pub fn restore(url: &DatabaseUrl, from: &Path) -> Result<(), BackupError> {
    let mut head = [0u8; 16];
    let read = std::fs::File::open(from)
        .and_then(|mut file| std::io::Read::read(&mut file, &mut head))
        .map_err(|e| BackupError::Io(from.to_owned(), e))?;
    let head = &head[..read];
    match url {
        DatabaseUrl::Sqlite(path) => {
            if !head.starts_with(SQLITE_MAGIC) {
                return Err(BackupError::WrongFormat(from.to_owned(), "SQLite"));
            }
            restore_sqlite(url, path, from)
        }
        DatabaseUrl::Postgres(connection) => {
            if !head.starts_with(PG_DUMP_MAGIC) {
                return Err(BackupError::WrongFormat(
                    from.to_owned(),
                    "PostgreSQL, pg_dump custom format",
                ));
            }
            let tables = user_tables(&mut url.establish(Duration::from_secs(5))?)?;
            if tables > 0 {
                return Err(BackupError::NotEmpty(tables));
            }
            run_tool(
                "pg_restore",
                Command::new("pg_restore")
                    .arg("--no-owner")
                    .arg("--no-privileges")
                    .arg("--exit-on-error")
                    .arg("--single-transaction")
                    .arg("--dbname")
                    .arg(connection)
                    .arg(from),
            )
        }
    }
}

fn restore_sqlite(url: &DatabaseUrl, path: &Path, from: &Path) -> Result<(), BackupError> {
    if path.exists() {
        let tables = user_tables(&mut url.establish(Duration::from_secs(5))?)?;
        if tables > 0 {
            return Err(BackupError::NotEmpty(tables));
        }
    }
    // Opened as it is, read-only: the check must not turn the file into WAL mode.
    let mut backup = diesel::SqliteConnection::establish(&from.to_string_lossy())
        .map_err(|e| DbError::Connection(e.to_string()))?;
    backup.batch_execute("PRAGMA query_only = 1")?;
    #[derive(QueryableByName)]
    struct Check {
        #[diesel(sql_type = diesel::sql_types::Text)]
        integrity_check: String,
    }
    let checks: Vec<Check> = diesel::sql_query("PRAGMA integrity_check").load(&mut backup)?;
    let problems: Vec<String> = checks
        .into_iter()
        .map(|c| c.integrity_check)
        .filter(|c| c != "ok")
        .collect();
    if !problems.is_empty() {
        return Err(BackupError::Damaged(from.to_owned(), problems.join("; ")));
    }
    drop(backup);
    // Copied beside the target, then renamed over it: a reader never sees half a file. The empty
    // target's journal files go with it.
    let staging = path.with_extension("restoring");
    std::fs::copy(from, &staging).map_err(|e| BackupError::Io(staging.clone(), e))?;
    for suffix in ["-wal", "-shm"] {
        let mut journal = path.as_os_str().to_owned();
        journal.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(journal));
    }
    std::fs::rename(&staging, path).map_err(|e| BackupError::Io(path.to_owned(), e))?;
    // One connection turns the copy into WAL mode now, before a pool opens several at once.
    url.establish(Duration::from_secs(5))?;
    Ok(())
}

/// How many tables of the application's the database holds (migration bookkeeping included).
fn user_tables(conn: &mut DbConnection) -> Result<i64, BackupError> {
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let sql = match conn {
        DbConnection::Sqlite(_) => {
            "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        }
        DbConnection::Pg(_) => {
            "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = 'public'"
        }
    };
    let count: Count = diesel::sql_query(sql).get_result(conn)?;
    Ok(count.n)
}

fn run_tool(name: &'static str, command: &mut Command) -> Result<(), BackupError> {
    let output = command.output().map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => BackupError::ToolMissing(name),
        _ => BackupError::ToolFailed(name, e.to_string()),
    })?;
    if output.status.success() {
        Ok(())
    } else {
        Err(BackupError::ToolFailed(
            name,
            String::from_utf8_lossy(&output.stderr).trim().to_owned(),
        ))
    }
}
