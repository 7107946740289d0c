-- Events out (issue 32, docs/adr/0015-events-outbox.md). The outbox table `events` differs per database
-- (0019_events.sqlite.sql, 0019_events.postgres.sql); what reads it is here.
--
-- A consumer of the outbox: a webhook endpoint (kind 'webhook') or a message-bus sink (kind 'sink', id the
-- sink's name, e.g. 'nats'). Each keeps its own cursor, the position (tx, seq) of the last event it has
-- delivered or skipped, and a lease so that one process at a time delivers its events, in order.
CREATE TABLE IF NOT EXISTS event_consumers (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    url TEXT,
    -- JSON array of event types, or ["*"].
    event_types TEXT NOT NULL,
    description TEXT,
    -- whsec_ + base64 of the signing key (webhooks only); never answered after the creation.
    secret TEXT,
    created_at BIGINT NOT NULL,
    cursor_tx BIGINT NOT NULL,
    cursor_seq BIGINT NOT NULL,
    -- Failed attempts at the event after the cursor (0: none).
    attempts BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    first_failure_at BIGINT,
    -- Set once the retry schedule (about 3 days) is used up; cleared by the next delivery that succeeds.
    failing_since BIGINT,
    last_error TEXT,
    leased_until BIGINT,
    leased_by TEXT
);
CREATE INDEX IF NOT EXISTS event_consumers_due ON event_consumers (next_attempt_at);
