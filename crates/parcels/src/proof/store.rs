//! Where proof images are kept: a content-addressed store, each file named by the SHA-256 of
//! its bytes (`<root>/ab/cdef…`). The same bytes are stored once; a file is never changed once
//! written, so readers need no lock and a backup can copy the folder at any time.

use std::io::Write;
use std::path::{Path, PathBuf};

use colivra_core::{AppError, AppResult};
use sha2::{Digest, Sha256};

#[derive(Debug, Clone)]
pub struct ProofStore {
    root: PathBuf,
}

impl ProofStore {
    /// A store under `root` (created on first write).
    pub fn new(root: impl Into<PathBuf>) -> Self {
        ProofStore { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file of a hash; `None` for anything that is not 64 lowercase hex digits (a hash read
    /// back from the database is; this keeps a path out of reach of anything else).
    fn path(&self, sha256: &str) -> Option<PathBuf> {
        let valid = sha256.len() == 64
            && sha256
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        valid.then(|| self.root.join(&sha256[..2]).join(&sha256[2..]))
    }

    /// Keeps `bytes` and returns their SHA-256 (hex). Written to a temporary name and renamed, so
    /// a reader never sees half a file; bytes already there are not written again.
    pub fn put(&self, bytes: &[u8]) -> AppResult<String> {
        let sha256 = hex::encode(Sha256::digest(bytes));
        let path = self.path(&sha256).expect("a SHA-256 in hex");
        if path.exists() {
            return Ok(sha256);
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
        Ok(sha256)
    }

    /// The bytes kept under `sha256` (404 when they are not there).
    pub fn get(&self, sha256: &str) -> AppResult<Vec<u8>> {
        let path = self.path(sha256).ok_or(AppError::NotFound)?;
        match std::fs::read(&path) {
            Ok(bytes) => Ok(bytes),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Err(AppError::NotFound),
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
