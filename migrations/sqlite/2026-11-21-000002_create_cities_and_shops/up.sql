CREATE TABLE cities (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL UNIQUE,
    -- Fees in centimes.
    delivery_fee BIGINT NOT NULL CHECK (delivery_fee >= 0),
    return_fee BIGINT NOT NULL CHECK (return_fee >= 0),
    refusal_fee BIGINT NOT NULL CHECK (refusal_fee >= 0),
    active BOOLEAN NOT NULL DEFAULT 1,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE shops (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    -- The merchant (client account owner) the shop belongs to.
    client_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    phone TEXT NOT NULL,
    address TEXT NOT NULL,
    city_id BIGINT NOT NULL REFERENCES cities (id),
    bank_account TEXT,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX shops_client_id ON shops (client_id);
