-- Stock kept at the hub for merchants (issue 14).

-- A merchant's stock service: asked by him, decided by an admin.
CREATE TABLE inventory_clients (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id BIGINT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'suspended')),
    decided_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    decided_at TIMESTAMP
);

-- A product in stock. Quantities never go below zero and reserved never exceeds on hand.
CREATE TABLE inventories (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    client_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    sku TEXT NOT NULL,
    name TEXT NOT NULL,
    alert_threshold BIGINT CHECK (alert_threshold >= 0),
    on_hand BIGINT NOT NULL DEFAULT 0 CHECK (on_hand >= 0),
    reserved BIGINT NOT NULL DEFAULT 0 CHECK (reserved >= 0 AND reserved <= on_hand),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (client_id, sku)
);

-- An entry slip: several entries declared at once, printed with a barcode per line.
CREATE TABLE inventory_entry_slips (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    code TEXT NOT NULL UNIQUE,
    client_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    author_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    comment TEXT,
    created_at TIMESTAMP NOT NULL
);

-- Movements: entry, exit, return, adjustment; pending, validated, rejected. quantity is what
-- was declared (a signed delta for adjustments), received_quantity what an admin validated.
CREATE TABLE inventory_movements (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    code TEXT NOT NULL UNIQUE,
    inventory_id BIGINT NOT NULL REFERENCES inventories (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('entry', 'exit', 'return', 'adjustment')),
    state TEXT NOT NULL CHECK (state IN ('pending', 'validated', 'rejected')),
    quantity BIGINT NOT NULL,
    received_quantity BIGINT CHECK (received_quantity >= 0),
    comment TEXT,
    parcel_id BIGINT REFERENCES parcels (id) ON DELETE SET NULL,
    entry_slip_id BIGINT REFERENCES inventory_entry_slips (id) ON DELETE SET NULL,
    author_id BIGINT REFERENCES users (id) ON DELETE SET NULL,
    decided_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    decided_at TIMESTAMP
);
CREATE INDEX inventory_movements_inventory ON inventory_movements (inventory_id, id);
CREATE INDEX inventory_movements_parcel ON inventory_movements (parcel_id);
CREATE INDEX inventory_movements_slip ON inventory_movements (entry_slip_id);

-- What a parcel takes from stock (reserved at creation).
CREATE TABLE parcel_stock_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    parcel_id BIGINT NOT NULL REFERENCES parcels (id) ON DELETE CASCADE,
    inventory_id BIGINT NOT NULL REFERENCES inventories (id),
    quantity BIGINT NOT NULL CHECK (quantity > 0),
    -- reserved at creation, then released (deleted or cancelled before the hub), shipped (an
    -- exit movement) or returned (a pending return movement).
    state TEXT NOT NULL DEFAULT 'reserved' CHECK (state IN ('reserved', 'released', 'shipped', 'returned'))
);
CREATE INDEX parcel_stock_lines_parcel ON parcel_stock_lines (parcel_id);
CREATE INDEX parcel_stock_lines_inventory ON parcel_stock_lines (inventory_id);
