-- A merchant is paid from cash the company has (domain rules, « Cash the company has before cash
-- it pays »): a delivered parcel's COD becomes payable once the cash is in the company's hands,
-- that is once the parcel is on a validated delivery invoice (cash_received, set by that
-- validation; a draft delivery invoice is not cash in hand). A parcel delivered without a
-- delivery person (an admin's move at the hub) has no one holding its cash.
ALTER TABLE parcels ADD COLUMN cash_received BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE parcels SET cash_received = TRUE
WHERE delivery_admin_invoice_id IN (SELECT id FROM invoices WHERE kind = 'delivery' AND status <> 'draft');

-- The figures keep, beside each shop's delivered parcels ('shop-delivered', migration 000022),
-- those whose cash a delivery person still holds and that are on no client invoice
-- ('shop-held', invoice_id 0): the unpaid lists and « à verser » subtract them, the merchant's
-- dashboard shows them as « espèces chez le livreur ». The update trigger follows statements
-- (migration 000028) and calls this function, so validating a delivery invoice moves the rows.
CREATE OR REPLACE FUNCTION parcel_shop_figure_rows(p parcels, sign BIGINT) RETURNS TABLE (
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

-- The parcels already there.
INSERT INTO parcel_figures (client_id, delivery_admin_id, status, day, invoice_id, shop_id, parcels, cod, fees)
SELECT p.client_id, 0, 'shop-held', '', 0, p.shop_id, COUNT(*),
       SUM(CASE WHEN p.kind = 'refund' THEN -p.cod_amount ELSE p.cod_amount END), SUM(p.delivery_fee)
FROM parcels p
WHERE p.status = 'delivered' AND p.client_completed_invoice_id IS NULL
  AND NOT p.cash_received AND p.delivery_admin_id IS NOT NULL
GROUP BY p.client_id, p.shop_id;
