CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('admin', 'client', 'delivery-admin')),
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,
    phone TEXT NOT NULL,
    avatar TEXT,
    company TEXT,
    city TEXT,
    password_hash TEXT NOT NULL,
    active BOOLEAN NOT NULL DEFAULT 0,
    -- JSON array of route names; NULL means the role's whole set.
    permissions TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX users_role_active ON users (role, active);

CREATE TABLE sessions (
    -- SHA-256 of the cookie value: a leaked table does not leak live sessions.
    id TEXT PRIMARY KEY NOT NULL,
    user_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
    state TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

CREATE TABLE personal_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    abilities TEXT NOT NULL,
    expires_at TIMESTAMP,
    last_used_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX personal_tokens_user_id ON personal_tokens (user_id);

CREATE TABLE activities (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    action TEXT NOT NULL,
    subject_type TEXT,
    subject_key TEXT,
    details TEXT,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX activities_created_at ON activities (created_at);
CREATE INDEX activities_subject ON activities (subject_type, subject_key);

CREATE TABLE settings (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);
