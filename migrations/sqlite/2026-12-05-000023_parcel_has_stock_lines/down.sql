DROP TRIGGER parcel_stock_lines_delete;
DROP TRIGGER parcel_stock_lines_insert;
ALTER TABLE parcels DROP COLUMN has_stock_lines;
