-- Gift cards (spec 000 §8): the table of 0001 gains its expiry, the failed-PIN counter and the lock.
-- The counter is moved by conditional UPDATEs only, so parallel guesses are counted exactly.
ALTER TABLE gift_cards ADD COLUMN expires_on TEXT;                          -- YYYY-MM-DD, NULL = no expiry
ALTER TABLE gift_cards ADD COLUMN failed_pins BIGINT NOT NULL DEFAULT 0;
ALTER TABLE gift_cards ADD COLUMN locked_until BIGINT NOT NULL DEFAULT 0;   -- Unix ms; locked while in the future
ALTER TABLE gift_cards ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;

-- Every balance movement, for audit and so an ops event applies once (its id is the key).
CREATE TABLE gift_card_events (
    event_id TEXT PRIMARY KEY,
    card_number TEXT NOT NULL REFERENCES gift_cards (card_number),
    kind TEXT NOT NULL,                -- load, redeem, refund, adjust
    amount BIGINT NOT NULL,            -- minor units, signed as applied to the balance
    balance_after BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
