-- A refused outcome stays on record (domain rules): an outcome the delivery person's phone sent
-- from its queue that the server refused (the parcel changed meanwhile, or no longer his) is kept
-- with what was sent and the cash it implies, for the office to resolve: apply it anyway, record
-- the cash returned, or dismiss it with a reason. Never deleted; the phone may mark it seen.
CREATE TABLE unapplied_outcomes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    parcel_id BIGINT NOT NULL REFERENCES parcels (id),
    delivery_admin_id BIGINT NOT NULL REFERENCES users (id),
    status TEXT NOT NULL,
    comment TEXT,
    date DATE,
    had_proof BOOLEAN NOT NULL DEFAULT 0,
    recorded_at TIMESTAMP NOT NULL,
    received_at TIMESTAMP NOT NULL,
    reason TEXT NOT NULL,
    cash_at_stake BIGINT NOT NULL DEFAULT 0,
    state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'resolved')),
    resolution TEXT CHECK (resolution IN ('apply', 'cash_returned', 'dismiss')),
    resolution_comment TEXT,
    resolved_by BIGINT REFERENCES users (id),
    resolved_at TIMESTAMP,
    seen_at TIMESTAMP
);
-- The same refusal sent twice is kept once.
CREATE UNIQUE INDEX unapplied_outcomes_once ON unapplied_outcomes (parcel_id, delivery_admin_id, status, recorded_at);
CREATE INDEX unapplied_outcomes_state ON unapplied_outcomes (state, id);
CREATE INDEX unapplied_outcomes_delivery_admin ON unapplied_outcomes (delivery_admin_id, id);
