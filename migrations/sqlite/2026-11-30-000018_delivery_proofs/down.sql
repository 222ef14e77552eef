DROP TABLE delivery_proofs;
ALTER TABLE users DROP COLUMN delivery_proof;
