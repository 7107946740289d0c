-- Reserved for the pickups area; replaced by its schema.
SELECT 1;
