-- Attempts that can be checked: see the PostgreSQL migration of the same name.
CREATE TABLE parcel_calls (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    parcel_id BIGINT NOT NULL REFERENCES parcels (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    started_at TIMESTAMP NOT NULL,
    duration_seconds INTEGER CHECK (duration_seconds BETWEEN 0 AND 7200),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX parcel_calls_parcel ON parcel_calls (parcel_id, started_at);

ALTER TABLE parcel_states ADD COLUMN latitude_e6 BIGINT;
ALTER TABLE parcel_states ADD COLUMN longitude_e6 BIGINT;
ALTER TABLE parcel_states ADD COLUMN accuracy_m BIGINT;
ALTER TABLE parcel_states ADD COLUMN called BOOLEAN;
ALTER TABLE parcel_states ADD COLUMN no_call_reason TEXT;
CREATE INDEX parcel_states_call_checks ON parcel_states (created_at, user_id) WHERE called IS NOT NULL;
