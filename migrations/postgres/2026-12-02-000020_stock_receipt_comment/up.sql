-- What the hub says when it decides a pending entry or return: required when the quantity
-- received differs from the one declared (18 of 20), shown to the merchant.
ALTER TABLE inventory_movements ADD COLUMN decision_comment TEXT;
