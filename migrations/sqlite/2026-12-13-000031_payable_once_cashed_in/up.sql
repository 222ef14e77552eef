-- A merchant is paid from cash the company has: see the PostgreSQL migration of the same name.
ALTER TABLE parcels ADD COLUMN cash_received BOOLEAN NOT NULL DEFAULT 0;
UPDATE parcels SET cash_received = 1
WHERE delivery_admin_invoice_id IN (SELECT id FROM invoices WHERE kind = 'delivery' AND status <> 'draft');

-- The 'shop-held' rows: delivered parcels on no client invoice whose cash a delivery person
-- still holds, by shop (invoice_id 0).
CREATE TRIGGER parcel_held_figures_insert AFTER INSERT ON parcels
WHEN NEW.status = 'delivered' AND NEW.client_completed_invoice_id IS NULL
  AND NOT NEW.cash_received AND NEW.delivery_admin_id IS NOT NULL
BEGIN
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, shop_id, parcels, cod, fees)
    VALUES (NEW.client_id, 0, 'shop-held', '', 0, NEW.shop_id,
            1, (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END), NEW.delivery_fee);
END;

CREATE TRIGGER parcel_held_figures_delete AFTER DELETE ON parcels
WHEN OLD.status = 'delivered' AND OLD.client_completed_invoice_id IS NULL
  AND NOT OLD.cash_received AND OLD.delivery_admin_id IS NOT NULL
BEGIN
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, shop_id, parcels, cod, fees)
    VALUES (OLD.client_id, 0, 'shop-held', '', 0, OLD.shop_id,
            -1, -(CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END), -OLD.delivery_fee);
END;

CREATE TRIGGER parcel_held_figures_update AFTER UPDATE ON parcels
WHEN (OLD.status = 'delivered' OR NEW.status = 'delivered')
  AND (OLD.client_id IS NOT NEW.client_id
       OR OLD.shop_id IS NOT NEW.shop_id
       OR OLD.status IS NOT NEW.status
       OR OLD.kind IS NOT NEW.kind
       OR OLD.cod_amount IS NOT NEW.cod_amount
       OR OLD.delivery_fee IS NOT NEW.delivery_fee
       OR OLD.cash_received IS NOT NEW.cash_received
       OR OLD.delivery_admin_id IS NOT NEW.delivery_admin_id
       OR OLD.client_completed_invoice_id IS NOT NEW.client_completed_invoice_id)
BEGIN
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, shop_id, parcels, cod, fees)
    SELECT OLD.client_id, 0, 'shop-held', '', 0, OLD.shop_id,
           -1, -(CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END), -OLD.delivery_fee
    WHERE OLD.status = 'delivered' AND OLD.client_completed_invoice_id IS NULL
      AND NOT OLD.cash_received AND OLD.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT NEW.client_id, 0, 'shop-held', '', 0, NEW.shop_id,
           1, (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END), NEW.delivery_fee
    WHERE NEW.status = 'delivered' AND NEW.client_completed_invoice_id IS NULL
      AND NOT NEW.cash_received AND NEW.delivery_admin_id IS NOT NULL;
END;

-- The parcels already there.
INSERT INTO parcel_figures (client_id, delivery_admin_id, status, day, invoice_id, shop_id, parcels, cod, fees)
SELECT p.client_id, 0, 'shop-held', '', 0, p.shop_id, COUNT(*),
       SUM(CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), SUM(p.delivery_fee)
FROM parcels p
WHERE p.status = 'delivered' AND p.client_completed_invoice_id IS NULL
  AND NOT p.cash_received AND p.delivery_admin_id IS NOT NULL
GROUP BY p.client_id, p.shop_id;
