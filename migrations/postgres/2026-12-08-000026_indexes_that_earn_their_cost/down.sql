DROP INDEX parcels_original;
CREATE INDEX parcels_original ON parcels (original_parcel_id);
DROP INDEX parcels_delivery_admin;
CREATE INDEX parcels_delivery_admin ON parcels (delivery_admin_id, status, id);
CREATE INDEX activities_subject ON activities (subject_type, subject_key);
DROP INDEX parcel_figures_empty;
