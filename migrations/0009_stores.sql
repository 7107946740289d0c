-- Reserved for the stores area; replaced by its schema.
SELECT 1;
