-- Reserved for the gift_cards area; replaced by its schema.
SELECT 1;
