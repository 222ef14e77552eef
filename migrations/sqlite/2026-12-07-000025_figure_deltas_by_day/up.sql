-- Nothing for SQLite: see the PostgreSQL migration of the same name. A SQLite table gives its
-- deleted pages back to the file's free list at once, so the deltas stay a few pages to scan.
SELECT 1;
