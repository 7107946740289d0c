-- Orders in bulk (`orders import`, POST /ops/v1/orders/bulk): a digest of the order as last written whole
-- (`orders::store`), so that importing the same body again changes nothing (no version bump). Any change in
-- place (`orders::edits`) clears it: the stored order then differs from every body sent, and the next
-- import of it replaces it.
ALTER TABLE orders ADD COLUMN body_hash TEXT;

-- Password resets of the built-in sign-in: a one-time link's token, stored only as its SHA-256 (hex), with
-- its expiry; `used_at` is set when it sets a password (a token works once).
CREATE TABLE IF NOT EXISTS password_resets (
    token_hash TEXT PRIMARY KEY,
    upm_id TEXT NOT NULL REFERENCES members (upm_id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX IF NOT EXISTS password_resets_member ON password_resets (upm_id);
