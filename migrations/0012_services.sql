-- Reserved for the services area; replaced by its schema.
SELECT 1;
