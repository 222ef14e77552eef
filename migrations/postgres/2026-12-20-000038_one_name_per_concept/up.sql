-- One name per concept down to the database (issue 39): the merchant is `merchant`, the delivery
-- person `delivery_person`, in tables and columns as in the Rust code (which named them through
-- `sql_name` until now). The API keeps the specification's names (`client`, `delivery_admin`)
-- in its JSON only. Data is kept: tables and columns are renamed, nothing is copied.
ALTER TABLE client_staff RENAME TO merchant_staff;
ALTER TABLE delivery_admin_cities RENAME TO delivery_person_cities;
ALTER TABLE client_costs RENAME TO merchant_costs;
ALTER TABLE inventory_clients RENAME TO inventory_merchants;
ALTER TABLE courier_balance_entries RENAME TO delivery_person_balance_entries;
ALTER TABLE delivery_person_cities RENAME COLUMN delivery_admin_id TO delivery_person_id;
ALTER TABLE merchant_costs RENAME COLUMN client_id TO merchant_id;
ALTER TABLE shops RENAME COLUMN client_id TO merchant_id;
ALTER TABLE parcels RENAME COLUMN client_id TO merchant_id;
ALTER TABLE parcels RENAME COLUMN delivery_admin_id TO delivery_person_id;
ALTER TABLE parcels RENAME COLUMN client_completed_invoice_id TO merchant_completed_invoice_id;
ALTER TABLE parcels RENAME COLUMN client_returned_invoice_id TO merchant_returned_invoice_id;
ALTER TABLE parcels RENAME COLUMN delivery_admin_invoice_id TO delivery_person_invoice_id;
ALTER TABLE unapplied_outcomes RENAME COLUMN delivery_admin_id TO delivery_person_id;
ALTER TABLE vouchers RENAME COLUMN client_id TO merchant_id;
ALTER TABLE vouchers RENAME COLUMN delivery_admin_id TO delivery_person_id;
ALTER TABLE invoices RENAME COLUMN client_id TO merchant_id;
ALTER TABLE invoices RENAME COLUMN delivery_admin_id TO delivery_person_id;
ALTER TABLE invoices RENAME COLUMN client_ice TO merchant_ice;
ALTER TABLE tickets RENAME COLUMN client_id TO merchant_id;
ALTER TABLE tickets RENAME COLUMN client_unread TO merchant_unread;
ALTER TABLE inventory_merchants RENAME COLUMN client_id TO merchant_id;
ALTER TABLE inventories RENAME COLUMN client_id TO merchant_id;
ALTER TABLE inventory_entry_slips RENAME COLUMN client_id TO merchant_id;
ALTER TABLE delivery_person_balance_entries RENAME COLUMN delivery_admin_id TO delivery_person_id;
ALTER TABLE parcel_figures RENAME COLUMN client_id TO merchant_id;
ALTER TABLE parcel_figures RENAME COLUMN delivery_admin_id TO delivery_person_id;
ALTER TABLE parcel_figure_deltas RENAME COLUMN client_id TO merchant_id;
ALTER TABLE parcel_figure_deltas RENAME COLUMN delivery_admin_id TO delivery_person_id;

-- The figures' functions name the columns in their text: written again with the new names

-- (the two that return rows change their columns' names, hence dropped first).

DROP FUNCTION parcel_figure_rows(parcels, BIGINT);

DROP FUNCTION parcel_shop_figure_rows(parcels, BIGINT);

CREATE FUNCTION parcel_figure_rows(p parcels, sign BIGINT) RETURNS TABLE (
    merchant_id BIGINT, delivery_person_id BIGINT, status TEXT, day TEXT, invoice_id BIGINT,
    parcels BIGINT, cod BIGINT, fees BIGINT, created BIGINT, delivered BIGINT
) AS $$
    SELECT p.merchant_id, 0, p.status, '-', 0,
           sign, sign * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), sign * p.delivery_fee, 0, 0
    UNION ALL
    SELECT 0, p.delivery_person_id, p.status, '-', 0,
           sign, sign * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), sign * p.delivery_fee, 0, 0
    WHERE p.delivery_person_id IS NOT NULL
    UNION ALL
    SELECT p.merchant_id, 0, '', to_char(p.created_at, 'YYYY-MM-DD'), 0, 0, 0, 0, sign, 0
    UNION ALL
    SELECT 0, p.delivery_person_id, '', to_char(p.created_at, 'YYYY-MM-DD'), 0, 0, 0, 0, sign, 0
    WHERE p.delivery_person_id IS NOT NULL
    UNION ALL
    SELECT p.merchant_id, 0, '', to_char(p.status_changed_at, 'YYYY-MM-DD'), 0, 0, 0, 0, 0, sign
    WHERE p.status = 'delivered'
    UNION ALL
    SELECT 0, p.delivery_person_id, '', to_char(p.status_changed_at, 'YYYY-MM-DD'), 0, 0, 0, 0, 0, sign
    WHERE p.status = 'delivered' AND p.delivery_person_id IS NOT NULL
    UNION ALL
    SELECT p.merchant_id, 0, 'payout', '', COALESCE(p.merchant_completed_invoice_id, 0),
           sign, sign * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), sign * p.delivery_fee, 0, 0
    WHERE p.status = 'delivered'
    UNION ALL
    SELECT 0, COALESCE(p.delivery_person_id, 0), 'cash', '', COALESCE(p.delivery_person_invoice_id, 0),
           sign, sign * (CASE WHEN p.outcome = 'delivered' THEN (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END) ELSE 0 END), sign * COALESCE(p.commission, 0), 0, 0
    WHERE p.outcome IN ('delivered', 'refused')
