-- Failed attempts decided (issue 40): after « pas de réponse », « injoignable », « numéro erroné »,
-- « reporté » or a refusal at the door, the parcel waits for a decision: its merchant's (another
-- attempt on a date, a new phone or address, or its return), its recipient's from the tracking
-- page (another day, or he cancels), else the company's default once `due_at` has passed.
-- One open row per parcel (`decided_at` null); a move that is no decision (the delivery person
-- tries again meanwhile) drops the open row.
CREATE TABLE parcel_decisions (
    id BIGSERIAL PRIMARY KEY,
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
