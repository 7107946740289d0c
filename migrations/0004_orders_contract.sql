-- Reserved for the orders_contract area; replaced by its schema.
SELECT 1;
