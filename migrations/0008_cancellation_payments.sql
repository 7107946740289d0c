-- Cancellation, deferred payment and the money timeline (issue 11 parts 1 and 3).

-- One row per accepted cancel request (the effect record of an `order_cancel` job). `completed_at` is
-- set when the last line is cancelled (at once, or by the warehouse's status event).
CREATE TABLE order_cancellations (
    job_id TEXT PRIMARY KEY,
    order_number TEXT NOT NULL,
    owner_key TEXT NOT NULL,
    requested_at BIGINT NOT NULL,      -- Unix ms
    completed_at BIGINT                -- Unix ms, NULL while the warehouse has not confirmed
);
CREATE INDEX order_cancellations_order ON order_cancellations (order_number);

-- What happened to the shopper's money, one row per event; `id` is the event's unique key (e.g.
-- 'release:<order>:<line>', 'settle:<paymentId>'), so an effect that runs twice is recorded once.
CREATE TABLE money_events (
    id TEXT PRIMARY KEY,
    order_number TEXT NOT NULL,
    kind TEXT NOT NULL,                -- charged, released, settled, refunded, bank_transfer
    amount BIGINT NOT NULL,            -- minor units of `currency`
    currency TEXT NOT NULL,
    method TEXT NOT NULL,              -- payment type (credit_card, alipay ...)
    occurred_at BIGINT NOT NULL        -- Unix ms
);
CREATE INDEX money_events_order ON money_events (order_number);

-- A deferred payment started with the sandbox (or a real) provider: the effect record of a
-- `deferred_payment` job. Settled once, by the provider's signed callback.
CREATE TABLE deferred_payments (
    id TEXT PRIMARY KEY,               -- the provider's payment id
    job_id TEXT NOT NULL UNIQUE,
    order_number TEXT NOT NULL,
    payment_type TEXT NOT NULL,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL,              -- OPEN, APPROVED, DECLINED
    return_url TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX deferred_payments_order ON deferred_payments (order_number);

-- Nonces of accepted provider callbacks: a replayed callback conflicts here and changes nothing.
CREATE TABLE webhook_nonces (
    nonce TEXT PRIMARY KEY,
    received_at BIGINT NOT NULL
);
