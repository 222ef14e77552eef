-- Each recipient's history across every merchant: see the PostgreSQL migration of the same name.
CREATE TABLE recipient_history_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    phone TEXT NOT NULL,
    delivered BIGINT NOT NULL,
    failed BIGINT NOT NULL,
    unreached BIGINT NOT NULL,
    at TIMESTAMP NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))
);
CREATE INDEX recipient_history_entries_phone ON recipient_history_entries (phone);
-- The server deletes the entries older than the company's months (recipients::prune).
CREATE INDEX recipient_history_entries_at ON recipient_history_entries (at);

CREATE TRIGGER recipient_history_insert AFTER INSERT ON parcels
WHEN NEW.outcome IN ('delivered', 'refused') OR NEW.attempts > 0
BEGIN
    INSERT INTO recipient_history_entries (phone, delivered, failed, unreached)
    VALUES (NEW.recipient_phone,
            CASE WHEN NEW.outcome = 'delivered' THEN 1 ELSE 0 END,
            CASE WHEN NEW.outcome = 'refused' OR (NEW.outcome = 'cancelled' AND NEW.attempts > 0) THEN 1 ELSE 0 END,
            NEW.attempts);
END;

CREATE TRIGGER recipient_history_delete AFTER DELETE ON parcels
WHEN OLD.outcome IN ('delivered', 'refused') OR OLD.attempts > 0
BEGIN
    INSERT INTO recipient_history_entries (phone, delivered, failed, unreached)
    VALUES (OLD.recipient_phone,
            -(CASE WHEN OLD.outcome = 'delivered' THEN 1 ELSE 0 END),
            -(CASE WHEN OLD.outcome = 'refused' OR (OLD.outcome = 'cancelled' AND OLD.attempts > 0) THEN 1 ELSE 0 END),
            -OLD.attempts);
END;

CREATE TRIGGER recipient_history_update AFTER UPDATE OF outcome, attempts, recipient_phone ON parcels
WHEN OLD.outcome IS NOT NEW.outcome OR OLD.attempts IS NOT NEW.attempts
     OR OLD.recipient_phone IS NOT NEW.recipient_phone
BEGIN
    INSERT INTO recipient_history_entries (phone, delivered, failed, unreached)
    SELECT OLD.recipient_phone,
           -(CASE WHEN OLD.outcome = 'delivered' THEN 1 ELSE 0 END),
           -(CASE WHEN OLD.outcome = 'refused' OR (OLD.outcome = 'cancelled' AND OLD.attempts > 0) THEN 1 ELSE 0 END),
           -OLD.attempts
    WHERE OLD.outcome IN ('delivered', 'refused') OR OLD.attempts > 0;
    INSERT INTO recipient_history_entries (phone, delivered, failed, unreached)
    SELECT NEW.recipient_phone,
           CASE WHEN NEW.outcome = 'delivered' THEN 1 ELSE 0 END,
           CASE WHEN NEW.outcome = 'refused' OR (NEW.outcome = 'cancelled' AND NEW.attempts > 0) THEN 1 ELSE 0 END,
           NEW.attempts
    WHERE NEW.outcome IN ('delivered', 'refused') OR NEW.attempts > 0;
END;

INSERT INTO recipient_history_entries (phone, delivered, failed, unreached, at)
SELECT recipient_phone,
       CASE WHEN outcome = 'delivered' THEN 1 ELSE 0 END,
       CASE WHEN outcome = 'refused' OR (outcome = 'cancelled' AND attempts > 0) THEN 1 ELSE 0 END,
       attempts,
       COALESCE(outcome_at, updated_at)
FROM parcels
WHERE outcome IN ('delivered', 'refused') OR attempts > 0;
