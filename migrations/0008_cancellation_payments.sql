-- Reserved for the cancellation_payments area; replaced by its schema.
SELECT 1;
