//! Proofs of delivery in an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph, Scaleway…) instead
//! of the data folder, when `COLIVRA_PROOFS_S3_BUCKET` is set: each image is the object
//! `<prefix><sha256>`, written with `PUT` and read with `GET`, signed with AWS Signature Version 4.
//! The store's calls are synchronous (they run on the database's blocking threads, inside the
//! outcome's transaction), hence a blocking client with a timeout.

use std::sync::Arc;
use std::time::Duration;

use colivra_core::{AppError, AppResult};
use colivra_parcels::proof::ProofBackend;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use crate::config::{authority, BucketConfig, ConfigError};

/// An S3-compatible bucket holding the proof images.
#[derive(Debug)]
pub struct ProofBucket {
    config: BucketConfig,
    agent: ureq::Agent,
}

impl ProofBucket {
    pub fn new(config: BucketConfig) -> Result<Arc<Self>, ConfigError> {
        let tls = native_tls::TlsConnector::new()
            .map_err(|e| ConfigError(format!("COLIVRA_PROOFS_S3_ENDPOINT: TLS: {e}")))?;
        let agent = ureq::AgentBuilder::new()
            .timeout_connect(Duration::from_secs(5))
            .timeout(Duration::from_secs(20))
            .tls_connector(Arc::new(tls))
            .build();
        Ok(Arc::new(ProofBucket { config, agent }))
    }

    /// The object's address and the `Host` and path its signature covers.
    fn object(&self, sha256: &str) -> (String, String, String) {
        let (scheme, host) = authority(&self.config.endpoint).expect("checked at start-up");
        let key = format!("{}{sha256}", self.config.prefix);
        let (host, path) = if self.config.virtual_host {
            (format!("{}.{host}", self.config.bucket), format!("/{key}"))
        } else {
            (host, format!("/{}/{key}", self.config.bucket))
        };
        let path = uri_encode_path(&path);
        (format!("{scheme}://{host}{path}"), host, path)
    }

    fn signed(&self, method: &str, sha256: &str, payload_sha256: &str) -> ureq::Request {
        let (url, host, path) = self.object(sha256);
        let amz_date = chrono::Utc::now().format("%Y%m%dT%H%M%SZ").to_string();
        let headers = [
            ("host", host.as_str()),
            ("x-amz-content-sha256", payload_sha256),
            ("x-amz-date", amz_date.as_str()),
        ];
        let authorization = authorization(
            &Credentials {
                access_key: &self.config.access_key,
                secret_key: &self.config.secret_key,
                region: &self.config.region,
            },
            method,
            &path,
            &headers,
            payload_sha256,
            &amz_date,
        );
        self.agent
            .request(method, &url)
            .set("x-amz-content-sha256", payload_sha256)
            .set("x-amz-date", &amz_date)
            .set("authorization", &authorization)
    }
}

fn bucket_error(what: &str, sha256: &str, error: impl std::fmt::Display) -> AppError {
    AppError::internal(format!("proof bucket: cannot {what} {sha256}: {error}"))
}

impl ProofBackend for ProofBucket {
    fn write(&self, sha256: &str, bytes: &[u8]) -> AppResult<()> {
        // The object's name is the SHA-256 of these bytes: the signed payload hash is the name.
        let response = self
            .signed("PUT", sha256, sha256)
            .set("content-type", "application/octet-stream")
            .send_bytes(bytes);
        match response {
            Ok(_) => Ok(()),
            Err(ureq::Error::Status(status, answer)) => Err(bucket_error(
                "write",
                sha256,
                format!("{status} {}", answer.into_string().unwrap_or_default()),
            )),
            Err(error) => Err(bucket_error("write", sha256, error)),
        }
    }

    fn read(&self, sha256: &str) -> AppResult<Option<Vec<u8>>> {
        match self.signed("GET", sha256, EMPTY_SHA256).call() {
            Ok(answer) => {
                let mut bytes = Vec::new();
                answer
                    .into_reader()
                    // A proof is 400 KB at most; a bucket answering more is not ours.
                    .take(8 * 1024 * 1024)
                    .read_to_end(&mut bytes)
                    .map_err(|e| bucket_error("read", sha256, e))?;
                Ok(Some(bytes))
            }
            Err(ureq::Error::Status(404, _)) => Ok(None),
            Err(ureq::Error::Status(status, answer)) => Err(bucket_error(
                "read",
                sha256,
                format!("{status} {}", answer.into_string().unwrap_or_default()),
            )),
            Err(error) => Err(bucket_error("read", sha256, error)),
        }
    }
}

use std::io::Read;

/// SHA-256 of nothing: the payload hash of a request without a body.
const EMPTY_SHA256: &str = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

struct Credentials<'a> {
    access_key: &'a str,
    secret_key: &'a str,
    region: &'a str,
}

