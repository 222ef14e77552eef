ALTER TABLE shop_bank_account_changes DROP COLUMN certificate_at;
ALTER TABLE shop_bank_account_changes DROP COLUMN certificate_type;
ALTER TABLE shop_bank_account_changes DROP COLUMN certificate_sha256;
