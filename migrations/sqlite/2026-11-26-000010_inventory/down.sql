DROP TABLE parcel_stock_lines;
DROP TABLE inventory_movements;
DROP TABLE inventory_entry_slips;
DROP TABLE inventories;
DROP TABLE inventory_clients;
