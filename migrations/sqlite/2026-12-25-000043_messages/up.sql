-- Messages that reach people (issue 41): e-mails to accounts (forgotten password, invitations,
-- notices) and, later, SMS or WhatsApp to recipients. Each is written in the transaction of the
-- change that causes it, rendered then in its reader's language (what was sent is what the log
-- shows), and sent by a worker in every server process like the webhook deliveries: leased while
-- in flight, retried with backoff, every attempt kept.
CREATE TABLE outbound_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    channel TEXT NOT NULL CHECK (channel IN ('email', 'sms', 'whatsapp')),
    -- What it says (password_reset, invoice_paid, out_for_delivery…).
    kind TEXT NOT NULL,
    -- An e-mail address or a phone number in E.164.
    recipient TEXT NOT NULL,
    -- The account it was written for, when it is one.
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    language TEXT NOT NULL,
    subject TEXT,
    body_text TEXT NOT NULL,
    body_html TEXT,
    -- What it is about (an invoice's code, a parcel's key).
    subject_key TEXT,
    status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    next_attempt_at TIMESTAMP NOT NULL,
    give_up_at TIMESTAMP NOT NULL,
    leased_until TIMESTAMP,
    sent_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX outbound_messages_due ON outbound_messages (next_attempt_at) WHERE status = 'pending';
-- The admins' log, newest first, by recipient.
CREATE INDEX outbound_messages_recipient ON outbound_messages (recipient, id);

CREATE TABLE outbound_message_attempts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id BIGINT NOT NULL REFERENCES outbound_messages (id) ON DELETE CASCADE,
    attempted_at TIMESTAMP NOT NULL,
    -- Why it failed; NULL: the server (SMTP, the provider) took it.
    error TEXT,
    latency_ms INTEGER NOT NULL
);
CREATE INDEX outbound_message_attempts_message ON outbound_message_attempts (message_id, id);

-- Single-use links to choose a password: a forgotten password (30 minutes) or a staff
-- invitation (7 days). Only the token's SHA-256 is kept.
CREATE TABLE password_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    purpose TEXT NOT NULL CHECK (purpose IN ('reset', 'invitation')),
    expires_at TIMESTAMP NOT NULL,
    used_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX password_tokens_user ON password_tokens (user_id);

-- The notices an account turned off (security notices cannot be).
CREATE TABLE notice_opt_outs (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    PRIMARY KEY (user_id, kind)
);
