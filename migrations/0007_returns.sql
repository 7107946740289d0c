-- Returns (spec 001). The RETURN_ORDER itself is a row of `orders` (the one stored-order record, written
-- by the capture job); these tables hold what only the returns flow knows.

-- Units of each sales-order line taken by returns. Moved only by a conditional UPDATE
-- (`returned + n <= ordered`), and the CHECK refuses anything else: two parallel returns of the last unit
-- give exactly one success on SQLite and PostgreSQL alike.
CREATE TABLE return_quantities (
    order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
    line_number BIGINT NOT NULL,
    ordered BIGINT NOT NULL,
    returned BIGINT NOT NULL,
    PRIMARY KEY (order_number, line_number),
    CHECK (returned >= 0 AND returned <= ordered)
);

-- One row per return, written with its reservation and its job in the capture's transaction.
CREATE TABLE returns (
    return_order_number TEXT PRIMARY KEY,
    parent_order_number TEXT NOT NULL REFERENCES orders (order_number),
    owner_key TEXT NOT NULL,           -- Caller::owner_key() of the shopper who made it
    as_member BIGINT NOT NULL,         -- 1 when made by the order's member
    country TEXT NOT NULL,
    return_method TEXT NOT NULL,       -- e.g. PAPERLESS_RETURN, returnToStore
    carrier_id TEXT,                   -- data/carriers id, NULL for store returns and the generic drop-off
    store_id TEXT,
    locale TEXT NOT NULL,
    email TEXT,                        -- where return e-mails go (the order's e-mail unless given)
    request TEXT NOT NULL,             -- JSON: lines, reasons, pickup, ship-from (what the job needs)
    raw_status TEXT NOT NULL,          -- latest raw return status (001 §4.1)
    drop_off_code TEXT,
    tracking_number TEXT,
    refund_deduction BIGINT NOT NULL,  -- minor units taken from the refund (AU fee, guests' shipping)
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX returns_parent ON returns (parent_order_number);

-- The lines of a return as requested.
CREATE TABLE return_lines (
    return_order_number TEXT NOT NULL REFERENCES returns (return_order_number) ON DELETE CASCADE,
    line_number BIGINT NOT NULL,       -- the sales-order line
    quantity BIGINT NOT NULL,
    reason_code TEXT NOT NULL,         -- server code, e.g. 1, 503
    reason_text TEXT NOT NULL,
    comment TEXT,
    PRIMARY KEY (return_order_number, line_number)
);

-- Effects that must happen once per return (e-mails, webhook notices, pickups, postal dispatches): the
-- key is inserted before the effect, so a rerun job or a retried request finds it and does not repeat it.
CREATE TABLE return_effects (
    return_order_number TEXT NOT NULL REFERENCES returns (return_order_number) ON DELETE CASCADE,
    effect_key TEXT NOT NULL,          -- e.g. mail:created, doris, pickup, dispatch:EMAIL:1
    detail TEXT,                       -- JSON outcome (booking, dates); never personal data beyond the return
    created_at BIGINT NOT NULL,
    PRIMARY KEY (return_order_number, effect_key)
);

-- Bank refund details (001 §3): the IBAN's last 4 characters and a keyed fingerprint only; the full IBAN
-- goes to the payout provider in the request and is never stored, logged or answered.
CREATE TABLE bank_refunds (
    order_number TEXT NOT NULL REFERENCES orders (order_number),
    owner_key TEXT NOT NULL,
    iban_last4 TEXT NOT NULL,
    iban_fingerprint TEXT NOT NULL,    -- HMAC-SHA256 of the normalized IBAN under a server secret
    country TEXT NOT NULL,             -- the IBAN's country
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    payout_reference TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (order_number, owner_key)
);

-- EU right of withdrawal (issue 10): one declaration per order, with the moment it was received.
CREATE TABLE withdrawals (
    order_number TEXT PRIMARY KEY REFERENCES orders (order_number),
    owner_key TEXT NOT NULL,
    line_numbers TEXT NOT NULL,        -- JSON array of the sales-order lines withdrawn from
    declared_at BIGINT NOT NULL        -- Unix ms, as confirmed to the shopper
);
