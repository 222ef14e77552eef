-- The phone search's four-digit prefixes (issue 23): « 0612 » matches thousands of parcels at a
-- million, and the newest page was found by walking every parcel from the newest, filtering
-- (about 3,000 rows read for 26 kept: 12 ms). With the first four digits and the id in one
-- index, the page is the first 26 entries of one range (0.1 ms). Longer numbers still use
-- parcels_phone.
CREATE INDEX parcels_phone_head ON parcels (substr(recipient_phone, 1, 4), id);
