-- History rows the server writes keep a code and its values (JSON) instead of French text, so
-- they are rendered in the reader's language. Human comments stay in `comment`.
ALTER TABLE parcel_states ADD COLUMN note_code TEXT;
ALTER TABLE parcel_states ADD COLUMN note_values TEXT;
