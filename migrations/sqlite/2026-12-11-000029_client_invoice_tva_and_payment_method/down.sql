ALTER TABLE invoices DROP COLUMN tva_amount;
ALTER TABLE invoices DROP COLUMN fees_ht;
ALTER TABLE invoices DROP COLUMN tva_exemption;
ALTER TABLE invoices DROP COLUMN tva_rate;
ALTER TABLE invoices DROP COLUMN payment_method;
