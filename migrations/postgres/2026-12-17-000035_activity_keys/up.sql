-- Activities get opaque keys like every other object: their integer ids no longer leave the
-- server. New rows take a time-ordered key (colivra_core::key::time_ordered_key: the unique index
-- grows at its end); rows already there a random one.
ALTER TABLE activities ADD COLUMN key TEXT;
UPDATE activities SET key = 'AC' || upper(substr(md5(random()::text || id::text), 1, 16));
CREATE UNIQUE INDEX activities_key ON activities (key);
