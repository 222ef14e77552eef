DROP TRIGGER parcel_held_figures_update;
DROP TRIGGER parcel_held_figures_delete;
DROP TRIGGER parcel_held_figures_insert;
DELETE FROM parcel_figures WHERE status = 'shop-held';
DELETE FROM parcel_figure_deltas WHERE status = 'shop-held';
ALTER TABLE parcels DROP COLUMN cash_received;
