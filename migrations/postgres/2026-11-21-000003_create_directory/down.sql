DROP TABLE client_costs;
DROP TABLE delivery_admin_cities;
DROP TABLE client_staff;
ALTER TABLE users DROP COLUMN vehicle;
ALTER TABLE users DROP COLUMN national_id;
