ALTER TABLE invoices DROP COLUMN paid_bank_account;
