ALTER TABLE parcels DROP COLUMN delivery_admin_invoice_id;
ALTER TABLE parcels DROP COLUMN client_returned_invoice_id;
ALTER TABLE parcels DROP COLUMN client_completed_invoice_id;
ALTER TABLE parcels DROP COLUMN outcome_at;
ALTER TABLE parcels DROP COLUMN commission;
ALTER TABLE parcels DROP COLUMN outcome;
DROP TABLE invoice_numbers;
DROP TABLE invoices;
