-- Client invoices: how a payment was made (transfer, cheque or cash; every payment recorded
-- before this was a transfer), and the TVA on the company's fees kept at validation (the rate in
-- percent, or the exemption mention with a rate of 0; fees HT and the TVA, the fees TTC being
-- fees_total). Invoices validated before this keep what they printed: no TVA figures.
ALTER TABLE invoices ADD COLUMN payment_method TEXT
    CHECK (payment_method IN ('transfer', 'cheque', 'cash'));
ALTER TABLE invoices ADD COLUMN tva_rate BIGINT;
ALTER TABLE invoices ADD COLUMN tva_exemption TEXT;
ALTER TABLE invoices ADD COLUMN fees_ht BIGINT;
ALTER TABLE invoices ADD COLUMN tva_amount BIGINT;
UPDATE invoices SET payment_method = 'transfer' WHERE status = 'paid';
