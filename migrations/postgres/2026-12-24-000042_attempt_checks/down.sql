DROP INDEX parcel_states_call_checks;
ALTER TABLE parcel_states DROP COLUMN no_call_reason;
ALTER TABLE parcel_states DROP COLUMN called;
ALTER TABLE parcel_states DROP COLUMN accuracy_m;
ALTER TABLE parcel_states DROP COLUMN longitude_e6;
ALTER TABLE parcel_states DROP COLUMN latitude_e6;
DROP TABLE parcel_calls;