$$ LANGUAGE sql STABLE;

CREATE FUNCTION parcel_shop_figure_rows(p parcels, sign BIGINT) RETURNS TABLE (
    merchant_id BIGINT, shop_id BIGINT, status TEXT, invoice_id BIGINT,
    parcels BIGINT, cod BIGINT, fees BIGINT
) AS $$
    SELECT p.merchant_id, p.shop_id, 'shop-delivered', COALESCE(p.merchant_completed_invoice_id, 0),
           sign, sign * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), sign * p.delivery_fee
    WHERE p.status = 'delivered'
    UNION ALL
    SELECT p.merchant_id, p.shop_id, 'shop-held', 0,
           sign, sign * (CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), sign * p.delivery_fee
    WHERE p.status = 'delivered' AND p.merchant_completed_invoice_id IS NULL
      AND NOT p.cash_received AND p.delivery_person_id IS NOT NULL
    UNION ALL
    SELECT p.merchant_id, p.shop_id, 'shop-returned', COALESCE(p.merchant_returned_invoice_id, 0),
           sign, 0, sign * (CASE WHEN p.outcome = 'refused' THEN p.refusal_fee ELSE p.return_fee END)
    WHERE p.status = 'returned'
$$ LANGUAGE sql STABLE;

CREATE OR REPLACE FUNCTION parcel_figures_follow() RETURNS trigger AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO parcel_figure_deltas (merchant_id, delivery_person_id, status, day, invoice_id, parcels, cod, fees, created, delivered)
        SELECT * FROM parcel_figure_rows(OLD, -1);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO parcel_figure_deltas (merchant_id, delivery_person_id, status, day, invoice_id, parcels, cod, fees, created, delivered)
        SELECT * FROM parcel_figure_rows(NEW, 1);
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION parcel_shop_figures_follow() RETURNS trigger AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        INSERT INTO parcel_figure_deltas (merchant_id, delivery_person_id, status, day, invoice_id, shop_id, parcels, cod, fees)
        SELECT f.merchant_id, 0, f.status, '', f.invoice_id, f.shop_id, f.parcels, f.cod, f.fees
        FROM parcel_shop_figure_rows(OLD, -1) AS f;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
        INSERT INTO parcel_figure_deltas (merchant_id, delivery_person_id, status, day, invoice_id, shop_id, parcels, cod, fees)
        SELECT f.merchant_id, 0, f.status, '', f.invoice_id, f.shop_id, f.parcels, f.cod, f.fees
        FROM parcel_shop_figure_rows(NEW, 1) AS f;
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION parcel_figures_follow_updates() RETURNS trigger AS $$
BEGIN
    INSERT INTO parcel_figure_deltas (merchant_id, delivery_person_id, status, day, invoice_id, shop_id, parcels, cod, fees, created, delivered)
    SELECT d.merchant_id, d.delivery_person_id, d.status, d.day, d.invoice_id, d.shop_id,
           SUM(d.parcels), SUM(d.cod), SUM(d.fees), SUM(d.created), SUM(d.delivered)
    FROM (
        SELECT f.merchant_id, f.delivery_person_id, f.status, f.day, f.invoice_id, 0::BIGINT AS shop_id,
               f.parcels, f.cod, f.fees, f.created, f.delivered
        FROM old_parcels o CROSS JOIN LATERAL parcel_figure_rows(o::parcels, -1) f
        UNION ALL
        SELECT f.merchant_id, f.delivery_person_id, f.status, f.day, f.invoice_id, 0,
               f.parcels, f.cod, f.fees, f.created, f.delivered
        FROM new_parcels n CROSS JOIN LATERAL parcel_figure_rows(n::parcels, 1) f
        UNION ALL
        SELECT s.merchant_id, 0, s.status, '', s.invoice_id, s.shop_id, s.parcels, s.cod, s.fees, 0, 0
        FROM old_parcels o CROSS JOIN LATERAL parcel_shop_figure_rows(o::parcels, -1) s
        WHERE o.status IN ('delivered', 'returned')
        UNION ALL
        SELECT s.merchant_id, 0, s.status, '', s.invoice_id, s.shop_id, s.parcels, s.cod, s.fees, 0, 0
        FROM new_parcels n CROSS JOIN LATERAL parcel_shop_figure_rows(n::parcels, 1) s
        WHERE n.status IN ('delivered', 'returned')
    ) AS d
    GROUP BY d.merchant_id, d.delivery_person_id, d.status, d.day, d.invoice_id, d.shop_id
    HAVING SUM(d.parcels) <> 0 OR SUM(d.cod) <> 0 OR SUM(d.fees) <> 0
        OR SUM(d.created) <> 0 OR SUM(d.delivered) <> 0;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;
