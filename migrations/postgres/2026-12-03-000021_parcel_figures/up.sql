-- The dashboards' figures kept as parcels change (issue 23: the admin's statistics scanned the
-- whole parcels table on every request). Each row adds up parcels of one merchant (client_id,
-- delivery_admin_id = 0) or of one delivery person (client_id = 0, delivery_admin_id), so that
-- a scope reads a few rows and the admin the merchants' rows:
--   day = '-':          by status: how many (parcels), their cash signed (a refund counts
--                       negative: cod) and their delivery fees (fees);
--   status = '':        by day (YYYY-MM-DD): created that day, and delivered that day among those
--                       delivered now;
--   status = 'payout':  a merchant's delivered parcels by the client invoice they are on
--                       (invoice_id, 0: none): cash signed and fees (what he is owed);
--   status = 'cash':    a delivery person's delivered and refused parcels by the delivery invoice
--                       they are on: cash collected and his commissions (what he holds).
-- A trigger on parcels appends what each change adds and takes away to parcel_figure_deltas
-- (inserts only: writers never wait on one another's figure rows); colivra_parcels::figures
-- folds the deltas into parcel_figures now and then, and readers add both up in one statement.

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
    id BIGSERIAL PRIMARY KEY,
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

CREATE FUNCTION parcel_figure_rows(p parcels, sign BIGINT) RETURNS TABLE (
    client_id BIGINT, delivery_admin_id BIGINT, status TEXT, day TEXT, invoice_id BIGINT,
    parcels BIGINT, cod BIGINT, fees BIGINT, created BIGINT, delivered BIGINT
) AS $$
    SELECT p.client_id, 0, p.status, '-', 0,
           sign, sign * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), sign * p.delivery_fee, 0, 0
    UNION ALL
    SELECT 0, p.delivery_admin_id, p.status, '-', 0,
           sign, sign * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), sign * p.delivery_fee, 0, 0
    WHERE p.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT p.client_id, 0, '', to_char(p.created_at, 'YYYY-MM-DD'), 0, 0, 0, 0, sign, 0
    UNION ALL
    SELECT 0, p.delivery_admin_id, '', to_char(p.created_at, 'YYYY-MM-DD'), 0, 0, 0, 0, sign, 0
    WHERE p.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT p.client_id, 0, '', to_char(p.status_changed_at, 'YYYY-MM-DD'), 0, 0, 0, 0, 0, sign
    WHERE p.status = 'delivered'
    UNION ALL
    SELECT 0, p.delivery_admin_id, '', to_char(p.status_changed_at, 'YYYY-MM-DD'), 0, 0, 0, 0, 0, sign
    WHERE p.status = 'delivered' AND p.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT p.client_id, 0, 'payout', '', COALESCE(p.client_completed_invoice_id, 0),
           sign, sign * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), sign * p.delivery_fee, 0, 0
    WHERE p.status = 'delivered'
    UNION ALL
    SELECT 0, COALESCE(p.delivery_admin_id, 0), 'cash', '', COALESCE(p.delivery_admin_invoice_id, 0),
           sign, sign * (CASE WHEN p.outcome = 'delivered' THEN (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END) ELSE 0 END), sign * COALESCE(p.commission, 0), 0, 0
    WHERE p.outcome IN ('delivered', 'refused')
$$ LANGUAGE sql STABLE;

CREATE FUNCTION parcel_figures_follow() RETURNS trigger AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, parcels, cod, fees, created, delivered)
        SELECT * FROM parcel_figure_rows(OLD, -1);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, parcels, cod, fees, created, delivered)
        SELECT * FROM parcel_figure_rows(NEW, 1);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER parcel_figures_insert AFTER INSERT OR DELETE ON parcels
    FOR EACH ROW EXECUTE FUNCTION parcel_figures_follow();
CREATE TRIGGER parcel_figures_update AFTER UPDATE ON parcels
    FOR EACH ROW
    WHEN (OLD.client_id IS DISTINCT FROM NEW.client_id
          OR OLD.delivery_admin_id IS DISTINCT FROM NEW.delivery_admin_id
          OR OLD.status IS DISTINCT FROM NEW.status
          OR OLD.kind IS DISTINCT FROM NEW.kind
          OR OLD.cod_amount IS DISTINCT FROM NEW.cod_amount
          OR OLD.delivery_fee IS DISTINCT FROM NEW.delivery_fee
          OR OLD.created_at IS DISTINCT FROM NEW.created_at
          OR OLD.status_changed_at IS DISTINCT FROM NEW.status_changed_at
          OR OLD.outcome IS DISTINCT FROM NEW.outcome
          OR OLD.commission IS DISTINCT FROM NEW.commission
          OR OLD.client_completed_invoice_id IS DISTINCT FROM NEW.client_completed_invoice_id
          OR OLD.delivery_admin_invoice_id IS DISTINCT FROM NEW.delivery_admin_invoice_id)
    EXECUTE FUNCTION parcel_figures_follow();

-- The parcels already there.
INSERT INTO parcel_figures (client_id, delivery_admin_id, status, day, invoice_id, parcels, cod, fees, created, delivered)
SELECT f.client_id, f.delivery_admin_id, f.status, f.day, f.invoice_id,
       SUM(f.parcels), SUM(f.cod), SUM(f.fees), SUM(f.created), SUM(f.delivered)
FROM parcels p CROSS JOIN LATERAL parcel_figure_rows(p, 1) f
GROUP BY f.client_id, f.delivery_admin_id, f.status, f.day, f.invoice_id;
