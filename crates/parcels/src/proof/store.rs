//! Where proof images (and the bank's RIB certificates) are kept: a content-addressed store,
//! each object named by the SHA-256 of its bytes, through the `object_store` crate: a folder by
//! default (`<root>/ab/cdef…`), or an S3-compatible bucket by settings (`<prefix><sha256>`; the
//! gateway builds it). The same bytes are stored once; an object is never changed once written,
//! so readers need no lock and a backup can copy the folder at any time.
//!
//! The store is called from the database's blocking threads (inside an outcome's transaction),
//! while `object_store` is async: each call runs on the store's own small runtime and the caller
//! waits for its answer, whatever thread it is on.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock};

use colivra_core::{AppError, AppResult};
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use sha2::{Digest, Sha256};

/// One thread for every store of the process: proofs are a few hundred kilobytes now and then.
static RUNTIME: LazyLock<tokio::runtime::Runtime> = LazyLock::new(|| {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .thread_name("object-store")
        .enable_all()
        .build()
        .expect("the object store's runtime")
});

#[derive(Debug, Clone)]
pub struct ProofStore {
    objects: Arc<dyn ObjectStore>,
    layout: Layout,
}

#[derive(Debug, Clone)]
enum Layout {
    /// `<root>/ab/cdef…` on the local file system (absolute `root`).
    Folder(PathBuf),
    /// `<prefix><sha256>` in a bucket.
    Prefixed(String),
}

impl ProofStore {
    /// A store under the folder `root` (created on first write).
    pub fn new(root: impl Into<PathBuf>) -> Self {
        let root = root.into();
        let root = std::path::absolute(&root).unwrap_or(root);
        ProofStore {
            objects: Arc::new(LocalFileSystem::new()),
            layout: Layout::Folder(root),
        }
    }

    /// A store in `objects` (an S3-compatible bucket), each object named `<prefix><sha256>`.
    pub fn in_bucket(objects: Arc<dyn ObjectStore>, prefix: impl Into<String>) -> Self {
        ProofStore {
            objects,
            layout: Layout::Prefixed(prefix.into()),
        }
    }

    /// The folder of a folder store.
    pub fn root(&self) -> Option<&Path> {
        match &self.layout {
            Layout::Folder(root) => Some(root),
            Layout::Prefixed(_) => None,
        }
    }

    fn object(&self, sha256: &str) -> AppResult<ObjectPath> {
        match &self.layout {
            Layout::Folder(root) => {
                ObjectPath::from_absolute_path(root.join(&sha256[..2]).join(&sha256[2..]))
                    .map_err(|error| store_error("name", sha256, error))
            }
            Layout::Prefixed(prefix) => ObjectPath::parse(format!("{prefix}{sha256}"))
                .map_err(|error| store_error("name", sha256, error)),
        }
    }

    /// Keeps `bytes` and returns their SHA-256 (hex). Bytes already there are written again
    /// whole (the same bytes; a folder store renames a complete file over the old one).
    pub fn put(&self, bytes: &[u8]) -> AppResult<String> {
        let sha256 = hex::encode(Sha256::digest(bytes));
        let path = self.object(&sha256)?;
        let objects = self.objects.clone();
        let payload = PutPayload::from(bytes.to_vec());
        wait(async move { objects.put(&path, payload).await })
            .map_err(|error| store_error("write", &sha256, error))?;
        Ok(sha256)
    }

    /// The bytes kept under `sha256` (404 when they are not there, or for anything that is not a
    /// hash: one read back from the database is; this keeps a path out of reach of anything else).
    pub fn get(&self, sha256: &str) -> AppResult<Vec<u8>> {
        if !is_sha256(sha256) {
            return Err(AppError::NotFound);
        }
        let path = self.object(sha256)?;
        let objects = self.objects.clone();
        let read = wait(async move { objects.get(&path).await?.bytes().await });
        match read {
            Ok(bytes) => Ok(bytes.to_vec()),
            Err(object_store::Error::NotFound { .. }) => Err(AppError::NotFound),
            Err(error) => Err(store_error("read", sha256, error)),
        }
    }
}

/// Runs `work` on the store's runtime and waits for its answer (from any thread: a blocking one,
/// or an async worker of another runtime, which the store never enters).
fn wait<T: Send + 'static>(work: impl Future<Output = T> + Send + 'static) -> T {
    let (answer, answered) = std::sync::mpsc::sync_channel(1);
    RUNTIME.spawn(async move {
        let _ = answer.send(work.await);
    });
    answered.recv().expect("the object store's runtime runs")
}

/// 64 lowercase hex digits.
pub fn is_sha256(text: &str) -> bool {
    text.len() == 64
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

fn store_error(what: &str, sha256: &str, error: impl std::fmt::Display) -> AppError {
    AppError::internal(format!("proof store: cannot {what} {sha256}: {error}"))
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
