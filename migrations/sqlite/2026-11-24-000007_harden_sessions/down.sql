DROP TABLE sign_in_failures;
DROP INDEX sessions_public_key;
ALTER TABLE sessions DROP COLUMN last_seen_at;
ALTER TABLE sessions DROP COLUMN address;
ALTER TABLE sessions DROP COLUMN device;
ALTER TABLE sessions DROP COLUMN public_key;
