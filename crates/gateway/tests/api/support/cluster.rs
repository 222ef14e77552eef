//! A PostgreSQL primary and a streaming replica of it on loopback, made for one test by `initdb`
//! and `pg_basebackup -R` (issue 42): the read replica's and the failover's tests run against
//! the real thing, replication, lag and promotion included. As root (CI), the servers run as the
//! `postgres` user, which PostgreSQL requires. Stopped and deleted when dropped.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection, RunQueryDsl};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Replication {
    /// A commit returns once written on the primary.
    Asynchronous,
    /// A commit returns once the replica has it too (`synchronous_standby_names = '*'`): what
    /// promises that no acknowledged write is lost when the primary is.
    Synchronous,
}

pub struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    pub primary_port: u16,
    pub replica_port: u16,
}

/// The newest PostgreSQL server programs on this machine (Debian keeps them off the `PATH`).
fn server_bin() -> Option<PathBuf> {
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|entry| entry.ok().map(|e| e.path().join("bin")))
        .filter(|bin| bin.join("initdb").exists() && bin.join("pg_basebackup").exists())
        .collect();
    versions.sort_by_key(|bin| {
        bin.parent()
            .and_then(|v| v.file_name())
            .and_then(|v| v.to_str())
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(0)
    });
    versions.pop()
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn running_as_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

