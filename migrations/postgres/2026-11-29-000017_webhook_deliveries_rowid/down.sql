-- Nothing to change on PostgreSQL: the SQLite migration of the same name rebuilds its webhook
-- deliveries without AUTOINCREMENT (an identity column costs no extra write). Both backends keep
-- the same list of migrations.
SELECT 1;
