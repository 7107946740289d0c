-- PostgreSQL: a member's version (ADR 0013) moves when the transaction that wrote the member's orders
-- commits, not at the write's statement. The bump locks the member's `member_versions` row until the
-- commit; taken at the order's statement, that held it over the rest of the transaction (the lines'
-- insert and the commit's round trips), so writes to one member's orders took turns for most of their
-- time: 968 orders/s from 8 clients on one member against 2,576-2,862 for guest orders (bench/notes.md,
-- fifteenth pass). Deferred to the commit it is held for the commit only. Readers cannot tell: the
-- orders and the new version become visible in the same commit, as before.
--
-- Constraint triggers are per row, so a bulk load of many orders bumps a member once per order instead
-- of once per statement (a version only has to change). The function bumps a row's members (old and
-- new) in key order; a transaction writing orders of several members bumps them in the order it wrote
-- them.
DROP TRIGGER IF EXISTS orders_inserted_member_version ON orders;
DROP TRIGGER IF EXISTS orders_deleted_member_version ON orders;
DROP TRIGGER IF EXISTS orders_updated_member_version ON orders;
DROP FUNCTION IF EXISTS bump_member_versions();

CREATE CONSTRAINT TRIGGER orders_inserted_member_version AFTER INSERT ON orders
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.upm_id IS NOT NULL)
    EXECUTE FUNCTION bump_member_version_of_row();

CREATE CONSTRAINT TRIGGER orders_deleted_member_version AFTER DELETE ON orders
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.upm_id IS NOT NULL)
    EXECUTE FUNCTION bump_member_version_of_row();

CREATE CONSTRAINT TRIGGER orders_updated_member_version AFTER UPDATE OF version, upm_id ON orders
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.upm_id IS NOT NULL OR NEW.upm_id IS NOT NULL)
    EXECUTE FUNCTION bump_member_version_of_row();
