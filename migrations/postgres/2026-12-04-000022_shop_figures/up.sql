-- The money owed to each shop kept with the dashboards' figures (issue 23: the unpaid-shops
-- list summed every eligible parcel on each request, 2.2 s p99 at 8 connections on a million).
-- A new dimension, shop_id (0 on the rows of migration 000021), and two kinds of rows, one per
-- shop and client invoice (invoice_id, 0: on none), as colivra_invoicing's eligibility reads:
--   status = 'shop-delivered':  the shop's delivered parcels by their completed invoice: cash
--                               signed (a refund counts negative) and delivery fees;
--   status = 'shop-returned':   the shop's returned parcels by their returned invoice: the
--                               refusal fee of a refused parcel, else the return fee.
-- The delivery people's list reads the 'cash' rows of 000021 (invoice_id = 0).

ALTER TABLE parcel_figures ADD COLUMN shop_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE parcel_figures DROP CONSTRAINT parcel_figures_pkey;
ALTER TABLE parcel_figures ADD PRIMARY KEY (client_id, delivery_admin_id, status, day, invoice_id, shop_id);
ALTER TABLE parcel_figure_deltas ADD COLUMN shop_id BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION parcel_shop_figure_rows(p parcels, sign BIGINT) RETURNS TABLE (
    client_id BIGINT, shop_id BIGINT, status TEXT, invoice_id BIGINT,
    parcels BIGINT, cod BIGINT, fees BIGINT
) AS $$
    SELECT p.client_id, p.shop_id, 'shop-delivered', COALESCE(p.client_completed_invoice_id, 0),
           sign, sign * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), sign * p.delivery_fee
    WHERE p.status = 'delivered'
    UNION ALL
    SELECT p.client_id, p.shop_id, 'shop-returned', COALESCE(p.client_returned_invoice_id, 0),
           sign, 0, sign * (CASE WHEN p.outcome = 'refused' THEN p.refusal_fee ELSE p.return_fee END)
    WHERE p.status = 'returned'
$$ LANGUAGE sql STABLE;

CREATE FUNCTION parcel_shop_figures_follow() RETURNS trigger AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, shop_id, parcels, cod, fees)
        SELECT f.client_id, 0, f.status, '', f.invoice_id, f.shop_id, f.parcels, f.cod, f.fees
        FROM parcel_shop_figure_rows(OLD, -1) AS f;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, shop_id, parcels, cod, fees)
        SELECT f.client_id, 0, f.status, '', f.invoice_id, f.shop_id, f.parcels, f.cod, f.fees
        FROM parcel_shop_figure_rows(NEW, 1) AS f;
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- Only parcels delivered or returned have shop rows: a creation or a move between other
-- statuses runs nothing.
CREATE TRIGGER parcel_shop_figures_insert AFTER INSERT ON parcels
    FOR EACH ROW WHEN (NEW.status IN ('delivered', 'returned'))
    EXECUTE FUNCTION parcel_shop_figures_follow();
CREATE TRIGGER parcel_shop_figures_delete AFTER DELETE ON parcels
    FOR EACH ROW WHEN (OLD.status IN ('delivered', 'returned'))
    EXECUTE FUNCTION parcel_shop_figures_follow();
CREATE TRIGGER parcel_shop_figures_update AFTER UPDATE ON parcels
    FOR EACH ROW
    WHEN ((OLD.status IN ('delivered', 'returned') OR NEW.status IN ('delivered', 'returned'))
          AND (OLD.client_id IS DISTINCT FROM NEW.client_id
               OR OLD.shop_id IS DISTINCT FROM NEW.shop_id
               OR OLD.status IS DISTINCT FROM NEW.status
               OR OLD.kind IS DISTINCT FROM NEW.kind
               OR OLD.cod_amount IS DISTINCT FROM NEW.cod_amount
               OR OLD.delivery_fee IS DISTINCT FROM NEW.delivery_fee
               OR OLD.refusal_fee IS DISTINCT FROM NEW.refusal_fee
               OR OLD.return_fee IS DISTINCT FROM NEW.return_fee
               OR OLD.outcome IS DISTINCT FROM NEW.outcome
               OR OLD.client_completed_invoice_id IS DISTINCT FROM NEW.client_completed_invoice_id
               OR OLD.client_returned_invoice_id IS DISTINCT FROM NEW.client_returned_invoice_id))
    EXECUTE FUNCTION parcel_shop_figures_follow();

-- The parcels already there.
INSERT INTO parcel_figures (client_id, delivery_admin_id, status, day, invoice_id, shop_id, parcels, cod, fees)
SELECT f.client_id, 0, f.status, '', f.invoice_id, f.shop_id, SUM(f.parcels), SUM(f.cod), SUM(f.fees)
FROM parcels p CROSS JOIN LATERAL parcel_shop_figure_rows(p, 1) f
GROUP BY f.client_id, f.status, f.invoice_id, f.shop_id;
