DROP TRIGGER parcel_figures_update;
DROP TRIGGER parcel_figures_delete;
DROP TRIGGER parcel_figures_insert;
DROP TABLE parcel_figure_deltas;
DROP TABLE parcel_figures;
