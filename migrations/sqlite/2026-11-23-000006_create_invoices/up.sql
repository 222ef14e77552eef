-- Invoices: client invoices (delivered and returned types) and delivery invoices, one table.
CREATE TABLE invoices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    -- delivered, returned: client invoices (facture livrée, facture retour); delivery: a
    -- delivery person's cash hand-over (facture livreur).
    kind TEXT NOT NULL CHECK (kind IN ('delivered', 'returned', 'delivery')),
    status TEXT NOT NULL CHECK (status IN ('draft', 'validated', 'paid')),
    -- Given at validation, in one unbroken sequence per prefix and year (invoice_numbers).
    number TEXT UNIQUE,
    client_id BIGINT REFERENCES users (id),
    shop_id BIGINT REFERENCES shops (id),
    delivery_admin_id BIGINT REFERENCES users (id),
    -- Computed on the server from the parcels' snapshots whenever the parcel set changes.
    parcels_count BIGINT NOT NULL,
    cod_total BIGINT NOT NULL,
    -- Client invoices: the fees; delivery invoices: the commissions.
    fees_total BIGINT NOT NULL,
    total BIGINT NOT NULL,
    counted_amount BIGINT CHECK (counted_amount >= 0),
    payment_reference TEXT,
    paid_on DATE,
    created_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    counted_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    validated_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    paid_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    counted_at TIMESTAMP,
    validated_at TIMESTAMP,
    paid_at TIMESTAMP,
    CHECK ((kind = 'delivery') = (delivery_admin_id IS NOT NULL)),
    CHECK ((kind = 'delivery') = (shop_id IS NULL AND client_id IS NULL)),
    CHECK ((status = 'draft') = (number IS NULL)),
    CHECK (status <> 'paid' OR (kind <> 'delivery' AND payment_reference IS NOT NULL AND paid_on IS NOT NULL)),
    CHECK (kind <> 'delivery' OR status = 'draft' OR counted_amount IS NOT NULL)
);
CREATE INDEX invoices_kind_status ON invoices (kind, status, id);
CREATE INDEX invoices_client ON invoices (client_id, kind, id);
CREATE INDEX invoices_shop ON invoices (shop_id, kind, id);
CREATE INDEX invoices_delivery_admin ON invoices (delivery_admin_id, id);

-- The last number given per prefix (FC, FL) and year. Validation increments its row inside the
-- validating transaction, so concurrent validations queue on it and a rolled-back one gives its
-- number back: no gaps, no duplicates.
CREATE TABLE invoice_numbers (
    prefix TEXT NOT NULL,
    year BIGINT NOT NULL,
    last_number BIGINT NOT NULL,
    PRIMARY KEY (prefix, year)
);

-- The outcome of the round (kept through returning/returned) and the delivery person's
-- commission for it, snapshot when it was recorded; the invoice each parcel is on, one column
-- per kind, so a parcel is on at most one invoice of each kind by construction and a draft
-- claims it with a write conditional on the column being empty. (SQLite: no REFERENCES on
-- these three, so the down migration can drop them without rebuilding the table; the code only
-- writes ids of invoices it holds, and releases parcels before deleting a draft.)
ALTER TABLE parcels ADD COLUMN outcome TEXT CHECK (outcome IN ('delivered', 'refused', 'cancelled'));
ALTER TABLE parcels ADD COLUMN commission BIGINT;
ALTER TABLE parcels ADD COLUMN outcome_at TIMESTAMP;
ALTER TABLE parcels ADD COLUMN client_completed_invoice_id BIGINT;
ALTER TABLE parcels ADD COLUMN client_returned_invoice_id BIGINT;
ALTER TABLE parcels ADD COLUMN delivery_admin_invoice_id BIGINT;

-- Parcels that ended before this migration: their outcome from status and history, and the
-- commission in force now.
UPDATE parcels SET outcome = status, outcome_at = status_changed_at
    WHERE status IN ('delivered', 'refused', 'cancelled');
UPDATE parcels SET
    outcome = (SELECT s.status FROM parcel_states s
               WHERE s.parcel_id = parcels.id AND s.status IN ('refused', 'cancelled')
               ORDER BY s.id DESC LIMIT 1),
    outcome_at = status_changed_at
    WHERE status IN ('returning', 'returned');
UPDATE parcels SET commission = COALESCE((
        SELECT CASE WHEN parcels.outcome = 'delivered' THEN c.delivered_commission
                    WHEN parcels.outcome = 'refused' THEN c.refused_commission
                    ELSE 0 END
        FROM delivery_admin_cities c
        WHERE c.delivery_admin_id = parcels.delivery_admin_id AND c.city_id = parcels.city_id), 0)
    WHERE outcome IS NOT NULL AND delivery_admin_id IS NOT NULL;

-- What is left to invoice, found without walking every parcel.
CREATE INDEX parcels_to_invoice_delivered ON parcels (shop_id, id)
    WHERE status = 'delivered' AND client_completed_invoice_id IS NULL;
CREATE INDEX parcels_to_invoice_returned ON parcels (shop_id, id)
    WHERE status = 'returned' AND client_returned_invoice_id IS NULL;
CREATE INDEX parcels_to_settle ON parcels (delivery_admin_id, id)
    WHERE outcome IN ('delivered', 'refused') AND delivery_admin_invoice_id IS NULL;
CREATE INDEX parcels_client_completed_invoice ON parcels (client_completed_invoice_id, id)
    WHERE client_completed_invoice_id IS NOT NULL;
CREATE INDEX parcels_client_returned_invoice ON parcels (client_returned_invoice_id, id)
    WHERE client_returned_invoice_id IS NOT NULL;
CREATE INDEX parcels_delivery_admin_invoice ON parcels (delivery_admin_invoice_id, id)
    WHERE delivery_admin_invoice_id IS NOT NULL;
