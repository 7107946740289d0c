-- PostgreSQL: every process answers a member's cached order body and history pages from memory while no
-- order has been written and no job of an order accepted since it last checked them in the database (ADR
-- 0028). It learns of such a write by this notification, sent when the writing transaction commits.
--
-- One notification per statement on `orders` (identical notifications of one transaction arrive once);
-- a job counts only when it names an order (its `busy` flag changes the order's answer). A job's later
-- status changes need none: an order whose job is pending is never answered from memory, and the
-- job's end is checked in the database at the next read.
CREATE OR REPLACE FUNCTION notify_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('orders_changed', '');
    RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS orders_changed_notify ON orders;
CREATE TRIGGER orders_changed_notify AFTER INSERT OR UPDATE OR DELETE ON orders
    FOR EACH STATEMENT EXECUTE FUNCTION notify_orders_changed();

DROP TRIGGER IF EXISTS jobs_of_orders_added_notify ON jobs;
CREATE TRIGGER jobs_of_orders_added_notify AFTER INSERT ON jobs
    FOR EACH ROW WHEN (NEW.order_number IS NOT NULL) EXECUTE FUNCTION notify_orders_changed();
