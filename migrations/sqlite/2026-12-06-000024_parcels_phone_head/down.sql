DROP INDEX parcels_phone_head;
