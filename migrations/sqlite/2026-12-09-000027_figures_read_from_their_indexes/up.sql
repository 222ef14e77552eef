-- The admin's dashboard reads its figures from the indexes alone (issue 23: on SQLite it read
-- 76,000 figure rows per request through `parcel_figures_delivery_admin`, 35 ms, 100 ms p99 at
-- 8 connections on the bench million; now 2,600 index entries, 5 ms).
-- Parcels by status for everyone: `day = '-' AND delivery_admin_id = 0`, summed by status.
CREATE INDEX parcel_figures_by_status ON parcel_figures (day, delivery_admin_id, status, parcels, cod, fees);
-- Days for everyone or for one delivery person: `delivery_admin_id = ? AND status = '' AND
-- day >= ?`, the day's counts carried in the index.
DROP INDEX parcel_figures_delivery_admin;
CREATE INDEX parcel_figures_delivery_admin ON parcel_figures (delivery_admin_id, status, day, created, delivered);
