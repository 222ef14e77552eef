-- A RIB change carries the bank's certificate (attestation de RIB): a PDF or an image, kept by
-- its hash in the proofs' store, shown only to the shop's merchant and to admins.
ALTER TABLE shop_bank_account_changes ADD COLUMN certificate_sha256 TEXT;
ALTER TABLE shop_bank_account_changes ADD COLUMN certificate_type TEXT;
ALTER TABLE shop_bank_account_changes ADD COLUMN certificate_at TIMESTAMP;
