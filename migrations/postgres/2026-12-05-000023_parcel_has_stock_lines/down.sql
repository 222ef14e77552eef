DROP TRIGGER parcel_stock_lines_follow ON parcel_stock_lines;
DROP FUNCTION parcel_stock_lines_follow();
ALTER TABLE parcels DROP COLUMN has_stock_lines;
