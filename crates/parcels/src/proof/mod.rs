//! Proof of delivery: what the delivery person keeps at the door when he records « Livré » (the
//! recipient's signature drawn on his phone, a photo, who signed, where the phone was). It comes
//! with the outcome (`POST parcels/states`, `proof`), in the outcome's transaction: an outcome and
//! its proof are kept together or not at all. Each merchant says what he requires
//! ([`ProofPolicy`]); images are checked by their content and kept in a [`ProofStore`].

mod image;
mod policy;
mod store;

use chrono::{DateTime, FixedOffset, NaiveDateTime};
use colivra_core::{time, AppError, AppResult, FieldErrors, ParcelId, Scope, UserId};
use colivra_db::schema::{delivery_proofs, parcels, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::parcel::{self, ParcelRow};
use crate::status::Status;
pub use image::{ImageKind, ProofImage};
pub use policy::{policies_of, policy_of, set_policy, setting_of, PolicySetting, ProofPolicy};
pub use store::ProofStore;

/// Largest signature accepted, in bytes (a drawn signature is a few KB as PNG).
pub const MAX_SIGNATURE_BYTES: usize = 100 * 1024;
/// Largest photo accepted, in bytes (the app sends at most about 200 KB).
pub const MAX_PHOTO_BYTES: usize = 300 * 1024;
/// How far back an outcome recorded offline may be dated: idempotency keys are kept this long.
pub const MAX_RECORDED_AGE_DAYS: i64 = 7;

/// Where the phone was when the outcome was recorded.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
pub struct PositionInput {
    /// Degrees, −90 to 90.
    #[schema(minimum = -90, maximum = 90)]
    pub latitude: f64,
    /// Degrees, −180 to 180.
    #[schema(minimum = -180, maximum = 180)]
    pub longitude: f64,
    /// Metres, as the phone reports it (0 to 100,000).
    #[schema(minimum = 0, maximum = 100000)]
    pub accuracy: Option<f64>,
}

/// A position checked: latitude and longitude in millionths of a degree, accuracy in metres.
pub type CheckedPosition = (i64, i64, Option<i64>);

impl PositionInput {
    /// The position in whole units, or `None` with its refusals added under `field.*`.
    pub fn checked(&self, field: &str, errors: &mut FieldErrors) -> Option<CheckedPosition> {
        let accuracy_ok = self
            .accuracy
            .is_none_or(|a| a.is_finite() && (0.0..=100_000.0).contains(&a));
        if !(self.latitude.is_finite() && (-90.0..=90.0).contains(&self.latitude)) {
            errors.add(
                format!("{field}.latitude"),
                "Une latitude de −90 à 90 degrés.",
            );
            None
        } else if !(self.longitude.is_finite() && (-180.0..=180.0).contains(&self.longitude)) {
            errors.add(
                format!("{field}.longitude"),
                "Une longitude de −180 à 180 degrés.",
            );
            None
        } else if !accuracy_ok {
            errors.add(
                format!("{field}.accuracy"),
                "Une précision de 0 à 100 000 m.",
            );
            None
        } else {
            Some((
                (self.latitude * 1e6).round() as i64,
                (self.longitude * 1e6).round() as i64,
                self.accuracy.map(|a| a.round() as i64),
            ))
        }
    }
}

/// The proof sent with « Livré ».
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ProofInput {
    /// The recipient's signature: a PNG, JPEG or WebP image in base64 (a `data:` URL is
    /// accepted), at most 100 KB.
    #[schema(max_length = 140000)]
    pub signature: Option<String>,
    /// A photo: JPEG, PNG or WebP in base64 (a `data:` URL is accepted), at most 300 KB. A JPEG's
    /// metadata (EXIF: camera, place, time) is removed before it is kept.
    #[schema(max_length = 410000)]
    pub photo: Option<String>,
    /// Who signed, when not the recipient named on the parcel.
    #[schema(max_length = 100)]
    pub signed_by: Option<String>,
    pub position: Option<PositionInput>,
    /// When the outcome was recorded on the phone (RFC 3339), when it is sent later (an offline
    /// queue); at most 7 days ago. Defaults to now.
    #[schema(value_type = Option<String>, format = DateTime)]
    pub recorded_at: Option<DateTime<FixedOffset>>,
}

/// A proof checked and ready to keep.
#[derive(Debug, Clone)]
pub struct CheckedProof {
    signature: Option<ProofImage>,
    photo: Option<ProofImage>,
    signed_by: Option<String>,
    position: Option<CheckedPosition>,
    recorded_at: NaiveDateTime,
}

impl CheckedProof {
    pub fn has_signature(&self) -> bool {
        self.signature.is_some()
    }

    pub fn has_photo(&self) -> bool {
        self.photo.is_some()
    }
}

impl ProofInput {
    /// Checks every part, naming each refusal under `proof.<field>`.
    pub fn check(&self, now: NaiveDateTime) -> AppResult<CheckedProof> {
        let mut errors = FieldErrors::new();
        let mut image = |field: &str, value: &Option<String>, max: usize, what: &str| {
            let value = value.as_deref()?;
            match ProofImage::decode(value, max) {
                Ok(image) => Some(image),
                Err(message) => {
                    errors.add(format!("proof.{field}"), format!("{what} : {message}"));
                    None
                }
            }
        };
        let signature = image(
            "signature",
            &self.signature,
            MAX_SIGNATURE_BYTES,
            "La signature",
        );
        let photo = image("photo", &self.photo, MAX_PHOTO_BYTES, "La photo");
        let signed_by = self
            .signed_by
            .as_deref()
            .map(|name| name.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|name| !name.is_empty());
        if signed_by.as_ref().is_some_and(|n| n.chars().count() > 100) {
            errors.add("proof.signed_by", "100 caractères au plus.");
        }
        let position = self
            .position
            .and_then(|p| p.checked("proof.position", &mut errors));
        let recorded_at = match self.recorded_at {
            None => now,
            Some(at) => {
                let at = at.naive_utc();
                // A few minutes ahead is a phone's clock, not a lie.
                if at > now + chrono::Duration::minutes(10)
                    || at < now - chrono::Duration::days(MAX_RECORDED_AGE_DAYS)
                {
                    errors.add(
                        "proof.recorded_at",
                        "L'heure doit être passée, de 7 jours au plus.",
                    );
                }
                at.min(now)
            }
        };
        if signature.is_none() && photo.is_none() && errors.is_empty() {
            errors.add("proof", "Joignez une signature ou une photo.");
        }
        errors.into_result()?;
        Ok(CheckedProof {
            signature,
            photo,
            signed_by,
            position,
            recorded_at,
        })
    }
}

/// Refuses « Livré » by a delivery person without what the parcel's merchant requires.
pub fn check_required(
    conn: &mut DbConnection,
    row: &ParcelRow,
    proof: Option<&CheckedProof>,
) -> AppResult<()> {
    let (field, message) = match policy_of(conn, row.merchant_id)? {
        ProofPolicy::None => return Ok(()),
        ProofPolicy::Signature if proof.is_some_and(CheckedProof::has_signature) => return Ok(()),
        ProofPolicy::Photo if proof.is_some_and(CheckedProof::has_photo) => return Ok(()),
        ProofPolicy::Signature => (
            "proof.signature",
            "Ce client demande la signature du destinataire.",
        ),
        ProofPolicy::Photo => ("proof.photo", "Ce client demande une photo de la remise."),
    };
    Err(AppError::validation(field, message))
}

/// Keeps `proof` for the parcel's move to `status`: its images in the store, its row in the
/// caller's transaction.
pub fn record(
    conn: &mut DbConnection,
    store: &ProofStore,
    row: &ParcelRow,
    status: Status,
    actor_id: UserId,
    proof: &CheckedProof,
) -> AppResult<()> {
    let keep = |image: &Option<ProofImage>| -> AppResult<_> {
        image
            .as_ref()
            .map(|image| {
                let sha256 = store.put(image.bytes())?;
                Ok((
                    sha256,
                    image.kind().media_type(),
                    image.bytes().len() as i64,
                ))
            })
            .transpose()
    };
    let signature = keep(&proof.signature)?;
    let photo = keep(&proof.photo)?;
    diesel::insert_into(delivery_proofs::table)
        .values((
            delivery_proofs::key.eq(colivra_core::key::random_key(12)),
            delivery_proofs::parcel_id.eq(row.id),
            delivery_proofs::recorded_by.eq(Some(actor_id)),
            delivery_proofs::status.eq(status.as_str()),
            delivery_proofs::signature_sha256.eq(signature.as_ref().map(|s| s.0.as_str())),
            delivery_proofs::signature_type.eq(signature.as_ref().map(|s| s.1)),
            delivery_proofs::signature_bytes.eq(signature.as_ref().map(|s| s.2)),
            delivery_proofs::photo_sha256.eq(photo.as_ref().map(|p| p.0.as_str())),
            delivery_proofs::photo_type.eq(photo.as_ref().map(|p| p.1)),
            delivery_proofs::photo_bytes.eq(photo.as_ref().map(|p| p.2)),
            delivery_proofs::signed_by.eq(proof.signed_by.as_deref()),
            delivery_proofs::latitude_e6.eq(proof.position.map(|p| p.0)),
            delivery_proofs::longitude_e6.eq(proof.position.map(|p| p.1)),
            delivery_proofs::accuracy_m.eq(proof.position.and_then(|p| p.2)),
            delivery_proofs::recorded_at.eq(proof.recorded_at),
            delivery_proofs::created_at.eq(time::now()),
        ))
        .execute(conn)
        .map_db_err()?;
    Ok(())
}

/// A proof as the parcel's merchant, admins and its delivery person see it; the images are
/// fetched apart (`GET parcels/{key}/proofs/{proof}/signature|photo`).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProofView {
    pub key: String,
    /// The status recorded with it (`delivered`).
    pub status: Status,
    pub has_signature: bool,
    pub has_photo: bool,
    /// Who signed, when not the recipient named on the parcel.
    pub signed_by: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// Metres.
    pub accuracy_m: Option<i64>,
    /// The images' size together, in bytes.
    pub bytes: i64,
    /// The delivery person (or admin) who recorded it.
    pub recorded_by_name: Option<String>,
    /// When it was recorded on the phone.
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub recorded_at: NaiveDateTime,
    /// When the server received it.
    #[serde(serialize_with = "time::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: NaiveDateTime,
}

