-- PostgreSQL only (see its migration): SQLite has no statement triggers with transition
-- tables, and its row triggers cost a fifth of PostgreSQL's. Kept so both dialects share one
-- migration list.
SELECT 1;
