ALTER TABLE delivery_person_cities RENAME COLUMN delivery_person_id TO delivery_admin_id;
ALTER TABLE merchant_costs RENAME COLUMN merchant_id TO client_id;
ALTER TABLE shops RENAME COLUMN merchant_id TO client_id;
ALTER TABLE parcels RENAME COLUMN merchant_id TO client_id;
ALTER TABLE parcels RENAME COLUMN delivery_person_id TO delivery_admin_id;
ALTER TABLE parcels RENAME COLUMN merchant_completed_invoice_id TO client_completed_invoice_id;
ALTER TABLE parcels RENAME COLUMN merchant_returned_invoice_id TO client_returned_invoice_id;
ALTER TABLE parcels RENAME COLUMN delivery_person_invoice_id TO delivery_admin_invoice_id;
ALTER TABLE unapplied_outcomes RENAME COLUMN delivery_person_id TO delivery_admin_id;
ALTER TABLE vouchers RENAME COLUMN merchant_id TO client_id;
ALTER TABLE vouchers RENAME COLUMN delivery_person_id TO delivery_admin_id;
ALTER TABLE invoices RENAME COLUMN merchant_id TO client_id;
ALTER TABLE invoices RENAME COLUMN delivery_person_id TO delivery_admin_id;
ALTER TABLE invoices RENAME COLUMN merchant_ice TO client_ice;
ALTER TABLE tickets RENAME COLUMN merchant_id TO client_id;
ALTER TABLE tickets RENAME COLUMN merchant_unread TO client_unread;
ALTER TABLE inventory_merchants RENAME COLUMN merchant_id TO client_id;
ALTER TABLE inventories RENAME COLUMN merchant_id TO client_id;
ALTER TABLE inventory_entry_slips RENAME COLUMN merchant_id TO client_id;
ALTER TABLE delivery_person_balance_entries RENAME COLUMN delivery_person_id TO delivery_admin_id;
ALTER TABLE parcel_figures RENAME COLUMN merchant_id TO client_id;
ALTER TABLE parcel_figures RENAME COLUMN delivery_person_id TO delivery_admin_id;
ALTER TABLE parcel_figure_deltas RENAME COLUMN merchant_id TO client_id;
ALTER TABLE parcel_figure_deltas RENAME COLUMN delivery_person_id TO delivery_admin_id;
ALTER TABLE merchant_staff RENAME TO client_staff;
ALTER TABLE delivery_person_cities RENAME TO delivery_admin_cities;
ALTER TABLE merchant_costs RENAME TO client_costs;
ALTER TABLE inventory_merchants RENAME TO inventory_clients;
ALTER TABLE delivery_person_balance_entries RENAME TO courier_balance_entries;

-- The figures' functions name the columns in their text: written again with the old names

-- (the two that return rows change their columns' names, hence dropped first).

DROP FUNCTION parcel_figure_rows(parcels, BIGINT);

DROP FUNCTION parcel_shop_figure_rows(parcels, BIGINT);

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

CREATE FUNCTION parcel_shop_figure_rows(p parcels, sign BIGINT) RETURNS TABLE (
    client_id BIGINT, shop_id BIGINT, status TEXT, invoice_id BIGINT,
    parcels BIGINT, cod BIGINT, fees BIGINT
) AS $$
    SELECT p.client_id, p.shop_id, 'shop-delivered', COALESCE(p.client_completed_invoice_id, 0),
           sign, sign * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), sign * p.delivery_fee
    WHERE p.status = 'delivered'
    UNION ALL
    SELECT p.client_id, p.shop_id, 'shop-held', 0,
           sign, sign * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), sign * p.delivery_fee
    WHERE p.status = 'delivered' AND p.client_completed_invoice_id IS NULL
      AND NOT p.cash_received AND p.delivery_admin_id IS NOT NULL
    UNION ALL
    SELECT p.client_id, p.shop_id, 'shop-returned', COALESCE(p.client_returned_invoice_id, 0),
           sign, 0, sign * (CASE WHEN p.outcome = 'refused' THEN p.refusal_fee ELSE p.return_fee END)
    WHERE p.status = 'returned'
$$ LANGUAGE sql STABLE;

CREATE OR REPLACE FUNCTION parcel_figures_follow() RETURNS trigger AS $$
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

CREATE OR REPLACE FUNCTION parcel_shop_figures_follow() RETURNS trigger AS $$
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

CREATE OR REPLACE FUNCTION parcel_figures_follow_updates() RETURNS trigger AS $$
BEGIN
    INSERT INTO parcel_figure_deltas (client_id, delivery_admin_id, status, day, invoice_id, shop_id, parcels, cod, fees, created, delivered)
    SELECT d.client_id, d.delivery_admin_id, d.status, d.day, d.invoice_id, d.shop_id,
           SUM(d.parcels), SUM(d.cod), SUM(d.fees), SUM(d.created), SUM(d.delivered)
    FROM (
        SELECT f.client_id, f.delivery_admin_id, f.status, f.day, f.invoice_id, 0::BIGINT AS shop_id,
               f.parcels, f.cod, f.fees, f.created, f.delivered
        FROM old_parcels o CROSS JOIN LATERAL parcel_figure_rows(o::parcels, -1) f
        UNION ALL
        SELECT f.client_id, f.delivery_admin_id, f.status, f.day, f.invoice_id, 0,
               f.parcels, f.cod, f.fees, f.created, f.delivered
        FROM new_parcels n CROSS JOIN LATERAL parcel_figure_rows(n::parcels, 1) f
        UNION ALL
        SELECT s.client_id, 0, s.status, '', s.invoice_id, s.shop_id, s.parcels, s.cod, s.fees, 0, 0
        FROM old_parcels o CROSS JOIN LATERAL parcel_shop_figure_rows(o::parcels, -1) s
        WHERE o.status IN ('delivered', 'returned')
        UNION ALL
        SELECT s.client_id, 0, s.status, '', s.invoice_id, s.shop_id, s.parcels, s.cod, s.fees, 0, 0
        FROM new_parcels n CROSS JOIN LATERAL parcel_shop_figure_rows(n::parcels, 1) s
        WHERE n.status IN ('delivered', 'returned')
    ) AS d
    GROUP BY d.client_id, d.delivery_admin_id, d.status, d.day, d.invoice_id, d.shop_id
    HAVING SUM(d.parcels) <> 0 OR SUM(d.cod) <> 0 OR SUM(d.fees) <> 0
        OR SUM(d.created) <> 0 OR SUM(d.delivered) <> 0;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