#[derive(Queryable)]
struct ProofRow {
    key: String,
    status: String,
    signature_sha256: Option<String>,
    signature_bytes: Option<i64>,
    photo_sha256: Option<String>,
    photo_bytes: Option<i64>,
    signed_by: Option<String>,
    latitude_e6: Option<i64>,
    longitude_e6: Option<i64>,
    accuracy_m: Option<i64>,
    recorded_at: NaiveDateTime,
    created_at: NaiveDateTime,
    first_name: Option<String>,
    last_name: Option<String>,
}

fn rows(conn: &mut DbConnection, parcel_id: ParcelId) -> AppResult<Vec<ProofRow>> {
    delivery_proofs::table
        .left_join(users::table.on(users::id.nullable().eq(delivery_proofs::recorded_by)))
        .filter(delivery_proofs::parcel_id.eq(parcel_id))
        .order(delivery_proofs::id.desc())
        .select((
            delivery_proofs::key,
            delivery_proofs::status,
            delivery_proofs::signature_sha256,
            delivery_proofs::signature_bytes,
            delivery_proofs::photo_sha256,
            delivery_proofs::photo_bytes,
            delivery_proofs::signed_by,
            delivery_proofs::latitude_e6,
            delivery_proofs::longitude_e6,
            delivery_proofs::accuracy_m,
            delivery_proofs::recorded_at,
            delivery_proofs::created_at,
            users::first_name.nullable(),
            users::last_name.nullable(),
        ))
        .load(conn)
        .map_db_err()
}

