-- The phone search's short prefixes: see the PostgreSQL migration of the same name.
CREATE INDEX parcels_phone_head ON parcels (substr(recipient_phone, 1, 4), id);
