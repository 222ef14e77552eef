ALTER TABLE parcel_states DROP COLUMN note_values;
ALTER TABLE parcel_states DROP COLUMN note_code;
