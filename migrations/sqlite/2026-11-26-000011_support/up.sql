-- Support tickets: a merchant's conversation with the company's staff, optionally about one of
-- his parcels. `client_id` is the merchant account (his staff open tickets for it).
CREATE TABLE tickets (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    -- TK + 6 characters of the key alphabet, what people read aloud.
    code TEXT NOT NULL UNIQUE,
    client_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    opened_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    subject TEXT NOT NULL,
    category TEXT NOT NULL CHECK (category IN ('parcel', 'pickup', 'invoice', 'account', 'other')),
    status TEXT NOT NULL CHECK (status IN ('open', 'answered', 'closed')),
    parcel_id BIGINT REFERENCES parcels (id) ON DELETE SET NULL,
    -- Per side: a message of the other side came since the side last read the ticket.
    client_unread BOOLEAN NOT NULL,
    admin_unread BOOLEAN NOT NULL,
    messages_count BIGINT NOT NULL,
    -- The latest message or status change: lists show the newest activity first.
    active_at TIMESTAMP NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX tickets_recent ON tickets (active_at, id);
CREATE INDEX tickets_client ON tickets (client_id, active_at, id);
CREATE INDEX tickets_parcel ON tickets (parcel_id);

CREATE TABLE ticket_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    ticket_id BIGINT NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
    author_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    -- Which side wrote it: the company's staff or the merchant (and his staff).
    side TEXT NOT NULL CHECK (side IN ('admin', 'client')),
    body TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX ticket_messages_ticket ON ticket_messages (ticket_id, id);

-- Announcements: shown on the dashboards of their audience from starts_on to ends_on.
CREATE TABLE announcements (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    audience TEXT NOT NULL CHECK (audience IN ('all', 'clients', 'delivery')),
    starts_on DATE,
    ends_on DATE,
    author_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    CHECK (starts_on IS NULL OR ends_on IS NULL OR starts_on <= ends_on)
);
CREATE INDEX announcements_created ON announcements (created_at, id);

-- Guides written by the staff (Markdown). The built-in merchant API guide is not stored: the
-- server writes it from the live OpenAPI document at each request.
CREATE TABLE guides (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    audience TEXT NOT NULL CHECK (audience IN ('all', 'clients', 'delivery')),
    author_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

-- The activity log's filters: by person, by kind, by key (newest first).
CREATE INDEX activities_user ON activities (user_id, id);
CREATE INDEX activities_action ON activities (action, id);
CREATE INDEX activities_subject_key ON activities (subject_key, id);
