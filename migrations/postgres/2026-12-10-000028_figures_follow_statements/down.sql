DROP TRIGGER parcel_figures_update ON parcels;
DROP FUNCTION parcel_figures_follow_updates();
CREATE TRIGGER parcel_figures_update AFTER UPDATE ON parcels
    FOR EACH ROW
    WHEN (OLD.client_id IS DISTINCT FROM NEW.client_id
          OR OLD.delivery_admin_id IS DISTINCT FROM NEW.delivery_admin_id
          OR OLD.status IS DISTINCT FROM NEW.status
          OR OLD.kind IS DISTINCT FROM NEW.kind
          OR OLD.cod_amount IS DISTINCT FROM NEW.cod_amount
          OR OLD.delivery_fee IS DISTINCT FROM NEW.delivery_fee
          OR OLD.created_at IS DISTINCT FROM NEW.created_at
          OR OLD.status_changed_at IS DISTINCT FROM NEW.status_changed_at
          OR OLD.outcome IS DISTINCT FROM NEW.outcome
          OR OLD.commission IS DISTINCT FROM NEW.commission
          OR OLD.client_completed_invoice_id IS DISTINCT FROM NEW.client_completed_invoice_id
          OR OLD.delivery_admin_invoice_id IS DISTINCT FROM NEW.delivery_admin_invoice_id)
    EXECUTE FUNCTION parcel_figures_follow();
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
