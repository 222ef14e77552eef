DROP INDEX parcel_figures_delivery_admin;
CREATE INDEX parcel_figures_delivery_admin ON parcel_figures (delivery_admin_id, status, day);
DROP INDEX parcel_figures_by_status;
