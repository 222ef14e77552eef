-- Merchant accounts (domain rules, "What a merchant owes is netted"): each merchant's running
-- account with the company, kept as entries like the delivery people's balances. The balance is
-- the sum of `amount`, NEGATIVE when he owes the company (his side of it, as his dashboard shows
-- it): a validated returned-type client invoice posts its fees (`fees`, negative); the next
-- delivered-type invoice's payout takes them (`deduction`, positive); an admin records a payment
-- received or a write-off with a reason.
CREATE TABLE merchant_balance_entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    merchant_id BIGINT NOT NULL REFERENCES users (id),
    -- 1, 2, 3… per merchant: of two writers of one account at once, one wins (see
    -- courier_balance_entries).
    seq BIGINT NOT NULL CHECK (seq > 0),
    kind TEXT NOT NULL CHECK (kind IN ('fees', 'deduction', 'payment', 'write_off')),
    amount BIGINT NOT NULL CHECK (amount <> 0),
    invoice_id BIGINT REFERENCES invoices (id),
    reference TEXT,
    comment TEXT,
    created_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (merchant_id, seq),
    -- Fees and deductions name the invoice that posted them; a payment may name the
    -- returned-type invoice it pays (settled at the counter), which it settles first.
    CHECK (kind NOT IN ('fees', 'deduction') OR invoice_id IS NOT NULL),
    CHECK (kind <> 'write_off' OR invoice_id IS NULL),
    CHECK ((kind = 'fees') = (amount < 0)),
    CHECK (kind <> 'write_off' OR comment IS NOT NULL)
);
CREATE UNIQUE INDEX merchant_balance_entries_invoice ON merchant_balance_entries (invoice_id, kind)
    WHERE invoice_id IS NOT NULL;
CREATE INDEX merchant_balance_entries_sum ON merchant_balance_entries (merchant_id, amount);

-- Returned-type invoices validated and unpaid before accounts existed post what they owe now, in
-- their validation order; paid ones were settled outside.
INSERT INTO merchant_balance_entries (key, merchant_id, seq, kind, amount, invoice_id, created_by, created_at)
SELECT 'CM' || hex(randomblob(4)), client_id,
       ROW_NUMBER() OVER (PARTITION BY client_id ORDER BY validated_at, id), 'fees', total, id,
       validated_by, COALESCE(validated_at, created_at)
FROM invoices
WHERE kind = 'returned' AND status = 'validated' AND total < 0 AND client_id IS NOT NULL;
