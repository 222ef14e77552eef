-- Every attempt of a webhook delivery, as the merchant's delivery log shows it (issue 37: the
-- log kept only the last answer): when, what came back (status, or why nothing did), how long it
-- took, the first bytes of the answer. Goes with its delivery (pruned after 30 days).
CREATE TABLE webhook_delivery_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    delivery_id BIGINT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempted_at TIMESTAMP NOT NULL,
    status_code INTEGER,
    error TEXT,
    response TEXT,
    latency_ms INTEGER NOT NULL
);
CREATE INDEX webhook_delivery_attempts_delivery ON webhook_delivery_attempts (delivery_id, id);
