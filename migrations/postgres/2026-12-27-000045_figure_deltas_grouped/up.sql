-- The figures' deltas of an update, grouped (issue 42): SQLite's row trigger now writes only the
-- figure rows an update changes. PostgreSQL's statement trigger has done so since migration
-- 000028 (`parcel_figures_follow_updates`: both sides added up, rows that cancel left out), so
-- there is nothing to change here; the migration keeps both backends' histories alike.
SELECT 1;
