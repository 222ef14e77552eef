-- The dashboards' figures kept as parcels change: see the PostgreSQL migration of the same name
-- for what each row holds. SQLite has one writer at a time, so the deltas could be folded at once;
-- they are kept the same way as on PostgreSQL for one reading and folding code.
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
    id INTEGER PRIMARY KEY AUTOINCREMENT,
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

CREATE TRIGGER parcel_figures_insert AFTER INSERT ON parcels
BEGIN
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, parcels, cod, fees, created, delivered)
    SELECT NEW.client_id, COALESCE(NEW.delivery_admin_id, 0), NEW.status, '-', 1,
           1 * (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END),
           1 * NEW.delivery_fee, 0, 0
    UNION ALL
    SELECT NEW.client_id, COALESCE(NEW.delivery_admin_id, 0), '', date(NEW.created_at), 0, 0, 0, 1, 0
    UNION ALL
    SELECT NEW.client_id, COALESCE(NEW.delivery_admin_id, 0), '', date(NEW.status_changed_at), 0, 0, 0, 0, 1
    WHERE NEW.status = 'delivered';
END;

CREATE TRIGGER parcel_figures_delete AFTER DELETE ON parcels
BEGIN
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, parcels, cod, fees, created, delivered)
    SELECT OLD.client_id, COALESCE(OLD.delivery_admin_id, 0), OLD.status, '-', -1,
           -1 * (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END),
           -1 * OLD.delivery_fee, 0, 0
    UNION ALL
    SELECT OLD.client_id, COALESCE(OLD.delivery_admin_id, 0), '', date(OLD.created_at), 0, 0, 0, -1, 0
    UNION ALL
    SELECT OLD.client_id, COALESCE(OLD.delivery_admin_id, 0), '', date(OLD.status_changed_at), 0, 0, 0, 0, -1
    WHERE OLD.status = 'delivered';
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
BEGIN
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, parcels, cod, fees, created, delivered)
    SELECT OLD.client_id, COALESCE(OLD.delivery_admin_id, 0), OLD.status, '-', -1,
           -1 * (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END),
           -1 * OLD.delivery_fee, 0, 0
    UNION ALL
    SELECT OLD.client_id, COALESCE(OLD.delivery_admin_id, 0), '', date(OLD.created_at), 0, 0, 0, -1, 0
    UNION ALL
    SELECT OLD.client_id, COALESCE(OLD.delivery_admin_id, 0), '', date(OLD.status_changed_at), 0, 0, 0, 0, -1
    WHERE OLD.status = 'delivered';
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, parcels, cod, fees, created, delivered)
    SELECT NEW.client_id, COALESCE(NEW.delivery_admin_id, 0), NEW.status, '-', 1,
           1 * (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END),
           1 * NEW.delivery_fee, 0, 0
    UNION ALL
    SELECT NEW.client_id, COALESCE(NEW.delivery_admin_id, 0), '', date(NEW.created_at), 0, 0, 0, 1, 0
    UNION ALL
    SELECT NEW.client_id, COALESCE(NEW.delivery_admin_id, 0), '', date(NEW.status_changed_at), 0, 0, 0, 0, 1
    WHERE NEW.status = 'delivered';
END;

-- The parcels already there.
INSERT INTO parcel_figures (client_id, delivery_admin_id, status, day, parcels, cod, fees, created, delivered)
SELECT client_id, dp, status, day, SUM(parcels), SUM(cod), SUM(fees), SUM(created), SUM(delivered)
FROM (
    SELECT p.client_id AS client_id, COALESCE(p.delivery_admin_id, 0) AS dp, p.status AS status,
           '-' AS day, 1 AS parcels,
           CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END AS cod,
           p.delivery_fee AS fees, 0 AS created, 0 AS delivered
    FROM parcels p
    UNION ALL
    SELECT p.client_id, COALESCE(p.delivery_admin_id, 0), '', date(p.created_at), 0, 0, 0, 1, 0
    FROM parcels p
    UNION ALL
    SELECT p.client_id, COALESCE(p.delivery_admin_id, 0), '', date(p.status_changed_at), 0, 0, 0, 0, 1
    FROM parcels p WHERE p.status = 'delivered'
) AS f
GROUP BY client_id, dp, status, day;
