DROP INDEX parcels_delivery_admin;
CREATE INDEX parcels_delivery_admin ON parcels (delivery_admin_id, status, id) WHERE delivery_admin_id IS NOT NULL;
DROP INDEX parcel_figures_delivery_admin;
CREATE INDEX parcel_figures_delivery_admin ON parcel_figures (delivery_admin_id, status, day);
DROP INDEX parcel_figures_by_status;
