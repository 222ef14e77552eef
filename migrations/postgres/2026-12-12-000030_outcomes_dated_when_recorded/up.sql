-- An outcome is dated when it happened: a history row's created_at is when the delivery person
-- recorded it (his phone may send it hours later, from its offline queue); received_at is when
-- the server got it, kept only when the two differ (null: the same moment).
ALTER TABLE parcel_states ADD COLUMN received_at TIMESTAMP;
