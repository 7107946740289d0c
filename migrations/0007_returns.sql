-- Reserved for the returns area; replaced by its schema.
SELECT 1;
