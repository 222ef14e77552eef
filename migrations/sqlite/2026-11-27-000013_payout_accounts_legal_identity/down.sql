ALTER TABLE invoices DROP COLUMN issuer;
ALTER TABLE invoices DROP COLUMN client_ice;
ALTER TABLE invoices DROP COLUMN bank_account;
ALTER TABLE users DROP COLUMN ice;
DROP INDEX shop_bank_account_changes_status;
DROP INDEX shop_bank_account_changes_shop;
DROP INDEX shop_bank_account_changes_one_pending;
DROP TABLE shop_bank_account_changes;
