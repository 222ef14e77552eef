-- Activities get opaque keys: see the PostgreSQL migration of the same name.
ALTER TABLE activities ADD COLUMN key TEXT;
UPDATE activities SET key = 'AC' || hex(randomblob(8));
CREATE UNIQUE INDEX activities_key ON activities (key);
