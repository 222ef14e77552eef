-- Parcels: one row per shipment, with the fees in force when it was created (snapshot) and its
-- current status; parcel_states keeps every move.
CREATE TABLE parcels (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    client_id BIGINT NOT NULL REFERENCES users (id),
    shop_id BIGINT NOT NULL REFERENCES shops (id),
    reference TEXT,
    recipient_name TEXT NOT NULL,
    recipient_phone TEXT NOT NULL,
    recipient_phone_alt TEXT,
    city_id BIGINT NOT NULL REFERENCES cities (id),
    address TEXT NOT NULL,
    cod_amount BIGINT NOT NULL CHECK (cod_amount >= 0),
    product TEXT NOT NULL,
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    note TEXT,
    can_open BOOLEAN NOT NULL,
    can_try BOOLEAN NOT NULL,
    fragile BOOLEAN NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('standard', 'exchange', 'refund')),
    original_parcel_id BIGINT REFERENCES parcels (id),
    item_to_collect TEXT,
    delivery_fee BIGINT NOT NULL,
    return_fee BIGINT NOT NULL,
    refusal_fee BIGINT NOT NULL,
    status TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    postponed_to DATE,
    delivery_admin_id BIGINT REFERENCES users (id),
    address_change_pending BOOLEAN NOT NULL DEFAULT 0,
    created_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    status_changed_at TIMESTAMP NOT NULL,
    UNIQUE (shop_id, reference)
);
-- Lists are newest first within a scope (merchant, status, delivery person, city).
CREATE INDEX parcels_client ON parcels (client_id, id);
CREATE INDEX parcels_client_status ON parcels (client_id, status, id);
CREATE INDEX parcels_status ON parcels (status, id);
CREATE INDEX parcels_delivery_admin ON parcels (delivery_admin_id, status, id);
CREATE INDEX parcels_city ON parcels (city_id, id);
CREATE INDEX parcels_shop ON parcels (shop_id, id);
CREATE INDEX parcels_phone ON parcels (recipient_phone);
CREATE INDEX parcels_created_at ON parcels (created_at);
CREATE INDEX parcels_original ON parcels (original_parcel_id);

CREATE TABLE parcel_states (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    parcel_id BIGINT NOT NULL REFERENCES parcels (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    comment TEXT,
    date DATE,
    user_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX parcel_states_parcel ON parcel_states (parcel_id, id);
