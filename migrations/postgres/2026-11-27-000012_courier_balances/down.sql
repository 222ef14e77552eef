ALTER TABLE invoices DROP COLUMN carried_balance;
DROP INDEX courier_balance_entries_sum;
DROP INDEX courier_balance_entries_invoice;
DROP TABLE courier_balance_entries;
