-- The member's version moves with every write to an order of the member (ADR 0013): a new order, a
-- write (every writer bumps `orders.version`), an order moved between members, a deleted one. Inserts
-- and deletes once per statement over their rows (a bulk load of many orders bumps each member once);
-- members in key order, so two writers never wait on each other crosswise.
CREATE OR REPLACE FUNCTION bump_member_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO member_versions (upm_id, version)
    SELECT upm_id, 1 FROM changed_orders WHERE upm_id IS NOT NULL GROUP BY upm_id ORDER BY upm_id
    ON CONFLICT (upm_id) DO UPDATE SET version = member_versions.version + 1;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION bump_member_version_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO member_versions (upm_id, version)
    SELECT DISTINCT member, 1 FROM (VALUES (OLD.upm_id), (NEW.upm_id)) AS changed (member)
    WHERE member IS NOT NULL ORDER BY member
    ON CONFLICT (upm_id) DO UPDATE SET version = member_versions.version + 1;
    RETURN NULL;
END
$$;

DROP TRIGGER IF EXISTS orders_inserted_member_version ON orders;
CREATE TRIGGER orders_inserted_member_version AFTER INSERT ON orders
    REFERENCING NEW TABLE AS changed_orders FOR EACH STATEMENT EXECUTE FUNCTION bump_member_versions();

DROP TRIGGER IF EXISTS orders_deleted_member_version ON orders;
CREATE TRIGGER orders_deleted_member_version AFTER DELETE ON orders
    REFERENCING OLD TABLE AS changed_orders FOR EACH STATEMENT EXECUTE FUNCTION bump_member_versions();

DROP TRIGGER IF EXISTS orders_updated_member_version ON orders;
CREATE TRIGGER orders_updated_member_version AFTER UPDATE OF version, upm_id ON orders
    FOR EACH ROW EXECUTE FUNCTION bump_member_version_of_row();
