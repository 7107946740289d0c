-- Reserved for the addresses_consent area; replaced by its schema.
SELECT 1;
