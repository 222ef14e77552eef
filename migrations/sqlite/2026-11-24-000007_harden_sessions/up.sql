-- Sessions a user can see and end: a public key (the cookie's hash stays private), the device
-- and address at sign-in, and when it was last used (idle timeouts differ per role).
ALTER TABLE sessions ADD COLUMN public_key TEXT;
ALTER TABLE sessions ADD COLUMN device TEXT;
ALTER TABLE sessions ADD COLUMN address TEXT;
ALTER TABLE sessions ADD COLUMN last_seen_at TIMESTAMP;
UPDATE sessions SET public_key = 's_' || substr(id, 1, 24), last_seen_at = created_at;
CREATE UNIQUE INDEX sessions_public_key ON sessions (public_key);

-- Failed sign-ins, shared by every process and kept across restarts (see docs/decisions.md).
CREATE TABLE sign_in_failures (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL,
    failed_at TIMESTAMP NOT NULL
);
CREATE INDEX sign_in_failures_key ON sign_in_failures (key, failed_at);
CREATE INDEX sign_in_failures_failed_at ON sign_in_failures (failed_at);
