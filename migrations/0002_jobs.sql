-- The durable job queue shared by every asynchronous write (return capture, cancellation, deferred
-- payment, e-invoice ...), and the idempotency keys of retried POSTs.

CREATE TABLE jobs (
    id TEXT PRIMARY KEY,               -- UUID, the jobId clients poll
    kind TEXT NOT NULL,                -- which handler runs it, e.g. 'return_capture'
    status TEXT NOT NULL,              -- PENDING, IN_PROGRESS, COMPLETED, or a terminal failure (DENIED, FAILED)
    payload TEXT NOT NULL,             -- JSON the handler reads
    response TEXT,                     -- JSON answered once COMPLETED (or with a failure)
    error TEXT,                        -- JSON {"httpStatus","code","message"} for a failure
    order_number TEXT,                 -- the order it acts on, when there is one
    owner_key TEXT NOT NULL,           -- 'member:<upmId>', 'email:<e-mail>' or 'phone:<digits>' of the creator
    attempts BIGINT NOT NULL,
    run_after BIGINT NOT NULL,         -- Unix ms: due when run_after <= now
    lease_until BIGINT,                -- Unix ms: the claiming worker owns it until then
    claimed_by TEXT,                   -- the worker holding the lease
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Workers look for due PENDING jobs and expired leases.
CREATE INDEX jobs_due ON jobs (status, run_after);
CREATE INDEX jobs_order ON jobs (order_number);

-- Stripe-style idempotency: the same key and body answer the first answer again; another body is 422;
-- a retry while the first is still running is 409.
CREATE TABLE idempotency_keys (
    owner_key TEXT NOT NULL,           -- keys are per caller: two shoppers may pick the same key
    scope TEXT NOT NULL,               -- the endpoint, e.g. 'POST /order_mgmt/user_return_captures/v1'
    idempotency_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,        -- SHA-256 of the request body
    status_code BIGINT,                -- NULL while the first request is running
    response_body TEXT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (owner_key, scope, idempotency_key)
);
