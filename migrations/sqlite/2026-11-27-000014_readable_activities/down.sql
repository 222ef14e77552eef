-- The details keep the readable shape (keys instead of ids, old → new): nothing to give back.
DROP INDEX activities_subject_code;
ALTER TABLE activities DROP COLUMN subject_code;
