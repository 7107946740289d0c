-- SQLite: one writer at a time, so the order of `seq` (AUTOINCREMENT: never reused) is commit order;
-- `tx` is always 0 and positions are (0, seq).
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    tx BIGINT NOT NULL DEFAULT 0,
    id TEXT NOT NULL UNIQUE,
    event_type TEXT NOT NULL,
    occurred_at BIGINT NOT NULL,
    data TEXT NOT NULL,
    -- An effect that may be written twice (a job run again) records its event once.
    dedupe_key TEXT UNIQUE
);
CREATE INDEX IF NOT EXISTS events_position ON events (tx, seq);
CREATE INDEX IF NOT EXISTS events_occurred ON events (occurred_at);
