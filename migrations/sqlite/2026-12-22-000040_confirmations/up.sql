-- Orders confirmed before pickup: see the PostgreSQL migration of the same name.
ALTER TABLE users ADD COLUMN confirmation_required BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN confirmation_fee BIGINT NOT NULL DEFAULT 0 CHECK (confirmation_fee >= 0);
-- What the parcel's confirmation cost, already added to its fee snapshots (shown apart).
ALTER TABLE parcels ADD COLUMN confirmation_fee BIGINT NOT NULL DEFAULT 0;

-- One row per parcel that entered « à confirmer »: when it may be called next, how many calls
-- went unanswered, and the agent holding it (a lease, so two agents never call the same
-- recipient). Open while `closed_at` is null.
CREATE TABLE confirmation_queue (
    parcel_id BIGINT PRIMARY KEY REFERENCES parcels (id) ON DELETE CASCADE,
    merchant_id BIGINT NOT NULL REFERENCES users (id),
    tries BIGINT NOT NULL DEFAULT 0,
    due_at TIMESTAMP NOT NULL,
    agent_id BIGINT REFERENCES users (id),
    leased_until TIMESTAMP,
    queued_at TIMESTAMP NOT NULL,
    closed_at TIMESTAMP
);
-- The agents' « next »: the open rows by the time they may be called.
CREATE INDEX confirmation_queue_due ON confirmation_queue (due_at, parcel_id) WHERE closed_at IS NULL;

-- Every call an agent recorded, kept for the statistics (per agent, per merchant).
CREATE TABLE confirmation_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    parcel_id BIGINT NOT NULL REFERENCES parcels (id) ON DELETE CASCADE,
    merchant_id BIGINT NOT NULL REFERENCES users (id),
    agent_id BIGINT NOT NULL REFERENCES users (id),
    outcome TEXT NOT NULL CHECK (outcome IN ('confirmed', 'cancelled', 'no_answer', 'wrong_number')),
    comment TEXT,
    retry_at TIMESTAMP,
    queued_at TIMESTAMP NOT NULL,
    at TIMESTAMP NOT NULL
);
CREATE INDEX confirmation_attempts_agent ON confirmation_attempts (agent_id, at);
CREATE INDEX confirmation_attempts_merchant ON confirmation_attempts (merchant_id, at);
CREATE INDEX confirmation_attempts_parcel ON confirmation_attempts (parcel_id);
