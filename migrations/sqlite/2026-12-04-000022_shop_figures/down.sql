DROP TRIGGER parcel_shop_figures_update;
DROP TRIGGER parcel_shop_figures_delete;
DROP TRIGGER parcel_shop_figures_insert;
DELETE FROM parcel_figure_deltas WHERE status IN ('shop-delivered', 'shop-returned');
ALTER TABLE parcel_figure_deltas DROP COLUMN shop_id;
CREATE TABLE parcel_figures_old (
    client_id BIGINT NOT NULL,
    delivery_admin_id BIGINT NOT NULL,
    status TEXT NOT NULL,
    day TEXT NOT NULL,
    invoice_id BIGINT NOT NULL,
    parcels BIGINT NOT NULL DEFAULT 0,
    cod BIGINT NOT NULL DEFAULT 0,
    fees BIGINT NOT NULL DEFAULT 0,
    created BIGINT NOT NULL DEFAULT 0,
    delivered BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (client_id, delivery_admin_id, status, day, invoice_id)
);
INSERT INTO parcel_figures_old
SELECT client_id, delivery_admin_id, status, day, invoice_id, parcels, cod, fees, created, delivered
FROM parcel_figures WHERE status NOT IN ('shop-delivered', 'shop-returned');
DROP TABLE parcel_figures;
ALTER TABLE parcel_figures_old RENAME TO parcel_figures;
CREATE INDEX parcel_figures_delivery_admin ON parcel_figures (delivery_admin_id, status, day);
CREATE INDEX parcel_figures_day ON parcel_figures (status, day);
