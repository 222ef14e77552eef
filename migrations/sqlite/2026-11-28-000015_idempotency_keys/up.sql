-- Idempotency-Key: the first answer to a write, kept per caller and key, so a request sent again
-- (a phone's offline queue, a shop's plugin after a timeout) gets that answer again instead of
-- writing twice. Kept seven days (see docs/decisions.md).
CREATE TABLE idempotency_keys (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    -- SHA-256 (hex) of the method, the path with its query and the body: the same key with
    -- another request is refused.
    request_hash TEXT NOT NULL,
    -- NULL while the first request is being answered.
    status_code INTEGER,
    content_type TEXT,
    body TEXT,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (user_id, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
