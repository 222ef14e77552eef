DROP TABLE voucher_parcels;
DROP TABLE vouchers;
