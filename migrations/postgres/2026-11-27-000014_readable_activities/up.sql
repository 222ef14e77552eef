-- The code people see for what an activity is about (parcel code, voucher code, invoice number,
-- movement code, ticket code; the key when there is no other): what the log shows and what its
-- key filter searches, by prefix, on this index.
ALTER TABLE activities ADD COLUMN subject_code TEXT;

UPDATE activities SET subject_code = subject_key;
UPDATE activities a SET subject_code = i.number
FROM invoices i
WHERE a.subject_type IN ('client_invoice', 'delivery_invoice')
  AND i.key = a.subject_key AND i.number IS NOT NULL;
UPDATE activities a SET subject_code = m.code
FROM inventory_movements m
WHERE a.subject_type = 'inventory_movement' AND m.key = a.subject_key;
UPDATE activities a SET subject_code = t.code
FROM tickets t
WHERE a.subject_type = 'ticket' AND t.key = a.subject_key;

CREATE INDEX activities_subject_code ON activities (subject_code, id);

-- Details written before the convention: a stock movement's parcel by its internal id becomes
-- its tracking code (dropped when the parcel is gone or there was none).
UPDATE activities a
SET details = jsonb_set(a.details::jsonb, '{parcel}', to_jsonb(p.key))::text
FROM parcels p
WHERE a.subject_type = 'inventory_movement'
  AND jsonb_typeof(a.details::jsonb -> 'parcel') = 'number'
  AND p.id = (a.details::jsonb ->> 'parcel')::bigint;
UPDATE activities
SET details = (details::jsonb - 'parcel')::text
WHERE subject_type = 'inventory_movement'
  AND jsonb_typeof(details::jsonb -> 'parcel') IN ('number', 'null');

-- Money under a money key: the cash counted on a delivery invoice.
UPDATE activities
SET details = ((details::jsonb - 'counted') || jsonb_build_object('counted_amount', details::jsonb -> 'counted'))::text
WHERE action = 'delivery_invoice.counted'
  AND details::jsonb ? 'counted';

-- A status change as {"status": {"old", "new"}} instead of "from" and "to".
UPDATE activities
SET details = ((details::jsonb - 'from' - 'to') || jsonb_build_object('status', jsonb_build_object(
    'old', details::jsonb -> 'from',
    'new', COALESCE(details::jsonb -> 'to',
                    CASE action WHEN 'ticket.closed' THEN '"closed"'::jsonb WHEN 'ticket.reopened' THEN '"open"'::jsonb END))))::text
WHERE action IN ('parcel.status_changed', 'parcel.state_undone', 'ticket.closed', 'ticket.reopened', 'ticket.replied')
  AND details::jsonb ? 'from';
