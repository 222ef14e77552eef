-- Webhooks: a merchant's endpoints, and the deliveries of the events of his parcels, invoices and
-- tickets, one row per event and endpoint subscribed when it happened, written in the same
-- transaction as the change that causes it (a transactional outbox). One table for the event and
-- its delivery: one row to write in the change's transaction (an event has one endpoint, or a few).
CREATE TABLE webhook_endpoints (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    -- The merchant account (its staff share it).
    merchant_id BIGINT NOT NULL REFERENCES users (id),
    url TEXT NOT NULL,
    -- JSON array of event types.
    events TEXT NOT NULL,
    -- Signs every delivery (HMAC-SHA256); shown once, when the endpoint is made.
    secret TEXT NOT NULL,
    active BOOLEAN NOT NULL DEFAULT 1,
    -- Set when a delivery failed for 24 hours: nothing is sent until the merchant turns the
    -- endpoint on again (its deliveries wait meanwhile).
    paused_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX webhook_endpoints_merchant ON webhook_endpoints (merchant_id);

CREATE TABLE webhook_deliveries (
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
