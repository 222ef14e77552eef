-- Which account was paid: a transfer pays the shop's RIB approved when the money leaves (the
-- transfer file's), kept on the invoice with its payment; the invoice itself keeps the RIB
-- approved at its validation (or none), which a later approval never rewrites.
ALTER TABLE invoices ADD COLUMN paid_bank_account TEXT;
