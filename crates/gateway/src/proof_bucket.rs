//! Proofs of delivery (and RIB certificates) in an S3-compatible bucket (AWS S3, MinIO, Garage,
//! Ceph, Scaleway…) instead of the data folder, when `COLIVRA_PROOFS_S3_BUCKET` is set: each
//! object is `<prefix><sha256>`, through `object_store`'s S3 client (its request signing, retries
//! and time limits).

use std::sync::Arc;
use std::time::Duration;

use colivra_parcels::proof::ProofStore;
use object_store::aws::AmazonS3Builder;
use object_store::{ClientOptions, RetryConfig};

use crate::config::{authority, BucketConfig, ConfigError};

/// The store of proofs in the bucket `config` names.
pub fn open(config: &BucketConfig) -> Result<ProofStore, ConfigError> {
    // The TLS of the bucket's client is ring's (Cargo.toml); installed once per process, a second
    // call finds it there.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let (scheme, host) = authority(&config.endpoint).ok_or_else(|| {
        ConfigError("COLIVRA_PROOFS_S3_ENDPOINT: http:// or https:// and a host".to_owned())
    })?;
    // Virtual-hosted style names the bucket in the host; object_store wants it in the endpoint.
    let endpoint = if config.virtual_host {
        format!("{scheme}://{}.{host}", config.bucket)
    } else {
        format!("{scheme}://{host}")
    };
    let bucket = AmazonS3Builder::new()
        .with_endpoint(endpoint)
        .with_virtual_hosted_style_request(config.virtual_host)
        .with_bucket_name(&config.bucket)
        .with_region(&config.region)
        .with_access_key_id(&config.access_key)
        .with_secret_access_key(&config.secret_key)
        // A proof is stored inside the outcome's request: a slow bucket fails it within seconds.
        .with_client_options(
            ClientOptions::new()
                .with_allow_http(scheme == "http")
                .with_connect_timeout(Duration::from_secs(5))
                .with_timeout(Duration::from_secs(20)),
        )
        .with_retry(RetryConfig {
            max_retries: 2,
            retry_timeout: Duration::from_secs(20),
            ..RetryConfig::default()
        })
        .build()
        .map_err(|error| ConfigError(format!("COLIVRA_PROOFS_S3_*: {error}")))?;
    Ok(ProofStore::in_bucket(Arc::new(bucket), &config.prefix))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(config.endpoint, "https://s3.eu-west-3.amazonaws.com:443");
        assert!(open(&config).is_ok());
    }
}
