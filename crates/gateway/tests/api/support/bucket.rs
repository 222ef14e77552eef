//! A real S3-compatible server on loopback for the proof store's bucket: `s3s-fs` (the s3s
//! project's file-system server, which checks Signature Version 4 itself), installed by
//! `scripts/preflight.sh` (`cargo install s3s-fs@0.14.1 --features binary --locked`). Each test
//! starts its own on a free port over a fresh folder and stops it when dropped.

use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use colivra_gateway::config::BucketConfig;

pub const ACCESS_KEY: &str = "colivra-test";
pub const SECRET_KEY: &str = "colivra-test-secret-key";
pub const BUCKET: &str = "colivra-proofs";

pub struct S3Server {
    pub endpoint: String,
    /// The server's folder: the bucket is `root/BUCKET`, each object a file under it.
    pub root: PathBuf,
    child: Child,
}

fn binary() -> PathBuf {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".cargo")));
    let candidates = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .chain(cargo_home.map(|home| home.join("bin")));
    for folder in candidates {
        let path = folder.join("s3s-fs");
        if path.is_file() {
            return path;
        }
    }
    panic!(
        "s3s-fs is not installed: `cargo install s3s-fs@0.14.1 --features binary --locked` \
         (scripts/preflight.sh does it for `just test`)"
    );
}

impl S3Server {
    pub fn start() -> S3Server {
        let root =
            std::env::temp_dir().join(format!("colivra-s3-{}", colivra_core::key::random_key(10)));
        std::fs::create_dir_all(root.join(BUCKET)).unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(binary())
            .args(["--host", "127.0.0.1", "--port", &port.to_string()])
            .args(["--access-key", ACCESS_KEY, "--secret-key", SECRET_KEY])
            .arg(&root)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("s3s-fs starts");
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "s3s-fs did not listen on {port}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        S3Server {
            endpoint: format!("http://127.0.0.1:{port}"),
            root,
            child,
        }
    }

    /// The bucket's configuration as `COLIVRA_PROOFS_S3_*` would give it, with `secret_key`.
    pub fn config(&self, secret_key: &str) -> BucketConfig {
        let pairs = [
            ("COLIVRA_PROOFS_S3_BUCKET", BUCKET),
            ("COLIVRA_PROOFS_S3_ENDPOINT", self.endpoint.as_str()),
            ("COLIVRA_PROOFS_S3_ACCESS_KEY", ACCESS_KEY),
            ("COLIVRA_PROOFS_S3_SECRET_KEY", secret_key),
        ];
        BucketConfig::from_env(|name| {
            pairs
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| value.to_string())
        })
        .unwrap()
        .unwrap()
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.root);
    }
}
