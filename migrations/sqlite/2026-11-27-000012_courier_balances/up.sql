-- Courier balances: each delivery person's running account with the company, kept as entries
-- (never a stored number edited in place). The balance is the sum of `amount`, positive when he
-- owes the company.
CREATE TABLE courier_balance_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    delivery_admin_id BIGINT NOT NULL REFERENCES users (id),
    -- 1, 2, 3… per delivery person: a writer reads the last one and the sum in one statement and
    -- inserts the next, so two writers of one account at once cannot both succeed (the unique
    -- index refuses the second), on both databases.
    seq BIGINT NOT NULL CHECK (seq > 0),
    -- difference: posted by a validated delivery invoice (total - counted); deduction: taken on
    -- a later delivery invoice (its carried line, opposite sign); payment: cash paid in (or paid
    -- out to him); write_off: given up, with a reason.
    kind TEXT NOT NULL CHECK (kind IN ('difference', 'payment', 'deduction', 'write_off')),
    -- Signed the way it moves the balance; never zero.
    amount BIGINT NOT NULL CHECK (amount <> 0),
    invoice_id BIGINT REFERENCES invoices (id),
    reference TEXT,
    comment TEXT,
    created_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (delivery_admin_id, seq),
    CHECK ((kind IN ('difference', 'deduction')) = (invoice_id IS NOT NULL)),
    CHECK (kind <> 'write_off' OR comment IS NOT NULL)
);
-- An invoice posts its difference once and its deduction once.
CREATE UNIQUE INDEX courier_balance_entries_invoice ON courier_balance_entries (invoice_id, kind)
    WHERE invoice_id IS NOT NULL;
-- The balances list sums per delivery person from the index alone.
CREATE INDEX courier_balance_entries_sum ON courier_balance_entries (delivery_admin_id, amount);

-- A draft delivery invoice may carry the delivery person's balance as a line of its own (an
-- admin's choice); `total` includes it. Validation posts the opposite as a deduction entry.
ALTER TABLE invoices ADD COLUMN carried_balance BIGINT NOT NULL DEFAULT 0;
