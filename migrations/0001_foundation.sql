-- One schema for SQLite and PostgreSQL: only TEXT and BIGINT columns, no auto-increment.
-- Money is stored in minor units (BIGINT), times as Unix milliseconds (BIGINT, UTC).

CREATE TABLE settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE members (
    upm_id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    country TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE stores (
    store_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    phone TEXT NOT NULL,
    address_lines TEXT NOT NULL,       -- JSON array of text lines
    city TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    country TEXT NOT NULL,
    timezone TEXT NOT NULL,            -- IANA name; store hours are in the store's time zone
    latitude TEXT NOT NULL,
    longitude TEXT NOT NULL,
    regular_hours TEXT NOT NULL,       -- JSON {"monday":{"startTime":"10:00","duration":"9"},...}
    special_hours TEXT NOT NULL,       -- JSON [{"date":"2026-12-24","startTime":"10:00","duration":"4"}]
    services TEXT NOT NULL             -- JSON array, e.g. ["curbside","returns"]
);

CREATE TABLE orders (
    order_number TEXT PRIMARY KEY,
    order_type TEXT NOT NULL,
    order_classification TEXT NOT NULL,
    parent_sales_order_number TEXT,
    partner_name TEXT,
    country TEXT NOT NULL,
    currency TEXT NOT NULL,
    region_reference TEXT NOT NULL,
    upm_id TEXT REFERENCES members (upm_id),
    email TEXT,                        -- normalized (trimmed, lower case)
    phone_country_code TEXT,
    phone_subscriber TEXT,
    phone_digits TEXT,                 -- country code followed by subscriber number, for guest matching
    order_date BIGINT NOT NULL,
    shipping_total BIGINT NOT NULL,
    taxes_included BIGINT NOT NULL,    -- 1 when line prices include tax
    payments TEXT NOT NULL,            -- JSON [{"paymentType","paymentDisplayNumber"}]
    shipping_address TEXT NOT NULL,    -- JSON array of text lines
    pickup_store_id TEXT REFERENCES stores (store_id),
    updated_at BIGINT NOT NULL
);

-- Member history: newest order first, keyset-paged on (order_date, order_number).
CREATE INDEX orders_member_history ON orders (upm_id, order_type, order_date DESC, order_number DESC);
CREATE INDEX orders_parent ON orders (parent_sales_order_number);

CREATE TABLE order_lines (
    order_number TEXT NOT NULL REFERENCES orders (order_number) ON DELETE CASCADE,
    line_number BIGINT NOT NULL,
    gtin TEXT NOT NULL,
    sku_id TEXT NOT NULL,
    product_id TEXT NOT NULL,
    style_color TEXT NOT NULL,
    title TEXT NOT NULL,
    category TEXT NOT NULL,
    color TEXT NOT NULL,
    size TEXT NOT NULL,
    image_url TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    unit_price BIGINT NOT NULL,
    tax BIGINT NOT NULL,
    fees BIGINT NOT NULL,
    status TEXT NOT NULL,              -- raw status as received
    shipment_number TEXT,
    tracking_url TEXT,
    estimated_delivery_date TEXT,      -- YYYY-MM-DD
    PRIMARY KEY (order_number, line_number)
);

CREATE TABLE gift_cards (
    card_number TEXT PRIMARY KEY,
    pin_hash TEXT NOT NULL,
    currency TEXT NOT NULL,
    balance BIGINT NOT NULL
);
