-- Pickup, exit and return vouchers. A voucher lists parcels through voucher_parcels; a link is
-- "open" while the voucher still acts on the parcel (pickup and return: until received; exit:
-- until the parcel is shipped again), and the partial unique index keeps every parcel on at
-- most one open voucher of each kind, whatever requests race.
CREATE TABLE vouchers (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('pickup', 'exit', 'return')),
    status TEXT NOT NULL CHECK (status IN ('new', 'received', 'issued')),
    -- Pickup vouchers: the merchant and the shop collected from (a client deleted without
    -- parcels takes his empty vouchers with him).
    client_id BIGINT REFERENCES users (id) ON DELETE CASCADE,
    shop_id BIGINT REFERENCES shops (id) ON DELETE CASCADE,
    -- Exit and return vouchers: the delivery person.
    delivery_admin_id BIGINT REFERENCES users (id),
    created_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    received_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    received_at TIMESTAMP,
    CHECK ((kind = 'pickup') = (client_id IS NOT NULL AND shop_id IS NOT NULL)),
    CHECK ((kind = 'pickup') = (delivery_admin_id IS NULL))
);
-- Lists are newest first, by kind and status, or within a merchant's or delivery person's scope.
CREATE INDEX vouchers_kind_status ON vouchers (kind, status, id);
CREATE INDEX vouchers_client ON vouchers (client_id, kind, id);
CREATE INDEX vouchers_delivery_admin ON vouchers (delivery_admin_id, kind, id);

CREATE TABLE voucher_parcels (
    voucher_id BIGINT NOT NULL REFERENCES vouchers (id) ON DELETE CASCADE,
    parcel_id BIGINT NOT NULL REFERENCES parcels (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('pickup', 'exit', 'return')),
    open BOOLEAN NOT NULL,
    -- Set when the parcel left a pickup voucher (removed, cancelled, or not collected): the row
    -- stays so a reception racing with the removal can tell "removed meanwhile" (409).
    removed_at TIMESTAMP,
    PRIMARY KEY (voucher_id, parcel_id),
    CHECK (removed_at IS NULL OR NOT open)
);
CREATE UNIQUE INDEX voucher_parcels_one_open ON voucher_parcels (parcel_id, kind) WHERE open;
CREATE INDEX voucher_parcels_parcel ON voucher_parcels (parcel_id, kind);
