-- Each recipient's history across every merchant (issue 40, « Fewer returns »), by normalised
-- phone: parcels delivered, parcels failed (refused at the door or after the attempt limit, or
-- cancelled after a failed attempt) and failed attempts (no answer, unreachable, wrong number).
-- A trigger on `parcels` appends what each change adds and takes away, so the history is exact at
-- every commit whatever path changed the parcel (an outcome, an undo, a cancellation, a new phone),
-- and inserts only: two parcels of one recipient changing at once never wait on a shared row.
-- A lookup adds the phone's rows (a few per parcel) through the index; `at` lets it keep to the
-- months the company's setting names.
CREATE TABLE recipient_history_entries (
    id BIGSERIAL PRIMARY KEY,
    phone TEXT NOT NULL,
    delivered BIGINT NOT NULL,
    failed BIGINT NOT NULL,
    unreached BIGINT NOT NULL,
    at TIMESTAMP NOT NULL DEFAULT (now() AT TIME ZONE 'utc')
);
CREATE INDEX recipient_history_entries_phone ON recipient_history_entries (phone);
-- The server deletes the entries older than the company's months (recipients::prune).
CREATE INDEX recipient_history_entries_at ON recipient_history_entries (at);

CREATE FUNCTION recipient_history_follow() RETURNS trigger AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO recipient_history_entries (phone, delivered, failed, unreached)
        SELECT OLD.recipient_phone,
               -(CASE WHEN OLD.outcome = 'delivered' THEN 1 ELSE 0 END),
               -(CASE WHEN OLD.outcome = 'refused' OR (OLD.outcome = 'cancelled' AND OLD.attempts > 0) THEN 1 ELSE 0 END),
               -OLD.attempts
        WHERE OLD.outcome IN ('delivered', 'refused') OR OLD.attempts > 0;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO recipient_history_entries (phone, delivered, failed, unreached)
        SELECT NEW.recipient_phone,
               CASE WHEN NEW.outcome = 'delivered' THEN 1 ELSE 0 END,
               CASE WHEN NEW.outcome = 'refused' OR (NEW.outcome = 'cancelled' AND NEW.attempts > 0) THEN 1 ELSE 0 END,
               NEW.attempts
        WHERE NEW.outcome IN ('delivered', 'refused') OR NEW.attempts > 0;
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER recipient_history_insert AFTER INSERT OR DELETE ON parcels
    FOR EACH ROW EXECUTE FUNCTION recipient_history_follow();
CREATE TRIGGER recipient_history_update AFTER UPDATE ON parcels
    FOR EACH ROW
    WHEN (OLD.outcome IS DISTINCT FROM NEW.outcome
          OR OLD.attempts IS DISTINCT FROM NEW.attempts
          OR OLD.recipient_phone IS DISTINCT FROM NEW.recipient_phone)
    EXECUTE FUNCTION recipient_history_follow();

-- The parcels already there, dated when their outcome (or last change) was.
INSERT INTO recipient_history_entries (phone, delivered, failed, unreached, at)
SELECT recipient_phone,
       CASE WHEN outcome = 'delivered' THEN 1 ELSE 0 END,
       CASE WHEN outcome = 'refused' OR (outcome = 'cancelled' AND attempts > 0) THEN 1 ELSE 0 END,
       attempts,
       COALESCE(outcome_at, updated_at)
FROM parcels
WHERE outcome IN ('delivered', 'refused') OR attempts > 0;
