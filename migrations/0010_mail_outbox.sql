-- Messages stored when no SMTP server is configured (and a record of what was sent).
CREATE TABLE IF NOT EXISTS mail_outbox (
    id TEXT PRIMARY KEY,
    to_address TEXT NOT NULL,
    subject TEXT NOT NULL,
    body_text TEXT NOT NULL,
    attachment_name TEXT,
    attachment_type TEXT,
    attachment_base64 TEXT,
    created_at BIGINT NOT NULL,
    sent_at BIGINT
);
CREATE INDEX IF NOT EXISTS mail_outbox_to ON mail_outbox (to_address, created_at);
