-- Ready history rows (ADR 0010, `orders/ready.rs`): every line stores the JSON of its history row up to
-- its actions, and the two facts its actions need that are not plain columns. They are current exactly
-- when the order's lines_view_version equals its version; the writers that store lines set both, any
-- other writer leaves lines_view_version behind and the page is rendered from the full record.
-- Rows stored before this migration have none (NULL) until their order is written again.
ALTER TABLE orders ADD COLUMN lines_view_version BIGINT;
ALTER TABLE order_lines ADD COLUMN history_json TEXT;
ALTER TABLE order_lines ADD COLUMN history_status TEXT;
ALTER TABLE order_lines ADD COLUMN history_customized BIGINT;
