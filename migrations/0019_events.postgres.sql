-- PostgreSQL: a sequence value is not commit order (a transaction holding seq 5 may commit after seq 6 is
-- visible). Each event row carries the id of the transaction that inserted it (`tx`); readers take only
-- events whose transaction is older than their snapshot's xmin (every such transaction has ended), in
-- (tx, seq) order. An event that becomes visible later always has a tx at or above that xmin, so it sorts
-- after everything already read: a cursor (tx, seq) never skips or repeats (ADR 0015).
CREATE TABLE IF NOT EXISTS events (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tx BIGINT NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
    id TEXT NOT NULL UNIQUE,
    event_type TEXT NOT NULL,
    occurred_at BIGINT NOT NULL,
    data TEXT NOT NULL,
    dedupe_key TEXT UNIQUE
);
CREATE INDEX IF NOT EXISTS events_position ON events (tx, seq);
CREATE INDEX IF NOT EXISTS events_occurred ON events (occurred_at);
