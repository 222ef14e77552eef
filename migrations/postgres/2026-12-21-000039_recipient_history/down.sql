DROP TRIGGER recipient_history_update ON parcels;
DROP TRIGGER recipient_history_insert ON parcels;
DROP FUNCTION recipient_history_follow();
DROP TABLE recipient_history_entries;