impl Cluster {
    /// A primary and its replica, streaming; `None` (and a note saying why) where this machine
    /// has no PostgreSQL server programs (`scripts/preflight.sh test` installs them).
    pub fn start(replication: Replication) -> Option<Cluster> {
        let Some(bin) = server_bin() else {
            eprintln!(
                "SKIPPED: no initdb/pg_basebackup under /usr/lib/postgresql (install postgresql)"
            );
            return None;
        };
        let dir = std::env::temp_dir().join(format!(
            "colivra-pg-{}",
            colivra_core::key::random_secret(8).to_lowercase()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let cluster = Cluster {
            dir,
            bin,
            primary_port: free_port(),
            replica_port: free_port(),
        };
        if running_as_root() {
            cluster.expect_ok(Command::new("chown").arg("postgres").arg(&cluster.dir));
        }
        let primary = cluster.dir.join("primary");
        cluster.tool(
            "initdb",
            &[
                "-D",
                path(&primary),
                "-U",
                "postgres",
                "-A",
                "trust",
                "-E",
                "UTF8",
            ],
        );
        append(
            &primary.join("postgresql.conf"),
            &format!(
                "port = {}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '{}'\n\
                 wal_level = replica\nmax_wal_senders = 5\nwal_keep_size = '256MB'\n\
                 hot_standby = on\nhot_standby_feedback = on\nshared_buffers = '32MB'\n\
                 max_connections = 120\nfsync = off\n",
                cluster.primary_port,
                cluster.dir.display()
            ),
        );
        append(
            &primary.join("pg_hba.conf"),
            "host replication all 127.0.0.1/32 trust\n",
        );
        cluster.start_server("primary");
        let replica = cluster.dir.join("replica");
        let port = cluster.primary_port.to_string();
        cluster.tool(
            "pg_basebackup",
            &[
                "-h",
                "127.0.0.1",
                "-p",
                &port,
                "-U",
                "postgres",
                "-D",
                path(&replica),
                "-R",
                "-X",
                "stream",
                "-d",
                "application_name=replica",
            ],
        );
        append(
            &replica.join("postgresql.conf"),
            &format!("port = {}\n", cluster.replica_port),
        );
        cluster.start_server("replica");
        if replication == Replication::Synchronous {
            // Set on the primary only once the copy is made: a promoted replica must not wait
            // for a standby of its own.
            cluster.sql(
                cluster.primary_port,
                "ALTER SYSTEM SET synchronous_standby_names = '*'",
            );
            cluster.sql(cluster.primary_port, "SELECT pg_reload_conf()");
            cluster.until("the replica is synchronous", || {
                let mut conn =
                    PgConnection::establish(&cluster.admin_url(cluster.primary_port)).ok()?;
                diesel::select(diesel::dsl::sql::<diesel::sql_types::Bool>(
                    "EXISTS (SELECT 1 FROM pg_stat_replication WHERE sync_state = 'sync')",
                ))
                .get_result::<bool>(&mut conn)
                .ok()
                .filter(|sync| *sync)
            });
        }
        Some(cluster)
    }

    /// `postgres://postgres@127.0.0.1:PORT/postgres`.
    pub fn admin_url(&self, port: u16) -> String {
        format!("postgres://postgres@127.0.0.1:{port}/postgres?sslmode=disable")
    }

    pub fn url(&self, port: u16, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{port}/{database}?sslmode=disable")
    }

    /// Both servers in one URL, the writable one chosen at each connection: what the gateways
    /// are given to follow a failover.
    pub fn failover_url(&self, database: &str) -> String {
        format!(
            "postgres://postgres@127.0.0.1:{},127.0.0.1:{}/{database}?sslmode=disable&target_session_attrs=read-write",
            self.primary_port, self.replica_port
        )
    }

    /// Runs statements on the server at `port`.
    pub fn sql(&self, port: u16, statements: &str) {
        let mut conn = PgConnection::establish(&self.admin_url(port))
            .unwrap_or_else(|e| panic!("connect to 127.0.0.1:{port}: {e}"));
        conn.batch_execute(statements)
            .unwrap_or_else(|e| panic!("{statements}: {e}"));
    }

    /// The replica stops applying what it receives (it keeps answering, ever further behind).
    pub fn pause_replay(&self) {
        self.sql(self.replica_port, "SELECT pg_wal_replay_pause()");
    }

    pub fn resume_replay(&self) {
        self.sql(self.replica_port, "SELECT pg_wal_replay_resume()");
    }

    /// Waits until the replica has replayed everything the primary has written so far.
    pub fn until_replica_caught_up(&self) {
        let mut primary = PgConnection::establish(&self.admin_url(self.primary_port)).unwrap();
        let target: String = diesel::select(diesel::dsl::sql::<diesel::sql_types::Text>(
            "pg_current_wal_lsn()::text",
        ))
        .get_result(&mut primary)
        .unwrap();
        self.until("the replica catches up", || {
            let mut replica = PgConnection::establish(&self.admin_url(self.replica_port)).ok()?;
            diesel::select(diesel::dsl::sql::<diesel::sql_types::Bool>(&format!(
                "pg_last_wal_replay_lsn() >= '{target}'::pg_lsn"
            )))
            .get_result::<bool>(&mut replica)
            .ok()
            .filter(|caught_up| *caught_up)
        });
    }

    /// The primary dies at once (`pg_ctl stop -m immediate`: no checkpoint, connections cut).
    pub fn kill_primary(&self) {
        self.tool(
            "pg_ctl",
            &[
                "-D",
                path(&self.dir.join("primary")),
                "-m",
                "immediate",
                "-w",
                "stop",
            ],
        );
    }

    /// The replica stops (a fast shutdown: its clients are told and cut off).
    pub fn stop_replica(&self) {
        self.tool(
            "pg_ctl",
            &[
                "-D",
                path(&self.dir.join("replica")),
                "-m",
                "fast",
                "-w",
                "stop",
            ],
        );
    }

    /// The replica becomes the primary.
    pub fn promote_replica(&self) {
        self.tool(
            "pg_ctl",
            &["-D", path(&self.dir.join("replica")), "-w", "promote"],
        );
    }

    fn start_server(&self, name: &str) {
        let data = self.dir.join(name);
        let log = self.dir.join(format!("{name}.log"));
        self.tool(
            "pg_ctl",
            &[
                "-D",
                path(&data),
                "-l",
                path(&log),
                "-w",
                "-t",
                "60",
                "start",
            ],
        );
    }

    fn until<T>(&self, what: &str, mut check: impl FnMut() -> Option<T>) -> T {
        let started = Instant::now();
        loop {
            if let Some(value) = check() {
                return value;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{what}: not within 30 s"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// One of the server programs, as `postgres` when this runs as root.
    fn tool(&self, program: &str, args: &[&str]) -> Output {
        let mut command = self.command(program);
        command.args(args);
        self.expect_ok(&mut command)
    }

    fn command(&self, program: &str) -> Command {
        let program = self.bin.join(program);
        let mut command = if running_as_root() {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(&program);
            command
        } else {
            Command::new(&program)
        };
        command.current_dir(&self.dir);
        command
    }

    fn expect_ok(&self, command: &mut Command) -> Output {
        let output = command.output().expect("run a PostgreSQL program");
        assert!(
            output.status.success(),
            "{command:?}: {}\n{}",
            String::from_utf8_lossy(&output.stderr),
            String::from_utf8_lossy(&output.stdout)
        );
        output
    }
}

fn path(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

fn append(file: &Path, text: &str) {
    use std::io::Write as _;
    std::fs::OpenOptions::new()
        .append(true)
        .open(file)
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for name in ["primary", "replica"] {
            let data = self.dir.join(name);
            if data.join("postmaster.pid").exists() {
                let _ = self
                    .command("pg_ctl")
                    .args(["-D", path(&data), "-m", "immediate", "-w", "stop"])
                    .output();
            }
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
