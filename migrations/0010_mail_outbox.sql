-- Reserved for the mail_outbox area; replaced by its schema.
SELECT 1;
