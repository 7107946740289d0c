-- China e-invoices (fapiao; issue 12): one per order. The request row and its job are written in one
-- transaction; the job renders the PDF and fills invoice_number, pdf and issued_at with a conditional
-- UPDATE (WHERE status = 'REQUESTED'), so a rerun after a crash issues the invoice once.
CREATE TABLE einvoices (
    order_number TEXT PRIMARY KEY REFERENCES orders (order_number),
    owner_key TEXT NOT NULL,
    title_type TEXT NOT NULL,          -- PERSONAL or COMPANY
    title TEXT NOT NULL,
    taxpayer_id TEXT,                  -- companies only, normalized
    status TEXT NOT NULL,              -- REQUESTED, ISSUED
    job_id TEXT NOT NULL,
    invoice_number TEXT UNIQUE,
    pdf_base64 TEXT,
    requested_at BIGINT NOT NULL,
    issued_at BIGINT
);