/// The parcel's proofs, newest first (404 outside the caller's scope).
pub fn list(conn: &mut DbConnection, scope: Scope, parcel_key: &str) -> AppResult<Vec<ProofView>> {
    let parcel = parcel::get(conn, scope, parcel_key)?;
    Ok(rows(conn, parcel.id)?
        .into_iter()
        .map(|row| ProofView {
            key: row.key,
            status: Status::parse(&row.status).unwrap_or(Status::Delivered),
            has_signature: row.signature_sha256.is_some(),
            has_photo: row.photo_sha256.is_some(),
            signed_by: row.signed_by,
            latitude: row.latitude_e6.map(|v| v as f64 / 1e6),
            longitude: row.longitude_e6.map(|v| v as f64 / 1e6),
            accuracy_m: row.accuracy_m,
            bytes: row.signature_bytes.unwrap_or(0) + row.photo_bytes.unwrap_or(0),
            recorded_by_name: row
                .first_name
                .map(|first| format!("{first} {}", row.last_name.unwrap_or_default())),
            recorded_at: row.recorded_at,
            created_at: row.created_at,
        })
        .collect())
}

/// Which image of a proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProofPart {
    Signature,
    Photo,
}

impl ProofPart {
    pub fn parse(value: &str) -> Option<ProofPart> {
        match value {
            "signature" => Some(ProofPart::Signature),
            "photo" => Some(ProofPart::Photo),
            _ => None,
        }
    }
}

