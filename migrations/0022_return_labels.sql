-- Return labels as the carrier issued them (ADR 0025): created by the return capture job through the
-- carrier gateway (in process, or the carrier's API with `--carrier-api-url`) and stored in the same
-- transaction as the return's completion, so that the label page and the label e-mail draw the PDF from
-- this row without calling the carrier while the shopper waits. One row per return at most (the key);
-- a return made before this table has none and is drawn by the sandbox carrier as before.
CREATE TABLE return_labels (
    return_order_number TEXT PRIMARY KEY REFERENCES returns (return_order_number) ON DELETE CASCADE,
    carrier_id TEXT NOT NULL,          -- data/carriers id of the carrier that issued it
    tracking_number TEXT NOT NULL,
    service TEXT NOT NULL,             -- printed under the carrier's name, e.g. "Drop-off / RMGB"
    drop_off_code TEXT NOT NULL,       -- the QR code's text and the EMEA paperless code
    created_at BIGINT NOT NULL         -- Unix milliseconds
);
