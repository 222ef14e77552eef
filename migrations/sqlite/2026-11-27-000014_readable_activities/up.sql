-- The code people see for what an activity is about (parcel code, voucher code, invoice number,
-- movement code, ticket code; the key when there is no other): what the log shows and what its
-- key filter searches, by prefix, on this index.
ALTER TABLE activities ADD COLUMN subject_code TEXT;

UPDATE activities SET subject_code = subject_key;
UPDATE activities
SET subject_code = (SELECT number FROM invoices WHERE invoices.key = activities.subject_key)
WHERE subject_type IN ('client_invoice', 'delivery_invoice')
  AND EXISTS (SELECT 1 FROM invoices WHERE invoices.key = activities.subject_key AND invoices.number IS NOT NULL);
UPDATE activities
SET subject_code = (SELECT code FROM inventory_movements WHERE inventory_movements.key = activities.subject_key)
WHERE subject_type = 'inventory_movement'
  AND EXISTS (SELECT 1 FROM inventory_movements WHERE inventory_movements.key = activities.subject_key);
UPDATE activities
SET subject_code = (SELECT code FROM tickets WHERE tickets.key = activities.subject_key)
WHERE subject_type = 'ticket'
  AND EXISTS (SELECT 1 FROM tickets WHERE tickets.key = activities.subject_key);

CREATE INDEX activities_subject_code ON activities (subject_code, id);

-- Details written before the convention: a stock movement's parcel by its internal id becomes
-- its tracking code (dropped when the parcel is gone or there was none).
UPDATE activities
SET details = json_set(details, '$.parcel',
    (SELECT key FROM parcels WHERE parcels.id = json_extract(activities.details, '$.parcel')))
WHERE subject_type = 'inventory_movement'
  AND json_type(details, '$.parcel') = 'integer'
  AND EXISTS (SELECT 1 FROM parcels WHERE parcels.id = json_extract(activities.details, '$.parcel'));
UPDATE activities
SET details = json_remove(details, '$.parcel')
WHERE subject_type = 'inventory_movement'
  AND json_type(details, '$.parcel') IN ('integer', 'null');

-- Money under a money key: the cash counted on a delivery invoice.
UPDATE activities
SET details = json_remove(json_set(details, '$.counted_amount', json_extract(details, '$.counted')), '$.counted')
WHERE action = 'delivery_invoice.counted'
  AND json_type(details, '$.counted') IS NOT NULL;

-- A status change as {"status": {"old", "new"}} instead of "from" and "to".
UPDATE activities
SET details = json_set(json_remove(details, '$.from', '$.to'), '$.status',
    json_object(
        'old', json_extract(details, '$.from'),
        'new', COALESCE(json_extract(details, '$.to'),
                        CASE action WHEN 'ticket.closed' THEN 'closed' WHEN 'ticket.reopened' THEN 'open' END)))
WHERE action IN ('parcel.status_changed', 'parcel.state_undone', 'ticket.closed', 'ticket.reopened', 'ticket.replied')
  AND json_type(details, '$.from') IS NOT NULL;
