-- Delivery people.
ALTER TABLE users ADD COLUMN national_id TEXT;
ALTER TABLE users ADD COLUMN vehicle TEXT;

-- A merchant's own team: each member is a client user working for the owner's merchant account.
CREATE TABLE client_staff (
    user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    owner_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE
);
CREATE INDEX client_staff_owner_id ON client_staff (owner_id);

-- The cities a delivery person serves, each with his commission per delivered and per refused
-- parcel (centimes).
CREATE TABLE delivery_admin_cities (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    delivery_admin_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    city_id BIGINT NOT NULL REFERENCES cities (id),
    delivered_commission BIGINT NOT NULL CHECK (delivered_commission >= 0),
    refused_commission BIGINT NOT NULL CHECK (refused_commission >= 0),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (delivery_admin_id, city_id)
);

-- A merchant's own prices for some cities, overriding the city's fees (centimes).
CREATE TABLE client_costs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    client_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    city_id BIGINT NOT NULL REFERENCES cities (id),
    delivery_fee BIGINT NOT NULL CHECK (delivery_fee >= 0),
    return_fee BIGINT NOT NULL CHECK (return_fee >= 0),
    refusal_fee BIGINT NOT NULL CHECK (refusal_fee >= 0),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (client_id, city_id)
);
