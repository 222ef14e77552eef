-- The dashboards read their figures from indexes alone (issue 23: on SQLite the admin's read
-- 76,000 figure rows per request through `parcel_figures_delivery_admin`, 35 ms, 100 ms p99 at
-- 8 connections on the bench million; now 2,600 index entries, 5 ms).
-- Parcels by status: `day = '-' AND delivery_admin_id = 0` for everyone (and `AND client_id = ?`
-- for a merchant), `day = '-' AND delivery_admin_id = ?` for a delivery person, summed by status.
CREATE INDEX parcel_figures_by_status ON parcel_figures (day, delivery_admin_id, client_id, status, parcels, cod, fees);
-- Days for everyone or for one delivery person: `delivery_admin_id = ? AND status = '' AND
-- day >= ?`, the day's counts carried in the index.
DROP INDEX parcel_figures_delivery_admin;
CREATE INDEX parcel_figures_delivery_admin ON parcel_figures (delivery_admin_id, status, day, created, delivered);
-- A delivery person's dashboard sums the cash of his round (his parcels out for delivery: kind
-- and amount) from this index alone, instead of fetching some 1,500 rows scattered over the
-- table (4 ms, 170 ms p99 at 8 connections on the million). The list by delivery person keeps
-- its first three columns.
DROP INDEX parcels_delivery_admin;
CREATE INDEX parcels_delivery_admin ON parcels (delivery_admin_id, status, id, kind, cod_amount) WHERE delivery_admin_id IS NOT NULL;
