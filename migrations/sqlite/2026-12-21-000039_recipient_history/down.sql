DROP TRIGGER recipient_history_update;
DROP TRIGGER recipient_history_delete;
DROP TRIGGER recipient_history_insert;
DROP TABLE recipient_history_entries;
