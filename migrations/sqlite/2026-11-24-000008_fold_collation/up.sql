-- SQLite has no stored collations: every connection registers `fold` (crates/db/src/connection.rs).
-- This migration exists so both backends list the same versions.
SELECT 1;
