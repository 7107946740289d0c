-- The order contract (issue 9): display fields that nothing queries on live in one JSON document per
-- order and per line (see crates/server/src/orders/contract.rs); `version` is bumped by every write of
-- an order (crates/server/src/orders/store.rs) and keys the response cache across processes.
ALTER TABLE orders ADD COLUMN details TEXT NOT NULL DEFAULT '{}';
ALTER TABLE orders ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN details TEXT NOT NULL DEFAULT '{}';
