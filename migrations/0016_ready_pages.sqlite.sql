-- The member's version moves with every write to an order of the member (ADR 0013): a new order, a
-- write (every writer bumps `orders.version`), an order moved between members, a deleted one.
CREATE TRIGGER IF NOT EXISTS orders_inserted_member_version AFTER INSERT ON orders
WHEN NEW.upm_id IS NOT NULL
BEGIN
    INSERT INTO member_versions (upm_id, version) VALUES (NEW.upm_id, 1)
    ON CONFLICT (upm_id) DO UPDATE SET version = member_versions.version + 1;
END;

CREATE TRIGGER IF NOT EXISTS orders_updated_member_version AFTER UPDATE OF version, upm_id ON orders
BEGIN
    INSERT INTO member_versions (upm_id, version)
    SELECT member, 1 FROM (SELECT OLD.upm_id AS member UNION SELECT NEW.upm_id) WHERE member IS NOT NULL
    ON CONFLICT (upm_id) DO UPDATE SET version = member_versions.version + 1;
END;

CREATE TRIGGER IF NOT EXISTS orders_deleted_member_version AFTER DELETE ON orders
WHEN OLD.upm_id IS NOT NULL
BEGIN
    INSERT INTO member_versions (upm_id, version) VALUES (OLD.upm_id, 1)
    ON CONFLICT (upm_id) DO UPDATE SET version = member_versions.version + 1;
END;
