-- Failed attempts decided: see the PostgreSQL migration of the same name.
CREATE TABLE parcel_decisions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    parcel_id BIGINT NOT NULL REFERENCES parcels (id) ON DELETE CASCADE,
    merchant_id BIGINT NOT NULL REFERENCES users (id),
    -- The attempt's outcome that opened it.
    outcome TEXT NOT NULL,
    opened_at TIMESTAMP NOT NULL,
    due_at TIMESTAMP NOT NULL,
    decided_at TIMESTAMP,
    -- Who decided: a merchant or an admin (by id), the recipient, or the default.
    source TEXT CHECK (source IN ('merchant', 'admin', 'recipient', 'default')),
    decided_by BIGINT REFERENCES users (id),
    action TEXT CHECK (action IN ('reattempt', 'update', 'return', 'cancel')),
    date DATE,
    comment TEXT
);
CREATE UNIQUE INDEX parcel_decisions_open ON parcel_decisions (parcel_id) WHERE decided_at IS NULL;
CREATE INDEX parcel_decisions_due ON parcel_decisions (due_at) WHERE decided_at IS NULL;
