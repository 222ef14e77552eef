-- The money owed to each shop kept with the dashboards' figures: see the PostgreSQL migration of
-- the same name for what the rows hold.

-- A primary key cannot change in SQLite: the table is rebuilt with shop_id in it.
CREATE TABLE parcel_figures_new (
    client_id BIGINT NOT NULL,
    delivery_admin_id BIGINT NOT NULL,
    status TEXT NOT NULL,
    day TEXT NOT NULL,
    invoice_id BIGINT NOT NULL,
    shop_id BIGINT NOT NULL DEFAULT 0,
    parcels BIGINT NOT NULL DEFAULT 0,
    cod BIGINT NOT NULL DEFAULT 0,
    fees BIGINT NOT NULL DEFAULT 0,
    created BIGINT NOT NULL DEFAULT 0,
    delivered BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (client_id, delivery_admin_id, status, day, invoice_id, shop_id)
);
INSERT INTO parcel_figures_new (client_id, delivery_admin_id, status, day, invoice_id, parcels, cod, fees, created, delivered)
SELECT client_id, delivery_admin_id, status, day, invoice_id, parcels, cod, fees, created, delivered FROM parcel_figures;
DROP TABLE parcel_figures;
ALTER TABLE parcel_figures_new RENAME TO parcel_figures;
CREATE INDEX parcel_figures_delivery_admin ON parcel_figures (delivery_admin_id, status, day);
CREATE INDEX parcel_figures_day ON parcel_figures (status, day);

ALTER TABLE parcel_figure_deltas ADD COLUMN shop_id BIGINT NOT NULL DEFAULT 0;

-- Only parcels delivered or returned have shop rows: a creation or a move between other
-- statuses runs nothing.
CREATE TRIGGER parcel_shop_figures_insert AFTER INSERT ON parcels
WHEN NEW.status IN ('delivered', 'returned')
BEGIN
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, shop_id, parcels, cod, fees)
    SELECT NEW.client_id, 0, 'shop-delivered', '', COALESCE(NEW.client_completed_invoice_id, 0), NEW.shop_id,
           1, 1 * (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END), 1 * NEW.delivery_fee
    WHERE NEW.status = 'delivered'
    UNION ALL
    SELECT NEW.client_id, 0, 'shop-returned', '', COALESCE(NEW.client_returned_invoice_id, 0), NEW.shop_id,
           1, 0, 1 * (CASE WHEN NEW.outcome = 'refused' THEN NEW.refusal_fee ELSE NEW.return_fee END)
    WHERE NEW.status = 'returned';
END;

CREATE TRIGGER parcel_shop_figures_delete AFTER DELETE ON parcels
WHEN OLD.status IN ('delivered', 'returned')
BEGIN
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, shop_id, parcels, cod, fees)
    SELECT OLD.client_id, 0, 'shop-delivered', '', COALESCE(OLD.client_completed_invoice_id, 0), OLD.shop_id,
           -1, -1 * (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END), -1 * OLD.delivery_fee
    WHERE OLD.status = 'delivered'
    UNION ALL
    SELECT OLD.client_id, 0, 'shop-returned', '', COALESCE(OLD.client_returned_invoice_id, 0), OLD.shop_id,
           -1, 0, -1 * (CASE WHEN OLD.outcome = 'refused' THEN OLD.refusal_fee ELSE OLD.return_fee END)
    WHERE OLD.status = 'returned';
END;

CREATE TRIGGER parcel_shop_figures_update AFTER UPDATE ON parcels
WHEN (OLD.status IN ('delivered', 'returned') OR NEW.status IN ('delivered', 'returned'))
  AND (OLD.client_id IS NOT NEW.client_id
       OR OLD.shop_id IS NOT NEW.shop_id
       OR OLD.status IS NOT NEW.status
       OR OLD.kind IS NOT NEW.kind
       OR OLD.cod_amount IS NOT NEW.cod_amount
       OR OLD.delivery_fee IS NOT NEW.delivery_fee
       OR OLD.refusal_fee IS NOT NEW.refusal_fee
       OR OLD.return_fee IS NOT NEW.return_fee
       OR OLD.outcome IS NOT NEW.outcome
       OR OLD.client_completed_invoice_id IS NOT NEW.client_completed_invoice_id
       OR OLD.client_returned_invoice_id IS NOT NEW.client_returned_invoice_id)
BEGIN
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, shop_id, parcels, cod, fees)
    SELECT OLD.client_id, 0, 'shop-delivered', '', COALESCE(OLD.client_completed_invoice_id, 0), OLD.shop_id,
           -1, -1 * (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END), -1 * OLD.delivery_fee
    WHERE OLD.status = 'delivered'
    UNION ALL
    SELECT OLD.client_id, 0, 'shop-returned', '', COALESCE(OLD.client_returned_invoice_id, 0), OLD.shop_id,
           -1, 0, -1 * (CASE WHEN OLD.outcome = 'refused' THEN OLD.refusal_fee ELSE OLD.return_fee END)
    WHERE OLD.status = 'returned';
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, shop_id, parcels, cod, fees)
    SELECT NEW.client_id, 0, 'shop-delivered', '', COALESCE(NEW.client_completed_invoice_id, 0), NEW.shop_id,
           1, 1 * (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END), 1 * NEW.delivery_fee
    WHERE NEW.status = 'delivered'
    UNION ALL
    SELECT NEW.client_id, 0, 'shop-returned', '', COALESCE(NEW.client_returned_invoice_id, 0), NEW.shop_id,
           1, 0, 1 * (CASE WHEN NEW.outcome = 'refused' THEN NEW.refusal_fee ELSE NEW.return_fee END)
    WHERE NEW.status = 'returned';
END;

-- The parcels already there.
INSERT INTO parcel_figures (client_id, delivery_admin_id, status, day, invoice_id, shop_id, parcels, cod, fees)
SELECT c1, 0, c3, '', c5, c6, SUM(c7), SUM(c8), SUM(c9)
FROM (
    SELECT p.client_id AS c1, 'shop-delivered' AS c3, COALESCE(p.client_completed_invoice_id, 0) AS c5, p.shop_id AS c6,
           1 AS c7, (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END) AS c8, p.delivery_fee AS c9
    FROM parcels p
    WHERE p.status = 'delivered'
    UNION ALL
    SELECT p.client_id, 'shop-returned', COALESCE(p.client_returned_invoice_id, 0), p.shop_id,
           1, 0, (CASE WHEN p.outcome = 'refused' THEN p.refusal_fee ELSE p.return_fee END)
    FROM parcels p
    WHERE p.status = 'returned'
) AS f
GROUP BY c1, c3, c5, c6;
