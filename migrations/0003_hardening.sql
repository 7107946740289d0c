-- Reserved for the hardening area; replaced by its schema.
SELECT 1;
