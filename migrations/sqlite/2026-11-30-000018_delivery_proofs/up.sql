-- Proof of delivery: what the delivery person kept at the door (the recipient's signature, a
-- photo, who signed, where the phone was). Images live in a content-addressed store under the
-- data directory, named by the SHA-256 of their bytes; the rows say which and for what.
CREATE TABLE delivery_proofs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    parcel_id BIGINT NOT NULL REFERENCES parcels (id) ON DELETE CASCADE,
    recorded_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    status TEXT NOT NULL,
    signature_sha256 TEXT,
    signature_type TEXT,
    signature_bytes BIGINT,
    photo_sha256 TEXT,
    photo_type TEXT,
    photo_bytes BIGINT,
    signed_by TEXT,
    -- Degrees × 1,000,000 (about 11 cm at the equator); accuracy in metres as the phone gave it.
    latitude_e6 BIGINT,
    longitude_e6 BIGINT,
    accuracy_m BIGINT,
    -- When the delivery person recorded it on his phone (an outcome queued offline is sent later).
    recorded_at TIMESTAMP NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX delivery_proofs_parcel ON delivery_proofs (parcel_id, id);

-- What a merchant asks of the delivery person on « Livré »: none, signature or photo.
ALTER TABLE users ADD COLUMN delivery_proof TEXT NOT NULL DEFAULT 'none';
