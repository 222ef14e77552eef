ALTER TABLE inventory_movements DROP COLUMN decision_comment;
