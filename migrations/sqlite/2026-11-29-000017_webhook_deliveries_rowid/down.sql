-- Back to the AUTOINCREMENT table of 2026-11-28-000016.
CREATE TABLE webhook_deliveries_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    endpoint_id BIGINT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    -- The event as receivers see it (`Colivra-Event-Id`, `Colivra-Event`, the body exactly as
    -- sent): the same on every retry, and on every endpoint it went to.
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    body TEXT NOT NULL,
    -- The object the event is about (a parcel's key): one endpoint receives one object's events
    -- in order.
    subject_key TEXT,
    status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    last_status_code INTEGER,
    last_error TEXT,
    -- The first bytes of the receiver's answer.
    last_response TEXT,
    last_latency_ms INTEGER,
    last_attempt_at TIMESTAMP,
    next_attempt_at TIMESTAMP NOT NULL,
    -- Retried until then (24 hours after the event, or after a manual retry).
    give_up_at TIMESTAMP NOT NULL,
    -- A sender's lease: another sender (another server process) leaves it alone until then.
    leased_until TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
INSERT INTO webhook_deliveries_rebuilt SELECT * FROM webhook_deliveries;
DROP TABLE webhook_deliveries;
ALTER TABLE webhook_deliveries_rebuilt RENAME TO webhook_deliveries;
-- What the sender looks for: pending deliveries of the endpoints that are on, by due time, and
-- whether an earlier one of the same object is still pending. Partial: a delivered row leaves
-- them, so they stay the size of the backlog, and a paused endpoint's backlog is never read.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (endpoint_id, next_attempt_at)
    WHERE status = 'pending';
CREATE INDEX webhook_deliveries_order ON webhook_deliveries (endpoint_id, subject_key, id)
    WHERE status = 'pending';
-- The delivery log of one endpoint, newest first. (Pruning walks the primary key from the
-- oldest: no index on created_at to keep up at every write.)
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id);
