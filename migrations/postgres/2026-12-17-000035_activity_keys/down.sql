DROP INDEX activities_key;
ALTER TABLE activities DROP COLUMN key;
