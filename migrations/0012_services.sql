-- Services around an order (spec 002 §2-§4): the product catalogue behind shop similar and buy again,
-- the bag (cart), and secrets the server generates once (cookie signing, sandbox providers).

CREATE TABLE products (
    style_color TEXT PRIMARY KEY,      -- e.g. SR4100-001: one colourway of a style
    product_id TEXT NOT NULL,
    title TEXT NOT NULL,
    subtitle TEXT NOT NULL,
    category TEXT NOT NULL,
    color TEXT NOT NULL,
    image_url TEXT NOT NULL,
    slug TEXT NOT NULL,
    popularity BIGINT NOT NULL,        -- higher sells more; ranks similar products
    in_stock BIGINT NOT NULL,          -- 1 when any size can be bought
    updated_at BIGINT NOT NULL
);
CREATE INDEX products_category ON products (category);

CREATE TABLE product_prices (
    style_color TEXT NOT NULL REFERENCES products (style_color) ON DELETE CASCADE,
    currency TEXT NOT NULL,
    price BIGINT NOT NULL,             -- minor units
    msrp BIGINT NOT NULL,
    PRIMARY KEY (style_color, currency)
);

CREATE TABLE product_skus (
    sku_id TEXT PRIMARY KEY,
    style_color TEXT NOT NULL REFERENCES products (style_color) ON DELETE CASCADE,
    size TEXT NOT NULL,
    in_stock BIGINT NOT NULL
);
CREATE INDEX product_skus_style ON product_skus (style_color);

-- One bag per member ('member:<upmId>') or per guest cookie ('guest:<uuid>').
CREATE TABLE bags (
    owner_key TEXT PRIMARY KEY,
    currency TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE bag_items (
    owner_key TEXT NOT NULL REFERENCES bags (owner_key) ON DELETE CASCADE,
    sku_id TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    added_at BIGINT NOT NULL,
    PRIMARY KEY (owner_key, sku_id)
);
