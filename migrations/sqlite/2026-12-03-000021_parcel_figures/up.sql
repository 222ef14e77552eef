-- The dashboards' figures kept as parcels change: see the PostgreSQL migration of the same name
-- for what each row holds.

CREATE TABLE parcel_figures (
    client_id BIGINT NOT NULL,
    delivery_admin_id BIGINT NOT NULL,
    status TEXT NOT NULL,
    day TEXT NOT NULL,
    invoice_id BIGINT NOT NULL,
    parcels BIGINT NOT NULL DEFAULT 0,
    cod BIGINT NOT NULL DEFAULT 0,
    fees BIGINT NOT NULL DEFAULT 0,
    created BIGINT NOT NULL DEFAULT 0,
    delivered BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (client_id, delivery_admin_id, status, day, invoice_id)
);
CREATE INDEX parcel_figures_delivery_admin ON parcel_figures (delivery_admin_id, status, day);
CREATE INDEX parcel_figures_day ON parcel_figures (status, day);

CREATE TABLE parcel_figure_deltas (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id BIGINT NOT NULL,
    delivery_admin_id BIGINT NOT NULL,
    status TEXT NOT NULL,
    day TEXT NOT NULL,
    invoice_id BIGINT NOT NULL,
    parcels BIGINT NOT NULL DEFAULT 0,
    cod BIGINT NOT NULL DEFAULT 0,
    fees BIGINT NOT NULL DEFAULT 0,
    created BIGINT NOT NULL DEFAULT 0,
    delivered BIGINT NOT NULL DEFAULT 0
);

CREATE TRIGGER parcel_figures_insert AFTER INSERT ON parcels
BEGIN
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, parcels, cod, fees, created, delivered)
    SELECT NEW.client_id, 0, NEW.status, '-', 0,
           1, 1 * (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END), 1 * NEW.delivery_fee, 0, 0
    UNION ALL
    SELECT 0, NEW.delivery_admin_id, NEW.status, '-', 0,
           1, 1 * (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END), 1 * NEW.delivery_fee, 0, 0
    WHERE NEW.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT NEW.client_id, 0, '', date(NEW.created_at), 0, 0, 0, 0, 1, 0
    UNION ALL
    SELECT 0, NEW.delivery_admin_id, '', date(NEW.created_at), 0, 0, 0, 0, 1, 0
    WHERE NEW.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT NEW.client_id, 0, '', date(NEW.status_changed_at), 0, 0, 0, 0, 0, 1
    WHERE NEW.status = 'delivered'
    UNION ALL
    SELECT 0, NEW.delivery_admin_id, '', date(NEW.status_changed_at), 0, 0, 0, 0, 0, 1
    WHERE NEW.status = 'delivered' AND NEW.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT NEW.client_id, 0, 'payout', '', COALESCE(NEW.client_completed_invoice_id, 0),
           1, 1 * (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END), 1 * NEW.delivery_fee, 0, 0
    WHERE NEW.status = 'delivered'
    UNION ALL
    SELECT 0, COALESCE(NEW.delivery_admin_id, 0), 'cash', '', COALESCE(NEW.delivery_admin_invoice_id, 0),
           1, 1 * (CASE WHEN NEW.outcome = 'delivered' THEN (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END) ELSE 0 END), 1 * COALESCE(NEW.commission, 0), 0, 0
    WHERE NEW.outcome IN ('delivered', 'refused');
END;

