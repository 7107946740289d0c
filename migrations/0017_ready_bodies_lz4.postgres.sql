-- The stored bodies (ready details, ready history pages: ADR 0012, 0013) compressed with lz4 instead of
-- PostgreSQL's default pglz. They are read on the hot path, whole, and decompressed at each read: a 41 KB
-- history page took 33 µs in the server with pglz and 18 µs with lz4, an order's 6 KB detail 8.9 µs and
-- 6.8 µs (bench/notes.md, fifteenth pass); lz4 stores them about 15% larger. A setting of the column, so
-- it applies to bodies written from now on (a new build's tag renders and stores every body again).
-- A server built without lz4 (or older than 14) keeps pglz: the bodies are the same either way.
DO $$
BEGIN
    EXECUTE 'ALTER TABLE ready_details ALTER COLUMN body SET COMPRESSION lz4';
    EXECUTE 'ALTER TABLE ready_pages ALTER COLUMN body SET COMPRESSION lz4';
EXCEPTION WHEN feature_not_supported OR syntax_error THEN
    RAISE NOTICE 'lz4 is not available here: the stored bodies stay compressed with pglz';
END
$$;
