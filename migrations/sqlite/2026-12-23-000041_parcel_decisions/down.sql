DROP TABLE parcel_decisions;
