ALTER TABLE parcel_states DROP COLUMN received_at;
