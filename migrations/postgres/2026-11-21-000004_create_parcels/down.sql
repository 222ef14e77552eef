DROP TABLE parcel_states;
DROP TABLE parcels;
