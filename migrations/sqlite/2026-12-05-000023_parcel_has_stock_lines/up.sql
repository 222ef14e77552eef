-- Whether a parcel has stock lines: see the PostgreSQL migration of the same name.
ALTER TABLE parcels ADD COLUMN has_stock_lines BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE parcels SET has_stock_lines = TRUE WHERE id IN (SELECT parcel_id FROM parcel_stock_lines);

CREATE TRIGGER parcel_stock_lines_insert AFTER INSERT ON parcel_stock_lines
BEGIN
    UPDATE parcels SET has_stock_lines = TRUE WHERE id = NEW.parcel_id AND NOT has_stock_lines;
END;

CREATE TRIGGER parcel_stock_lines_delete AFTER DELETE ON parcel_stock_lines
BEGIN
    UPDATE parcels SET has_stock_lines = EXISTS (SELECT 1 FROM parcel_stock_lines WHERE parcel_id = OLD.parcel_id)
    WHERE id = OLD.parcel_id;
END;
