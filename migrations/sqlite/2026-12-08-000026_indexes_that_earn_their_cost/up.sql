-- Indexes that earn their cost (issue 23: a creation updated 28 index entries).
-- The figures' fold deletes rows that came down to zero every 2 s: through this index it reads
-- only those (a handful) instead of scanning every figure row (100,000 on the bench million,
-- 6 to 9 % of PostgreSQL's time under a load of creations). Its predicate is the fold's, term
-- for term, so both planners take it.
CREATE INDEX parcel_figures_empty ON parcel_figures (client_id)
    WHERE parcels = 0 AND cod = 0 AND fees = 0 AND created = 0 AND delivered = 0;
-- Every reader of a subject's activities names its key (and orders by id): `activities_subject_key`
-- (subject_key, id) serves them; this one only cost an entry per activity.
DROP INDEX activities_subject;
-- A new parcel has no delivery person and is rarely an exchange: these indexes now hold only the
-- parcels that have one (every query on them names a value, which implies NOT NULL), so a
-- creation no longer adds an entry to either.
DROP INDEX parcels_delivery_admin;
CREATE INDEX parcels_delivery_admin ON parcels (delivery_admin_id, status, id) WHERE delivery_admin_id IS NOT NULL;
DROP INDEX parcels_original;
CREATE INDEX parcels_original ON parcels (original_parcel_id) WHERE original_parcel_id IS NOT NULL;
