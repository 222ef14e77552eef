-- Nothing was changed on PostgreSQL (see up.sql).
SELECT 1;
