DELETE FROM parcel_figures WHERE status = 'shop-held';
DELETE FROM parcel_figure_deltas WHERE status = 'shop-held';
CREATE OR REPLACE FUNCTION parcel_shop_figure_rows(p parcels, sign BIGINT) RETURNS TABLE (
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
ALTER TABLE parcels DROP COLUMN cash_received;
