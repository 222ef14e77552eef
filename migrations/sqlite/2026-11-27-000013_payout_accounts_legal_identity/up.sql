-- Payout accounts: a merchant's change of a shop's RIB waits for an admin's approval; until then
-- transfers and new invoices use the approved RIB (shops.bank_account). Every change, approved,
-- refused or applied at once by an admin, keeps its row: the old and the new RIB, who asked,
-- who decided, when.
CREATE TABLE shop_bank_account_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    shop_id BIGINT NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
    -- The approved RIB when the change was asked (null: the shop had none).
    old_bank_account TEXT,
    new_bank_account TEXT NOT NULL,
    -- replaced: a newer request of the merchant took its place before anyone decided.
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'refused', 'replaced')),
    comment TEXT,
    requested_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    decided_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    requested_at TIMESTAMP NOT NULL,
    decided_at TIMESTAMP
);
-- One pending request per shop, whatever the timing of two requests.
CREATE UNIQUE INDEX shop_bank_account_changes_one_pending
    ON shop_bank_account_changes (shop_id) WHERE status = 'pending';
CREATE INDEX shop_bank_account_changes_shop ON shop_bank_account_changes (shop_id, id);
CREATE INDEX shop_bank_account_changes_status ON shop_bank_account_changes (status, id);

-- A merchant's ICE (Identifiant commun de l'entreprise, 15 digits), printed on his invoices.
ALTER TABLE users ADD COLUMN ice TEXT;

-- What a client invoice is paid to and the legal identities it shows, kept at validation: a
-- validated invoice never changes, whatever happens to the shop's RIB or the identities later.
ALTER TABLE invoices ADD COLUMN bank_account TEXT;
ALTER TABLE invoices ADD COLUMN client_ice TEXT;
-- The company's legal identity (JSON: name, address, ice, if, rc, patente, cnss).
ALTER TABLE invoices ADD COLUMN issuer TEXT;

-- Client invoices validated before this migration keep the RIB their shop has now.
UPDATE invoices
SET bank_account = (SELECT shops.bank_account FROM shops WHERE shops.id = invoices.shop_id)
WHERE kind <> 'delivery' AND status <> 'draft';
