DROP TABLE confirmation_attempts;
DROP TABLE confirmation_queue;
ALTER TABLE parcels DROP COLUMN confirmation_fee;
ALTER TABLE users DROP COLUMN confirmation_fee;
ALTER TABLE users DROP COLUMN confirmation_required;