/// One image of one of the parcel's proofs, with its media type (404 outside the caller's
/// scope, for another parcel's proof, or a part the proof has not).
pub fn image(
    conn: &mut DbConnection,
    store: &ProofStore,
    scope: Scope,
    parcel_key: &str,
    proof_key: &str,
    part: ProofPart,
) -> AppResult<(Vec<u8>, &'static str)> {
    let parcel = parcel::get(conn, scope, parcel_key)?;
    let (hash, media_type): (Option<String>, Option<String>) = match part {
        ProofPart::Signature => delivery_proofs::table
            .filter(delivery_proofs::parcel_id.eq(parcel.id))
            .filter(delivery_proofs::key.eq(proof_key))
            .select((
                delivery_proofs::signature_sha256,
                delivery_proofs::signature_type,
            ))
            .first(conn),
        ProofPart::Photo => delivery_proofs::table
            .filter(delivery_proofs::parcel_id.eq(parcel.id))
            .filter(delivery_proofs::key.eq(proof_key))
            .select((delivery_proofs::photo_sha256, delivery_proofs::photo_type))
            .first(conn),
    }
    .optional()
    .map_db_err()?
    .ok_or(AppError::NotFound)?;
    let (Some(hash), Some(media_type)) = (hash, media_type) else {
        return Err(AppError::NotFound);
    };
    let kind = ImageKind::from_media_type(&media_type).ok_or(AppError::NotFound)?;
    Ok((store.get(&hash)?, kind.media_type()))
}

/// « F. Z. » for « Fatima Zahra »: what the public tracking page says of who signed.
pub fn initials(name: &str) -> String {
    name.split_whitespace()
        .filter_map(|word| word.chars().find(|c| c.is_alphabetic()))
        .take(3)
        .map(|c| format!("{}.", c.to_uppercase()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Who signed for a delivered parcel, as initials (the signer named, else the recipient), when
/// its latest proof has a signature.
pub fn signer_initials(conn: &mut DbConnection, parcel_id: ParcelId) -> AppResult<Option<String>> {
    let latest: Option<(Option<String>, Option<String>, String)> = delivery_proofs::table
        .inner_join(parcels::table)
        .filter(delivery_proofs::parcel_id.eq(parcel_id))
        .filter(parcels::status.eq(Status::Delivered.as_str()))
        .order(delivery_proofs::id.desc())
        .select((
            delivery_proofs::signature_sha256,
            delivery_proofs::signed_by,
            parcels::recipient_name,
        ))
        .first(conn)
        .optional()
        .map_db_err()?;
    Ok(latest.and_then(|(signature, signed_by, recipient)| {
        signature.map(|_| initials(signed_by.as_deref().unwrap_or(&recipient)))
    }))
}

/// Which of `parcel_ids` have a proof, and what it holds (`signature`, `photo`), for documents
/// that list parcels (the delivery invoice).
pub fn kinds_for(
    conn: &mut DbConnection,
    parcel_ids: &[ParcelId],
) -> AppResult<std::collections::HashMap<ParcelId, (bool, bool)>> {
    let mut kinds = std::collections::HashMap::new();
    for chunk in parcel_ids.chunks(500) {
        let found: Vec<(ParcelId, Option<String>, Option<String>)> = delivery_proofs::table
            .filter(delivery_proofs::parcel_id.eq_any(chunk))
            .select((
                delivery_proofs::parcel_id,
                delivery_proofs::signature_sha256,
                delivery_proofs::photo_sha256,
            ))
            .load(conn)
            .map_db_err()?;
        for (id, signature, photo) in found {
            let entry = kinds.entry(id).or_insert((false, false));
            entry.0 |= signature.is_some();
            entry.1 |= photo.is_some();
        }
    }
    Ok(kinds)
}

#[cfg(test)]
mod tests {
    use super::initials;

    #[test]
    fn initials_of_a_signer() {
        assert_eq!(initials("Fatima Zahra"), "F. Z.");
        assert_eq!(initials("  jean   de la fontaine "), "J. D. L.");
        assert_eq!(initials("فاطمة الزهراء"), "ف. ا.");
        assert_eq!(initials(""), "");
    }
}
