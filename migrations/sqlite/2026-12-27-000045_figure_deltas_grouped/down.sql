-- The trigger as it was (every row of both sides).
DROP TRIGGER parcel_figures_update;
CREATE TRIGGER parcel_figures_update AFTER UPDATE ON parcels
WHEN OLD.merchant_id IS NOT NEW.merchant_id
  OR OLD.delivery_person_id IS NOT NEW.delivery_person_id
  OR OLD.status IS NOT NEW.status
  OR OLD.kind IS NOT NEW.kind
  OR OLD.cod_amount IS NOT NEW.cod_amount
  OR OLD.delivery_fee IS NOT NEW.delivery_fee
  OR OLD.created_at IS NOT NEW.created_at
  OR OLD.status_changed_at IS NOT NEW.status_changed_at
  OR OLD.outcome IS NOT NEW.outcome
  OR OLD.commission IS NOT NEW.commission
  OR OLD.merchant_completed_invoice_id IS NOT NEW.merchant_completed_invoice_id
  OR OLD.delivery_person_invoice_id IS NOT NEW.delivery_person_invoice_id
BEGIN
    INSERT INTO parcel_figure_deltas (merchant_id, delivery_person_id, status, day, invoice_id, parcels, cod, fees, created, delivered)
    SELECT OLD.merchant_id, 0, OLD.status, '-', 0,
           -1, -1 * (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END), -1 * OLD.delivery_fee, 0, 0
    UNION ALL
    SELECT 0, OLD.delivery_person_id, OLD.status, '-', 0,
           -1, -1 * (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END), -1 * OLD.delivery_fee, 0, 0
    WHERE OLD.delivery_person_id IS NOT NULL
    UNION ALL
    SELECT OLD.merchant_id, 0, '', date(OLD.created_at), 0, 0, 0, 0, -1, 0
    UNION ALL
    SELECT 0, OLD.delivery_person_id, '', date(OLD.created_at), 0, 0, 0, 0, -1, 0
    WHERE OLD.delivery_person_id IS NOT NULL
    UNION ALL
    SELECT OLD.merchant_id, 0, '', date(OLD.status_changed_at), 0, 0, 0, 0, 0, -1
    WHERE OLD.status = 'delivered'
    UNION ALL
    SELECT 0, OLD.delivery_person_id, '', date(OLD.status_changed_at), 0, 0, 0, 0, 0, -1
    WHERE OLD.status = 'delivered' AND OLD.delivery_person_id IS NOT NULL
    UNION ALL
    SELECT OLD.merchant_id, 0, 'payout', '', COALESCE(OLD.merchant_completed_invoice_id, 0),
           -1, -1 * (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END), -1 * OLD.delivery_fee, 0, 0
    WHERE OLD.status = 'delivered'
    UNION ALL
    SELECT 0, COALESCE(OLD.delivery_person_id, 0), 'cash', '', COALESCE(OLD.delivery_person_invoice_id, 0),
           -1, -1 * (CASE WHEN OLD.outcome = 'delivered' THEN (CASE WHEN OLD.kind = 'refund' THEN -OLD.cod_amount ELSE OLD.cod_amount END) ELSE 0 END), -1 * COALESCE(OLD.commission, 0), 0, 0
    WHERE OLD.outcome IN ('delivered', 'refused');
    INSERT INTO parcel_figure_deltas (merchant_id, delivery_person_id, status, day, invoice_id, parcels, cod, fees, created, delivered)
    SELECT NEW.merchant_id, 0, NEW.status, '-', 0,
           1, 1 * (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END), 1 * NEW.delivery_fee, 0, 0
    UNION ALL
    SELECT 0, NEW.delivery_person_id, NEW.status, '-', 0,
           1, 1 * (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END), 1 * NEW.delivery_fee, 0, 0
    WHERE NEW.delivery_person_id IS NOT NULL
    UNION ALL
    SELECT NEW.merchant_id, 0, '', date(NEW.created_at), 0, 0, 0, 0, 1, 0
    UNION ALL
    SELECT 0, NEW.delivery_person_id, '', date(NEW.created_at), 0, 0, 0, 0, 1, 0
    WHERE NEW.delivery_person_id IS NOT NULL
    UNION ALL
    SELECT NEW.merchant_id, 0, '', date(NEW.status_changed_at), 0, 0, 0, 0, 0, 1
    WHERE NEW.status = 'delivered'
    UNION ALL
    SELECT 0, NEW.delivery_person_id, '', date(NEW.status_changed_at), 0, 0, 0, 0, 0, 1
    WHERE NEW.status = 'delivered' AND NEW.delivery_person_id IS NOT NULL
    UNION ALL
    SELECT NEW.merchant_id, 0, 'payout', '', COALESCE(NEW.merchant_completed_invoice_id, 0),
           1, 1 * (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END), 1 * NEW.delivery_fee, 0, 0
    WHERE NEW.status = 'delivered'
    UNION ALL
    SELECT 0, COALESCE(NEW.delivery_person_id, 0), 'cash', '', COALESCE(NEW.delivery_person_invoice_id, 0),
           1, 1 * (CASE WHEN NEW.outcome = 'delivered' THEN (CASE WHEN NEW.kind = 'refund' THEN -NEW.cod_amount ELSE NEW.cod_amount END) ELSE 0 END), 1 * COALESCE(NEW.commission, 0), 0, 0
    WHERE NEW.outcome IN ('delivered', 'refused');
END;