CREATE TRIGGER parcel_figures_delete AFTER DELETE ON parcels
BEGIN
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, parcels, cod, fees, created, delivered)
    SELECT OLD.client_id, 0, OLD.status, '-', 0,
           -1, -1 * (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END), -1 * OLD.delivery_fee, 0, 0
    UNION ALL
    SELECT 0, OLD.delivery_admin_id, OLD.status, '-', 0,
           -1, -1 * (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END), -1 * OLD.delivery_fee, 0, 0
    WHERE OLD.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT OLD.client_id, 0, '', date(OLD.created_at), 0, 0, 0, 0, -1, 0
    UNION ALL
    SELECT 0, OLD.delivery_admin_id, '', date(OLD.created_at), 0, 0, 0, 0, -1, 0
    WHERE OLD.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT OLD.client_id, 0, '', date(OLD.status_changed_at), 0, 0, 0, 0, 0, -1
    WHERE OLD.status = 'delivered'
    UNION ALL
    SELECT 0, OLD.delivery_admin_id, '', date(OLD.status_changed_at), 0, 0, 0, 0, 0, -1
    WHERE OLD.status = 'delivered' AND OLD.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT OLD.client_id, 0, 'payout', '', COALESCE(OLD.client_completed_invoice_id, 0),
           -1, -1 * (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END), -1 * OLD.delivery_fee, 0, 0
    WHERE OLD.status = 'delivered'
    UNION ALL
    SELECT 0, COALESCE(OLD.delivery_admin_id, 0), 'cash', '', COALESCE(OLD.delivery_admin_invoice_id, 0),
           -1, -1 * (CASE WHEN OLD.outcome = 'delivered' THEN (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END) ELSE 0 END), -1 * COALESCE(OLD.commission, 0), 0, 0
    WHERE OLD.outcome IN ('delivered', 'refused');
END;

CREATE TRIGGER parcel_figures_update AFTER UPDATE ON parcels
WHEN OLD.client_id IS NOT NEW.client_id
  OR OLD.delivery_admin_id IS NOT NEW.delivery_admin_id
  OR OLD.status IS NOT NEW.status
  OR OLD.kind IS NOT NEW.kind
  OR OLD.cod_amount IS NOT NEW.cod_amount
  OR OLD.delivery_fee IS NOT NEW.delivery_fee
  OR OLD.created_at IS NOT NEW.created_at
  OR OLD.status_changed_at IS NOT NEW.status_changed_at
  OR OLD.outcome IS NOT NEW.outcome
  OR OLD.commission IS NOT NEW.commission
  OR OLD.client_completed_invoice_id IS NOT NEW.client_completed_invoice_id
  OR OLD.delivery_admin_invoice_id IS NOT NEW.delivery_admin_invoice_id
BEGIN
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, parcels, cod, fees, created, delivered)
    SELECT OLD.client_id, 0, OLD.status, '-', 0,
           -1, -1 * (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END), -1 * OLD.delivery_fee, 0, 0
    UNION ALL
    SELECT 0, OLD.delivery_admin_id, OLD.status, '-', 0,
           -1, -1 * (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END), -1 * OLD.delivery_fee, 0, 0
    WHERE OLD.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT OLD.client_id, 0, '', date(OLD.created_at), 0, 0, 0, 0, -1, 0
    UNION ALL
    SELECT 0, OLD.delivery_admin_id, '', date(OLD.created_at), 0, 0, 0, 0, -1, 0
    WHERE OLD.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT OLD.client_id, 0, '', date(OLD.status_changed_at), 0, 0, 0, 0, 0, -1
    WHERE OLD.status = 'delivered'
    UNION ALL
    SELECT 0, OLD.delivery_admin_id, '', date(OLD.status_changed_at), 0, 0, 0, 0, 0, -1
    WHERE OLD.status = 'delivered' AND OLD.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT OLD.client_id, 0, 'payout', '', COALESCE(OLD.client_completed_invoice_id, 0),
           -1, -1 * (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END), -1 * OLD.delivery_fee, 0, 0
    WHERE OLD.status = 'delivered'
    UNION ALL
    SELECT 0, COALESCE(OLD.delivery_admin_id, 0), 'cash', '', COALESCE(OLD.delivery_admin_invoice_id, 0),
           -1, -1 * (CASE WHEN OLD.outcome = 'delivered' THEN (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END) ELSE 0 END), -1 * COALESCE(OLD.commission, 0), 0, 0
    WHERE OLD.outcome IN ('delivered', 'refused');
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, parcels, cod, fees, created, delivered)
    SELECT NEW.client_id, 0, NEW.status, '-', 0,
           1, 1 * (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END), 1 * NEW.delivery_fee, 0, 0
    UNION ALL
    SELECT 0, NEW.delivery_admin_id, NEW.status, '-', 0,
           1, 1 * (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END), 1 * NEW.delivery_fee, 0, 0
    WHERE NEW.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT NEW.client_id, 0, '', date(NEW.created_at), 0, 0, 0, 0, 1, 0
    UNION ALL
    SELECT 0, NEW.delivery_admin_id, '', date(NEW.created_at), 0, 0, 0, 0, 1, 0
    WHERE NEW.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT NEW.client_id, 0, '', date(NEW.status_changed_at), 0, 0, 0, 0, 0, 1
    WHERE NEW.status = 'delivered'
    UNION ALL
    SELECT 0, NEW.delivery_admin_id, '', date(NEW.status_changed_at), 0, 0, 0, 0, 0, 1
    WHERE NEW.status = 'delivered' AND NEW.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT NEW.client_id, 0, 'payout', '', COALESCE(NEW.client_completed_invoice_id, 0),
           1, 1 * (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END), 1 * NEW.delivery_fee, 0, 0
    WHERE NEW.status = 'delivered'
    UNION ALL
    SELECT 0, COALESCE(NEW.delivery_admin_id, 0), 'cash', '', COALESCE(NEW.delivery_admin_invoice_id, 0),
           1, 1 * (CASE WHEN NEW.outcome = 'delivered' THEN (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END) ELSE 0 END), 1 * COALESCE(NEW.commission, 0), 0, 0
    WHERE NEW.outcome IN ('delivered', 'refused');
