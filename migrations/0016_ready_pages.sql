-- Ready history pages (ADR 0013, `orders/ready_page.rs`): a member's rendered history page, stored so
-- that a later read by any process answers it from one row. A page is current exactly when its
-- `member_version` is the member's `member_versions.version` and `tag` that of the build and settings
-- reading it. The member's version moves with every write to any order of the member (the triggers in
-- this migration's per-database file), so a new order, a changed one, one moved to another member or to
-- another year is never answered from an old page. Written behind a rendered page; never the only copy
-- of anything.
CREATE TABLE IF NOT EXISTS member_versions (
    upm_id TEXT PRIMARY KEY,
    version BIGINT NOT NULL
);

CREATE TABLE IF NOT EXISTS ready_pages (
    upm_id TEXT NOT NULL,
    -- The list (order type and filters), gift cards or not, the time zone, the latest year a filter may
    -- name, and the page's anchor (empty for the first page): everything the answer depends on besides
    -- the member's orders, the build and the settings.
    page_key TEXT NOT NULL,
    member_version BIGINT NOT NULL,
    tag BIGINT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (upm_id, page_key)
);
