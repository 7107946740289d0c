-- Reserved for the einvoice area; replaced by its schema.
SELECT 1;
