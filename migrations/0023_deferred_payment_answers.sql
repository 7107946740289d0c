-- The deferred payment job's answer (the form to submit, or the QR code URL) kept with the payment, so the
-- order detail can offer an open payment again (`deferredPaymentData`, 000 §3, 002 §3) without reading the
-- job queue. NULL only for a payment whose job left no answer; those made before this migration take the
-- answer their job stored.
ALTER TABLE deferred_payments ADD COLUMN response TEXT;
UPDATE deferred_payments SET response = (SELECT j.response FROM jobs j WHERE j.id = deferred_payments.job_id);
