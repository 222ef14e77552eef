-- One name per concept down to the database (issue 39): the merchant is `merchant`, the delivery
-- person `delivery_person`, in tables and columns as in the Rust code (which named them through
-- `sql_name` until now). The API keeps the specification's names (`client`, `delivery_admin`)
-- in its JSON only. Data is kept: tables and columns are renamed, nothing is copied.
-- SQLite rewrites the triggers, indexes and foreign keys that name them.
ALTER TABLE client_staff RENAME TO merchant_staff;
ALTER TABLE delivery_admin_cities RENAME TO delivery_person_cities;
ALTER TABLE client_costs RENAME TO merchant_costs;
ALTER TABLE inventory_clients RENAME TO inventory_merchants;
ALTER TABLE courier_balance_entries RENAME TO delivery_person_balance_entries;
ALTER TABLE delivery_person_cities RENAME COLUMN delivery_admin_id TO delivery_person_id;
ALTER TABLE merchant_costs RENAME COLUMN client_id TO merchant_id;
ALTER TABLE shops RENAME COLUMN client_id TO merchant_id;
ALTER TABLE parcels RENAME COLUMN client_id TO merchant_id;
ALTER TABLE parcels RENAME COLUMN delivery_admin_id TO delivery_person_id;
ALTER TABLE parcels RENAME COLUMN client_completed_invoice_id TO merchant_completed_invoice_id;
ALTER TABLE parcels RENAME COLUMN client_returned_invoice_id TO merchant_returned_invoice_id;
ALTER TABLE parcels RENAME COLUMN delivery_admin_invoice_id TO delivery_person_invoice_id;
ALTER TABLE unapplied_outcomes RENAME COLUMN delivery_admin_id TO delivery_person_id;
ALTER TABLE vouchers RENAME COLUMN client_id TO merchant_id;
ALTER TABLE vouchers RENAME COLUMN delivery_admin_id TO delivery_person_id;
ALTER TABLE invoices RENAME COLUMN client_id TO merchant_id;
ALTER TABLE invoices RENAME COLUMN delivery_admin_id TO delivery_person_id;
ALTER TABLE invoices RENAME COLUMN client_ice TO merchant_ice;
ALTER TABLE tickets RENAME COLUMN client_id TO merchant_id;
ALTER TABLE tickets RENAME COLUMN client_unread TO merchant_unread;
ALTER TABLE inventory_merchants RENAME COLUMN client_id TO merchant_id;
ALTER TABLE inventories RENAME COLUMN client_id TO merchant_id;
ALTER TABLE inventory_entry_slips RENAME COLUMN client_id TO merchant_id;
ALTER TABLE delivery_person_balance_entries RENAME COLUMN delivery_admin_id TO delivery_person_id;
ALTER TABLE parcel_figures RENAME COLUMN client_id TO merchant_id;
ALTER TABLE parcel_figures RENAME COLUMN delivery_admin_id TO delivery_person_id;
ALTER TABLE parcel_figure_deltas RENAME COLUMN client_id TO merchant_id;
ALTER TABLE parcel_figure_deltas RENAME COLUMN delivery_admin_id TO delivery_person_id;
