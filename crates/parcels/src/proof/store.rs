//! Where proof images are kept: a content-addressed store, each file named by the SHA-256 of
//! its bytes (`<root>/ab/cdef…`). The same bytes are stored once; a file is never changed once
//! written, so readers need no lock and a backup can copy the folder at any time.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use colivra_core::{AppError, AppResult};
use sha2::{Digest, Sha256};

/// Where the bytes go: a folder (this crate) or an S3-compatible bucket (the gateway's
/// `proof_bucket`). Each is given a valid hash (64 lowercase hex digits) and never changes what it
/// keeps under one.
pub trait ProofBackend: Send + Sync + std::fmt::Debug {
    /// Keeps `bytes` under `sha256`; bytes already there may be kept again (they are the same).
    fn write(&self, sha256: &str, bytes: &[u8]) -> AppResult<()>;
    /// The bytes under `sha256`, `None` when there are none.
    fn read(&self, sha256: &str) -> AppResult<Option<Vec<u8>>>;
}

#[derive(Debug, Clone)]
pub struct ProofStore {
    backend: Arc<dyn ProofBackend>,
    /// The folder of a folder store (tests look into it); `None` for a bucket.
    root: Option<PathBuf>,
}

impl ProofStore {
    /// A store under the folder `root` (created on first write).
    pub fn new(root: impl Into<PathBuf>) -> Self {
        let root = root.into();
        ProofStore {
            backend: Arc::new(Folder { root: root.clone() }),
            root: Some(root),
        }
    }

    /// A store kept by `backend` (an S3-compatible bucket).
    pub fn with_backend(backend: Arc<dyn ProofBackend>) -> Self {
        ProofStore {
            backend,
            root: None,
        }
    }

    /// The folder of a folder store.
    pub fn root(&self) -> Option<&Path> {
        self.root.as_deref()
    }

    /// Keeps `bytes` and returns their SHA-256 (hex).
    pub fn put(&self, bytes: &[u8]) -> AppResult<String> {
        let sha256 = hex::encode(Sha256::digest(bytes));
        self.backend.write(&sha256, bytes)?;
        Ok(sha256)
    }

    /// The bytes kept under `sha256` (404 when they are not there, or for anything that is not a
    /// hash: one read back from the database is; this keeps a path out of reach of anything else).
    pub fn get(&self, sha256: &str) -> AppResult<Vec<u8>> {
        if !is_sha256(sha256) {
            return Err(AppError::NotFound);
        }
        self.backend.read(sha256)?.ok_or(AppError::NotFound)
    }
}

/// 64 lowercase hex digits.
pub fn is_sha256(text: &str) -> bool {
    text.len() == 64
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Files named by hash under a folder (`<root>/ab/cdef…`).
#[derive(Debug)]
struct Folder {
    root: PathBuf,
}

impl Folder {
    fn path(&self, sha256: &str) -> PathBuf {
        self.root.join(&sha256[..2]).join(&sha256[2..])
    }
}

impl ProofBackend for Folder {
    /// Written to a temporary name and renamed, so a reader never sees half a file; bytes already
    /// there are not written again.
    fn write(&self, sha256: &str, bytes: &[u8]) -> AppResult<()> {
        let path = self.path(sha256);
        if path.exists() {
            return Ok(());
        }
        let folder = path.parent().expect("a file in a folder");
        std::fs::create_dir_all(folder).map_err(|e| store_error("create", folder, e))?;
        let temporary = folder.join(format!(
            ".{}.{}.tmp",
            &sha256[2..],
            colivra_core::key::random_key(8)
        ));
        let written = std::fs::File::create(&temporary).and_then(|mut file| {
            file.write_all(bytes)?;
            file.sync_all()
        });
        if let Err(error) = written.and_then(|_| std::fs::rename(&temporary, &path)) {
            let _ = std::fs::remove_file(&temporary);
            return Err(store_error("write", &path, error));
        }
        Ok(())
    }

    fn read(&self, sha256: &str) -> AppResult<Option<Vec<u8>>> {
        let path = self.path(sha256);
        match std::fs::read(&path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(store_error("read", &path, error)),
        }
    }
}

fn store_error(what: &str, path: &Path, error: std::io::Error) -> AppError {
    AppError::internal(format!(
        "proof store: cannot {what} {}: {error}",
        path.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::ProofStore;

    #[test]
    fn keeps_bytes_under_their_hash_once() {
        let root = std::env::temp_dir().join(format!(
            "colivra-proof-store-{}",
            colivra_core::key::random_key(10)
        ));
        let store = ProofStore::new(&root);
        let hash = store.put(b"abc").unwrap();
        // SHA-256 of "abc" (FIPS 180-2, appendix B.1).
        assert_eq!(
            hash,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(store.put(b"abc").unwrap(), hash);
        assert_eq!(store.get(&hash).unwrap(), b"abc");
        assert!(root.join("ba").join(&hash[2..]).is_file());
        assert_eq!(std::fs::read_dir(root.join("ba")).unwrap().count(), 1);
        assert!(store.get("../../etc/passwd").is_err());
        assert!(store.get(&"0".repeat(64)).is_err());
        std::fs::remove_dir_all(root).unwrap();
    }
}
