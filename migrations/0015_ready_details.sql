-- Ready order details (ADR 0012, `orders/ready_detail.rs`): the rendered body of an order's detail up to
-- its `age` (the fetch time, added when it is served), for orders whose view no longer changes with the
-- clock. It is current exactly when `version` is the order's version and `tag` that of the build and
-- settings reading it; anything else is rendered from the records as before. Written behind a rendered
-- detail and by `orders ready-details`; never the only copy of anything.
CREATE TABLE IF NOT EXISTS ready_details (
    order_number TEXT PRIMARY KEY,
    version BIGINT NOT NULL,
    tag BIGINT NOT NULL,
    settled_at BIGINT NOT NULL,
    body TEXT NOT NULL
);
