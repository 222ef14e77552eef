-- Attempts that can be checked (issue 40): the round's call button records each call the
-- delivery person places (when, and how long when the phone can tell); every outcome keeps where
-- the phone was; a failed attempt (« pas de réponse », « injoignable », « numéro erroné ») says
-- whether he called in the 15 minutes before it, or why not.
CREATE TABLE parcel_calls (
    id BIGSERIAL PRIMARY KEY,
    parcel_id BIGINT NOT NULL REFERENCES parcels (id) ON DELETE CASCADE,
    -- The delivery person who called.
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    started_at TIMESTAMP NOT NULL,
    duration_seconds INTEGER CHECK (duration_seconds BETWEEN 0 AND 7200),
    -- When the server got it (later than started_at when the phone's queue sent it).
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX parcel_calls_parcel ON parcel_calls (parcel_id, started_at);

ALTER TABLE parcel_states ADD COLUMN latitude_e6 BIGINT;
ALTER TABLE parcel_states ADD COLUMN longitude_e6 BIGINT;
ALTER TABLE parcel_states ADD COLUMN accuracy_m BIGINT;
-- Failed attempts recorded by a delivery person only: did he call first?
ALTER TABLE parcel_states ADD COLUMN called BOOLEAN;
ALTER TABLE parcel_states ADD COLUMN no_call_reason TEXT;
-- The share of failed attempts without a call, per delivery person and period.
CREATE INDEX parcel_states_call_checks ON parcel_states (created_at, user_id) WHERE called IS NOT NULL;
