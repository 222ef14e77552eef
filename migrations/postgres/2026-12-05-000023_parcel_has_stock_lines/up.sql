-- Whether a parcel has stock lines, kept by triggers on parcel_stock_lines: a list page asks for
-- the lines of the parcels that have some, and most pages (merchants without the stock service)
-- skip that statement (issue 23: a list request in at most two round trips).
ALTER TABLE parcels ADD COLUMN has_stock_lines BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE parcels SET has_stock_lines = TRUE WHERE id IN (SELECT parcel_id FROM parcel_stock_lines);

CREATE FUNCTION parcel_stock_lines_follow() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE parcels SET has_stock_lines = TRUE WHERE id = NEW.parcel_id AND NOT has_stock_lines;
    ELSE
        UPDATE parcels SET has_stock_lines = EXISTS (SELECT 1 FROM parcel_stock_lines WHERE parcel_id = OLD.parcel_id)
        WHERE id = OLD.parcel_id;
    END IF;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER parcel_stock_lines_follow AFTER INSERT OR DELETE ON parcel_stock_lines
    FOR EACH ROW EXECUTE FUNCTION parcel_stock_lines_follow();
