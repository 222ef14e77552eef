DROP TRIGGER parcel_figures_update ON parcels;
DROP TRIGGER parcel_figures_insert ON parcels;
DROP FUNCTION parcel_figures_follow();
DROP FUNCTION parcel_figure_rows(parcels, BIGINT);
DROP TABLE parcel_figure_deltas;
DROP TABLE parcel_figures;