/// Percent-encodes a path as Signature Version 4 wants it: every byte but the unreserved ones
/// and `/`.
fn uri_encode_path(path: &str) -> String {
    let mut encoded = String::with_capacity(path.len());
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~' | b'/') {
            encoded.push(byte as char);
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

fn hmac(key: &[u8], data: &str) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(data.as_bytes());
    mac.finalize().into_bytes().to_vec()
}

/// The `Authorization` header of an S3 request without a query string (AWS Signature Version 4,
/// header-based). `headers`: the signed ones, names in lowercase.
fn authorization(
    credentials: &Credentials<'_>,
    method: &str,
    canonical_path: &str,
    headers: &[(&str, &str)],
    payload_sha256: &str,
    amz_date: &str,
) -> String {
    let mut headers = headers.to_vec();
    headers.sort_by_key(|(name, _)| *name);
    let canonical_headers: String = headers
        .iter()
        .map(|(name, value)| format!("{name}:{}\n", value.trim()))
        .collect();
    let signed_headers = headers
        .iter()
        .map(|(name, _)| *name)
        .collect::<Vec<_>>()
        .join(";");
    let canonical_request = format!(
        "{method}\n{canonical_path}\n\n{canonical_headers}\n{signed_headers}\n{payload_sha256}"
    );
    let date = &amz_date[..8];
    let scope = format!("{date}/{}/s3/aws4_request", credentials.region);
    let string_to_sign = format!(
        "AWS4-HMAC-SHA256\n{amz_date}\n{scope}\n{}",
        hex::encode(Sha256::digest(canonical_request.as_bytes()))
    );
    let key = [credentials.region, "s3", "aws4_request"].iter().fold(
        hmac(format!("AWS4{}", credentials.secret_key).as_bytes(), date),
        |key, part| hmac(&key, part),
    );
    let signature = hex::encode(hmac(&key, &string_to_sign));
    format!(
        "AWS4-HMAC-SHA256 Credential={}/{scope},SignedHeaders={signed_headers},Signature={signature}",
        credentials.access_key
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// AWS's own example of a signed GET (Amazon S3 API reference, "Signature calculations for
    /// the Authorization header", example GET Object): the signature is AWS's published one.
    #[test]
    fn signs_as_the_aws_documentation_example() {
        let header = authorization(
            &Credentials {
                access_key: "AKIAIOSFODNN7EXAMPLE",
                secret_key: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                region: "us-east-1",
            },
            "GET",
            "/test.txt",
            &[
                ("x-amz-date", "20130524T000000Z"),
                ("range", "bytes=0-9"),
                ("host", "examplebucket.s3.amazonaws.com"),
                ("x-amz-content-sha256", EMPTY_SHA256),
            ],
            EMPTY_SHA256,
            "20130524T000000Z",
        );
        assert_eq!(
            header,
            "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,\
             SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,\
             Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
        );
    }

    #[test]
    fn the_configuration_names_what_is_missing_or_wrong() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| value.to_string())
            }
        };
        assert_eq!(BucketConfig::from_env(env(&[])).unwrap(), None);
        let missing =
            BucketConfig::from_env(env(&[("COLIVRA_PROOFS_S3_BUCKET", "proofs")])).unwrap_err();
        assert!(
            missing.0.starts_with("COLIVRA_PROOFS_S3_ENDPOINT:"),
            "{missing}"
        );
        let bad_endpoint = BucketConfig::from_env(env(&[
            ("COLIVRA_PROOFS_S3_BUCKET", "proofs"),
            ("COLIVRA_PROOFS_S3_ENDPOINT", "s3.example.com/path"),
        ]))
        .unwrap_err();
        assert!(bad_endpoint.0.starts_with("COLIVRA_PROOFS_S3_ENDPOINT:"));
        let bad_bucket =
            BucketConfig::from_env(env(&[("COLIVRA_PROOFS_S3_BUCKET", "Proofs_2026")]))
                .unwrap_err();
        assert!(bad_bucket.0.starts_with("COLIVRA_PROOFS_S3_BUCKET:"));
        let config = BucketConfig::from_env(env(&[
            ("COLIVRA_PROOFS_S3_BUCKET", "colivra-proofs"),
            (
                "COLIVRA_PROOFS_S3_ENDPOINT",
                "https://s3.eu-west-3.amazonaws.com:443/",
            ),
            ("COLIVRA_PROOFS_S3_REGION", "eu-west-3"),
            ("COLIVRA_PROOFS_S3_ACCESS_KEY", "AKIA"),
            ("COLIVRA_PROOFS_S3_SECRET_KEY", "secret"),
        ]))
        .unwrap()
        .unwrap();
        assert_eq!(config.prefix, "proofs/");
        assert!(!format!("{config:?}").contains("secret\""));
        let bucket = ProofBucket::new(config).unwrap();
        let (url, host, path) = bucket.object(&"a".repeat(64));
        assert_eq!(host, "s3.eu-west-3.amazonaws.com");
        assert_eq!(path, format!("/colivra-proofs/proofs/{}", "a".repeat(64)));
        assert_eq!(url, format!("https://{host}{path}"));
    }
}
