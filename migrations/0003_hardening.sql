-- Failure counters behind the guest-lookup and sign-in lockouts, shared by every process. Keys are
-- SHA-256 hashes of (scope, subject) or (scope, subject, client): no e-mail, order number or address is
-- stored. Rows are moved by one conditional upsert per failure and pruned when their window is over.
CREATE TABLE auth_failures (
    key_hash TEXT PRIMARY KEY,
    failures BIGINT NOT NULL,
    window_start BIGINT NOT NULL,      -- Unix ms: failures are counted from here
    locked_until BIGINT NOT NULL       -- Unix ms: refused until then (0: not locked)
);
CREATE INDEX auth_failures_window ON auth_failures (window_start);
