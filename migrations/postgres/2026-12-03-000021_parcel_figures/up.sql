-- The dashboards' figures kept as parcels change (issue 23: the admin's statistics scanned the
-- whole parcels table five times a request). Each row adds up parcels of one merchant and one
-- delivery person (0: none):
--   day = '-':         by status: how many (parcels), cash signed (a refund counts negative:
--                      cod) and delivery fees (fees);
--   status = '':       by day (YYYY-MM-DD): created that day, and delivered that day among those
--                      delivered now.
-- A trigger on parcels appends what each change adds and takes away to parcel_figure_deltas
-- (inserts only: writers never wait on one another's figure rows); colivra_parcels::figures
-- folds the deltas into parcel_figures now and then, and readers add both up in one statement.
CREATE TABLE parcel_figures (
    client_id BIGINT NOT NULL,
    delivery_admin_id BIGINT NOT NULL,
    status TEXT NOT NULL,
    day TEXT NOT NULL,
    parcels BIGINT NOT NULL DEFAULT 0,
    cod BIGINT NOT NULL DEFAULT 0,
    fees BIGINT NOT NULL DEFAULT 0,
    created BIGINT NOT NULL DEFAULT 0,
    delivered BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (client_id, delivery_admin_id, status, day)
);
CREATE INDEX parcel_figures_delivery_admin ON parcel_figures (delivery_admin_id);
CREATE INDEX parcel_figures_day ON parcel_figures (day, status);

CREATE TABLE parcel_figure_deltas (
    id BIGSERIAL PRIMARY KEY,
    client_id BIGINT NOT NULL,
    delivery_admin_id BIGINT NOT NULL,
    status TEXT NOT NULL,
    day TEXT NOT NULL,
    parcels BIGINT NOT NULL DEFAULT 0,
    cod BIGINT NOT NULL DEFAULT 0,
    fees BIGINT NOT NULL DEFAULT 0,
    created BIGINT NOT NULL DEFAULT 0,
    delivered BIGINT NOT NULL DEFAULT 0
);

CREATE FUNCTION parcel_figure_rows(p parcels, sign BIGINT) RETURNS SETOF parcel_figure_deltas AS $$
    SELECT 0::BIGINT, p.client_id, COALESCE(p.delivery_admin_id, 0), p.status, '-', sign,
           sign * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END),
           sign * p.delivery_fee, 0::BIGINT, 0::BIGINT
    UNION ALL
    SELECT 0, p.client_id, COALESCE(p.delivery_admin_id, 0), '', to_char(p.created_at, 'YYYY-MM-DD'),
           0, 0, 0, sign, 0
    UNION ALL
    SELECT 0, p.client_id, COALESCE(p.delivery_admin_id, 0), '', to_char(p.status_changed_at, 'YYYY-MM-DD'),
           0, 0, 0, 0, sign
    WHERE p.status = 'delivered'
$$ LANGUAGE sql STABLE;

CREATE FUNCTION parcel_figures_follow() RETURNS trigger AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, parcels, cod, fees, created, delivered)
        SELECT client_id, delivery_admin_id, status, day, parcels, cod, fees, created, delivered
        FROM parcel_figure_rows(OLD, -1);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, parcels, cod, fees, created, delivered)
        SELECT client_id, delivery_admin_id, status, day, parcels, cod, fees, created, delivered
        FROM parcel_figure_rows(NEW, 1);
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
          OR OLD.status_changed_at IS DISTINCT FROM NEW.status_changed_at)
    EXECUTE FUNCTION parcel_figures_follow();

-- The parcels already there.
INSERT INTO parcel_figures (client_id, delivery_admin_id, status, day, parcels, cod, fees, created, delivered)
SELECT f.client_id, f.delivery_admin_id, f.status, f.day,
       SUM(f.parcels), SUM(f.cod), SUM(f.fees), SUM(f.created), SUM(f.delivered)
FROM parcels p CROSS JOIN LATERAL parcel_figure_rows(p, 1) f
GROUP BY f.client_id, f.delivery_admin_id, f.status, f.day;
