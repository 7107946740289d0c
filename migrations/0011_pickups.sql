-- Curbside pickup interactions (spec 002 §3 Store pickup interaction) and store associate keys.

CREATE TABLE order_pickups (
    id TEXT PRIMARY KEY,                   -- UUID
    order_number TEXT NOT NULL REFERENCES orders (order_number),
    store_id TEXT NOT NULL REFERENCES stores (store_id),
    store_service_id TEXT NOT NULL,
    status TEXT NOT NULL,                  -- SUBMITTED, CLAIMED, COMPLETE, CANCELLED_CONSUMER
    vehicle_description TEXT NOT NULL,     -- notes[0].text, trimmed, at most 100 characters
    owner_key TEXT NOT NULL,               -- Caller::owner_key() of the shopper who asked
    created_at BIGINT NOT NULL,            -- Unix milliseconds
    updated_at BIGINT NOT NULL,
    claimed_at BIGINT,
    completed_at BIGINT
);
-- At most one open request per order, held by the database: a second "I'm here" is a duplicate (409).
CREATE UNIQUE INDEX order_pickups_one_open ON order_pickups (order_number)
    WHERE status IN ('SUBMITTED', 'CLAIMED');
-- The console's list: a store's open interactions, newest first.
CREATE INDEX order_pickups_store_open ON order_pickups (store_id, status, created_at);

-- Keys store associates sign in to the console with; only a SHA-256 of each key is kept.
CREATE TABLE store_keys (
    key_hash TEXT PRIMARY KEY,             -- lower-case hex SHA-256 of the key
    store_id TEXT NOT NULL REFERENCES stores (store_id),
    label TEXT,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT
);
CREATE INDEX store_keys_store ON store_keys (store_id);