END;

-- The parcels already there.
INSERT INTO parcel_figures (client_id, delivery_admin_id, status, day, invoice_id, parcels, cod, fees, created, delivered)
SELECT c1, c2, c3, c4, c5, SUM(c6), SUM(c7), SUM(c8), SUM(c9), SUM(c10)
FROM (
    SELECT p.client_id AS c1, 0 AS c2, p.status AS c3, '-' AS c4, 0 AS c5,
           1 AS c6, 1 * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END) AS c7, 1 * p.delivery_fee AS c8, 0 AS c9, 0 AS c10
    FROM parcels p
    UNION ALL
    SELECT 0, p.delivery_admin_id, p.status, '-', 0,
           1, 1 * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), 1 * p.delivery_fee, 0, 0
    FROM parcels p
    WHERE p.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT p.client_id, 0, '', date(p.created_at), 0, 0, 0, 0, 1, 0
    FROM parcels p
    UNION ALL
    SELECT 0, p.delivery_admin_id, '', date(p.created_at), 0, 0, 0, 0, 1, 0
    FROM parcels p
    WHERE p.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT p.client_id, 0, '', date(p.status_changed_at), 0, 0, 0, 0, 0, 1
    FROM parcels p
    WHERE p.status = 'delivered'
    UNION ALL
    SELECT 0, p.delivery_admin_id, '', date(p.status_changed_at), 0, 0, 0, 0, 0, 1
    FROM parcels p
    WHERE p.status = 'delivered' AND p.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT p.client_id, 0, 'payout', '', COALESCE(p.client_completed_invoice_id, 0),
           1, 1 * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), 1 * p.delivery_fee, 0, 0
    FROM parcels p
    WHERE p.status = 'delivered'
    UNION ALL
    SELECT 0, COALESCE(p.delivery_admin_id, 0), 'cash', '', COALESCE(p.delivery_admin_invoice_id, 0),
           1, 1 * (CASE WHEN p.outcome = 'delivered' THEN (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END) ELSE 0 END), 1 * COALESCE(p.commission, 0), 0, 0
    FROM parcels p
    WHERE p.outcome IN ('delivered', 'refused')
) AS f
GROUP BY c1, c2, c3, c4, c5;
