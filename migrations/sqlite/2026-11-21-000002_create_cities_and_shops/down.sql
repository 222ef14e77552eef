DROP TABLE shops;
DROP TABLE cities;
