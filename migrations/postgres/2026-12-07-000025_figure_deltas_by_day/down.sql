DROP INDEX parcel_figure_deltas_day;
